package a11y

import (
	"github.com/eventperk/eventperk-go/internal/htmltree"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Name returns el's accessible name (accname 1.2 with HTML-AAM's rules).
//
// The steps, in the order accname §4.3.2 takes them, as Chromium runs
// them: aria-labelledby (each referenced element's text, all of it when
// the referenced element is hidden, nothing when it lies in content the
// renderer skips: a closed details, a block with hidden=until-found;
// references are not followed again); aria-label; the host language's
// label (label elements, alt, a button input's value or its default
// "Submit" and "Reset", an image input's alt, value or "Submit", a
// fieldset's legend, a table's caption or else its summary attribute, an
// optgroup's label, an option's label or text, an svg's title; Chromium
// names no figure from its figcaption); the element's content, for the
// roles that take their name from it (button, link, heading, cell,
// option, ...); an ARIA text box's aria-placeholder; the title attribute,
// except on roles that prohibit a name (generic, paragraph, ...), where it
// describes; a text field's placeholder. Inside a label or content, an
// embedded control gives its value (a text field its text, a select its
// selected options, a range its aria-valuetext or value now, an ARIA
// combobox that can take focus its selected option or text), or without
// one its aria-label or title; an element met in content gives its title
// when its role may be named (inside a reference, every element's title
// counts), and the text an element gives from an attribute is set apart
// by spaces; a fieldset, and a table with a caption, give their legend or
// caption and not their content, and the roles that hold many things
// (groups, figures, articles, dialogs, composite widgets, live regions,
// images, ranges, landmarks) give no content, outside references. Hidden
// elements inside content are left out, and one that is not rendered adds
// no space either, unless the element referenced by aria-labelledby is
// itself hidden. White space is collapsed to single spaces and trimmed;
// block-level elements (by the user agent style sheet or an inline
// display) and atomic inlines (img, form controls, inline-block) are
// separated by a space, plain inline ones are not.
//
// Each element an aria-labelledby list names gives its text, once per
// time it is named, as in Chromium; inside a content walk, an element a
// reference or a label gave already is passed over, and a label is read
// once. The name is cut at MaxNameBytes, as Chromium cuts what it hands
// to assistive technology, and the computation stops there, so its cost
// is bounded by the size of the page however the references repeat. It
// runs without recursion: a tree of any depth is named in memory linear
// in its depth. To name many elements of one page, a Cache shares the
// work.
//
// Without style sheets, CSS generated content (::before, ::after) and
// display values set by classes are not seen.
func Name(el *vdom.Node) string {
	if el == nil || !el.IsElement() {
		return ""
	}
	n, _ := computeName(el, nil)
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
	fromSVGTitle
)

// computeName computes el's name and where it came from, keeping what
// lasts in cache (nil for none).
func computeName(el *vdom.Node, cache *Cache) (string, nameSource) {
	c := newComputation(el, cache)
	defer c.release()
	c.pushElement(c.root, frame{isRoot: true})
	c.run()
	if c.abort {
		// A text was reused without its marks and one was looked up:
		// start again, reusing only what needs no marks (see lossy).
		steps := c.steps
		c.init(el, cache)
		c.steps, c.noLossy = steps, true
		c.pushElement(c.root, frame{isRoot: true})
		c.run()
	}
	n := c.text()
	c.done()
	return n, c.src
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
		up := upOf(c.anc, h)
		return up.grid() == 1
	}
	return true
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

// noContentInName reports the roles Chromium never reads the content of
// for another element's name (outside references): containers of many
// things (groups, figures, articles, dialogs, composite widgets, live
// regions), images, ranges and landmarks. A details (a group) and a native
// table or row, which Chromium reads, are not among them.
func noContentInName(h *html.Node, role string) bool {
	switch role {
	case "img", "figure", "article", "blockquote", "dialog", "alertdialog", "toolbar", "menu",
		"menubar", "tablist", "radiogroup", "tree", "treegrid", "grid", "tabpanel", "status",
		"alert", "log", "timer", "marquee", "feed", "document", "application", "note",
		"separator", "progressbar", "scrollbar", "slider", "spinbutton", "meter", "combobox",
		"listbox":
		return true
	case "group":
		return !isHTML(h, atom.Details)
	case "table":
		return !isHTML(h, atom.Table)
	case "row":
		return !isHTML(h, atom.Tr)
	}
	return landmark(role)
}

// ariaTextField reports an element that is a text box by its role alone,
// or made editable by contenteditable: aria-placeholder names it before
// its title.
func ariaTextField(h *html.Node, role string) bool {
	if v, ok := attr(h, "contenteditable"); ok && (v == "" || htmltree.EqualFoldASCII(v, "true") ||
		htmltree.EqualFoldASCII(v, "plaintext-only")) {
		return true
	}
	return (role == "textbox" || role == "searchbox") && !isHTML(h, atom.Input) && !isHTML(h, atom.Textarea)
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

// svgTitle returns an SVG element's title child.
func svgTitle(h *html.Node) *html.Node { return svgChild(h, "title") }

// svgChild returns an SVG element's first child of the SVG element type
// name (title, desc).
func svgChild(h *html.Node, name string) *html.Node {
	for n := h.FirstChild; n != nil; n = n.NextSibling {
		if n.Type == html.ElementNode && n.Namespace == "svg" && n.Data == name {
			return n
		}
	}
	return nil
}
