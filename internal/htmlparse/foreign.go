package htmlparse

import (
	"strings"

	"golang.org/x/net/html"
	a "golang.org/x/net/html/atom"
)

// 13.2.6.5 The rules for parsing tokens in foreign content, as x/net/html
// implements them: </br> and </p> get no special treatment, and the end tag
// loop compares names case-insensitively.

func (p *parser) foreignContent() bool {
	switch p.tok.typ {
	case html.TextToken:
		// Character tokens: a NULL is a parse error and becomes U+FFFD;
		// whitespace is inserted as it is; any other character is inserted
		// and sets the frameset-ok flag to "not ok".
		if p.framesetOK && !onlyWhitespaceOrNUL(p.tok.data) {
			p.framesetOK = false
		}
		p.insertText(strings.ReplaceAll(p.tok.data, "\x00", "\ufffd"))
	case html.CommentToken:
		p.insertComment()
	case html.StartTagToken:
		if p.breaksOutOfForeignContent() {
			p.popToHTMLOrIntegrationPoint()
			return p.processIn(p.mode)
		}
		p.insertForeignElement()
	case html.EndTagToken:
		return p.foreignEndTag()
	}
	return true
}

// onlyWhitespaceOrNUL reports whether s holds nothing but ASCII whitespace
// and NULs, the characters that leave the frameset-ok flag alone.
func onlyWhitespaceOrNUL(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\f', '\r', 0:
		default:
			return false
		}
	}
	return true
}

// breaksOutOfForeignContent: these start tags leave foreign content (font
// only with a color, face or size attribute).
func (p *parser) breaksOutOfForeignContent() bool {
	switch p.tok.atom {
	case a.B, a.Big, a.Blockquote, a.Body, a.Br, a.Center, a.Code, a.Dd, a.Div, a.Dl, a.Dt, a.Em, a.Embed,
		a.H1, a.H2, a.H3, a.H4, a.H5, a.H6, a.Head, a.Hr, a.I, a.Img, a.Li, a.Listing, a.Menu, a.Meta,
		a.Nobr, a.Ol, a.P, a.Pre, a.Ruby, a.S, a.Small, a.Span, a.Strong, a.Strike, a.Sub, a.Sup, a.Table,
		a.Tt, a.U, a.Ul, a.Var:
		return true
	case a.Font:
		for _, at := range p.tok.attr {
			switch at.Key {
			case "color", "face", "size":
				return true
			}
		}
	}
	return false
}

// popToHTMLOrIntegrationPoint pops until the current node is an HTML
// element, an HTML integration point or a MathML text integration point.
// Every step pops an element, so the loop is amortized O(1).
func (p *parser) popToHTMLOrIntegrationPoint() {
	st := &p.stack
	for i := st.len() - 1; i >= 0; i-- {
		p.steps++
		if e := st.at(i); e.ns() == nsHTML || e.class&(classHTMLIntegration|classMathMLText) != 0 {
			st.truncate(i + 1)
			return
		}
	}
}

// insertForeignElement inserts an element for the current start tag in the
// adjusted current node's namespace ("any other start tag").
func (p *parser) insertForeignElement() {
	cur := p.adjustedCurrent()
	switch cur.ns() {
	case nsMathML:
		adjustMathMLAttributes(p.tok.attr)
	case nsSVG:
		// Adjust the tag name, then the attributes, for SVG.
		if name, ok := svgTagNames[p.tok.data]; ok {
			p.tok.atom, p.tok.data = a.Lookup([]byte(name)), name
		}
		adjustSVGAttributes(p.tok.attr)
	}
	// (Any other namespace can only come from a caller's context element;
	// x/net/html fails there.)
	adjustForeignAttributes(p.tok.attr)
	ns := cur.node.Namespace
	p.insertNode(p.newElement(p.tok.atom, p.tok.data, ns, p.tok.attr))
	// The tokenizer would read the content of e.g. an SVG title as raw
	// text.
	p.tokenizer.NextIsNotRawText()
	if p.selfClosing {
		p.stack.pop()
		p.acknowledgeSelfClosing()
	}
}

