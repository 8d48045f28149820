package vdom

import (
	"github.com/eventperk/eventperk-go/internal/htmltree"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The id index maps each id to the first connected element in tree order
// that has it, so GetElementByID is two map lookups. dupIDs counts the
// additional elements that share an id; only when the indexed element of a
// shared id leaves does the index rescan the tree for the next one.

// GetElementByID returns the first element in tree order whose id is id, or
// nil. Any string is a valid id here, also ones that are not CSS identifiers.
func (d *Document) GetElementByID(id string) *Node {
	if id == "" {
		return nil
	}
	return d.wrap(d.ids[id])
}

func elementID(h *html.Node) (string, bool) {
	if h.Type != html.ElementNode {
		return "", false
	}
	for _, a := range h.Attr {
		if a.Key == "id" && a.Namespace == "" {
			return a.Val, a.Val != ""
		}
	}
	return "", false
}

// indexIDs builds the index from scratch after parsing.
//
// It returns the details elements with an open attribute, in tree order,
// for the steps the parser would have run for them (detailsParsed): the
// walk that indexes the ids finds them at no extra cost.
func (d *Document) indexIDs() (openDetails []*html.Node) {
	for h := range descendants(d.Node.h) {
		if id, ok := elementID(h); ok {
			d.addID(id, h)
		}
		if h.DataAtom == atom.Details && h.Namespace == "" && hasAttr(h, "open") {
			openDetails = append(openDetails, h)
		}
		d.ownerConnected(h)
	}
	return openDetails
}

func (d *Document) addID(id string, h *html.Node) {
	cur, ok := d.ids[id]
	if !ok {
		d.ids[id] = h
		return
	}
	if d.dupIDs == nil {
		d.dupIDs = make(map[string]int)
	}
	d.dupIDs[id]++
	if htmltree.Precedes(h, cur) {
		d.ids[id] = h
	}
}

func (d *Document) removeID(id string, h *html.Node) {
	if d.dupIDs[id] == 0 {
		if d.ids[id] == h {
			delete(d.ids, id)
		}
		return
	}
	if d.dupIDs[id]--; d.dupIDs[id] == 0 {
		delete(d.dupIDs, id)
	}
	if d.ids[id] == h {
		// When h left with other holders of id in its subtree, the scan
		// finds none of them: they are detached too and come next.
		if next := d.scanForID(id); next != nil {
			d.ids[id] = next
		} else {
			delete(d.ids, id)
		}
	}
}

// scanForID finds the first connected element with id, for the rare case
// where the indexed one of several left.
func (d *Document) scanForID(id string) *html.Node {
	for h := range descendants(d.Node.h) {
		if v, ok := elementID(h); ok && v == id {
			return h
		}
	}
	return nil
}

// indexSubtree adds the ids, and the style sheet owners
// (style_sheets.go), of root's inclusive subtree; callers call it only for
// connected subtrees.
//
// The subtree was just inserted into the document: its open details
// elements then run their insertion steps (HTML §4.11.1, "ensure details
// exclusivity by closing the given element if needed"), in tree order,
// once every id is indexed.
func (d *Document) indexSubtree(root *html.Node) {
	d.styleTextChanged(root.Parent)
	var open []*html.Node
	index := func(h *html.Node) {
		if id, ok := elementID(h); ok {
			d.addID(id, h)
		}
		if h.DataAtom == atom.Details && h.Namespace == "" && hasAttr(h, "open") {
			open = append(open, h)
		}
		d.ownerConnected(h)
	}
	index(root)
	for h := range descendants(root) {
		index(h)
	}
	for _, h := range open {
		d.closeIfGroupOpen(h)
	}
}

// unindexSubtree removes the ids and the style sheet owners of a subtree
// that was just detached.
func (d *Document) unindexSubtree(root *html.Node) {
	if id, ok := elementID(root); ok {
		d.removeID(id, root)
	}
	if d.sheetOwners != nil {
		d.ownerDisconnected(root)
	}
	for h := range descendants(root) {
		if id, ok := elementID(h); ok {
			d.removeID(id, h)
		}
		if d.sheetOwners != nil {
			d.ownerDisconnected(h)
		}
	}
}

// connected reports whether h is in the document's tree.
func (d *Document) connected(h *html.Node) bool {
	for ; h != nil; h = h.Parent {
		if h == d.Node.h {
			return true
		}
	}
	return false
}
