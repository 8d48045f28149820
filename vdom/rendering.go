package vdom

import (
	"context"
	"strings"

	"github.com/eventperk/eventperk-go/internal/domext"
	"github.com/eventperk/eventperk-go/internal/htmltree"
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
//     is text); an <embed> without a source has no box; nor have the
//     children of <video> and <audio>, the fallback content of <canvas>
//     (which stays focusable, HTML §4.12.5), the SVG elements Chromium
//     makes no box for (svgWithoutBox) and an HTML element in SVG outside
//     a <foreignObject>; inert (HTML §6.3)
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
	// noBox: the element or an ancestor is a <noscript>, a child of a
	// <video> or <audio>, an SVG element without a box, or the element
	// is an <embed> without a source. fallback: an ancestor is a
	// <canvas>, whose content has no box but may be focused.
	noBox, fallback bool
	// uaNone: the user agent sheet or the hidden attribute gives the
	// element or an ancestor display: none (uaElementFacts); styled: the
	// element or an ancestor has what only the cascade decides (a style
	// attribute, hidden=until-found, popover, a slot). Both are for the
	// path that needs no cascade (renderStyleOf).
	uaNone, styled bool
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
			case atom.Canvas:
				f.fallback = f.fallback || a != h
			}
		}
		f.noBox = f.noBox || hasNoBox(a)
		inert, none, styled := uaElementFacts(a)
		f.inert = f.inert || inert
		f.uaNone = f.uaNone || none
		f.styled = f.styled || styled
		if p := a.Parent; p != nil && isHTML(p, atom.Details) && !hasAttr(p, "open") && a != detailsSummary(p) {
			f.skipped = true
		}
	}
	f.connected = a != nil && a == d.Node.h
	return f
}

// uaElementFacts reads, in one pass over h's attributes, whether h is
// inert, whether the user agent sheets or the hidden attribute give it
// display: none when no author sheet applies and it has no style
// attribute (ua.css and the presentational hints of package css, as
// FuzzRenderStyleFastPath checks), and whether it is styled: has what
// that rule does not cover, for which the cascade decides.
func uaElementFacts(h *html.Node) (inert, none, styled bool) {
	inHTML := h.Namespace == ""
	for _, a := range h.Attr {
		if a.Namespace != "" {
			continue
		}
		switch a.Key {
		case "inert":
			inert = true
		case "style", "popover":
			styled = true
		case "display", "visibility", "opacity":
			// An SVG element's presentation attributes are hints
			// (package css).
			styled = styled || h.Namespace == "svg"
		case "hidden":
			if !inHTML {
				break
			}
			if htmltree.EqualFoldASCII(a.Val, "until-found") {
				styled = true // content-visibility, whose effect needs the display
			} else {
				none = true
			}
		}
	}
	switch h.Namespace {
	case "":
		switch h.DataAtom {
		case atom.Base, atom.Basefont, atom.Datalist, atom.Head, atom.Link, atom.Meta, atom.Noembed,
			atom.Noframes, atom.Param, atom.Rp, atom.Script, atom.Style, atom.Template, atom.Title:
			none = true
		case atom.Input:
			none = none || inputType(h) == "hidden"
		case atom.Audio:
			none = none || !hasAttr(h, "controls")
		case atom.Dialog:
			none = none || !hasAttr(h, "open")
		case atom.Slot:
			styled = true // display: contents
		case atom.Form:
			if p := h.Parent; p != nil && p.Namespace == "" {
				switch p.DataAtom {
				case atom.Table, atom.Thead, atom.Tbody, atom.Tfoot, atom.Tr:
					none = true // ua.css: a form in a table part
				}
			}
		}
	case "math":
		switch h.DataAtom {
		case atom.Annotation, atom.AnnotationXml:
			none = true
		}
		styled = styled || h.Data == "mphantom" // visibility: hidden
	}
	return inert, none, styled
}

// renderStyle is what rendering asks of an element's computed style.
type renderStyle struct {
	rendered, contents, visible, transparent bool
}

