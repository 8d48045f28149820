package query_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/selector"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// roleVsCSS pairs a role query with a CSS selector that finds the same
// elements on the 10k page.
var roleVsCSS = []struct {
	name string
	role query.Query
	css  string
}{
	{"checkbox", query.ByRole("checkbox"), `input[type="checkbox"]` + shown},
	{"heading-level-2", query.ByRole("heading", query.Level(2)), "h2" + shown},
	{"textbox", query.ByRole("textbox"), `:is(input[type="text"], input[type="email"], textarea)` + shown},
	{"link", query.ByRole("link"), `:is(a[href], area[href])` + shown},
}

// shown leaves out what the page's sheet hides (.hidden { display: none
// }), as the role queries do.
const shown = ":not(.hidden, .hidden *)"

// page10k parses the 10k page once per benchmark.
func page10k(b *testing.B) *vdom.Document {
	b.Helper()
	return vdom.ParseString(string(pagegen.Page(10_000)))
}

// BenchmarkRoleVsCSS runs each role query and the CSS query that finds the
// same elements side by side on the 10k page. Each pair first checks that
// both find the same elements; the ratio sub-benchmark reports role/css,
// the time of the role query over the CSS query's, timed in the same
// loop so that both see the same machine load. The CSS query is the
// selector engine's work without vdom's result cache (uncachedCSS): a
// repeated QuerySelectorAll on an unchanged page is a cache hit, which
// would compare the role query with a lookup.
func BenchmarkRoleVsCSS(b *testing.B) {
	doc := page10k(b)
	for _, tc := range roleVsCSS {
		sel := selector.MustCompile(tc.css)
		byRole, err := tc.role.QueryAll(&doc.Node)
		if err != nil {
			b.Fatal(err)
		}
		byCSS := uncachedCSS(doc, sel)
		if len(byRole) == 0 {
			b.Fatalf("%s: the role query finds nothing on the 10k page", tc.name)
		}
		if diff := cmp.Diff(names(byCSS), names(byRole)); diff != "" {
			b.Fatalf("%s: role and CSS queries find different elements (-css +role):\n%s", tc.name, diff)
		}
		b.Run(tc.name+"/css", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				uncachedCSS(doc, sel)
			}
		})
		b.Run(tc.name+"/role", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := tc.role.QueryAll(&doc.Node); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(tc.name+"/ratio", func(b *testing.B) {
			var roleTime, cssTime time.Duration
			for b.Loop() {
				t0 := time.Now()
				uncachedCSS(doc, sel)
				t1 := time.Now()
				if _, err := tc.role.QueryAll(&doc.Node); err != nil {
					b.Fatal(err)
				}
				cssTime += t1.Sub(t0)
				roleTime += time.Since(t1)
			}
			b.ReportMetric(float64(roleTime)/float64(cssTime), "role/css")
		})
	}
}

// BenchmarkNotFound10k is the cost of a failing Get on the 10k page: the
// role listing and the cut print of the page.
func BenchmarkNotFound10k(b *testing.B) {
	doc := page10k(b)
	q := query.ByRole("button", query.Name("No such button"))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := q.Get(&doc.Node); err == nil {
			b.Fatal("found a button that does not exist")
		}
	}
}

// BenchmarkRoleName10k is a role query with a name on the 10k page: the
// names of all the page's text boxes, most of them from label elements.
func BenchmarkRoleName10k(b *testing.B) {
	doc := page10k(b)
	q := query.ByRole("textbox", query.Name("no such field"))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := q.QueryAll(&doc.Node); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRoleDeep20k is a role query that finds every element of a page
// nested 20,000 levels deep: ByRole("generic") on 20,000 nested div
// elements. Each found element needs to know whether an ancestor hides it.
func BenchmarkRoleDeep20k(b *testing.B) {
	const depth = 20_000
	doc := vdom.ParseString(strings.Repeat("<div>", depth) + "bottom" + strings.Repeat("</div>", depth))
	q := query.ByRole("generic")
	b.ReportAllocs()
	for b.Loop() {
		found, err := q.QueryAll(&doc.Node)
		if err != nil {
			b.Fatal(err)
		}
		// body and the divs.
		if len(found) != depth+1 {
			b.Fatalf("found %d generic elements, want %d", len(found), depth+1)
		}
	}
}

// uncachedCSS is what QuerySelectorAll on the document does when its result
// is not cached: match the compiled selector over the tree and hand out a
// node handle for each element found.
func uncachedCSS(doc *vdom.Document, sel *selector.Selector) []*vdom.Node {
	found := sel.QueryAll(doc.Node.HTML())
	out := make([]*vdom.Node, len(found))
	for i, h := range found {
		out[i] = doc.Wrap(h)
	}
	return out
}

// BenchmarkByRoleSelectedOption: ByRole("option", Selected(true)) over a
// listbox (a select multiple) of n options, every other one selected:
// the query asks each option for its selectedness.
func BenchmarkByRoleSelectedOption(b *testing.B) {
	for _, n := range []int{2_000, 10_000, 20_000} {
		b.Run(fmt.Sprintf("option=%d", n), func(b *testing.B) {
			var sb strings.Builder
			sb.WriteString(`<select multiple aria-label=Pick>`)
			for i := range n {
				sel := ""
				if i%2 == 1 {
					sel = " selected"
				}
				fmt.Fprintf(&sb, `<option%s>Option %d`, sel, i)
			}
			sb.WriteString(`</select>`)
			doc := vdom.ParseString(sb.String())
			q := query.ByRole("option", query.Selected(true))
			b.ReportAllocs()
			for b.Loop() {
				got, err := q.QueryAll(&doc.Node)
				if err != nil {
					b.Fatal(err)
				}
				if len(got) != n/2 {
					b.Fatalf("%d selected options, want %d", len(got), n/2)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/option")
		})
	}
}

// BenchmarkRoleNameDeep is a role query with a name on nested buttons
// named from their content, the text at the bottom: every name holds the
// content of the buttons inside it.
func BenchmarkRoleNameDeep(b *testing.B) {
	for _, depth := range []int{2_000, 100_000} {
		b.Run(fmt.Sprintf("depth=%d", depth), func(b *testing.B) {
			doc := vdom.ParseString(strings.Repeat(`<div role=button>`, depth) + "x")
			q := query.ByRole("button", query.Name("x"))
			b.ReportAllocs()
			for b.Loop() {
				found, err := q.QueryAll(&doc.Node)
				if err != nil || len(found) != depth {
					b.Fatalf("found %d buttons, %v; want %d", len(found), err, depth)
				}
			}
		})
	}
}
