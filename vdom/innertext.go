package vdom

import (
	"strings"
	"unicode/utf8"

	"github.com/eventperk/eventperk-go/css"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// InnerText returns the element's innerText as HTML §3.2.7 defines it:
// the rendered text collection steps over the element's computed styles
// (its style sheets, style attributes and the user agent sheet), without
// layout, as Chromium returns it:
//
//   - An element that is not being rendered (not connected, display: none
//     on it or an ancestor, a noscript) returns TextContent, white space
//     and all; one in contents skipped by content-visibility: hidden,
//     hidden=until-found or a closed details returns "", and so does one
//     that skips its own contents.
//   - Elements with display: none give no text, nor do the contents of
//     replaced elements and of form controls drawn by the browser
//     (textarea, input, img, video, audio, canvas, iframe, meter,
//     progress, and a select's children other than its options); a
//     closed details gives its summary's text; contents skipped by
//     content-visibility give nothing, not even line breaks.
//   - Text whose computed visibility is not visible is left out (a
//     descendant may be visible again); opacity does not count.
//   - br gives a line feed; p gives two required line breaks before and
//     after; a block-level box (display block, list-item, flex, grid,
//     table, table-caption, and what blockification makes block: flex
//     and grid items, floats, absolutely positioned boxes) one; a table
//     cell that is not the last of its row is followed by a tab, a row
//     that is not the last of its table by a line feed; display:
//     contents adds nothing around its children.
//   - White space is processed as the computed white-space-collapse says:
//     collapse collapses runs and drops them at line ends, preserve and
//     break-spaces keep them, preserve-breaks (pre-line) keeps line feeds
//     only; text-transform upper-cases, lower-cases (by the language of
//     the element's lang) or capitalizes the text.
//
// What needs layout is not done: soft line wraps, and the number of line
// breaks around floats and positioned boxes, which follow Chromium's
// layout tree (here an out-of-flow box is a block that keeps the space
// before it). ::before and ::after content is not included, as in
// Chromium. For nodes other than elements InnerText returns TextContent.
func (n *Node) InnerText() string {
	if n.h.Type != html.ElementNode {
		return n.TextContent()
	}
	d := n.doc
	f := d.chainOf(n.h)
	if !f.connected || f.noBox {
		return n.TextContent()
	}
	s := d.computedStyle(n.h)
	if !s.Rendered() {
		if d.displayNoneUp(n.h) {
			return n.TextContent()
		}
		return "" // in skipped contents
	}
	if f.skipped || s.SkipsContents() {
		return ""
	}
	c := textCollector{lineStart: true, d: d, spaceAfter: -1}
	c.collectChildren(n.h, s)
	return c.result()
}

// displayNoneUp reports whether h or an ancestor has display: none.
func (d *Document) displayNoneUp(h *html.Node) bool {
	for a := h; a != nil && a.Type == html.ElementNode; a = a.Parent {
		if d.computedStyle(a).Display().IsNone() {
			return true
		}
	}
	return false
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
	n.doc.shapeChanged(nil, n.h)
	n.doc.styleTextChanged(n.h)
	if n.doc.mo != nil {
		// DOM "replace all" with the fragment of lines: one record.
		var added []*html.Node
		for c := n.h.FirstChild; c != nil; c = c.NextSibling {
			added = append(added, c)
		}
		n.doc.queueChildList(n.h, added, removed, nil, nil)
	}
}

// textItem is an item of the rendered text collection steps: a string, or
// a required line break count when breaks > 0.
type textItem struct {
	s      string
	breaks int
}

// textCollector runs the rendered text collection steps, collapsing white
// space as it goes: pending holds a collapsible space not yet written
// (seen says whether it came from visible text), lineStart says that the
// next one would begin a line and is dropped.
type textCollector struct {
	d             *Document
	items         []textItem
	cur           strings.Builder
	pending, seen bool
	lineStart     bool
	// last is the last character written, for capitalize.
	last rune
	// spaceAfter is the item after which the space before a float or a
	// positioned box goes, once text follows it on its line; -1 when
	// none waits.
	spaceAfter int
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
	c.spaceAfter = -1
}

// space writes the pending space when something follows it on its line.
func (c *textCollector) space() {
	if c.pending && c.seen && !c.lineStart {
		c.cur.WriteByte(' ')
	}
	c.pending = false
}

// addSpace adds a collapsible space; visible says whether its text is.
func (c *textCollector) addSpace(visible bool) {
	if !c.pending {
		c.pending, c.seen = true, visible
	}
}

func (c *textCollector) write(s string) {
	if s == "" {
		return
	}
	if c.spaceAfter >= 0 {
		c.items[c.spaceAfter].s += " "
		c.spaceAfter = -1
	}
	c.space()
	c.cur.WriteString(s)
	c.lineStart = strings.HasSuffix(s, "\n")
	c.last, _ = utf8.DecodeLastRuneInString(s)
}

// occupy is what text that is there but not written does: invisible text
// (visibility: hidden) or an atomic inline without text takes its place
// on the line, so the spaces around it stay apart.
func (c *textCollector) occupy() {
	c.space()
	c.lineStart = false
}

// text collects the text of h, a text node whose parent's computed style
// is s: its letters as s's text-transform says (CSS Text 3 §2.1), its
// white space as s's white-space-collapse says (§4.1). The text of an
// invisible node is not written, but takes its place between the spaces
// around it (Chromium keeps both spaces of "a <hidden>x</hidden> b").
func (c *textCollector) text(h *html.Node, s *css.Style) {
	t := h.Data
	if d := s.Display(); (d.IsTable() || d.IsTablePart() && !d.IsTableCell() && d != css.DisplayTableCaption) && strings.Trim(t, " \t\n\f\r") == "" {
		// White space between a table's parts is not rendered (CSS
		// 2 §17.2.1: it would make no anonymous cell).
		return
	}
	visible := s.Visibility().IsVisible()
	if tt := s.TextTransform(); visible && tt != css.TextTransformNone {
		t = c.transform(t, tt, h)
	}
	switch s.WhiteSpaceCollapse() {
	case css.WhiteSpaceCollapsePreserve, css.WhiteSpaceCollapseBreakSpaces:
		c.put(t, visible)
	case css.WhiteSpaceCollapsePreserveBreaks:
		// Line feeds are kept, spaces and tabs around them removed.
		for i, line := range strings.Split(t, "\n") {
			if i > 0 {
				c.pending = false
				c.put("\n", visible)
			}
			c.collapse(line, visible)
		}
	default:
		c.collapse(t, visible)
	}
}

// put writes s, or occupies its place when it is not visible.
func (c *textCollector) put(s string, visible bool) {
	switch {
	case s == "":
	case visible:
		c.write(s)
	default:
		c.occupy()
		c.lineStart = strings.HasSuffix(s, "\n")
	}
}

// collapse writes s with its runs of white space made one collapsible
// space.
func (c *textCollector) collapse(s string, visible bool) {
	for len(s) > 0 {
		i := strings.IndexAny(s, " \t\n\r")
		if i < 0 {
			c.put(s, visible)
			return
		}
		c.put(s[:i], visible)
		c.addSpace(visible)
		s = strings.TrimLeft(s[i:], " \t\n\r")
	}
}

// transform applies a text-transform to the text of h, in the language of
// h's element for upper and lower case; capitalize continues the words
// of the text before.
func (c *textCollector) transform(t string, tt css.TextTransform, h *html.Node) string {
	return applyTextTransform(t, tt, h, c.pending || c.lineStart || c.last == 0 || !inWord(c.last))
}

// childRendered reports whether parent renders its child k at all: replaced
// elements and browser-drawn controls do not render their children, a
// closed details renders only its first summary, a select only options and
// optgroups, and an optgroup in a select only options.
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
		// In a select only its options; elsewhere it is a block like
		// another (Chromium 148, display-ua-controls-all).
		return isHTML(k, atom.Option) || !hasSelectAncestor(parent)
	case atom.Details:
		if hasAttr(parent, "open") {
			return true
		}
		return k == detailsSummary(parent)
	}
	return true
}

