package htmlparse

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

func TestParseReturnsReaderErrors(t *testing.T) {
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader("<p>some text"), iotest.ErrReader(boom))
	if _, err := Parse(r); !errors.Is(err, boom) {
		t.Errorf("Parse: got error %v, want %v", err, boom)
	}
	r = io.MultiReader(strings.NewReader("<td>cell"), iotest.ErrReader(boom))
	if _, err := ParseFragment(r, contextNode("tr")); !errors.Is(err, boom) {
		t.Errorf("ParseFragment: got error %v, want %v", err, boom)
	}
}

func TestParseReadsInSmallPieces(t *testing.T) {
	const page = `<!DOCTYPE html><title>t</title><p class=a>x<b>y<table><td>z</table>`
	want, err := Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	got, err := Parse(iotest.OneByteReader(strings.NewReader(page)))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(dumpStructure(children(want)), dumpStructure(children(got))); diff != "" {
		t.Errorf("reading one byte at a time changes the tree:\n%s", diff)
	}
}

func TestParseFragmentRejectsBadContexts(t *testing.T) {
	for _, ctx := range []*html.Node{
		{Type: html.TextNode, Data: "div"},
		{Type: html.ElementNode, Data: "table", DataAtom: atom.Frameset},
		{Type: html.ElementNode, Data: "div"}, // DataAtom should be atom.Div
	} {
		if _, err := ParseFragment(strings.NewReader("<p>x"), ctx); err == nil {
			t.Errorf("context %+v: no error", ctx)
		}
		if _, err := html.ParseFragment(strings.NewReader("<p>x"), ctx); err == nil {
			t.Errorf("context %+v: x/net/html accepts it", ctx)
		}
	}
	// An unknown tag has DataAtom 0 and is fine.
	if _, err := ParseFragment(strings.NewReader("<p>x"), &html.Node{Type: html.ElementNode, Data: "my-element"}); err != nil {
		t.Errorf("custom element context: %v", err)
	}
}

