package vdom

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// NodeOrText is an argument of the ParentNode and ChildNode methods
// (Append, Prepend, ReplaceChildren, Before, After, ReplaceWith), which take
// nodes and strings as the DOM's (Node or DOMString)... arguments do. It is either a
// *Node or a Text; no other type can satisfy it:
//
//	p.Append(span, vdom.Text(" and more"))
type NodeOrText interface{ nodeOrText() }

// Text is a string argument of Append and its siblings: it becomes a new text
// node of the target's document, as the DOM converts strings into Text nodes.
type Text string

func (Text) nodeOrText()  {}
func (*Node) nodeOrText() {}

// convertNodes is DOM "converting nodes into a node" (§4.2.6): strings become
// text nodes; several nodes are gathered into a new DocumentFragment. Before
// moving anything it refuses what would fail later (a nil node, a document, a
// doctype among several nodes, an inclusive ancestor of parent), so that an
// impossible call leaves the tree unchanged; the DOM would have moved the
// earlier nodes into the fragment before throwing. The insertion itself can
// still fail (a text node as the parent, a second element in the document):
// the caller then calls restore, which puts the gathered nodes back where
// they were.
func (d *Document) convertNodes(parent *Node, items []NodeOrText) (node *Node, restore func(), err error) {
	for _, it := range items {
		n, ok := it.(*Node)
		if !ok {
			if it == nil {
				return nil, nil, domErrorf(ErrHierarchyRequest, "cannot insert a nil node")
			}
			continue
		}
		switch {
		case n == nil:
			return nil, nil, domErrorf(ErrHierarchyRequest, "cannot insert a nil node")
		case n.isDocument():
			return nil, nil, domErrorf(ErrHierarchyRequest, "cannot insert %s: a document cannot be inserted anywhere", n.describe())
		case len(items) > 1 && n.NodeType() == DocumentTypeNode:
			return nil, nil, domErrorf(ErrHierarchyRequest, "cannot insert %s with other nodes: a doctype cannot be in a fragment", n.describe())
		case len(items) > 1 && parent != nil && parent.doc.isHostIncludingInclusiveAncestor(n.h, parent.h):
			return nil, nil, domErrorf(ErrHierarchyRequest, "cannot insert %s into %s: the target is inside the inserted node", n.describe(), parent.describe())
		}
	}
	toNode := func(it NodeOrText) *Node {
		if n, ok := it.(*Node); ok {
			return n
		}
		return d.CreateTextNode(string(it.(Text)))
	}
	if len(items) == 1 {
		return toNode(items[0]), func() {}, nil
	}
	// Where each node that moves into the fragment was: a fragment's
	// children move too.
	type place struct{ node, parent, next *Node }
	var places []place
	for _, it := range items {
		n, ok := it.(*Node)
		if !ok {
			continue
		}
		if n.NodeType() == DocumentFragmentNode {
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				places = append(places, place{c, n, c.NextSibling()})
			}
			continue
		}
		places = append(places, place{n, n.ParentNode(), n.NextSibling()})
	}
	restore = func() {
		// Backwards, so that a node's old next sibling is back in place
		// before the node goes back before it.
		for i := len(places) - 1; i >= 0; i-- {
			p := places[i]
			if p.parent == nil {
				if p.node.h.Parent != nil {
					p.node.detach()
				}
				continue
			}
			next := p.next
			if next != nil && next.h.Parent != p.parent.h {
				next = nil
			}
			p.parent.insert(p.node, next)
		}
	}
	frag := d.CreateDocumentFragment()
	for _, it := range items {
		if _, err := frag.insertBefore(toNode(it), nil); err != nil {
			restore()
			return nil, nil, err
		}
	}
	return frag, restore, nil
}

// insertConverted inserts the converted node into n before ref, and puts
// the gathered nodes back where they were if the insertion fails.
func (n *Node) insertConverted(node *Node, restore func(), ref *Node) error {
	if _, err := n.insertBefore(node, ref); err != nil {
		restore()
		return err
	}
	return nil
}

