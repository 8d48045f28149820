package query

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
)

// DefaultMaxLength is the length at which Pretty cuts its output unless
// told otherwise, and the length of the page print in query errors: 7000
// characters, Testing Library's default DEBUG_PRINT_LIMIT.
const DefaultMaxLength = 7000

// maxIndent bounds the indentation, in levels, so that a tree nested
// thousands of levels deep prints in time and space linear in its size.
const maxIndent = 64

// A PrettyOption adjusts Pretty.
type PrettyOption func(*prettyConfig)

type prettyConfig struct {
	maxLength int
}

// MaxLength sets the length, in bytes, at which Pretty cuts its output;
// zero or less prints everything.
func MaxLength(n int) PrettyOption {
	return func(c *prettyConfig) { c.maxLength = n }
}

// Pretty prints the subtree of n for people: one element per line,
// indented by two spaces a level, with its attributes in the order the
// tree holds them (an empty one as name="", as Testing Library prints
// it, but for HTML's boolean attributes, bare: <input value="" required>);
// text with its white space collapsed, on the element's line when it is
// the element's only content; comments, and script and style elements
// below n, left out. Form controls also show their live state where it
// differs from their attributes, as properties written with a dot:
// .value="typed" on an input or textarea, .checked or .checked=false on a
// checkbox or radio button, .indeterminate, .selected or .selected=false
// on an option, .files="a.txt, b.png" on a file input. The contents of a
// template element print too, although no query finds them (in a browser
// they are not part of the page).
//
// The output is cut at DefaultMaxLength bytes (see MaxLength), on a
// character boundary, and then ends with a line saying so. The same tree
// always prints the same; deep trees print without recursion, their
// indentation capped at 64 levels.
func Pretty(n *vdom.Node, opts ...PrettyOption) string {
	c := prettyConfig{maxLength: DefaultMaxLength}
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	if n == nil {
		return "(nil node)"
	}
	p := printer{doc: docOf(n), max: c.maxLength}
	p.tree(n.HTML())
	return p.result()
}

// printer writes a subtree line by line until it reaches its length.
type printer struct {
	doc  *vdom.Document
	b    strings.Builder
	max  int
	full bool // the output reached max
}

// frame is an element whose end tag is still to print.
type frame struct {
	h     *html.Node
	depth int
}

// tree prints root and its descendants with an explicit stack.
func (p *printer) tree(root *html.Node) {
	var stack []frame
	// visit prints h's line, or its first line, and says whether its
	// children follow on lines of their own.
	visit := func(h *html.Node, depth int) bool {
		switch h.Type {
		case html.DocumentNode:
			return true
		case html.DoctypeNode:
			p.line(depth, "<!DOCTYPE "+h.Data+">")
		case html.TextNode:
			if t := normalize(h.Data); t != "" {
				p.line(depth, t)
			}
		case html.CommentNode:
			if h == root {
				p.line(depth, "<!--"+h.Data+"-->")
			}
		case html.ElementNode:
			return p.element(h, depth)
		}
		return false
	}
	if visit(root, 0) {
		stack = append(stack, frame{root, 0})
	}
	// Walk: after a node, its first child when it opened a frame, else its
	// next sibling; at the end of a sibling list, close the frame.
	h := firstShown(root)
	if len(stack) == 0 {
		h = nil
	}
	for len(stack) > 0 && !p.full {
		top := stack[len(stack)-1]
		if h == nil {
			if top.h.Type == html.ElementNode {
				p.line(top.depth, "</"+top.h.Data+">")
			}
			stack = stack[:len(stack)-1]
			if top.h == root {
				break
			}
			h = nextShown(top.h)
			continue
		}
		depth := top.depth + 1
		if top.h.Type == html.DocumentNode {
			depth = top.depth
		}
		if visit(h, depth) {
			stack = append(stack, frame{h, depth})
			h = firstShown(h)
			continue
		}
		h = nextShown(h)
	}
}

// shown reports whether Pretty prints h as a child: comments and script
// and style elements are left out, as Testing Library's print leaves them.
func shown(h *html.Node) bool {
	switch h.Type {
	case html.CommentNode:
		return false
	case html.ElementNode:
		return h.Data != "script" && h.Data != "style"
	case html.TextNode:
		return normalize(h.Data) != ""
	}
	return true
}

func firstShown(h *html.Node) *html.Node {
	c := h.FirstChild
	for c != nil && !shown(c) {
		c = c.NextSibling
	}
	return c
}

func nextShown(h *html.Node) *html.Node {
	c := h.NextSibling
	for c != nil && !shown(c) {
		c = c.NextSibling
	}
	return c
}

// oneLine is the length up to which an element with only text prints on
// one line.
const oneLine = 100

