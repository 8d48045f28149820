package vdom_test

import (
	"errors"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

// domOpCase runs op on a fresh mutatePage document and compares the error
// kind and the body's inner HTML afterwards (unchanged when op fails).
type domOpCase struct {
	name     string
	op       func(t *testing.T, doc *vdom.Document) error
	wantErr  error
	wantBody string
}

const mutateBody = `<div id="a"><p id="a1">one</p><p id="a2">two</p></div><div id="b"><span id="b1">x</span></div>`

func runDOMOpCases(t *testing.T, tests []domOpCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := treeDoc(t, mutatePage)
			err := tt.op(t, doc)
			if tt.wantErr == nil {
				treeNoErr(t, tt.name, err)
			} else {
				treeWantErr(t, err, tt.wantErr)
				var de *vdom.DOMError
				if !errors.As(err, &de) {
					t.Errorf("error %T is not a *vdom.DOMError", err)
				}
			}
			checkTree(t, doc)
			want := tt.wantBody
			if want == "" {
				want = mutateBody
			}
			treeDiff(t, "body", want, doc.Body().InnerHTML())
		})
	}
}

func TestParentNodeMethods(t *testing.T) {
	el := treeEl
	runDOMOpCases(t, []domOpCase{
		{
			name: "Append nodes and text",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a").Append(vdom.Text("x"), el(t, doc, "b1"), vdom.Text("y"))
			},
			wantBody: `<div id="a"><p id="a1">one</p><p id="a2">two</p>x<span id="b1">x</span>y</div><div id="b"></div>`,
		},
		{
			name: "Append one node moves it",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "b").Append(el(t, doc, "a1"))
			},
			wantBody: `<div id="a"><p id="a2">two</p></div><div id="b"><span id="b1">x</span><p id="a1">one</p></div>`,
		},
		{
			name:     "Append nothing does nothing",
			op:       func(t *testing.T, doc *vdom.Document) error { return el(t, doc, "a").Append() },
			wantBody: mutateBody,
		},
		{
			name: "Append nothing to text is HierarchyRequest",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a1").FirstChild().Append()
			},
			wantErr: vdom.ErrHierarchyRequest,
		},
		{
			name: "Append to text is HierarchyRequest",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a1").FirstChild().Append(vdom.Text("x"))
			},
			wantErr: vdom.ErrHierarchyRequest,
		},
		{
			name: "Append nil is HierarchyRequest",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a").Append(vdom.Text("x"), (*vdom.Node)(nil))
			},
			wantErr: vdom.ErrHierarchyRequest,
		},
		{
			name:    "Append nil interface is HierarchyRequest",
			op:      func(t *testing.T, doc *vdom.Document) error { return el(t, doc, "a").Append(nil) },
			wantErr: vdom.ErrHierarchyRequest,
		},
		{
			name: "Append an ancestor with others leaves the tree",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a1").Append(el(t, doc, "b1"), el(t, doc, "a"))
			},
			wantErr: vdom.ErrHierarchyRequest,
		},
		{
			name: "Append itself is HierarchyRequest",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a").Append(el(t, doc, "a"))
			},
			wantErr: vdom.ErrHierarchyRequest,
		},
		{
			name: "Append a document is HierarchyRequest",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a").Append(&vdom.NewDocument().Node, vdom.Text("x"))
			},
			wantErr: vdom.ErrHierarchyRequest,
		},
		{
			name: "Append a doctype with others is HierarchyRequest",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a").Append(doc.FirstChild(), vdom.Text("x"))
			},
			wantErr: vdom.ErrHierarchyRequest,
		},
		{
			name: "Append a second element to the document is HierarchyRequest",
			op: func(t *testing.T, doc *vdom.Document) error {
				return doc.Append(treeCreate(t, doc, "p"))
			},
			wantErr: vdom.ErrHierarchyRequest,
		},
		{
			name:    "Append text to the document is HierarchyRequest",
			op:      func(t *testing.T, doc *vdom.Document) error { return doc.Append(vdom.Text("x")) },
			wantErr: vdom.ErrHierarchyRequest,
		},
		{
			name: "Prepend",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a").Prepend(vdom.Text("x"), el(t, doc, "a2"))
			},
			wantBody: `<div id="a">x<p id="a2">two</p><p id="a1">one</p></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name: "Prepend to an empty element",
			op: func(t *testing.T, doc *vdom.Document) error {
				return treeEl(t, doc, "b1").Prepend(vdom.Text("<y>"))
			},
			wantBody: `<div id="a"><p id="a1">one</p><p id="a2">two</p></div><div id="b"><span id="b1">&lt;y&gt;x</span></div>`,
		},
		{
			name:    "Prepend to a comment is HierarchyRequest",
			op:      func(t *testing.T, doc *vdom.Document) error { return doc.CreateComment("c").Prepend() },
			wantErr: vdom.ErrHierarchyRequest,
		},
		{
			name: "ReplaceChildren",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a").ReplaceChildren(el(t, doc, "a2"), vdom.Text("z"))
			},
			wantBody: `<div id="a"><p id="a2">two</p>z</div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name: "ReplaceChildren with its own child",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a").ReplaceChildren(el(t, doc, "a2"))
			},
			wantBody: `<div id="a"><p id="a2">two</p></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name:     "ReplaceChildren with nothing empties",
			op:       func(t *testing.T, doc *vdom.Document) error { return el(t, doc, "a").ReplaceChildren() },
			wantBody: `<div id="a"></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name: "ReplaceChildren with an ancestor keeps the children",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a1").ReplaceChildren(el(t, doc, "a"))
			},
			wantErr: vdom.ErrHierarchyRequest,
		},
		{
			name: "ReplaceChildren on text is HierarchyRequest",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "b1").FirstChild().ReplaceChildren()
			},
			wantErr: vdom.ErrHierarchyRequest,
		},
	})
}