// foreignEndTag handles an end tag in foreign content ("any other end
// tag"): if the current node has the tag's name (compared
// case-insensitively), pop it; otherwise look for the name among the
// foreign elements above the topmost HTML element and pop up to it;
// failing that, use the current insertion mode. The per-name index of
// foreign elements replaces the walk down the stack.
//
// The walk starts with its step "if node is the topmost element in the
// stack of open elements, then return": the current node is the topmost
// element in a fragment whose context is an SVG or MathML element, while
// only the root html element is open, and the end tag is then ignored.
// x/net/html pops the root for </html> there (every later token then
// goes into the document, and the fragment loses it). </p> and </br>
// have entries of their own, which take them to the insertion mode
// whatever the current node.
func (p *parser) foreignEndTag() bool {
	st := &p.stack
	n := st.len()
	if n == 0 {
		return p.processIn(p.mode)
	}
	if n == 1 && p.tok.atom != a.P && p.tok.atom != a.Br {
		p.departures |= departTopmostEndTag
		return true
	}
	if strings.EqualFold(st.at(n-1).node.Data, p.tok.data) {
		st.pop()
		return true
	}
	below := st.htmlBelow(n - 1)
	if id := p.names.foreignID(foldName(p.tok.data)); id >= 0 {
		if j := st.topmost(id); j > below && j < n-1 {
			st.truncate(j)
			return true
		}
	}
	return p.processIn(p.mode)
}

// adjustMathMLAttributes is "adjust MathML attributes": the one MathML
// attribute whose name is not all lower case gets its proper case.
func adjustMathMLAttributes(attr []html.Attribute) {
	for i := range attr {
		if attr[i].Key == "definitionurl" {
			attr[i].Key = "definitionURL"
		}
	}
}

// adjustSVGAttributes is "adjust SVG attributes": the attributes named in
// the standard's table (svgAttributeNames) get the case it gives.
func adjustSVGAttributes(attr []html.Attribute) {
	for i := range attr {
		if name, ok := svgAttributeNames[attr[i].Key]; ok {
			attr[i].Key = name
		}
	}
}

// adjustForeignAttributes is "adjust foreign attributes": the attributes
// named in foreignAttributes get a namespace and a local name.
func adjustForeignAttributes(attr []html.Attribute) {
	for i := range attr {
		if adjusted, ok := foreignAttributes[attr[i].Key]; ok {
			attr[i].Namespace, attr[i].Key = adjusted.Namespace, adjusted.Key
		}
	}
}

// foreignAttributes is the table of "adjust foreign attributes", with each
// namespace given by its prefix, as x/net/html records it. The standard
// also puts a bare xmlns attribute in the XMLNS namespace; x/net/html
// leaves it alone, and so does this table.
var foreignAttributes = map[string]html.Attribute{
	"xlink:actuate": {Namespace: "xlink", Key: "actuate"},
	"xlink:arcrole": {Namespace: "xlink", Key: "arcrole"},
	"xlink:href":    {Namespace: "xlink", Key: "href"},
	"xlink:role":    {Namespace: "xlink", Key: "role"},
	"xlink:show":    {Namespace: "xlink", Key: "show"},
	"xlink:title":   {Namespace: "xlink", Key: "title"},
	"xlink:type":    {Namespace: "xlink", Key: "type"},
	"xml:lang":      {Namespace: "xml", Key: "lang"},
	"xml:space":     {Namespace: "xml", Key: "space"},
	"xmlns:xlink":   {Namespace: "xmlns", Key: "xlink"},
}

