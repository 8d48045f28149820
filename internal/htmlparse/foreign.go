package htmlparse

import (
	"strings"

	"golang.org/x/net/html"
	a "golang.org/x/net/html/atom"
)

// 13.2.6.5 The rules for parsing tokens in foreign content, as x/net/html
// implements them: </br> and </p> get no special treatment, and the end tag
// loop compares names case-insensitively.

const whitespaceOrNUL = whitespace + "\x00"

func (p *parser) foreignContent() bool {
	switch p.tok.typ {
	case html.TextToken:
		if p.framesetOK {
			p.framesetOK = strings.TrimLeft(p.tok.data, whitespaceOrNUL) == ""
		}
		p.tok.data = strings.ReplaceAll(p.tok.data, "\x00", "\ufffd")
		p.insertText(p.tok.data)
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
		adjustAttributeNames(p.tok.attr, mathMLAttributeNames)
	case nsSVG:
		if name, ok := svgTagNames[p.tok.data]; ok {
			p.tok.atom, p.tok.data = a.Lookup([]byte(name)), name
		}
		adjustAttributeNames(p.tok.attr, svgAttributeNames)
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

// foreignEndTag handles an end tag in foreign content: if the current node
// has the tag's name (compared case-insensitively), pop it; otherwise look
// for the name among the foreign elements above the topmost HTML element
// and pop up to it; failing that, use the current insertion mode. The
// per-name index of foreign elements replaces the walk down the stack.
func (p *parser) foreignEndTag() bool {
	st := &p.stack
	n := st.len()
	if n == 0 {
		return p.processIn(p.mode)
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

func adjustAttributeNames(attr []html.Attribute, names map[string]string) {
	for i := range attr {
		if name, ok := names[attr[i].Key]; ok {
			attr[i].Key = name
		}
	}
}

// adjustForeignAttributes puts the xlink, xml and xmlns attributes into
// their namespaces. Like x/net/html, it leaves a bare xmlns attribute
// alone.
func adjustForeignAttributes(attr []html.Attribute) {
	for i := range attr {
		switch k := attr[i].Key; k {
		case "xlink:actuate", "xlink:arcrole", "xlink:href", "xlink:role", "xlink:show",
			"xlink:title", "xlink:type", "xml:lang", "xml:space", "xmlns:xlink":
			colon := strings.IndexByte(k, ':')
			attr[i].Namespace, attr[i].Key = k[:colon], k[colon+1:]
		}
	}
}

// mathMLAttributeNames: "adjust MathML attributes".
var mathMLAttributeNames = map[string]string{
	"definitionurl": "definitionURL",
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
