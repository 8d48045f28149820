package vdom

import (
	"fmt"
	"io"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Render writes the node and its subtree as HTML (the HTML fragment
// serialization algorithm, as x/net/html implements it). For the document
// that is the whole page, doctype included.
func (n *Node) Render(w io.Writer) error {
	if err := html.Render(w, n.h); err != nil {
		return fmt.Errorf("vdom: render %s: %w", n.describe(), err)
	}
	return nil
}

// OuterHTML returns the node and its subtree as HTML.
func (n *Node) OuterHTML() string {
	var b strings.Builder
	// Rendering into a strings.Builder cannot fail for the node types this
	// package creates.
	_ = html.Render(&b, n.h)
	return b.String()
}

// InnerHTML returns the node's children as HTML.
func (n *Node) InnerHTML() string {
	var b strings.Builder
	for c := n.h.FirstChild; c != nil; c = c.NextSibling {
		_ = html.Render(&b, c)
	}
	return b.String()
}

// SetInnerHTML replaces the children of an element or fragment with the
// parsed fragment, using the element as the parsing context (so "<td>" in a
// <tr> stays a cell). It returns ErrNotSupported on other nodes; the tree is
// unchanged then.
func (n *Node) SetInnerHTML(s string) error {
	t := n.NodeType()
	if t != ElementNode && t != DocumentFragmentNode {
		return domErrorf(ErrNotSupported, "cannot set the inner HTML of %s", n.describe())
	}
	ctx := n
	if t == DocumentFragmentNode {
		ctx = nil
	}
	nodes, err := n.doc.parseFragment(strings.NewReader(s), ctx)
	if err != nil {
		return err
	}
	n.removeChildren()
	connected := n.doc.connected(n.h)
	for _, h := range nodes {
		n.h.AppendChild(h)
		if connected {
			n.doc.indexSubtree(h)
		}
	}
	return nil
}

// SetOuterHTML replaces the element with the parsed fragment, using its
// parent as the parsing context. It returns ErrNotSupported for nodes that
// are not elements and ErrInvalidState for an element without a parent
// element or fragment.
func (n *Node) SetOuterHTML(s string) error {
	if n.h.Type != html.ElementNode {
		return domErrorf(ErrNotSupported, "cannot set the outer HTML of %s", n.describe())
	}
	p := n.ParentNode()
	if p == nil {
		return domErrorf(ErrInvalidState, "cannot set the outer HTML of %s: it has no parent", n.describe())
	}
	if p.isDocument() {
		return domErrorf(ErrInvalidState, "cannot set the outer HTML of the document element")
	}
	ctx := p
	if p.NodeType() == DocumentFragmentNode {
		ctx = nil
	}
	nodes, err := n.doc.parseFragment(strings.NewReader(s), ctx)
	if err != nil {
		return err
	}
	connected := n.doc.connected(n.h)
	for _, h := range nodes {
		p.h.InsertBefore(h, n.h)
		if connected {
			n.doc.indexSubtree(h)
		}
	}
	n.detach()
	return nil
}

// ParseFragment parses HTML as the children of context (an element of d; nil
// means <body>), as innerHTML does, and returns the new detached nodes.
// Malformed HTML is repaired; the only errors are the reader's and a context
// that is not an element.
func (d *Document) ParseFragment(r io.Reader, context *Node) ([]*Node, error) {
	if context != nil && context.h.Type != html.ElementNode {
		return nil, domErrorf(ErrNotSupported, "the fragment context %s is not an element", context.describe())
	}
	nodes, err := d.parseFragment(r, context)
	if err != nil {
		return nil, err
	}
	out := make([]*Node, len(nodes))
	for i, h := range nodes {
		out[i] = d.wrap(h)
	}
	return out, nil
}

// ParseFragmentString is ParseFragment from a string.
func (d *Document) ParseFragmentString(s string, context *Node) ([]*Node, error) {
	return d.ParseFragment(strings.NewReader(s), context)
}

func (d *Document) parseFragment(r io.Reader, context *Node) ([]*html.Node, error) {
	var ctx *html.Node
	if context != nil {
		ctx = context.h
	} else {
		ctx = &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}
	}
	nodes, err := html.ParseFragment(r, ctx)
	if err != nil {
		return nil, fmt.Errorf("vdom: parse fragment: %w", err)
	}
	return nodes, nil
}
