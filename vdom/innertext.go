package vdom

import (
	"strings"

	"github.com/eventperk/eventperk-go/internal/htmltree"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// InnerText returns the element's innerText as HTML §3.2.7 defines it, run
// without layout: the "rendered text collection steps" over a rendering
// decided from the HTML standard's UA stylesheet (§15) and the element's
// inline style attribute, never from style sheets. It follows the standard
// in these points:
//
//   - An element that is not being rendered (detached, or inside an element
//     that is not rendered) returns TextContent, whitespace and all.
//   - Not rendered, with their contents: elements with a hidden attribute
//     (until-found too, as Chromium does), input type=hidden, dialog
//     without open, the content of a closed details after its first
//     summary, the UA stylesheet's display:none elements (area, base,
//     basefont, datalist, head, link, meta, noembed, noframes, noscript,
//     param, rp, script, style, template, title), and elements whose inline
//     style says display: none. The contents of replaced elements and form
//     controls drawn by the browser (textarea, img, video, audio, canvas,
//     iframe, meter, progress, and a select's children other than its
//     options) give no text either.
//   - Inline style visibility: hidden or collapse hides an element's own
//     text but not a descendant's that says visibility: visible.
//   - br gives a line feed; p gives two required line breaks before and
//     after; the UA stylesheet's block-level elements (div, p, li, headings,
//     table, caption, pre, ...; inline style display: block and the other
//     block-level values too) give one; a table cell that is not the last
//     of its row is followed by a tab, a row that is not the last of its
//     table by a line feed.
//   - White space collapses as CSS white-space: normal does, with the line
//     ends a block boundary, a br, a cell or a button-like box makes; pre,
//     listing, xmp, plaintext and inline style white-space: pre, pre-wrap
//     or break-spaces keep it.
//
// What a browser does and InnerText cannot without layout and CSS: style
// sheets (a class that hides or makes a block, ::before and ::after
// content, text-transform), soft line wraps, white-space: pre-line (taken
// as normal), floats and positioned boxes, and whether an element is off
// screen. docs/limits.md lists it. For nodes
// other than elements InnerText returns TextContent.
func (n *Node) InnerText() string {
	if n.h.Type != html.ElementNode || !n.beingRendered() {
		return n.TextContent()
	}
	c := textCollector{lineStart: true}
	vis, pre := inheritedTextStyle(n.h)
	c.collectChildren(n.h, vis, pre)
	return c.result()
}

// SetInnerText replaces the element's children with s, as the innerText
// setter does: each line break (CR LF, CR or LF) becomes a br element and
// the text between them text nodes. Like SetTextContent it does nothing on
// nodes other than elements.
func (n *Node) SetInnerText(s string) {
	if n.h.Type != html.ElementNode {
		return
	}
	if c := n.doc.conn; c != nil {
		d, m := n.doc, c.begin()
		n.setInnerText(s)
		if d.connected(n.h) {
			for h := n.h.FirstChild; h != nil; h = h.NextSibling {
				c.connectedElement(d, h) // the br elements
			}
		}
		c.end(d, m)
		return
	}
	n.setInnerText(s)
}

func (n *Node) setInnerText(s string) {
	removed := n.removeChildren()
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	for i, line := range strings.Split(s, "\n") {
		if i > 0 {
			n.h.AppendChild(&html.Node{Type: html.ElementNode, Data: "br", DataAtom: atom.Br})
		}
		if line != "" {
			n.h.AppendChild(&html.Node{Type: html.TextNode, Data: line})
		}
	}
	n.doc.shapeChanged()
	if n.doc.mo != nil {
		// DOM "replace all" with the fragment of lines: one record.
		var added []*html.Node
		for c := n.h.FirstChild; c != nil; c = c.NextSibling {
			added = append(added, c)
		}
		n.doc.queueChildList(n.h, added, removed, nil, nil)
	}
}

// beingRendered decides "being rendered" without layout: connected, and no
// inclusive ancestor is hidden or inside a parent whose children are not
// rendered.
func (n *Node) beingRendered() bool {
	if !n.doc.connected(n.h) {
		return false
	}
	for h := n.h; h != nil && h.Type == html.ElementNode; h = h.Parent {
		if displayNone(h) || (h.Parent != nil && !childRendered(h.Parent, h)) {
			return false
		}
	}
	return true
}

// displayNone reports whether the UA stylesheet or the inline style gives
// h display: none.
func displayNone(h *html.Node) bool {
	if h.Namespace != "" {
		return false
	}
	if d, ok := styleDecl(h, "display"); ok {
		return d == "none"
	}
	if hasAttr(h, "hidden") {
		return true
	}
	switch h.DataAtom {
	case atom.Area, atom.Base, atom.Basefont, atom.Datalist, atom.Head, atom.Link,
		atom.Meta, atom.Noembed, atom.Noframes, atom.Noscript, atom.Param, atom.Rp,
		atom.Script, atom.Style, atom.Template, atom.Title:
		return true
	case atom.Dialog:
		return !hasAttr(h, "open")
	case atom.Input:
		t, _ := attrVal(h, "type")
		return strings.EqualFold(t, "hidden")
	}
	return false
}

// childRendered reports whether parent renders its child k at all: replaced
// elements and browser-drawn controls do not render their children, a
// closed details renders only its first summary, a select only options and
// optgroups.
func childRendered(parent, k *html.Node) bool {
	if parent.Type != html.ElementNode || parent.Namespace != "" {
		return true
	}
	switch parent.DataAtom {
	case atom.Textarea, atom.Img, atom.Video, atom.Audio, atom.Canvas, atom.Iframe,
		atom.Meter, atom.Progress, atom.Input:
		return false
	case atom.Select:
		return isHTML(k, atom.Option) || isHTML(k, atom.Optgroup)
	case atom.Optgroup:
		return isHTML(k, atom.Option)
	case atom.Details:
		if hasAttr(parent, "open") {
			return true
		}
		for c := parent.FirstChild; c != nil; c = c.NextSibling {
			if isHTML(c, atom.Summary) {
				return c == k
			}
		}
		return false
	}
	return true
}

// styleDecl returns the value of prop in h's style attribute
// (htmltree.StyleValue) and whether it is set to something.
func styleDecl(h *html.Node, prop string) (string, bool) {
	style, ok := attrVal(h, "style")
	if !ok {
		return "", false
	}
	v, _ := htmltree.StyleValue(style, prop)
	return v, v != ""
}

// ownTextStyle returns what h itself says of visibility and white-space;
// set reports which it says.
func ownTextStyle(h *html.Node) (vis, visSet, pre, preSet bool) {
	if h.Type != html.ElementNode || h.Namespace != "" {
		return
	}
	if v, ok := styleDecl(h, "visibility"); ok {
		switch v {
		case "hidden", "collapse":
			visSet = true
		case "visible":
			vis, visSet = true, true
		}
	}
	if v, ok := styleDecl(h, "white-space"); ok {
		switch v {
		case "pre", "pre-wrap", "break-spaces":
			pre, preSet = true, true
		case "normal", "nowrap", "pre-line":
			preSet = true
		}
	}
	if !preSet {
		switch h.DataAtom {
		case atom.Pre, atom.Listing, atom.Xmp, atom.Plaintext, atom.Textarea:
			pre, preSet = true, true
		}
	}
	return
}

// inheritedTextStyle computes visibility and white-space for h from its
// ancestors, as CSS inherits them.
func inheritedTextStyle(h *html.Node) (vis, pre bool) {
	vis = true
	var visDone, preDone bool
	for ; h != nil && (!visDone || !preDone); h = h.Parent {
		v, vs, p, ps := ownTextStyle(h)
		if vs && !visDone {
			vis, visDone = v, true
		}
		if ps && !preDone {
			pre, preDone = p, true
		}
	}
	return vis, pre
}

// textItem is an item of the rendered text collection steps: a string, or
// a required line break count when breaks > 0.
type textItem struct {
	s      string
	breaks int
}

// textCollector runs the rendered text collection steps, collapsing white
// space as it goes: pending holds a collapsible space not yet written,
// lineStart says that the next one would begin a line and is dropped.
type textCollector struct {
	items     []textItem
	cur       strings.Builder
	pending   bool
	lineStart bool
}

func (c *textCollector) flush() {
	if c.cur.Len() > 0 {
		c.items = append(c.items, textItem{s: c.cur.String()})
		c.cur.Reset()
	}
}

// lineEnd ends a line: a collapsible space before it is removed.
func (c *textCollector) lineEnd() { c.pending, c.lineStart = false, true }

func (c *textCollector) breaks(n int) {
	c.flush()
	c.items = append(c.items, textItem{breaks: n})
	c.lineEnd()
}

func (c *textCollector) write(s string) {
	if s == "" {
		return
	}
	if c.pending && !c.lineStart {
		c.cur.WriteByte(' ')
	}
	c.cur.WriteString(s)
	c.pending = false
	c.lineStart = strings.HasSuffix(s, "\n")
}

func (c *textCollector) text(s string, pre bool) {
	if pre {
		c.write(s)
		return
	}
	for len(s) > 0 {
		i := strings.IndexAny(s, " \t\n\r")
		if i < 0 {
			c.write(s)
			return
		}
		c.write(s[:i])
		c.pending = true
		s = strings.TrimLeft(s[i:], " \t\n\r")
	}
}

const (
	boxInline = iota
	boxBlock
	boxAtomic // inline-block: a line of its own inside, a character outside
	boxCell
	boxRow
)

func boxOf(h *html.Node) int {
	if h.Namespace != "" {
		return boxInline
	}
	if d, ok := styleDecl(h, "display"); ok {
		switch d {
		case "block", "list-item", "table", "flex", "grid", "flow-root", "table-caption":
			return boxBlock
		case "inline-block", "inline-flex", "inline-grid", "inline-table":
			return boxAtomic
		case "inline", "contents":
			return boxInline
		case "table-cell":
			return boxCell
		case "table-row":
			return boxRow
		}
	}
	switch h.DataAtom {
	case atom.Html, atom.Body, atom.Address, atom.Blockquote, atom.Center, atom.Dialog,
		atom.Div, atom.Figure, atom.Figcaption, atom.Footer, atom.Form, atom.Header,
		atom.Hr, atom.Legend, atom.Listing, atom.Main, atom.P, atom.Plaintext, atom.Pre,
		atom.Search, atom.Xmp, atom.Article, atom.Aside, atom.H1, atom.H2, atom.H3,
		atom.H4, atom.H5, atom.H6, atom.Hgroup, atom.Nav, atom.Section, atom.Dir,
		atom.Dd, atom.Dl, atom.Dt, atom.Menu, atom.Ol, atom.Ul, atom.Li, atom.Table,
		atom.Caption, atom.Fieldset, atom.Details, atom.Summary, atom.Optgroup, atom.Option:
		return boxBlock
	case atom.Td, atom.Th:
		return boxCell
	case atom.Tr:
		return boxRow
	case atom.Button, atom.Input, atom.Select, atom.Textarea, atom.Img, atom.Video,
		atom.Audio, atom.Canvas, atom.Iframe, atom.Meter, atom.Progress:
		return boxAtomic
	}
	return boxInline
}

// textFrame is an element whose children the walk is visiting.
type textFrame struct {
	h        *html.Node
	vis, pre bool
	box      int
}

// collectChildren runs the rendered text collection steps on each rendered
// child of root, in tree order, with a stack of open elements rather than
// recursion, so that no tree is too deep for it.
func (c *textCollector) collectChildren(root *html.Node, vis, pre bool) {
	stack := []textFrame{{h: root, vis: vis, pre: pre, box: -1}}
	k := root.FirstChild
	for {
		top := &stack[len(stack)-1]
		if k == nil {
			f := *top
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				return
			}
			c.leave(f)
			k = f.h.NextSibling
			continue
		}
		if !childRendered(top.h, k) {
			k = k.NextSibling
			continue
		}
		if f, descend := c.enter(k, top.vis, top.pre); descend {
			stack = append(stack, f)
			k = k.FirstChild
		} else {
			k = k.NextSibling
		}
	}
}

