package selector

import (
	"strings"

	"github.com/eventperk/eventperk-go/internal/htmltree"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
	"golang.org/x/text/unicode/bidi"
)

// This file holds the pseudo-classes this package decides from the tree
// alone, without a State and without cascadia (whose :empty skips white
// space and whose :lang() lets any ancestor's lang match): :nth-child()
// and :nth-last-child() with "of S", :lang(), :dir(), :empty, :defined,
// :open, and the pseudo-classes that need a user, layout or a feature
// vdom lacks, which parse and never match.

type ownKind uint8

const (
	ownNth     ownKind = iota // :nth-child(An+B of S), :nth-last-child(An+B of S)
	ownLang                   // :lang()
	ownDir                    // :dir()
	ownEmpty                  // :empty
	ownDefined                // :defined
	ownOpen                   // :open
	ownNever                  // :hover without a pointer, :fullscreen, ...
	ownAttr                   // an attribute selector compared ASCII case-insensitively (attr_own.go)
)

// ownPseudo is one pseudo-class of this file, with its arguments.
type ownPseudo struct {
	kind ownKind
	// :nth-child(): the positions, counted from the end when last, among
	// the siblings that match of.
	nth  anb
	last bool
	of   selList
	// :lang(): the language ranges, lower-cased.
	langs []string
	// :dir(): 'l' for ltr, 'r' for rtl, 0 for any other keyword, which
	// matches nothing.
	dir byte
	// attr: the attribute selector of ownAttr.
	attr attrTest
}

// neverPseudo are the pseudo-classes Chromium 156 accepts that no element
// of a document without a user, layout, media, shadow trees or custom
// elements can match; funcNeverPseudo take arguments. :hover and :active
// stay with cascadia, which never matches them either.
var (
	neverPseudo = map[string]bool{
		"fullscreen": true, "picture-in-picture": true, "autofill": true, "-webkit-autofill": true,
		"modal": true, "popover-open": true, "current": true, "past": true, "future": true,
		"target-current": true, "target-before": true, "target-after": true, "host": true,
		"active-view-transition": true, "interest-source": true, "interest-target": true,
		"xr-overlay": true, "-webkit-full-screen": true, "-webkit-full-screen-ancestor": true,
		"-webkit-full-page-media": true, "-webkit-drag": true, "window-inactive": true,
		// The scrollbar pseudo-classes, which match only after a
		// ::-webkit-scrollbar pseudo-element, but which Chromium also
		// accepts alone.
		"horizontal": true, "vertical": true, "decrement": true, "increment": true, "start": true,
		"end": true, "double-button": true, "single-button": true, "no-button": true,
		"corner-present": true,
	}
	funcNeverPseudo = map[string]bool{
		"host": true, "host-context": true, "state": true, "active-view-transition-type": true,
	}
)

func (o *ownPseudo) matches(n *html.Node, x *mctx) bool {
	switch o.kind {
	case ownNth:
		return o.matchNth(n, x)
	case ownLang:
		lang, ok := x.live.langOf(n)
		if !ok {
			return false
		}
		for _, r := range o.langs {
			if langMatches(lang, r) {
				return true
			}
		}
		return false
	case ownDir:
		return o.dir != 0 && x.live.dirOf(n) == o.dir
	case ownEmpty:
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode || c.Type == html.TextNode && c.Data != "" {
				return false
			}
		}
		return true
	case ownDefined:
		return n.Namespace != "" || !isCustomElementName(n.Data)
	case ownOpen:
		return n.Namespace == "" && (n.DataAtom == atom.Details || n.DataAtom == atom.Dialog) && hasAttr(n, "open")
	case ownAttr:
		return o.attr.matches(n)
	}
	return false
}

// matchNth is :nth-child(An+B of S) (Selectors 4 §14.4.1): n matches S,
// and its position among the siblings that match S is An+B.
func (o *ownPseudo) matchNth(n *html.Node, x *mctx) bool {
	pos := x.live.nthPosition(o, n, x.scope)
	return pos > 0 && o.nth.matches(pos)
}

// nthKey names an element (or, for nthDone, a parent) for one :nth-child()
// of a selector.
type nthKey struct {
	o *ownPseudo
	n *html.Node
}

