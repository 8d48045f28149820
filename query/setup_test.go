package query_test

import (
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/internal/elname"
	"github.com/eventperk/eventperk-go/vdom"
)

// names names elements for comparisons with go-cmp: an element's name is
// a selector for it (internal/elname), so a diff reads as the page does.
func names(els []*vdom.Node) []string {
	if els == nil {
		return nil
	}
	out := make([]string, len(els))
	for i, el := range els {
		out[i] = elname.Of(el)
	}
	return out
}

// parse parses a page for a test.
func parse(t testing.TB, markup string) *vdom.Document {
	t.Helper()
	doc, err := vdom.Parse(strings.NewReader(markup))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return doc
}
