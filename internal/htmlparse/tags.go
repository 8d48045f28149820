package htmlparse

import (
	"slices"
	"strings"

	"golang.org/x/net/html"
	a "golang.org/x/net/html/atom"
)

// namespace is an element's namespace. x/net/html spells them "" (HTML),
// "svg" and "math" in html.Node.Namespace.
type namespace uint8

const (
	nsHTML namespace = iota
	nsSVG
	nsMathML
	// nsOther only occurs on a caller-supplied fragment context element.
	nsOther
)

func namespaceOf(s string) namespace {
	switch s {
	case "":
		return nsHTML
	case "svg":
		return nsSVG
	case "math":
		return nsMathML
	}
	return nsOther
}

// boundaryKind names a set of elements whose positions on the stack of open
// elements are indexed, so that "the nearest such element below the current
// node" is an O(1) question (see openElements.nearest).
type boundaryKind uint8

const (
	// kindDefaultScope: the elements that bound "has an element in scope"
	// (spec: "the stack of open elements", "in scope"), in their
	// namespaces. x/net/html also counts HTML select, which the
	// customizable select element changes made a scope boundary.
	kindDefaultScope boundaryKind = iota
	// kindListItemScope: HTML ol and ul, the extra boundaries of list item
	// scope.
	kindListItemScope
	// kindButtonScope: HTML button, the extra boundary of button scope.
	kindButtonScope
	// kindTableScope: HTML html, table and template.
	kindTableScope
	// kindSpecial: the special category of the spec ("special" elements,
	// in their namespaces).
	kindSpecial
	// kindListItemStop: where the "li" start tag loop stops: an li
	// element, or a special element other than address, div and p.
	kindListItemStop
	// kindDefinitionStop: the same for the "dd"/"dt" start tag loop.
	kindDefinitionStop
	// kindResetStop: the HTML elements "reset the insertion mode
	// appropriately" reacts to.
	kindResetStop
	// kindTable and kindTemplate: HTML table and template elements, for
	// foster parenting ("the last table", "the last template").
	kindTable
	kindTemplate
	// kindTableContext, kindRowContext, kindBodyContext: the HTML elements
	// where "clear the stack back to a table / table row / table body
	// context" stops.
	kindTableContext
	kindRowContext
	kindBodyContext

	numBoundaryKinds
)

// elementClass is a bit set: bit k (k < numBoundaryKinds) means the element
// belongs to boundaryKind k; the higher bits are plain properties.
type elementClass uint32

const (
	classDefaultScope    elementClass = 1 << kindDefaultScope
	classListItemScope   elementClass = 1 << kindListItemScope
	classButtonScope     elementClass = 1 << kindButtonScope
	classTableScope      elementClass = 1 << kindTableScope
	classSpecial         elementClass = 1 << kindSpecial
	classListItemStop    elementClass = 1 << kindListItemStop
	classDefinitionStop  elementClass = 1 << kindDefinitionStop
	classResetStop       elementClass = 1 << kindResetStop
	classTable           elementClass = 1 << kindTable
	classTemplate        elementClass = 1 << kindTemplate
	classTableContext    elementClass = 1 << kindTableContext
	classRowContext      elementClass = 1 << kindRowContext
	classBodyContext     elementClass = 1 << kindBodyContext
	boundaryClassMask    elementClass = 1<<numBoundaryKinds - 1
	classImpliedEndTag   elementClass = 1 << 20 // "generate implied end tags" pops it
	classHTMLIntegration elementClass = 1 << 21 // HTML integration point
	classMathMLText      elementClass = 1 << 22 // MathML text integration point

	// Bits 28 and 29 hold the namespace of a stack entry.
	classNamespaceShift              = 28
	classNamespaceMask  elementClass = 3 << classNamespaceShift
)

// class returns the namespace bits of an elementClass.
func (ns namespace) class() elementClass { return elementClass(ns) << classNamespaceShift }