// nthPosition returns n's 1-based position among its siblings that match
// o's S, counted from the end for :nth-last-child(), or 0 when n does not
// match S. The first question about a parent numbers all its children
// once, so a query costs S once per element rather than once per pair of
// siblings.
func (lv *liveCtx) nthPosition(o *ownPseudo, n, scope *html.Node) int {
	inner := mctx{scope: scope, live: lv}
	parent := n.Parent
	if parent == nil {
		if o.of.match(n, 0, &inner) {
			return 1
		}
		return 0
	}
	if lv.nthDone == nil {
		lv.nthDone = make(map[nthKey]bool)
		lv.nthPos = make(map[nthKey]int)
	}
	if !lv.nthDone[nthKey{o, parent}] {
		lv.nthDone[nthKey{o, parent}] = true
		first, step := parent.FirstChild, func(c *html.Node) *html.Node { return c.NextSibling }
		if o.last {
			first, step = parent.LastChild, func(c *html.Node) *html.Node { return c.PrevSibling }
		}
		pos := 0
		for c := first; c != nil; c = step(c) {
			if c.Type == html.ElementNode && o.of.match(c, 0, &inner) {
				pos++
				lv.nthPos[nthKey{o, c}] = pos
			}
		}
	}
	return lv.nthPos[nthKey{o, n}]
}

// langResult is an element's language; ok is false when it is unknown.
type langResult struct {
	lang string
	ok   bool
}

// langOf is HTML §3.2.6.2's language of an element: the xml:lang
// attribute (in the XML namespace) or else the lang attribute of the
// nearest inclusive ancestor that has one, else the pragma-set default
// language of a <meta http-equiv="content-language"> in the document's
// head. ok is false when the language is unknown. Like isEditable, it
// remembers the answer for every element with children on its way up and
// reads the pragma once, so a query stays linear on deep pages.
func (lv *liveCtx) langOf(n *html.Node) (string, bool) {
	if lv.langs == nil {
		lv.langs = make(map[*html.Node]langResult)
	}
	var r langResult
	p := n
	for ; p != nil && p.Type == html.ElementNode; p = p.Parent {
		if known, ok := lv.langs[p]; ok {
			r = known
			break
		}
		if lang, ok := ownLangAttr(p); ok {
			r = langResult{lang, true}
			lv.langs[p] = r
			break
		}
	}
	if p == nil || p.Type != html.ElementNode {
		if !lv.pragmaRead {
			lv.pragmaRead = true
			if p != nil {
				lv.pragma.lang, lv.pragma.ok = pragmaLanguage(p)
			}
		}
		r = lv.pragma
	}
	for q := n; q != p; q = q.Parent {
		if q.FirstChild != nil {
			lv.langs[q] = r
		}
	}
	return r.lang, r.ok
}

// ownLangAttr returns the language n's own attributes give: xml:lang in
// the XML namespace wins over lang in none.
func ownLangAttr(n *html.Node) (string, bool) {
	lang, found := "", false
	for i := range n.Attr {
		a := &n.Attr[i]
		if a.Key == "lang" && a.Namespace == "xml" {
			return a.Val, true
		}
		if a.Key == "lang" && a.Namespace == "" {
			lang, found = a.Val, true
		}
	}
	return lang, found
}

// pragmaLanguage is the pragma-set default language (HTML §4.2.5.3,
// Content language state) of the document whose node is doc: the last
// meta http-equiv=content-language among the head's children whose
// content has no comma, up to its first white space. Metas elsewhere are
// not looked at, to keep :lang() from scanning the document for every
// element.
func pragmaLanguage(doc *html.Node) (string, bool) {
	if doc.Type != html.DocumentNode {
		return "", false
	}
	var head *html.Node
	for c := doc.FirstChild; c != nil && head == nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.DataAtom == atom.Html {
			for h := c.FirstChild; h != nil; h = h.NextSibling {
				if h.Type == html.ElementNode && h.DataAtom == atom.Head {
					head = h
					break
				}
			}
		}
	}
	if head == nil {
		return "", false
	}
	lang, ok := "", false
	for m := head.FirstChild; m != nil; m = m.NextSibling {
		if m.Type != html.ElementNode || m.DataAtom != atom.Meta || m.Namespace != "" {
			continue
		}
		equiv, _ := getAttr(m, "http-equiv")
		content, has := getAttr(m, "content")
		if !strings.EqualFold(equiv, "content-language") || !has || strings.Contains(content, ",") {
			continue
		}
		if f := strings.Fields(content); len(f) > 0 {
			lang, ok = f[0], true
		}
	}
	return lang, ok
}

// langMatches is Selectors 4 §7.2's :lang() matching: RFC 4647 §3.3.2
// extended filtering of the language tag by the range, ASCII
// case-insensitively, with "*" as a wildcard subtag. The empty range
// matches the empty tag only.
func langMatches(tag, rng string) bool {
	if rng == "" || tag == "" {
		return rng == tag
	}
	t := strings.Split(strings.ToLower(tag), "-")
	r := strings.Split(rng, "-")
	if r[0] != "*" && r[0] != t[0] {
		return false
	}
	ti := 1
	for _, sub := range r[1:] {
		switch {
		case sub == "*":
			continue
		case ti >= len(t):
			return false
		}
		for ti < len(t) && t[ti] != sub {
			if len(t[ti]) == 1 {
				return false // a singleton ends the subtags a range may skip
			}
			ti++
		}
		if ti >= len(t) {
			return false
		}
		ti++
	}
	return true
}

