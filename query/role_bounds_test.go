package query_test

import (
	"errors"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/internal/namework"
	"github.com/eventperk/eventperk-go/internal/testenv"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdom"
)

// The role queries below compute the names of many elements; package
// a11y counts the steps of each computation (internal/namework). A query
// with a name on a page must stay within queryWorkBound: linear in the
// page (a11y's own tests hold each computation to the same kind of
// bound).
func queryWorkBound(nodes int) int64 { return int64(40*nodes + 1000) }

// nodeCount counts the nodes of doc.
func nodeCount(doc *vdom.Document) int {
	n := 0
	for range doc.Descendants() {
		n++
	}
	return n
}

// runSteps runs q on doc under a 256 KiB stack, which a walk recursing on
// the depth of a 100,000-level tree would overflow (the limit is
// process-wide: no test here runs in parallel), and returns what it found
// and the steps its names took.
func runSteps(t *testing.T, q query.Query, doc *vdom.Document) ([]*vdom.Node, int64) {
	t.Helper()
	defer debug.SetMaxStack(debug.SetMaxStack(256 << 10))
	before := namework.Steps()
	found, err := q.QueryAll(&doc.Node)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return found, namework.Steps() - before
}

// TestRoleQueryWithNameOnDeepPages: a role query with a name on 100,000
// nested buttons named from their content recursed to a stack overflow,
// and cost the depth for each button; on a button inside nested labels,
// the square of their number. At 10,000 levels (100,000 with
// EVENTPERK_LONG=1) each stays within a small stack and within a bound
// linear in the page, and finds what it should.
func TestRoleQueryWithNameOnDeepPages(t *testing.T) {
	depth := 10_000
	if testenv.Long(t) {
		depth = 100_000
	}
	for _, tc := range []struct {
		name  string
		page  string
		q     query.Query
		found int
	}{
		{"nested buttons", strings.Repeat(`<div role=button>`, depth) + "x",
			query.ByRole("button", query.Name("x")), depth},
		{"nested buttons, a name none has", strings.Repeat(`<div role=button>`, depth) + "x",
			query.ByRole("button", query.Name("y")), 0},
		{"nested buttons, descriptions", strings.Repeat(`<div role=button title=t>`, depth) + "x",
			query.ByRole("button", query.Description("t")), depth},
		{"a button in nested labels", strings.Repeat(`<label>w `, depth) + `<button>x</button>`,
			query.ByRole("button", query.Name("w", query.Substring)), 1},
	} {
		doc := vdom.ParseString(tc.page)
		found, steps := runSteps(t, tc.q, doc)
		if len(found) != tc.found {
			t.Errorf("%s: %s found %d elements, want %d", tc.name, tc.q, len(found), tc.found)
		}
		if bound := queryWorkBound(nodeCount(doc)); steps > bound {
			t.Errorf("%s: %s took %d steps, more than %d", tc.name, tc.q, steps, bound)
		}
	}
}

// TestRoleQueryWithNameOnRepeatedReferences: a button labelled by one
// element named a thousand times has a name of MaxNameBytes, made in work
// bounded by the page; a query for it by name stays as cheap, and a
// failing Get lists it with its name.
func TestRoleQueryWithNameOnRepeatedReferences(t *testing.T) {
	doc := vdom.ParseString(`<span id=t>` + strings.Repeat("word ", 20000) + `</span><button aria-labelledby="` +
		strings.Repeat("t ", 1000) + `">Save</button><button aria-describedby="` + strings.Repeat("t ", 1000) + `">Keep</button>`)
	tokens := 2000
	for _, tc := range []struct {
		q     query.Query
		found int
	}{
		{query.ByRole("button", query.Name("Save")), 0},
		{query.ByRole("button", query.Name("word word", query.Substring)), 1},
		{query.ByRole("button", query.Description("word word", query.Substring)), 1},
	} {
		found, steps := runSteps(t, tc.q, doc)
		if len(found) != tc.found {
			t.Errorf("%s found %d elements, want %d", tc.q, len(found), tc.found)
		}
		if bound := queryWorkBound(nodeCount(doc) + tokens); steps > bound {
			t.Errorf("%s took %d steps, more than %d", tc.q, steps, bound)
		}
	}
	_, err := query.ByRole("button", query.Name("Save")).Get(&doc.Node)
	if !errors.Is(err, query.ErrNotFound) || !strings.Contains(err.Error(), `name "word word word`) {
		t.Errorf("the failing Get does not list the button by its name: %v", err)
	}
}
