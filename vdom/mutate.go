package vdom

import (
	"golang.org/x/net/html"
)

// AppendChild inserts child as the last child of n and returns it. If child
// is in a tree it is moved; if it is a DocumentFragment its children are
// moved instead. An impossible insertion returns ErrHierarchyRequest and
// leaves the tree as it was.
func (n *Node) AppendChild(child *Node) (*Node, error) { return n.InsertBefore(child, nil) }

// InsertBefore inserts node before the child ref of n (at the end when ref is
// nil) and returns node. It returns ErrNotFound when ref is not a child of n,
// ErrHierarchyRequest when the insertion would break the tree (a node into
// itself or its descendant, a second document element, text directly in the
// document); the tree is then unchanged.
func (n *Node) InsertBefore(node, ref *Node) (*Node, error) {
	if c := n.doc.conn; c != nil {
		d, m := n.doc, c.begin()
		r, err := n.insertBefore(node, ref)
		c.end(d, m)
		return r, err
	}
	return n.insertBefore(node, ref)
}

func (n *Node) insertBefore(node, ref *Node) (*Node, error) {
	if node == nil {
		return nil, domErrorf(ErrHierarchyRequest, "cannot insert a nil node into %s", n.describe())
	}
	if err := n.checkPreInsert(node, ref, nil); err != nil {
		return nil, err
	}
	if n.doc.focus.node != nil && n.doc.blurBeforeRemoval(node.h) {
		// Blur and focusout listeners ran before the move and may have
		// changed the tree: check again.
		if err := n.checkPreInsert(node, ref, nil); err != nil {
			return nil, err
		}
	}
	if ref == node {
		ref = node.NextSibling()
	}
	n.insert(node, ref)
	return node, nil
}

// RemoveChild removes child from n and returns it; ErrNotFound if child is
// not a child of n.
func (n *Node) RemoveChild(child *Node) (*Node, error) {
	if c := n.doc.conn; c != nil {
		d, m := n.doc, c.begin()
		r, err := n.removeChild(child)
		c.end(d, m)
		return r, err
	}
	return n.removeChild(child)
}

func (n *Node) removeChild(child *Node) (*Node, error) {
	if child == nil || child.h.Parent != n.h {
		return nil, domErrorf(ErrNotFound, "%s is not a child of %s", describeNode(child), n.describe())
	}
	if n.doc.focus.node != nil && n.doc.blurBeforeRemoval(child.h) {
		if child.h.Parent != n.h {
			return nil, domErrorf(ErrNotFound, "%s is no longer a child of %s: a blur or focusout listener moved it", child.describe(), n.describe())
		}
	}
	child.detach()
	return child, nil
}

// ReplaceChild replaces the child old of n with node and returns old. The
// checks and errors are those of InsertBefore.
func (n *Node) ReplaceChild(node, old *Node) (*Node, error) {
	if c := n.doc.conn; c != nil {
		d, m := n.doc, c.begin()
		r, err := n.replaceChild(node, old)
		c.end(d, m)
		return r, err
	}
	return n.replaceChild(node, old)
}

func (n *Node) replaceChild(node, old *Node) (*Node, error) {
	if node == nil {
		return nil, domErrorf(ErrHierarchyRequest, "cannot replace with a nil node in %s", n.describe())
	}
	if old == nil {
		return nil, domErrorf(ErrNotFound, "cannot replace <nil> in %s: it is not a child", n.describe())
	}
	if err := n.checkPreInsert(node, old, old); err != nil {
		return nil, err
	}
	if n.doc.focus.node != nil && n.doc.blurBeforeRemoval(old.h, node.h) {
		if err := n.checkPreInsert(node, old, old); err != nil {
			return nil, err
		}
	}
	if node == old {
		return old, nil
	}
	ref := old.NextSibling()
	if ref == node {
		ref = node.NextSibling()
	}
	// DOM "replace": node leaves its old place first (adopt's removal,
	// observed), then old goes and node comes in, observed as one change
	// whose previous sibling is old's once node has left.
	if node.h.Parent != nil && node.NodeType() != DocumentFragmentNode {
		node.detach()
	}
	observed := n.doc.mo != nil
	prev := old.h.PrevSibling
	old.detachWith(false)
	added := n.insertWith(node, ref, false)
	if observed {
		var next *html.Node
		if ref != nil {
			next = ref.h
		}
		n.doc.queueChildList(n.h, added, []*html.Node{old.h}, prev, next)
	}
	return old, nil
}

