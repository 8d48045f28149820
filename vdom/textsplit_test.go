package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

func TestNormalize(t *testing.T) {
	tests := []struct {
		name  string
		build func(t *testing.T, doc *vdom.Document, root *vdom.Node)
		want  []string // the data of root's children after Normalize, "<p>" for elements
	}{
		{
			name: "adjacent texts merge into the first",
			build: func(t *testing.T, doc *vdom.Document, root *vdom.Node) {
				treeNoErr(t, "Append", root.Append(vdom.Text("a"), vdom.Text("b"), treeCreate(t, doc, "p"), vdom.Text("c"), vdom.Text("d")))
			},
			want: []string{"ab", "<p>", "cd"},
		},
		{
			name: "empty texts go",
			build: func(t *testing.T, doc *vdom.Document, root *vdom.Node) {
				treeNoErr(t, "Append", root.Append(vdom.Text(""), treeCreate(t, doc, "p"), vdom.Text("")))
			},
			want: []string{"<p>"},
		},
		{
			name: "an empty text between merges",
			build: func(t *testing.T, doc *vdom.Document, root *vdom.Node) {
				treeNoErr(t, "Append", root.Append(vdom.Text("a"), vdom.Text(""), vdom.Text("b")))
			},
			want: []string{"ab"},
		},
		{
			name: "comments split runs",
			build: func(t *testing.T, doc *vdom.Document, root *vdom.Node) {
				treeNoErr(t, "Append", root.Append(vdom.Text("a"), doc.CreateComment("c"), vdom.Text("b")))
			},
			want: []string{"a", "c", "b"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := treeDoc(t, mutatePage)
			root := treeEl(t, doc, "b")
			treeNoErr(t, "ReplaceChildren", root.ReplaceChildren())
			tt.build(t, doc, root)
			first := root.FirstChild()
			doc.Normalize()
			checkTree(t, doc)
			var got []string
			for _, c := range root.ChildNodes() {
				if c.IsElement() {
					got = append(got, "<p>")
				} else {
					got = append(got, c.Data())
				}
			}
			treeDiff(t, "children", tt.want, got)
			if first.NodeType() == vdom.TextNode && first.Data() != "" && root.FirstChild() != first {
				t.Errorf("the first text node was replaced, want it kept")
			}
		})
	}
	t.Run("nested", func(t *testing.T) {
		doc := treeDoc(t, mutatePage)
		a1 := treeEl(t, doc, "a1")
		treeNoErr(t, "Append", a1.Append(vdom.Text("!"), vdom.Text("")))
		treeEl(t, doc, "a").Normalize()
		treeDiff(t, "children", []string{"one!"}, []string{a1.FirstChild().Data()})
		treeDiff(t, "count", 1, len(a1.ChildNodes()))
	})
}

func TestSplitText(t *testing.T) {
	tests := []struct {
		name       string
		data       string
		offset     int
		wantErr    error
		head, tail string
	}{
		{name: "middle", data: "hello", offset: 2, head: "he", tail: "llo"},
		{name: "start", data: "hello", offset: 0, head: "", tail: "hello"},
		{name: "end", data: "hello", offset: 5, head: "hello", tail: ""},
		{name: "counts UTF-16 units", data: "é😀x", offset: 3, head: "é😀", tail: "x"},
		{name: "inside a surrogate pair is IndexSize", data: "é😀x", offset: 2, wantErr: vdom.ErrIndexSize},
		{name: "beyond the end is IndexSize", data: "abc", offset: 4, wantErr: vdom.ErrIndexSize},
		{name: "negative is IndexSize", data: "abc", offset: -1, wantErr: vdom.ErrIndexSize},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := treeDoc(t, mutatePage)
			b1 := treeEl(t, doc, "b1")
			text := b1.FirstChild()
			text.SetData(tt.data)
			tail, err := text.SplitText(tt.offset)
			checkTree(t, doc)
			if tt.wantErr != nil {
				treeWantErr(t, err, tt.wantErr)
				treeDiff(t, "data", tt.data, text.Data())
				return
			}
			treeNoErr(t, "SplitText", err)
			treeDiff(t, "head and tail", []string{tt.head, tt.tail}, []string{text.Data(), tail.Data()})
			if text.NextSibling() != tail || tail.ParentNode() != b1 {
				t.Errorf("the tail is not inserted after the text")
			}
		})
	}
	t.Run("detached text", func(t *testing.T) {
		doc := treeDoc(t, mutatePage)
		text := doc.CreateTextNode("ab")
		tail, err := text.SplitText(1)
		treeNoErr(t, "SplitText", err)
		treeDiff(t, "head and tail", []string{"a", "b"}, []string{text.Data(), tail.Data()})
		if tail.ParentNode() != nil {
			t.Errorf("the tail of a detached text has parent %s", tail.ParentNode())
		}
	})
	t.Run("not a text node is Type", func(t *testing.T) {
		doc := treeDoc(t, mutatePage)
		_, err := treeEl(t, doc, "b1").SplitText(0)
		treeWantErr(t, err, vdom.ErrType)
		_, err = doc.CreateComment("abc").SplitText(1)
		treeWantErr(t, err, vdom.ErrType)
	})
}
