package a11y

import (
	"strings"

	"github.com/eventperk/eventperk-go/internal/htmltree"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Name returns el's accessible name (accname 1.2 with HTML-AAM's rules).
//
// The steps, in the order accname §4.3.2 takes them, as Chromium runs
// them: aria-labelledby (each referenced element's text, all of it when
// the referenced element is hidden, without following references again);
// aria-label; the host language's label (label elements, alt, a button
// input's value or its default "Submit" and "Reset", an image input's alt,
// value or "Submit", a fieldset's legend, a table's caption, an optgroup's
// label, an option's label or text, an svg's title; Chromium 156 names no
// figure from its figcaption); the element's content, for the roles that
// take their name from it (button, link, heading, cell, option, ...); the
// title attribute, except on roles that prohibit a name (generic,
// paragraph, ...), where it describes; a text field's placeholder. Inside a label or
// content, an embedded control gives its value: a text field its text, a
// select its selected options, a range its aria-valuetext, aria-valuenow
// or value. Hidden elements inside content are left out unless the
// element referenced by aria-labelledby is itself hidden. White space is
// collapsed to single spaces and trimmed; block-level elements (by the
// user agent style sheet or an inline display) and atomic inlines (img,
// form controls, inline-block) are separated by a space, plain inline ones
// are not.
//
// Without style sheets, CSS generated content (::before, ::after) and
// display values set by classes are not seen.
func Name(el *vdom.Node) string {
	if el == nil || !el.IsElement() {
		return ""
	}
	n, _ := computeName(el)
	return n
}

// nameSource tells Description where the name came from: what gave the
// name does not describe the element as well.
type nameSource uint8

const (
	fromOther nameSource = iota
	fromTitle
	fromContent
	fromCaption
)

// computeName computes el's name, finding labels through labels (nil:
// by a walk of the tree each time).
func computeName(el *vdom.Node) (string, nameSource) {
	c := computation{root: el.HTML(), doc: el.OwnerDocument(), el: el}
	var b strings.Builder
	src := c.element(&b, el.HTML(), frame{isRoot: true})
	return normalizeSpace(b.String()), src
}

// computation holds the state of one name or description computation.
type computation struct {
	root *html.Node
	el   *vdom.Node
	doc  *vdom.Document
	// visited holds the elements already traversed through a reference,
	// so that each is traversed once (accname §4.3.2 step 2B).
	visited map[*html.Node]bool
}

// frame is how the current node is reached.
type frame struct {
	isRoot bool
	// inReference is set inside an aria-labelledby or aria-describedby
	// traversal: references are not followed again.
	inReference bool
	// includeHidden is set when the directly referenced element was
	// hidden: its hidden content counts.
	includeHidden bool
	// recursion is set for the content of another element.
	recursion bool
	// inLabel is set inside a label element or its like, whose whole
	// content names a control.
	inLabel bool
	// visHidden carries an inherited inline visibility: hidden.
	visHidden bool
	// direct is set on an element a reference or a label association
	// names directly: its title may name it.
	direct bool
}

// handle returns the vdom handle of a tree node.
func (c *computation) handle(h *html.Node) *vdom.Node {
	if h == c.root {
		return c.el
	}
	return c.doc.Wrap(h)
}

