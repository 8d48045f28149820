package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

// idPage has a few ids, one of them ("dup") twice; data-n tells the
// elements apart.
const idPage = `<!DOCTYPE html><html><body id="body">` +
	`<main id="main" data-n="main">` +
	`<ul id="list" data-n="list"><li id="item" data-n="item">i</li><li id="dup" data-n="dup1">d1</li></ul>` +
	`<section id="outer" data-n="outer"><p id="dup" data-n="dup2">d2</p><p id="inner" data-n="inner">in</p></section>` +
	`</main></body></html>`

func TestIDIndexAfterMutations(t *testing.T) {
	tests := []struct {
		name string
		page string // idPage when empty
		op   func(t *testing.T, doc *vdom.Document)
		// want maps ids to the data-n of the element GetElementByID must
		// return, "" for nil.
		want map[string]string
	}{
		{
			name: "parsed",
			want: map[string]string{"main": "main", "item": "item", "dup": "dup1", "inner": "inner", "gone": ""},
		},
		{
			name: "insert a subtree with ids",
			op: func(t *testing.T, doc *vdom.Document) {
				frag := treeFragment(t, doc, `<div id="new" data-n="new"><b id="x" data-n="x"></b></div>`, nil)
				if doc.GetElementByID("new") != nil || doc.GetElementByID("x") != nil {
					t.Errorf("ids of a detached fragment are indexed")
				}
				_, err := treeEl(t, doc, "main").AppendChild(frag)
				treeNoErr(t, "AppendChild", err)
			},
			want: map[string]string{"new": "new", "x": "x", "dup": "dup1"},
		},
		{
			name: "insert an element given an id while detached",
			op: func(t *testing.T, doc *vdom.Document) {
				n := treeCreate(t, doc, "div", "data-n", "new")
				treeNoErr(t, "SetID", n.SetID("new"))
				if doc.GetElementByID("new") != nil {
					t.Errorf("a detached element is indexed")
				}
				_, err := treeEl(t, doc, "inner").AppendChild(n)
				treeNoErr(t, "AppendChild", err)
			},
			want: map[string]string{"new": "new"},
		},
		{
			name: "remove a subtree",
			op:   func(t *testing.T, doc *vdom.Document) { treeEl(t, doc, "outer").Remove() },
			want: map[string]string{"outer": "", "inner": "", "dup": "dup1", "main": "main"},
		},
		{
			name: "remove a subtree with the first of a duplicate",
			op:   func(t *testing.T, doc *vdom.Document) { treeEl(t, doc, "list").Remove() },
			want: map[string]string{"list": "", "item": "", "dup": "dup2"},
		},
		{
			name: "remove a subtree holding every holder of a duplicate id, then reuse the id",
			op: func(t *testing.T, doc *vdom.Document) {
				treeEl(t, doc, "main").Remove()
				checkTree(t, doc, "dup", "main")
				if got := doc.GetElementByID("dup"); got != nil {
					t.Errorf("GetElementByID(dup) = %v after its holders left", got)
				}
				_, err := doc.Body().AppendChild(treeCreate(t, doc, "i", "id", "dup", "data-n", "new"))
				treeNoErr(t, "AppendChild", err)
			},
			want: map[string]string{"dup": "new", "main": "", "inner": ""},
		},
		{
			name: "move the second holder of a duplicate before the first",
			op: func(t *testing.T, doc *vdom.Document) {
				second := doc.GetElementByID("outer").FirstChild()
				_, err := treeEl(t, doc, "main").InsertBefore(second, treeEl(t, doc, "list"))
				treeNoErr(t, "InsertBefore", err)
			},
			want: map[string]string{"dup": "dup2"},
		},
		{
			name: "insert a duplicate earlier in tree order",
			op: func(t *testing.T, doc *vdom.Document) {
				_, err := treeEl(t, doc, "list").InsertBefore(treeCreate(t, doc, "li", "id", "dup", "data-n", "new"), treeEl(t, doc, "item"))
				treeNoErr(t, "InsertBefore", err)
			},
			want: map[string]string{"dup": "new"},
		},
		{
			name: "insert a duplicate later in tree order",
			op: func(t *testing.T, doc *vdom.Document) {
				_, err := doc.Body().AppendChild(treeCreate(t, doc, "li", "id", "dup", "data-n", "new"))
				treeNoErr(t, "AppendChild", err)
			},
			want: map[string]string{"dup": "dup1"},
		},
		{
			name: "insert an ancestor-to-be holding a duplicate",
			op: func(t *testing.T, doc *vdom.Document) {
				wrap := treeCreate(t, doc, "div", "id", "inner", "data-n", "wrap")
				main := treeEl(t, doc, "main")
				_, err := doc.Body().InsertBefore(wrap, main)
				treeNoErr(t, "InsertBefore", err)
				checkTree(t, doc)
				_, err = wrap.AppendChild(main)
				treeNoErr(t, "AppendChild", err)
			},
			want: map[string]string{"inner": "wrap", "main": "main"},
		},
		{
			name: "SetAttribute id",
			op: func(t *testing.T, doc *vdom.Document) {
				treeNoErr(t, "SetAttribute", treeEl(t, doc, "item").SetAttribute("id", "x"))
			},
			want: map[string]string{"item": "", "x": "item"},
		},
		{
			name: "SetAttribute ID upper case",
			op: func(t *testing.T, doc *vdom.Document) {
				treeNoErr(t, "SetAttribute", treeEl(t, doc, "item").SetAttribute("ID", "x"))
			},
			want: map[string]string{"item": "", "x": "item"},
		},
		{
			name: "SetAttribute id to the same value",
			op: func(t *testing.T, doc *vdom.Document) {
				treeNoErr(t, "SetAttribute", treeEl(t, doc, "dup").SetAttribute("id", "dup"))
			},
			want: map[string]string{"dup": "dup1"},
		},
		{
			name: "SetAttribute id on an element without one",
			op: func(t *testing.T, doc *vdom.Document) {
				treeNoErr(t, "SetAttribute", treeEl(t, doc, "item").FirstChild().ParentNode().ParentNode().ParentNode().SetAttribute("id", "x"))
			},
			want: map[string]string{"x": "main"},
		},
		{
			name: "SetID of the first duplicate reveals the second",
			op:   func(t *testing.T, doc *vdom.Document) { treeNoErr(t, "SetID", treeEl(t, doc, "dup").SetID("y")) },
			want: map[string]string{"dup": "dup2", "y": "dup1"},
		},
		{
			name: "SetID of a later element to a used id",
			op:   func(t *testing.T, doc *vdom.Document) { treeNoErr(t, "SetID", treeEl(t, doc, "inner").SetID("item")) },
			want: map[string]string{"item": "item", "inner": ""},
		},
		{
			name: "SetID of an earlier element to a used id",
			op:   func(t *testing.T, doc *vdom.Document) { treeNoErr(t, "SetID", treeEl(t, doc, "list").SetID("inner")) },
			want: map[string]string{"inner": "list", "list": ""},
		},
		{
			name: "SetID empty",
			op:   func(t *testing.T, doc *vdom.Document) { treeNoErr(t, "SetID", treeEl(t, doc, "item").SetID("")) },
			want: map[string]string{"item": ""},
		},
		{
			name: "RemoveAttribute id",
			op:   func(t *testing.T, doc *vdom.Document) { treeEl(t, doc, "inner").RemoveAttribute("id") },
			want: map[string]string{"inner": ""},
		},
		{
			name: "RemoveAttribute ID of the first duplicate",
			op:   func(t *testing.T, doc *vdom.Document) { treeEl(t, doc, "dup").RemoveAttribute("ID") },
			want: map[string]string{"dup": "dup2"},
		},
		{
			name: "ToggleAttribute id off",
			op: func(t *testing.T, doc *vdom.Document) {
				_, err := treeEl(t, doc, "dup").ToggleAttribute("id")
				treeNoErr(t, "ToggleAttribute", err)
			},
			want: map[string]string{"dup": "dup2"},
		},
		{
			name: "SetInnerHTML",
			op: func(t *testing.T, doc *vdom.Document) {
				treeNoErr(t, "SetInnerHTML", treeEl(t, doc, "outer").SetInnerHTML(`<b id="x" data-n="x"></b><b id="inner" data-n="new"></b>`))
			},
			want: map[string]string{"x": "x", "inner": "new", "dup": "dup1"},
		},
		{
			name: "SetInnerHTML removing the first duplicate",
			op: func(t *testing.T, doc *vdom.Document) {
				treeNoErr(t, "SetInnerHTML", treeEl(t, doc, "list").SetInnerHTML(`<li>none</li>`))
			},
			want: map[string]string{"dup": "dup2", "item": ""},
		},
		{
			name: "SetOuterHTML",
			op: func(t *testing.T, doc *vdom.Document) {
				treeNoErr(t, "SetOuterHTML", treeEl(t, doc, "outer").SetOuterHTML(`<p id="x" data-n="x"></p><p id="outer" data-n="new"></p>`))
			},
			want: map[string]string{"x": "x", "outer": "new", "inner": "", "dup": "dup1"},
		},
		{
			name: "SetOuterHTML keeping an id",
			op: func(t *testing.T, doc *vdom.Document) {
				treeNoErr(t, "SetOuterHTML", treeEl(t, doc, "dup").SetOuterHTML(`<li id="dup" data-n="new">n</li>`))
			},
			want: map[string]string{"dup": "new"},
		},
		{
			name: "SetTextContent removes children with ids",
			op:   func(t *testing.T, doc *vdom.Document) { treeEl(t, doc, "main").SetTextContent("plain") },
			want: map[string]string{"main": "main", "list": "", "item": "", "dup": "", "outer": "", "inner": ""},
		},
		{
			name: "SetTextContent empty",
			op:   func(t *testing.T, doc *vdom.Document) { treeEl(t, doc, "outer").SetTextContent("") },
			want: map[string]string{"dup": "dup1", "inner": ""},
		},
		{
			name: "ReplaceChild",
			op: func(t *testing.T, doc *vdom.Document) {
				_, err := treeEl(t, doc, "main").ReplaceChild(treeCreate(t, doc, "p", "id", "list", "data-n", "new"), treeEl(t, doc, "list"))
				treeNoErr(t, "ReplaceChild", err)
			},
			want: map[string]string{"list": "new", "item": "", "dup": "dup2"},
		},
		{
			name: "ids on a removed element do not come back",
			op: func(t *testing.T, doc *vdom.Document) {
				n := treeEl(t, doc, "inner")
				n.Remove()
				checkTree(t, doc, "inner")
				treeNoErr(t, "SetID", n.SetID("x"))
				checkTree(t, doc, "inner", "x")
				treeNoErr(t, "SetAttribute", n.SetAttribute("id", "y"))
			},
			want: map[string]string{"inner": "", "x": "", "y": ""},
		},
		{
			name: "odd ids",
			page: `<p id="1st-item" data-n="a"></p><p id="a.b" data-n="b"></p><p id="x:y" data-n="c"></p>` +
				`<p id="with space" data-n="d"></p><p id=" " data-n="e"></p>` + "<p id=\"ÿ\u00a0\" data-n=\"f\"></p>" + `<p id="#a" data-n="g"></p>`,
			want: map[string]string{"1st-item": "a", "a.b": "b", "x:y": "c", "with space": "d", " ": "e", "ÿ\u00a0": "f", "#a": "g", "with": "", "a": ""},
		},
		{
			name: "empty id never matches",
			page: `<p id="" data-n="a"></p><p id data-n="b"></p>`,
			op: func(t *testing.T, doc *vdom.Document) {
				treeNoErr(t, "SetID", doc.Body().SetID(""))
			},
			want: map[string]string{"": ""},
		},
		{
			name: "ids in foreign content",
			page: `<svg><circle id="c" data-n="c"/></svg><math><mi id="m" data-n="m"></mi></math>`,
			want: map[string]string{"c": "c", "m": "m"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			page := tt.page
			if page == "" {
				page = idPage
			}
			doc := treeDoc(t, page)
			if tt.op != nil {
				tt.op(t, doc)
			}
			var ids []string
			for id := range tt.want {
				ids = append(ids, id)
			}
			checkTree(t, doc, ids...)
			got := make(map[string]string, len(tt.want))
			for id := range tt.want {
				got[id] = ""
				if n := doc.GetElementByID(id); n != nil {
					got[id], _ = n.GetAttribute("data-n")
					if !n.IsConnected() {
						t.Errorf("GetElementByID(%q) returned a detached element", id)
					}
				}
			}
			treeDiff(t, "GetElementByID (id: data-n)", tt.want, got)
		})
	}
}

