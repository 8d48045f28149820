package a11y

import (
	"github.com/eventperk/eventperk-go/internal/htmltree"
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
// With a cache, the walk is made once per tree and kept (labelCache).
func labelsOf(el *vdom.Node, cache *labelCache) []*html.Node {
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
	if cache != nil {
		return cache.index(root).labelsFor(id, wrapping)
	}
	var out []*html.Node
	for n := root.FirstChild; n != nil; n = htmltree.Next(n, root) {
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

// labelCache holds the label index of each tree a computation has looked
// in, for the computations of one walk of an unchanged tree (Namer). A
// nil cache indexes nothing: every lookup walks the tree.
type labelCache struct {
	byRoot map[*html.Node]*labelIndex
}

// labelIndex is what labelsOf's walk of one tree finds: the labels with a
// for attribute, by its value, in tree order.
type labelIndex struct {
	root  *html.Node
	byFor map[string][]*html.Node
}

// index returns the label index of the tree under root, building it on
// first use with the walk labelsOf makes (the root itself is not part of
// it).
func (c *labelCache) index(root *html.Node) *labelIndex {
	if x := c.byRoot[root]; x != nil {
		return x
	}
	x := &labelIndex{root: root, byFor: map[string][]*html.Node{}}
	for n := root.FirstChild; n != nil; n = htmltree.Next(n, root) {
		if n.DataAtom != atom.Label || !isHTML(n, atom.Label) {
			continue
		}
		if v, ok := attr(n, "for"); ok {
			x.byFor[v] = append(x.byFor[v], n)
		}
	}
	if c.byRoot == nil {
		c.byRoot = map[*html.Node]*labelIndex{}
	}
	c.byRoot[root] = x
	return x
}

// labelsFor merges, in tree order, the labels whose for attribute is id
// and the wrapping labels (innermost first, without for) below the root:
// what labelsOf's walk collects. Few controls have both kinds, so the
// order of two labels is found when needed rather than kept for all.
func (x *labelIndex) labelsFor(id string, wrapping []*html.Node) []*html.Node {
	byFor := x.byFor[id]
	var out []*html.Node
	// Outermost first, which is tree order.
	for i := len(wrapping) - 1; i >= 0; i-- {
		w := wrapping[i]
		if w == x.root {
			continue
		}
		for len(byFor) > 0 && htmltree.Precedes(byFor[0], w) {
			out = append(out, byFor[0])
			byFor = byFor[1:]
		}
		out = append(out, w)
	}
	return append(out, byFor...)
}
