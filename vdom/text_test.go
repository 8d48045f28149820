package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

const textPage = `<!DOCTYPE html><html><head><title>T</title></head><body>` +
	`<div id="d">a<b id="b">b<i>c</i></b><!--not text-->d<script id="s">if (x < y) {}</script></div>` +
	`<p id="e"></p></body></html>`

func TestTextContentGet(t *testing.T) {
	doc := treeDoc(t, textPage)
	d := treeEl(t, doc, "d")
	tests := []struct {
		name string
		node *vdom.Node
		want string
	}{
		{"element: descendant text, no comments", d, "abcdif (x < y) {}"},
		{"nested element", treeEl(t, doc, "b"), "bc"},
		{"empty element", treeEl(t, doc, "e"), ""},
		{"text node", d.FirstChild(), "a"},
		{"comment", treeEl(t, doc, "b").NextSibling(), "not text"},
		{"script text", treeEl(t, doc, "s"), "if (x < y) {}"},
		{"document", &doc.Node, ""},
		{"doctype", doc.FirstChild(), ""},
		{"root element", doc.DocumentElement(), "Tabcdif (x < y) {}"},
		{"fragment", treeFragment(t, doc, "x<i>y</i><!--z-->", nil), "xy"},
		{"empty fragment", doc.CreateDocumentFragment(), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			treeDiff(t, "TextContent", tt.want, tt.node.TextContent())
		})
	}
}

func TestTextContentSet(t *testing.T) {
	tests := []struct {
		name string
		// target returns the node to set and the node whose OuterHTML to
		// check afterwards.
		target func(t *testing.T, doc *vdom.Document) (set, show *vdom.Node)
		value  string
		want   string
		// wantText is the target's TextContent afterwards.
		wantText string
	}{
		{
			name:     "element",
			target:   func(t *testing.T, doc *vdom.Document) (*vdom.Node, *vdom.Node) { d := treeEl(t, doc, "d"); return d, d },
			value:    "<new> & text",
			want:     `<div id="d">&lt;new&gt; &amp; text</div>`,
			wantText: "<new> & text",
		},
		{
			name:     "element, empty string removes all children",
			target:   func(t *testing.T, doc *vdom.Document) (*vdom.Node, *vdom.Node) { d := treeEl(t, doc, "d"); return d, d },
			value:    "",
			want:     `<div id="d"></div>`,
			wantText: "",
		},
		{
			name:     "empty element",
			target:   func(t *testing.T, doc *vdom.Document) (*vdom.Node, *vdom.Node) { e := treeEl(t, doc, "e"); return e, e },
			value:    "x",
			want:     `<p id="e">x</p>`,
			wantText: "x",
		},
		{
			name:     "script",
			target:   func(t *testing.T, doc *vdom.Document) (*vdom.Node, *vdom.Node) { s := treeEl(t, doc, "s"); return s, s },
			value:    "a && b < c",
			want:     `<script id="s">a && b < c</script>`,
			wantText: "a && b < c",
		},
		{
			name: "text node",
			target: func(t *testing.T, doc *vdom.Document) (*vdom.Node, *vdom.Node) {
				d := treeEl(t, doc, "d")
				return d.FirstChild(), treeEl(t, doc, "b")
			},
			value:    "A<",
			want:     `<b id="b">b<i>c</i></b>`,
			wantText: "A<",
		},
		{
			name: "comment",
			target: func(t *testing.T, doc *vdom.Document) (*vdom.Node, *vdom.Node) {
				c := treeEl(t, doc, "b").NextSibling()
				return c, c
			},
			value:    "new comment",
			want:     `<!--new comment-->`,
			wantText: "new comment",
		},
		{
			name:     "document does nothing",
			target:   func(t *testing.T, doc *vdom.Document) (*vdom.Node, *vdom.Node) { return &doc.Node, treeEl(t, doc, "e") },
			value:    "x",
			want:     `<p id="e"></p>`,
			wantText: "",
		},
		{
			name: "doctype does nothing",
			target: func(t *testing.T, doc *vdom.Document) (*vdom.Node, *vdom.Node) {
				return doc.FirstChild(), doc.FirstChild()
			},
			value:    "x",
			want:     `<!DOCTYPE html>`,
			wantText: "",
		},
		{
			name: "fragment",
			target: func(t *testing.T, doc *vdom.Document) (*vdom.Node, *vdom.Node) {
				f := treeFragment(t, doc, "<i id=x>1</i>2", nil)
				return f, f
			},
			value:    "only",
			want:     `only`,
			wantText: "only",
		},
		{
			name: "fragment, empty string",
			target: func(t *testing.T, doc *vdom.Document) (*vdom.Node, *vdom.Node) {
				f := treeFragment(t, doc, "<i id=x>1</i>2", nil)
				return f, f
			},
			value:    "",
			want:     ``,
			wantText: "",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := treeDoc(t, textPage)
			set, show := tt.target(t, doc)
			set.SetTextContent(tt.value)
			checkTree(t, doc, "b", "s")
			treeDiff(t, "OuterHTML", tt.want, show.OuterHTML())
			treeDiff(t, "TextContent", tt.wantText, set.TextContent())
			if set.NodeType() == vdom.ElementNode || set.NodeType() == vdom.DocumentFragmentNode {
				want := 1
				if tt.value == "" {
					want = 0
				}
				if got := len(set.ChildNodes()); got != want {
					t.Errorf("%d children after SetTextContent(%q), want %d", got, tt.value, want)
				}
			}
		})
	}

	t.Run("removed children stay intact", func(t *testing.T) {
		doc := treeDoc(t, textPage)
		d := treeEl(t, doc, "d")
		b := treeEl(t, doc, "b")
		d.SetTextContent("")
		checkTree(t, doc, "b", "s")
		if b.ParentNode() != nil || b.IsConnected() {
			t.Errorf("removed child: parent %v, connected %v", b.ParentNode(), b.IsConnected())
		}
		treeDiff(t, "removed child", `<b id="b">b<i>c</i></b>`, b.OuterHTML())
		checkTreeDetached(t, b)
	})

	t.Run("Data and SetData", func(t *testing.T) {
		doc := treeDoc(t, textPage)
		d := treeEl(t, doc, "d")
		text, comment := d.FirstChild(), treeEl(t, doc, "b").NextSibling()
		text.SetData("x")
		checkTree(t, doc)
		comment.SetData("y")
		checkTree(t, doc)
		d.SetData("ignored")
		treeDiff(t, "data", []string{"x", "y", ""}, []string{text.Data(), comment.Data(), d.Data()})
		treeDiff(t, "OuterHTML", `<div id="d">x<b id="b">b<i>c</i></b><!--y-->d<script id="s">if (x < y) {}</script></div>`, d.OuterHTML())
		checkTree(t, doc)
	})
}
