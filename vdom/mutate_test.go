package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

// mutatePage is the page the mutation tests start from.
const mutatePage = `<!DOCTYPE html><html><head><title>t</title></head><body id="body">` +
	`<div id="a"><p id="a1">one</p><p id="a2">two</p></div>` +
	`<div id="b"><span id="b1">x</span></div>` +
	`</body></html>`

// mutateCase runs op on a fresh mutatePage document and compares the body's
// inner HTML afterwards.
type mutateCase struct {
	name string
	op   func(t *testing.T, doc *vdom.Document) (*vdom.Node, error)
	// ret is the id (or node name) of the node op must return.
	ret      string
	wantBody string
}

func runMutateCases(t *testing.T, tests []mutateCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := treeDoc(t, mutatePage)
			got, err := tt.op(t, doc)
			treeNoErr(t, tt.name, err)
			checkTree(t, doc)
			if got == nil {
				t.Fatalf("returned nil, want %s", tt.ret)
			}
			if name := got.String(); name != tt.ret {
				t.Errorf("returned %s, want %s", name, tt.ret)
			}
			treeDiff(t, "body", tt.wantBody, doc.Body().InnerHTML())
		})
	}
}

func TestMutateAppendChild(t *testing.T) {
	runMutateCases(t, []mutateCase{
		{
			name: "new element",
			op: func(t *testing.T, doc *vdom.Document) (*vdom.Node, error) {
				return treeEl(t, doc, "a").AppendChild(treeCreate(t, doc, "em", "id", "new"))
			},
			ret:      "em#new",
			wantBody: `<div id="a"><p id="a1">one</p><p id="a2">two</p><em id="new"></em></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name: "text node",
			op: func(t *testing.T, doc *vdom.Document) (*vdom.Node, error) {
				return treeEl(t, doc, "b").AppendChild(doc.CreateTextNode("<&>"))
			},
			ret:      "#text",
			wantBody: `<div id="a"><p id="a1">one</p><p id="a2">two</p></div><div id="b"><span id="b1">x</span>&lt;&amp;&gt;</div>`,
		},
		{
			name: "move the first child to the end of its parent",
			op: func(t *testing.T, doc *vdom.Document) (*vdom.Node, error) {
				return treeEl(t, doc, "a").AppendChild(treeEl(t, doc, "a1"))
			},
			ret:      "p#a1",
			wantBody: `<div id="a"><p id="a2">two</p><p id="a1">one</p></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name: "move the last child to the end: no change",
			op: func(t *testing.T, doc *vdom.Document) (*vdom.Node, error) {
				return treeEl(t, doc, "a").AppendChild(treeEl(t, doc, "a2"))
			},
			ret:      "p#a2",
			wantBody: `<div id="a"><p id="a1">one</p><p id="a2">two</p></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name: "move between parents",
			op: func(t *testing.T, doc *vdom.Document) (*vdom.Node, error) {
				return treeEl(t, doc, "b").AppendChild(treeEl(t, doc, "a1"))
			},
			ret:      "p#a1",
			wantBody: `<div id="a"><p id="a2">two</p></div><div id="b"><span id="b1">x</span><p id="a1">one</p></div>`,
		},
		{
			name: "move a subtree into a former sibling",
			op: func(t *testing.T, doc *vdom.Document) (*vdom.Node, error) {
				return treeEl(t, doc, "b1").AppendChild(treeEl(t, doc, "a"))
			},
			ret:      "div#a",
			wantBody: `<div id="b"><span id="b1">x<div id="a"><p id="a1">one</p><p id="a2">two</p></div></span></div>`,
		},
		{
			name: "fragment moves its children",
			op: func(t *testing.T, doc *vdom.Document) (*vdom.Node, error) {
				frag := treeFragment(t, doc, `<i id="x">1</i>2<!--3-->`, nil)
				got, err := treeEl(t, doc, "b").AppendChild(frag)
				if frag.HasChildNodes() {
					t.Errorf("the fragment still has children: %s", frag.InnerHTML())
				}
				return got, err
			},
			ret:      "#document-fragment",
			wantBody: `<div id="a"><p id="a1">one</p><p id="a2">two</p></div><div id="b"><span id="b1">x</span><i id="x">1</i>2<!--3--></div>`,
		},
		{
			name: "empty fragment",
			op: func(t *testing.T, doc *vdom.Document) (*vdom.Node, error) {
				return treeEl(t, doc, "b").AppendChild(doc.CreateDocumentFragment())
			},
			ret:      "#document-fragment",
			wantBody: `<div id="a"><p id="a1">one</p><p id="a2">two</p></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name: "into a void element",
			op: func(t *testing.T, doc *vdom.Document) (*vdom.Node, error) {
				br := treeCreate(t, doc, "br")
				if _, err := treeEl(t, doc, "b").AppendChild(br); err != nil {
					return nil, err
				}
				checkTree(t, doc)
				// The DOM allows children under a void element; they are
				// in the tree but not serialized.
				return br.AppendChild(treeCreate(t, doc, "i", "id", "x"))
			},
			ret:      "i#x",
			wantBody: `<div id="a"><p id="a1">one</p><p id="a2">two</p></div><div id="b"><span id="b1">x</span><br></div>`,
		},
	})
}

