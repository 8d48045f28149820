package perk

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ErrInvalidSettings is the sentinel every settings error matches with
// errors.Is: a *SettingsError, a SettingsErrors list, and errors that wrap
// them. Callers that only need "were the settings accepted?" test this; those
// that show the problems to a person use errors.As with SettingsErrors.
var ErrInvalidSettings = errors.New("perk: invalid event settings")

// SettingsError is one problem in an "event" settings section: where it is
// and what is wrong.
//
// Path names the place in the section, starting at the section itself
// ("event" unless the caller chose another prefix):
//
//	event.events.save.handlers.click[1].order
//	event.events["save button"].rootNode
//	event.events.this.handlers[""]
//
// An object key that is a simple name (an ASCII letter, '_' or '$', then
// letters, digits, '_', '$' or '-') follows a dot; any other key, including
// the empty one, is written as a JSON string in brackets, so every path reads
// back unambiguously and its keys can be copied into a JSON document. Array
// elements are [index], counted from 0. An error about a whole object (an
// unknown, duplicate or missing key) names the object, and the key is in Msg.
type SettingsError struct {
	// Path is where the problem is, as described above.
	Path string
	// Msg says what is wrong, such as `want an integer, got string "5"` or
	// `unknown key "hanlder"`.
	Msg string
	// Hint, when set, is a likely fix, such as `did you mean "handler"?`.
	Hint string
	// Line and Column locate the problem in the decoded JSON: both 1-based,
	// Column counted in characters (runes), not bytes. They are 0 for errors
	// that do not come from JSON (Validate, MarshalJSON).
	Line, Column int
	// Offset is the byte offset in the decoded JSON that Line and Column
	// name; it lets a caller that decoded a section cut out of a larger file
	// translate the position. Meaningful only when Line > 0.
	Offset int
}

// Error returns "perk: <path>: <msg>", followed by "; <hint>" when there is
// a hint. The position is left out because Path already locates the problem
// and settings built in Go have no position; callers that print positions
// read Line and Column.
func (e *SettingsError) Error() string {
	var b strings.Builder
	b.WriteString("perk: ")
	b.WriteString(e.Path)
	b.WriteString(": ")
	b.WriteString(e.Msg)
	if e.Hint != "" {
		b.WriteString("; ")
		b.WriteString(e.Hint)
	}
	return b.String()
}

// Is makes errors.Is(err, ErrInvalidSettings) true for every *SettingsError.
func (e *SettingsError) Is(target error) bool { return target == ErrInvalidSettings }

// SettingsErrors is every problem found in one settings section, in the
// order they appear in the input. DecodeEventSettings, Validate and
// MarshalJSON return it (never empty) so that a person fixing a settings file
// sees all of its problems at once, not one per run:
//
//	var list perk.SettingsErrors
//	if errors.As(err, &list) {
//		for _, e := range list {
//			fmt.Printf("%s:%d:%d: %s\n", file, e.Line, e.Column, e)
//		}
//	}
type SettingsErrors []*SettingsError

// Error returns the errors one per line.
func (l SettingsErrors) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Is makes errors.Is(err, ErrInvalidSettings) true for the list itself, even
// when it is empty.
func (l SettingsErrors) Is(target error) bool { return target == ErrInvalidSettings }

// Unwrap returns the errors, so errors.As finds a *SettingsError in the list.
func (l SettingsErrors) Unwrap() []error {
	errs := make([]error, len(l))
	for i, e := range l {
		errs[i] = e
	}
	return errs
}

// err returns the list as an error, or an untyped nil when it is empty: a nil
// SettingsErrors stored in an error interface would not compare equal to nil.
func (l SettingsErrors) err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// locate sorts the errors by offset (stable, so errors at one place keep the
// order they were found in) and fills in Line and Column from data in a
// single pass, which keeps a document with many errors linear.
func (l SettingsErrors) locate(data []byte) {
	slices.SortStableFunc(l, func(a, b *SettingsError) int { return a.Offset - b.Offset })
	line, col, at := 1, 1, 0
	for _, e := range l {
		off := min(max(e.Offset, 0), len(data))
		for at < off {
			r, size := utf8.DecodeRune(data[at:])
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

// pathKey appends an object key to a settings path (see SettingsError).
func pathKey(path, key string) string {
	if isPathName(key) {
		return path + "." + key
	}
	return path + "[" + quoteJSON(key) + "]"
}

// pathIndex appends an array index to a settings path.
func pathIndex(path string, i int) string {
	return path + "[" + strconv.Itoa(i) + "]"
}

// isPathName reports whether key can follow a dot in a path. The set is
// small on purpose (ASCII only): a reader must be able to tell where a
// segment ends without knowing Unicode tables.
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

// quoteJSON returns s as a JSON string literal. Unlike json.Marshal it does
// not escape <, > and &, which only matter inside HTML, so messages and
// written settings stay readable. Invalid UTF-8 becomes U+FFFD, as the
// decoder reads it.
func quoteJSON(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	appendQuoted(&b, s)
	return b.String()
}

func appendQuoted(b *strings.Builder, s string) {
	const hex = "0123456789abcdef"
	b.WriteByte('"')
	for _, r := range s { // ranging over invalid UTF-8 yields U+FFFD
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20, r == 0x7f:
			b.WriteString(`\u00`)
			b.WriteByte(hex[r>>4])
			b.WriteByte(hex[r&0xf])
		case r == '\u2028' || r == '\u2029':
			// Valid JSON, but they end a line in JavaScript and in some
			// terminals; escaped, a message stays on one line.
			b.WriteString(`\u202`)
			b.WriteByte(hex[r&0xf])
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

// quoteShort quotes s for a message, cutting it to a readable length: the
// message names the place anyway, the value only has to be recognizable.
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

// knownMisspellings maps keys that users are known to write to the key they
// mean, whatever the edit distance. The specification's own table spells
// listenerOptions "listerOptions", and the original implementation reads
// "listnerOptions"; the original also calls rootNode "selector".
var knownMisspellings = map[string]string{
	"listerOptions":  "listenerOptions",
	"listnerOptions": "listenerOptions",
	"selector":       "rootNode",
}

// suggestKey returns the known key that an unknown key was most likely meant
// to be, or "". A key within edit distance 2 (a transposition counts as one
// edit, case is ignored) is a likely typo; farther keys are not suggested,
// because a wrong suggestion costs more than none.
func suggestKey(key string, known []string) string {
	if want, ok := knownMisspellings[key]; ok && slices.Contains(known, want) {
		return want
	}
	best, bestDist := "", 3
	lower := strings.ToLower(key)
	for _, k := range known {
		if d := editDistance(lower, strings.ToLower(k), bestDist); d < bestDist {
			best, bestDist = k, d
		}
	}
	return best
}

// editDistance is the optimal string alignment distance between a and b
// (insertions, deletions, substitutions and transpositions of adjacent
// runes), or limit when it is limit or more; the bound keeps long hostile
// keys cheap.
func editDistance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d >= limit || -d >= limit {
		return limit
	}
	// Three rows suffice: the transposition looks two rows back.
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			rowMin = min(rowMin, cur[j])
		}
		if rowMin >= limit {
			return limit
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(rb)], limit)
}

// didYouMean is the hint for an unknown key, or "".
func didYouMean(key string, known []string) string {
	if s := suggestKey(key, known); s != "" {
		return "did you mean " + quoteJSON(s) + "?"
	}
	return ""
}
