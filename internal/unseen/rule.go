package unseen

import (
	"strings"

	"github.com/eventperk/eventperk-go/internal/elname"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
)

// subject names n in a reason about el: "it" for el itself, "its
// ancestor <name>" for an ancestor.
func subject(el, n *vdom.Node) string {
	if n == el {
		return "it"
	}
	return "its ancestor " + elname.Of(n)
}

// declared words an inherited property's value on el with the element
// that declares it: "it has visibility: hidden from `.invisible` in
// <style> #1, line 2", or "its ancestor #toolbar has pointer-events:
// none from ...", when el inherits the value. A value that an element
// takes with the inherit or unset keyword is followed up to the
// declaration it takes it from.
func declared(el *vdom.Node, style *vdom.ComputedStyle, prop string) string {
	n := el
	for {
		src, ok := style.Source(prop)
		if !ok {
			return subject(el, n) + " has " + prop + ": " + style.PropertyValue(prop)
		}
		if src.Inherited && src.From != nil {
			if a := ancestorOf(n, src.From); a != nil {
				n, style = a, a.OwnerDocument().GetComputedStyle(a)
				continue
			}
		}
		// Both properties asked about are inherited, so unset is
		// inherit for them (CSS Cascade 4 §7.3).
		if v := strings.TrimSpace(src.Value); strings.EqualFold(v, "inherit") || strings.EqualFold(v, "unset") {
			if p := n.ParentElement(); p != nil {
				n, style = p, p.OwnerDocument().GetComputedStyle(p)
				continue
			}
		}
		return subject(el, n) + " has " + rule(style, prop)
	}
}

// ancestorOf finds the vdom node of h among n and its ancestors.
func ancestorOf(n *vdom.Node, h *html.Node) *vdom.Node {
	for a := n; a != nil; a = a.ParentElement() {
		if a.HTML() == h {
			return a
		}
	}
	return nil
}

// rule words an element's own computed value of prop with the
// declaration it comes from: "display: none from `.d-none` in <style>
// #1, line 4", "display: none from the hidden attribute (a
// presentational hint)". When the declaration is written otherwise (a
// var(), a keyword that computes to the value), the computed value comes
// first: "opacity: 0, by opacity: var(--fade) from ...".
func rule(style *vdom.ComputedStyle, prop string) string {
	value := style.PropertyValue(prop)
	src, ok := style.Source(prop)
	if !ok {
		return prop + ": " + value
	}
	src.Inherited, src.From = false, nil
	text := src.String()
	if strings.EqualFold(src.Property, prop) && strings.EqualFold(strings.TrimSpace(src.Value), value) {
		return text
	}
	return prop + ": " + value + ", by " + text
}