func TestParseFragmentWithoutContext(t *testing.T) {
	nodes, err := ParseFragment(strings.NewReader("<p>hello"), nil)
	if err != nil {
		t.Fatal(err)
	}
	want, err := html.ParseFragment(strings.NewReader("<p>hello"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(dumpStructure(want), dumpStructure(nodes)); diff != "" {
		t.Errorf("(-x/net +ours):\n%s", diff)
	}
	for _, n := range nodes {
		if n.Parent != nil || n.PrevSibling != nil || n.NextSibling != nil {
			t.Errorf("result node %q is still attached", n.Data)
		}
	}
	// x/net/html fails for these (it looks at the nil context); the
	// parser must not.
	for _, in := range []string{"<select><option>a", "<input>", "<math><html><template><mn><template>"} {
		if _, err := ParseFragment(strings.NewReader(in), nil); err != nil {
			t.Errorf("%q: %v", in, err)
		}
	}
}

// TestParseFragmentFindsFormInContextAncestors: the form element pointer
// starts as the nearest form among the context element and its ancestors,
// so a form start tag is ignored.
func TestParseFragmentFindsFormInContextAncestors(t *testing.T) {
	form := &html.Node{Type: html.ElementNode, Data: "form", DataAtom: atom.Form}
	div := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
	form.AppendChild(div)
	for _, ctx := range []*html.Node{div, form} {
		got, err := ParseFragment(strings.NewReader("<form><input></form>x"), ctx)
		if err != nil {
			t.Fatal(err)
		}
		want, err := html.ParseFragment(strings.NewReader("<form><input></form>x"), ctx)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(dumpStructure(want), dumpStructure(got)); diff != "" {
			t.Errorf("context %s: (-x/net +ours):\n%s", ctx.Data, diff)
		}
		if len(got) == 0 || got[0].Data != "input" {
			t.Errorf("context %s: the form start tag was not ignored: %v", ctx.Data, dumpStructure(got))
		}
	}
}

// TestForeignAndUnusualContexts covers contexts with an unexpected
// namespace or a foreign template, where x/net/html fails: the parser
// returns a well-formed result.
func TestForeignAndUnusualContexts(t *testing.T) {
	for _, ctx := range []*html.Node{
		{Type: html.ElementNode, Data: "template", DataAtom: atom.Template, Namespace: "svg"},
		{Type: html.ElementNode, Data: "div", DataAtom: atom.Div, Namespace: "xyz"},
		{Type: html.ElementNode, Data: "head", DataAtom: atom.Head},
	} {
		for _, in := range []string{"", "x", "<p>a</p><svg><g/></svg>", "</head><meta><script>s</script>b", "<table><td>x"} {
			nodes, err := ParseFragment(strings.NewReader(in), ctx)
			if err != nil {
				t.Errorf("context %s %s, %q: %v", ctx.Namespace, ctx.Data, in, err)
				continue
			}
			if err := checkWellFormed(nodes); err != nil {
				t.Errorf("context %s %s, %q: %v", ctx.Namespace, ctx.Data, in, err)
			}
		}
	}
}

func TestTextNodeCoalescingIsLinear(t *testing.T) {
	const n = 100_000
	for _, in := range []string{strings.Repeat("a</x>", n), "<table>" + strings.Repeat("a</x>", n)} {
		doc, err := Parse(strings.NewReader(in))
		if err != nil {
			t.Fatal(err)
		}
		var text *html.Node
		walk([]*html.Node{doc}, func(c *html.Node, _ int) {
			if c.Type == html.TextNode && text == nil {
				text = c
			}
		})
		if text == nil || len(text.Data) != n {
			t.Errorf("%.20q...: want one text node of %d bytes", in, n)
		}
	}
}

// TestParseTemplatesListsTemplates: ParseTemplates and
// ParseFragmentTemplates return the trees of Parse and ParseFragment and
// their HTML template elements in the order of their start tags; SVG
// template elements are not templates.
func TestParseTemplatesListsTemplates(t *testing.T) {
	const src = `<template id=a><template id=b></template></template><table><template id=c><tr></tr></template></table><svg><template id=svg></template></svg><p>no template`
	root, list, err := ParseTemplates(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	ids := func(list []*html.Node) []string {
		var out []string
		for _, n := range list {
			for _, a := range n.Attr {
				if a.Key == "id" {
					out = append(out, a.Val)
				}
			}
		}
		return out
	}
	if diff := cmp.Diff([]string{"a", "b", "c"}, ids(list)); diff != "" {
		t.Errorf("ParseTemplates list mismatch (-want +got):\n%s", diff)
	}
	plain, err := Parse(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(dumpStructure(children(plain)), dumpStructure(children(root))); diff != "" {
		t.Errorf("ParseTemplates tree differs from Parse (-Parse +ParseTemplates):\n%s", diff)
	}
	nodes, list, err := ParseFragmentTemplates(strings.NewReader(`<tr><td><template id=d>x</template>`), contextNode("table"))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"d"}, ids(list)); diff != "" {
		t.Errorf("ParseFragmentTemplates list mismatch (-want +got):\n%s", diff)
	}
	if len(nodes) != 1 || nodes[0].Data != "tbody" {
		t.Errorf("ParseFragmentTemplates nodes = %v, want one tbody", nodes)
	}
	// In a head context the fragment is parsed "in body": the templates
	// inside and after the div are in the result, and listed.
	nodes, list, err = ParseFragmentTemplates(strings.NewReader(`<div><template id=e>x</template></div><template id=f></template>`), contextNode("head"))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"e", "f"}, ids(list)); diff != "" {
		t.Errorf("ParseFragmentTemplates list in a head context mismatch (-want +got):\n%s", diff)
	}
	if err := checkTemplateList(list, nodes); err != nil {
		t.Errorf("ParseFragmentTemplates in a head context: %v", err)
	}
	if _, list, _ := ParseTemplates(strings.NewReader(`<p>none`)); list != nil {
		t.Errorf("ParseTemplates of a page without templates lists %d", len(list))
	}
}