func TestChildNodeMethods(t *testing.T) {
	el := treeEl
	runDOMOpCases(t, []domOpCase{
		{
			name: "Before",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a2").Before(vdom.Text("x"), el(t, doc, "b1"))
			},
			wantBody: `<div id="a"><p id="a1">one</p>x<span id="b1">x</span><p id="a2">two</p></div><div id="b"></div>`,
		},
		{
			name: "Before with its own previous sibling",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a2").Before(el(t, doc, "a1"), vdom.Text("x"))
			},
			wantBody: `<div id="a"><p id="a1">one</p>x<p id="a2">two</p></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name: "Before with itself",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a2").Before(vdom.Text("x"), el(t, doc, "a2"))
			},
			wantBody: `<div id="a"><p id="a1">one</p>x<p id="a2">two</p></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name: "Before without parent does nothing",
			op: func(t *testing.T, doc *vdom.Document) error {
				return treeCreate(t, doc, "p").Before(el(t, doc, "a"))
			},
		},
		{
			name: "Before the document element with text is HierarchyRequest",
			op: func(t *testing.T, doc *vdom.Document) error {
				return doc.DocumentElement().Before(vdom.Text("x"))
			},
			wantErr: vdom.ErrHierarchyRequest,
		},
		{
			name: "Before with an ancestor is HierarchyRequest",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a2").Before(el(t, doc, "a"))
			},
			wantErr: vdom.ErrHierarchyRequest,
		},
		{
			name: "After",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a1").After(vdom.Text("x"), el(t, doc, "b1"))
			},
			wantBody: `<div id="a"><p id="a1">one</p>x<span id="b1">x</span><p id="a2">two</p></div><div id="b"></div>`,
		},
		{
			name: "After with its own next sibling",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a1").After(vdom.Text("x"), el(t, doc, "a2"))
			},
			wantBody: `<div id="a"><p id="a1">one</p>x<p id="a2">two</p></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name: "After the last child",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "b1").After(vdom.Text("y"))
			},
			wantBody: `<div id="a"><p id="a1">one</p><p id="a2">two</p></div><div id="b"><span id="b1">x</span>y</div>`,
		},
		{
			name: "After with nil is HierarchyRequest",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a1").After((*vdom.Node)(nil))
			},
			wantErr: vdom.ErrHierarchyRequest,
		},
		{
			name: "ReplaceWith",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a1").ReplaceWith(vdom.Text("x"), el(t, doc, "b1"))
			},
			wantBody: `<div id="a">x<span id="b1">x</span><p id="a2">two</p></div><div id="b"></div>`,
		},
		{
			name: "ReplaceWith itself and text",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a1").ReplaceWith(el(t, doc, "a1"), vdom.Text("x"))
			},
			wantBody: `<div id="a"><p id="a1">one</p>x<p id="a2">two</p></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name: "ReplaceWith its next sibling",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a1").ReplaceWith(el(t, doc, "a2"))
			},
			wantBody: `<div id="a"><p id="a2">two</p></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name:     "ReplaceWith nothing removes",
			op:       func(t *testing.T, doc *vdom.Document) error { return el(t, doc, "b1").ReplaceWith() },
			wantBody: `<div id="a"><p id="a1">one</p><p id="a2">two</p></div><div id="b"></div>`,
		},
		{
			name: "ReplaceWith without parent does nothing",
			op: func(t *testing.T, doc *vdom.Document) error {
				return treeCreate(t, doc, "p").ReplaceWith(vdom.Text("x"))
			},
		},
		{
			name: "ReplaceWith an ancestor is HierarchyRequest",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a1").ReplaceWith(el(t, doc, "a"))
			},
			wantErr: vdom.ErrHierarchyRequest,
		},
		{
			name: "ReplaceWith of the document element by text is HierarchyRequest",
			op: func(t *testing.T, doc *vdom.Document) error {
				return doc.DocumentElement().ReplaceWith(vdom.Text("x"))
			},
			wantErr: vdom.ErrHierarchyRequest,
		},
	})
}

func TestInsertAdjacent(t *testing.T) {
	el := treeEl
	runDOMOpCases(t, []domOpCase{
		{
			name: "HTML beforebegin",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a2").InsertAdjacentHTML("beforebegin", `<b id="x">x</b>y`)
			},
			wantBody: `<div id="a"><p id="a1">one</p><b id="x">x</b>y<p id="a2">two</p></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name: "HTML afterbegin, any case",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a").InsertAdjacentHTML("AfterBegin", `<i>i</i>`)
			},
			wantBody: `<div id="a"><i>i</i><p id="a1">one</p><p id="a2">two</p></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name: "HTML beforeend",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "b").InsertAdjacentHTML(vdom.BeforeEnd, `<i>i</i>`)
			},
			wantBody: `<div id="a"><p id="a1">one</p><p id="a2">two</p></div><div id="b"><span id="b1">x</span><i>i</i></div>`,
		},
		{
			name: "HTML afterend",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a").InsertAdjacentHTML(vdom.AfterEnd, `<hr>`)
			},
			wantBody: `<div id="a"><p id="a1">one</p><p id="a2">two</p></div><hr><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name: "HTML in body drops a stray cell tag",
			op: func(t *testing.T, doc *vdom.Document) error {
				return doc.Body().InsertAdjacentHTML(vdom.BeforeEnd, `<td>c</td>`)
			},
			wantBody: mutateBody + `c`,
		},
		{
			name: "HTML with a table context",
			op: func(t *testing.T, doc *vdom.Document) error {
				tr := treeCreate(t, doc, "tr")
				if err := el(t, doc, "b").Append(tr); err != nil {
					return err
				}
				return tr.InsertAdjacentHTML(vdom.BeforeEnd, `<td>c</td>`)
			},
			wantBody: `<div id="a"><p id="a1">one</p><p id="a2">two</p></div><div id="b"><span id="b1">x</span><tr><td>c</td></tr></div>`,
		},
		{
			name: "HTML bad position is Syntax",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "a").InsertAdjacentHTML("middle", `<i>`)
			},
			wantErr: vdom.ErrSyntax,
		},
		{
			name: "HTML beforebegin of the document element is NoModificationAllowed",
			op: func(t *testing.T, doc *vdom.Document) error {
				return doc.DocumentElement().InsertAdjacentHTML(vdom.BeforeBegin, `<i>`)
			},
			wantErr: vdom.ErrNoModificationAllowed,
		},
		{
			name: "HTML afterend without parent is NoModificationAllowed",
			op: func(t *testing.T, doc *vdom.Document) error {
				return treeCreate(t, doc, "p").InsertAdjacentHTML(vdom.AfterEnd, `<i>`)
			},
			wantErr: vdom.ErrNoModificationAllowed,
		},
		{
			name: "HTML beforeend into text is HierarchyRequest",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "b1").FirstChild().InsertAdjacentHTML(vdom.BeforeEnd, `<i>`)
			},
			wantErr: vdom.ErrHierarchyRequest,
		},
		{
			name: "HTML afterend of text",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "b1").FirstChild().InsertAdjacentHTML(vdom.AfterEnd, `<i>i</i>`)
			},
			wantBody: `<div id="a"><p id="a1">one</p><p id="a2">two</p></div><div id="b"><span id="b1">x<i>i</i></span></div>`,
		},
		{
			name: "Element afterend",
			op: func(t *testing.T, doc *vdom.Document) error {
				got, err := el(t, doc, "a1").InsertAdjacentElement(vdom.AfterEnd, el(t, doc, "b1"))
				if err == nil && got.ID() != "b1" {
					t.Errorf("returned %s, want span#b1", got)
				}
				return err
			},
			wantBody: `<div id="a"><p id="a1">one</p><span id="b1">x</span><p id="a2">two</p></div><div id="b"></div>`,
		},
		{
			name: "Element beforebegin without parent returns nil",
			op: func(t *testing.T, doc *vdom.Document) error {
				got, err := treeCreate(t, doc, "p").InsertAdjacentElement(vdom.BeforeBegin, el(t, doc, "b1"))
				if got != nil {
					t.Errorf("returned %s, want nil", got)
				}
				return err
			},
		},
		{
			name: "Element bad position is Syntax",
			op: func(t *testing.T, doc *vdom.Document) error {
				_, err := el(t, doc, "a1").InsertAdjacentElement("after", el(t, doc, "b1"))
				return err
			},
			wantErr: vdom.ErrSyntax,
		},
		{
			name: "Element not an element is Type",
			op: func(t *testing.T, doc *vdom.Document) error {
				_, err := el(t, doc, "a1").InsertAdjacentElement(vdom.AfterEnd, doc.CreateTextNode("x"))
				return err
			},
			wantErr: vdom.ErrType,
		},
		{
			name: "Element nil is Type",
			op: func(t *testing.T, doc *vdom.Document) error {
				_, err := el(t, doc, "a1").InsertAdjacentElement(vdom.AfterEnd, nil)
				return err
			},
			wantErr: vdom.ErrType,
		},
		{
			name: "Element into its descendant is HierarchyRequest",
			op: func(t *testing.T, doc *vdom.Document) error {
				_, err := el(t, doc, "a1").InsertAdjacentElement(vdom.BeforeEnd, el(t, doc, "a"))
				return err
			},
			wantErr: vdom.ErrHierarchyRequest,
		},
		{
			name: "Text afterbegin",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "b").InsertAdjacentText(vdom.AfterBegin, "<t>")
			},
			wantBody: `<div id="a"><p id="a1">one</p><p id="a2">two</p></div><div id="b">&lt;t&gt;<span id="b1">x</span></div>`,
		},
		{
			name: "Text bad position is Syntax",
			op: func(t *testing.T, doc *vdom.Document) error {
				return el(t, doc, "b").InsertAdjacentText("", "t")
			},
			wantErr: vdom.ErrSyntax,
		},
		{
			name: "Text beforebegin of the document element is HierarchyRequest",
			op: func(t *testing.T, doc *vdom.Document) error {
				return doc.DocumentElement().InsertAdjacentText(vdom.BeforeBegin, "t")
			},
			wantErr: vdom.ErrHierarchyRequest,
		},
	})
}

