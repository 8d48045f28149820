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
// templateFamily, that a document shares with its inert template contents
// owner document. The parser (internal/htmlparse) still puts a template's
// contents under the element, as x/net/html does, and reports the template
// elements it made; the document moves each one's children into its
// fragment before anyone sees the tree. A document without templates never
// makes the table, and nothing else looks for templates, so it pays
// nothing.

// templateFamily is the side table of template contents of one document
// and of its inert template contents owner document, which share it: a
// template element in either belongs to the same family, and so does the
// contents of a template inside template contents.
type templateFamily struct {
	// contents maps a template element to its contents fragment; hosts is
	// the reverse, the fragment's host (DOM §4.7).
	contents map[*html.Node]*html.Node
	hosts    map[*html.Node]*html.Node
	// inert is the template contents owner document (HTML §4.12.3 "the
	// appropriate template contents owner document"): a Document without
	// a Window that owns every contents fragment of the family.
	inert *Document
}

// isTemplate reports whether h is an HTML template element, the one
// element with contents; a template element in SVG or MathML has none.
func isTemplate(h *html.Node) bool {
	return h.Type == html.ElementNode && h.Namespace == "" && h.Data == "template"
}

// Content returns the template contents of a <template> element: a
// DocumentFragment, made when the template was created, whose children are
// what the markup put between the template's tags. It returns nil for any
// other node. The same fragment is returned every time.
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
	f := n.doc.templates()
	frag := f.contents[n.h]
	if frag == nil {
		// An element made by CreateElement or CloneNode(false) gets its
		// empty contents on first use; nothing can tell the difference.
		frag = f.newContents(n.h)
	}
	return f.inert.wrap(frag)
}

// templates returns the document's template family, made on first use.
func (d *Document) templates() *templateFamily {
	if d.tmpl == nil {
		inert := newDocument(&html.Node{Type: html.DocumentNode}, false)
		f := &templateFamily{
			contents: make(map[*html.Node]*html.Node),
			hosts:    make(map[*html.Node]*html.Node),
			inert:    inert,
		}
		// The inert document is its own template contents owner document.
		d.tmpl, inert.tmpl = f, f
	}
	return d.tmpl
}

// newContents makes the empty contents fragment of the template t.
func (f *templateFamily) newContents(t *html.Node) *html.Node {
	frag := &html.Node{Type: html.DocumentNode}
	f.contents[t] = frag
	f.hosts[frag] = t
	return frag
}

// contentsOf returns the contents fragment of h, nil when h is not a
// template or its contents were never made (they are empty then).
func (f *templateFamily) contentsOf(h *html.Node) *html.Node {
	if f == nil || !isTemplate(h) {
		return nil
	}
	return f.contents[h]
}

// hostOf returns the template whose contents frag is, or nil.
func (f *templateFamily) hostOf(frag *html.Node) *html.Node {
	if f == nil || frag.Type != html.DocumentNode {
		return nil
	}
	return f.hosts[frag]
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
	f := d.templates()
	for _, t := range templates {
		frag := f.contents[t]
		if frag == nil {
			frag = f.newContents(t)
		}
		for c := t.FirstChild; c != nil; c = t.FirstChild {
			t.RemoveChild(c)
			frag.AppendChild(c)
		}
	}
}

// parent returns the node after h on the way up in the serialization
// order: its parent, or the host of a contents fragment.
func (f *templateFamily) parent(h *html.Node) *html.Node {
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
		to := d.templates()
		src := from.tmpl.contents[p.src]
		dst := to.newContents(p.dst)
		for s := src.FirstChild; s != nil; s = s.NextSibling {
			c, inner := cloneTree(from, s, true)
			dst.AppendChild(c)
			pairs = append(pairs, inner...)
		}
		if inert := from.tmpl.inert; inert.formState != nil {
			// Form controls in the contents keep their state in copies,
			// as CloneNode keeps it in the tree.
			inert.formClonedInto(to.inert, src, dst, true)
		}
	}
}

// adoptContents runs HTML's adopting steps for the templates in the
// subtree of root, which just moved from the document from to d: when the
// two have different template contents owner documents, each template's
// contents move to d's, with their handles and listeners (DOM "adopt"),
// and so do the contents of the templates inside them.
func (d *Document) adoptContents(from *Document, root *html.Node) {
	if from.tmpl == nil || from.tmpl == d.tmpl {
		return
	}
	var todo []*html.Node
	collect := func(r *html.Node) {
		if from.tmpl.contentsOf(r) != nil {
			todo = append(todo, r)
		}
		for h := range descendants(r) {
			if from.tmpl.contentsOf(h) != nil {
				todo = append(todo, h)
			}
		}
	}
	collect(root)
	to := d.templates()
	for len(todo) > 0 {
		t := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		frag := from.tmpl.contents[t]
		delete(from.tmpl.contents, t)
		delete(from.tmpl.hosts, frag)
		to.contents[t], to.hosts[frag] = frag, t
		to.inert.moveHandles(from.tmpl.inert, frag)
		collect(frag)
	}
}