// TestIDIndexDuplicatesChurn moves, renames and removes many holders of the
// same id and checks the index against a full scan after every step.
func TestIDIndexDuplicatesChurn(t *testing.T) {
	doc := treeDoc(t, `<div id="a"></div><div id="b"></div>`)
	a, b := treeEl(t, doc, "a"), treeEl(t, doc, "b")
	var nodes []*vdom.Node
	for i := range 12 {
		n := treeCreate(t, doc, "i", "id", "dup")
		nodes = append(nodes, n)
		parent := a
		if i%2 == 1 {
			parent = b
		}
		_, err := parent.InsertBefore(n, parent.FirstChild())
		treeNoErr(t, "InsertBefore", err)
		checkTree(t, doc)
	}
	for i, n := range nodes {
		switch i % 4 {
		case 0:
			_, err := b.AppendChild(n)
			treeNoErr(t, "AppendChild", err)
		case 1:
			treeNoErr(t, "SetID", n.SetID("other"))
		case 2:
			n.Remove()
		case 3:
			_, err := a.InsertBefore(n, a.FirstChild())
			treeNoErr(t, "InsertBefore", err)
		}
		checkTree(t, doc, "other")
	}
	a.Remove()
	checkTree(t, doc, "other")
	b.SetTextContent("")
	checkTree(t, doc, "other")
	if doc.GetElementByID("dup") != nil || doc.GetElementByID("other") != nil {
		t.Errorf("ids left after all holders went: dup %v, other %v", doc.GetElementByID("dup"), doc.GetElementByID("other"))
	}
}