// The new methods go through the removal path, so the focus leaves a
// removed element as it does with RemoveChild.
func TestParentNodeMethodsMoveFocus(t *testing.T) {
	for _, tt := range []struct {
		name string
		op   func(t *testing.T, doc *vdom.Document) error
	}{
		{"ReplaceChildren", func(t *testing.T, doc *vdom.Document) error { return treeEl(t, doc, "a").ReplaceChildren() }},
		{"ReplaceWith", func(t *testing.T, doc *vdom.Document) error {
			return treeEl(t, doc, "a").ReplaceWith(vdom.Text("gone"))
		}},
		{"Append elsewhere", func(t *testing.T, doc *vdom.Document) error {
			frag := doc.CreateDocumentFragment()
			return frag.Append(treeEl(t, doc, "a"), vdom.Text("x"))
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			doc := treeDoc(t, `<!DOCTYPE html><body><div id="a"><button id="x">b</button></div>`)
			x := treeEl(t, doc, "x")
			blurred := 0
			x.AddEventListener("blur", vdom.NewListener(func(*vdom.Event) { blurred++ }))
			treeNoErr(t, "Focus", x.Focus())
			treeNoErr(t, tt.name, tt.op(t, doc))
			checkTree(t, doc)
			treeDiff(t, "active element", "body", doc.ActiveElement().String())
			treeDiff(t, "blur events", 1, blurred)
		})
	}
}