// Append inserts nodes and strings after the last child of n, as the DOM's
// append(): several are inserted at once, through a DocumentFragment. The
// errors are those of InsertBefore; nothing is inserted then. With no
// arguments it does nothing.
func (n *Node) Append(items ...NodeOrText) error {
	if c := n.doc.conn; c != nil {
		d, m := n.doc, c.begin()
		err := n.append(items)
		c.end(d, m)
		return err
	}
	return n.append(items)
}

func (n *Node) append(items []NodeOrText) error {
	if len(items) == 0 {
		return n.checkParent()
	}
	node, restore, err := n.doc.convertNodes(n, items)
	if err != nil {
		return err
	}
	return n.insertConverted(node, restore, nil)
}

// Prepend inserts nodes and strings before the first child of n, as the
// DOM's prepend(). The errors are those of Append.
func (n *Node) Prepend(items ...NodeOrText) error {
	if c := n.doc.conn; c != nil {
		d, m := n.doc, c.begin()
		err := n.prepend(items)
		c.end(d, m)
		return err
	}
	return n.prepend(items)
}

func (n *Node) prepend(items []NodeOrText) error {
	if len(items) == 0 {
		return n.checkParent()
	}
	node, restore, err := n.doc.convertNodes(n, items)
	if err != nil {
		return err
	}
	return n.insertConverted(node, restore, n.FirstChild())
}

// checkParent refuses the nodes that cannot have children, so Append() with
// no arguments on a text node fails as a non-empty one does.
func (n *Node) checkParent() error {
	switch n.NodeType() {
	case DocumentNode, DocumentFragmentNode, ElementNode:
		return nil
	}
	return domErrorf(ErrHierarchyRequest, "%s cannot have children", n.describe())
}

// ReplaceChildren removes every child of n and inserts the nodes and strings
// in their place, as the DOM's replaceChildren() (ensure pre-insertion
// validity, then "replace all"). With no arguments it empties n. The errors
// are those of Append; the children stay then.
func (n *Node) ReplaceChildren(items ...NodeOrText) error {
	if c := n.doc.conn; c != nil {
		d, m := n.doc, c.begin()
		err := n.replaceChildren(items)
		c.end(d, m)
		return err
	}
	return n.replaceChildren(items)
}

func (n *Node) replaceChildren(items []NodeOrText) error {
	if err := n.checkParent(); err != nil {
		return err
	}
	var node *Node
	if len(items) > 0 {
		var restore func()
		var err error
		if node, restore, err = n.doc.convertNodes(n, items); err != nil {
			return err
		}
		if err := n.checkPreInsert(node, nil, nil); err != nil {
			restore()
			return err
		}
	}
	n.replaceAll(node)
	return nil
}

// replaceAll is DOM "replace all" (§4.2.3): remove every child of n, then
// insert node (nil for none), each through detach and insert.
// Observers get one record for the whole change.
func (n *Node) replaceAll(node *Node) {
	observed := n.doc.mo != nil
	var removed, added []*html.Node
	for c := n.h.FirstChild; c != nil; c = n.h.FirstChild {
		n.doc.wrap(c).detachWith(false)
		if n.h.FirstChild == c {
			break // a blur listener put it back: stop rather than loop
		}
		if observed {
			removed = append(removed, c)
		}
	}
	// Blur listeners may have changed the tree: check again, and insert
	// nothing if the insertion became impossible.
	if node != nil && n.checkPreInsert(node, nil, nil) == nil {
		added = n.insertWith(node, nil, false)
	}
	if observed {
		n.doc.queueChildList(n.h, added, removed, nil, nil)
	}
}

// Before inserts nodes and strings just before n in n's parent, as the DOM's
// before(). A node without parent is left alone. The errors are those of
// InsertBefore on the parent.
func (n *Node) Before(items ...NodeOrText) error {
	if c := n.doc.conn; c != nil {
		d, m := n.doc, c.begin()
		err := n.before(items)
		c.end(d, m)
		return err
	}
	return n.before(items)
}

