package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

const collectionsPage = `<!DOCTYPE html><body><div id="x" class="a b">` +
	`<p class="b" name="n">1</p><P class="A">2</P><input name="n" id="y">` +
	`<svg><foreignObject name="n" class="a b"></foreignObject></svg></div><p id="z" class="a  b">`

func TestGetElementsBy(t *testing.T) {
	doc := treeDoc(t, collectionsPage)
	x := treeEl(t, doc, "x")
	tests := []struct {
		name string
		got  func() []*vdom.Node
		want []string
	}{
		{"TagName p from the document", func() []*vdom.Node { return doc.GetElementsByTagName("p") }, []string{"p.b", "p.A", "p#z"}},
		{"TagName upper case matches HTML", func() []*vdom.Node { return doc.GetElementsByTagName("P") }, []string{"p.b", "p.A", "p#z"}},
		{"TagName is exact for SVG", func() []*vdom.Node { return doc.GetElementsByTagName("foreignobject") }, []string{}},
		{"TagName SVG camel case", func() []*vdom.Node { return doc.GetElementsByTagName("foreignObject") }, []string{"foreignObject.a"}},
		{"TagName star from an element", func() []*vdom.Node { return x.GetElementsByTagName("*") }, []string{"p.b", "p.A", "input#y", "svg", "foreignObject.a"}},
		{"TagName excludes the root", func() []*vdom.Node { return x.GetElementsByTagName("div") }, []string{}},
		{"TagName none", func() []*vdom.Node { return doc.GetElementsByTagName("table") }, []string{}},
		{"ClassName one", func() []*vdom.Node { return doc.GetElementsByClassName("b") }, []string{"div#x", "p.b", "foreignObject.a", "p#z"}},
		{"ClassName all of several, any spacing", func() []*vdom.Node { return doc.GetElementsByClassName(" b\ta ") }, []string{"div#x", "foreignObject.a", "p#z"}},
		{"ClassName is case-sensitive", func() []*vdom.Node { return doc.GetElementsByClassName("a") }, []string{"div#x", "foreignObject.a", "p#z"}},
		{"ClassName empty matches nothing", func() []*vdom.Node { return doc.GetElementsByClassName("  ") }, []string{}},
		{"ClassName from an element", func() []*vdom.Node { return x.GetElementsByClassName("a") }, []string{"foreignObject.a"}},
		{"Name only HTML elements", func() []*vdom.Node { return doc.GetElementsByName("n") }, []string{"p.b", "input#y"}},
		{"Name none", func() []*vdom.Node { return doc.GetElementsByName("N") }, []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { treeDiff(t, "elements", tt.want, treeNames(tt.got())) })
	}
	t.Run("a snapshot", func(t *testing.T) {
		got := doc.GetElementsByTagName("p")
		treeEl(t, doc, "z").Remove()
		treeDiff(t, "snapshot", []string{"p.b", "p.A", "p#z"}, treeNames(got))
	})
}

func TestElementNavigation(t *testing.T) {
	doc := treeDoc(t, `<!DOCTYPE html><body><div id="x">t<!--c--><p id="a"></p>u<p id="b"></p>v</div><div id="y">only text</div>`)
	x, y := treeEl(t, doc, "x"), treeEl(t, doc, "y")
	a, b := treeEl(t, doc, "a"), treeEl(t, doc, "b")
	name := func(n *vdom.Node) string {
		if n == nil {
			return "<nil>"
		}
		return n.String()
	}
	tests := []struct {
		name string
		got  any
		want any
	}{
		{"Children", treeNames(x.Children()), []string{"p#a", "p#b"}},
		{"Children of a text-only element", treeNames(y.Children()), []string{}},
		{"ChildElementCount", x.ChildElementCount(), 2},
		{"ChildElementCount none", y.ChildElementCount(), 0},
		{"FirstElementChild", name(x.FirstElementChild()), "p#a"},
		{"LastElementChild", name(x.LastElementChild()), "p#b"},
		{"FirstElementChild none", name(y.FirstElementChild()), "<nil>"},
		{"NextElementSibling skips text", name(a.NextElementSibling()), "p#b"},
		{"NextElementSibling none", name(b.NextElementSibling()), "<nil>"},
		{"PreviousElementSibling skips text", name(b.PreviousElementSibling()), "p#a"},
		{"PreviousElementSibling none", name(a.PreviousElementSibling()), "<nil>"},
		{"NextElementSibling of text", name(x.FirstChild().NextElementSibling()), "p#a"},
		{"document's FirstElementChild", name(doc.FirstElementChild()), "html"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { treeDiff(t, tt.name, tt.want, tt.got) })
	}
}
