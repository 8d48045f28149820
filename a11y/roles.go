package a11y

import (
	"github.com/eventperk/eventperk-go/css"
	"github.com/eventperk/eventperk-go/internal/htmltree"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Role returns el's role: the first token of its role attribute that names
// a non-abstract ARIA role, else its implicit role (ImplicitRole). It
// returns "" for nodes that are not elements.
//
// Synonyms come out under one name, as Chromium reports them:
// role="presentation" as "none", role="image" as "img", the deprecated
// "directory" as "list" (see CanonicalRole). As in Chromium, a
// presentational role on a focusable element or one with a global ARIA
// attribute is ignored (ARIA §9.2); a region or form without a name, and a
// listitem, option or treeitem outside its list, listbox or tree, is a
// generic. An element that would be a generic and whose computed display
// is a list item (display: list-item, from a sheet or the style
// attribute) is a listitem, as Chromium makes it from its list item box.
// For an element without a role attribute Role is a switch on the tag
// name (and for a generic, a look-up of its computed style, which the
// document keeps) and does not allocate.
func Role(el *vdom.Node) string {
	if el == nil || !el.IsElement() {
		return ""
	}
	return roleOf(el.OwnerDocument(), nil, el, el.HTML(), nil)
}

// roleOf is Role, reading the ancestors through anc (nil: a walk up) and
// the computed styles of doc, through hc when not nil (which keeps the
// last one read for IsHidden).
func roleOf(doc *vdom.Document, hc *HiddenChecker, el *vdom.Node, h *html.Node, anc *ancestry) string {
	up := upOf(anc, h)
	if r := explicitRole(el, h, &up); r != "" {
		return r
	}
	return styledRole(doc, hc, h, implicitRole(el, h, &up))
}

// styledRole returns the implicit role r of h as its computed style in
// doc (read through hc when not nil) changes it: a generic whose display
// is a list item is a listitem.
func styledRole(doc *vdom.Document, hc *HiddenChecker, h *html.Node, r string) string {
	if r != "generic" || doc == nil {
		return r
	}
	var s *css.Style
	if hc != nil {
		hc.doc = doc
		s = hc.styleOf(h)
	} else {
		s = styleOf(doc, h)
	}
	if s != nil && s.Display().IsListItem() {
		return "listitem"
	}
	return r
}

// ImplicitRole returns the role HTML-AAM gives el's element type, as
// Chromium computes it ("generic" for div and span, "" for elements with no
// role mapping).
//
// Some roles depend on where the element is or on its attributes, as in
// Chromium: a header or footer is a banner or contentinfo landmark only
// outside article, aside, main, nav and section (inside, a sectionheader or
// sectionfooter); an aside inside article, aside, nav or section is a
// complementary landmark only with a name; a section is a region only with
// a name; a th is a columnheader or rowheader by its scope, its row group
// and the cells beside it; an img with alt="" is "none" unless it has a
// title, a global ARIA attribute or is focusable; a select is a listbox
// when multiple or its size is above 1, else a combobox; a text input is
// a combobox when its list attribute names a datalist.
func ImplicitRole(el *vdom.Node) string {
	if el == nil || !el.IsElement() {
		return ""
	}
	h := el.HTML()
	up := upOf(nil, h)
	return implicitRole(el, h, &up)
}

// implicitRole is ImplicitRole on the tree node. el may be nil for an
// ancestor whose handle is not at hand; it is only used to ask whether the
// element is focusable. up gives the facts of h's parent, which the roles
// that depend on where the element is read.
func implicitRole(el *vdom.Node, h *html.Node, up *parentFacts) string {
	switch h.Namespace {
	case "":
	case "svg":
		// Chromium exposes an outer svg element as an image.
		if h.DataAtom == atom.Svg && (h.Parent == nil || h.Parent.Namespace != "svg") {
			if svgHasStructure(h) {
				return "graphics-document"
			}
			return "img"
		}
		return ""
	case "math":
		if h.DataAtom == atom.Math {
			return "math"
		}
		return ""
	default:
		return ""
	}
	switch h.DataAtom {
	case atom.A:
		if hasAttr(h, "href") {
			return "link"
		}
		return "generic"
	case atom.Area:
		if hasAttr(h, "href") {
			return "link"
		}
		return "generic"
	case atom.Address, atom.Details, atom.Fieldset, atom.Hgroup, atom.Optgroup:
		return "group"
	case atom.Article:
		return "article"
	case atom.Aside:
		return asideRole(h, up)
	case atom.Blockquote:
		return "blockquote"
	case atom.Button:
		return "button"
	case atom.Caption:
		if inPresentationalTable(up) {
			return "generic"
		}
		return "caption"
	case atom.Code:
		return "code"
	case atom.Datalist:
		return "listbox"
	case atom.Dd:
		return "definition"
	case atom.Del, atom.S:
		return "deletion"
	case atom.Dfn, atom.Dt:
		return "term"
	case atom.Dialog:
		return "dialog"
	case atom.Dl, atom.Ol, atom.Ul, atom.Menu, atom.Dir:
		return "list"
	case atom.Em:
		return "emphasis"
	case atom.Figure:
		return "figure"
	case atom.Footer:
		if up.sectioning() {
			return "sectionfooter"
		}
		return "contentinfo"
	case atom.Header:
		if up.sectioning() {
			return "sectionheader"
		}
		return "banner"
	case atom.Form:
		return "form"
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return "heading"
	case atom.Hr:
		return "separator"
	case atom.Img:
		return imgRole(el, h)
	case atom.Input:
		return inputRole(el, h)
	case atom.Ins:
		return "insertion"
	case atom.Li:
		if p := h.Parent; p != nil && (isHTML(p, atom.Ul) || isHTML(p, atom.Ol) || isHTML(p, atom.Menu)) && hasAttr(p, "role") && up.presentational() {
			// ARIA §9.3: the owned elements of a presentational list
			// inherit its role.
			return "none"
		}
		return "listitem"
	case atom.Main:
		return "main"
	case atom.Mark:
		return "mark"
	case atom.Meter:
		return "meter"
	case atom.Nav:
		return "navigation"
	case atom.Option:
		return "option"
	case atom.Output:
		return "status"
	case atom.P:
		return "paragraph"
	case atom.Progress:
		return "progressbar"
	case atom.Search:
		return "search"
	case atom.Section:
		if hasName(h) {
			return "region"
		}
		return "generic"
	case atom.Select:
		if selectIsListbox(h) {
			return "listbox"
		}
		return "combobox"
	case atom.Strong:
		return "strong"
	case atom.Sub:
		return "subscript"
	case atom.Sup:
		return "superscript"
	case atom.Summary:
		if p := h.Parent; isHTML(p, atom.Details) && firstChildElement(p, atom.Summary) == h {
			return "button"
		}
		return "generic"
	case atom.Table:
		return "table"
	case atom.Tbody, atom.Thead, atom.Tfoot:
		if inPresentationalTable(up) {
			return "generic"
		}
		return "rowgroup"
	case atom.Tr:
		if inPresentationalTable(up) {
			return "generic"
		}
		return "row"
	case atom.Td, atom.Th:
		return cellRole(h, up)
	case atom.Textarea:
		return "textbox"
	case atom.Time:
		return "time"
	case atom.Math:
		return "math"

	// Elements with no ARIA role: Chromium gives them internal roles
	// (Abbr, Audio, LabelText, Legend, Figcaption, ...) or leaves them out
	// of the tree.
	case atom.Abbr, atom.Audio, atom.Video, atom.Canvas, atom.Embed, atom.Object, atom.Iframe,
		atom.Frame, atom.Frameset, atom.Label, atom.Legend, atom.Figcaption, atom.Br, atom.Wbr,
		atom.Ruby, atom.Rt, atom.Rp, atom.Col, atom.Colgroup, atom.Map, atom.Param, atom.Source,
		atom.Track, atom.Head, atom.Title, atom.Meta, atom.Link, atom.Base, atom.Script,
		atom.Style, atom.Template, atom.Noscript, atom.Noembed, atom.Noframes, atom.Html:
		return ""
	}
	// div, span, b, i, body, pre, custom and unknown elements, ...
	if hasAttr(h, "autofocus") || hasAttr(h, "draggable") {
		// HTML-AAM's minimum role: a generic that can take focus on
		// load or be dragged is a group, as Chromium 148 exposes it
		// (only without a role attribute: role=generic stays one).
		if !hasAttr(h, "role") {
			return "group"
		}
	}
	return "generic"
}

// inputRole is the implicit role of an input by its type (HTML-AAM §3.5).
func inputRole(el *vdom.Node, h *html.Node) string {
	switch inputType(h) {
	case "button", "submit", "reset", "image", "file":
		return "button"
	case "checkbox":
		return "checkbox"
	case "radio":
		return "radio"
	case "range":
		return "slider"
	case "number":
		if hasSuggestions(el, h) {
			return "combobox"
		}
		return "spinbutton"
	case "search":
		if hasSuggestions(el, h) {
			return "combobox"
		}
		return "searchbox"
	case "text", "email", "tel", "url":
		if hasSuggestions(el, h) {
			return "combobox"
		}
		return "textbox"
	case "password":
		return "textbox"
	}
	// hidden; color, date, datetime-local, month, week and time, which
	// Chromium exposes with internal roles (ColorWell, Date, DateTime,
	// InputTime).
	return ""
}

// hasSuggestions reports whether an input's list attribute names a
// datalist: Chromium then exposes it as a combobox.
func hasSuggestions(el *vdom.Node, h *html.Node) bool {
	id, ok := attr(h, "list")
	if !ok || id == "" || el == nil {
		return false
	}
	target := lookupID(el, id)
	return target != nil && isHTML(target.HTML(), atom.Datalist)
}

// imgRole is an img's role: "none" for alt="" unless something makes it
// worth exposing (Chromium keeps it as an image when it has a title, a
// global ARIA attribute or can take focus).
func imgRole(el *vdom.Node, h *html.Node) string {
	if alt, ok := attr(h, "alt"); ok && alt == "" {
		if hasAttr(h, "title") || presentationConflict(el, h) {
			return "img"
		}
		return "none"
	}
	return "img"
}

// selectIsListbox reports whether a select is drawn as a list box: with a
// size above 1, or multiple without a size of 1. HTML §4.10.7 makes a
// multiple select a list box whatever its size; Chromium draws one of
// size 1 as a drop-down, a combobox.
func selectIsListbox(h *html.Node) bool {
	size, sized := selectSize(h)
	return size > 1 || hasAttr(h, "multiple") && !(sized && size == 1)
}

// selectSize parses a select's size attribute by the rules for parsing
// non-negative integers, and reports whether it is a valid one: 0 and
// false when missing or invalid.
func selectSize(h *html.Node) (int, bool) {
	v, ok := attr(h, "size")
	if !ok {
		return 0, false
	}
	i := 0
	for i < len(v) && htmltree.IsSpace(v[i]) {
		i++
	}
	if i < len(v) && v[i] == '+' {
		i++
	}
	n, digits := 0, false
	for ; i < len(v) && '0' <= v[i] && v[i] <= '9'; i++ {
		digits = true
		if n < 1<<20 {
			n = n*10 + int(v[i]-'0')
		}
	}
	return n, digits
}

// asideRole is an aside's role: complementary at the top level or in a
// main, generic inside other sectioning content unless it has a name.
func asideRole(h *html.Node, up *parentFacts) string {
	if up.asideScope() && !hasName(h) {
		return "generic"
	}
	return "complementary"
}

// hasName reports whether a landmark-like element (section, aside) has an
// accessible name from its author: aria-label, aria-labelledby or a title
// attribute (Chromium 148 counts one that is blank).
// Their content never names them, so the author attributes are all there
// is.
func hasName(h *html.Node) bool {
	for i := range h.Attr {
		a := &h.Attr[i]
		if a.Namespace != "" {
			continue
		}
		switch a.Key {
		case "title":
			// Chromium takes a title, even a blank one, for a name.
			return true
		case "aria-label":
			if !blank(a.Val) {
				return true
			}
		case "aria-labelledby":
			if !blank(a.Val) {
				return true
			}
		}
	}
	return false
}

// blank reports whether s is empty or only whitespace.
func blank(s string) bool {
	for i := 0; i < len(s); i++ {
		if !htmltree.IsSpace(s[i]) {
			return false
		}
	}
	return true
}

// inPresentationalTable reports whether a table part belongs to a table
// whose role is none: Chromium then exposes the parts as generic.
func inPresentationalTable(up *parentFacts) bool {
	t, role := up.table()
	return t != nil && role == "none"
}

// cellRole is the role of a td or th (HTML-AAM, as Chromium decides it):
// a header cell is a rowheader or columnheader by its scope attribute;
// without one, a columnheader in a thead or in a row of header cells only,
// else a rowheader. Data cells are gridcells in a grid or treegrid.
func cellRole(h *html.Node, up *parentFacts) string {
	_, tableRole := up.table()
	if tableRole == "none" {
		return "generic"
	}
	if h.DataAtom == atom.Td {
		if tableRole == "grid" || tableRole == "treegrid" {
			return "gridcell"
		}
		return "cell"
	}
	if scope, ok := attr(h, "scope"); ok {
		switch {
		case htmltree.EqualFoldASCII(scope, "row"), htmltree.EqualFoldASCII(scope, "rowgroup"):
			return "rowheader"
		case htmltree.EqualFoldASCII(scope, "col"), htmltree.EqualFoldASCII(scope, "colgroup"):
			return "columnheader"
		}
	}
	row := h.Parent
	if !isHTML(row, atom.Tr) {
		return "columnheader"
	}
	if isHTML(row.Parent, atom.Thead) {
		return "columnheader"
	}
	for c := row.FirstChild; c != nil; c = c.NextSibling {
		if isHTML(c, atom.Td) {
			return "rowheader"
		}
	}
	return "columnheader"
}

// lookupID finds the element with the given id in el's tree: through the
// document's index when el is connected, else by a walk of el's tree.
func lookupID(el *vdom.Node, id string) *vdom.Node {
	doc := el.OwnerDocument()
	if doc == nil {
		return nil
	}
	if el.IsConnected() {
		return doc.GetElementByID(id)
	}
	root := el.HTML()
	for root.Parent != nil {
		root = root.Parent
	}
	for n := root.FirstChild; n != nil; n = htmltree.Next(n, root) {
		if n.Type == html.ElementNode {
			if v, ok := attr(n, "id"); ok && v == id {
				return doc.Wrap(n)
			}
		}
	}
	return nil
}

// svgHasStructure reports whether an outer svg holds parts worth exposing
// on their own (a titled or labelled shape, text, a link): Chromium then
// exposes it as a graphics-document, else as one image.
func svgHasStructure(svg *html.Node) bool {
	for n := range svg.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		switch n.Data {
		case "title", "desc":
			if n.Parent != svg {
				return true
			}
		case "text", "a", "foreignObject":
			return true
		}
		if hasAttr(n, "role") || hasAttr(n, "aria-label") || hasAttr(n, "aria-labelledby") {
			return true
		}
	}
	return false
}