// Remove takes the node out of its parent; a node without parent is left
// alone.
func (n *Node) Remove() {
	if n.h.Parent == nil {
		return
	}
	if c := n.doc.conn; c != nil {
		d, m := n.doc, c.begin()
		n.detach()
		c.end(d, m)
		return
	}
	n.detach()
}

// detach removes n from its parent and drops its ids from the index when it
// was connected; observers get the removal's record.
func (n *Node) detach() { n.detachWith(true) }

// detachWith is detach; record false leaves the record to the caller, as
// DOM "remove" with the suppress observers flag.
func (n *Node) detachWith(record bool) {
	if n.doc.focus.node != nil {
		// Blur and focusout first (focus.go); their listeners may
		// have removed the node already.
		n.doc.focusLeaving(n.h)
		if n.h.Parent == nil {
			return
		}
	}
	wasConnected := n.doc.connected(n.h)
	parent, prev, next := n.h.Parent, n.h.PrevSibling, n.h.NextSibling
	parent.RemoveChild(n.h)
	n.doc.treeChanged(n.h, parent)
	n.doc.handlesDetached(n.h, wasConnected)
	if wasConnected {
		n.doc.styleTextChanged(parent)
		n.doc.pointerRemoved(n.h)
		n.doc.unindexSubtree(n.h)
		if n.doc.conn != nil {
			n.doc.conn.disconnectedElement(n.doc, n.h)
		}
	}
	if n.doc.mo != nil {
		n.doc.nodeRemoved(parent, n.h, prev, next, record)
	}
}

// insert moves node (already checked) before ref, or to the end; observers
// get the insertion's record.
func (n *Node) insert(node, ref *Node) { n.insertWith(node, ref, true) }

// insertWith is insert; record false leaves the insertion's record to the
// caller, as DOM "insert" with the suppress observers flag. It returns the
// nodes inserted when the document is observed.
func (n *Node) insertWith(node, ref *Node, record bool) (added []*html.Node) {
	var refH *html.Node
	if ref != nil {
		refH = ref.h
	}
	nodes := []*Node{node}
	fragment := node.NodeType() == DocumentFragmentNode
	if fragment {
		nodes = node.ChildNodes()
		if node.doc.mo != nil && len(nodes) > 0 {
			// DOM "insert" step 4: the fragment's record, whatever the
			// suppress observers flag says.
			node.doc.queueChildList(node.h, nil, htmlNodes(nodes), nil, nil)
		}
	}
	observed := n.doc.mo != nil
	connected := n.doc.connected(n.h)
	if n.doc.formState != nil || formAtom(n.h) || formAtom(node.h) {
		n.doc.formWillInsert(n.h)
	}
	for _, c := range nodes {
		if c.h.Parent != nil {
			// A fragment's children leave it unobserved (its record is
			// queued above); a node leaves its old parent observed.
			c.detachWith(!fragment)
			if c.h.Parent != nil {
				// A blur listener put it back somewhere: leave it there.
				continue
			}
		}
		if refH != nil && refH.Parent != n.h {
			refH = nil // a blur listener moved the reference node
		}
		if c.doc != n.doc {
			n.doc.adopt(c)
		}
		n.h.InsertBefore(c.h, refH)
		n.doc.treeChanged(c.h, n.h)
		n.doc.handlesInserted(c, connected)
		if connected {
			n.doc.indexSubtree(c.h)
		}
		if n.doc.formState != nil {
			n.doc.formInserted(c.h)
		}
		if connected && n.doc.conn != nil {
			n.doc.conn.connectedElement(n.doc, c.h)
		}
		if observed {
			added = append(added, c.h)
		}
	}
	if record && observed && len(added) > 0 {
		// The previous sibling is the one the nodes have now, as in
		// Chromium: DOM "insert" takes it before a moved node leaves its
		// old place, which names the node itself when it moves next to
		// where it was.
		n.doc.queueChildList(n.h, added, nil, added[0].PrevSibling, refH)
	}
	return added
}