// enter collects a text node, or opens an element (the steps before its
// children); descend tells whether to visit its children.
func (c *textCollector) enter(h *html.Node, vis, pre bool) (f textFrame, descend bool) {
	switch h.Type {
	case html.TextNode:
		if vis {
			c.text(h.Data, pre)
		}
		return f, false
	case html.ElementNode:
	default:
		return f, false
	}
	if displayNone(h) {
		return f, false
	}
	if v, vs, p, ps := ownTextStyle(h); vs || ps {
		if vs {
			vis = v
		}
		if ps {
			pre = p
		}
	}
	box := boxOf(h)
	if vis {
		switch {
		case isHTML(h, atom.P):
			c.breaks(2)
		case box == boxBlock:
			c.breaks(1)
		case box == boxAtomic:
			if c.pending && !c.lineStart {
				c.cur.WriteByte(' ')
			}
			c.lineEnd()
		case box == boxCell || box == boxRow:
			c.lineEnd()
		}
	}
	return textFrame{h: h, vis: vis, pre: pre, box: box}, true
}

// leave is the steps after an element's children (5 to 9 of the rendered
// text collection steps).
func (c *textCollector) leave(f textFrame) {
	if !f.vis {
		return
	}
	h := f.h
	switch {
	case isHTML(h, atom.Br):
		c.cur.WriteByte('\n')
		c.lineEnd()
	case isHTML(h, atom.P):
		c.breaks(2)
	case f.box == boxBlock:
		c.breaks(1)
	case f.box == boxAtomic:
		c.pending, c.lineStart = false, false
	case f.box == boxCell:
		c.lineEnd()
		if nextBox(h, boxCell, false) {
			c.cur.WriteByte('\t')
		}
	case f.box == boxRow:
		c.lineEnd()
		if nextBox(h, boxRow, true) {
			c.cur.WriteByte('\n')
		}
	}
}

