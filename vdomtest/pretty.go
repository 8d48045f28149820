package vdomtest

import (
	"fmt"
	"strings"

	"github.com/eventperk/eventperk-go/internal/elname"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdom"
)

// Pretty returns a readable print of el's subtree, or of s's root when el
// is omitted (query.Pretty: one element per line, form controls with their
// live values, cut at query.DefaultMaxLength bytes).
func (s *Screen) Pretty(el ...*vdom.Node) string {
	if len(el) == 0 {
		return query.Pretty(s.rootNode())
	}
	var b strings.Builder
	for i, n := range el {
		if i > 0 {
			b.WriteByte('\n')
		}
		if n == nil {
			b.WriteString("(no element)\n")
			continue
		}
		b.WriteString(query.Pretty(n))
	}
	return b.String()
}

// Debug logs (t.Log) a print of el's subtree, or of s's root when el is
// omitted (Testing Library's screen.debug).
func (s *Screen) Debug(el ...*vdom.Node) {
	s.t.Helper()
	s.t.Log("\n" + s.Pretty(el...))
}

// describe names an element for a message: a selector that finds it.
func describe(el *vdom.Node) string {
	if el == nil {
		return "(no element)"
	}
	return elname.Of(el)
}

// failf fails the test with a message about el, followed by a print of
// el's subtree.
func (s *Screen) failf(el *vdom.Node, format string, args ...any) {
	s.t.Helper()
	msg := strings.TrimRight(fmt.Sprintf(format, args...), "\n")
	if el != nil {
		msg += "\n\n" + indent(query.Pretty(el))
	}
	s.t.Fatal(msg)
}

// indent puts two spaces before every line of text.
func indent(text string) string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "  " + l
	}
	return strings.Join(lines, "\n")
}
