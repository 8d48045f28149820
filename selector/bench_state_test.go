package selector_test

import (
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
