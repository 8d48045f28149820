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
// attribute (hidden=until-found hides the content, not the element), inert,
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
		hides, vis := hiddenByAttributes(a, a != h)
		if hides {
			return true
		}
		if !visibilityDecided && vis != visUnset {
			if vis == visHidden {
				return true
			}
			visibilityDecided = true
		}
		if notRendered(a) {
			return true
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

// hiddenByAttributes reports whether h's own attributes hide it and its
// content, and the visibility its inline style declares. ancestor is set
// when h is an ancestor of the element asked about (hidden=until-found
// hides only the content).
func hiddenByAttributes(h *html.Node, ancestor bool) (bool, visibility) {
	vis := visUnset
	for i := range h.Attr {
		a := &h.Attr[i]
		if a.Namespace != "" {
			continue
		}
		switch a.Key {
		case "hidden":
			if ancestor || !htmltree.EqualFoldASCII(a.Val, "until-found") {
				return true, vis
			}
		case "inert":
			return true, vis
		case "aria-hidden":
			if htmltree.EqualFoldASCII(htmltree.TrimSpace(a.Val), "true") && !isHTML(h, atom.Html) && !isHTML(h, atom.Body) {
				return true, vis
			}
		case "style":
			if d, ok := htmltree.StyleValue(a.Val, "display"); ok && htmltree.EqualFoldASCII(d, "none") {
				return true, vis
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
	return false, vis
}

// notRendered reports the elements the user agent style sheet does not
// render (HTML §15.3.1), and the children of a closed details other than
// its summary (HTML §15.5.4).
func notRendered(h *html.Node) bool {
	if p := h.Parent; isHTML(p, atom.Details) && !hasAttr(p, "open") && firstChildElement(p, atom.Summary) != h {
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
	case atom.Input:
		return inputType(h) == "hidden"
	}
	return false
}