func TestMutateInsertBefore(t *testing.T) {
	insert := func(parent, node, ref string) func(t *testing.T, doc *vdom.Document) (*vdom.Node, error) {
		return func(t *testing.T, doc *vdom.Document) (*vdom.Node, error) {
			var r *vdom.Node
			if ref != "" {
				r = treeEl(t, doc, ref)
			}
			n := doc.GetElementByID(node)
			if n == nil {
				n = treeCreate(t, doc, "em", "id", node)
			}
			return treeEl(t, doc, parent).InsertBefore(n, r)
		}
	}
	runMutateCases(t, []mutateCase{
		{
			name:     "new node before the first child",
			op:       insert("a", "new", "a1"),
			ret:      "em#new",
			wantBody: `<div id="a"><em id="new"></em><p id="a1">one</p><p id="a2">two</p></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name:     "nil reference appends",
			op:       insert("a", "new", ""),
			ret:      "em#new",
			wantBody: `<div id="a"><p id="a1">one</p><p id="a2">two</p><em id="new"></em></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name:     "reference is the node itself",
			op:       insert("a", "a1", "a1"),
			ret:      "p#a1",
			wantBody: `<div id="a"><p id="a1">one</p><p id="a2">two</p></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name:     "reference is the node itself, last child",
			op:       insert("a", "a2", "a2"),
			ret:      "p#a2",
			wantBody: `<div id="a"><p id="a1">one</p><p id="a2">two</p></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name:     "move later sibling earlier",
			op:       insert("a", "a2", "a1"),
			ret:      "p#a2",
			wantBody: `<div id="a"><p id="a2">two</p><p id="a1">one</p></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name:     "move before its own next sibling: no change",
			op:       insert("a", "a1", "a2"),
			ret:      "p#a1",
			wantBody: `<div id="a"><p id="a1">one</p><p id="a2">two</p></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name:     "move between parents",
			op:       insert("b", "a2", "b1"),
			ret:      "p#a2",
			wantBody: `<div id="a"><p id="a1">one</p></div><div id="b"><p id="a2">two</p><span id="b1">x</span></div>`,
		},
		{
			name:     "move a parent before its former sibling",
			op:       insert("body", "b", "a"),
			ret:      "div#b",
			wantBody: `<div id="b"><span id="b1">x</span></div><div id="a"><p id="a1">one</p><p id="a2">two</p></div>`,
		},
		{
			name: "fragment before a reference",
			op: func(t *testing.T, doc *vdom.Document) (*vdom.Node, error) {
				frag := treeFragment(t, doc, `<i>1</i><i>2</i>`, nil)
				return treeEl(t, doc, "a").InsertBefore(frag, treeEl(t, doc, "a2"))
			},
			ret:      "#document-fragment",
			wantBody: `<div id="a"><p id="a1">one</p><i>1</i><i>2</i><p id="a2">two</p></div><div id="b"><span id="b1">x</span></div>`,
		},
	})
}

