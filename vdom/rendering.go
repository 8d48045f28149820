package vdom

import (
	"github.com/eventperk/eventperk-go/css"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Whether an element is rendered, seen and reachable, without layout.
// Two parts decide it:
//
//   - CSS's, from the computed style (css.Style.Rendered, Visibility,
//     Transparent, Display): display: none on the element or an ancestor,
//     whether from a style sheet, a style attribute, the hidden attribute
//     or the user agent sheet (head, script, template, a <dialog> without
//     open, an <input type=hidden>, an <audio> without controls, a popover
//     that is not showing); contents an ancestor skips (content-visibility:
//     hidden, hidden=until-found); visibility; opacity.
//   - HTML's, from the tree (chainFacts): the content of a closed
//     <details> (its children but its first <summary>) is skipped, as
//     Chromium skips its ::details-content slot, whatever display it
//     has; the options of a drop-down <select> have no boxes of their
//     own; <noscript> is not rendered while scripting is on (its content
//     is text); an <embed> without a source has no box; inert (HTML §6.3)
//     takes an element and its subtree out of the user's reach, which
//     IsRendered and focus count, CheckVisibility does not.

// chainFacts are what HTML decides of an element from its ancestors.
type chainFacts struct {
	connected bool
	// inert: the element or an ancestor has the inert attribute.
	inert bool
	// skipped: the element is in the content of a closed <details>.
	skipped bool
	// inSelect: an ancestor is a <select>, whose parts are not focusable
	// areas of their own; dropDown: that select is a drop-down box,
	// whose options have no boxes.
	inSelect, dropDown bool
	// noBox: the element or an ancestor is a <noscript>, or the element
	// is an <embed> without a source.
	noBox bool
}

// chainOf walks up from h once.
func (d *Document) chainOf(h *html.Node) chainFacts {
	var f chainFacts
	f.noBox = embedWithoutSource(h)
	a := h
	for ; a != nil && a.Type == html.ElementNode; a = a.Parent {
		if a.Namespace == "" {
			switch a.DataAtom {
			case atom.Noscript:
				f.noBox = true
			case atom.Select:
				if a != h {
					f.inSelect = true
					f.dropDown = f.dropDown || isDropDown(a)
				}
			}
		}
		if hasAttr(a, "inert") {
			f.inert = true
		}
		if p := a.Parent; p != nil && isHTML(p, atom.Details) && !hasAttr(p, "open") && a != detailsSummary(p) {
			f.skipped = true
		}
	}
	f.connected = a != nil && a == d.Node.h
	return f
}

// embedWithoutSource reports an <embed> without src, which Chromium gives
// no box (HTML §4.8.6: it represents nothing).
func embedWithoutSource(h *html.Node) bool { return isHTML(h, atom.Embed) && !hasAttr(h, "src") }

// isDropDown reports a select shown as a drop-down box (HTML §4.10.7):
// without multiple and with a display size of 1.
func isDropDown(h *html.Node) bool {
	if hasAttr(h, "multiple") {
		return false
	}
	v, ok := attrVal(h, "size")
	if !ok {
		return true
	}
	size, ok := parseNonNegative(v)
	return !ok || size <= 1 // the display size (form_select.go)
}

// IsRendered reports whether n is an element that is connected and
// rendered, as its computed style and HTML decide without layout (see
// CheckVisibility for the CSSOM's question): neither it nor an ancestor
// has display: none, from any style sheet, style attribute, the hidden
// attribute or the user agent sheet (head, script, template, a dialog
// without open, an input of type hidden, audio without controls...); no
// ancestor skips its contents (content-visibility: hidden,
// hidden=until-found, a closed details other than its summary); it is
// not a noscript (scripting is on); and it is not inert, nor inside an
// inert element, which takes it out of a user's reach though a browser
// draws it. An element with display: contents is rendered (its children
// are), and so are the options of a drop-down select.
func (n *Node) IsRendered() bool {
	if n.h.Type != html.ElementNode {
		return false
	}
	f := n.doc.chainOf(n.h)
	if !f.connected || f.inert || f.skipped || f.noBox {
		return false
	}
	return n.doc.computedStyle(n.h).Rendered()
}

// IsVisible reports whether a user can see n: it is rendered (IsRendered),
// its computed visibility is visible (visibility is inherited, and a
// descendant may make itself visible again), and neither it nor an
// ancestor has opacity 0, as jest-dom's toBeVisible decides. Layout is
// not considered: an element clipped, off screen or of zero size counts
// as visible.
func (n *Node) IsVisible() bool {
	if !n.IsRendered() {
		return false
	}
	s := n.doc.computedStyle(n.h)
	return s.Visibility().IsVisible() && !s.Transparent()
}

// CheckVisibilityOptions are the options of CheckVisibility, CSSOM View's
// CheckVisibilityOptions.
type CheckVisibilityOptions struct {
	// CheckOpacity (also opacityProperty): an element with opacity 0, or
	// inside one, is not visible.
	CheckOpacity bool
	// CheckVisibilityCSS (also visibilityProperty): an element whose
	// visibility is hidden or collapse is not visible.
	CheckVisibilityCSS bool
	// ContentVisibilityAuto: an element in contents skipped by
	// content-visibility: auto is not visible. Whether content-visibility:
	// auto skips depends on layout (the distance from the viewport); here
	// it never does.
	ContentVisibilityAuto bool
}

// CheckVisibility is CSSOM View's Element.checkVisibility() (§6.1) without
// options: whether the element has a box, as CheckVisibilityWith says.
func (n *Node) CheckVisibility() bool { return n.CheckVisibilityWith(CheckVisibilityOptions{}) }

// CheckVisibilityWith is Element.checkVisibility(options): false for an
// element without a box (not connected, display: none on it or an
// ancestor, display: contents, in contents skipped by content-visibility:
// hidden or a closed details, an option of a drop-down select, a
// noscript); with the options, also for opacity 0 and for visibility
// hidden or collapse. Inert does not count. Unlike IsRendered, this is
// the CSSOM's question exactly, as Chromium answers it.
func (n *Node) CheckVisibilityWith(opts CheckVisibilityOptions) bool {
	if n.h.Type != html.ElementNode {
		return false
	}
	f := n.doc.chainOf(n.h)
	if !f.connected || f.skipped || f.noBox || f.dropDown {
		return false
	}
	s := n.doc.computedStyle(n.h)
	switch {
	case !s.Rendered(), s.Display().IsContents():
		return false
	case opts.CheckOpacity && s.Transparent():
		return false
	case opts.CheckVisibilityCSS && !s.Visibility().IsVisible():
		return false
	}
	return true
}

// rendered reports whether h is connected and rendered as focus needs it
// (HTML §6.6.2 "focusable area": being rendered, not inert): rendered as
// IsRendered says, with a box of its own (Chromium does not focus an
// element with display: contents), visible (nor one with visibility
// hidden or collapse), and not a part of a select.
func (d *Document) rendered(h *html.Node) bool {
	f := d.chainOf(h)
	if !f.connected || f.inert || f.skipped || f.noBox || f.inSelect {
		return false
	}
	return styleFocusable(d.computedStyle(h))
}

// styleFocusable reports whether a computed style lets its element be
// focused: rendered, with a box, visible.
func styleFocusable(s *css.Style) bool {
	return s.Rendered() && !s.Display().IsContents() && s.Visibility().IsVisible()
}