func htmlNodes(nodes []*Node) []*html.Node {
	out := make([]*html.Node, len(nodes))
	for i, n := range nodes {
		out[i] = n.h
	}
	return out
}

// adopt moves the handles of node's subtree from its document to d, with
// their listeners, as DOM "adopt" keeps listeners, and the contents of the
// templates in it to d's template contents owner document.
func (d *Document) adopt(node *Node) {
	from := node.doc
	d.moveHandles(from, node.h)
	if from.tmpl != nil {
		d.shareTemplates(from)
		d.adoptContents(node.h)
	}
}

// checkPreInsert is DOM "ensure pre-insertion validity" (§4.2.3), with
// replaced set for ReplaceChild's variant of the document checks.
func (n *Node) checkPreInsert(node, child, replaced *Node) error {
	fail := func(kind DOMErrorName, reason string) error {
		return domErrorf(kind, "cannot insert %s into %s: %s", node.describe(), n.describe(), reason)
	}
	pt := n.NodeType()
	if pt != DocumentNode && pt != DocumentFragmentNode && pt != ElementNode {
		return fail(ErrHierarchyRequest, "a "+nodeKind(pt)+" cannot have children")
	}
	if n.doc.isHostIncludingInclusiveAncestor(node.h, n.h) {
		if node == n {
			return fail(ErrHierarchyRequest, "a node cannot be inserted into itself")
		}
		return fail(ErrHierarchyRequest, "the target is inside the inserted node")
	}
	if child != nil && child.h.Parent != n.h {
		return fail(ErrNotFound, "the reference node "+child.describe()+" is not a child of "+n.describe())
	}
	nt := node.NodeType()
	switch nt {
	case DocumentNode:
		return fail(ErrHierarchyRequest, "a document cannot be inserted anywhere")
	case TextNode:
		if pt == DocumentNode {
			return fail(ErrHierarchyRequest, "text cannot be a child of the document")
		}
	case DocumentTypeNode:
		if pt != DocumentNode {
			return fail(ErrHierarchyRequest, "a doctype can only be a child of the document")
		}
	}
	if pt != DocumentNode {
		return nil
	}
	// The document may hold at most one element and one doctype, the doctype
	// first.
	elementsIn := func(h *html.Node) (elements int, text bool) {
		for c := h.FirstChild; c != nil; c = c.NextSibling {
			switch c.Type {
			case html.ElementNode:
				elements++
			case html.TextNode:
				text = true
			}
		}
		return
	}
	var skip *html.Node
	if replaced != nil {
		skip = replaced.h
	}
	childOf := func(t html.NodeType) *html.Node {
		for c := n.h.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == t && c != skip {
				return c
			}
		}
		return nil
	}
	doctypeFollows := func() bool {
		if child == nil {
			return false
		}
		for c := child.h.NextSibling; c != nil; c = c.NextSibling {
			if c.Type == html.DoctypeNode && c != skip {
				return true
			}
		}
		return false
	}
	switch nt {
	case DocumentFragmentNode, ElementNode:
		count := 1
		if nt == DocumentFragmentNode {
			var text bool
			count, text = elementsIn(node.h)
			if text {
				return fail(ErrHierarchyRequest, "the fragment holds text, which cannot be a child of the document")
			}
			if count > 1 {
				return fail(ErrHierarchyRequest, "the fragment holds "+itoa(count)+" elements; the document can have only one element child")
			}
		}
		if count == 1 {
			if e := childOf(html.ElementNode); e != nil {
				return fail(ErrHierarchyRequest, "the document already has a document element, "+n.doc.wrap(e).describe())
			}
			if (child != nil && child.h.Type == html.DoctypeNode && child != replaced) || doctypeFollows() {
				return fail(ErrHierarchyRequest, "the document element must come after the doctype")
			}
		}
	case DocumentTypeNode:
		if childOf(html.DoctypeNode) != nil {
			return fail(ErrHierarchyRequest, "the document already has a doctype")
		}
		if child != nil {
			for c := n.h.FirstChild; c != nil && c != child.h; c = c.NextSibling {
				if c.Type == html.ElementNode && c != skip {
					return fail(ErrHierarchyRequest, "the doctype must come before the document element, "+n.doc.wrap(c).describe())
				}
			}
		} else if e := childOf(html.ElementNode); e != nil {
			return fail(ErrHierarchyRequest, "the doctype must come before the document element, "+n.doc.wrap(e).describe())
		}
	}
	return nil
}