// hasSelectAncestor reports whether a select contains h.
func hasSelectAncestor(h *html.Node) bool {
	for a := h.Parent; a != nil; a = a.Parent {
		if isHTML(a, atom.Select) {
			return true
		}
	}
	return false
}

const (
	boxInline = iota
	boxBlock
	boxAtomic // inline-block: a line of its own inside, a character outside
	boxCell
	boxRow
)

// boxOf is the kind of box an element with a computed style makes, for
// innerText: an inline-level replaced element (an image, a form control,
// an embedded document, an svg root, inline math) is atomic, as an
// inline-block is.
func boxOf(h *html.Node, s *css.Style) int {
	switch d := s.Display(); {
	case d.IsTableCell():
		return boxCell
	case d == css.DisplayTableRow:
		return boxRow
	case d.IsBlockLevel(), d == css.DisplayTableCaption:
		return boxBlock
	case d == css.DisplayInlineBlock, d == css.DisplayInlineFlex, d == css.DisplayInlineGrid,
		d == css.DisplayInlineTable, d == css.DisplayWebkitInlineBox, d == css.DisplayMath:
		return boxAtomic
	case d.IsInlineLevel() && replaced(h):
		return boxAtomic
	}
	return boxInline
}

// replaced reports the elements whose content a browser draws itself: an
// inline one is an atomic box on its line.
func replaced(h *html.Node) bool {
	switch h.Namespace {
	case "":
		switch h.DataAtom {
		case atom.Img, atom.Video, atom.Audio, atom.Canvas, atom.Iframe, atom.Embed, atom.Frame,
			atom.Input, atom.Select, atom.Textarea, atom.Button, atom.Meter, atom.Progress:
			return true
		}
	case "svg":
		return h.DataAtom == atom.Svg && (h.Parent == nil || h.Parent.Namespace != "svg")
	}
	return false
}

