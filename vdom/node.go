package vdom

import (
	"iter"
	"strings"

	"github.com/eventperk/eventperk-go/css"
	"github.com/eventperk/eventperk-go/internal/htmltree"
	"golang.org/x/net/html"
)

// NodeType is the DOM nodeType of a Node.
type NodeType uint8

// Node types, numbered as in the DOM.
const (
	ElementNode          NodeType = 1
	TextNode             NodeType = 3
	CommentNode          NodeType = 8
	DocumentNode         NodeType = 9
	DocumentTypeNode     NodeType = 10
	DocumentFragmentNode NodeType = 11
)

// Node is a handle to one node of a Document's tree. The tree itself is the
// golang.org/x/net/html tree (no copy); the handle adds the DOM API and holds
// the node's event listeners. A document gives out exactly one *Node per tree
// node, so handles compare with ==.
//
// A Node belongs to the goroutine that owns its Document.
type Node struct {
	h     *html.Node
	doc   *Document
	store listenerStore
	// isl is the island of the node's detached tree, which keeps the
	// handles with listeners of that tree alive while this one lives
	// (handles.go).
	isl *island
	// watched is set once the handle has its cleanup (handles.go).
	watched bool
	// style is the element's computed style as GetComputedStyle last
	// read it, valid while its document's styleState.gen is styleGen
	// (style.go): a question asked again reads it without walking up
	// to tell that the element is connected, nor looking it up.
	style    *css.Style
	styleGen uint64
}

// HTML returns the underlying x/net/html node, for reading with libraries
// that work on that type (cascadia, goquery). Mutate the tree only through
// Node's methods: they keep the id index and the handles right. A
// template's contents are not below its x/net/html node, as they are not
// its children in the DOM: Content().HTML() holds them, and html.Render
// writes a template empty where Render writes its contents. The
// *html.Node alone does not keep the handle of a node outside the
// document's tree: see Document.Wrap. The HTML of a nil *Node is nil, so
// that code taking any node with an HTML method (an interface) can tell
// "no node" from a node.
func (n *Node) HTML() *html.Node {
	if n == nil {
		return nil
	}
	return n.h
}

// OwnerDocument returns the document the node belongs to, or nil for the
// document node itself, as in the DOM.
func (n *Node) OwnerDocument() *Document {
	if n.isDocument() {
		return nil
	}
	return n.doc
}

func (n *Node) isDocument() bool { return n.h == n.doc.Node.h }

// NodeType returns the DOM node type.
func (n *Node) NodeType() NodeType {
	switch n.h.Type {
	case html.ElementNode:
		return ElementNode
	case html.TextNode:
		return TextNode
	case html.CommentNode:
		return CommentNode
	case html.DoctypeNode:
		return DocumentTypeNode
	case html.DocumentNode:
		if n.isDocument() {
			return DocumentNode
		}
		return DocumentFragmentNode
	}
	return 0
}

// IsElement reports whether the node is an element.
func (n *Node) IsElement() bool { return n.h.Type == html.ElementNode }

// NodeName returns the DOM nodeName: the upper-case tag name for HTML
// elements, "#text", "#comment", "#document", "#document-fragment", or the
// doctype's name.
func (n *Node) NodeName() string {
	switch n.NodeType() {
	case ElementNode:
		return n.TagName()
	case TextNode:
		return "#text"
	case CommentNode:
		return "#comment"
	case DocumentNode:
		return "#document"
	case DocumentFragmentNode:
		return "#document-fragment"
	case DocumentTypeNode:
		return n.h.Data
	}
	return ""
}

// TagName returns the element's qualified name, upper-cased for HTML
// elements as the DOM does; "" for other nodes.
func (n *Node) TagName() string {
	if n.h.Type != html.ElementNode {
		return ""
	}
	if n.h.Namespace == "" {
		return strings.ToUpper(n.h.Data)
	}
	return n.h.Data
}

// LocalName returns the element's local name as written in the tree
// (lower-case for HTML), "" for other nodes.
func (n *Node) LocalName() string {
	if n.h.Type != html.ElementNode {
		return ""
	}
	return n.h.Data
}

// ParentNode returns the parent, nil for a root.
func (n *Node) ParentNode() *Node { return n.doc.wrap(n.h.Parent) }

// ParentElement returns the parent if it is an element.
func (n *Node) ParentElement() *Node {
	if p := n.h.Parent; p != nil && p.Type == html.ElementNode {
		return n.doc.wrap(p)
	}
	return nil
}

// FirstChild returns the first child node or nil.
func (n *Node) FirstChild() *Node { return n.doc.wrap(n.h.FirstChild) }

