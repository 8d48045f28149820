package vdom

import (
	"strings"

	"golang.org/x/net/html"
)

// GetElementsByTagName returns the descendant elements of n whose qualified
// name is name ("*" for all), in tree order, as the DOM's
// getElementsByTagName(): HTML elements match name lower-cased, others match
// it exactly. The result is a snapshot, not a live HTMLCollection: later
// changes to the tree do not show in it.
func (n *Node) GetElementsByTagName(name string) []*Node {
	lower := strings.ToLower(name)
	return n.collect(func(h *html.Node) bool {
		if name == "*" {
			return true
		}
		if h.Namespace == "" {
			return h.Data == lower
		}
		return h.Data == name
	})
}

// GetElementsByClassName returns the descendant elements of n that have
// every class in names (separated by ASCII white space), in tree order, as
// the DOM's getElementsByClassName(); no names match nothing. Classes are
// compared case-sensitively (vdom has no quirks mode). The result is a
// snapshot, not a live HTMLCollection.
func (n *Node) GetElementsByClassName(names string) []*Node {
	want := strings.FieldsFunc(names, isASCIISpace)
	if len(want) == 0 {
		return nil
	}
	return n.collect(func(h *html.Node) bool {
		cls, ok := attrVal(h, "class")
		if !ok {
			return false
		}
		have := strings.FieldsFunc(cls, isASCIISpace)
	next:
		for _, w := range want {
			for _, c := range have {
				if c == w {
					continue next
				}
			}
			return false
		}
		return true
	})
}

// GetElementsByName returns the HTML elements of the document whose name
// attribute is name, in tree order, as the DOM's getElementsByName(). The
// result is a snapshot, not a live NodeList.
func (d *Document) GetElementsByName(name string) []*Node {
	return d.Node.collect(func(h *html.Node) bool {
		if h.Namespace != "" {
			return false
		}
		v, ok := attrVal(h, "name")
		return ok && v == name
	})
}

// collect returns the descendant elements of n that match, in tree order.
func (n *Node) collect(match func(*html.Node) bool) []*Node {
	var out []*Node
	for h := range descendants(n.h) {
		if h.Type == html.ElementNode && match(h) {
			out = append(out, n.doc.wrap(h))
		}
	}
	return out
}
