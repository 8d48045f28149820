package css

import (
	"github.com/eventperk/eventperk-go/selector"
	"golang.org/x/net/html"
)

// This file answers, from computed values alone, whether an element is
// rendered and whether it is see-through: the CSS part of what focus,
// accessibility and innerText decide. What HTML adds is the document's:
//
//   - a closed <details>' content (its children but the first <summary>)
//     is not rendered, though it keeps its computed display (HTML
//     §15.5.4; Chromium skips its ::details-content);
//   - the options of a drop-down <select> have no boxes, though they are
//     in the accessibility tree;
//   - <noscript> content is text while scripting is on; the contents of
//     <template> are not in the tree;
//   - a <dialog> without open and a popover not showing are display:
//     none by the user agent sheet, so they are covered here, but their
//     showing (open, showPopover) is the document's state.

// Rendered reports whether the element is rendered as far as CSS says:
// neither it nor an ancestor has display: none, and no ancestor skips its
// contents (content-visibility: hidden on a box that can be contained,
// CSS Contain 2 §4: hidden=until-found is that too). An element with
// display: contents is rendered, though it has no box of its own
// (Display().IsContents()): its children are, and it keeps its place in
// the accessibility tree. The element with content-visibility: hidden is
// rendered itself; its contents are not.
func (s *Style) Rendered() bool { return !s.notRendered }

// Transparent reports whether the element or an ancestor has opacity 0:
// it is rendered, in the accessibility tree and focusable, but not seen
// (jest-dom's toBeVisible and checkVisibility({checkOpacity: true}) ask
// this).
func (s *Style) Transparent() bool { return s.transparent }

// SkipsContents reports whether the element skips its contents:
// content-visibility: hidden (hidden=until-found's too) on a box that
// size containment applies to (CSS Contain 2 §4). The element is
// rendered, its contents are not (Rendered is false for them); on a plain
// inline box, a table or a table part other than a cell, or an element
// without a box it has no effect.
func (s *Style) SkipsContents() bool { return s.skipsContents() }

// Rendered is Style(el, st).Rendered(): it costs one computed style, the
// ancestors' being kept (computing them walks up iteratively).
func (c *Cascade) Rendered(el *html.Node, st selector.State) bool {
	s := c.Style(el, st)
	return s != nil && s.Rendered()
}

// skipsContents reports whether a box with these values skips its
// contents: content-visibility: hidden on a box that size containment
// applies to (CSS Contain 2 §3.2: not a non-atomic inline box, not a
// box whose inner display type is table, not an internal table box other
// than a cell (Chromium applies it to cells), not ruby boxes, and not an
// element without a box).
func (s *computed) skipsContents() bool {
	if s.contentVisibility != ContentVisibilityHidden {
		return false
	}
	d := s.display
	switch {
	case !d.HasBox():
		return false
	case d == DisplayInline || d.IsListItem() && d.IsInlineLevel() && d.kind() == kindFlow:
		return false
	case d.IsTable(), d.IsTablePart() && !d.IsTableCell():
		return false
	case d.kind() == kindRuby && d.IsInlineLevel(), d.kind() == kindRubyText:
		return false
	}
	return true
}
