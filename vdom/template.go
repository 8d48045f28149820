package vdom

import (
	"golang.org/x/net/html"
)

// Template contents (HTML §4.12.3). A template element's contents are a
// DocumentFragment outside the tree: the element has no children for the
// parser, so queries, ids, text, focus, forms and event paths never reach
// inside, while serialization writes the contents where the children
// would be.
//
// x/net/html's tree cannot hold a fragment beside an element's children, so
// the fragment is an html.DocumentNode kept in a side table, the
// templateTable. The parser (internal/htmlparse) still puts a template's
// contents under the element, as x/net/html does, and reports the template
// elements it made; the document moves each one's children into its
// fragment before anyone sees the tree. A document without templates never
// makes the table, and nothing else looks for templates, so it pays
// nothing.
//
// A template's fragment never changes, whichever document the template or
// the fragment moves to, so the table needs no updates when nodes move:
// documents that exchange nodes (a document, its inert template contents
// owner document, and any document that adopts a node of theirs) share one
// table, merged when the first node crosses, and every lookup finds the
// template it asks for.

// templateTable maps template elements to their contents, for every
// document that shares it.
type templateTable struct {
	// contents maps a template element to the handle of its contents
	// fragment, whose doc is the fragment's node document (the template
	// contents owner document, unless a program adopted the fragment
	// itself elsewhere). hosts is the reverse: the fragment's host
	// (DOM §4.7).
	contents map[*html.Node]*Node
	hosts    map[*html.Node]*html.Node
	// docs are the documents that share the table.
	docs []*Document
}

// isTemplate reports whether h is an HTML template element, the one
// element with contents; a template element in SVG or MathML has none.
func isTemplate(h *html.Node) bool {
	return h.Type == html.ElementNode && h.Namespace == "" && h.Data == "template"
}

// Content returns the template contents of a <template> element: a
// DocumentFragment, made when the template was created, whose children are
// what the markup put between the template's tags. It returns nil for any
// other node, a template element of SVG or MathML included: that one is an
// ordinary element whose children are in the tree (an HTML template inside
// SVG or MathML, in a foreignObject say, has contents like any other).
// The same fragment is returned every time.
//
// The fragment is not in the document's tree, as in browsers: the
// template element has no children from the markup, so ChildNodes,
// TextContent, QuerySelectorAll, GetElementByID, the form, label and focus
// code, and event paths of the document never see the contents, and no
// unit starts there. Serialization (Render, OuterHTML, InnerHTML) writes
// the contents in the template's place, SetInnerHTML on the template
// replaces them, CloneNode copies them, and nodes appended to the template
// element itself by DOM methods stay its children (and are not
// serialized), as the DOM and HTML say.
//
// The fragment's node document (OwnerDocument) is the template contents
// owner document: an inert Document, one per document, that has no
// Window and no body, whose task queue and timers nothing runs unless the
// program does. Listeners on the contents still run for an event
// dispatched at a node inside them; the event path ends at the fragment.
// To use the contents, clone them into the page:
//
//	rows, _ := doc.ImportNode(tmpl.Content(), true)
//	list.AppendChild(rows)
func (n *Node) Content() *Node {
	if !isTemplate(n.h) {
		return nil
	}
	t := n.doc.templates()
	if c := t.contents[n.h]; c != nil {
		return c
	}
	// An element made by CreateElement or CloneNode(false) gets its empty
	// contents on first use; nothing can tell the difference.
	owner := n.doc.contentsOwner()
	return owner.wrap(t.newContents(n.h, owner))
}

// templates returns the document's template table, made on first use.
func (d *Document) templates() *templateTable {
	if d.tmpl == nil {
		d.tmpl = &templateTable{
			contents: make(map[*html.Node]*Node),
			hosts:    make(map[*html.Node]*html.Node),
			docs:     []*Document{d},
		}
	}
	return d.tmpl
}

// contentsOwner returns d's template contents owner document (HTML §4.12.3
// "the appropriate template contents owner document"): a Document without
// a Window, made on first use, that shares d's table and is its own
// contents owner.
func (d *Document) contentsOwner() *Document {
	if d.inert == nil {
		inert := newDocument(&html.Node{Type: html.DocumentNode}, false)
		inert.inert = inert
		t := d.templates()
		inert.tmpl = t
		t.docs = append(t.docs, inert)
		d.inert = inert
	}
	return d.inert
}

// shareTemplates makes d and from share one template table, before nodes
// of from move into d: the smaller table is merged into the larger.
func (d *Document) shareTemplates(from *Document) {
	a, b := d.templates(), from.tmpl
	if b == nil || a == b {
		return
	}
	if len(a.contents) < len(b.contents) {
		a, b = b, a
	}
	for t, c := range b.contents {
		a.contents[t] = c
	}
	for f, t := range b.hosts {
		a.hosts[f] = t
	}
	for _, doc := range b.docs {
		doc.tmpl = a
	}
	a.docs = append(a.docs, b.docs...)
}