func (n *Node) before(items []NodeOrText) error {
	parent := n.ParentNode()
	if parent == nil || len(items) == 0 {
		return nil
	}
	prev := n.h.PrevSibling
	for prev != nil && inItems(prev, items) {
		prev = prev.PrevSibling
	}
	node, restore, err := n.doc.convertNodes(parent, items)
	if err != nil {
		return err
	}
	var ref *Node
	if prev == nil || prev.Parent != parent.h {
		ref = parent.FirstChild()
	} else {
		ref = n.doc.wrap(prev.NextSibling)
	}
	return parent.insertConverted(node, restore, ref)
}

// After inserts nodes and strings just after n in n's parent, as the DOM's
// after(). A node without parent is left alone. The errors are those of
// Before.
func (n *Node) After(items ...NodeOrText) error {
	if c := n.doc.conn; c != nil {
		d, m := n.doc, c.begin()
		err := n.after(items)
		c.end(d, m)
		return err
	}
	return n.after(items)
}

func (n *Node) after(items []NodeOrText) error {
	parent := n.ParentNode()
	if parent == nil || len(items) == 0 {
		return nil
	}
	next := n.viableNextSibling(items)
	node, restore, err := n.doc.convertNodes(parent, items)
	if err != nil {
		return err
	}
	return parent.insertConverted(node, restore, n.doc.wrap(underParent(next, parent)))
}

// ReplaceWith replaces n in its parent with nodes and strings (none removes
// n), as the DOM's replaceWith(). A node without parent is left alone. The
// errors are those of ReplaceChild; n stays then.
func (n *Node) ReplaceWith(items ...NodeOrText) error {
	if c := n.doc.conn; c != nil {
		d, m := n.doc, c.begin()
		err := n.replaceWith(items)
		c.end(d, m)
		return err
	}
	return n.replaceWith(items)
}

func (n *Node) replaceWith(items []NodeOrText) error {
	parent := n.ParentNode()
	if parent == nil {
		return nil
	}
	if len(items) == 0 {
		_, err := parent.removeChild(n)
		return err
	}
	next := n.viableNextSibling(items)
	node, restore, err := n.doc.convertNodes(parent, items)
	if err != nil {
		return err
	}
	if n.h.Parent == parent.h {
		if _, err = parent.replaceChild(node, n); err != nil {
			restore()
		}
		return err
	}
	return parent.insertConverted(node, restore, n.doc.wrap(underParent(next, parent)))
}

// viableNextSibling is the first following sibling of n that is not among
// the nodes being inserted.
func (n *Node) viableNextSibling(items []NodeOrText) *html.Node {
	next := n.h.NextSibling
	for next != nil && inItems(next, items) {
		next = next.NextSibling
	}
	return next
}

// underParent returns h if it is still a child of parent (converting the
// nodes cannot move it, but a blur listener could), else nil.
func underParent(h *html.Node, parent *Node) *html.Node {
	if h != nil && h.Parent != parent.h {
		return nil
	}
	return h
}

func inItems(h *html.Node, items []NodeOrText) bool {
	for _, it := range items {
		if n, ok := it.(*Node); ok && n != nil && n.h == h {
			return true
		}
	}
	return false
}

// Adjacent positions of InsertAdjacentHTML, InsertAdjacentElement and
// InsertAdjacentText, compared ASCII case-insensitively.
const (
	BeforeBegin = "beforebegin"
	AfterBegin  = "afterbegin"
	BeforeEnd   = "beforeend"
	AfterEnd    = "afterend"
)

// InsertAdjacentHTML parses markup and inserts the nodes at position
// (BeforeBegin, AfterBegin, BeforeEnd, AfterEnd), as the HTML standard's
// insertAdjacentHTML(). The context of the parse is n, or n's parent for
// the outer positions; a context that is not an element, or the <html>
// element, is replaced by a <body>. It returns ErrSyntax for another
// position, ErrNoModificationAllowed for an outer position when n has no
// parent or its parent is the document, the errors of InsertBefore, and
// ErrTreeTooLarge as Parse does; the tree is unchanged then.
func (n *Node) InsertAdjacentHTML(position, markup string) error {
	if c := n.doc.conn; c != nil {
		d, m := n.doc, c.begin()
		err := n.insertAdjacentHTML(position, markup)
		c.end(d, m)
		return err
	}
	return n.insertAdjacentHTML(position, markup)
}

