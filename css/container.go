package css

import "strings"

// This file reads @container's prelude (CSS Conditional 5 §3.1):
//
//	@container [ <container-name> ]? <container-condition>?
//
// with at least one of the two. Its size features share the syntax of
// media features; style() and scroll-state() queries, and what else
// parses as general-enclosed, are kept as written. No container query is
// evaluated here (that needs layout): the rule keeps the query's text as
// Chromium serializes it.

// containerFeatures are the size features of container queries (CSS
// Conditional 5 §3.2).
var containerFeatures = map[string]featureDef{
	"width":        {kind: vLength, isRange: true},
	"height":       {kind: vLength, isRange: true},
	"inline-size":  {kind: vLength, isRange: true},
	"block-size":   {kind: vLength, isRange: true},
	"aspect-ratio": {kind: vRatio, isRange: true},
	"orientation":  {kind: vKeyword, keywords: []string{"portrait", "landscape"}},
}

// parseContainerPrelude returns @container's name and query, serialized;
// ok is false when the prelude is not one.
func parseContainerPrelude(text string) (name, query string, ok bool) {
	src := preprocess(text)
	toks := tokenize(src)
	i := skipSpaceIn(toks, 0, len(toks))
	if i < len(toks) && toks[i].kind == tIdent {
		switch n := unescapeIdent(src[toks[i].off:toks[i].end]); strings.ToLower(n) {
		case "none", "and", "or", "not":
			if strings.EqualFold(n, "not") {
				break // "not (...)" is a condition
			}
			return "", "", false
		default:
			name = n
			i = skipSpaceIn(toks, i+1, len(toks))
		}
	}
	if i == len(toks) {
		return name, "", name != ""
	}
	var q mediaQuery
	syn := &mediaSyntax{src: src, q: &q, features: containerFeatures}
	prog, ok := parseCondition(src, toks, span{i, len(toks)}, syn, true)
	if !ok {
		return "", "", false
	}
	q.cond = prog
	return name, q.text(), true
}
