package selector

import (
	"slices"
	"strconv"
	"strings"
)

// This file holds what the parser learns about a selector besides how to
// match it: its serialization (CSSOM §6.7.2, in Chromium's normal form),
// its specificity (Selectors 4 §17) and, for its subject compound, the id,
// classes, type and attributes every matching element has, by which a
// cascade indexes rules. Selectors compiled by Compile carry it too while
// they are parsed, but only rule selectors (rule.go) keep it.

// subjectKey is what the subject compound requires of an element.
type subjectKey struct {
	id      string
	classes []string
	tag     string
	attrs   []string
}

// empty reports whether k requires nothing.
func (k *subjectKey) empty() bool {
	return k.id == "" && k.tag == "" && len(k.classes) == 0 && len(k.attrs) == 0
}

// merge adds to k what o requires as well: o is the subject key of the
// only selector of a list the same compound holds (":is(.a)", or & with
// one parent selector), which the element must match too.
func (k *subjectKey) merge(o *subjectKey) {
	if k.id == "" {
		k.id = o.id
	}
	if k.tag == "" {
		k.tag = o.tag
	}
	k.classes = appendNew(k.classes, o.classes...)
	k.attrs = appendNew(k.attrs, o.attrs...)
}

// appendNew appends to list the values it does not hold yet.
func appendNew(list []string, values ...string) []string {
	for _, v := range values {
		if !slices.Contains(list, v) {
			list = append(list, v)
		}
	}
	return list
}

// compoundInfo is built while a compound is parsed.
type compoundInfo struct {
	text      []byte
	spec      Specificity
	key       subjectKey
	nest      bool // contains & (CSS Nesting §3.1)
	universal bool // has "*", which is serialized only alone
	// pseudo is the chain of pseudo-elements written so far, such as
	// "::before::marker".
	pseudo string
	// after says what may follow the last pseudo-element of the compound,
	// or, inside the arguments of :is() after one, what may follow the
	// pseudo-element those arguments follow; 0 when there is none.
	after afterPE
	// lastPE names that pseudo-element, for error messages.
	lastPE string
	// never is set when the compound can match no element: something
	// follows its pseudo-element (a state of the pseudo-element, which has
	// none here), or the pseudo-element needs a shadow tree.
	never bool
}

func (ci *compoundInfo) addIDOrClass(kind byte, value string) {
	ci.text = append(append(ci.text, kind), EscapeIdent(value)...)
	if kind == '#' {
		if ci.key.id == "" {
			ci.key.id = value
		}
		ci.spec = ci.spec.plus(specID)
		return
	}
	ci.key.classes = appendNew(ci.key.classes, value)
	ci.spec = ci.spec.plus(specClass)
}

// addPseudoClass records a pseudo-class: its serialization, and one
// pseudo-class of specificity plus extra (what its arguments weigh).
func (ci *compoundInfo) addPseudoClass(text string, spec Specificity) {
	ci.text = append(append(ci.text, ':'), text...)
	ci.spec = ci.spec.plus(spec)
}

// cxInfo is what the parser learns about a complex selector.
type cxInfo struct {
	text string
	spec Specificity
	nest bool       // contains & anywhere (CSS Nesting §3.1)
	key  subjectKey // of the subject compound
	// ancestors are the keys of the compounds that match ancestors of
	// the subject: those left of a descendant or child combinator.
	ancestors []subjectKey
	// pseudo is the chain of pseudo-elements at the end, without the
	// leading "::" ("before", "part(x)::before"); "" when there is none.
	pseudo string
}

// listInfo is what the parser learns about a selector list.
type listInfo struct {
	// texts are the serializations of the selectors, and of the
	// arguments a forgiving list dropped but keeps for containing &.
	texts []string
	spec  Specificity // the most specific selector's
	nest  bool
	// n counts the selectors (not the dropped arguments); key is the
	// subject key of the first.
	n   int
	key subjectKey
}

func (li *listInfo) add(ci *cxInfo) {
	li.texts = append(li.texts, ci.text)
	li.spec = li.spec.maxWith(ci.spec)
	li.nest = li.nest || ci.nest
	if li.n == 0 {
		li.key = ci.key
	}
	li.n++
}

// addUnparsed keeps the text of an argument a forgiving list dropped
// because it contains &: Chromium keeps such an argument, which matches
// nothing, so that the selector still counts as containing & and
// serializes the same way.
func (li *listInfo) addUnparsed(text string) {
	li.texts = append(li.texts, text)
	li.nest = true
}

func (li *listInfo) text() string { return strings.Join(li.texts, ", ") }

// single returns the subject key of the only selector of the list, or nil.
func (li *listInfo) single() *subjectKey {
	if li.n != 1 {
		return nil
	}
	return &li.key
}

// appendString appends s serialized as a CSS string.
func appendString(dst []byte, s string) []byte {
	var b strings.Builder
	serializeString(&b, s)
	return append(dst, b.String()...)
}

// appendAttrText appends an attribute selector with a value in its
// canonical text, [name op "value" flag], as CSSOM's serialization of a
// simple selector writes it.
func appendAttrText(dst []byte, name, op, value string, flag byte) []byte {
	dst = append(append(append(dst, '['), EscapeIdent(name)...), op...)
	dst = appendString(dst, value)
	if flag != 0 {
		dst = append(dst, ' ', flag)
	}
	return append(dst, ']')
}

// anbText serializes An+B as CSS Syntax §6.3 does: "2n+1", "-n+3", "5",
// "n".
func anbText(x anb) string {
	if x.a == 0 {
		return strconv.Itoa(x.b)
	}
	var s string
	switch x.a {
	case 1:
		s = "n"
	case -1:
		s = "-n"
	default:
		s = strconv.Itoa(x.a) + "n"
	}
	switch {
	case x.b > 0:
		s += "+" + strconv.Itoa(x.b)
	case x.b < 0:
		s += strconv.Itoa(x.b)
	}
	return s
}
