package vdom_test

import (
	"errors"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

// FuzzInsertAdjacentHTML inserts outside markup at each kind of node: it
// never panics, fails only with the documented kinds, leaves a consistent
// tree, and leaves the tree unchanged when it fails.
func FuzzInsertAdjacentHTML(f *testing.F) {
	for _, seed := range []struct {
		position, markup string
		target           int
	}{
		{"beforebegin", `<p id="x">a</p>`, 0},
		{"AFTEREND", `<td>c</td><tr>`, 1},
		{"afterbegin", `<table><tr><td>x`, 2},
		{"beforeend", `<html><body><head>`, 3},
		{"middle", `<p>`, 0},
		{"afterend", `</div><div id="a">`, 4},
		{"beforebegin", `<!DOCTYPE html>`, 5},
	} {
		f.Add(seed.position, seed.markup, seed.target)
	}
	f.Fuzz(func(t *testing.T, position, markup string, target int) {
		doc := vdom.ParseString(mutatePage)
		targets := []*vdom.Node{
			doc.GetElementByID("a1"), doc.GetElementByID("b1").FirstChild(), doc.GetElementByID("b"),
			doc.Body(), doc.DocumentElement(), &doc.Node,
		}
		n := targets[(target%len(targets)+len(targets))%len(targets)]
		before := doc.DocumentElement().OuterHTML()
		err := n.InsertAdjacentHTML(position, markup)
		checkTree(t, doc)
		if err == nil {
			return
		}
		known := false
		for _, kind := range []error{vdom.ErrSyntax, vdom.ErrNoModificationAllowed, vdom.ErrHierarchyRequest, vdom.ErrTreeTooLarge} {
			known = known || errors.Is(err, kind)
		}
		if !known {
			t.Errorf("InsertAdjacentHTML(%q, %q) on %s: unexpected error %v", position, markup, n, err)
		}
		if after := doc.DocumentElement().OuterHTML(); after != before {
			t.Errorf("InsertAdjacentHTML(%q, %q) on %s failed with %v and changed the tree", position, markup, n, err)
		}
	})
}
