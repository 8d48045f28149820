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
	p.countClone(len(n.Attr))
	if p.counting {
		// The clone is the original (see limits.go).
		return n
	}
	if p.err != nil {
		// Past the limit the parse ends after this token; copying more
		// attributes would only spend time.
		c := p.nodes.alloc()
		c.Type, c.DataAtom, c.Data = n.Type, n.DataAtom, n.Data
		return c
	}
	attr := make([]html.Attribute, len(n.Attr))
	copy(attr, n.Attr)
	c := p.nodes.alloc()
	c.Type, c.DataAtom, c.Data, c.Attr = n.Type, n.DataAtom, n.Data, attr
	return c
}

// standIn returns a new element that takes the place of re-opened
// formatting elements in the tree while counting (see limits.go).
func (p *parser) standIn() *html.Node {
	return p.newElement(0, "", "", nil)
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
	p.noteForeignElement(n)
	return e
}

// pushElement pushes n onto the stack of open elements; active is its index
// in the list of active formatting elements, or -1.
func (p *parser) pushElement(n *html.Node, active int32) {
	e := p.entryFor(n)
	e.active = active
	p.stack.push(e)
}

// appendToTree inserts n at the appropriate place for inserting a node.
func (p *parser) appendToTree(n *html.Node) {
	parent, before, _ := p.insertionPlace(p.current(), p.fosterParenting)
	parent.InsertBefore(n, before)
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

// insertionPlace finds "the appropriate place for inserting a node"
// (13.2.6.1) for a target (the current node, or the adoption agency's
// override target): a node goes into parent, before before (at the end if
// before is nil). Text goes into the Text node just before that place, if
// there is one, when mergeText is set.
func (p *parser) insertionPlace(target *html.Node, fostering bool) (parent, before *html.Node, mergeText bool) {
	// Step 2: with foster parenting enabled, an HTML table, tbody, tfoot,
	// thead or tr target sends the node to the foster parent.
	if fostering && target.Type == html.ElementNode && target.Namespace == "" && isTableSection(target.DataAtom) {
		return p.fosterPlace()
	}
	// Otherwise (step 3) the node goes inside the target, after its last
	// child.
	return target, nil, true
}

// fosterPlace is step 2 of "the appropriate place for inserting a node",
// answered from the stack's indexes of table and template elements.
func (p *parser) fosterPlace() (parent, before *html.Node, mergeText bool) {
	st := &p.stack
	// 2.1, 2.2: the last HTML template and the last HTML table on the
	// stack.
	lastTemplate, lastTable := st.nearest(kindTemplate), st.nearest(kindTable)
	// 2.3: a template more recent than the last table, or without one: its
	// end (x/net/html keeps template contents as the element's children,
	// and does not merge text into a Text node there).
	if lastTemplate >= 0 && lastTemplate > lastTable {
		return st.at(lastTemplate).node, nil, false
	}
	// 2.4: no table (fragment case): the end of the html element.
	if lastTable < 0 {
		if st.len() == 0 {
			return p.doc, nil, true
		}
		return st.at(0).node, nil, true
	}
	// 2.5: a table with a parent: its parent, right before it.
	table := st.at(lastTable).node
	if table.Parent != nil {
		return table.Parent, table, true
	}
	// 2.6, 2.7: otherwise the end of the element just above the table on
	// the stack.
	if below := st.below(lastTable); below >= 0 {
		return st.at(below).node, nil, true
	}
	return p.doc, nil, true
}

// insertText inserts text at the appropriate place: into the Text node
// just before that place if there is one, else as a new Text node.
func (p *parser) insertText(s string) {
	if s == "" {
		return
	}
	parent, before, mergeText := p.insertionPlace(p.current(), p.fosterParenting)
	prev := parent.LastChild
	if before != nil {
		prev = before.PrevSibling
	}
	if mergeText && prev != nil && prev.Type == html.TextNode {
		p.text.append(prev, s)
		return
	}
	parent.InsertBefore(p.newNode(html.TextNode, s), before)
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
