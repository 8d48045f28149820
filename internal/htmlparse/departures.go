package htmlparse

import (
	"golang.org/x/net/html"
	a "golang.org/x/net/html/atom"
)

// x/net/html asks some of the standard's questions about the stack of open
// elements by tag alone, where the standard names HTML elements: an SVG or
// MathML element named tbody, template, option or html passes for the
// HTML one in clearing the stack back to a table context, in resetting the
// insertion mode, in generating implied end tags, in foster parenting and
// in the checks of the current node. This parser compares namespace and
// name, as the standard does, so its trees differ from x/net/html's for
// some inputs with such elements (doc.go lists the classes). And
// x/net/html gives up on an HTML template start tag while an SVG or
// MathML element is open (at an integration point): it inserts nothing
// and ignores every token that reaches an insertion mode from then on,
// where this parser inserts the template and goes on. And x/net/html
// parses a fragment whose context is an HTML head element in "in head",
// where the standard resets the insertion mode to "in body" (the head is
// then the last node): the first token that is no head content pops the
// fragment's root, and nothing from there on is in the result. The parser
// records whether an input reached one of those classes; the tests compare
// its trees with x/net/html's where it did not, and with the recorded
// trees of parse5 and Chromium where it did.

// xnetDepartures is a set of the classes of input where the tree may
// differ from x/net/html's because x/net/html departs from the standard.
type xnetDepartures uint8

const (
	// departForeignNamedLikeHTML: an SVG or MathML element was opened
	// whose tag is one x/net/html compares without the namespace
	// (xnetComparesTagAlone).
	departForeignNamedLikeHTML xnetDepartures = 1 << iota
	// departForeignContext: a fragment's context element is an SVG or
	// MathML element with such a tag or named select (x/net/html then
	// ignores input and select start tags), or has an SVG or MathML form
	// element among its ancestors (x/net/html takes it for the form
	// element pointer).
	departForeignContext
	// departTopmostEndTag: an end tag in a fragment with an SVG or MathML
	// context, while only the root html element was open: the standard
	// ignores it; x/net/html pops the root for </html> and hands the
	// others to the insertion mode.
	departTopmostEndTag
	// departTemplateInForeign: an HTML template start tag while an SVG or
	// MathML element was open (at an integration point, or below an HTML
	// element opened there): the standard inserts the template and parses
	// its contents; x/net/html inserts nothing and ignores every token
	// that reaches an insertion mode from then on, keeping only what the
	// rules for foreign content insert.
	departTemplateInForeign
	// departHeadContext: a fragment's context element is an HTML head
	// element. The standard parses the fragment "in body" (resetting the
	// insertion mode, a head element that is the last node selects "in
	// body"); x/net/html parses it "in head", where the first token that
	// is no head content (text other than white space, the start tag of
	// an element that is not head content, a head, body, html or br end
	// tag) pops the fragment's root html element, and the rest of the
	// input goes nowhere.
	departHeadContext
)

// xnetComparesTagAlone lists the tags of the elements x/net/html looks for
// on the stack of open elements without checking that they are HTML
// elements, where an SVG or MathML element can be found instead: when it
// generates implied end tags, clears the stack back to a table context,
// resets the insertion mode and foster parents. (It also compares the tag
// alone in the heading, option and colgroup rules, the li and dd loops
// and the adoption agency's first step, but the element those look at is
// then never an SVG or MathML element with that name.)
func xnetComparesTagAlone(t a.Atom) bool {
	switch t {
	case a.Dd, a.Dt, a.Li, a.Optgroup, a.Option, a.P, a.Rb, a.Rp, a.Rt, a.Rtc,
		a.Html, a.Table, a.Template, a.Tr, a.Tbody, a.Tfoot, a.Thead, a.Td, a.Th,
		a.Caption, a.Colgroup, a.Head, a.Body, a.Frameset:
		return true
	}
	return false
}

// noteForeignElement records an SVG or MathML element pushed on the stack.
func (p *parser) noteForeignElement(n *html.Node) {
	if xnetComparesTagAlone(n.DataAtom) {
		p.departures |= departForeignNamedLikeHTML
	}
}

// noteContext records a fragment context that x/net/html reads by tag
// alone, or parses in an insertion mode other than the standard's.
func (p *parser) noteContext(context *html.Node) {
	if context.Namespace == "" && context.DataAtom == a.Head {
		p.departures |= departHeadContext
	}
	if context.Namespace != "" && (xnetComparesTagAlone(context.DataAtom) || context.DataAtom == a.Select) {
		p.departures |= departForeignContext
	}
	for n := context; n != nil; n = n.Parent {
		if n.Type == html.ElementNode && n.Namespace != "" && n.DataAtom == a.Form {
			p.departures |= departForeignContext
		}
	}
}
