package a11y

import (
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// labelsOf returns el's label elements in tree order, as vdom's
// (*Node).Labels does (HTML §4.10.4: a label with a for attribute labels
// the first element with that id if it is labelable; one without labels
// its first labelable descendant). It looks for labels with for only when
// el has an id it is the first holder of, and then in one walk of the tree
// over the bare nodes: names are computed for every candidate of a role
// query, and Labels resolves the control of every label of the page.
func labelsOf(el *vdom.Node) []*html.Node {
	h := el.HTML()
	if !labelable(h) {
		return nil
	}
	// Wrapping labels without for: the ancestors whose first labelable
	// descendant is h.
	var wrapping []*html.Node
	for p := h.Parent; isElement(p); p = p.Parent {
		if isHTML(p, atom.Label) && !hasAttr(p, "for") && firstLabelable(p) == h {
			wrapping = append(wrapping, p)
		}
	}
	id, _ := attr(h, "id")
	if id == "" || lookupID(el, id) != el {
		// Outermost first, which is tree order.
		for i, j := 0, len(wrapping)-1; i < j; i, j = i+1, j-1 {
			wrapping[i], wrapping[j] = wrapping[j], wrapping[i]
		}
		return wrapping
	}
	root := h
	for root.Parent != nil {
		root = root.Parent
	}
	var out []*html.Node
	for n := root.FirstChild; n != nil; n = nextInTree(n, root) {
		if n.DataAtom != atom.Label || !isHTML(n, atom.Label) {
			continue
		}
		if v, ok := attr(n, "for"); ok {
			if v == id {
				out = append(out, n)
			}
			continue
		}
		for _, w := range wrapping {
			if w == n {
				out = append(out, n)
				break
			}
		}
	}
	return out
}

// labelable reports the labelable elements (HTML §4.10.2).
func labelable(h *html.Node) bool {
	if h.Type != html.ElementNode || h.Namespace != "" {
		return false
	}
	switch h.DataAtom {
	case atom.Button, atom.Meter, atom.Output, atom.Progress, atom.Select, atom.Textarea:
		return true
	case atom.Input:
		return inputType(h) != "hidden"
	}
	return false
}

// firstLabelable returns the first labelable descendant of a label.
func firstLabelable(label *html.Node) *html.Node {
	for n := range label.Descendants() {
		if labelable(n) {
			return n
		}
	}
	return nil
}

// nextInTree returns the node after n in tree order within root, or nil:
// a walk without recursion or closures, for the scans a name computation
// makes of a whole page.
func nextInTree(n, root *html.Node) *html.Node {
	if n.FirstChild != nil {
		return n.FirstChild
	}
	for ; n != root; n = n.Parent {
		if n.NextSibling != nil {
			return n.NextSibling
		}
	}
	return nil
}
