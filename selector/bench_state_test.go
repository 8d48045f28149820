package selector_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/selector"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// mapState is a State kept in a map, as a document keeps its side tables.
type mapState struct {
	checked map[*html.Node]bool
	focused *html.Node
}

func (m *mapState) Is(n *html.Node, pc selector.PseudoClass) bool {
	return pc == selector.PseudoChecked && m.checked[n]
}

func (m *mapState) Focus() (*html.Node, bool) { return m.focused, true }

// BenchmarkStateQuery runs queries with state pseudo-classes on the
// 10,000-element page, where every third checkbox is checked and the last
// text field has focus, next to the attribute query they resemble.
func BenchmarkStateQuery(b *testing.B) {
	_, body := benchDoc()
	st := &mapState{checked: map[*html.Node]bool{}}
	i := 0
	for n := range body.Descendants() {
		if n.DataAtom == atom.Input {
			if attr(n, "type") == "checkbox" {
				st.checked[n] = i%3 == 0
				i++
			} else {
				st.focused = n
			}
		}
	}
	for _, q := range []struct {
		name, sel string
		st        selector.State
		want      int
	}{
		{"attribute", "input[type=checkbox]", nil, 150},
		{"checked", "input:checked", st, 50},
		{"checked-static", "input:checked", nil, 0},
		{"not-checked", "form > input:not(:checked)", st, 250},
		{"focus-within", "div:focus-within", st, 1},
		{"focus", ":focus", st, 1},
	} {
		b.Run(q.name, func(b *testing.B) {
			b.ReportAllocs()
			sel := selector.MustCompile(q.sel).WithState(q.st)
			if got := len(sel.QueryAll(body)); got != q.want {
				b.Fatalf("%q found %d, want %d", q.sel, got, q.want)
			}
			for b.Loop() {
				sel.QueryAll(body)
			}
		})
	}
}

// BenchmarkStaticGroups runs, without a State (Static answers from
// attributes), the queries that ask about a whole radio group, select or
// form for each of n members: :indeterminate and :invalid over a form of
// n radio buttons of one name (the first required, none checked),
// option:checked over a select of n options, :default over a form of n
// submit buttons. The cost per member must not grow with n.
func BenchmarkStaticGroups(b *testing.B) {
	pages := []struct {
		name, sel, unit string
		sizes           []int
		page            func(n int) string
		want            func(n int) int
	}{
		{"radio-indeterminate-invalid", "input:indeterminate, form:invalid", "radio", []int{1_000, 5_000, 10_000},
			func(n int) string {
				return `<form><input type=radio name=r required>` + strings.Repeat(`<input type=radio name=r>`, n-1) + `</form>`
			}, func(n int) int { return n + 1 }},
		{"option-checked", "option:checked", "option", []int{2_000, 10_000, 20_000},
			func(n int) string {
				return `<select>` + strings.Repeat(`<option>o`, n-1) + `<option selected>last</select>`
			}, func(int) int { return 1 }},
		{"default", ":default", "button", []int{1_000, 5_000, 10_000},
			func(n int) string {
				return `<form>` + strings.Repeat(`<input>`, n) + strings.Repeat(`<button>b</button>`, n) + `</form>`
			}, func(int) int { return 1 }},
	}
	for _, p := range pages {
		for _, n := range p.sizes {
			b.Run(fmt.Sprintf("%s/%s=%d", p.name, p.unit, n), func(b *testing.B) {
				doc, err := html.Parse(strings.NewReader(p.page(n)))
				if err != nil {
					b.Fatal(err)
				}
				sel := selector.MustCompile(p.sel)
				if got := len(sel.QueryAll(doc)); got != p.want(n) {
					b.Fatalf("%q found %d, want %d", p.sel, got, p.want(n))
				}
				b.ReportAllocs()
				for b.Loop() {
					sel.QueryAll(doc)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/"+p.unit)
			})
		}
	}
}
