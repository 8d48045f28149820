package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

func TestClassListRead(t *testing.T) {
	type view struct {
		Values    []string
		Len       int
		Item0     string
		ItemLast  string
		ItemOut   string
		ItemNeg   string
		ContainsA bool
		String    string
	}
	tests := []struct {
		name string
		attr string // the class attribute; "-" for none
		want view
	}{
		{"none", "-", view{Values: []string{}}},
		{"empty", "", view{Values: []string{}}},
		{"white space only", " \t\n ", view{Values: []string{}, String: " \t\n "}},
		{"one", "a", view{Values: []string{"a"}, Len: 1, Item0: "a", ItemLast: "a", ContainsA: true, String: "a"}},
		{"duplicates collapse, first wins", "b a b  a c", view{Values: []string{"b", "a", "c"}, Len: 3, Item0: "b", ItemLast: "c", ContainsA: true, String: "b a b  a c"}},
		{"ASCII white space separates", "a\tb\nc\fd\re", view{Values: []string{"a", "b", "c", "d", "e"}, Len: 5, Item0: "a", ItemLast: "e", ContainsA: true, String: "a\tb\nc\fd\re"}},
		{"non-breaking space does not separate", "a\u00a0b", view{Values: []string{"a\u00a0b"}, Len: 1, Item0: "a\u00a0b", ItemLast: "a\u00a0b", String: "a\u00a0b"}},
		{"case-sensitive", "A", view{Values: []string{"A"}, Len: 1, Item0: "A", ItemLast: "A", String: "A"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := vdom.NewDocument()
			el := treeCreate(t, doc, "div")
			if tt.attr != "-" {
				treeNoErr(t, "SetAttribute", el.SetAttribute("class", tt.attr))
			}
			checkTree(t, doc)
			cl := el.ClassList()
			values := cl.Values()
			if values == nil {
				values = []string{}
			}
			got := view{
				Values:    values,
				Len:       cl.Len(),
				Item0:     cl.Item(0),
				ItemLast:  cl.Item(cl.Len() - 1),
				ItemOut:   cl.Item(cl.Len()),
				ItemNeg:   cl.Item(-1),
				ContainsA: cl.Contains("a"),
				String:    cl.String(),
			}
			treeDiff(t, "class list", tt.want, got)
			if tt.attr == "-" && el.HasAttribute("class") {
				t.Errorf("reading the class list created the attribute")
			}
		})
	}
}

func TestClassListChange(t *testing.T) {
	tests := []struct {
		name     string
		attr     string // the class attribute; "-" for none
		op       func(cl vdom.ClassList) (any, error)
		wantRet  any
		wantAttr string // "-" for no attribute
	}{
		{
			name:     "Add to none",
			attr:     "-",
			op:       func(cl vdom.ClassList) (any, error) { return nil, cl.Add("a", "b") },
			wantAttr: "a b",
		},
		{
			name:     "Add normalizes and skips present tokens",
			attr:     " b  a b ",
			op:       func(cl vdom.ClassList) (any, error) { return nil, cl.Add("a", "c", "c") },
			wantAttr: "b a c",
		},
		{
			name:     "Add nothing to none",
			attr:     "-",
			op:       func(cl vdom.ClassList) (any, error) { return nil, cl.Add() },
			wantAttr: "-",
		},
		{
			name:     "Add nothing normalizes",
			attr:     "a  a\tb",
			op:       func(cl vdom.ClassList) (any, error) { return nil, cl.Add() },
			wantAttr: "a b",
		},
		{
			name:     "Remove",
			attr:     "a b c b",
			op:       func(cl vdom.ClassList) (any, error) { return nil, cl.Remove("b", "x") },
			wantAttr: "a c",
		},
		{
			name:     "Remove the last token leaves an empty attribute",
			attr:     "a",
			op:       func(cl vdom.ClassList) (any, error) { return nil, cl.Remove("a") },
			wantAttr: "",
		},
		{
			name:     "Remove on an element without class",
			attr:     "-",
			op:       func(cl vdom.ClassList) (any, error) { return nil, cl.Remove("a") },
			wantAttr: "-",
		},
		{
			name:     "Toggle adds",
			attr:     "a",
			op:       func(cl vdom.ClassList) (any, error) { return cl.Toggle("b") },
			wantRet:  true,
			wantAttr: "a b",
		},
		{
			name:     "Toggle removes",
			attr:     "a b",
			op:       func(cl vdom.ClassList) (any, error) { return cl.Toggle("a") },
			wantRet:  false,
			wantAttr: "b",
		},
		{
			name:     "Toggle force true on present",
			attr:     "a  a",
			op:       func(cl vdom.ClassList) (any, error) { return cl.ToggleForce("a", true) },
			wantRet:  true,
			wantAttr: "a  a",
		},
		{
			name:     "Toggle force true on absent",
			attr:     "a",
			op:       func(cl vdom.ClassList) (any, error) { return cl.ToggleForce("b", true) },
			wantRet:  true,
			wantAttr: "a b",
		},
		{
			name:     "Toggle force false on present",
			attr:     "a b",
			op:       func(cl vdom.ClassList) (any, error) { return cl.ToggleForce("b", false) },
			wantRet:  false,
			wantAttr: "a",
		},
		{
			name:     "Toggle force false on absent, no class attribute",
			attr:     "-",
			op:       func(cl vdom.ClassList) (any, error) { return cl.ToggleForce("b", false) },
			wantRet:  false,
			wantAttr: "-",
		},
		{
			name:     "Replace",
			attr:     "a b c",
			op:       func(cl vdom.ClassList) (any, error) { return cl.Replace("b", "x") },
			wantRet:  true,
			wantAttr: "a x c",
		},
		{
			name:     "Replace absent",
			attr:     "a  b",
			op:       func(cl vdom.ClassList) (any, error) { return cl.Replace("z", "x") },
			wantRet:  false,
			wantAttr: "a  b",
		},
		{
			name:     "Replace on none",
			attr:     "-",
			op:       func(cl vdom.ClassList) (any, error) { return cl.Replace("z", "x") },
			wantRet:  false,
			wantAttr: "-",
		},
		{
			name:     "Replace when the new token comes before the old one",
			attr:     "x a b",
			op:       func(cl vdom.ClassList) (any, error) { return cl.Replace("b", "x") },
			wantRet:  true,
			wantAttr: "x a",
		},
		{
			name:     "Replace when the new token comes after the old one",
			attr:     "a b x c",
			op:       func(cl vdom.ClassList) (any, error) { return cl.Replace("a", "x") },
			wantRet:  true,
			wantAttr: "x b c",
		},
		{
			name:     "Replace with itself",
			attr:     "a b  a",
			op:       func(cl vdom.ClassList) (any, error) { return cl.Replace("a", "a") },
			wantRet:  true,
			wantAttr: "a b",
		},
		{
			name:     "Replace a duplicated token",
			attr:     "a b a",
			op:       func(cl vdom.ClassList) (any, error) { return cl.Replace("a", "c") },
			wantRet:  true,
			wantAttr: "c b",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := treeDoc(t, `<div id="d"></div>`)
			el := treeEl(t, doc, "d")
			if tt.attr != "-" {
				treeNoErr(t, "SetAttribute", el.SetAttribute("class", tt.attr))
				checkTree(t, doc)
			}
			ret, err := tt.op(el.ClassList())
			treeNoErr(t, tt.name, err)
			checkTree(t, doc)
			treeDiff(t, "return value", tt.wantRet, ret)
			got, ok := el.GetAttribute("class")
			if !ok {
				got = "-"
			}
			treeDiff(t, "class attribute", tt.wantAttr, got)
		})
	}
}

