package vdomtest_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/eventperk/eventperk-go/vdomtest"
)

const page = `<!DOCTYPE html><html lang="en"><head><title>Order list</title></head><body>
<h1>Orders</h1>
<nav aria-label="Pages"><a href="/" aria-current="page">Home</a> <a href="/help" title="Help pages">Help</a></nav>
<form id="f" action="/orders" method="post">
  <label for="q">Search</label> <input id="q" name="q" placeholder="Order number" value="A-17">
  <label><input type="checkbox" name="open" value="1" checked> Open only</label>
  <select name="sort" aria-label="Sort by"><option value="date">Date</option><option value="total" selected>Total</option></select>
  <img src="/logo.png" alt="Company logo">
  <button type="submit">Search</button>
  <button type="button" disabled>Export</button>
</form>
<ul id="list" data-testid="orders">
  <li class="order late" data-testid="order">A-17 <button type="button">Cancel</button></li>
  <li class="order" data-testid="order">B-4 <button type="button">Cancel</button></li>
</ul>
<p id="status" hidden>Saved</p>
</body></html>`

func TestQueriesFind(t *testing.T) {
	mustPass(t, func(t testing.TB) {
		s := vdomtest.Render(t, page)
		doc := s.Document()
		byID := doc.GetElementByID
		want := func(what string, got, want *vdom.Node) {
			if got != want {
				t.Errorf("%s found %v, want %v", what, got, want)
			}
		}
		want("GetByRole", s.GetByRole("button", query.Name("Search")), doc.MustQuerySelector(`button[type=submit]`))
		want("GetByLabelText", s.GetByLabelText("Search"), byID("q"))
		want("GetByPlaceholderText", s.GetByPlaceholderText("Order number"), byID("q"))
		want("GetByDisplayValue", s.GetByDisplayValue("A-17"), byID("q"))
		want("GetByAltText", s.GetByAltText("Company logo"), doc.MustQuerySelector("img"))
		want("GetByTitle", s.GetByTitle("Help pages"), doc.MustQuerySelector(`a[title]`))
		want("GetByTestID", s.GetByTestID("orders"), byID("list"))
		want("GetByText", s.GetByText("Orders"), doc.MustQuerySelector("h1"))
		want("QueryByText of nothing", s.QueryByText("Nothing here"), nil)
		want("QueryByRole of a hidden element", s.QueryByRole("paragraph"), nil)

		if n := len(s.AllByRole("button", query.Name("Cancel"))); n != 2 {
			t.Errorf("AllByRole found %d Cancel buttons, want 2", n)
		}
		if n := len(s.QueryAllByTestID("missing")); n != 0 {
			t.Errorf("QueryAllByTestID found %d, want 0", n)
		}
		if n := len(s.AllByTestID("order")); n != 2 {
			t.Errorf("AllByTestID found %d, want 2", n)
		}
		// Within scopes every query to the element.
		first := s.AllByTestID("order")[0]
		want("Within(first).GetByRole", s.Within(first).GetByRole("button"), first.MustQuerySelector("button"))
		if s.Within(first).Root() != first || s.Root() != &doc.Node {
			t.Error("Within changed the root of the Screen it was made from")
		}
	})
}

func TestQueriesFail(t *testing.T) {
	for _, tc := range []struct {
		name  string
		query func(s *vdomtest.Screen)
		parts []string
	}{
		{"GetByRole none", func(s *vdomtest.Screen) { s.GetByRole("button", query.Name("Delete")) },
			[]string{`role "button"`, `"Delete"`, "Cancel"}},
		{"GetByRole several", func(s *vdomtest.Screen) { s.GetByRole("button", query.Name("Cancel")) },
			[]string{"Cancel"}},
		{"QueryByRole several", func(s *vdomtest.Screen) { s.QueryByRole("button", query.Name("Cancel")) },
			[]string{"Cancel"}},
		{"AllByText none", func(s *vdomtest.Screen) { s.AllByText("Refunds") }, []string{"Refunds"}},
		{"GetByLabelText none", func(s *vdomtest.Screen) { s.GetByLabelText("Email") }, []string{"Email"}},
		{"bad regexp", func(s *vdomtest.Screen) { s.QueryAllByText("(", query.Regexp) }, []string{"("}},
		{"Within nil", func(s *vdomtest.Screen) { s.Within(nil) }, []string{"Within", "nil"}},
		{"Within another document", func(s *vdomtest.Screen) {
			s.Within(vdom.ParseString("<p>x</p>").Body())
		}, []string{"another document"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mustFail(t, func(t testing.TB) {
				tc.query(vdomtest.Render(t, page))
				t.Error("the query went on after its failure")
			}, tc.parts...)
		})
	}
}
