package scenario

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
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

	offset int // byte offset in the file, turned into Line and Column
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

// pathKey appends an object key to a path: after a dot when it is a simple
// name, else as a JSON string in brackets, the rule EventPerk's settings
// errors follow, so both kinds of path read alike.
func pathKey(path, key string) string {
	if isPathName(key) {
		if path == "" {
			return key
		}
		return path + "." + key
	}
	return path + "[" + quoteJSON(key) + "]"
}

func pathIndex(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

func isPathName(key string) bool {
	if key == "" {
		return false
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', c == '_', c == '$':
		case i > 0 && ('0' <= c && c <= '9' || c == '-'):
		default:
			return false
		}
	}
	return true
}

// quoteJSON quotes s as a JSON string without escaping <, > and &, which
// only matter inside HTML, so messages stay readable.
func quoteJSON(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// quoteShort quotes s for a message, cut to a readable length: the message
// names the place, so the value only has to be recognizable.
func quoteShort(s string) string {
	const max = 40
	if utf8.RuneCountInString(s) <= max {
		return quoteJSON(s)
	}
	n := 0
	for i := range s {
		if n == max {
			return quoteJSON(s[:i]) + "..."
		}
		n++
	}
	return quoteJSON(s)
}

// suggest returns the word of known that key was most likely meant to be:
// within two edits (a transposition is one, case ignored). Farther words are
// not suggested, because a wrong suggestion costs more than none.
func suggest(key string, known []string) string {
	best, bestDist := "", 3
	lower := strings.ToLower(key)
	for _, k := range known {
		if d := editDistance(lower, strings.ToLower(k)); d < bestDist {
			best, bestDist = k, d
		}
	}
	return best
}

func didYouMean(key string, known []string) string {
	if s := suggest(key, known); s != "" {
		return "did you mean " + quoteJSON(s) + "?"
	}
	return ""
}

// editDistance is the optimal string alignment distance of a and b.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	if len(ra) > 64 || len(rb) > 64 {
		if a == b {
			return 0
		}
		return 64 // far enough never to be suggested, and cheap
	}
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
