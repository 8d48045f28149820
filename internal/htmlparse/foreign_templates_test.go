package htmlparse

import (
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/eventperk/eventperk-go/internal/testenv"
)

// Template elements and SVG or MathML content. A template start tag is no
// breakout tag, so in foreign content it makes an SVG or MathML template
// element, an ordinary foreign element whose children are parsed as
// foreign content. At an HTML integration point (foreignObject, desc,
// title, annotation-xml with an HTML encoding), at a MathML text
// integration point (mi, mo, mn, ms, mtext), or below an HTML element
// opened there, the start tag goes to the insertion mode and makes an
// HTML template, with contents and its own insertion modes, while SVG or
// MathML elements stay open below it. x/net/html inserts no template
// there and ignores what reaches an insertion mode from then on
// (departTemplateInForeign); the trees of these inputs are in
// testdata/xnet-departures.

// foreignTemplateRoot opens the element a template start tag then comes
// in, and closes what it opened.
type foreignTemplateRoot struct{ open, close string }

// Parts of the generated inputs.
var (
	// foreignTemplatePrefixes come first: nothing, an open table (the SVG
	// or MathML root is foster parented, and the template's end resets
	// the insertion mode to "in table"), an open HTML template, or a
	// fragment whose context is an svg element.
	foreignTemplatePrefixes = []foreignTableInput{
		{"", ""}, {"<table>", ""}, {"<template>", ""}, {"", "svg svg"},
	}
	// foreignTemplateRoots are an HTML integration point of each kind, a
	// MathML text integration point, HTML elements opened inside foreign
	// content, and an SVG template (a foreign element) with and without an
	// integration point inside it.
	foreignTemplateRoots = []foreignTemplateRoot{
		{"<svg><foreignObject>", "</foreignObject></svg>"},
		{"<svg><g><desc>", "</desc></g></svg>"},
		{"<math><mi>", "</mi></math>"},
		{"<math><annotation-xml encoding=text/html>", "</annotation-xml></math>"},
		{"<svg><foreignObject><div>", "</div></foreignObject></svg>"},
		{"<math><mo><table><td>", "</td></table></mo></math>"},
		{"<svg>", "</svg>"},
		{"<svg><template><foreignObject>", "</foreignObject></template></svg>"},
	}
	// foreignTemplateContents go between the template's tags: HTML, table
	// parts that switch the template's insertion mode, SVG content, a
	// nested HTML template, an HTML template in foreign content inside
	// the template, an SVG template left open, a foreign end tag.
	foreignTemplateContents = []string{
		"", "<p>x", "<tr><td>x", "<svg><g>x", "<template>y</template>x",
		"<math><mi><template>y", "<svg><template>y", "</foreignObject>x",
	}
)

// foreignTemplateExamples are the examples of the package documentation
// and docs/html.md, and the pages of vdom's tests of templates in foreign
// content.
var foreignTemplateExamples = []foreignTableInput{
	{"<svg><foreignObject><template><p>x</template></foreignObject></svg><p>after", ""},
	{"<svg><template><g></g></template></svg><p>after", ""},
	{`<!DOCTYPE html><html><head></head><body><div id="d">` +
		`<svg id="s"><template id="st"><g id="g"></g></template>` +
		`<foreignObject id="fo"><template id="ht"><p id="in">inside</p>` +
		`<svg><template id="st2"><circle></circle></template></svg></template></foreignObject></svg>` +
		`<math><mi><template id="mt"><b>m</b></template></mi></math>` +
		`<p id="after">after</p></div></body></html>`, ""},
	{`<template id=st3><g id="g3"/></template><foreignObject><template id=ht3><p>x</p></template></foreignObject><p id=after3>after`, "svg svg"},
	{`<g id="g3"/><foreignObject><template id=ht3>x</template></foreignObject><g id="after3">after</g>`, "svg template"},
	{`<svg><desc><template id=ht3><td>x</template></desc></svg><p id=after3>after`, "svg foreignObject"},
}

// foreignTemplateClosers end the template, the root, both, or neither
// (the end of the input closes them).
func foreignTemplateClosers(root foreignTemplateRoot) []string {
	return []string{"", "</template>", "</template>" + root.close, root.close}
}

// foreignTemplateInputs returns every combination of a prefix, a root, a
// template start tag, its contents and a closer, followed by text that
// shows where the insertion point ended up.
func foreignTemplateInputs() []foreignTableInput {
	var out []foreignTableInput
	for _, prefix := range foreignTemplatePrefixes {
		for _, root := range foreignTemplateRoots {
			for _, content := range foreignTemplateContents {
				for _, closer := range foreignTemplateClosers(root) {
					data := prefix.data + root.open + "<template>" + content + closer + "z"
					out = append(out, foreignTableInput{data, prefix.context})
				}
			}
		}
	}
	return out
}

// TestDifferentialTemplatesInForeign compares the trees of every fifth
// generated input (every one in the long run, EVENTPERK_LONG=1; every
// 35th under the race detector) with x/net/html's or, where x/net/html
// departs from the standard, with the recorded trees (compareWithXNet).
// The four closers of a prefix, root and contents come in a row, so a
// stride of five meets every closer. Every input also keeps the text that
// follows the template, which x/net/html drops for an HTML template in
// foreign content.
func TestDifferentialTemplatesInForeign(t *testing.T) {
	for _, in := range foreignTemplateExamples {
		compareWithXNet(t, "template in foreign content example", in.data, in.context, true)
		checkKeepsText(t, in, true, "after")
	}
	inputs := foreignTemplateInputs()
	stride := 5
	if testenv.Long(t) {
		stride = 1
	}
	if raceEnabled {
		stride *= 7
	}
	compared := 0
	for i := 0; i < len(inputs); i += stride {
		compareWithXNet(t, "template in foreign content", inputs[i].data, inputs[i].context, true)
		checkKeepsText(t, inputs[i], true, "z")
		if t.Failed() {
			return
		}
		compared++
	}
	t.Logf("compared %d of %d inputs", compared, len(inputs))
}

// checkKeepsText fails t unless the tree of in, parsed with the scripting
// flag given, has a text node that contains text (template contents
// included, which are the template's children here).
func checkKeepsText(t *testing.T, in foreignTableInput, scripting bool, text string) {
	t.Helper()
	nodes, err := parseOurs(in.data, in.context, scripting)
	if err != nil {
		t.Fatalf("%q (context %q, scripting %v): %v", in.data, in.context, scripting, err)
	}
	found := false
	walk(nodes, func(n *html.Node, _ int) {
		if n.Type == html.TextNode && strings.Contains(n.Data, text) {
			found = true
		}
	})
	if !found {
		t.Errorf("%q (context %q, scripting %v): the text %q is not in the tree:\n%s", in.data, in.context, scripting, text, dumpHTML5Lib(nodes))
	}
}