func (n *Node) insertAdjacentHTML(position, markup string) error {
	var ctx *Node
	switch strings.ToLower(position) {
	case BeforeBegin, AfterEnd:
		ctx = n.ParentNode()
		if ctx == nil || ctx.isDocument() {
			return domErrorf(ErrNoModificationAllowed, "InsertAdjacentHTML(%q) on %s: it has no parent element", position, n.describe())
		}
	case AfterBegin, BeforeEnd:
		ctx = n
	default:
		return domErrorf(ErrSyntax, "InsertAdjacentHTML: %q is not beforebegin, afterbegin, beforeend or afterend", position)
	}
	if ctx == n {
		// Refuse before parsing what could not be inserted anyway.
		if err := n.checkParent(); err != nil {
			return err
		}
	}
	if ctx.h.Type != html.ElementNode || (ctx.h.DataAtom == atom.Html && ctx.h.Namespace == "") {
		ctx = nil // parseFragment's default context is a <body>
	}
	parsed, err := n.doc.parseFragment(strings.NewReader(markup), ctx)
	if err != nil {
		return err
	}
	frag := n.doc.CreateDocumentFragment()
	for _, h := range parsed {
		if _, err := frag.insertBefore(n.doc.wrap(h), nil); err != nil {
			return err
		}
	}
	_, err = n.insertAdjacent(strings.ToLower(position), frag)
	return err
}

// InsertAdjacentElement inserts the element el at position, as the DOM's
// insertAdjacentElement(), and returns it, or nil for an outer position when
// n has no parent (nothing is inserted then). It returns ErrType when el is
// nil or not an element, ErrSyntax for a bad position and the errors of
// InsertBefore.
func (n *Node) InsertAdjacentElement(position string, el *Node) (*Node, error) {
	if c := n.doc.conn; c != nil {
		d, m := n.doc, c.begin()
		r, err := n.insertAdjacentElement(position, el)
		c.end(d, m)
		return r, err
	}
	return n.insertAdjacentElement(position, el)
}

func (n *Node) insertAdjacentElement(position string, el *Node) (*Node, error) {
	if el == nil || el.h.Type != html.ElementNode {
		return nil, domErrorf(ErrType, "InsertAdjacentElement: %s is not an element", describeNode(el))
	}
	return n.insertAdjacent(position, el)
}

// InsertAdjacentText inserts a new text node with data at position, as the
// DOM's insertAdjacentText(). The errors are those of InsertAdjacentElement.
func (n *Node) InsertAdjacentText(position, data string) error {
	if c := n.doc.conn; c != nil {
		d, m := n.doc, c.begin()
		err := n.insertAdjacentText(position, data)
		c.end(d, m)
		return err
	}
	return n.insertAdjacentText(position, data)
}

func (n *Node) insertAdjacentText(position, data string) error {
	_, err := n.insertAdjacent(position, n.doc.CreateTextNode(data))
	return err
}

// insertAdjacent is DOM "insert adjacent" (§4.9).
func (n *Node) insertAdjacent(where string, node *Node) (*Node, error) {
	switch strings.ToLower(where) {
	case BeforeBegin:
		p := n.ParentNode()
		if p == nil {
			return nil, nil
		}
		return p.insertBefore(node, n)
	case AfterBegin:
		return n.insertBefore(node, n.FirstChild())
	case BeforeEnd:
		return n.insertBefore(node, nil)
	case AfterEnd:
		p := n.ParentNode()
		if p == nil {
			return nil, nil
		}
		return p.insertBefore(node, n.NextSibling())
	}
	return nil, domErrorf(ErrSyntax, "%q is not beforebegin, afterbegin, beforeend or afterend", where)
}