func TestMutateRemove(t *testing.T) {
	runMutateCases(t, []mutateCase{
		{
			name: "RemoveChild",
			op: func(t *testing.T, doc *vdom.Document) (*vdom.Node, error) {
				return treeEl(t, doc, "a").RemoveChild(treeEl(t, doc, "a1"))
			},
			ret:      "p#a1",
			wantBody: `<div id="a"><p id="a2">two</p></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name: "RemoveChild of a subtree",
			op: func(t *testing.T, doc *vdom.Document) (*vdom.Node, error) {
				return doc.Body().RemoveChild(treeEl(t, doc, "a"))
			},
			ret:      "div#a",
			wantBody: `<div id="b"><span id="b1">x</span></div>`,
		},
		{
			name: "Remove",
			op: func(t *testing.T, doc *vdom.Document) (*vdom.Node, error) {
				n := treeEl(t, doc, "b")
				n.Remove()
				return n, nil
			},
			ret:      "div#b",
			wantBody: `<div id="a"><p id="a1">one</p><p id="a2">two</p></div>`,
		},
		{
			name: "Remove twice",
			op: func(t *testing.T, doc *vdom.Document) (*vdom.Node, error) {
				n := treeEl(t, doc, "a2")
				n.Remove()
				n.Remove()
				return n, nil
			},
			ret:      "p#a2",
			wantBody: `<div id="a"><p id="a1">one</p></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name: "Remove a detached node",
			op: func(t *testing.T, doc *vdom.Document) (*vdom.Node, error) {
				n := treeCreate(t, doc, "em", "id", "x")
				n.Remove()
				return n, nil
			},
			ret:      "em#x",
			wantBody: `<div id="a"><p id="a1">one</p><p id="a2">two</p></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name: "remove the text of an element",
			op: func(t *testing.T, doc *vdom.Document) (*vdom.Node, error) {
				b1 := treeEl(t, doc, "b1")
				return b1.RemoveChild(b1.FirstChild())
			},
			ret:      "#text",
			wantBody: `<div id="a"><p id="a1">one</p><p id="a2">two</p></div><div id="b"><span id="b1"></span></div>`,
		},
	})

	t.Run("removed node is detached and keeps its subtree", func(t *testing.T) {
		doc := treeDoc(t, mutatePage)
		a := treeEl(t, doc, "a")
		a1 := treeEl(t, doc, "a1")
		a.Remove()
		checkTree(t, doc)
		checkTreeDetached(t, a)
		if a.ParentNode() != nil || a1.ParentNode() != a || a1.IsConnected() {
			t.Errorf("after Remove: a.ParentNode %v, a1.ParentNode %v, a1.IsConnected %v", a.ParentNode(), a1.ParentNode(), a1.IsConnected())
		}
		if a.OwnerDocument() != doc {
			t.Errorf("a removed node changed document")
		}
		treeDiff(t, "removed subtree", `<div id="a"><p id="a1">one</p><p id="a2">two</p></div>`, a.OuterHTML())
	})
}

func TestMutateReplaceChild(t *testing.T) {
	replace := func(parent, node, old string) func(t *testing.T, doc *vdom.Document) (*vdom.Node, error) {
		return func(t *testing.T, doc *vdom.Document) (*vdom.Node, error) {
			n := doc.GetElementByID(node)
			if n == nil {
				n = treeCreate(t, doc, "em", "id", node)
			}
			return treeEl(t, doc, parent).ReplaceChild(n, treeEl(t, doc, old))
		}
	}
	runMutateCases(t, []mutateCase{
		{
			name:     "with a new node",
			op:       replace("a", "new", "a1"),
			ret:      "p#a1",
			wantBody: `<div id="a"><em id="new"></em><p id="a2">two</p></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name:     "with its next sibling",
			op:       replace("a", "a2", "a1"),
			ret:      "p#a1",
			wantBody: `<div id="a"><p id="a2">two</p></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name:     "with its previous sibling",
			op:       replace("a", "a1", "a2"),
			ret:      "p#a2",
			wantBody: `<div id="a"><p id="a1">one</p></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name:     "with itself",
			op:       replace("a", "a1", "a1"),
			ret:      "p#a1",
			wantBody: `<div id="a"><p id="a1">one</p><p id="a2">two</p></div><div id="b"><span id="b1">x</span></div>`,
		},
		{
			name:     "with a node of another parent",
			op:       replace("a", "b1", "a2"),
			ret:      "p#a2",
			wantBody: `<div id="a"><p id="a1">one</p><span id="b1">x</span></div><div id="b"></div>`,
		},
		{
			name:     "a parent with its former sibling",
			op:       replace("body", "b", "a"),
			ret:      "div#a",
			wantBody: `<div id="b"><span id="b1">x</span></div>`,
		},
		{
			name: "with a fragment",
			op: func(t *testing.T, doc *vdom.Document) (*vdom.Node, error) {
				frag := treeFragment(t, doc, `<i>1</i><i id="x">2</i>`, nil)
				return treeEl(t, doc, "a").ReplaceChild(frag, treeEl(t, doc, "a1"))
			},
			ret:      "p#a1",
			wantBody: `<div id="a"><i>1</i><i id="x">2</i><p id="a2">two</p></div><div id="b"><span id="b1">x</span></div>`,
		},
	})

	t.Run("document element", func(t *testing.T) {
		doc := treeDoc(t, mutatePage)
		old := doc.DocumentElement()
		root := treeCreate(t, doc, "html", "id", "new")
		got, err := doc.ReplaceChild(root, old)
		treeNoErr(t, "ReplaceChild", err)
		checkTree(t, doc)
		if got != old || doc.DocumentElement() != root {
			t.Errorf("ReplaceChild returned %v, DocumentElement %v", got, doc.DocumentElement())
		}
		treeDiff(t, "document", `<!DOCTYPE html><html id="new"></html>`, doc.OuterHTML())
		if doc.GetElementByID("a") != nil {
			t.Errorf("ids of the replaced document element are still indexed")
		}
	})
}

