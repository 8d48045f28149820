package vdom_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// treeDoc parses src and checks the tree.
func treeDoc(t *testing.T, src string) *vdom.Document {
	t.Helper()
	doc := vdom.ParseString(src)
	checkTree(t, doc)
	return doc
}

// treeEl returns the element with the id, failing the test if there is none.
func treeEl(t *testing.T, doc *vdom.Document, id string) *vdom.Node {
	t.Helper()
	n := doc.GetElementByID(id)
	if n == nil {
		t.Fatalf("GetElementByID(%q) = nil", id)
	}
	return n
}

// treeCreate creates an element with attributes given as name, value pairs.
func treeCreate(t *testing.T, doc *vdom.Document, tag string, attrs ...string) *vdom.Node {
	t.Helper()
	n, err := doc.CreateElement(tag)
	if err != nil {
		t.Fatalf("CreateElement(%q): %v", tag, err)
	}
	for i := 0; i+1 < len(attrs); i += 2 {
		if err := n.SetAttribute(attrs[i], attrs[i+1]); err != nil {
			t.Fatalf("SetAttribute(%q, %q): %v", attrs[i], attrs[i+1], err)
		}
	}
	return n
}

// treeFragment parses src in the context and returns the nodes in a new
// DocumentFragment of doc.
func treeFragment(t *testing.T, doc *vdom.Document, src string, context *vdom.Node) *vdom.Node {
	t.Helper()
	nodes, err := doc.ParseFragmentString(src, context)
	if err != nil {
		t.Fatalf("ParseFragmentString(%q): %v", src, err)
	}
	frag := doc.CreateDocumentFragment()
	for _, n := range nodes {
		if _, err := frag.AppendChild(n); err != nil {
			t.Fatalf("fragment AppendChild(%s): %v", n, err)
		}
	}
	return frag
}

func treeNoErr(t *testing.T, what string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: unexpected error: %v", what, err)
	}
}

// treeWantErr checks that err is of the kind and that its message contains
// each of the parts.
func treeWantErr(t *testing.T, err, kind error, parts ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("got no error, want %v", kind)
	}
	if !errors.Is(err, kind) {
		t.Errorf("error %q does not match %v", err, kind)
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("error %q does not mention %q", err, p)
		}
	}
}

func treeDiff(t *testing.T, what string, want, got any) {
	t.Helper()
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", what, diff)
	}
}

// treeNames describes nodes for comparisons: "div#a", "#text", ...
func treeNames(nodes []*vdom.Node) []string {
	out := make([]string, 0, len(nodes))
	for _, n := range nodes {
		out = append(out, n.String())
	}
	return out
}