// newContents makes the empty contents fragment of the template t, owned
// by owner, the template contents owner document of t's document.
func (t *templateTable) newContents(tmpl *html.Node, owner *Document) *html.Node {
	frag := &html.Node{Type: html.DocumentNode}
	t.contents[tmpl] = owner.wrap(frag)
	t.hosts[frag] = tmpl
	return frag
}

// contentsOf returns the contents fragment of h, nil when h is not a
// template or its contents were never made (they are empty then).
func (t *templateTable) contentsOf(h *html.Node) *html.Node {
	if t == nil || !isTemplate(h) {
		return nil
	}
	if c := t.contents[h]; c != nil {
		return c.h
	}
	return nil
}

// hostOf returns the template whose contents frag is, or nil.
func (t *templateTable) hostOf(frag *html.Node) *html.Node {
	if t == nil || frag.Type != html.DocumentNode {
		return nil
	}
	return t.hosts[frag]
}

// takeContents moves the children the parser put under each template
// element into the template's contents fragment: the HTML parser inserts
// them there (HTML §13.2.6.1, "the appropriate place for inserting a
// node" of a template is its contents), x/net/html under the element. The
// order of the list does not matter, since each template keeps its own
// subtree.
func (d *Document) takeContents(templates []*html.Node) {
	if len(templates) == 0 {
		return
	}
	f, owner := d.templates(), d.contentsOwner()
	for _, t := range templates {
		frag := f.contentsOf(t)
		if frag == nil {
			frag = f.newContents(t, owner)
		}
		for c := t.FirstChild; c != nil; c = t.FirstChild {
			t.RemoveChild(c)
			frag.AppendChild(c)
		}
	}
}

// parent returns the node after h on the way up in the serialization
// order: its parent, or the host of a contents fragment.
func (f *templateTable) parent(h *html.Node) *html.Node {
	p := h.Parent
	if host := f.hostOf(p); host != nil {
		return host
	}
	return p
}

// isHostIncludingInclusiveAncestor reports whether a is b or an ancestor of
// b, counting the host of a contents fragment as its parent (DOM §4.2.1),
// so that a template cannot be inserted into its own contents.
func (d *Document) isHostIncludingInclusiveAncestor(a, b *html.Node) bool {
	f := d.tmpl
	for h := b; h != nil; {
		if h == a {
			return true
		}
		if h.Parent == nil {
			h = f.hostOf(h)
			continue
		}
		h = h.Parent
	}
	return false
}

// templatePair is a template element and its copy, whose contents the
// cloning steps still have to copy.
type templatePair struct{ src, dst *html.Node }

// cloneTree is cloneHTML that also returns, for a deep copy, the templates
// of the copy whose originals (in the document from) have contents: HTML's
// cloning steps for template elements (HTML §4.12.3) copy those into the
// copy's contents, which copyContents does once the copy's document is
// known.
func cloneTree(from *Document, h *html.Node, deep bool) (*html.Node, []templatePair) {
	if from.tmpl == nil || !deep {
		return cloneHTML(h, deep, nil), nil
	}
	var pairs []templatePair
	c := cloneHTML(h, deep, func(src, dst *html.Node) {
		if from.tmpl.contentsOf(src) != nil {
			pairs = append(pairs, templatePair{src, dst})
		}
	})
	return c, pairs
}

// copyContents copies the contents of each pair's original template, in
// the document from, into the contents of its copy, which belongs to d:
// the copied contents belong to d's template contents owner document, and
// the templates inside them get their contents copied too.
func (d *Document) copyContents(from *Document, pairs []templatePair) {
	for len(pairs) > 0 {
		p := pairs[len(pairs)-1]
		pairs = pairs[:len(pairs)-1]
		to, owner := d.templates(), d.contentsOwner()
		src := from.tmpl.contentsOf(p.src)
		dst := to.newContents(p.dst, owner)
		for s := src.FirstChild; s != nil; s = s.NextSibling {
			c, inner := cloneTree(from, s, true)
			dst.AppendChild(c)
			pairs = append(pairs, inner...)
		}
		if srcOwner := from.tmpl.contents[p.src].doc; srcOwner.formState != nil {
			// Form controls in the contents keep their state in copies,
			// as CloneNode keeps it in the tree.
			srcOwner.formClonedInto(owner, src, dst, true)
		}
	}
}

// adoptContents runs HTML's adopting steps for the templates in the
// subtree of root, which just moved into d from another document that
// shares d's table (shareTemplates): each template's contents move to d's
// template contents owner document, with their handles and listeners (DOM
// "adopt"), and so do the contents of the templates inside them. The
// table itself needs no change.
func (d *Document) adoptContents(root *html.Node) {
	t := d.tmpl
	var todo []*html.Node
	collect := func(r *html.Node) {
		if t.contentsOf(r) != nil {
			todo = append(todo, r)
		}
		for h := range descendants(r) {
			if t.contentsOf(h) != nil {
				todo = append(todo, h)
			}
		}
	}
	collect(root)
	owner := d.contentsOwner()
	for len(todo) > 0 {
		c := t.contents[todo[len(todo)-1]]
		todo = todo[:len(todo)-1]
		if c.doc != owner {
			owner.moveHandles(c.doc, c.h)
		}
		collect(c.h)
	}
}
