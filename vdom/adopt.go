package vdom

// ImportNode returns a copy of node (with its subtree when deep is true)
// that belongs to d, as the DOM's importNode(): the copy is detached,
// listeners are not copied, and form controls keep their state as CloneNode
// keeps it. It returns ErrNotSupported when node is a document and ErrType
// when it is nil.
func (d *Document) ImportNode(node *Node, deep bool) (*Node, error) {
	if node == nil {
		return nil, domErrorf(ErrType, "ImportNode: the node is nil")
	}
	if node.isDocument() {
		return nil, domErrorf(ErrNotSupported, "ImportNode: a document cannot be imported")
	}
	h, templates := cloneTree(node.doc, node.h, deep)
	if node.doc.formState != nil {
		node.doc.formClonedInto(d, node.h, h, deep)
	}
	d.copyContents(node.doc, templates)
	return d.wrap(h), nil
}

// AdoptNode removes node from its parent, if any, and moves it (with its
// subtree and listeners) into d, as the DOM's adoptNode(), and returns it.
// It returns ErrNotSupported when node is a document and ErrType when it is
// nil.
func (d *Document) AdoptNode(node *Node) (*Node, error) {
	if node == nil {
		return nil, domErrorf(ErrType, "AdoptNode: the node is nil")
	}
	if node.isDocument() {
		return nil, domErrorf(ErrNotSupported, "AdoptNode: a document cannot be adopted")
	}
	if node.h.Parent != nil {
		if c := node.doc.conn; c != nil {
			from, m := node.doc, c.begin()
			node.detach()
			c.end(from, m)
		} else {
			node.detach()
		}
		if node.h.Parent != nil {
			return nil, domErrorf(ErrInvalidState, "AdoptNode: a blur listener put %s back into a tree", node.describe())
		}
	}
	if node.doc != d {
		d.adopt(node)
	}
	return node, nil
}
