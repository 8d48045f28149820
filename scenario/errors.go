package scenario

import (
	"errors"
	"fmt"
	"github.com/eventperk/eventperk-go/internal/jsonpath"
	"github.com/eventperk/eventperk-go/internal/suggest"
	"slices"
	"strings"
	"unicode/utf8"
)

// Exit codes of the command, also returned by Main.
const (
	// ExitOK: every scenario ran, every expectation held, no handler failed.
	ExitOK = 0
	// ExitFailed: an expectation failed, a handler failed, or a step timed
	// out.
	ExitFailed = 1
	// ExitBadInput: a file could not be read, is not valid JSON, or is not
	// a valid scenario (settings, selectors, names), or the command line is
	// wrong.
	ExitBadInput = 2
)

// ErrBadInput is matched with errors.Is by every error about input: an
// *InputError, InputErrors, and errors that wrap them.
var ErrBadInput = errors.New("scenario: bad input")

// InputError is one problem in an input file: which file, where in it, which
// JSON path, what is wrong, and, when there is one, a likely fix.
type InputError struct {
	File string
	// Line and Column are 1-based (Column counts characters); 0 when the
	// problem has no position, such as a file that cannot be read.
	Line, Column int
	// Path is the JSON path of the value, such as
	// "units[1].methods.onSave[2].setAttribute"; "" for the whole file.
	Path string
	Msg  string
	Hint string

	offset int   // byte offset in the file, turned into Line and Column
	err    error // the error behind it, such as a page's load error
}

// Error returns "file:line:col: path: msg; hint", leaving out what is
// unknown.
func (e *InputError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d:%d", e.Line, e.Column)
	}
	b.WriteString(": ")
	if e.Path != "" {
		b.WriteString(e.Path)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	if e.Hint != "" {
		b.WriteString("; ")
		b.WriteString(e.Hint)
	}
	return b.String()
}

// Is makes errors.Is(err, ErrBadInput) true.
func (e *InputError) Is(target error) bool { return target == ErrBadInput }

// Unwrap returns the error behind the problem, if any: the load error of
// a page fetched from a server (errors.Is(err, browse.ErrStatus)).
func (e *InputError) Unwrap() error { return e.err }

// InputErrors is every problem found in one input, in file order, so that a
// person fixes them all in one go.
type InputErrors []*InputError

// Error returns the errors one per line.
func (l InputErrors) Error() string {
	lines := make([]string, len(l))
	for i, e := range l {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Is makes errors.Is(err, ErrBadInput) true.
func (l InputErrors) Is(target error) bool { return target == ErrBadInput }

// Unwrap returns the errors, so errors.As finds an *InputError.
func (l InputErrors) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

// locate sorts errors by position (stable: errors found at one place keep
// their order) and turns byte offsets into lines and columns in one pass.
func (l InputErrors) locate(src []byte) {
	if src == nil {
		return
	}
	slices.SortStableFunc(l, func(a, b *InputError) int {
		ka, kb := a.offset, b.offset
		if a.offset < 0 {
			ka = len(src) + 1
		}
		if b.offset < 0 {
			kb = len(src) + 1
		}
		return ka - kb
	})
	line, col, at := 1, 1, 0
	for _, e := range l {
		if e.offset < 0 {
			continue
		}
		off := min(e.offset, len(src))
		for at < off {
			r, size := utf8.DecodeRune(src[at:])
			if r == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
			at += size
		}
		e.Line, e.Column = line, col
	}
}

// The path, quoting and suggestion rules are shared with EventPerk's
// settings errors, so both kinds of path and hint read alike.
func pathKey(path, key string) string     { return jsonpath.Key(path, key) }
func pathIndex(path string, i int) string { return jsonpath.Index(path, i) }
func isPathName(key string) bool          { return jsonpath.IsName(key) }
func quoteJSON(s string) string           { return jsonpath.Quote(s) }
func quoteShort(s string) string          { return jsonpath.QuoteShort(s) }
func didYouMean(key string, known []string) string {
	return jsonpath.DidYouMean(suggest.Word(key, known))
}
