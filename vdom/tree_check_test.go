package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
)

// treeProbeIDs are ids the tests use; checkTree asks the index for each of them
// that is not in the tree and expects nil.
var treeProbeIDs = []string{
	"a", "a1", "a2", "b", "b1", "x", "y", "z", "main", "list", "item", "dup",
	"new", "inner", "outer", "1st-item", "a.b", "x:y", "with space", "gone",
}

// checkTree checks the invariants that every mutation must keep, on the
// whole tree of doc:
//   - the x/net/html links agree: each child's Parent is the node, its
//     PrevSibling is the child before it, the last one is LastChild, and
//     FirstChild and LastChild are nil together; no node is reached twice
//     (no cycles, no sharing);
//   - every node's handle leads back to it, to its parent's handle and to
//     doc;
//   - the id index equals a full scan: GetElementByID(id) is the first
//     element in tree order with that id, and nil for the ids in treeProbeIDs
//     and extra that no element has, and for "".
func checkTree(tb testing.TB, doc *vdom.Document, extra ...string) {
	tb.Helper()
	root := doc.HTML()
	if root.Parent != nil || root.PrevSibling != nil || root.NextSibling != nil {
		tb.Errorf("document node has links: parent %p, prev %p, next %p", root.Parent, root.PrevSibling, root.NextSibling)
	}
	nodes, ok := checkTreeLinks(tb, root)
	if !ok {
		return
	}
	first := make(map[string]*html.Node)
	var order []string
	for _, h := range nodes {
		w := doc.Wrap(h)
		if w.HTML() != h {
			tb.Errorf("Wrap(%s).HTML() is another node", w)
		}
		if h == root {
			if w != &doc.Node {
				tb.Errorf("Wrap(document node) is not &doc.Node")
			}
			if w.OwnerDocument() != nil {
				tb.Errorf("OwnerDocument() of the document = %v, want nil", w.OwnerDocument())
			}
			continue
		}
		if w.OwnerDocument() != doc {
			tb.Errorf("%s: OwnerDocument() is another document", w)
		}
		if p := w.ParentNode(); p != doc.Wrap(h.Parent) {
			tb.Errorf("%s: ParentNode() = %v, want the handle of its parent %v", w, p, doc.Wrap(h.Parent))
		}
		if id, ok := treeHTMLID(h); ok && id != "" {
			if _, seen := first[id]; !seen {
				first[id] = h
				order = append(order, id)
			}
		}
	}
	for _, id := range order {
		got := doc.GetElementByID(id)
		if got == nil {
			tb.Errorf("GetElementByID(%q) = nil, want %s", id, doc.Wrap(first[id]))
		} else if got.HTML() != first[id] {
			tb.Errorf("GetElementByID(%q) = %s (%s), want the first in tree order, %s", id, got, got.OuterHTML(), doc.Wrap(first[id]).OuterHTML())
		}
	}
	for _, list := range [][]string{treeProbeIDs, extra} {
		for _, id := range list {
			if _, ok := first[id]; ok {
				continue
			}
			if got := doc.GetElementByID(id); got != nil {
				tb.Errorf("GetElementByID(%q) = %s (connected: %v), want nil: no element in the tree has that id", id, got, got.IsConnected())
			}
		}
	}
	if got := doc.GetElementByID(""); got != nil {
		tb.Errorf(`GetElementByID("") = %s, want nil`, got)
	}
	var count int
	for range doc.Descendants() {
		count++
	}
	if count != len(nodes)-1 {
		tb.Errorf("Descendants of the document yielded %d nodes, the tree has %d", count, len(nodes)-1)
	}
}

// checkTreeLinks checks the parent, child and sibling links of root's subtree
// and returns its nodes in tree order, root first. It reports false when the
// links are so broken that walking on makes no sense.
func checkTreeLinks(tb testing.TB, root *html.Node) ([]*html.Node, bool) {
	tb.Helper()
	seen := map[*html.Node]bool{root: true}
	var out []*html.Node
	// An explicit stack: the trees in these tests can be deeper than a
	// recursive check would like.
	stack := []*html.Node{root}
	for len(stack) > 0 {
		h := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		out = append(out, h)
		if (h.FirstChild == nil) != (h.LastChild == nil) {
			tb.Errorf("%s: FirstChild %p and LastChild %p disagree", treeLabel(h), h.FirstChild, h.LastChild)
			return out, false
		}
		var prev *html.Node
		var kids []*html.Node
		for c := h.FirstChild; c != nil; c = c.NextSibling {
			if seen[c] {
				tb.Errorf("%s is reached twice (a cycle or a shared node), under %s", treeLabel(c), treeLabel(h))
				return out, false
			}
			seen[c] = true
			if c.Parent != h {
				tb.Errorf("%s: Parent is %s, but it is a child of %s", treeLabel(c), treeLabel(c.Parent), treeLabel(h))
			}
			if c.PrevSibling != prev {
				tb.Errorf("%s under %s: PrevSibling is %s, want %s", treeLabel(c), treeLabel(h), treeLabel(c.PrevSibling), treeLabel(prev))
			}
			prev = c
			kids = append(kids, c)
		}
		if prev != h.LastChild {
			tb.Errorf("%s: LastChild is %s, but the last child reached is %s", treeLabel(h), treeLabel(h.LastChild), treeLabel(prev))
		}
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, kids[i])
		}
	}
	return out, true
}

func treeHTMLID(h *html.Node) (string, bool) {
	if h.Type != html.ElementNode {
		return "", false
	}
	for _, a := range h.Attr {
		if a.Namespace == "" && a.Key == "id" {
			return a.Val, true
		}
	}
	return "", false
}

func treeLabel(h *html.Node) string {
	if h == nil {
		return "<nil>"
	}
	switch h.Type {
	case html.ElementNode:
		if id, ok := treeHTMLID(h); ok {
			return "<" + h.Data + " id=" + id + ">"
		}
		return "<" + h.Data + ">"
	case html.TextNode:
		return "#text " + treeQuote(h.Data)
	case html.CommentNode:
		return "#comment " + treeQuote(h.Data)
	case html.DocumentNode:
		return "#document"
	case html.DoctypeNode:
		return "<!DOCTYPE " + h.Data + ">"
	}
	return "node"
}

func treeQuote(s string) string {
	if len(s) > 20 {
		s = s[:20] + "..."
	}
	return `"` + s + `"`
}

// checkTreeDetached checks the links of a subtree that is not in a document's
// tree, such as a fragment or a removed node.
func checkTreeDetached(tb testing.TB, n *vdom.Node) {
	tb.Helper()
	if n.IsConnected() {
		tb.Errorf("%s is connected, want detached", n)
	}
	checkTreeLinks(tb, n.HTML())
}
