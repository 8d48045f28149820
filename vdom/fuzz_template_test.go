package vdom_test

import (
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

// FuzzTemplateContents parses markup with templates, as a page and as a
// body's inner HTML, and checks that
//   - the tree, the id index and every template's contents are consistent
//     (checkTree, checkTemplates);
//   - queries never see inside contents: QuerySelectorAll("*") yields the
//     elements of the tree walk and no node of any contents, and no id
//     inside contents is found by GetElementByID;
//   - each template serializes as its start tag, its contents' inner
//     HTML and its end tag, and a deep clone serializes the same;
//   - the serialization of the page parses back to the same serialization,
//     but for FuzzParseRoundTrip's known losses and exempt classes;
//   - the body imported into and adopted by another document serializes
//     the same, with every template's contents, nested ones included,
//     owned by that document's template contents owner document.
func FuzzTemplateContents(f *testing.F) {
	for _, s := range []string{
		templatePage,
		`<template><li class=x>in</li></template><li class=x>out</li>`,
		`<template><template><p id=a>a</p></template><b id=a>b</b></template><i id=a>c</i>`,
		`<table><template><tr><td>c</td></tr></template></table>`,
		`<template><table><template><col></template></table></template>`,
		`<select><template><option>o</option></template></select>`,
		`<template><html><head><body><frameset></template>`,
		`<template>text<!--c--><script>a<b</script></template>`,
		`<head><template><meta><title>t</title></template></head><body><template>x`,
		`<form><template><input name=n><form id=inner></form></template></form>`,
		`<svg><template><g id=a></g><foreignObject><template><p id=a>p</p><svg><template>x</template></svg></template></foreignObject></template></svg><p>after`,
		`<math><mi><template><mi>m</mi></template></mi><annotation-xml encoding=text/html><template><td>c</template></annotation-xml></math>after`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		doc, err := vdom.Parse(strings.NewReader(in))
		if err != nil {
			t.Skipf("refused: %v", err)
		}
		checkTemplateInvariants(t, doc)
		s1 := doc.OuterHTML()
		doc2, err := vdom.Parse(strings.NewReader(s1))
		if err != nil {
			t.Fatalf("Parse of the serialization: %v", err)
		}
		checkTemplateInvariants(t, doc2)
		if err := treeRoundTrip(in, treeParseBytes, s1, doc2.OuterHTML()); err != nil {
			if _, exempt := err.(treeExempt); exempt {
				t.Skip(err)
			}
			t.Error(err)
		}
		checkTemplatesAdopted(t, doc)
		frag := vdom.CreateHTMLDocument("f")
		if err := frag.Body().SetInnerHTML(in); err != nil {
			t.Skipf("refused: %v", err)
		}
		checkTemplateInvariants(t, frag)
	})
}

func checkTemplateInvariants(t *testing.T, doc *vdom.Document) {
	t.Helper()
	checkTree(t, doc)
	checkTemplates(t, doc)
	var inTree []*vdom.Node
	for n := range doc.Descendants() {
		if n.IsElement() {
			inTree = append(inTree, n)
		}
	}
	all, err := doc.QuerySelectorAll("*")
	if err != nil {
		t.Fatal(err)
	}
	treeDiff(t, "QuerySelectorAll(*) against the tree walk", treeNames(inTree), treeNames(all))
	found := make(map[*vdom.Node]bool, len(all))
	for _, n := range all {
		found[n] = true
	}
	for n := range treeAll(&doc.Node, nil) {
		c := n.Content()
		if c == nil {
			continue
		}
		for m := range c.Descendants() {
			if found[m] {
				t.Errorf("QuerySelectorAll(*) yields %s from the contents of %s", m, n)
			}
			if id := m.ID(); id != "" && doc.GetElementByID(id) == m {
				t.Errorf("GetElementByID(%q) yields %s from the contents of %s", id, m, n)
			}
		}
		outer := n.OuterHTML()
		if !strings.HasSuffix(outer, ">"+c.InnerHTML()+"</template>") || !strings.HasPrefix(outer, "<template") {
			t.Errorf("%s serializes as %q; its contents are %q", n, outer, c.InnerHTML())
		}
		if n.InnerHTML() != c.InnerHTML() {
			t.Errorf("%s: InnerHTML %q, contents' InnerHTML %q", n, n.InnerHTML(), c.InnerHTML())
		}
		if cl := n.CloneNode(true).OuterHTML(); cl != outer {
			t.Errorf("%s: deep clone serializes as %q, the template as %q", n, cl, outer)
		}
	}
}

func checkTemplatesAdopted(t *testing.T, doc *vdom.Document) {
	t.Helper()
	body := doc.Body()
	if body == nil {
		return
	}
	before := body.OuterHTML()
	other := vdom.CreateHTMLDocument("other")
	probe, err := other.CreateElement("template")
	if err != nil {
		t.Fatal(err)
	}
	owner := probe.Content().OwnerDocument()
	imported, err := other.ImportNode(body, true)
	if err != nil {
		t.Fatalf("ImportNode: %v", err)
	}
	adopted, err := other.AdoptNode(body)
	if err != nil {
		t.Fatalf("AdoptNode: %v", err)
	}
	for what, n := range map[string]*vdom.Node{"imported": imported, "adopted": adopted} {
		if got := n.OuterHTML(); got != before {
			t.Errorf("%s body serializes as %q, want %q", what, got, before)
		}
		for m := range treeAll(n, nil) {
			if c := m.Content(); c != nil && c.OwnerDocument() != owner {
				t.Errorf("%s: the contents of %s are not owned by the new document's template contents owner", what, m)
			}
		}
	}
	if doc.Body() != nil && doc.Body() == adopted {
		t.Errorf("the adopted body is still the page's body")
	}
}
