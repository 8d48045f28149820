package selector

import (
	"strings"

	"github.com/eventperk/eventperk-go/internal/htmltree"
	"golang.org/x/net/html"
)

// This file matches the attribute selectors whose value is compared ASCII
// case-insensitively, which cascadia compares case-sensitively or with
// Unicode case folding:
//
//   - with the i flag (Selectors 4 §6.3), ASCII case-insensitively only:
//     [data-u="ä" i] does not match data-u="Ä" (Chromium 148,
//     vdom/testdata/style cascade-attr-flags);
//   - without a flag, the attributes HTML §4.16.2 ("case-sensitivity of
//     selectors") lists, on HTML elements: [type=checkbox] matches
//     type=CHECKBOX, [dir=RTL] dir=rtl.

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

// attrTest is one attribute selector with a value: [name op value].
type attrTest struct {
	name, op, value string
	// anyCase: the i flag, for every element; otherwise the value is
	// compared ASCII case-insensitively on HTML elements only.
	anyCase bool
}

func (t *attrTest) matches(n *html.Node) bool {
	for i := range n.Attr {
		a := &n.Attr[i]
		if a.Namespace != "" || !htmltree.EqualFoldASCII(a.Key, t.name) {
			continue
		}
		v, want := a.Val, t.value
		if t.anyCase || n.Namespace == "" {
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