// nextBox reports whether a rendered cell (or row) follows h in its row (or
// its table, through row groups).
func nextBox(h *html.Node, want int, throughGroups bool) bool {
	for s := h.NextSibling; s != nil; s = s.NextSibling {
		if s.Type == html.ElementNode && !displayNone(s) && boxOf(s) == want {
			return true
		}
	}
	if !throughGroups || h.Parent == nil || isHTML(h.Parent, atom.Table) {
		return false
	}
	for g := h.Parent.NextSibling; g != nil; g = g.NextSibling {
		if g.Type != html.ElementNode || displayNone(g) {
			continue
		}
		for r := g.FirstChild; r != nil; r = r.NextSibling {
			if r.Type == html.ElementNode && !displayNone(r) && boxOf(r) == want {
				return true
			}
		}
	}
	return false
}

// result is the innerText getter's steps 3 to 6: empty strings go, runs of
// required line breaks at either end go, and each run between strings
// becomes as many line feeds as its largest count.
func (c *textCollector) result() string {
	c.flush()
	var b strings.Builder
	breaks, started := 0, false
	for _, it := range c.items {
		if it.s == "" {
			breaks = max(breaks, it.breaks)
			continue
		}
		if started {
			b.WriteString(strings.Repeat("\n", breaks))
		}
		breaks, started = 0, true
		b.WriteString(it.s)
	}
	return b.String()
}
