package vdom

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/eventperk/eventperk-go/internal/htmlparse"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Render writes the node and its subtree as HTML, as a browser's outerHTML
// gives it: the HTML fragment serialization algorithm (HTML §13.3
// "Serializing HTML fragments"). Void elements are written as a start tag
// alone (<br>, <meta charset="utf-8">); text escapes "&", U+00A0, "<" and ">"
// (&amp; &nbsp; &lt; &gt;) and attribute values escape those and '"'
// (&quot;); the text of script, style, xmp, iframe, noembed, noframes and
// plaintext elements, and comments, are written as they are, and so is the
// text of a noscript element where scripting is enabled: in a document
// with a Window, not in template contents (whose document is inert) nor
// in a document parsed WithoutWindow. For the document that is the whole
// page, its doctype written as "<!DOCTYPE name>". The walk is iterative,
// so deep trees do not grow the stack.
//
// The standard's output does not read back into the same tree in a few
// cases, which browsers share: a leading newline of a pre, textarea or
// listing is dropped by the parser, a carriage return in text or an
// attribute value reads back as a line feed, the escaped text of a
// noscript in template contents reads back as raw text, nothing ends a
// <plaintext>, a comment holding "-->" ends early, and a doctype's public
// and system identifiers (and the quirks mode they set) are not written.
//
// Children of a void HTML element (the DOM lets a program append them) are
// not written, as in browsers; void names in SVG and MathML are ordinary
// elements there and keep their children.
func (n *Node) Render(w io.Writer) error {
	sw, ok := w.(stringWriter)
	var bw *bufio.Writer
	if !ok {
		bw = bufio.NewWriter(w)
		sw = bw
	}
	err := serialize(sw, n, false)
	if err == nil && bw != nil {
		err = bw.Flush()
	}
	if err != nil {
		return fmt.Errorf("vdom: render %s: %w", n.describe(), err)
	}
	return nil
}

// OuterHTML returns the node and its subtree as HTML, as Render writes it.
func (n *Node) OuterHTML() string {
	var b strings.Builder
	// A strings.Builder never fails, and the only other error is a node
	// type that no DOM method makes (an x/net/html ErrorNode put in the
	// tree through HTML()); the text written up to it is returned then.
	_ = serialize(&b, n, false)
	return b.String()
}

// InnerHTML returns the node's children as HTML, as Render writes them. The
// text of <script>, <style> and the other raw text elements is written as
// it is, unescaped.
func (n *Node) InnerHTML() string {
	var b strings.Builder
	_ = serialize(&b, n, true)
	return b.String()
}

type stringWriter interface {
	io.Writer
	io.StringWriter
}

// isVoid reports whether h "serializes as void" (HTML §13.3): an HTML
// element of a void element type (area, base, br, col, embed, hr, img,
// input, link, meta, source, track, wbr) or basefont, bgsound, frame,
// keygen or param. Only its start tag is written, and its children are
// skipped.
func isVoid(h *html.Node) bool {
	if h.Type != html.ElementNode || h.Namespace != "" {
		return false
	}
	switch h.Data {
	case "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img",
		"input", "keygen", "link", "meta", "param", "source", "track", "wbr":
		return true
	}
	return false
}

// serialize writes n (only its children when inner is true) in tree
// order without recursion. Where a template element's children would be
// it writes the template's contents, from the document's side table (HTML
// §13.3: "if the node is a template element, then let the node instead be
// the template element's template contents").
func serialize(w stringWriter, n *Node, inner bool) error {
	root := n.h
	s := serializer{w: w, tmpl: n.doc.tmpl, scripting: n.doc.scripting()}
	if !inner {
		if s.open(root) && s.firstChild(root) != nil {
			s.walk(root)
		}
		s.close(root)
		return s.err
	}
	// "If the node serializes as void, then return the empty string."
	if !isVoid(root) {
		s.walk(root)
	}
	return s.err
}

type serializer struct {
	w   stringWriter
	err error
	// tmpl holds the template contents; nil when the document has no
	// template, and then the walk is the plain tree walk.
	tmpl *templateTable
	// scripting reports whether scripting is enabled for the nodes being
	// written, which decides how a noscript's text is written. It is
	// their node document's: the walk enters template contents, whose
	// document is the inert template contents owner, and outer keeps
	// the value outside each contents entered, innermost last.
	scripting bool
	outer     []bool
}

// scripting reports whether scripting is enabled for d's nodes (HTML
// §8.1.3.4): d has a browsing context, here a Window; the template
// contents owner document and documents made without one have none. The
// parser's scripting flag is not this: vdom always parses with it set.
func (d *Document) scripting() bool { return d.window != nil }

// enterContents is called as the walk goes down from the template tmpl
// into its contents.
func (s *serializer) enterContents(tmpl *html.Node) {
	s.outer = append(s.outer, s.scripting)
	s.scripting = s.tmpl.contents[tmpl].doc.scripting()
}