// specialHTMLTags are the HTML elements of the special category. It is the
// list of the spec minus "search", which x/net/html does not treat as
// special.
var specialHTMLTags = []a.Atom{
	a.Address, a.Applet, a.Area, a.Article, a.Aside, a.Base, a.Basefont,
	a.Bgsound, a.Blockquote, a.Body, a.Br, a.Button, a.Caption, a.Center,
	a.Col, a.Colgroup, a.Dd, a.Details, a.Dir, a.Div, a.Dl, a.Dt, a.Embed,
	a.Fieldset, a.Figcaption, a.Figure, a.Footer, a.Form, a.Frame,
	a.Frameset, a.H1, a.H2, a.H3, a.H4, a.H5, a.H6, a.Head, a.Header,
	a.Hgroup, a.Hr, a.Html, a.Iframe, a.Img, a.Input, a.Keygen, a.Li,
	a.Link, a.Listing, a.Main, a.Marquee, a.Menu, a.Meta, a.Nav, a.Noembed,
	a.Noframes, a.Noscript, a.Object, a.Ol, a.P, a.Param, a.Plaintext,
	a.Pre, a.Script, a.Section, a.Select, a.Source, a.Style, a.Summary,
	a.Table, a.Tbody, a.Td, a.Template, a.Textarea, a.Tfoot, a.Th, a.Thead,
	a.Title, a.Tr, a.Track, a.Ul, a.Wbr, a.Xmp,
}

// knownHTMLTags get a fixed name id, so that pushing them needs no map
// lookup. Any other name still works, through nameTable's maps.
var knownHTMLTags = []a.Atom{
	a.A, a.Abbr, a.Acronym, a.Address, a.Applet, a.Area, a.Article, a.Aside,
	a.Audio, a.B, a.Base, a.Basefont, a.Bdi, a.Bdo, a.Bgsound, a.Big, a.Blink,
	a.Blockquote, a.Body, a.Br, a.Button, a.Canvas, a.Caption, a.Center,
	a.Cite, a.Code, a.Col, a.Colgroup, a.Data, a.Datalist, a.Dd, a.Del,
	a.Details, a.Dfn, a.Dialog, a.Dir, a.Div, a.Dl, a.Dt, a.Em, a.Embed,
	a.Fieldset, a.Figcaption, a.Figure, a.Font, a.Footer, a.Form, a.Frame,
	a.Frameset, a.H1, a.H2, a.H3, a.H4, a.H5, a.H6, a.Head, a.Header,
	a.Hgroup, a.Hr, a.Html, a.I, a.Iframe, a.Image, a.Img, a.Input, a.Ins,
	a.Isindex, a.Kbd, a.Keygen, a.Label, a.Legend, a.Li, a.Link, a.Listing,
	a.Main, a.Map, a.Mark, a.Marquee, a.Math, a.Menu, a.Menuitem, a.Meta,
	a.Meter, a.Nav, a.Nobr, a.Noembed, a.Noframes, a.Noscript, a.Object,
	a.Ol, a.Optgroup, a.Option, a.Output, a.P, a.Param, a.Picture,
	a.Plaintext, a.Pre, a.Progress, a.Q, a.Rb, a.Rp, a.Rt, a.Rtc, a.Ruby,
	a.S, a.Samp, a.Script, a.Search, a.Section, a.Select, a.Slot, a.Small,
	a.Source, a.Span, a.Strike, a.Strong, a.Style, a.Sub, a.Summary, a.Sup,
	a.Svg, a.Table, a.Tbody, a.Td, a.Template, a.Textarea, a.Tfoot, a.Th,
	a.Thead, a.Time, a.Title, a.Tr, a.Track, a.Tt, a.U, a.Ul, a.Var,
	a.Video, a.Wbr, a.Xmp,
}

// tagInfo is what the parser knows about an HTML tag name in advance.
type tagInfo struct {
	atom  a.Atom
	id    int32 // name id, see nameTable
	class elementClass
}

// tagTableBits sizes tagTable, an open-addressing hash table from atom to
// tagInfo; it is filled once at start-up and only read afterwards.
const tagTableBits = 9

var tagTable = buildTagTable()

func tagSlot(t a.Atom) uint32 {
	return (uint32(t) * 2654435761) >> (32 - tagTableBits)
}

func buildTagTable() *[1 << tagTableBits]tagInfo {
	var table [1 << tagTableBits]tagInfo
	for i, t := range knownHTMLTags {
		s := tagSlot(t)
		for table[s].atom != 0 {
			s = (s + 1) & (1<<tagTableBits - 1)
		}
		table[s] = tagInfo{atom: t, id: int32(i), class: classify(nsHTML, t, t.String(), nil)}
	}
	return &table
}

// lookupTag returns the table entry of an HTML tag, or ok == false for tags
// without a fixed id (unknown names, and atoms that are not element names).
func lookupTag(t a.Atom) (info tagInfo, ok bool) {
	if t == 0 {
		return tagInfo{}, false
	}
	for s := tagSlot(t); ; s = (s + 1) & (1<<tagTableBits - 1) {
		switch tagTable[s].atom {
		case t:
			return tagTable[s], true
		case 0:
			return tagInfo{}, false
		}
	}
}

