package vdom_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// hookLog records each call of a connection hook as
// "-[removed roots] +[inserted roots]", elements named by id.
type hookLog struct{ calls []string }

func (h *hookLog) hook(dis, con []*vdom.Node) error {
	h.calls = append(h.calls, "-"+hookIDs(dis)+" +"+hookIDs(con))
	return nil
}

func hookIDs(nodes []*vdom.Node) string {
	var s []string
	for _, n := range nodes {
		name := n.ID()
		if name == "" {
			name = n.LocalName()
		}
		s = append(s, name)
	}
	return "[" + strings.Join(s, " ") + "]"
}

func (h *hookLog) take(t *testing.T, want ...string) {
	t.Helper()
	got := h.calls
	h.calls = nil
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("hook calls mismatch (-want +got):\n%s", diff)
	}
}

func TestConnectionHook_Operations(t *testing.T) {
	const page = `<div id="a"><p id="p1"><b id="deep"></b></p>text<p id="p2"></p></div><div id="b"></div>`
	el := func(doc *vdom.Document, id string) *vdom.Node { return doc.GetElementByID(id) }
	create := func(doc *vdom.Document, id string) *vdom.Node {
		n, _ := doc.CreateElement("span")
		_ = n.SetID(id)
		_ = n.SetInnerHTML(`<i id="` + id + `-child"></i>`)
		return n
	}
	tests := []struct {
		name string
		op   func(doc *vdom.Document) error
		want []string
	}{
		{"append a new subtree: its root only", func(doc *vdom.Document) error {
			_, err := el(doc, "b").AppendChild(create(doc, "n"))
			return err
		}, []string{"-[] +[n]"}},
		{"a move is both, in one call", func(doc *vdom.Document) error {
			_, err := el(doc, "b").AppendChild(el(doc, "p1"))
			return err
		}, []string{"-[p1] +[p1]"}},
		{"text only: no call", func(doc *vdom.Document) error {
			return el(doc, "b").Append(vdom.Text("x"))
		}, nil},
		{"Append of several through a fragment", func(doc *vdom.Document) error {
			return el(doc, "b").Append(el(doc, "p2"), create(doc, "n"), el(doc, "p1"))
		}, []string{"-[p2 p1] +[p2 n p1]"}},
		{"ReplaceChild", func(doc *vdom.Document) error {
			_, err := el(doc, "a").ReplaceChild(create(doc, "n"), el(doc, "p1"))
			return err
		}, []string{"-[p1] +[n]"}},
		{"ReplaceChildren", func(doc *vdom.Document) error {
			return el(doc, "a").ReplaceChildren(el(doc, "p2"))
		}, []string{"-[p1 p2] +[p2]"}},
		{"SetInnerHTML", func(doc *vdom.Document) error {
			return el(doc, "a").SetInnerHTML(`<i id="x"></i>y<i id="z"></i>`)
		}, []string{"-[p1 p2] +[x z]"}},
		{"SetOuterHTML", func(doc *vdom.Document) error {
			return el(doc, "p1").SetOuterHTML(`<i id="x"></i>`)
		}, []string{"-[p1] +[x]"}},
		{"InsertAdjacentHTML", func(doc *vdom.Document) error {
			return el(doc, "p1").InsertAdjacentHTML(vdom.AfterEnd, `<i id="x"></i>`)
		}, []string{"-[] +[x]"}},
		{"SetTextContent", func(doc *vdom.Document) error { el(doc, "a").SetTextContent("t"); return nil },
			[]string{"-[p1 p2] +[]"}},
		{"SetInnerText: the br elements come in", func(doc *vdom.Document) error { el(doc, "b").SetInnerText("1\n2"); return nil },
			[]string{"-[] +[br]"}},
		{"Remove", func(doc *vdom.Document) error { el(doc, "a").Remove(); return nil },
			[]string{"-[a] +[]"}},
		{"changes outside the document: no call", func(doc *vdom.Document) error {
			n := create(doc, "n")
			if err := n.SetInnerHTML(`<i id="i"></i>`); err != nil {
				return err
			}
			n.FirstChild().Remove()
			return nil
		}, nil},
		{"template contents: no call", func(doc *vdom.Document) error {
			tpl, _ := doc.CreateElement("template")
			if _, err := el(doc, "b").AppendChild(tpl); err != nil {
				return err
			}
			return tpl.SetInnerHTML(`<i id="i"></i>`)
		}, []string{"-[] +[template]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := vdom.ParseString(page)
			var h hookLog
			doc.SetConnectionHook(h.hook)
			if err := tt.op(doc); err != nil {
				t.Fatal(err)
			}
			h.take(t, tt.want...)
		})
	}
}

// The hook's own changes are reported by calls of their own, before the
// outer call returns; a hook error reaches the next RunTasks.
func TestConnectionHook_NestedAndErrors(t *testing.T) {
	doc := vdom.ParseString(`<div id="a"></div><div id="b"></div>`)
	var calls []string
	doc.SetConnectionHook(func(dis, con []*vdom.Node) error {
		calls = append(calls, "-"+hookIDs(dis)+" +"+hookIDs(con))
		for _, n := range con {
			if n.ID() == "outer" {
				// Like a unit starting: it renders a child.
				if err := n.SetInnerHTML(`<i id="inner"></i>`); err != nil {
					return err
				}
				calls = append(calls, "rendered")
				return fmt.Errorf("outer failed")
			}
		}
		return nil
	})
	if err := doc.GetElementByID("a").SetInnerHTML(`<p id="outer"></p>`); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"-[] +[outer]", "-[] +[inner]", "rendered"}, calls); diff != "" {
		t.Errorf("calls mismatch (-want +got):\n%s", diff)
	}
	_, err := doc.RunTasks()
	var te *vdom.TaskError
	if !errors.As(err, &te) || !strings.Contains(err.Error(), "outer failed") {
		t.Errorf("RunTasks = %v, want the hook's error as a TaskError", err)
	}
	// No hook, no calls.
	calls = nil
	doc.SetConnectionHook(nil)
	doc.GetElementByID("b").Remove()
	if calls != nil {
		t.Errorf("calls after SetConnectionHook(nil): %v", calls)
	}
}

// A node moved in from another document leaves that document's tree: its
// hook sees the removal at once.
func TestConnectionHook_AcrossDocuments(t *testing.T) {
	from := vdom.ParseString(`<p id="p"></p>`)
	to := vdom.ParseString(`<div id="d"></div>`)
	var hf, ht hookLog
	from.SetConnectionHook(hf.hook)
	to.SetConnectionHook(ht.hook)
	if _, err := to.GetElementByID("d").AppendChild(from.GetElementByID("p")); err != nil {
		t.Fatal(err)
	}
	hf.take(t, "-[p] +[]")
	ht.take(t, "-[] +[p]")
}

// A connection hook sees the elements each tree operation takes out of the
// document and puts in, once per operation, removals first.
func ExampleDocument_SetConnectionHook() {
	doc := vdom.ParseString(`<ul id="list"><li id="a">a</li><li id="b">b</li></ul>`)
	doc.SetConnectionHook(func(disconnected, connected []*vdom.Node) error {
		fmt.Println("out:", disconnected, "in:", connected)
		return nil
	})
	list := doc.GetElementByID("list")
	_ = list.SetInnerHTML(`<li id="c">c</li>`)
	_, _ = list.InsertAdjacentElement(vdom.AfterBegin, doc.GetElementByID("c")) // a move
	list.SetTextContent("")
	// Output:
	// out: [li#a li#b] in: [li#c]
	// out: [li#c] in: [li#c]
	// out: [li#c] in: []
}
