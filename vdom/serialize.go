package vdom

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/eventperk/eventperk-go/internal/htmlparse"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Render writes the node and its subtree as HTML: the HTML fragment
// serialization algorithm (HTML §13.3) with x/net/html's escaping and its
// "<br/>" form of void elements. For the document that is the whole page,
// doctype included. The walk is iterative, so deep trees do not grow the
// stack.
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
	err := serialize(sw, n.h, false, n.doc.tmpl)
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
	// A strings.Builder never fails, and the only other error is a doctype
	// whose identifiers hold both kinds of quote, which the parser cannot
	// produce; the text written up to that point is returned then.
	_ = serialize(&b, n.h, false, n.doc.tmpl)
	return b.String()
}

// InnerHTML returns the node's children as HTML. The text of <script>,
// <style> and the other raw text elements is written as it is, unescaped.
func (n *Node) InnerHTML() string {
	var b strings.Builder
	_ = serialize(&b, n.h, true, n.doc.tmpl)
	return b.String()
}

type stringWriter interface {
	io.Writer
	io.StringWriter
}

// voidElements are the HTML elements that "serialize as void" (HTML §13.3):
// only a start tag is written and their children are skipped.
var voidElements = map[string]bool{
	"area": true, "base": true, "basefont": true, "bgsound": true, "br": true,
	"col": true, "embed": true, "frame": true, "hr": true, "img": true,
	"input": true, "keygen": true, "link": true, "meta": true, "param": true,
	"source": true, "track": true, "wbr": true,
}

func isVoid(h *html.Node) bool {
	return h.Type == html.ElementNode && h.Namespace == "" && voidElements[h.Data]
}

// serialize writes root (only its children when inner is true) in tree
// order without recursion. Where a template element's children would be
// it writes the template's contents, from the side table f (HTML §13.3:
// "if current node is a template element, then let current node be the
// template element's template contents").
func serialize(w stringWriter, root *html.Node, inner bool, f *templateTable) error {
	s := serializer{w: w, tmpl: f}
	if !inner {
		if s.open(root) && s.firstChild(root) != nil {
			s.walk(root)
		}
		s.close(root)
		return s.err
	}
	if !isVoid(root) {
		s.walk(root)
	}
	return s.err
}

type serializer struct {
	w    stringWriter
	err  error
	done bool // a <plaintext> element was written: nothing may follow it
	// tmpl holds the template contents; nil when the document has no
	// template, and then the walk is the plain tree walk.
	tmpl *templateTable
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
	if s.err == nil && !s.done {
		_, s.err = s.w.WriteString(str)
	}
}

// escapedChars are the characters x/net/html escapes in text and attribute
// values.
const escapedChars = "&'<>\"\r"

// escape writes str with the characters of escapedChars escaped, as
// html.EscapeString does, without building the escaped string first.
func (s *serializer) escape(str string) {
	for {
		i := strings.IndexAny(str, escapedChars)
		if i < 0 {
			s.write(str)
			return
		}
		s.write(str[:i])
		switch str[i] {
		case '&':
			s.write("&amp;")
		case '\'':
			s.write("&#39;")
		case '<':
			s.write("&lt;")
		case '>':
			s.write("&gt;")
		case '"':
			s.write("&#34;")
		case '\r':
			s.write("&#13;")
		}
		str = str[i+1:]
	}
}