// leaveContents is called as the walk goes up from a template's contents
// to the template.
func (s *serializer) leaveContents() {
	s.scripting = s.outer[len(s.outer)-1]
	s.outer = s.outer[:len(s.outer)-1]
}

// firstChild returns the first node written inside h: the first child of
// a template's contents for a template (its own children, which only DOM
// methods can add, are not written), else h's first child.
func (s *serializer) firstChild(h *html.Node) *html.Node {
	if !isTemplate(h) {
		return h.FirstChild
	}
	if frag := s.tmpl.contentsOf(h); frag != nil {
		return frag.FirstChild
	}
	return nil
}

// parent returns the node whose end tag follows h's last sibling: the
// host of a contents fragment in place of the fragment.
func (s *serializer) parent(h *html.Node) *html.Node {
	if s.tmpl == nil {
		return h.Parent
	}
	return s.tmpl.parent(h)
}

func (s *serializer) write(str string) {
	if s.err == nil {
		_, s.err = s.w.WriteString(str)
	}
}

// Escapes of HTML §13.3 "escaping a string", by the byte that starts the
// character: "&", U+00A0 (whose UTF-8 form starts with 0xC2), "<" and ">"
// always, '"' in attribute mode only.
const (
	escNone = iota
	escAmp
	escNBSP
	escLT
	escGT
	escQuot
)

var (
	escapeText = [256]uint8{'&': escAmp, 0xC2: escNBSP, '<': escLT, '>': escGT}
	escapeAttr = [256]uint8{'&': escAmp, 0xC2: escNBSP, '<': escLT, '>': escGT, '"': escQuot}
)

// escape writes str with the characters that table marks replaced by
// their character references, without building the escaped string first.
func (s *serializer) escape(str string, table *[256]uint8) {
	start := 0
	for i := 0; i < len(str); i++ {
		var ref string
		n := 1 // bytes replaced
		switch table[str[i]] {
		case escNone:
			continue
		case escAmp:
			ref = "&amp;"
		case escNBSP:
			if i+1 == len(str) || str[i+1] != 0xA0 {
				continue // another character from U+0080 to U+00BF
			}
			ref, n = "&nbsp;", 2
		case escLT:
			ref = "&lt;"
		case escGT:
			ref = "&gt;"
		case escQuot:
			ref = "&quot;"
		}
		s.write(str[start:i])
		s.write(ref)
		i += n - 1
		start = i + 1
	}
	s.write(str[start:])
}

// walk writes the children of root and their subtrees.
func (s *serializer) walk(root *html.Node) {
	h := s.firstChild(root)
	if h != nil && h.Parent != root {
		s.enterContents(root)
	}
	for h != nil && s.err == nil {
		if s.open(h) {
			if c := s.firstChild(h); c != nil {
				if c.Parent != h {
					s.enterContents(h)
				}
				h = c
				continue
			}
		}
		s.close(h)
		for h != root && h.NextSibling == nil {
			if h.Parent == root {
				h = root // root may itself be a contents fragment
			} else if p := s.parent(h); p != h.Parent {
				s.leaveContents()
				h = p
			} else {
				h = p
			}
			if h != root {
				s.close(h)
			}
		}
		if h == root {
			return
		}
		h = h.NextSibling
	}
}

// open writes everything of h that comes before its children and reports
// whether its children are to be written.
func (s *serializer) open(h *html.Node) bool {
	switch h.Type {
	case html.ElementNode:
	case html.DocumentNode:
		return true
	case html.TextNode:
		if h.Parent != nil && s.literalText(h.Parent) {
			s.write(h.Data)
		} else {
			s.escape(h.Data, &escapeText)
		}
		return false
	case html.CommentNode:
		// Written literally: a comment holding "-->" ends early when the
		// output is parsed again, in browsers as here.
		s.write("<!--")
		s.write(h.Data)
		s.write("-->")
		return false
	case html.DoctypeNode:
		// "<!DOCTYPE" U+0020, the name, ">": the public and system
		// identifiers are not written.
		s.write("<!DOCTYPE ")
		s.write(h.Data)
		s.write(">")
		return false
	case html.RawNode:
		// Not a DOM node: x/net/html's text written as it is, which only a
		// program editing the tree through HTML() can put there.
		s.write(h.Data)
		return false
	default:
		if s.err == nil {
			s.err = fmt.Errorf("cannot serialize a node of type %v", h.Type)
		}
		return false
	}
	s.write("<")
	s.write(h.Data)
	for _, a := range h.Attr {
		s.write(" ")
		// The serialized name of an attribute in the XML, XMLNS or XLink
		// namespace is its prefix, ":" and its local name; x/net/html
		// keeps the prefix as the namespace ("xlink:href"; "xmlns" alone
		// has none).
		if a.Namespace != "" {
			s.write(a.Namespace)
			s.write(":")
		}
		s.write(a.Key)
		s.write(`="`)
		s.escape(a.Val, &escapeAttr)
		s.write(`"`)
	}
	s.write(">")
	// "If current node serializes as void, then continue on to the next
	// child node at this point." The standard no longer writes a newline
	// before the content of a pre, textarea or listing (browsers never
	// did): one that the content starts with is lost when the output is
	// parsed again.
	return !isVoid(h)
}