// TestMutateDocumentChildren covers the valid changes at the top of the
// document: a document may hold one doctype, then one element, and comments
// anywhere.
func TestMutateDocumentChildren(t *testing.T) {
	doc := treeDoc(t, mutatePage)
	doctype := doc.FirstChild()
	root := doc.DocumentElement()
	if doctype.NodeType() != vdom.DocumentTypeNode {
		t.Fatalf("first child is %s, want the doctype", doctype)
	}
	steps := []struct {
		name string
		op   func() error
		want string
	}{
		{"remove the root", func() error { _, err := doc.RemoveChild(root); return err }, `<!DOCTYPE html>`},
		{"comment after the doctype", func() error { _, err := doc.AppendChild(doc.CreateComment("c")); return err }, `<!DOCTYPE html><!--c-->`},
		{"remove the doctype", func() error { _, err := doc.RemoveChild(doctype); return err }, `<!--c-->`},
		{"root back", func() error { _, err := doc.AppendChild(root); return err }, `<!--c--><html>` + root.InnerHTML() + `</html>`},
		{"doctype before the comment", func() error { _, err := doc.InsertBefore(doctype, doc.FirstChild()); return err }, `<!DOCTYPE html><!--c--><html>` + root.InnerHTML() + `</html>`},
		{"replace the doctype with itself", func() error { _, err := doc.ReplaceChild(doctype, doctype); return err }, `<!DOCTYPE html><!--c--><html>` + root.InnerHTML() + `</html>`},
		{"fragment with one element replaces the root", func() error {
			frag := doc.CreateDocumentFragment()
			if _, err := frag.AppendChild(doc.CreateComment("d")); err != nil {
				return err
			}
			if _, err := frag.AppendChild(treeCreate(t, doc, "html", "id", "x")); err != nil {
				return err
			}
			_, err := doc.ReplaceChild(frag, root)
			return err
		}, `<!DOCTYPE html><!--c--><!--d--><html id="x"></html>`},
	}
	for _, s := range steps {
		if err := s.op(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		checkTree(t, doc)
		treeDiff(t, s.name, s.want, doc.OuterHTML())
	}
}

func TestMutateImpossible(t *testing.T) {
	type env struct {
		doc, other           *vdom.Document
		a, a1, a2, b, b1     *vdom.Node
		doctype, root, text  *vdom.Node
		fresh, freshFragment *vdom.Node
	}
	tests := []struct {
		name  string
		setup func(t *testing.T, e *env) // a valid change made before the snapshot
		op    func(e *env) error
		kind  error
		parts []string // what the message must mention
	}{
		{
			name:  "node into itself",
			op:    func(e *env) error { _, err := e.a.AppendChild(e.a); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"div#a", "itself"},
		},
		{
			name:  "node before a child of itself",
			op:    func(e *env) error { _, err := e.a.InsertBefore(e.a, e.a1); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"div#a"},
		},
		{
			name:  "node into its child",
			op:    func(e *env) error { _, err := e.a1.AppendChild(e.a); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"div#a", "p#a1"},
		},
		{
			name:  "node into a deeper descendant",
			op:    func(e *env) error { _, err := e.a1.FirstChild().AppendChild(e.doc.Body()); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"body", "#text"},
		},
		{
			name:  "root into its descendant",
			op:    func(e *env) error { _, err := e.b1.AppendChild(e.root); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"html", "span#b1"},
		},
		{
			name:  "replace with an ancestor",
			op:    func(e *env) error { _, err := e.a.ReplaceChild(e.doc.Body(), e.a1); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"body", "div#a"},
		},
		{
			name:  "removing a non-child",
			op:    func(e *env) error { _, err := e.a.RemoveChild(e.b1); return err },
			kind:  vdom.ErrNotFound,
			parts: []string{"span#b1", "div#a"},
		},
		{
			name:  "removing a grandchild",
			op:    func(e *env) error { _, err := e.doc.Body().RemoveChild(e.a1); return err },
			kind:  vdom.ErrNotFound,
			parts: []string{"p#a1", "body"},
		},
		{
			name:  "removing a detached node",
			op:    func(e *env) error { _, err := e.a.RemoveChild(e.fresh); return err },
			kind:  vdom.ErrNotFound,
			parts: []string{"em#fresh", "div#a"},
		},
		{
			name:  "removing nil",
			op:    func(e *env) error { _, err := e.a.RemoveChild(nil); return err },
			kind:  vdom.ErrNotFound,
			parts: []string{"nil", "div#a"},
		},
		{
			name:  "second document element",
			op:    func(e *env) error { _, err := e.doc.AppendChild(e.fresh); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"em#fresh", "#document", "document element"},
		},
		{
			name:  "second document element by moving",
			op:    func(e *env) error { _, err := e.doc.InsertBefore(e.a, e.root); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"div#a", "#document"},
		},
		{
			name:  "replace the doctype with a second element",
			op:    func(e *env) error { _, err := e.doc.ReplaceChild(e.fresh, e.doctype); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"em#fresh", "document element"},
		},
		{
			name: "fragment with two elements into the document",
			setup: func(t *testing.T, e *env) {
				e.root.Remove()
				for _, id := range []string{"x", "y"} {
					if _, err := e.freshFragment.AppendChild(treeCreate(t, e.doc, "html", "id", id)); err != nil {
						t.Fatal(err)
					}
				}
			},
			op:    func(e *env) error { _, err := e.doc.AppendChild(e.freshFragment); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"#document-fragment", "#document", "2 elements"},
		},
		{
			name:  "text directly under the document",
			op:    func(e *env) error { _, err := e.doc.AppendChild(e.text); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"#text", "#document"},
		},
		{
			name:  "text before the root",
			op:    func(e *env) error { _, err := e.doc.InsertBefore(e.doc.CreateTextNode("x"), e.root); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"#text", "#document"},
		},
		{
			name: "fragment with text into the document",
			setup: func(t *testing.T, e *env) {
				e.root.Remove()
				e.freshFragment.AppendChild(e.doc.CreateTextNode("loose"))
			},
			op:    func(e *env) error { _, err := e.doc.AppendChild(e.freshFragment); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"#document-fragment", "text"},
		},
		{
			name:  "doctype inside an element",
			op:    func(e *env) error { _, err := e.a.AppendChild(e.doctype); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"<!DOCTYPE html>", "div#a"},
		},
		{
			name:  "doctype inside a fragment",
			op:    func(e *env) error { _, err := e.freshFragment.AppendChild(e.doctype); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"<!DOCTYPE html>", "#document-fragment"},
		},
		{
			name:  "second doctype",
			op:    func(e *env) error { _, err := e.doc.AppendChild(e.other.FirstChild()); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"<!DOCTYPE html>", "already has a doctype"},
		},
		{
			name:  "doctype after the element",
			setup: func(t *testing.T, e *env) { e.doctype.Remove() },
			op:    func(e *env) error { _, err := e.doc.AppendChild(e.doctype); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"<!DOCTYPE html>", "before the document element"},
		},
		{
			name: "doctype before a comment after the element",
			setup: func(t *testing.T, e *env) {
				e.doctype.Remove()
				e.doc.AppendChild(e.doc.CreateComment("end"))
			},
			op:    func(e *env) error { _, err := e.doc.InsertBefore(e.doctype, e.doc.LastChild()); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"<!DOCTYPE html>", "html"},
		},
		{
			name:  "element before the doctype",
			setup: func(t *testing.T, e *env) { e.root.Remove() },
			op:    func(e *env) error { _, err := e.doc.InsertBefore(e.root, e.doctype); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"html", "after the doctype"},
		},
		{
			name: "element before a comment that is before the doctype",
			setup: func(t *testing.T, e *env) {
				e.root.Remove()
				e.doc.InsertBefore(e.doc.CreateComment("c"), e.doctype)
			},
			op:    func(e *env) error { _, err := e.doc.InsertBefore(e.root, e.doc.FirstChild()); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"html", "doctype"},
		},
		{
			name:  "the document into an element",
			op:    func(e *env) error { _, err := e.a.AppendChild(&e.doc.Node); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"#document", "div#a"},
		},
		{
			name:  "another document into an element",
			op:    func(e *env) error { _, err := e.a.AppendChild(&e.other.Node); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"#document", "div#a"},
		},
		{
			name:  "the document into itself",
			op:    func(e *env) error { _, err := e.doc.AppendChild(&e.doc.Node); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"#document"},
		},
		{
			name:  "reference node not a child",
			op:    func(e *env) error { _, err := e.a.InsertBefore(e.fresh, e.b1); return err },
			kind:  vdom.ErrNotFound,
			parts: []string{"span#b1", "div#a"},
		},
		{
			name:  "reference node is a grandchild",
			op:    func(e *env) error { _, err := e.doc.Body().InsertBefore(e.fresh, e.a1); return err },
			kind:  vdom.ErrNotFound,
			parts: []string{"p#a1", "body"},
		},
		{
			name:  "replaced node not a child",
			op:    func(e *env) error { _, err := e.a.ReplaceChild(e.fresh, e.b1); return err },
			kind:  vdom.ErrNotFound,
			parts: []string{"span#b1", "div#a"},
		},
		{
			name:  "replaced node nil",
			op:    func(e *env) error { _, err := e.a.ReplaceChild(e.fresh, nil); return err },
			kind:  vdom.ErrNotFound,
			parts: []string{"nil", "div#a"},
		},
		{
			name:  "insert nil",
			op:    func(e *env) error { _, err := e.a.InsertBefore(nil, e.a1); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"nil", "div#a"},
		},
		{
			name:  "append nil",
			op:    func(e *env) error { _, err := e.a.AppendChild(nil); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"nil", "div#a"},
		},
		{
			name:  "replace with nil",
			op:    func(e *env) error { _, err := e.a.ReplaceChild(nil, e.a1); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"nil", "div#a"},
		},
		{
			name:  "child of a text node",
			op:    func(e *env) error { _, err := e.b1.FirstChild().AppendChild(e.fresh); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"em#fresh", "#text"},
		},
		{
			name:  "child of a comment",
			op:    func(e *env) error { _, err := e.doc.CreateComment("c").AppendChild(e.fresh); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"em#fresh", "#comment"},
		},
		{
			name:  "child of the doctype",
			op:    func(e *env) error { _, err := e.doctype.AppendChild(e.fresh); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"em#fresh", "<!DOCTYPE html>"},
		},
		{
			name:  "fragment into itself",
			op:    func(e *env) error { _, err := e.freshFragment.AppendChild(e.freshFragment); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"#document-fragment"},
		},
		{
			name:  "fragment into its own child",
			setup: func(t *testing.T, e *env) { e.freshFragment.AppendChild(e.fresh) },
			op:    func(e *env) error { _, err := e.fresh.AppendChild(e.freshFragment); return err },
			kind:  vdom.ErrHierarchyRequest,
			parts: []string{"#document-fragment", "em#fresh"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := treeDoc(t, mutatePage)
			e := &env{
				doc:           doc,
				other:         treeDoc(t, "<!DOCTYPE html><p id=other>"),
				a:             treeEl(t, doc, "a"),
				a1:            treeEl(t, doc, "a1"),
				a2:            treeEl(t, doc, "a2"),
				b:             treeEl(t, doc, "b"),
				b1:            treeEl(t, doc, "b1"),
				doctype:       doc.FirstChild(),
				root:          doc.DocumentElement(),
				text:          doc.CreateTextNode("loose"),
				fresh:         treeCreate(t, doc, "em", "id", "fresh"),
				freshFragment: doc.CreateDocumentFragment(),
			}
			if tt.setup != nil {
				tt.setup(t, e)
				checkTree(t, doc)
			}
			before, otherBefore, fragBefore := doc.OuterHTML(), e.other.OuterHTML(), e.freshFragment.OuterHTML()
			err := tt.op(e)
			treeWantErr(t, err, tt.kind, tt.parts...)
			treeDiff(t, "document after the failed mutation", before, doc.OuterHTML())
			treeDiff(t, "other document after the failed mutation", otherBefore, e.other.OuterHTML())
			treeDiff(t, "fragment after the failed mutation", fragBefore, e.freshFragment.OuterHTML())
			checkTree(t, doc)
			checkTree(t, e.other)
			checkTreeDetached(t, e.freshFragment)
		})
	}
}

func TestMutateCloneNode(t *testing.T) {
	const page = `<div id="src" class="card" data-x="1"><p id="p1">one <b>bold</b></p><!--c--><p id="p2">two</p></div>`
	t.Run("shallow", func(t *testing.T) {
		doc := treeDoc(t, page)
		src := treeEl(t, doc, "src")
		c := src.CloneNode(false)
		checkTree(t, doc)
		checkTreeDetached(t, c)
		treeDiff(t, "clone", `<div id="src" class="card" data-x="1"></div>`, c.OuterHTML())
		if c == src || c.HTML() == src.HTML() || c.HasChildNodes() || c.ParentNode() != nil {
			t.Errorf("shallow clone: same %v, children %v, parent %v", c == src, c.HasChildNodes(), c.ParentNode())
		}
		if c.OwnerDocument() != doc {
			t.Errorf("clone belongs to another document")
		}
		if doc.GetElementByID("src") != src {
			t.Errorf("the detached clone took over the id")
		}
	})
	t.Run("deep", func(t *testing.T) {
		doc := treeDoc(t, page)
		src := treeEl(t, doc, "src")
		c := src.CloneNode(true)
		checkTree(t, doc)
		checkTreeDetached(t, c)
		treeDiff(t, "clone", src.OuterHTML(), c.OuterHTML())
		var pairs int
		orig := []*vdom.Node{}
		for n := range src.Descendants() {
			orig = append(orig, n)
		}
		for n := range c.Descendants() {
			if pairs < len(orig) && n.HTML() == orig[pairs].HTML() {
				t.Errorf("clone shares node %s with the source", n)
			}
			pairs++
		}
		if pairs != len(orig) {
			t.Errorf("clone has %d descendants, source %d", pairs, len(orig))
		}
	})
	t.Run("attributes are independent", func(t *testing.T) {
		doc := treeDoc(t, page)
		src := treeEl(t, doc, "src")
		c := src.CloneNode(true)
		treeNoErr(t, "SetAttribute", c.SetAttribute("data-x", "2"))
		checkTree(t, doc)
		treeNoErr(t, "ClassList.Add", c.ClassList().Add("copy"))
		checkTree(t, doc)
		c.RemoveAttribute("id")
		checkTree(t, doc)
		p1 := c.FirstChild()
		treeNoErr(t, "SetID", p1.SetID("p1-copy"))
		checkTree(t, doc, "p1-copy")
		checkTreeDetached(t, c)
		treeDiff(t, "source", `<div id="src" class="card" data-x="1"><p id="p1">one <b>bold</b></p><!--c--><p id="p2">two</p></div>`, src.OuterHTML())
		treeDiff(t, "clone", `<div class="card copy" data-x="2"><p id="p1-copy">one <b>bold</b></p><!--c--><p id="p2">two</p></div>`, c.OuterHTML())
		treeNoErr(t, "source SetAttribute", src.SetAttribute("data-x", "3"))
		if v, _ := c.GetAttribute("data-x"); v != "2" {
			t.Errorf("clone data-x = %q after the source changed, want 2", v)
		}
		checkTree(t, doc)
	})
	t.Run("clone inserted: ids of the original stay first", func(t *testing.T) {
		doc := treeDoc(t, page)
		src := treeEl(t, doc, "src")
		c := src.CloneNode(true)
		_, err := doc.Body().AppendChild(c)
		treeNoErr(t, "AppendChild", err)
		checkTree(t, doc)
		if doc.GetElementByID("p1") != src.FirstChild() {
			t.Errorf("GetElementByID(p1) is not the original's")
		}
		_, err = doc.Body().InsertBefore(c, src)
		treeNoErr(t, "InsertBefore", err)
		checkTree(t, doc)
		if doc.GetElementByID("p1") != c.FirstChild() {
			t.Errorf("GetElementByID(p1) is not the clone's, which now comes first")
		}
	})
	t.Run("listeners are not cloned", func(t *testing.T) {
		doc := treeDoc(t, page)
		src := treeEl(t, doc, "src")
		p1 := treeEl(t, doc, "p1")
		var calls []string
		for _, n := range []*vdom.Node{src, p1} {
			n.AddEventListener("click", vdom.NewListener(func(e *vdom.Event) { calls = append(calls, n.ID()) }))
		}
		c := src.CloneNode(true)
		for _, n := range []*vdom.Node{c, c.FirstChild()} {
			if _, err := n.DispatchEvent(vdom.NewEventWith("click", vdom.EventInit{Bubbles: true})); err != nil {
				t.Fatal(err)
			}
		}
		if len(calls) != 0 {
			t.Errorf("listeners ran on the clone: %v", calls)
		}
		if _, err := p1.DispatchEvent(vdom.NewEventWith("click", vdom.EventInit{Bubbles: true})); err != nil {
			t.Fatal(err)
		}
		treeDiff(t, "calls on the original", []string{"p1", "src"}, calls)
	})
	t.Run("text, comment and fragment", func(t *testing.T) {
		doc := treeDoc(t, page)
		for _, n := range []*vdom.Node{doc.CreateTextNode("a<b"), doc.CreateComment("c"), treeFragment(t, doc, "<i>x</i>y", nil)} {
			c := n.CloneNode(true)
			if c == n || c.NodeType() != n.NodeType() || c.OuterHTML() != n.OuterHTML() {
				t.Errorf("clone of %s: %s %q, want a new %v %q", n, c, c.OuterHTML(), n.NodeType(), n.OuterHTML())
			}
		}
	})
	t.Run("document", func(t *testing.T) {
		doc := treeDoc(t, "<!DOCTYPE html><title>T</title>"+page)
		doc.AddEventListener("click", vdom.NewListener(func(*vdom.Event) { t.Error("document listener cloned") }))
		shallow := doc.CloneNode(false)
		if shallow.NodeType() != vdom.DocumentNode || shallow.HasChildNodes() || shallow.OwnerDocument() != nil {
			t.Errorf("shallow document clone: type %v, children %v", shallow.NodeType(), shallow.HasChildNodes())
		}
		clone := doc.CloneDocument(true)
		checkTree(t, clone)
		treeDiff(t, "clone", doc.OuterHTML(), clone.OuterHTML())
		if clone.Window() != nil {
			t.Errorf("the clone has a Window")
		}
		cp := clone.GetElementByID("p1")
		if cp == nil || cp == doc.GetElementByID("p1") || cp.OwnerDocument() != clone {
			t.Errorf("GetElementByID(p1) in the clone = %v", cp)
		}
		if clone.Title() != "T" {
			t.Errorf("clone Title = %q", clone.Title())
		}
		clone.DispatchEvent(vdom.NewEvent("click"))
	})
}

func TestMutateFragmentIDs(t *testing.T) {
	doc := treeDoc(t, mutatePage)
	frag := doc.CreateDocumentFragment()
	x := treeCreate(t, doc, "li", "id", "x")
	y := treeCreate(t, doc, "li", "id", "y")
	for _, n := range []*vdom.Node{x, y} {
		_, err := frag.AppendChild(n)
		treeNoErr(t, "fragment AppendChild", err)
		checkTree(t, doc)
		if n.ParentNode() != frag || n.IsConnected() {
			t.Errorf("%s: parent %v, connected %v", n, n.ParentNode(), n.IsConnected())
		}
	}
	if doc.GetElementByID("x") != nil {
		t.Errorf("GetElementByID finds an element of a detached fragment")
	}
	_, err := treeEl(t, doc, "b").InsertBefore(frag, treeEl(t, doc, "b1"))
	treeNoErr(t, "InsertBefore(fragment)", err)
	checkTree(t, doc)
	checkTreeDetached(t, frag)
	if frag.HasChildNodes() {
		t.Errorf("fragment still has children")
	}
	if doc.GetElementByID("x") != x || doc.GetElementByID("y") != y || x.ParentNode() != treeEl(t, doc, "b") {
		t.Errorf("fragment children not in place: x %v, y %v", doc.GetElementByID("x"), doc.GetElementByID("y"))
	}
	treeDiff(t, "b", `<div id="b"><li id="x"></li><li id="y"></li><span id="b1">x</span></div>`, treeEl(t, doc, "b").OuterHTML())
}

func TestMutateCrossDocument(t *testing.T) {
	t.Run("element with descendants and listeners", func(t *testing.T) {
		doc1 := treeDoc(t, mutatePage)
		doc2 := treeDoc(t, `<section id="moved"><p id="inner">hi</p></section><p id="stay">s</p>`)
		moved := treeEl(t, doc2, "moved")
		inner := treeEl(t, doc2, "inner")
		var calls []string
		inner.AddEventListener("ping", vdom.NewListener(func(e *vdom.Event) { calls = append(calls, "inner") }))
		moved.AddEventListener("ping", vdom.NewListener(func(e *vdom.Event) { calls = append(calls, "moved") }))
		doc1.Body().AddEventListener("ping", vdom.NewListener(func(e *vdom.Event) { calls = append(calls, "doc1 body") }))
		doc2.Body().AddEventListener("ping", vdom.NewListener(func(e *vdom.Event) { calls = append(calls, "doc2 body") }))

		got, err := treeEl(t, doc1, "b").AppendChild(moved)
		treeNoErr(t, "AppendChild", err)
		if got != moved {
			t.Errorf("AppendChild returned %v, want the moved node", got)
		}
		checkTree(t, doc1)
		checkTree(t, doc2, "moved", "inner")
		for _, n := range []*vdom.Node{moved, inner} {
			if n.OwnerDocument() != doc1 {
				t.Errorf("%s: OwnerDocument is not the new document", n)
			}
			if doc1.Wrap(n.HTML()) != n {
				t.Errorf("%s: the new document made another handle for the node", n)
			}
		}
		if doc1.GetElementByID("moved") != moved || doc1.GetElementByID("inner") != inner {
			t.Errorf("doc1 ids: moved %v, inner %v", doc1.GetElementByID("moved"), doc1.GetElementByID("inner"))
		}
		if doc2.GetElementByID("moved") != nil || doc2.GetElementByID("inner") != nil || doc2.GetElementByID("stay") == nil {
			t.Errorf("doc2 ids: moved %v, inner %v, stay %v", doc2.GetElementByID("moved"), doc2.GetElementByID("inner"), doc2.GetElementByID("stay"))
		}
		if inner.ParentNode() != moved || moved.ParentNode() != treeEl(t, doc1, "b") {
			t.Errorf("parents after the move: inner %v, moved %v", inner.ParentNode(), moved.ParentNode())
		}
		if _, err := inner.DispatchEvent(vdom.NewEventWith("ping", vdom.EventInit{Bubbles: true})); err != nil {
			t.Fatal(err)
		}
		treeDiff(t, "listeners", []string{"inner", "moved", "doc1 body"}, calls)
		treeDiff(t, "doc2", `<html><head></head><body><p id="stay">s</p></body></html>`, doc2.OuterHTML())

		// And back again.
		_, err = doc2.Body().AppendChild(moved)
		treeNoErr(t, "AppendChild back", err)
		checkTree(t, doc1, "moved", "inner")
		checkTree(t, doc2)
		if inner.OwnerDocument() != doc2 || doc2.GetElementByID("inner") != inner || doc1.GetElementByID("inner") != nil {
			t.Errorf("after moving back: owner %v, doc2 inner %v, doc1 inner %v", inner.OwnerDocument() == doc2, doc2.GetElementByID("inner"), doc1.GetElementByID("inner"))
		}
	})
	t.Run("detached node of another document", func(t *testing.T) {
		doc1 := treeDoc(t, mutatePage)
		doc2 := treeDoc(t, "")
		n := treeCreate(t, doc2, "em", "id", "x")
		_, err := treeEl(t, doc1, "a").InsertBefore(n, treeEl(t, doc1, "a2"))
		treeNoErr(t, "InsertBefore", err)
		checkTree(t, doc1)
		checkTree(t, doc2, "x")
		if n.OwnerDocument() != doc1 || doc1.GetElementByID("x") != n {
			t.Errorf("owner %v, GetElementByID %v", n.OwnerDocument() == doc1, doc1.GetElementByID("x"))
		}
	})
	t.Run("fragment of another document", func(t *testing.T) {
		doc1 := treeDoc(t, mutatePage)
		doc2 := treeDoc(t, "")
		frag := treeFragment(t, doc2, `<i id="x">1</i><i id="y">2</i>`, nil)
		x := frag.FirstChild()
		_, err := treeEl(t, doc1, "b").ReplaceChild(frag, treeEl(t, doc1, "b1"))
		treeNoErr(t, "ReplaceChild", err)
		checkTree(t, doc1)
		checkTree(t, doc2, "x", "y")
		if x.OwnerDocument() != doc1 || doc1.GetElementByID("x") != x || frag.OwnerDocument() != doc2 {
			t.Errorf("x owner %v, GetElementByID %v, fragment owner %v", x.OwnerDocument() == doc1, doc1.GetElementByID("x"), frag.OwnerDocument() == doc2)
		}
		treeDiff(t, "b", `<div id="b"><i id="x">1</i><i id="y">2</i></div>`, treeEl(t, doc1, "b").OuterHTML())
	})
	t.Run("document element of another document", func(t *testing.T) {
		doc1 := treeDoc(t, mutatePage)
		doc2 := treeDoc(t, `<p id="x">`)
		root2 := doc2.DocumentElement()
		_, err := treeEl(t, doc1, "a").AppendChild(root2)
		treeNoErr(t, "AppendChild", err)
		checkTree(t, doc1)
		checkTree(t, doc2, "x")
		if doc2.DocumentElement() != nil || doc2.Body() != nil || doc1.GetElementByID("x") == nil {
			t.Errorf("doc2 root %v, body %v, doc1 x %v", doc2.DocumentElement(), doc2.Body(), doc1.GetElementByID("x"))
		}
	})
}