// LastChild returns the last child node or nil.
func (n *Node) LastChild() *Node { return n.doc.wrap(n.h.LastChild) }

// NextSibling returns the next sibling node or nil.
func (n *Node) NextSibling() *Node { return n.doc.wrap(n.h.NextSibling) }

// PreviousSibling returns the previous sibling node or nil.
func (n *Node) PreviousSibling() *Node { return n.doc.wrap(n.h.PrevSibling) }

// HasChildNodes reports whether the node has children.
func (n *Node) HasChildNodes() bool { return n.h.FirstChild != nil }

// ChildNodes returns the children, a snapshot (the DOM's NodeList is live;
// a slice is not).
func (n *Node) ChildNodes() []*Node {
	var out []*Node
	for c := n.h.FirstChild; c != nil; c = c.NextSibling {
		out = append(out, n.doc.wrap(c))
	}
	return out
}

// Children returns the element children, a snapshot.
func (n *Node) Children() []*Node {
	var out []*Node
	for c := n.h.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			out = append(out, n.doc.wrap(c))
		}
	}
	return out
}

// ChildElementCount returns the number of element children.
func (n *Node) ChildElementCount() int {
	count := 0
	for c := n.h.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			count++
		}
	}
	return count
}

// FirstElementChild returns the first element child or nil.
func (n *Node) FirstElementChild() *Node {
	return n.doc.wrap(nextElement(n.h.FirstChild, func(h *html.Node) *html.Node { return h.NextSibling }))
}

// LastElementChild returns the last element child or nil.
func (n *Node) LastElementChild() *Node {
	return n.doc.wrap(nextElement(n.h.LastChild, func(h *html.Node) *html.Node { return h.PrevSibling }))
}

// NextElementSibling returns the next sibling element or nil.
func (n *Node) NextElementSibling() *Node {
	return n.doc.wrap(nextElement(n.h.NextSibling, func(h *html.Node) *html.Node { return h.NextSibling }))
}

// PreviousElementSibling returns the previous sibling element or nil.
func (n *Node) PreviousElementSibling() *Node {
	return n.doc.wrap(nextElement(n.h.PrevSibling, func(h *html.Node) *html.Node { return h.PrevSibling }))
}

func nextElement(h *html.Node, step func(*html.Node) *html.Node) *html.Node {
	for ; h != nil; h = step(h) {
		if h.Type == html.ElementNode {
			return h
		}
	}
	return nil
}

// Descendants yields the node's descendants in tree order. The walk is
// iterative, so deep trees do not grow the stack. Changing the tree while
// iterating is not supported.
func (n *Node) Descendants() iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		for h := range descendants(n.h) {
			if !yield(n.doc.wrap(h)) {
				return
			}
		}
	}
}

// inclusiveDescendants walks root and its subtree in tree order without
// recursion.
func inclusiveDescendants(root *html.Node) iter.Seq[*html.Node] {
	return func(yield func(*html.Node) bool) {
		for h := root; h != nil; h = htmltree.Next(h, root) {
			if !yield(h) {
				return
			}
		}
	}
}

// descendants walks the subtree of root (excluding root) in tree order
// without recursion.
func descendants(root *html.Node) iter.Seq[*html.Node] {
	return func(yield func(*html.Node) bool) {
		h := root.FirstChild
		for h != nil {
			if !yield(h) {
				return
			}
			h = htmltree.Next(h, root)
		}
	}
}

// Contains reports whether other is n or a descendant of n.
func (n *Node) Contains(other *Node) bool {
	if other == nil {
		return false
	}
	return isInclusiveAncestor(n.h, other.h)
}

func isInclusiveAncestor(a, b *html.Node) bool {
	for h := b; h != nil; h = h.Parent {
		if h == a {
			return true
		}
	}
	return false
}

// IsConnected reports whether the node is in its document's tree.
func (n *Node) IsConnected() bool { return n.doc.connected(n.h) }

// describe names the node for people reading an error: "button#save",
// "li.item", "#text".
func (n *Node) describe() string {
	switch n.h.Type {
	case html.ElementNode:
		if id, ok := n.GetAttribute("id"); ok && id != "" {
			return n.h.Data + "#" + id
		}
		if cls, ok := n.GetAttribute("class"); ok {
			if f := strings.Fields(cls); len(f) > 0 {
				return n.h.Data + "." + f[0]
			}
		}
		return n.h.Data
	case html.DoctypeNode:
		return "<!DOCTYPE " + n.h.Data + ">"
	}
	return n.NodeName()
}

// String returns a short description of the node, such as "button#save".
func (n *Node) String() string { return n.describe() }