// renderStyleOf returns what rendering needs of h's computed style, f
// being h's chainFacts. In a document where no author sheet applies, an
// element whose chain has no style attribute (nor the few things
// uaElementFacts leaves to the cascade) is rendered unless the user
// agent sheet or the hidden attribute gives it or an ancestor display:
// none, visible and opaque (the user agent sheet sets no visibility or
// opacity), with a box: that needs no cascade, which such a page would
// otherwise make for its first question (FuzzRenderStyleFastPath holds
// the two to the same answers).
func (d *Document) renderStyleOf(h *html.Node, f chainFacts) renderStyle {
	if !f.styled && !d.styleState(context.Background()).applies {
		return renderStyle{rendered: !f.uaNone, visible: true}
	}
	s := d.computedStyle(h)
	return renderStyle{s.Rendered(), s.Display().IsContents(), s.Visibility().IsVisible(), s.Transparent()}
}

// hasNoBox reports an element that has no box by its kind and its
// parent's, whatever its style: a param or noembed, an SVG element
// Chromium makes no box for, a child of a video or audio, an HTML element
// in SVG outside a foreignObject. (An ancestor without a box takes its descendants' too:
// chainOf asks it of each.)
func hasNoBox(h *html.Node) bool {
	if h.Namespace == "svg" && svgWithoutBox(h) {
		return true
	}
	p := h.Parent
	if p == nil || p.Type != html.ElementNode {
		return false
	}
	switch {
	case h.Namespace == "" && (h.DataAtom == atom.Param || h.DataAtom == atom.Noembed):
		// Chromium makes no box for them, whatever display an author
		// gives them (display-ua-hidden-shown).
		return true
	case p.Namespace == "" && (p.DataAtom == atom.Video || p.DataAtom == atom.Audio):
		return true
	case h.Namespace == "" && p.Namespace == "svg" && p.Data != "foreignObject":
		return true
	}
	return false
}

func init() { domext.HasNoBox = hasNoBox }

// svgWithoutBox reports the SVG elements Chromium 148 makes no box for
// (vdom/testdata/style, display-ua-svg-inside): those that are neither
// rendered nor a container of what is (SVG 2 §5: descriptive elements,
// <style>, <script>, <stop>, animation elements, the parts of filter
// primitives), and the elements SVG does not define. Their computed
// display stays inline.
func svgWithoutBox(h *html.Node) bool {
	switch h.Data {
	case "svg", "g", "defs", "symbol", "switch", "a", "use", "image", "foreignObject",
		"rect", "circle", "ellipse", "line", "path", "polygon", "polyline",
		"text", "tspan", "textPath", "clipPath", "mask", "marker", "pattern", "filter",
		"linearGradient", "radialGradient":
		return false
	case "feMergeNode", "feFuncR", "feFuncG", "feFuncB", "feFuncA",
		"feDistantLight", "fePointLight", "feSpotLight":
		return true
	}
	return !strings.HasPrefix(h.Data, "fe") // the filter primitives have boxes
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
	s, ok := n.reachableStyle()
	return ok && s.rendered
}

// IsVisible reports whether a user can see n: it is rendered (IsRendered),
// its computed visibility is visible (visibility is inherited, and a
// descendant may make itself visible again), and neither it nor an
// ancestor has opacity 0, as jest-dom's toBeVisible decides. Layout is
// not considered: an element clipped, off screen or of zero size counts
// as visible.
func (n *Node) IsVisible() bool {
	s, ok := n.reachableStyle()
	return ok && s.rendered && s.visible && !s.transparent
}

// reachableStyle is the rendering style of n, the question IsRendered and
// IsVisible share, or false when n is not an element, is disconnected,
// inert, in skipped contents or without a box for a reason its ancestors
// give.
func (n *Node) reachableStyle() (renderStyle, bool) {
	if n.h.Type != html.ElementNode {
		return renderStyle{}, false
	}
	f := n.doc.chainOf(n.h)
	if !f.connected || f.inert || f.skipped || f.noBox || f.fallback {
		return renderStyle{}, false
	}
	return n.doc.renderStyleOf(n.h, f), true
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
	if !f.connected || f.skipped || f.noBox || f.fallback || f.dropDown {
		return false
	}
	s := n.doc.renderStyleOf(n.h, f)
	switch {
	case !s.rendered, s.contents:
		return false
	case opts.CheckOpacity && s.transparent:
		return false
	case opts.CheckVisibilityCSS && !s.visible:
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
	return d.renderStyleOf(h, f).focusable()
}

// focusable reports whether a computed style lets its element be
// focused: rendered, with a box, visible.
func (s renderStyle) focusable() bool { return s.rendered && !s.contents && s.visible }