// nodeKind names a node type in messages.
func nodeKind(t NodeType) string {
	switch t {
	case TextNode:
		return "text node"
	case CommentNode:
		return "comment"
	case DocumentTypeNode:
		return "doctype"
	}
	return "node"
}

func describeNode(n *Node) string {
	if n == nil {
		return "<nil>"
	}
	return n.describe()
}

// CloneNode returns a copy of the node, with its subtree when deep is true.
// The copy is detached and belongs to the same document; listeners are not
// copied, as in the DOM. Cloning the document node returns a node of a new
// Document without a Window.
func (n *Node) CloneNode(deep bool) *Node {
	if n.isDocument() {
		return &n.doc.CloneDocument(deep).Node
	}
	h, templates := cloneTree(n.doc, n.h, deep)
	if n.doc.formState != nil {
		n.doc.formCloned(n.h, h, deep)
	}
	n.doc.copyContents(n.doc, templates)
	return n.doc.wrap(h)
}

// CloneDocument returns a copy of the document without a Window (and without
// listeners), with its whole tree when deep is true.
func (d *Document) CloneDocument(deep bool) *Document {
	root, templates := cloneTree(d, d.Node.h, deep)
	c := newDocument(root, false)
	c.charset = d.charset
	// A copy runs no attribute change steps here: its details queue no
	// toggle events.
	_ = c.indexIDs()
	if d.formState != nil {
		d.formClonedInto(c, d.Node.h, c.Node.h, deep)
	}
	c.copyContents(d, templates)
	return c
}

// cloneHTML copies h (and, when deep, its subtree) without recursion. A
// non-nil visit sees every element of a deep copy beside its original.
func cloneHTML(h *html.Node, deep bool, visit func(src, dst *html.Node)) *html.Node {
	root := shallowCopy(h)
	if !deep {
		return root
	}
	if visit != nil {
		visit(h, root)
	}
	// Walk the source in tree order, mirroring each step in the copy.
	src, dst := h, root
	for s := h.FirstChild; s != nil; {
		c := shallowCopy(s)
		dst.AppendChild(c)
		if visit != nil && s.Type == html.ElementNode {
			visit(s, c)
		}
		if s.FirstChild != nil {
			src, dst = s, c
			s = s.FirstChild
			continue
		}
		for s.NextSibling == nil && src != h {
			s = src
			src, dst = src.Parent, dst.Parent
		}
		s = s.NextSibling
		if src == h && s == nil {
			break
		}
	}
	return root
}

func shallowCopy(h *html.Node) *html.Node {
	c := &html.Node{Type: h.Type, DataAtom: h.DataAtom, Data: h.Data, Namespace: h.Namespace}
	if len(h.Attr) > 0 {
		c.Attr = append([]html.Attribute(nil), h.Attr...)
	}
	return c
}
