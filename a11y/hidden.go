package a11y

import (
	"github.com/eventperk/eventperk-go/css"
	"github.com/eventperk/eventperk-go/internal/domext"
	"github.com/eventperk/eventperk-go/internal/htmltree"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// IsHidden reports whether el is excluded from the accessibility tree:
// the document's style sheets do not render it (display: none from any
// sheet, the style attribute, the hidden attribute or the user agent
// sheet; contents skipped by content-visibility: hidden), its computed
// visibility is hidden or collapse, or it or an ancestor has
// aria-hidden="true" or inert, or lies in a closed details.
//
// In detail, as Chromium 148 decides it:
//   - the computed style (vdom.Document.GetComputedStyle) of el: not
//     rendered (css.Style.Rendered: display: none on el or an ancestor,
//     or an ancestor skipping its contents, which hidden=until-found
//     does to a box that is not inline), or visibility hidden or
//     collapse (inherited: a child that sets visibility: visible is
//     shown). An author's display on an element with the hidden
//     attribute, a dialog without open or the user agent's other hidden
//     elements (head, script, an audio without controls...) shows it, as
//     in Chromium; input type=hidden stays hidden (Chromium's rule is
//     important);
//   - what HTML decides from the tree: aria-hidden="true" on el or an
//     ancestor (but html and body), inert, every child of a closed
//     details but its first summary, noscript (scripting is on),
//     template, an embed without src, wbr, col and colgroup, the SVG
//     elements without a box (title, desc, style, script, stop, unknown
//     ones), the children of video and audio, and elements not
//     connected to their document. A select's options are not hidden: they are part
//     of the select's accessibility subtree.
//
// Opacity does not hide (opacity: 0 is in the tree), nor anything that
// takes layout to know (clipping, a position off screen, a zero size):
// visually hidden text for screen readers stays in the tree.
//
// IsHidden walks el's ancestors and does not allocate; the styles are
// those the document keeps (computed once for a version of the page).
func IsHidden(el *vdom.Node) bool {
	if el == nil || !el.IsElement() {
		return true
	}
	h := el.HTML()
	a := h
	for ; isElement(a); a = a.Parent {
		if ownHiding(a) != shown {
			return true
		}
	}
	doc := el.OwnerDocument()
	if doc == nil || a != doc.HTML() {
		return true
	}
	return hiddenByStyle(styleOf(doc, h))
}

// styleOf returns the computed style of h, an element of doc's tree, as
// doc keeps it.
func styleOf(doc *vdom.Document, h *html.Node) *css.Style {
	if doc == nil || !isElement(h) {
		return nil
	}
	s, _ := domext.ComputedStyle(doc, h).(*css.Style)
	return s
}

// hiddenByStyle reports a computed style that takes its element out of
// the accessibility tree: not rendered, or not visible.
func hiddenByStyle(s *css.Style) bool {
	return s == nil || !s.Rendered() || !s.Visibility().IsVisible()
}

// visibility is a visibility an element sets against its parent's, in a
// name's content walk.
type visibility uint8

const (
	// visUnset: the element's computed visibility is its parent's.
	visUnset visibility = iota
	// visVisible: visible in a parent that is not.
	visVisible
	// visHidden: hidden or collapse in a visible parent.
	visHidden
)

// visibilityChange returns the visibility the style s of an element sets
// against its parent's style ps: visUnset when they are the same, so that
// an element whose visibility is only inherited follows the walk's frame
// (the content of an element being named is read even when the element
// itself is invisible).
func visibilityChange(s, ps *css.Style) visibility {
	if s == nil || ps == nil {
		return visUnset
	}
	v, pv := s.Visibility().IsVisible(), ps.Visibility().IsVisible()
	switch {
	case v == pv:
		return visUnset
	case v:
		return visVisible
	}
	return visHidden
}

// hiding is how an element's own attributes, style and kind hide it.
type hiding uint8

const (
	// shown: nothing of the element's own hides it.
	shown hiding = iota
	// unexposed: out of the accessibility tree (aria-hidden, inert),
	// but rendered: its box still sets its text apart in a name.
	unexposed
	// unrendered: no box at all (display: none, an element HTML does not
	// render or its parent skips): it adds nothing to a name, not even a
	// space.
	unrendered
)

// ownHiding decides, for one element, what HTML (not CSS) says of it
// being left out of the accessibility tree and of names: by its
// attributes (aria-hidden, inert), by its kind (elements rendered by no
// style) and by its parent skipping it (the content of a closed
// details). IsHidden, HiddenChecker and the name computation ask it of
// each element they pass, and the computed style besides.
func ownHiding(h *html.Node) hiding {
	how := hiddenByAttributes(h)
	if how != unrendered && notRendered(h) {
		how = unrendered
	}
	return how
}

// hiddenByAttributes reports how h's own attributes hide it and its
// content: aria-hidden and inert. (The hidden attribute is a
// presentational hint, display: none, which an author's display
// overrides: the computed style has it.)
func hiddenByAttributes(h *html.Node) hiding {
	how := shown
	for i := range h.Attr {
		a := &h.Attr[i]
		if a.Namespace != "" {
			continue
		}
		switch a.Key {
		case "inert":
			how = unexposed
		case "aria-hidden":
			if htmltree.EqualFoldASCII(htmltree.TrimSpace(a.Val), "true") && !isHTML(h, atom.Html) && !isHTML(h, atom.Body) {
				how = unexposed
			}
		}
	}
	return how
}

// skipsChild reports whether p renders without its child c: a closed
// details shows only its first summary (HTML §15.5.4; Chromium puts the
// rest in its ::details-content slot, which it skips whatever display
// the content has). Skipped content is not rendered even for a
// reference: Chromium gives no text for an element that aria-labelledby
// names inside it. (content-visibility: hidden skips too, as the
// computed style of p says: see skipsContents.)
func skipsChild(p, c *html.Node) bool {
	if isHTML(p, atom.Details) {
		return !hasAttr(p, "open") && firstChildElement(p, atom.Summary) != c
	}
	return false
}

// skipsContents reports whether the computed style s skips the contents
// of its element: content-visibility: hidden (hidden=until-found's too)
// on a box that can be contained (CSS Contain 2 §4).
func skipsContents(s *css.Style) bool { return s != nil && s.SkipsContents() }

// notRendered reports the elements that HTML renders with no style
// (those the user agent style sheet hides, an author's sheet can show:
// the computed style has them), and those their parent skips (see
// skipsChild).
func notRendered(h *html.Node) bool {
	if p := h.Parent; isElement(p) && skipsChild(p, h) {
		return true
	}
	if domext.HasNoBox(h) {
		// No box by its kind or its parent's (an SVG title, a child of
		// a video...), as vdom renders it.
		return true
	}
	if h.Namespace != "" {
		return false
	}
	switch h.DataAtom {
	case atom.Noscript:
		// Scripting is on: its content is text, never rendered.
		return true
	case atom.Template:
		// Its contents are a fragment of their own, never rendered.
		return true
	case atom.Embed:
		// An embed without a source represents nothing (HTML §4.8.6):
		// Chromium gives it no box.
		return !hasAttr(h, "src")
	case atom.Wbr, atom.Col, atom.Colgroup:
		// A line break opportunity and table columns have no node in
		// Chromium's accessibility tree.
		return true
	}
	return false
}