// dirOf is HTML §3.2.6.4's directionality of an element, 'l' or
// 'r', decided without layout: the dir attribute; auto (also a bdi
// without dir) from the first strong character of the element's text (for
// a text input its value attribute, for a textarea its text), ltr when
// there is none; an input of type tel is ltr; otherwise the parent's, and
// the root is ltr. It walks up to the nearest element that decides.
// It remembers the answer for every element with children on the way up,
// so a query stays linear on deep pages.
func (lv *liveCtx) dirOf(n *html.Node) byte {
	if lv.dirs == nil {
		lv.dirs = make(map[*html.Node]byte)
	}
	d, p := byte('l'), n
	for ; p != nil && p.Type == html.ElementNode; p = p.Parent {
		if known, ok := lv.dirs[p]; ok {
			d = known
			break
		}
		if own, decided := ownDirectionality(p); decided {
			d = own
			if p.FirstChild != nil {
				lv.dirs[p] = d
			}
			break
		}
	}
	for q := n; q != p; q = q.Parent {
		if q.FirstChild != nil {
			lv.dirs[q] = d
		}
	}
	return d
}

// ownDirectionality is the step of directionality for one element:
// decided is false when the element takes its parent's direction.
func ownDirectionality(p *html.Node) (dir byte, decided bool) {
	if p.Namespace != "" && p.Namespace != "svg" && p.Namespace != "math" {
		return 0, false
	}
	v, has := getAttr(p, "dir")
	switch htmltree.LowerASCII(v) {
	case "ltr":
		return 'l', true
	case "rtl":
		return 'r', true
	case "auto":
		// Without a strong character, ltr: Chromium 156 does not take
		// the parent's direction, as the standard now says.
		if d, ok := autoDirectionality(p); ok {
			return d, true
		}
		return 'l', true
	}
	if p.Namespace == "" {
		switch {
		case p.DataAtom == atom.Bdi:
			if d, ok := autoDirectionality(p); ok {
				return d, true
			}
			return 'l', true
		case p.DataAtom == atom.Input && !has && inputType(p) == "tel":
			return 'l', true
		}
	}
	return 0, false
}

// autoDirectionality is HTML's auto directionality: the direction of the
// first character of bidirectional type L, R or AL in the element's text,
// skipping the subtrees of bdi, script, style and textarea elements and
// of elements with a dir attribute; for a text input its value attribute,
// for a textarea its text. ok is false without a strong character.
func autoDirectionality(n *html.Node) (byte, bool) {
	if n.Namespace == "" {
		switch n.DataAtom {
		case atom.Input:
			v, _ := getAttr(n, "value")
			return strongDirection(v)
		case atom.Textarea:
			var b strings.Builder
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				if c.Type == html.TextNode {
					b.WriteString(c.Data)
				}
			}
			return strongDirection(b.String())
		}
	}
	for c, depth := n.FirstChild, 1; c != nil; {
		descend := true
		switch c.Type {
		case html.TextNode:
			if d, ok := strongDirection(c.Data); ok {
				return d, true
			}
		case html.ElementNode:
			if c.Namespace == "" {
				switch c.DataAtom {
				case atom.Bdi, atom.Script, atom.Style, atom.Textarea:
					descend = false
				}
			}
			if v, ok := getAttr(c, "dir"); ok {
				switch htmltree.LowerASCII(v) {
				case "ltr", "rtl", "auto":
					descend = false
				}
			}
		}
		c, depth = nextNode(c, n, descend, depth)
	}
	return 0, false
}

// strongDirection returns the direction of the first strong character of
// s: 'r' for bidirectional types R and AL, 'l' for L.
func strongDirection(s string) (byte, bool) {
	for _, r := range s {
		if r < 'A' {
			continue // ASCII digits, spaces and punctuation are weak or neutral
		}
		p, _ := bidi.LookupRune(r)
		switch p.Class() {
		case bidi.L:
			return 'l', true
		case bidi.R, bidi.AL:
			return 'r', true
		}
	}
	return 0, false
}

// isCustomElementName reports whether name is a valid custom element name
// (HTML §4.13.3): it starts with an ASCII lower-case letter, contains a
// hyphen and no ASCII upper-case letter, and is not one of the reserved
// names of SVG and MathML.
func isCustomElementName(name string) bool {
	if name == "" || name[0] < 'a' || name[0] > 'z' || !strings.Contains(name, "-") {
		return false
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; 'A' <= c && c <= 'Z' {
			return false
		}
	}
	switch name {
	case "annotation-xml", "color-profile", "font-face", "font-face-src", "font-face-uri",
		"font-face-format", "font-face-name", "missing-glyph":
		return false
	}
	return true
}