func TestClassListErrors(t *testing.T) {
	tests := []struct {
		name string
		op   func(cl vdom.ClassList) error
		kind error
	}{
		{"Add empty", func(cl vdom.ClassList) error { return cl.Add("x", "") }, vdom.ErrSyntax},
		{"Add space", func(cl vdom.ClassList) error { return cl.Add("x", "a b") }, vdom.ErrInvalidCharacter},
		{"Add tab", func(cl vdom.ClassList) error { return cl.Add("a\tb") }, vdom.ErrInvalidCharacter},
		{"Add form feed", func(cl vdom.ClassList) error { return cl.Add("a\fb") }, vdom.ErrInvalidCharacter},
		{"Remove empty", func(cl vdom.ClassList) error { return cl.Remove("") }, vdom.ErrSyntax},
		{"Remove newline", func(cl vdom.ClassList) error { return cl.Remove("a\n") }, vdom.ErrInvalidCharacter},
		{"Toggle empty", func(cl vdom.ClassList) error { _, err := cl.Toggle(""); return err }, vdom.ErrSyntax},
		{"Toggle space", func(cl vdom.ClassList) error { _, err := cl.Toggle(" a"); return err }, vdom.ErrInvalidCharacter},
		{"Replace empty old", func(cl vdom.ClassList) error { _, err := cl.Replace("", "x"); return err }, vdom.ErrSyntax},
		{"Replace empty new", func(cl vdom.ClassList) error { _, err := cl.Replace("a", ""); return err }, vdom.ErrSyntax},
		{"Replace space in old", func(cl vdom.ClassList) error { _, err := cl.Replace("a b", "x"); return err }, vdom.ErrInvalidCharacter},
		{"Replace space in new", func(cl vdom.ClassList) error { _, err := cl.Replace("a", "x y"); return err }, vdom.ErrInvalidCharacter},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := treeDoc(t, `<div id="d" class="a  a"></div><div id="none"></div>`)
			for _, id := range []string{"d", "none"} {
				el := treeEl(t, doc, id)
				before := doc.OuterHTML()
				treeWantErr(t, tt.op(el.ClassList()), tt.kind)
				treeDiff(t, "document", before, doc.OuterHTML())
			}
			checkTree(t, doc)
		})
	}
	t.Run("class list of a text node", func(t *testing.T) {
		doc := treeDoc(t, `<p>text</p>`)
		cl := doc.Body().FirstChild().FirstChild().ClassList()
		if cl.Len() != 0 || cl.Contains("a") {
			t.Errorf("class list of a text node is not empty")
		}
		treeWantErr(t, cl.Add("a"), vdom.ErrInvalidState)
	})
}