// TestParentNodeMethodsRestoreGatheredNodes: with several nodes, the
// methods gather them into a fragment before inserting it; when the
// insertion itself fails, the nodes go back where they were.
func TestParentNodeMethodsRestoreGatheredNodes(t *testing.T) {
	runDOMOpCases(t, []domOpCase{
		{"Append to a text node", func(t *testing.T, doc *vdom.Document) error {
			return byID(t, doc, "a1").FirstChild().Append(byID(t, doc, "a2"), vdom.Text("x"), byID(t, doc, "b1"))
		}, vdom.ErrHierarchyRequest, ""},
		{"Prepend to a text node", func(t *testing.T, doc *vdom.Document) error {
			return byID(t, doc, "a1").FirstChild().Prepend(byID(t, doc, "a1"), byID(t, doc, "a2"))
		}, vdom.ErrHierarchyRequest, ""},
		{"ReplaceChildren of a text node", func(t *testing.T, doc *vdom.Document) error {
			return byID(t, doc, "b1").FirstChild().ReplaceChildren(byID(t, doc, "a2"), byID(t, doc, "a1"))
		}, vdom.ErrHierarchyRequest, ""},
		{"Before the document element, with text", func(t *testing.T, doc *vdom.Document) error {
			return doc.DocumentElement().Before(byID(t, doc, "a2"), vdom.Text("x"))
		}, vdom.ErrHierarchyRequest, ""},
		{"ReplaceWith of the doctype, with two elements", func(t *testing.T, doc *vdom.Document) error {
			doctype := doc.Node.FirstChild()
			if doctype.NodeType() != vdom.DocumentTypeNode {
				t.Fatalf("the page starts with %v, not a doctype", doctype)
			}
			return doctype.ReplaceWith(byID(t, doc, "a"), byID(t, doc, "b"))
		}, vdom.ErrHierarchyRequest, ""},
	})
}
