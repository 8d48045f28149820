package query

import (
	"fmt"
	"strings"

	"github.com/eventperk/eventperk-go/internal/elname"
	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/vdom"
)

// The errors of queries. Every error a Query returns wraps one of them;
// test with errors.Is.
const (
	// ErrNotFound: Get or All found no element. The message says what
	// was looked for, what is there that comes close (for role queries
	// the roles and names present) and prints the root (Pretty).
	ErrNotFound = errkind.Kind("query: no element found")
	// ErrMultiple: Get or Query found more than one element. The message
	// names each of them and prints the root.
	ErrMultiple = errkind.Kind("query: more than one element found")
	// ErrBadQuery: the query cannot run: an invalid regular expression or
	// selector, an option that does not apply to the query, a nil
	// function, a nil root, the zero Query.
	ErrBadQuery = errkind.Kind("query: invalid query")
)

// maxListed bounds the elements an ErrMultiple message names, so that a
// query matching thousands of elements still gives a readable error.
const maxListed = 20

// ignoredNote says what Pretty leaves out, so that an error's print of the
// page does not look like a page without scripts.
const ignoredNote = "Ignored nodes: comments, script, style"

// notFound is the error of Get and All when the query found nothing.
func notFound(q Query, s *scope) error {
	var b strings.Builder
	q.f.explain(s, &b)
	if b.Len() > 0 {
		b.WriteString("\n\n")
	}
	writePage(&b, s)
	return errkind.Errorf("query: %w: %s\n\n%s", ErrNotFound, q, b.String())
}

// multiple is the error of Get and Query when the query found more than
// one element.
func multiple(q Query, s *scope, found []*vdom.Node) error {
	var b strings.Builder
	b.WriteString("Matching elements:\n")
	for i, el := range found {
		if i == maxListed {
			fmt.Fprintf(&b, "  ... and %d more\n", len(found)-maxListed)
			break
		}
		fmt.Fprintf(&b, "  %s: %s\n", elname.Of(el), startTag(el))
	}
	b.WriteString("\n")
	writePage(&b, s)
	return errkind.Errorf("query: %w: %d elements with %s (All and QueryAll return them all)\n\n%s",
		ErrMultiple, len(found), q, b.String())
}

// writePage prints the root of the query, as far as DefaultMaxLength
// allows.
func writePage(b *strings.Builder, s *scope) {
	b.WriteString(ignoredNote)
	b.WriteString("\n")
	b.WriteString(Pretty(s.root))
}

// errorf is the error of a query that cannot run: what names the
// constructor or option, format says why.
func errorf(what, format string, args ...any) error {
	return errkind.Errorf("query: %s: %w: "+format, append([]any{what, ErrBadQuery}, args...)...)
}