// element appends the text alternative of element h to b (accname §4.3.2
// step 2).
func (c *computation) element(b *strings.Builder, h *html.Node, f frame) nameSource {
	// Step 2A: hidden content is not part of a name.
	if !f.isRoot && !f.includeHidden {
		hides, vis := hiddenByAttributes(h, false)
		if hides || notRendered(h) || isHTML(h, atom.Input) && inputType(h) == "hidden" {
			return fromOther
		}
		switch vis {
		case visHidden:
			f.visHidden = true
		case visVisible:
			f.visHidden = false
		}
		if f.visHidden {
			// Invisible itself (visibility: hidden inherits), but a
			// descendant may be visible again: only the content counts.
			c.content(b, h, f)
			return fromOther
		}
	}

	// Step 2B: aria-labelledby.
	if !f.inReference {
		ids, ok := attr(h, "aria-labelledby")
		if !ok {
			// Chromium also reads the misspelling aria-labeledby.
			ids, ok = attr(h, "aria-labeledby")
		}
		if ok && c.reference(b, ids) {
			return fromOther
		}
	}

	el := c.handle(h)
	role := Role(el)

	// Step 2C (2E in accname 1.2): a control embedded in another's label
	// gives its value.
	if !f.isRoot && (f.recursion || f.inReference) && c.embeddedControl(b, el, h, role) {
		return fromOther
	}

	// Step 2D: aria-label.
	if v, ok := attr(h, "aria-label"); ok && !blank(v) {
		b.WriteString(v)
		return fromOther
	}

	// Step 2E: the host language.
	if role != "none" {
		if c.hostLanguage(b, el, h, f) {
			if isHTML(h, atom.Table) {
				return fromCaption
			}
			return fromOther
		}
	}

	// Step 2F: name from content; Chromium takes none from a landmark
	// inside another element's content.
	if (f.recursion || f.inReference || f.inLabel) && !(f.recursion && landmark(role)) || c.fromContent(h, role) {
		start := b.Len()
		c.content(b, h, f)
		if !blank(b.String()[start:]) {
			return fromContent
		}
		// Nothing but white space: keep it for the spacing of an outer
		// content, fall through to the tooltip otherwise.
		if f.isRoot {
			resetTo(b, start)
		}
	}

	// Step 2I: the tooltip attribute, for the element being named or one
	// a reference names directly (Chromium does not take the titles of
	// descendants into content) and not for the roles that prohibit a
	// name, where Chromium makes the title a description.
	if v, ok := attr(h, "title"); ok && !blank(v) && (f.isRoot || f.direct) && !nameProhibited(role) {
		b.WriteString(v)
		return fromTitle
	}
	if f.isRoot && isTextField(h) {
		if v, ok := attr(h, "placeholder"); ok && !blank(v) {
			b.WriteString(v)
			return fromOther
		}
		if v, ok := attr(h, "aria-placeholder"); ok && !blank(v) {
			b.WriteString(v)
			return fromOther
		}
	}
	return fromOther
}

// resetTo truncates b to n bytes.
func resetTo(b *strings.Builder, n int) {
	s := b.String()[:n]
	b.Reset()
	b.WriteString(s)
}

// reference appends the text of the elements an IDREF list names, and
// reports whether it named any that gave text.
func (c *computation) reference(b *strings.Builder, ids string) bool {
	var parts []string
	for rest := ids; ; {
		var id string
		id, rest = nextToken(rest)
		if id == "" {
			break
		}
		target := lookupID(c.el, id)
		if target == nil {
			continue
		}
		t := target.HTML()
		// Each reference counts, even one repeated; the content walk
		// below skips what a reference already gave.
		if c.visited == nil {
			c.visited = map[*html.Node]bool{}
		}
		c.visited[t] = true
		var sub strings.Builder
		c.element(&sub, t, frame{inReference: true, direct: true, includeHidden: IsHidden(target)})
		if s := normalizeSpace(sub.String()); s != "" {
			parts = append(parts, s)
		}
	}
	if len(parts) == 0 {
		return false
	}
	b.WriteString(strings.Join(parts, " "))
	return true
}

// fromContent reports whether an element being named takes its name from
// its content.
func (c *computation) fromContent(h *html.Node, role string) bool {
	info, ok := ariaRoles[role]
	if !ok || !info.fromContent {
		return false
	}
	if role == "row" {
		// Chromium names rows from their cells only in grids.
		for p := h.Parent; isElement(p); p = p.Parent {
			switch explicitRole(nil, p) {
			case "grid", "treegrid":
				return true
			case "table":
				return false
			}
			if isHTML(p, atom.Table) {
				return false
			}
		}
		return false
	}
	return true
}

// content appends the text of h's children (accname §4.3.2 step 2F).
func (c *computation) content(b *strings.Builder, h *html.Node, f frame) {
	child := frame{
		inReference:   f.inReference,
		includeHidden: f.includeHidden,
		recursion:     true,
		inLabel:       f.inLabel,
		visHidden:     f.visHidden,
	}
	if v, ok := attr(h, "hidden"); ok && htmltree.EqualFoldASCII(v, "until-found") && !f.includeHidden {
		return
	}
	for n := h.FirstChild; n != nil; n = n.NextSibling {
		switch n.Type {
		case html.TextNode:
			if !f.visHidden || f.includeHidden {
				b.WriteString(n.Data)
			}
		case html.ElementNode:
			if n == c.root && !f.isRoot || c.visited[n] {
				// The element being named, inside its own label, is not
				// part of its own name; an element a reference already
				// gave is not given twice (accname §4.3.2 step 2F).
				continue
			}
			block := separatesText(n)
			if block {
				b.WriteByte(' ')
			}
			c.element(b, n, child)
			if block {
				b.WriteByte(' ')
			}
		}
	}
}