// close writes the end tag of a non-void element.
func (s *serializer) close(h *html.Node) {
	if h.Type != html.ElementNode || isVoid(h) {
		return
	}
	s.write("</")
	s.write(h.Data)
	s.write(">")
}

// literalText reports whether the text children of h are written as they
// are: "If the parent of current node is a style, script, xmp, iframe,
// noembed, noframes, or plaintext element, or if the parent of current
// node is a noscript element and scripting is enabled for the node"
// (HTML §13.3). These are HTML elements: an SVG script or style is
// escaped, as in browsers, wherever it is.
func (s *serializer) literalText(h *html.Node) bool {
	if h.Type != html.ElementNode || h.Namespace != "" {
		return false
	}
	switch h.Data {
	case "iframe", "noembed", "noframes", "plaintext", "script", "style", "xmp":
		return true
	case "noscript":
		return s.scripting
	}
	return false
}

// SetInnerHTML replaces the children of an element or fragment with the
// parsed fragment, using the element as the parsing context (so "<td>" in a
// <tr> stays a cell). On a <template> it replaces the template's contents
// (Content) instead, as HTML's innerHTML setter does. It returns
// ErrNotSupported on other nodes and ErrTreeTooLarge as Parse does, and
// leaves the tree unchanged then.
func (n *Node) SetInnerHTML(s string) error {
	if c := n.doc.conn; c != nil {
		d, m := n.doc, c.begin()
		err := n.setInnerHTML(s)
		c.end(d, m)
		return err
	}
	return n.setInnerHTML(s)
}

func (n *Node) setInnerHTML(s string) error {
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
	if c := n.Content(); c != nil {
		// The template is the parsing context (its "in template" mode);
		// the nodes go into its contents, which belong to the template
		// contents owner document.
		n = c
	}
	removed := n.removeChildren()
	connected := n.doc.connected(n.h)
	for _, h := range nodes {
		n.h.AppendChild(h)
		n.doc.shapeChanged(h, n.h)
		if connected {
			n.doc.indexSubtree(h)
			if n.doc.conn != nil {
				n.doc.conn.connectedElement(n.doc, h)
			}
		}
		if n.doc.formState != nil {
			n.doc.formInserted(h)
		}
	}
	if n.doc.mo != nil {
		n.doc.queueChildList(n.h, nodes, removed, nil, nil) // DOM "replace all"
	}
	return nil
}

// SetOuterHTML replaces the element with the parsed fragment, using its
// parent as the parsing context. It returns ErrNotSupported for nodes that
// are not elements, ErrInvalidState for an element without a parent
// element or fragment, and ErrTreeTooLarge as Parse does; the tree is
// unchanged then.
func (n *Node) SetOuterHTML(s string) error {
	if c := n.doc.conn; c != nil {
		d, m := n.doc, c.begin()
		err := n.setOuterHTML(s)
		c.end(d, m)
		return err
	}
	return n.setOuterHTML(s)
}

func (n *Node) setOuterHTML(s string) error {
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
	prev, next := n.h.PrevSibling, n.h.NextSibling
	for _, h := range nodes {
		p.h.InsertBefore(h, n.h)
		n.doc.shapeChanged(h, p.h)
		if connected {
			n.doc.indexSubtree(h)
			if n.doc.conn != nil {
				n.doc.conn.connectedElement(n.doc, h)
			}
		}
		if n.doc.formState != nil {
			n.doc.formInserted(h)
		}
	}
	n.detachWith(false)
	if n.doc.mo != nil {
		// DOM "replace" of n with the fragment: one record.
		n.doc.queueChildList(p.h, nodes, []*html.Node{n.h}, prev, next)
	}
	return nil
}

// ParseFragment parses HTML as the children of context (an element of d; nil
// means <body>), as innerHTML does, and returns the new detached nodes.
// Malformed HTML is repaired; the errors are the reader's, ErrTreeTooLarge
// as for Parse, and ErrNotSupported for a context that is not an element. Fragments are
// parsed in no-quirks mode, as x/net/html parses them, so in a document
// without a doctype a <table> closes an open <p> here, unlike in the
// document itself.
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
	nodes, templates, err := htmlparse.ParseFragmentTemplates(r, ctx)
	if err != nil {
		return nil, fmt.Errorf("vdom: parse fragment: %w", err)
	}
	d.takeContents(templates)
	// The parser ran no attribute change or insertion steps while it
	// built the fragment: its open details run them now.
	d.detailsParsed(openDetails(nil, nodes...))
	return nodes, nil
}
