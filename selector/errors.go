package selector

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/eventperk/eventperk-go/internal/errkind"
)

// ErrSyntax is the sentinel every parse error matches with errors.Is. The DOM
// reports every unparsable selector as one kind of failure (a SyntaxError
// DOMException), so callers that only need "was it valid?" test this. It
// is a constant: no program can reassign it.
const ErrSyntax = errkind.Kind("selector: invalid selector")

// Error describes why a selector could not be compiled and where.
//
// Offset is a byte offset into Selector: the position of the first byte that
// could not be understood, or len(Selector) when the text ends too early
// (for "div[" it is 4, where the attribute name should have started).
type Error struct {
	Selector string // the source text, as given to Compile
	Offset   int    // byte offset of the problem, 0 <= Offset <= len(Selector)
	Reason   string // what was expected or found
}

func (e *Error) Error() string {
	return fmt.Sprintf("selector: invalid selector %q at offset %d: %s", e.Selector, e.Offset, e.Reason)
}

// Is makes errors.Is(err, ErrSyntax) true for every *Error.
func (e *Error) Is(target error) bool { return target == ErrSyntax }

// Caret returns the selector and, on a second line, a caret under the
// offending position, for showing the error to a person:
//
//	div[
//	    ^
//
// Line breaks and tabs in the selector are shown as spaces so the caret stays
// aligned; the column is counted in runes, not bytes.
func (e *Error) Caret() string {
	off := min(max(e.Offset, 0), len(e.Selector))
	var b strings.Builder
	for _, r := range e.Selector {
		switch r {
		case '\n', '\r', '\t', '\f':
			r = ' '
		}
		b.WriteRune(r)
	}
	b.WriteByte('\n')
	b.WriteString(strings.Repeat(" ", utf8.RuneCountInString(e.Selector[:off])))
	b.WriteByte('^')
	return b.String()
}