// embeddedControl appends the value of a control embedded in a label or
// content, and reports whether h is such a control.
func (c *computation) embeddedControl(b *strings.Builder, el *vdom.Node, h *html.Node, role string) bool {
	switch role {
	case "textbox", "searchbox":
		if isHTML(h, atom.Input) || isHTML(h, atom.Textarea) {
			b.WriteString(el.Value())
			return true
		}
		// An ARIA text box's value is its text.
		b.WriteString(textContent(h))
		return true
	case "combobox", "listbox":
		if isHTML(h, atom.Select) {
			for i, o := range el.SelectedOptions() {
				if i > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(optionText(o.HTML()))
			}
			return true
		}
		if isHTML(h, atom.Input) {
			b.WriteString(el.Value())
			return true
		}
		if role == "combobox" {
			// An ARIA combobox that is not a text field has no value
			// of its own here: Chromium gives nothing.
			return true
		}
		if role == "listbox" {
			first := true
			for d := range h.Descendants() {
				if d.Type == html.ElementNode && ariaTristate(d, "aria-selected", false) == True {
					if !first {
						b.WriteByte(' ')
					}
					first = false
					c.content(b, d, frame{recursion: true})
				}
			}
			return true
		}
		return false
	case "slider", "spinbutton", "progressbar", "scrollbar", "meter":
		if v, ok := attr(h, "aria-valuetext"); ok && !blank(v) {
			b.WriteString(v)
			return true
		}
		if v, ok := attr(h, "aria-valuenow"); ok && !blank(v) {
			b.WriteString(v)
			return true
		}
		if isHTML(h, atom.Input) {
			b.WriteString(el.Value())
			return true
		}
		if isHTML(h, atom.Progress) || isHTML(h, atom.Meter) {
			if v, ok := attr(h, "value"); ok {
				b.WriteString(htmltree.TrimSpace(v))
			}
			return true
		}
		return false
	}
	return false
}

// nameProhibited reports the roles ARIA 1.2 prohibits naming (§5.2.8.6);
// Chromium still takes aria-label and aria-labelledby for them, not the
// title.
func nameProhibited(role string) bool {
	switch role {
	case "caption", "code", "deletion", "emphasis", "generic", "insertion", "paragraph",
		"presentation", "none", "strong", "subscript", "superscript", "term", "definition",
		"mark", "time", "sectionheader", "sectionfooter":
		return true
	}
	return false
}

// landmark reports the landmark roles, whose content Chromium leaves out
// of an ancestor's name: they name themselves, not their ancestors.
func landmark(role string) bool {
	switch role {
	case "banner", "complementary", "contentinfo", "form", "main", "navigation", "region", "search":
		return true
	}
	return false
}

// hostLanguage appends the text alternative HTML-AAM §4.1 gives h, and
// reports whether it gave one.
func (c *computation) hostLanguage(b *strings.Builder, el *vdom.Node, h *html.Node, f frame) bool {
	if h.Namespace == "svg" {
		if t := svgTitle(h); t != nil {
			b.WriteString(textContent(t))
			return true
		}
		return false
	}
	if h.Namespace != "" {
		return false
	}
	switch h.DataAtom {
	case atom.Input:
		switch inputType(h) {
		case "button", "submit", "reset":
			if el.Labels() != nil {
				// Chromium names a button input by its labels, even
				// when they give nothing, and then describes it by its
				// value.
				c.labels(b, el)
				return true
			}
			// A value attribute, even empty, replaces the default label.
			if v, ok := attr(h, "value"); ok {
				b.WriteString(v)
				return v != ""
			}
			switch inputType(h) {
			case "submit":
				b.WriteString("Submit")
				return true
			case "reset":
				b.WriteString("Reset")
				return true
			}
			return false
		case "image":
			if c.labels(b, el) {
				return true
			}
			if v, ok := attr(h, "alt"); ok && !blank(v) {
				b.WriteString(v)
				return true
			}
			if v, ok := attr(h, "value"); ok && !blank(v) {
				b.WriteString(v)
				return true
			}
			if v, ok := attr(h, "title"); ok && !blank(v) {
				return false // the tooltip step takes it
			}
			b.WriteString("Submit")
			return true
		}
		return c.labels(b, el)
	case atom.Button, atom.Select, atom.Textarea, atom.Meter, atom.Output, atom.Progress:
		return c.labels(b, el)
	case atom.Fieldset:
		if l := firstChildElement(h, atom.Legend); l != nil {
			return c.nativeLabel(b, l, f)
		}
	case atom.Table:
		if cap := firstChildElement(h, atom.Caption); cap != nil {
			return c.nativeLabel(b, cap, f)
		}
	case atom.Img, atom.Area:
		if v, ok := attr(h, "alt"); ok {
			// alt="" is the name, empty: a title then describes.
			b.WriteString(v)
			return true
		}
	case atom.Optgroup:
		if v, ok := attr(h, "label"); ok && !blank(v) {
			b.WriteString(v)
			return true
		}
	case atom.Option:
		if v, ok := attr(h, "label"); ok && !blank(v) {
			b.WriteString(v)
			return true
		}
		b.WriteString(optionText(h))
		return true
	}
	return false
}

