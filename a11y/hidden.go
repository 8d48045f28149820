package a11y

import (
	"github.com/eventperk/eventperk-go/internal/htmltree"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// IsHidden reports whether el is excluded from the accessibility tree:
// it or an ancestor has the hidden attribute, aria-hidden="true", an inline
// display:none or visibility:hidden, or is not rendered (head, script,
// template, the content of a closed details, ...).
//
// In detail, as Chromium decides it without style sheets: the hidden
// attribute (hidden=until-found skips the content of a box that is not
// inline, and does not hide the element), inert,
// aria-hidden="true" on anything but html and body, an inline style
// display: none, an inline visibility: hidden or collapse that no nearer
// visibility: visible undoes, the elements the user agent style sheet does
// not render (head, script, style, template, title, meta, link, base,
// noscript, datalist and its options, param, rp, wbr, col, colgroup,
// audio without controls, input type=hidden, a dialog without open), every
// child of a closed details but its first summary, and elements not
// connected to their document. A select's options are not hidden: they are
// part of the select's accessibility subtree. Style sheets and layout are
// not seen: a class that hides an element does not hide it here.
//
// IsHidden walks el's ancestors and does not allocate.
func IsHidden(el *vdom.Node) bool {
	if el == nil || !el.IsElement() {
		return true
	}
	h := el.HTML()
	visibilityDecided := false
	a := h
	for ; isElement(a); a = a.Parent {
		how, vis := ownHiding(a)
		if how != shown {
			return true
		}
		if !visibilityDecided && vis != visUnset {
			if vis == visHidden {
				return true
			}
			visibilityDecided = true
		}
	}
	doc := el.OwnerDocument()
	return doc == nil || a != doc.HTML()
}

// visibility is an inline style's visibility declaration.
type visibility uint8

const (
	visUnset visibility = iota
	visVisible
	visHidden
)

// hiding is how an element's own attributes, style and kind hide it.
type hiding uint8

const (
	// shown: nothing of the element's own hides it.
	shown hiding = iota
	// unexposed: out of the accessibility tree (aria-hidden, inert),
	// but rendered: its box still sets its text apart in a name.
	unexposed
	// unrendered: no box at all (the hidden attribute, display: none, an
	// element the user agent style sheet does not render or its parent
	// skips): it adds nothing to a name, not even a space.
	unrendered
)

// ownHiding is the one place that decides, for one element, whether it
// is left out of the accessibility tree and of names, and which inline
// visibility it declares: by its attributes and inline style
// (hiddenByAttributes), by its kind (elements the user agent style sheet
// does not render), and by its parent skipping it (the content of a
// closed details or of a block with hidden=until-found). IsHidden,
// HiddenChecker and the name computation ask it of each element they
// pass; an element is hidden when it or an ancestor hides itself, or when
// the nearest visibility declared is hidden.
func ownHiding(h *html.Node) (hiding, visibility) {
	how, vis := hiddenByAttributes(h)
	if how != unrendered && notRendered(h) {
		how = unrendered
	}
	return how, vis
}

// hiddenByAttributes reports how h's own attributes hide it and its
// content, and the visibility its inline style declares.
func hiddenByAttributes(h *html.Node) (hiding, visibility) {
	how, vis := shown, visUnset
	for i := range h.Attr {
		a := &h.Attr[i]
		if a.Namespace != "" {
			continue
		}
		switch a.Key {
		case "hidden":
			// hidden=until-found leaves the element rendered; it may
			// skip its content (see skipsChild).
			if !htmltree.EqualFoldASCII(a.Val, "until-found") {
				return unrendered, vis
			}
		case "inert":
			how = unexposed
		case "aria-hidden":
			if htmltree.EqualFoldASCII(htmltree.TrimSpace(a.Val), "true") && !isHTML(h, atom.Html) && !isHTML(h, atom.Body) {
				how = unexposed
			}
		case "style":
			if d, ok := htmltree.StyleValue(a.Val, "display"); ok && htmltree.EqualFoldASCII(d, "none") {
				return unrendered, vis
			}
			if v, ok := htmltree.StyleValue(a.Val, "visibility"); ok {
				switch {
				case htmltree.EqualFoldASCII(v, "hidden"), htmltree.EqualFoldASCII(v, "collapse"):
					vis = visHidden
				case htmltree.EqualFoldASCII(v, "visible"):
					vis = visVisible
				}
			}
		}
	}
	return how, vis
}

// skipsChild reports whether p renders without its child c: a closed
// details shows only its first summary (HTML §15.5.4), and an element with
// hidden=until-found has content-visibility: hidden (HTML §15.3.1), which
// skips the content of every box but an inline one (CSS Containment §4).
// Skipped content is not rendered even for a reference: Chromium gives no
// text for an element that aria-labelledby names inside it.
func skipsChild(p, c *html.Node) bool {
	if isHTML(p, atom.Details) {
		return !hasAttr(p, "open") && firstChildElement(p, atom.Summary) != c
	}
	if v, ok := attr(p, "hidden"); ok && htmltree.EqualFoldASCII(v, "until-found") {
		return separatesText(p)
	}
	return false
}

// notRendered reports the elements the user agent style sheet does not
// render (HTML §15.3.1), and those their parent skips (see skipsChild).
func notRendered(h *html.Node) bool {
	if p := h.Parent; isElement(p) && skipsChild(p, h) {
		return true
	}
	if h.Namespace != "" {
		return false
	}
	switch h.DataAtom {
	case atom.Head, atom.Script, atom.Style, atom.Template, atom.Title, atom.Meta, atom.Link,
		atom.Base, atom.Noscript, atom.Datalist, atom.Param, atom.Rp, atom.Wbr, atom.Col,
		atom.Colgroup, atom.Noembed, atom.Noframes:
		return true
	case atom.Audio:
		return !hasAttr(h, "controls")
	case atom.Dialog:
		return !hasAttr(h, "open")
	}
	if hasAttr(h, "popover") {
		// A popover is not rendered until it is shown (HTML §15.3.1);
		// nothing here shows one.
		return !(isHTML(h, atom.Dialog) && hasAttr(h, "open"))
	}
	switch h.DataAtom {
	case atom.Input:
		return inputType(h) == "hidden"
	}
	return false
}
