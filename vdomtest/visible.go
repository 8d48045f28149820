package vdomtest

import (
	"github.com/eventperk/eventperk-go/internal/unseen"
	"github.com/eventperk/eventperk-go/vdom"
)

// Visible reports whether a user can see el: it is vdom.Node.IsVisible,
// for a nil element too. As jest-dom's toBeVisible decides, with the
// page's style sheets: el is in the document and rendered (no display:
// none on it or an ancestor, from a sheet, a style attribute, the hidden
// attribute or the user agent sheet; not inert, not inside a closed
// details other than as its summary, not an element a browser never
// renders such as head, template or an input of type hidden), its
// computed visibility is visible (not hidden or collapse, its own or
// inherited), and neither it nor an ancestor has opacity 0. aria-hidden
// does not count: it hides an element from assistive technology, not
// from sight (the role queries leave such elements out).
func Visible(el *vdom.Node) bool {
	return el != nil && el.IsVisible()
}

// WhyHidden says why a user cannot see el (see Visible), naming the
// element that causes it (el or an ancestor) and the rule, with the
// declaration's selector, sheet and line: "its ancestor #menu has
// display: none from `.d-none` in <style> #1, line 2". It is "" when el
// is visible.
func WhyHidden(el *vdom.Node) string {
	// unseen.Hidden asks IsVisible first and is "" for a visible element.
	return unseen.Hidden(el)
}

// ExpectVisible asserts that a user can see el (see Visible); the failure
// says why not (WhyHidden).
func (s *Screen) ExpectVisible(el *vdom.Node) {
	s.t.Helper()
	if !s.present("ExpectVisible", el) {
		return
	}
	if why := WhyHidden(el); why != "" {
		s.failf(el, "vdomtest: ExpectVisible(%s): not visible: %s", describe(el), why)
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

// ExpectInDocument asserts that el is in the Screen's document, as
// jest-dom's toBeInTheDocument: found, and neither removed nor of another
// page. Hidden elements are in the document (ExpectVisible asks more).
func (s *Screen) ExpectInDocument(el *vdom.Node) {
	s.t.Helper()
	if !s.present("ExpectInDocument", el) {
		return
	}
	switch doc := s.Document(); {
	case el.OwnerDocument() != doc:
		s.failf(el, "vdomtest: ExpectInDocument(%s): it belongs to another document (%s), not to this Screen's (%s)", describe(el), el.OwnerDocument().URL(), doc.URL())
	case !el.IsConnected():
		s.failf(el, "vdomtest: ExpectInDocument(%s): not in the document (removed, or never inserted)", describe(el))
	}
}

// ExpectNotInDocument asserts that el is not in the Screen's document, as
// jest-dom's not.toBeInTheDocument: nil (what a QueryBy finds when
// nothing matches), removed, or of another page.
func (s *Screen) ExpectNotInDocument(el *vdom.Node) {
	s.t.Helper()
	if el != nil && el.OwnerDocument() == s.Document() && el.IsConnected() {
		s.failf(el, "vdomtest: ExpectNotInDocument(%s): it is in the document", describe(el))
	}
}
