package selector

import (
	"strings"

	"github.com/eventperk/eventperk-go/internal/htmltree"
	"golang.org/x/net/html"
)

// This file matches the attribute selectors whose value is compared ASCII
// case-insensitively, which cascadia compares case-sensitively or with
// Unicode case folding, and those naming an SVG or MathML attribute whose
// name has capitals (viewBox), which cascadia looks for in lower case:
//
//   - with the i flag (Selectors 4 §6.3), ASCII case-insensitively only:
//     [data-u="ä" i] does not match data-u="Ä" (Chromium 148,
//     vdom/testdata/style cascade-attr-flags);
//   - without a flag, the attributes HTML §4.16.2 ("case-sensitivity of
//     selectors") lists, on HTML elements: [type=checkbox] matches
//     type=CHECKBOX, [dir=RTL] dir=rtl;
//   - [viewBox] and [viewbox] both match an svg's viewBox (the name is
//     compared ASCII case-insensitively, as Chromium 148 does,
//     cascade-attr-flags).

// caseInsensitiveAttrs are the attributes whose values HTML §4.16.2
// compares ASCII case-insensitively in selectors, on HTML elements.
var caseInsensitiveAttrs = map[string]bool{
	"accept": true, "accept-charset": true, "align": true, "alink": true, "axis": true,
	"bgcolor": true, "charset": true, "checked": true, "clear": true, "codetype": true,
	"color": true, "compact": true, "declare": true, "defer": true, "dir": true,
	"direction": true, "disabled": true, "enctype": true, "face": true, "frame": true,
	"hreflang": true, "http-equiv": true, "lang": true, "language": true, "link": true,
	"media": true, "method": true, "multiple": true, "nohref": true, "noresize": true,
	"noshade": true, "nowrap": true, "readonly": true, "rel": true, "rev": true,
	"rules": true, "scope": true, "scrolling": true, "selected": true, "shape": true,
	"target": true, "text": true, "type": true, "valign": true, "valuetype": true,
	"vlink": true,
}

// mixedCaseAttrs are the attributes the HTML parser gives capitals on
// SVG and MathML elements (HTML §13.2.6.5, "adjust SVG attributes" and
// "adjust MathML attributes"), in lower case.
var mixedCaseAttrs = map[string]bool{
	"attributename": true, "attributetype": true, "basefrequency": true, "baseprofile": true,
	"calcmode": true, "clippathunits": true, "diffuseconstant": true, "edgemode": true,
	"filterunits": true, "glyphref": true, "gradienttransform": true, "gradientunits": true,
	"kernelmatrix": true, "kernelunitlength": true, "keypoints": true, "keysplines": true,
	"keytimes": true, "lengthadjust": true, "limitingconeangle": true, "markerheight": true,
	"markerunits": true, "markerwidth": true, "maskcontentunits": true, "maskunits": true,
	"numoctaves": true, "pathlength": true, "patterncontentunits": true, "patterntransform": true,
	"patternunits": true, "pointsatx": true, "pointsaty": true, "pointsatz": true,
	"preservealpha": true, "preserveaspectratio": true, "primitiveunits": true, "refx": true,
	"refy": true, "repeatcount": true, "repeatdur": true, "requiredextensions": true,
	"requiredfeatures": true, "specularconstant": true, "specularexponent": true,
	"spreadmethod": true, "startoffset": true, "stddeviation": true, "stitchtiles": true,
	"surfacescale": true, "systemlanguage": true, "tablevalues": true, "targetx": true,
	"targety": true, "textlength": true, "viewbox": true, "viewtarget": true,
	"xchannelselector": true, "ychannelselector": true, "zoomandpan": true, "definitionurl": true,
}

// ownAttrSelector reports whether [name op value flag] is matched here.
func ownAttrSelector(name string, flag byte) bool {
	return flag == 'i' || flag == 0 && caseInsensitiveAttrs[name] || mixedCaseAttrs[name]
}

// attrTest is one attribute selector: [name], or [name op value].
type attrTest struct {
	name, op, value string
	// anyCase: the i flag, for every element; htmlCase: an attribute
	// HTML §4.16.2 lists, compared ASCII case-insensitively on HTML
	// elements only.
	anyCase, htmlCase bool
}

func (t *attrTest) matches(n *html.Node) bool {
	for i := range n.Attr {
		a := &n.Attr[i]
		if a.Namespace != "" || !htmltree.EqualFoldASCII(a.Key, t.name) {
			continue
		}
		if t.op == "" {
			return true
		}
		v, want := a.Val, t.value
		if t.anyCase || t.htmlCase && n.Namespace == "" {
			v, want = htmltree.LowerASCII(v), htmltree.LowerASCII(want)
		}
		return attrValueMatches(t.op, v, want)
	}
	return false
}

// attrValueMatches applies an attribute operator (Selectors 4 §6.2, §6.3)
// to an attribute's value v: ~=, ^=, $= and *= with an empty value match
// nothing, as ~= with a value holding white space.
func attrValueMatches(op, v, want string) bool {
	switch op {
	case "=":
		return v == want
	case "~=":
		if want == "" || strings.ContainsAny(want, " \t\n\f\r") {
			return false
		}
		for _, w := range strings.FieldsFunc(v, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\f' || r == '\r' }) {
			if w == want {
				return true
			}
		}
		return false
	case "|=":
		return v == want || strings.HasPrefix(v, want+"-")
	case "^=":
		return want != "" && strings.HasPrefix(v, want)
	case "$=":
		return want != "" && strings.HasSuffix(v, want)
	case "*=":
		return want != "" && strings.Contains(v, want)
	}
	return false
}
