package vdom

import (
	"strings"

	"golang.org/x/net/html"
)

// TextContent returns the DOM textContent: the concatenated text of the
// descendants of an element or fragment, the data of a text or comment node,
// and "" for the document and doctypes.
func (n *Node) TextContent() string {
	switch n.h.Type {
	case html.TextNode, html.CommentNode:
		return n.h.Data
	case html.ElementNode:
	case html.DocumentNode:
		if n.isDocument() {
			return ""
		}
	default:
		return ""
	}
	var b strings.Builder
	for h := range descendants(n.h) {
		if h.Type == html.TextNode {
			b.WriteString(h.Data)
		}
	}
	return b.String()
}

// SetTextContent replaces an element's or fragment's children with one text
// node (none for ""), or sets the data of a text or comment node. It does
// nothing on the document and doctypes, as in the DOM.
func (n *Node) SetTextContent(s string) {
	switch n.h.Type {
	case html.TextNode, html.CommentNode:
		n.h.Data = s
		return
	case html.ElementNode:
	case html.DocumentNode:
		if n.isDocument() {
			return
		}
	default:
		return
	}
	n.removeChildren()
	if s != "" {
		n.h.AppendChild(&html.Node{Type: html.TextNode, Data: s})
	}
}

// Data returns the data of a text or comment node, "" for other nodes.
func (n *Node) Data() string {
	if n.h.Type == html.TextNode || n.h.Type == html.CommentNode {
		return n.h.Data
	}
	return ""
}

// SetData sets the data of a text or comment node; other nodes are left
// alone.
func (n *Node) SetData(s string) {
	if n.h.Type == html.TextNode || n.h.Type == html.CommentNode {
		n.h.Data = s
	}
}

// removeChildren detaches every child, keeping the id index right.
func (n *Node) removeChildren() {
	if n.doc.focus.node != nil {
		n.doc.focusLeavingChildren(n.h)
	}
	connected := n.doc.connected(n.h)
	for c := n.h.FirstChild; c != nil; c = n.h.FirstChild {
		n.h.RemoveChild(c)
		n.doc.treeChanged()
		if connected {
			n.doc.unindexSubtree(c)
		}
	}
}
