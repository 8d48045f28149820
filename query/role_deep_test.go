package query_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/a11y"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// deepPage nests depth div elements, with the rules that hide an element
// or its content, and undo a visibility, at levels spread through the
// tree (aria-hidden on the middle one hides the lower half), and a
// labelled text field at every tenth level.
func deepPage(depth int) string {
	var b strings.Builder
	for i := range depth {
		attrs := ""
		switch i % 97 {
		case 11:
			attrs = ` style="visibility: hidden"`
		case 23:
			attrs = ` style="visibility: visible"`
		case 41:
			fmt.Fprintf(&b, `<p hidden=until-found id=p%d><span id=s%d>found</span></p>`, i, i)
		}
		if i == depth/2 {
			attrs = ` aria-hidden=true`
		}
		if i%10 == 5 {
			fmt.Fprintf(&b, `<label for=f%d>Field %d</label><input id=f%d>`, i, i, i)
		}
		fmt.Fprintf(&b, `<div id=d%d%s>`, i, attrs)
	}
	return b.String()
}

// ids returns the id attributes of els.
func ids(els []*vdom.Node) []string {
	out := make([]string, len(els))
	for i, el := range els {
		out[i], _ = el.GetAttribute("id")
	}
	return out
}

// TestRoleQueryDeepTree: on a page 3,000 levels deep, role queries find
// exactly the elements that a11y's Role, IsHidden and Name pick out one by
// one.
func TestRoleQueryDeepTree(t *testing.T) {
	doc := parse(t, deepPage(3000))
	var generic, genericAll, fields, field42 []*vdom.Node
	for n := range doc.Body().Descendants() {
		if !n.IsElement() {
			continue
		}
		hidden := a11y.IsHidden(n)
		switch a11y.Role(n) {
		case "generic":
			genericAll = append(genericAll, n)
			if !hidden {
				generic = append(generic, n)
			}
		case "textbox":
			if !hidden {
				fields = append(fields, n)
				if a11y.Name(n) == "Field 425" {
					field42 = append(field42, n)
				}
			}
		}
	}
	if len(generic) == 0 || len(generic) == len(genericAll) || len(field42) != 1 {
		t.Fatalf("the page does not test both answers: %d of %d generic elements shown, %d fields named Field 425",
			len(generic), len(genericAll), len(field42))
	}
	for _, tc := range []struct {
		q    query.Query
		want []*vdom.Node
	}{
		{query.ByRole("generic"), generic},
		{query.ByRole("generic", query.IncludeHidden()), genericAll},
		{query.ByRole("textbox"), fields},
		{query.ByRole("textbox", query.Name("Field 425")), field42},
	} {
		got, err := tc.q.QueryAll(doc.Body())
		if err != nil {
			t.Fatalf("%s: %v", tc.q, err)
		}
		if diff := cmp.Diff(ids(tc.want), ids(got)); diff != "" {
			t.Errorf("%s: mismatch (-one by one +query):\n%s", tc.q, diff)
		}
	}
	// A failing Get lists the roles present, names included.
	_, err := query.ByRole("button").Get(doc.Body())
	if !errors.Is(err, query.ErrNotFound) || !strings.Contains(err.Error(), `name "Field 5"`) {
		t.Errorf("a failing Get on the deep page: %v", err)
	}
}