// svgAttributeNames: "adjust SVG attributes".
var svgAttributeNames = map[string]string{
	"attributename":       "attributeName",
	"attributetype":       "attributeType",
	"basefrequency":       "baseFrequency",
	"baseprofile":         "baseProfile",
	"calcmode":            "calcMode",
	"clippathunits":       "clipPathUnits",
	"diffuseconstant":     "diffuseConstant",
	"edgemode":            "edgeMode",
	"filterunits":         "filterUnits",
	"glyphref":            "glyphRef",
	"gradienttransform":   "gradientTransform",
	"gradientunits":       "gradientUnits",
	"kernelmatrix":        "kernelMatrix",
	"kernelunitlength":    "kernelUnitLength",
	"keypoints":           "keyPoints",
	"keysplines":          "keySplines",
	"keytimes":            "keyTimes",
	"lengthadjust":        "lengthAdjust",
	"limitingconeangle":   "limitingConeAngle",
	"markerheight":        "markerHeight",
	"markerunits":         "markerUnits",
	"markerwidth":         "markerWidth",
	"maskcontentunits":    "maskContentUnits",
	"maskunits":           "maskUnits",
	"numoctaves":          "numOctaves",
	"pathlength":          "pathLength",
	"patterncontentunits": "patternContentUnits",
	"patterntransform":    "patternTransform",
	"patternunits":        "patternUnits",
	"pointsatx":           "pointsAtX",
	"pointsaty":           "pointsAtY",
	"pointsatz":           "pointsAtZ",
	"preservealpha":       "preserveAlpha",
	"preserveaspectratio": "preserveAspectRatio",
	"primitiveunits":      "primitiveUnits",
	"refx":                "refX",
	"refy":                "refY",
	"repeatcount":         "repeatCount",
	"repeatdur":           "repeatDur",
	"requiredextensions":  "requiredExtensions",
	"requiredfeatures":    "requiredFeatures",
	"specularconstant":    "specularConstant",
	"specularexponent":    "specularExponent",
	"spreadmethod":        "spreadMethod",
	"startoffset":         "startOffset",
	"stddeviation":        "stdDeviation",
	"stitchtiles":         "stitchTiles",
	"surfacescale":        "surfaceScale",
	"systemlanguage":      "systemLanguage",
	"tablevalues":         "tableValues",
	"targetx":             "targetX",
	"targety":             "targetY",
	"textlength":          "textLength",
	"viewbox":             "viewBox",
	"viewtarget":          "viewTarget",
	"xchannelselector":    "xChannelSelector",
	"ychannelselector":    "yChannelSelector",
	"zoomandpan":          "zoomAndPan",
}

// svgTagNames: the SVG element names that are not all lower case. The spec
// also lists feDropShadow; x/net/html does not adjust it, so neither does
// this table.
var svgTagNames = map[string]string{
	"altglyph":            "altGlyph",
	"altglyphdef":         "altGlyphDef",
	"altglyphitem":        "altGlyphItem",
	"animatecolor":        "animateColor",
	"animatemotion":       "animateMotion",
	"animatetransform":    "animateTransform",
	"clippath":            "clipPath",
	"feblend":             "feBlend",
	"fecolormatrix":       "feColorMatrix",
	"fecomponenttransfer": "feComponentTransfer",
	"fecomposite":         "feComposite",
	"feconvolvematrix":    "feConvolveMatrix",
	"fediffuselighting":   "feDiffuseLighting",
	"fedisplacementmap":   "feDisplacementMap",
	"fedistantlight":      "feDistantLight",
	"feflood":             "feFlood",
	"fefunca":             "feFuncA",
	"fefuncb":             "feFuncB",
	"fefuncg":             "feFuncG",
	"fefuncr":             "feFuncR",
	"fegaussianblur":      "feGaussianBlur",
	"feimage":             "feImage",
	"femerge":             "feMerge",
	"femergenode":         "feMergeNode",
	"femorphology":        "feMorphology",
	"feoffset":            "feOffset",
	"fepointlight":        "fePointLight",
	"fespecularlighting":  "feSpecularLighting",
	"fespotlight":         "feSpotLight",
	"fetile":              "feTile",
	"feturbulence":        "feTurbulence",
	"foreignobject":       "foreignObject",
	"glyphref":            "glyphRef",
	"lineargradient":      "linearGradient",
	"radialgradient":      "radialGradient",
	"textpath":            "textPath",
}
