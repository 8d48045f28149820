package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

const datasetPage = `<!DOCTYPE html><body><div id="x" data-foo-bar="1" data-x="2" data-a--b="3" data-c-="4" data-d-1="5" data-="6" title="t"></div>`

func TestDatasetGet(t *testing.T) {
	doc := treeDoc(t, datasetPage)
	ds := treeEl(t, doc, "x").Dataset()
	tests := []struct {
		name, key string
		want      string
		wantOK    bool
	}{
		{"dash and letter become upper case", "fooBar", "1", true},
		{"the attribute name itself is not a key", "foo-bar", "", false},
		{"one letter", "x", "2", true},
		{"double dash keeps one", "a-B", "3", true},
		{"trailing dash stays", "c-", "4", true},
		{"dash before a digit stays", "d-1", "5", true},
		{"empty name", "", "6", true},
		{"absent", "title", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := ds.Get(tt.key)
			treeDiff(t, "Get", []any{tt.want, tt.wantOK}, []any{got, ok})
			treeDiff(t, "Has", tt.wantOK, ds.Has(tt.key))
		})
	}
	t.Run("All", func(t *testing.T) {
		var got [][2]string
		for k, v := range ds.All() {
			got = append(got, [2]string{k, v})
		}
		want := [][2]string{{"fooBar", "1"}, {"x", "2"}, {"a-B", "3"}, {"c-", "4"}, {"d-1", "5"}, {"", "6"}}
		treeDiff(t, "All", want, got)
	})
	t.Run("All stops when asked", func(t *testing.T) {
		n := 0
		for range ds.All() {
			n++
			break
		}
		treeDiff(t, "count", 1, n)
	})
	t.Run("not an element", func(t *testing.T) {
		text := doc.CreateTextNode("x")
		_, ok := text.Dataset().Get("x")
		treeDiff(t, "Get", false, ok)
		for range text.Dataset().All() {
			t.Errorf("a text node yields data")
		}
	})
}

func TestDatasetSetDelete(t *testing.T) {
	tests := []struct {
		name      string
		op        func(ds vdom.Dataset) error
		wantErr   error
		wantAttrs []vdom.Attr
	}{
		{
			name:      "Set a new one",
			op:        func(ds vdom.Dataset) error { return ds.Set("someName", "v") },
			wantAttrs: []vdom.Attr{{Name: "id", Value: "x"}, {Name: "data-foo-bar", Value: "1"}, {Name: "data-some-name", Value: "v"}},
		},
		{
			name:      "Set an existing one",
			op:        func(ds vdom.Dataset) error { return ds.Set("fooBar", "2") },
			wantAttrs: []vdom.Attr{{Name: "id", Value: "x"}, {Name: "data-foo-bar", Value: "2"}},
		},
		{
			name:      "Set a dash before a digit",
			op:        func(ds vdom.Dataset) error { return ds.Set("a-1", "v") },
			wantAttrs: []vdom.Attr{{Name: "id", Value: "x"}, {Name: "data-foo-bar", Value: "1"}, {Name: "data-a-1", Value: "v"}},
		},
		{
			name:    "Set a dash before a lower-case letter is Syntax",
			op:      func(ds vdom.Dataset) error { return ds.Set("foo-bar", "v") },
			wantErr: vdom.ErrSyntax,
		},
		{
			name:    "Set an invalid attribute name is InvalidCharacter",
			op:      func(ds vdom.Dataset) error { return ds.Set("a b", "v") },
			wantErr: vdom.ErrInvalidCharacter,
		},
		{
			name:    "Set with a quote is InvalidCharacter",
			op:      func(ds vdom.Dataset) error { return ds.Set(`a"`, "v") },
			wantErr: vdom.ErrInvalidCharacter,
		},
		{
			name: "Delete",
			op: func(ds vdom.Dataset) error {
				ds.Delete("fooBar")
				return nil
			},
			wantAttrs: []vdom.Attr{{Name: "id", Value: "x"}},
		},
		{
			name: "Delete absent",
			op: func(ds vdom.Dataset) error {
				ds.Delete("nope")
				ds.Delete("foobar")
				return nil
			},
			wantAttrs: []vdom.Attr{{Name: "id", Value: "x"}, {Name: "data-foo-bar", Value: "1"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := treeDoc(t, `<!DOCTYPE html><body><div id="x" data-foo-bar="1">`)
			x := treeEl(t, doc, "x")
			err := tt.op(x.Dataset())
			if tt.wantErr != nil {
				treeWantErr(t, err, tt.wantErr)
				tt.wantAttrs = []vdom.Attr{{Name: "id", Value: "x"}, {Name: "data-foo-bar", Value: "1"}}
			} else {
				treeNoErr(t, tt.name, err)
			}
			treeDiff(t, "attributes", tt.wantAttrs, x.Attributes())
		})
	}
	t.Run("Delete converts without the Syntax check, as the standard's deleter", func(t *testing.T) {
		doc := treeDoc(t, `<!DOCTYPE html><body><div id="x" data-foo-bar="1">`)
		x := treeEl(t, doc, "x")
		x.Dataset().Delete("foo-bar")
		treeDiff(t, "attributes", []vdom.Attr{{Name: "id", Value: "x"}}, x.Attributes())
	})
	t.Run("the zero Dataset", func(t *testing.T) {
		var ds vdom.Dataset
		_, ok := ds.Get("a")
		treeDiff(t, "Get", false, ok)
		ds.Delete("a")
		treeWantErr(t, ds.Set("a", "b"), vdom.ErrInvalidState)
		for range ds.All() {
			t.Errorf("the zero Dataset yields data")
		}
	})
	t.Run("Set on a text node is InvalidState", func(t *testing.T) {
		doc := treeDoc(t, mutatePage)
		treeWantErr(t, doc.CreateTextNode("x").Dataset().Set("a", "b"), vdom.ErrInvalidState)
	})
	t.Run("round trip", func(t *testing.T) {
		doc := treeDoc(t, mutatePage)
		ds := treeEl(t, doc, "a").Dataset()
		for _, k := range []string{"a", "aB", "aBC", "a-1", "x-", "", "éÉ", "A"} {
			treeNoErr(t, k, ds.Set(k, "v:"+k))
			got, ok := ds.Get(k)
			treeDiff(t, "Get "+k, []any{"v:" + k, true}, []any{got, ok})
		}
	})
}
