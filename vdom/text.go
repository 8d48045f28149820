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
	if c := n.doc.conn; c != nil && n.h.Type == html.ElementNode {
		d, m := n.doc, c.begin()
		n.setTextContent(s)
		c.end(d, m)
		return
	}
	n.setTextContent(s)
}

func (n *Node) setTextContent(s string) {
	switch n.h.Type {
	case html.TextNode, html.CommentNode:
		n.SetData(s)
		return
	case html.ElementNode:
	case html.DocumentNode:
		if n.isDocument() {
			return
		}
	default:
		return
	}
	// DOM "string replace all": one record for the whole change.
	had := n.doc.beginTextReplace(n.h)
	removed := n.removeChildren()
	var added []*html.Node
	if s != "" {
		t := &html.Node{Type: html.TextNode, Data: s}
		n.h.AppendChild(t)
		n.doc.shapeChanged(t, n.h)
		n.doc.styleTextChanged(n.h)
		added = []*html.Node{t}
	}
	n.doc.endTextReplace(n.h, had, s != "")
	if n.doc.mo != nil {
		n.doc.queueChildList(n.h, added, removed, nil, nil)
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
	// Small enough to inline: an unobserved page pays the nil check only.
	if n.doc.mo != nil {
		n.setDataObserved(s)
		return
	}
	if h := n.h; h.Type == html.TextNode || h.Type == html.CommentNode {
		old := h.Data
		h.Data = s
		n.doc.domChanged()
		n.doc.textDataChanged(h, old)
	}
}

// setDataObserved is SetData with its record (DOM "replace data").
func (n *Node) setDataObserved(s string) {
	if h := n.h; h.Type == html.TextNode || h.Type == html.CommentNode {
		old := h.Data
		h.Data = s
		n.doc.domChanged()
		n.doc.textDataChanged(h, old)
		n.doc.queueCharacterData(h, old)
	}
}

// removeChildren detaches every child, keeping the id index right. It
// returns the children removed when the document is observed, for the
// record the caller queues: the removals themselves queue none, as in DOM
// "replace all".
func (n *Node) removeChildren() (removed []*html.Node) {
	if n.doc.focus.node != nil {
		n.doc.focusLeavingChildren(n.h)
	}
	connected := n.doc.connected(n.h)
	for c := n.h.FirstChild; c != nil; c = n.h.FirstChild {
		n.h.RemoveChild(c)
		n.doc.treeChanged(c, n.h)
		n.doc.handlesDetached(c, connected)
		if connected {
			n.doc.styleTextChanged(n.h)
			n.doc.pointerRemoved(c)
			n.doc.unindexSubtree(c)
			if n.doc.conn != nil {
				n.doc.conn.disconnectedElement(n.doc, c)
			}
		}
		if n.doc.mo != nil {
			removed = append(removed, c)
			n.doc.nodeRemoved(n.h, c, nil, nil, false)
		}
	}
	return removed
}