// walk writes the children of root and their subtrees.
func (s *serializer) walk(root *html.Node) {
	h := s.firstChild(root)
	for h != nil && s.err == nil && !s.done {
		if s.open(h) {
			if c := s.firstChild(h); c != nil {
				h = c
				continue
			}
		}
		s.close(h)
		for h != root && h.NextSibling == nil {
			if h.Parent == root {
				h = root // root may itself be a contents fragment
			} else {
				h = s.parent(h)
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
		if h.Parent != nil && rawTextParent(h.Parent) {
			s.write(h.Data)
		} else {
			s.escape(h.Data)
		}
		return false
	case html.CommentNode:
		s.write("<!--")
		s.write(escapeComment(h.Data))
		s.write("-->")
		return false
	case html.DoctypeNode:
		s.doctype(h)
		return false
	case html.RawNode:
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
		if a.Namespace != "" {
			s.write(a.Namespace)
			s.write(":")
		}
		s.write(a.Key)
		s.write(`="`)
		s.escape(a.Val)
		s.write(`"`)
	}
	if isVoid(h) {
		s.write("/>")
		return false
	}
	s.write(">")
	// The parser drops one newline right after these start tags, so a
	// leading newline of the content needs another in front of it.
	if c := h.FirstChild; h.Namespace == "" && c != nil && c.Type == html.TextNode && strings.HasPrefix(c.Data, "\n") {
		switch h.Data {
		case "pre", "listing", "textarea":
			s.write("\n")
		}
	}
	return true
}

// close writes the end tag of a non-void element.
func (s *serializer) close(h *html.Node) {
	if h.Type != html.ElementNode || isVoid(h) {
		return
	}
	if h.Data == "plaintext" && rawTextParent(h) {
		// Nothing ends <plaintext>: the rest of the input is its text.
		s.done = true
		return
	}
	s.write("</")
	s.write(h.Data)
	s.write(">")
}

// rawTextParent reports whether the text children of h are written
// literally: h is an HTML script, style, xmp, iframe, noembed, noframes,
// plaintext or noscript element (x/net/html parses with scripting on) that a
// re-parse puts back in the HTML namespace. Below a foreign element that
// holds only when every step from a foreign element to a child of another
// namespace is one the parser makes too: into an HTML integration point;
// into a MathML text integration point, except to an HTML mglyph or
// malignmark (which the parser makes MathML there); from MathML
// annotation-xml to an <svg>.
func rawTextParent(h *html.Node) bool {
	if h.Type != html.ElementNode || h.Namespace != "" {
		return false
	}
	switch h.Data {
	case "iframe", "noembed", "noframes", "noscript", "plaintext", "script", "style", "xmp":
	default:
		return false
	}
	for c, p := h, h.Parent; p != nil; c, p = p, p.Parent {
		if p.Type != html.ElementNode || p.Namespace == "" || p.Namespace == c.Namespace || htmlIntegrationPoint(p) {
			continue
		}
		if mathMLTextIntegrationPoint(p) && !(c.Namespace == "" && (c.Data == "mglyph" || c.Data == "malignmark")) {
			continue
		}
		if p.Namespace == "math" && p.Data == "annotation-xml" && c.Namespace == "svg" && c.Data == "svg" {
			continue
		}
		return false
	}
	return true
}

// mathMLTextIntegrationPoint: "a node is a MathML text integration point
// if it is one of the following elements: a MathML mi, mo, mn, ms or mtext
// element" (HTML 13.2.6).
func mathMLTextIntegrationPoint(h *html.Node) bool {
	return h.Namespace == "math" && mathMLTextIntegrationPoints[h.Data]
}

var mathMLTextIntegrationPoints = map[string]bool{"mi": true, "mo": true, "mn": true, "ms": true, "mtext": true}

// htmlIntegrationPoint: "a node is an HTML integration point" if it is a
// MathML annotation-xml element whose start tag had an encoding attribute
// of text/html or application/xhtml+xml (ASCII case-insensitively), or an
// SVG foreignObject, desc or title element (HTML 13.2.6). The attributes
// the element has now stand for those of its start tag.
func htmlIntegrationPoint(h *html.Node) bool {
	if h.Namespace == "svg" {
		return svgHTMLIntegrationPoints[h.Data]
	}
	if h.Namespace != "math" || h.Data != "annotation-xml" {
		return false
	}
	return slices.ContainsFunc(h.Attr, func(at html.Attribute) bool {
		return at.Namespace == "" && at.Key == "encoding" && htmlEncodings[strings.ToLower(at.Val)]
	})
}

var (
	svgHTMLIntegrationPoints = map[string]bool{"foreignObject": true, "desc": true, "title": true}
	htmlEncodings            = map[string]bool{"text/html": true, "application/xhtml+xml": true}
)

// escapeComment escapes what would end the comment early: "&" always, ">"
// at the start or after "!" or "-" (as x/net/html does).
func escapeComment(s string) string {
	if !strings.ContainsAny(s, "&>") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '&':
			b.WriteString("&amp;")
		case c == '>' && (i == 0 || s[i-1] == '!' || s[i-1] == '-'):
			b.WriteString("&gt;")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func (s *serializer) doctype(h *html.Node) {
	s.write("<!DOCTYPE ")
	s.escape(h.Data)
	var public, system string
	for _, a := range h.Attr {
		switch a.Key {
		case "public":
			public = a.Val
		case "system":
			system = a.Val
		}
	}
	switch {
	case public != "":
		s.write(" PUBLIC ")
		s.doctypeQuoted(public)
		if system != "" {
			s.write(" ")
			s.doctypeQuoted(system)
		}
	case system != "":
		s.write(" SYSTEM ")
		s.doctypeQuoted(system)
	}
	s.write(">")
}

// doctypeQuoted writes a doctype identifier in double quotes, or in single
// quotes when it holds a double quote; ">" is written as "&gt;".
func (s *serializer) doctypeQuoted(v string) {
	q := `"`
	if strings.Contains(v, `"`) {
		if strings.Contains(v, "'") {
			if s.err == nil {
				s.err = fmt.Errorf("doctype identifier %q holds both kinds of quote", v)
			}
			return
		}
		q = "'"
	}
	s.write(q)
	s.write(strings.ReplaceAll(v, ">", "&gt;"))
	s.write(q)
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