// element prints h's start tag, and its text and end tag too when they
// fit on the line; it says whether the children still need printing.
func (p *printer) element(h *html.Node, depth int) bool {
	tag := p.startTag(h)
	if voidElements[h.Data] && h.Namespace == "" {
		p.line(depth, tag)
		return false
	}
	first := firstShown(h)
	switch {
	case first == nil:
		p.line(depth, tag+"</"+h.Data+">")
		return false
	case first.Type == html.TextNode && nextShown(first) == nil:
		if t := normalize(first.Data); len(tag)+len(t) <= oneLine {
			p.line(depth, tag+t+"</"+h.Data+">")
			return false
		}
	}
	p.line(depth, tag)
	return true
}

// startTag is h's start tag with its attributes and live state.
func (p *printer) startTag(h *html.Node) string {
	var b strings.Builder
	b.WriteString("<")
	b.WriteString(h.Data)
	for _, a := range h.Attr {
		b.WriteString(" ")
		if a.Namespace != "" {
			b.WriteString(a.Namespace + ":")
		}
		b.WriteString(a.Key)
		if bare := a.Val == "" && a.Namespace == "" && h.Namespace == "" && booleanAttrs[a.Key]; !bare {
			b.WriteString(`="`)
			b.WriteString(escapeAttr(a.Val))
			b.WriteString(`"`)
		}
	}
	if p.doc != nil && h.Namespace == "" {
		live(&b, p.doc.Wrap(h))
	}
	b.WriteString(">")
	return b.String()
}

// booleanAttrs are HTML's boolean attributes (the "Boolean attribute"
// rows of HTML's index of attributes, hidden included): present or not
// is all they say, so Pretty prints them bare when empty. Any other empty
// attribute prints as name="", so that value="" does not read as a flag.
var booleanAttrs = map[string]bool{
	"allowfullscreen": true, "alpha": true, "async": true, "autofocus": true, "autoplay": true,
	"checked": true, "controls": true, "default": true, "defer": true, "disabled": true,
	"formnovalidate": true, "hidden": true, "inert": true, "ismap": true, "itemscope": true,
	"loop": true, "multiple": true, "muted": true, "nomodule": true, "novalidate": true,
	"open": true, "playsinline": true, "readonly": true, "required": true, "reversed": true,
	"selected": true, "shadowrootclonable": true, "shadowrootcustomelementregistry": true,
	"shadowrootdelegatesfocus": true, "shadowrootserializable": true,
}

// startTag is the one-line form of an element used in error listings.
func startTag(el *vdom.Node) string {
	p := printer{doc: docOf(el)}
	return p.startTag(el.HTML())
}

// live writes the state of a form control that its attributes do not
// show.
func live(b *strings.Builder, el *vdom.Node) {
	switch el.LocalName() {
	case "input":
		switch typ := el.Type(); typ {
		case "checkbox", "radio":
			if el.Checked() != el.HasAttribute("checked") {
				b.WriteString(boolProp("checked", el.Checked()))
			}
			if el.Indeterminate() {
				b.WriteString(" .indeterminate")
			}
		case "file":
			if files := el.Files(); len(files) > 0 {
				names := make([]string, len(files))
				for i, f := range files {
					names[i] = f.Name
				}
				b.WriteString(` .files="` + escapeAttr(strings.Join(names, ", ")) + `"`)
			}
		case "hidden", "submit", "reset", "button", "image":
			// Their value is the value attribute.
		default:
			if v, _ := el.GetAttribute("value"); el.Value() != v {
				b.WriteString(` .value="` + escapeAttr(el.Value()) + `"`)
			}
		}
	case "textarea":
		if el.Value() != el.DefaultValue() {
			b.WriteString(` .value="` + escapeAttr(el.Value()) + `"`)
		}
	case "option":
		if el.Selected() != el.HasAttribute("selected") {
			b.WriteString(boolProp("selected", el.Selected()))
		}
	}
}

func boolProp(name string, on bool) string {
	if on {
		return " ." + name
	}
	return " ." + name + "=false"
}

// escapeAttr writes a value so that it reads as one quoted value on one
// line.
func escapeAttr(s string) string {
	if !strings.ContainsAny(s, "\"&\n\r\t") {
		return s
	}
	return strings.NewReplacer(`&`, "&amp;", `"`, "&quot;", "\n", "&#10;", "\r", "&#13;", "\t", "&#9;").Replace(s)
}

// line writes one line at depth, or as much of it as the length allows.
func (p *printer) line(depth int, s string) {
	if p.full {
		return
	}
	if p.b.Len() > 0 {
		p.b.WriteByte('\n')
	}
	p.b.WriteString(strings.Repeat("  ", min(depth, maxIndent)))
	p.b.WriteString(s)
	if p.max > 0 && p.b.Len() > p.max {
		p.full = true
	}
}

// result is the output, cut at the length with a note.
func (p *printer) result() string {
	s := p.b.String()
	if !p.full {
		return s
	}
	cut := p.max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("\n... (cut at %d characters)", p.max)
}

// voidElements have no end tag.
var voidElements = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true,
	"input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true,
}
