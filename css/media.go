package css

import (
	"strings"
)

// This file parses media query lists (Media Queries 4 §3, with Media
// Queries 5's features and range syntax) and evaluates them against a
// Medium. Features and values are those Chromium knows: a feature it does
// not know, or a value it does not take, makes the feature
// <general-enclosed>, which is unknown: neither true nor false, and a
// query whose value is unknown does not match (§3.2).

// MediaList is a media query list (Media Queries 4 §2): CSSOM's
// MediaList. The zero MediaList is the empty list, which matches every
// medium.
type MediaList struct {
	queries []mediaQuery
}

// mediaQuery is one query of a list.
type mediaQuery struct {
	// invalid marks a query that did not parse: it is "not all".
	invalid   bool
	not, only bool
	// mediaType is the type in lower case; "" for a query that is only
	// a condition.
	mediaType string
	cond      []condOp
	leaves    []mediaLeaf
}

// ParseMediaList parses a media query list, as a <style> element's media
// attribute or @media's prelude holds it. It never fails: a query that is
// not one becomes "not all", which matches nothing, and the rest of the
// list stands (§3.1). "" is the empty list, which matches every medium.
func ParseMediaList(text string) MediaList {
	src := preprocess(text)
	toks := tokenize(src)
	var m MediaList
	from := skipSpaceIn(toks, 0, len(toks))
	if from == len(toks) {
		return m
	}
	var closers []tokenKind
	for i := from; ; {
		// A query runs to the next comma outside blocks.
		end := i
		for end < len(toks) && toks[end].kind != tComma {
			end = skipComponent(toks, end, &closers)
		}
		m.queries = append(m.queries, parseMediaQuery(src, toks, span{i, end}))
		if end >= len(toks) {
			return m
		}
		i = end + 1
	}
}

// parseMediaQuery parses one query (§3):
//
//	<media-query> = <media-condition>
//	              | [ not | only ]? <media-type> [ and <media-condition-without-or> ]?
func parseMediaQuery(src string, toks []token, s span) mediaQuery {
	bad := mediaQuery{invalid: true}
	i := skipSpaceIn(toks, s.from, s.to)
	if i >= s.to {
		return bad
	}
	word := func(i int) string {
		if i < s.to && toks[i].kind == tIdent {
			return strings.ToLower(unescapeIdent(src[toks[i].off:toks[i].end]))
		}
		return ""
	}
	var q mediaQuery
	syn := &mediaSyntax{src: src, q: &q, features: mediaFeatures}
	next := skipSpaceIn(toks, i+1, s.to)
	typeForm := toks[i].kind == tIdent
	if w := word(i); w == "not" && (next >= s.to || toks[next].kind != tIdent) {
		typeForm = false
	}
	if !typeForm {
		prog, ok := parseCondition(src, toks, span{i, s.to}, syn, true)
		if !ok {
			return bad
		}
		q.cond = prog
		return q
	}
	switch word(i) {
	case "not":
		q.not = true
		i = next
	case "only":
		q.only = true
		i = next
	}
	switch t := word(i); t {
	case "", "only", "not", "and", "or", "layer":
		return bad
	default:
		q.mediaType = t
	}
	i = skipSpaceIn(toks, i+1, s.to)
	if i >= s.to {
		return q
	}
	if word(i) != "and" {
		return bad
	}
	prog, ok := parseCondition(src, toks, span{i + 1, s.to}, syn, false)
	if !ok {
		return bad
	}
	q.cond = prog
	return q
}

// mediaSyntax reads the leaves of a media condition: media features, and
// general-enclosed, whose text is kept as written.
type mediaSyntax struct {
	src      string
	q        *mediaQuery
	features map[string]featureDef
}

func (m *mediaSyntax) leaf(toks []token, i int, in span) (condOp, bool) {
	if toks[i].kind == tFunction {
		return condOp{}, false
	}
	f, ok := parseMediaFeature(m.src, toks, in, m.features)
	if !ok {
		return condOp{}, false
	}
	m.q.leaves = append(m.q.leaves, mediaLeaf{feature: f})
	return condOp{kind: opLeaf, n: int32(len(m.q.leaves) - 1)}, true
}

func (m *mediaSyntax) generalEnclosed(toks []token, s span) condOp {
	// Chromium keeps general-enclosed as written, white space and all.
	text := m.src[toks[s.from].off:toks[s.to-1].end]
	m.q.leaves = append(m.q.leaves, mediaLeaf{enclosed: closeTail(text, toks, s)})
	return condOp{kind: opLeaf, n: int32(len(m.q.leaves) - 1)}
}

// mediaLeaf is a media feature, or a general-enclosed text (whose value
// is unknown) when enclosed is set.
type mediaLeaf struct {
	enclosed string
	feature  mediaFeature
}

// MediaText serializes the list as CSSOM's mediaText does, in Chromium's
// form: lower-case keywords, one space around operators, values
// normalized ("(MIN-WIDTH:100PX)" is "(min-width: 100px)"), a query that
// did not parse as "not all", queries joined by ", ".
func (m MediaList) MediaText() string {
	parts := make([]string, len(m.queries))
	for i, q := range m.queries {
		parts[i] = q.text()
	}
	return strings.Join(parts, ", ")
}

// Len is the number of queries in the list.
func (m MediaList) Len() int { return len(m.queries) }

func (q *mediaQuery) text() string {
	if q.invalid {
		return "not all"
	}
	cond := serializeCondition(q.cond, func(op condOp) string {
		l := &q.leaves[op.n]
		if l.enclosed != "" {
			return l.enclosed
		}
		return l.feature.text()
	})
	if q.mediaType == "" {
		return cond
	}
	var b strings.Builder
	switch {
	case q.not:
		b.WriteString("not ")
	case q.only:
		b.WriteString("only ")
	case q.mediaType == "all" && cond != "":
		// CSSOM §4.2: "all" before a condition is left out.
		return cond
	}
	b.WriteString(serializeIdent(q.mediaType))
	if cond != "" {
		b.WriteString(" and ")
		b.WriteString(cond)
	}
	return b.String()
}

// Matches reports whether the list matches the medium: whether any of its
// queries does (§2.1); the empty list matches every medium.
func (m MediaList) Matches(md Medium) bool {
	if len(m.queries) == 0 {
		return true
	}
	for i := range m.queries {
		if m.queries[i].eval(&md) == kTrue {
			return true
		}
	}
	return false
}

func (q *mediaQuery) eval(md *Medium) kleene {
	if q.invalid {
		return kFalse
	}
	v := kTrue
	if q.mediaType != "" {
		v = kleeneOf(q.mediaType == "all" || q.mediaType == md.Type)
	}
	if v == kTrue && q.cond != nil {
		v = evalCondition(q.cond, func(n int32) kleene {
			l := &q.leaves[n]
			if l.enclosed != "" {
				return kUnknown
			}
			return l.feature.eval(md)
		})
	}
	if q.not {
		switch v {
		case kTrue:
			v = kFalse
		case kFalse:
			v = kTrue
		}
	}
	return v
}
