package unseen

import (
	"github.com/eventperk/eventperk-go/css"
	"github.com/eventperk/eventperk-go/internal/domext"
	"github.com/eventperk/eventperk-go/internal/elname"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// NotRendered says why el is not rendered (vdom.Node.IsRendered is false):
// the nearest cause from el up, "" when el is rendered. An element not in
// its document is "not in the document".
func NotRendered(el *vdom.Node) string {
	if el == nil || el.IsRendered() {
		return ""
	}
	if !el.IsConnected() {
		return "it is not in the document"
	}
	if el.NodeType() != vdom.ElementNode {
		return "it is not an element"
	}
	doc := el.OwnerDocument()
	// Each step looks at one element on the way up; the walk is as long
	// as the element's depth, with no recursion.
	for n := el; n != nil; n = n.ParentElement() {
		who := subject(el, n)
		h := n.HTML()
		style := doc.GetComputedStyle(n)
		s := style.Style()
		switch {
		case s != nil && s.Display().IsNone():
			return who + " has " + rule(style, "display")
		case h.DataAtom == atom.Noscript && h.Namespace == "":
			// HTML §4.12.2: with scripting on, noscript's content is
			// text, not elements to render.
			return who + " is a noscript, whose content is not rendered while scripting is on"
		case n == el && h.DataAtom == atom.Embed && h.Namespace == "" && !n.HasAttribute("src"):
			return "it is an embed without src, which has no box"
		case domext.HasNoBox(h):
			return who + " has no box: " + noBoxReason(h)
		case n.HasAttribute("inert"):
			// HTML §6.3: inert nodes are out of a user's reach, though
			// drawn.
			return who + " is inert (the inert attribute): a user cannot reach it or anything in it"
		}
		p := n.ParentElement()
		if p == nil {
			break
		}
		if ph := p.HTML(); ph.DataAtom == atom.Details && ph.Namespace == "" && !p.HasAttribute("open") && h != firstSummary(ph) {
			// HTML §15.5.4: a closed details renders only its summary.
			return who + " is in the closed details " + elname.Of(p) + ", which shows only its summary"
		}
		if ph := p.HTML(); ph.DataAtom == atom.Canvas && ph.Namespace == "" {
			// HTML §4.12.5: a canvas's fallback content is not rendered
			// (it stays focusable).
			return who + " is in the canvas " + elname.Of(p) + ", whose fallback content is not rendered"
		}
		if ps := doc.GetComputedStyle(p); ps.Style() != nil && ps.Style().SkipsContents() {
			return who + " is in " + elname.Of(p) + ", which skips its contents: " + rule(ps, "content-visibility")
		}
	}
	return "it is not rendered"
}

// noBoxReason says why h has no box by its kind or its parent's
// (domext.HasNoBox).
func noBoxReason(h *html.Node) string {
	if h.Namespace == "svg" {
		return "Chromium renders no SVG " + h.Data + " element"
	}
	if h.Namespace == "" && (h.DataAtom == atom.Param || h.DataAtom == atom.Noembed) {
		return "Chromium renders no " + h.Data + ", whatever its display"
	}
	if p := h.Parent; p != nil && p.Namespace == "" && (p.DataAtom == atom.Video || p.DataAtom == atom.Audio) {
		return "the children of a " + p.Data + " are not rendered"
	}
	return "an HTML element in SVG is rendered only inside a foreignObject"
}

// Invisible says why el is invisible: its computed visibility is hidden
// or collapse, from its own declaration or inherited from the ancestor
// named. It is "" for an element whose visibility is visible, and for one
// without a computed style (not in the document).
func Invisible(el *vdom.Node) string {
	style := el.OwnerDocument().GetComputedStyle(el)
	s := style.Style()
	if s == nil || s.Visibility().IsVisible() {
		return ""
	}
	return declared(el, style, "visibility")
}

// NoPointerEvents says why el does not take pointer input: its computed
// pointer-events is none, its own or inherited from the ancestor named;
// "" otherwise.
func NoPointerEvents(el *vdom.Node) string {
	style := el.OwnerDocument().GetComputedStyle(el)
	s := style.Style()
	if s == nil || s.PointerEvents() != css.PointerEventsNone {
		return ""
	}
	return declared(el, style, "pointer-events")
}

// HitInstead is where a pointer at el's place goes when the hit test
// passes over el for its visibility or pointer-events, as far as the tree
// tells without layout: the nearest ancestor whose computed visibility is
// visible and whose pointer-events is not none (nil when none is). An
// element laid out over el's place (a positioned one, the next row of a
// table whose row collapsed) would be hit instead in a browser.
func HitInstead(el *vdom.Node) *vdom.Node {
	doc := el.OwnerDocument()
	for a := el.ParentElement(); a != nil; a = a.ParentElement() {
		s := doc.GetComputedStyle(a).Style()
		if s != nil && s.Visibility().IsVisible() && s.PointerEvents() != css.PointerEventsNone {
			return a
		}
	}
	return nil
}

// Transparent says why el is not seen though rendered and visible: it or
// its nearest ancestor with opacity 0. opacity is not inherited, but a
// transparent box hides everything drawn in it.
func Transparent(el *vdom.Node) string {
	doc := el.OwnerDocument()
	if s := doc.GetComputedStyle(el).Style(); s == nil || !s.Transparent() {
		return ""
	}
	for n := el; n != nil; n = n.ParentElement() {
		style := doc.GetComputedStyle(n)
		if s := style.Style(); s != nil && s.Opacity() == 0 {
			return subject(el, n) + " has " + rule(style, "opacity")
		}
	}
	return "it is transparent"
}

// Hidden says why a user does not see el, as jest-dom's toBeVisible
// decides and vdom.Node.IsVisible answers: not in the document, not
// rendered, invisible or transparent; "" when el is visible.
func Hidden(el *vdom.Node) string {
	switch {
	case el == nil:
		return "there is no element"
	case el.IsVisible():
		return ""
	case !el.IsConnected():
		return "it is not in the document"
	}
	if why := NotRendered(el); why != "" {
		return why
	}
	if why := Invisible(el); why != "" {
		return why
	}
	if why := Transparent(el); why != "" {
		return why
	}
	return "it is not visible"
}

// firstSummary is the summary a details shows: its first summary child.
func firstSummary(details *html.Node) *html.Node {
	for c := details.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.DataAtom == atom.Summary && c.Namespace == "" {
			return c
		}
	}
	return nil
}