// labels appends the text of el's label elements, joined by spaces, and
// reports whether they gave any.
func (c *computation) labels(b *strings.Builder, el *vdom.Node) bool {
	ls := el.Labels()
	if len(ls) == 0 {
		return false
	}
	start := b.Len()
	for _, l := range ls {
		lh := l.HTML()
		if c.visited == nil {
			c.visited = map[*html.Node]bool{}
		}
		if c.visited[lh] {
			continue
		}
		c.visited[lh] = true
		if b.Len() > start {
			b.WriteByte(' ')
		}
		c.element(b, lh, frame{inLabel: true, recursion: true, direct: true})
	}
	if blank(b.String()[start:]) {
		resetTo(b, start)
		return false
	}
	return true
}

// nativeLabel appends the text of a legend or caption that
// names its parent.
func (c *computation) nativeLabel(b *strings.Builder, l *html.Node, f frame) bool {
	start := b.Len()
	c.element(b, l, frame{inLabel: true, recursion: true, inReference: f.inReference, includeHidden: f.includeHidden})
	if blank(b.String()[start:]) {
		resetTo(b, start)
		return false
	}
	return true
}

// isTextField reports the controls whose placeholder can name them.
func isTextField(h *html.Node) bool {
	if isHTML(h, atom.Textarea) {
		return true
	}
	if !isHTML(h, atom.Input) {
		return false
	}
	switch inputType(h) {
	case "text", "search", "tel", "url", "email", "password", "number":
		return true
	}
	return false
}

// svgTitle returns an svg element's title child.
func svgTitle(h *html.Node) *html.Node {
	for n := h.FirstChild; n != nil; n = n.NextSibling {
		if n.Type == html.ElementNode && n.Namespace == "svg" && n.Data == "title" {
			return n
		}
	}
	return nil
}

// optionText is an option's text: its descendant text with white space
// collapsed, script content excluded (HTML §4.10.10).
func optionText(h *html.Node) string {
	if v, ok := attr(h, "label"); ok && v != "" {
		return v
	}
	return normalizeSpace(textContent(h))
}

// textContent concatenates the text of h's descendants, leaving out
// script and style.
func textContent(h *html.Node) string {
	var b strings.Builder
	for n := range h.Descendants() {
		if n.Type == html.TextNode && !isHTML(n.Parent, atom.Script) && !isHTML(n.Parent, atom.Style) {
			b.WriteString(n.Data)
		}
	}
	return b.String()
}

// separatesText reports whether an element's text is set apart from the
// text around it in a name: a block box by the user agent style sheet
// (HTML §15.3) or its inline style, and an atomic inline (a replaced
// element such as img, a form control, an inline-block), which Chromium
// also separates by spaces. Only plain inline boxes run together.
func separatesText(h *html.Node) bool {
	if v, ok := attr(h, "style"); ok {
		if d, ok := htmltree.StyleValue(v, "display"); ok {
			return !(htmltree.EqualFoldASCII(d, "inline") || htmltree.EqualFoldASCII(d, "contents"))
		}
	}
	if h.Namespace == "svg" || h.Namespace == "math" {
		return h.Parent == nil || h.Parent.Namespace != h.Namespace
	}
	if h.Namespace != "" {
		return false
	}
	switch h.DataAtom {
	case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Body, atom.Caption,
		atom.Center, atom.Dd, atom.Details, atom.Dialog, atom.Dir, atom.Div, atom.Dl, atom.Dt,
		atom.Fieldset, atom.Figcaption, atom.Figure, atom.Footer, atom.Form, atom.H1, atom.H2,
		atom.H3, atom.H4, atom.H5, atom.H6, atom.Header, atom.Hgroup, atom.Hr, atom.Legend,
		atom.Li, atom.Listing, atom.Main, atom.Menu, atom.Nav, atom.Ol, atom.Optgroup,
		atom.Option, atom.P, atom.Plaintext, atom.Pre, atom.Search, atom.Section, atom.Summary,
		atom.Table, atom.Tbody, atom.Td, atom.Tfoot, atom.Th, atom.Thead, atom.Tr, atom.Ul,
		atom.Xmp, atom.Br,
		// Atomic inlines.
		atom.Button, atom.Img, atom.Input, atom.Select, atom.Textarea, atom.Meter,
		atom.Progress, atom.Iframe, atom.Video, atom.Audio, atom.Canvas, atom.Embed, atom.Object:
		return true
	}
	return false
}

// normalizeSpace collapses runs of white space into one space and trims
// the ends (accname §4.3.2 step 3: "flat string" after normalisation).
func normalizeSpace(s string) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}