func isSpecialHTML(t a.Atom) bool {
	for _, s := range specialHTMLTags {
		if s == t {
			return true
		}
	}
	return false
}

// classify computes an element's class. It is called once per known HTML
// tag at start-up and for every SVG or MathML element.
func classify(ns namespace, t a.Atom, name string, attr []html.Attribute) elementClass {
	var c elementClass
	special := false
	switch ns {
	case nsHTML:
		special = isSpecialHTML(t)
		switch t {
		case a.Applet, a.Caption, a.Html, a.Table, a.Td, a.Th, a.Marquee, a.Object, a.Template, a.Select:
			c |= classDefaultScope
		}
		switch t {
		case a.Ol, a.Ul:
			c |= classListItemScope
		case a.Button:
			c |= classButtonScope
		}
		switch t {
		case a.Html, a.Table, a.Template:
			c |= classTableScope
		}
	case nsMathML:
		switch name {
		case "mi", "mo", "mn", "ms", "mtext":
			special = true
			c |= classMathMLText
		case "annotation-xml":
			special = true
			if annotationXMLIsIntegrationPoint(attr) {
				c |= classHTMLIntegration
			}
		}
		switch t {
		case a.AnnotationXml, a.Mi, a.Mn, a.Mo, a.Ms, a.Mtext:
			c |= classDefaultScope
		}
	case nsSVG:
		switch name {
		case "foreignObject", "desc", "title":
			special = true
			c |= classHTMLIntegration
		}
		switch t {
		case a.Desc, a.ForeignObject, a.Title:
			c |= classDefaultScope
		}
	}
	if special {
		c |= classSpecial
	}

	// The li and dd/dt start tag loops stop at a special element other
	// than the HTML address, div and p elements, and at the HTML li, or dd
	// and dt, that they close.
	if special && (ns != nsHTML || t != a.Address && t != a.Div && t != a.P) {
		c |= classListItemStop | classDefinitionStop
	}
	if ns != nsHTML {
		return c
	}

	// The rest are HTML elements only: the standard's steps name elements
	// ("a table, template, or html element"), which are HTML elements
	// unless it says otherwise (2.1.3, "HTML elements"). An SVG or MathML
	// element that has one of these names, which foreign content can open
	// (a MathML tbody, an SVG template), is none of them. x/net/html
	// compares the tag alone in these places; see doc.go.
	switch t {
	case a.Li:
		c |= classListItemStop
	case a.Dd, a.Dt:
		c |= classDefinitionStop
	}
	switch t {
	case a.Td, a.Th, a.Tr, a.Tbody, a.Thead, a.Tfoot, a.Caption, a.Colgroup,
		a.Table, a.Template, a.Head, a.Body, a.Frameset, a.Html:
		c |= classResetStop
	}
	switch t {
	case a.Table:
		c |= classTable | classTableContext
	case a.Template:
		c |= classTemplate | classTableContext | classRowContext | classBodyContext
	case a.Html:
		c |= classTableContext | classRowContext | classBodyContext
	case a.Tr:
		c |= classRowContext
	case a.Tbody, a.Tfoot, a.Thead:
		c |= classBodyContext
	}
	switch t {
	case a.Dd, a.Dt, a.Li, a.Optgroup, a.Option, a.P, a.Rb, a.Rp, a.Rt, a.Rtc:
		c |= classImpliedEndTag
	}
	return c
}

// annotationXMLIsIntegrationPoint: a MathML annotation-xml element is an
// HTML integration point when its start tag "had an attribute with the name
// "encoding" whose value was an ASCII case-insensitive match for the string
// "text/html"" or "application/xhtml+xml" (13.2.6).
func annotationXMLIsIntegrationPoint(attr []html.Attribute) bool {
	return slices.ContainsFunc(attr, func(at html.Attribute) bool {
		return at.Key == "encoding" && htmlEncodings[strings.ToLower(at.Val)]
	})
}

var htmlEncodings = map[string]bool{"text/html": true, "application/xhtml+xml": true}

// classOfNode classifies an element that did not come from the parser's own
// table: a fragment's context element.
func classOfNode(n *html.Node) elementClass {
	ns := namespaceOf(n.Namespace)
	if ns == nsHTML {
		if info, ok := lookupTag(n.DataAtom); ok {
			return info.class
		}
	}
	return classify(ns, n.DataAtom, n.Data, n.Attr)
}
