package vdomtest

import (
	"github.com/eventperk/eventperk-go/internal/htmltree"
	"github.com/eventperk/eventperk-go/vdom"
)

// Visible reports whether a user can see el: it is vdom.Node.IsVisible,
// for a nil element too. el is in the document and rendered as its
// computed style and HTML say (the page's style sheets, style attributes,
// the hidden attribute; not inert, not inside a closed details other than
// as its summary, not an element a browser never renders such as head,
// template or an input of type hidden), its computed visibility is
// visible, and neither it nor an ancestor has opacity 0. aria-hidden does
// not count: it hides an element from assistive technology, not from
// sight (the role queries leave such elements out).
func Visible(el *vdom.Node) bool {
	return el != nil && el.IsVisible()
}

// ExpectVisible asserts that a user can see el (see Visible).
func (s *Screen) ExpectVisible(el *vdom.Node) {
	s.t.Helper()
	if !s.present("ExpectVisible", el) {
		return
	}
	if !Visible(el) {
		s.failf(el, "vdomtest: ExpectVisible(%s): not visible: %s", describe(el), whyHidden(el))
	}
}

// ExpectHidden asserts that a user cannot see el (see Visible); an element
// no longer in the document counts as hidden.
func (s *Screen) ExpectHidden(el *vdom.Node) {
	s.t.Helper()
	if !s.present("ExpectHidden", el) {
		return
	}
	if Visible(el) {
		s.failf(el, "vdomtest: ExpectHidden(%s): visible", describe(el))
	}
}

// whyHidden says what hides el, for a failure message.
func whyHidden(el *vdom.Node) string {
	if !el.IsConnected() {
		return "not in the document"
	}
	var prev *vdom.Node // the child of n on the way up
	for n := el; n != nil && n.IsElement(); prev, n = n, n.ParentElement() {
		who := "it"
		if n != el {
			who = "its ancestor " + describe(n)
		}
		switch style, _ := n.GetAttribute("style"); {
		case n.HasAttribute("hidden"):
			return who + " has the hidden attribute"
		case n.HasAttribute("inert"):
			return who + " is inert"
		case declares(style, "display", "none"):
			return who + " has display:none"
		case declares(style, "visibility", "hidden"), declares(style, "visibility", "collapse"):
			return who + " has visibility:" + must(htmltree.StyleValue(style, "visibility"))
		case n.LocalName() == "details" && prev != nil && prev.LocalName() != "summary" && !n.HasAttribute("open"):
			return who + " is a closed details"
		}
	}
	return "a " + el.LocalName() + " is not rendered"
}

func declares(style, prop, value string) bool {
	v, ok := htmltree.StyleValue(style, prop)
	return ok && v == value
}

func must(v string, _ bool) string { return v }