// textFrame is an element whose children the walk is visiting.
type textFrame struct {
	h   *html.Node
	s   *css.Style
	box int
	// spaceAt is, for a float or a positioned box after a space, the
	// item the space goes after; -1 for others.
	spaceAt int
}

// collectChildren runs the rendered text collection steps on each rendered
// child of root, in tree order, with a stack of open elements rather than
// recursion, so that no tree is too deep for it.
func (c *textCollector) collectChildren(root *html.Node, s *css.Style) {
	stack := []textFrame{{h: root, s: s, box: -1}}
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
		if f, descend := c.enter(k, top.s); descend {
			stack = append(stack, f)
			k = k.FirstChild
		} else {
			k = k.NextSibling
		}
	}
}

// enter collects a text node, or opens an element (the steps before its
// children); descend tells whether to visit its children. parent is the
// computed style of h's parent.
func (c *textCollector) enter(h *html.Node, parent *css.Style) (f textFrame, descend bool) {
	switch h.Type {
	case html.TextNode:
		c.text(h, parent)
		return f, false
	case html.ElementNode:
	default:
		return f, false
	}
	if isHTML(h, atom.Noscript) || embedWithoutSource(h) || hasNoBox(h) {
		// No box: a noscript's content is text while scripting is
		// on; an embed without a source represents nothing; a param,
		// a noembed, SVG's title and desc... have none (hasNoBox).
		return f, false
	}
	s := c.d.computedStyle(h)
	if s.Display().IsNone() {
		return f, false
	}
	box := boxOf(h, s)
	if s.SkipsContents() {
		// Chromium leaves skipped contents out with the box's line
		// breaks, though the box still takes its place: a block ends
		// the lines around it, an atomic inline keeps its spaces.
		switch box {
		case boxBlock:
			c.lineEnd()
		case boxAtomic:
			c.occupy()
		}
		return f, false
	}
	f = textFrame{h: h, s: s, box: box, spaceAt: -1}
	if !s.Visibility().IsVisible() {
		return f, true
	}
	switch {
	case isHTML(h, atom.P):
		c.breaks(2)
	case box == boxBlock:
		if s.Position().IsAbsolute() || s.Float() != css.FloatNone {
			// A float or a positioned box is out of the flow: the
			// space before it stays when text follows it on the same
			// line (Chromium's "a \nfloated\nb"), which is known when
			// the box is left.
			if c.pending && c.seen && !c.lineStart {
				c.flush()
				f.spaceAt = len(c.items) - 1
			}
		}
		c.breaks(1)
	case box == boxAtomic:
		c.space()
		c.lineEnd()
	case box == boxCell || box == boxRow:
		c.lineEnd()
	}
	return f, true
}

// leave is the steps after an element's children (5 to 9 of the rendered
// text collection steps).
func (c *textCollector) leave(f textFrame) {
	if !f.s.Visibility().IsVisible() {
		return
	}
	h := f.h
	switch {
	case isHTML(h, atom.Br):
		c.cur.WriteByte('\n')
		c.lineEnd()
		c.spaceAfter = -1
	case isHTML(h, atom.P):
		c.breaks(2)
	case f.box == boxBlock:
		c.breaks(1)
		c.spaceAfter = f.spaceAt
	case f.box == boxAtomic:
		c.pending, c.lineStart = false, false
	case f.box == boxCell:
		c.lineEnd()
		if c.nextBox(h, boxCell, false) {
			c.cur.WriteByte('\t')
		}
	case f.box == boxRow:
		c.lineEnd()
		if c.nextBox(h, boxRow, true) {
			c.cur.WriteByte('\n')
		}
	}
}

// nextBox reports whether a rendered cell (or row) follows h in its row (or
// its table, through row groups).
func (c *textCollector) nextBox(h *html.Node, want int, throughGroups bool) bool {
	is := func(k *html.Node) bool {
		if k.Type != html.ElementNode {
			return false
		}
		s := c.d.computedStyle(k)
		return !s.Display().IsNone() && boxOf(k, s) == want
	}
	for s := h.NextSibling; s != nil; s = s.NextSibling {
		if is(s) {
			return true
		}
	}
	if !throughGroups || h.Parent == nil || isHTML(h.Parent, atom.Table) {
		return false
	}
	for g := h.Parent.NextSibling; g != nil; g = g.NextSibling {
		if g.Type != html.ElementNode || c.d.computedStyle(g).Display().IsNone() {
			continue
		}
		for r := g.FirstChild; r != nil; r = r.NextSibling {
			if is(r) {
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
