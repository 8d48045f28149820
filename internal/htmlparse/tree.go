package htmlparse

import (
	"golang.org/x/net/html"
	a "golang.org/x/net/html/atom"
)

// nodeArena hands out html.Nodes from chunks, to save one allocation per
// node. A chunk stays alive while any of its nodes does; parse trees are
// normally kept or dropped as a whole, so that costs little.
type nodeArena struct {
	chunk []html.Node
	size  int
}

const (
	firstChunk = 16
	maxChunk   = 256
)

func (ar *nodeArena) alloc() *html.Node {
	if len(ar.chunk) == 0 {
		ar.size = min(max(2*ar.size, firstChunk), maxChunk)
		ar.chunk = make([]html.Node, ar.size)
	}
	n := &ar.chunk[0]
	ar.chunk = ar.chunk[1:]
	return n
}

func (p *parser) newElement(t a.Atom, data, ns string, attr []html.Attribute) *html.Node {
	n := p.nodes.alloc()
	n.Type, n.DataAtom, n.Data, n.Namespace, n.Attr = html.ElementNode, t, data, ns, attr
	return n
}

func (p *parser) newNode(typ html.NodeType, data string) *html.Node {
	n := p.nodes.alloc()
	n.Type, n.Data = typ, data
	return n
}

// cloneElement copies an element's type, tag and attributes, as
// x/net/html's clone does (its namespace is not copied; only HTML
// formatting elements are cloned).
func (p *parser) cloneElement(n *html.Node) *html.Node {
	p.countClone()
	attr := make([]html.Attribute, len(n.Attr))
	copy(attr, n.Attr)
	c := p.nodes.alloc()
	c.Type, c.DataAtom, c.Data, c.Attr = n.Type, n.DataAtom, n.Data, attr
	return c
}

// entryFor classifies a node for the stack of open elements.
func (p *parser) entryFor(n *html.Node) openElement {
	e := openElement{node: n, nameID: -1, active: -1}
	if n.Type != html.ElementNode {
		// The document, standing in for a missing head element (see
		// afterHeadMode): HTML namespace, no class, no name.
		return e
	}
	ns := namespaceOf(n.Namespace)
	if ns == nsHTML {
		if info, ok := lookupTag(n.DataAtom); ok {
			e.class, e.nameID = info.class, info.id
		} else {
			e.nameID = p.names.htmlIDForPush(n.DataAtom, n.Data)
		}
		return e
	}
	e.class = classify(ns, n.DataAtom, n.Data, n.Attr) | ns.class()
	e.nameID = p.names.foreignIDForPush(foldName(n.Data))
	return e
}

// pushElement pushes n onto the stack of open elements; active is its index
// in the list of active formatting elements, or -1.
func (p *parser) pushElement(n *html.Node, active int32) {
	e := p.entryFor(n)
	e.active = active
	p.stack.push(e)
}

// appendToTree inserts n at the appropriate place for inserting a node
// (13.2.6.1): the end of the current node, or the foster parent's place.
func (p *parser) appendToTree(n *html.Node) {
	if p.shouldFosterParent() {
		p.fosterParent(n)
	} else {
		p.current().AppendChild(n)
	}
}

// insertNode inserts n and, if it is an element, pushes it.
func (p *parser) insertNode(n *html.Node) {
	p.appendToTree(n)
	if n.Type == html.ElementNode {
		p.pushElement(n, -1)
	}
}

// insertHTMLElement inserts an HTML element for the current token.
func (p *parser) insertHTMLElement() *html.Node {
	n := p.newElement(p.tok.atom, p.tok.data, "", p.tok.attr)
	p.insertNode(n)
	return n
}

// insertVoidElement inserts an HTML element for the current token and pops
// it at once, acknowledging the self-closing flag.
func (p *parser) insertVoidElement() {
	p.insertHTMLElement()
	p.stack.pop()
	p.acknowledgeSelfClosing()
}

// insertComment inserts a comment for the current token.
func (p *parser) insertComment() {
	p.insertNode(p.newNode(html.CommentNode, p.tok.data))
}

// shouldFosterParent: foster parenting applies when the flag is set and the
// current node is a table, tbody, tfoot, thead or tr element (any
// namespace, as in x/net/html).
func (p *parser) shouldFosterParent() bool {
	if !p.fosterParenting {
		return false
	}
	switch p.currentAtom() {
	case a.Table, a.Tbody, a.Tfoot, a.Thead, a.Tr:
		return true
	}
	return false
}

// fosterParent inserts n at the foster parenting position (13.2.6.1): in
// the last template if it is above the last table, else before the last
// table, in its parent (or, for a table without a parent, at the end of the
// element below it on the stack). Text merges with a text node just before
// the table. The last table and template come from the stack's indexes.
func (p *parser) fosterParent(n *html.Node) {
	st := &p.stack
	ti, tj := st.nearest(kindTable), st.nearest(kindTemplate)
	if tj >= 0 && (ti < 0 || tj > ti) {
		st.at(tj).node.AppendChild(n)
		return
	}
	var table, parent *html.Node
	switch {
	case ti >= 0:
		table = st.at(ti).node
		parent = table.Parent
		if parent == nil && ti > 0 {
			parent = st.at(ti - 1).node
		}
	case st.len() > 0:
		parent = st.at(0).node
	}
	if parent == nil {
		parent = p.doc // x/net/html fails here
	}
	var prev *html.Node
	if table != nil {
		prev = table.PrevSibling
	} else {
		prev = parent.LastChild
	}
	if prev != nil && prev.Type == html.TextNode && n.Type == html.TextNode {
		p.text.append(prev, n.Data)
		return
	}
	if table != nil && table.Parent == parent {
		parent.InsertBefore(n, table)
	} else {
		// x/net/html corrupts the tree here (it inserts before a table
		// that is not a child of parent); appending keeps it well formed.
		parent.AppendChild(n)
	}
}

// insertText inserts text at the appropriate place, merging it into a text
// node that is already there.
func (p *parser) insertText(s string) {
	if s == "" {
		return
	}
	if p.shouldFosterParent() {
		p.fosterParent(p.newNode(html.TextNode, s))
		return
	}
	parent := p.current()
	if last := parent.LastChild; last != nil && last.Type == html.TextNode {
		p.text.append(last, s)
		return
	}
	parent.AppendChild(p.newNode(html.TextNode, s))
}

// textBuffers collects the text appended to existing text nodes, so that
// n pieces of text cost O(total length) rather than O(n * length); the
// nodes get their final Data in flush. Nothing reads a text node's Data
// while parsing.
type textBuffers struct {
	pending map[*html.Node][]byte
}

func (t *textBuffers) append(n *html.Node, s string) {
	if t.pending == nil {
		t.pending = make(map[*html.Node][]byte)
	}
	b, ok := t.pending[n]
	if !ok {
		b = append(make([]byte, 0, 2*(len(n.Data)+len(s))), n.Data...)
	}
	t.pending[n] = append(b, s...)
}

func (t *textBuffers) flush() {
	for n, b := range t.pending {
		n.Data = string(b)
	}
	t.pending = nil
}
