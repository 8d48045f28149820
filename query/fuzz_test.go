package query_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/a11y"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdom"
)

// fuzzRoles are the roles the fuzz target asks for when its text is not
// one.
var fuzzRoles = []string{"button", "checkbox", "textbox", "link", "heading", "option", "generic", "img", "listitem", "none"}

// fuzzQuery builds a query from the fuzzer's choices.
func fuzzQuery(kind, opt uint8, text string) query.Query {
	mode := query.MatchMode(opt % 3)
	switch kind % 9 {
	case 0:
		role := fuzzRoles[int(opt)%len(fuzzRoles)]
		opts := []query.RoleOption{query.Name(text, mode)}
		if opt&8 != 0 {
			opts = append(opts, query.IncludeHidden())
		}
		if opt&16 != 0 {
			opts = append(opts, query.QueryFallbacks())
		}
		if opt&32 != 0 {
			opts = []query.RoleOption{query.Disabled(opt&64 != 0), query.Current(text)}
		}
		return query.ByRole(role, opts...)
	case 1:
		return query.ByRole(text)
	case 2:
		if opt&8 != 0 {
			return query.ByText(text, mode, query.Selector("p, button, *"))
		}
		return query.ByText(text, mode)
	case 3:
		return query.ByLabelText(text, mode)
	case 4:
		return query.ByPlaceholderText(text, mode)
	case 5:
		return query.ByDisplayValue(text, mode)
	case 6:
		return query.ByAltText(text, mode)
	case 7:
		return query.ByTitle(text, mode)
	}
	return query.ByTestID(text, mode)
}

// FuzzQueries: on any markup and any query, nothing panics; QueryAll
// returns elements below the root (or the root itself, for ByText) in tree
// order without duplicates; Get, Query and All agree with QueryAll; a role
// query returns only elements with the role; Pretty prints within its
// limit.
func FuzzQueries(f *testing.F) {
	f.Add(`<button>Save</button><button hidden>Gone</button>`, uint8(0), uint8(0), "Save")
	f.Add(`<label for=a>Name</label><input id=a placeholder=x value=v>`, uint8(3), uint8(1), "name")
	f.Add(`<p>Hello <b>you</b></p><script>x</script>`, uint8(2), uint8(2), "^Hel+o$")
	f.Add(`<select><option selected>One</option></select><img alt=A title=T data-testid=d>`, uint8(5), uint8(9), "One")
	f.Add(`<div role="switch button" aria-disabled=true aria-current=page>x</div>`, uint8(0), uint8(48+16), "page")
	f.Add(`<h1>A</h1><h2 aria-level=x>B</h2>`, uint8(1), uint8(0), "heading")
	f.Add(`<svg><title>T</title></svg><table><tr><th>h`, uint8(7), uint8(2), "(")
	f.Fuzz(func(t *testing.T, markup string, kind, opt uint8, text string) {
		doc := vdom.ParseString(markup)
		roots := []*vdom.Node{&doc.Node}
		if b := doc.Body(); b != nil {
			roots = append(roots, b)
			if c := b.FirstElementChild(); c != nil {
				roots = append(roots, c)
			}
		}
		q := fuzzQuery(kind, opt, text)
		_ = q.String()
		for _, root := range roots {
			all, err := q.QueryAll(root)
			if err != nil {
				if !errors.Is(err, query.ErrBadQuery) {
					t.Fatalf("%s: QueryAll error %v does not wrap ErrBadQuery", q, err)
				}
				for form, run := range forms(q) {
					if e := run(root); e == nil || e.Error() != err.Error() {
						t.Fatalf("%s: %s error %v, QueryAll's %v", q, form, e, err)
					}
				}
				return
			}
			checkOrder(t, q, root, all)
			if kind%9 == 0 && opt&16 == 0 {
				for _, el := range all {
					if r := a11y.Role(el); !strings.HasPrefix(q.String(), `role "`+r+`"`) {
						t.Fatalf("%s found an element of role %q", q, r)
					}
				}
			}
			checkForms(t, q, root, all)
			if p := query.Pretty(root, query.MaxLength(500)); len(p) > 500+len("\n... (cut at 500 characters)") {
				t.Fatalf("Pretty printed %d bytes with MaxLength(500)", len(p))
			}
		}
	})
}

// checkOrder checks that found holds elements of root's subtree in tree
// order, each once.
func checkOrder(t *testing.T, q query.Query, root *vdom.Node, found []*vdom.Node) {
	t.Helper()
	for i, el := range found {
		if el == nil || !el.IsElement() {
			t.Fatalf("%s: result %d is not an element: %v", q, i, el)
		}
		if el != root && !root.Contains(el) {
			t.Fatalf("%s: result %d is outside the root", q, i)
		}
		if i > 0 && found[i-1].CompareDocumentPosition(el)&vdom.DocumentPositionFollowing == 0 {
			t.Fatalf("%s: results %d and %d are not in tree order", q, i-1, i)
		}
	}
}

// checkForms checks Get, Query and All against QueryAll's result.
func checkForms(t *testing.T, q query.Query, root *vdom.Node, all []*vdom.Node) {
	t.Helper()
	got, gerr := q.Get(root)
	one, qerr := q.Query(root)
	many, aerr := q.All(root)
	switch len(all) {
	case 0:
		if !errors.Is(gerr, query.ErrNotFound) || !errors.Is(aerr, query.ErrNotFound) || one != nil || qerr != nil {
			t.Fatalf("%s finds nothing, but Get = %v, %v; Query = %v, %v; All = %v", q, got, gerr, one, qerr, aerr)
		}
	case 1:
		if got != all[0] || gerr != nil || one != all[0] || qerr != nil || len(many) != 1 || aerr != nil {
			t.Fatalf("%s finds one element, but Get = %v, %v; Query = %v, %v; All = %v, %v", q, got, gerr, one, qerr, many, aerr)
		}
	default:
		if !errors.Is(gerr, query.ErrMultiple) || !errors.Is(qerr, query.ErrMultiple) || len(many) != len(all) || aerr != nil {
			t.Fatalf("%s finds %d elements, but Get = %v; Query = %v; All = %d, %v", q, len(all), gerr, qerr, len(many), aerr)
		}
	}
}
