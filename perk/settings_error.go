package perk

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/internal/jsonpath"
	"github.com/eventperk/eventperk-go/internal/suggest"
)

// ErrInvalidSettings is the sentinel every settings error matches with
// errors.Is: a *SettingsError, a SettingsErrors list, and errors that wrap
// them. Callers that only need "were the settings accepted?" test this; those
// that show the problems to a person use errors.As with SettingsErrors.
const ErrInvalidSettings = errkind.Kind("perk: invalid event settings")

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

// The path and quoting rules are shared with the scenario decoder.
func pathKey(path, key string) string           { return jsonpath.Key(path, key) }
func pathIndex(path string, i int) string       { return jsonpath.Index(path, i) }
func quoteJSON(s string) string                 { return jsonpath.Quote(s) }
func appendQuoted(b *strings.Builder, s string) { jsonpath.AppendQuoted(b, s) }
func quoteShort(s string) string                { return jsonpath.QuoteShort(s) }
func isPathName(key string) bool                { return jsonpath.IsName(key) }

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
// to be, or "": a known misspelling, else a key within two edits.
func suggestKey(key string, known []string) string {
	if want, ok := knownMisspellings[key]; ok && slices.Contains(known, want) {
		return want
	}
	return suggest.Word(key, known)
}

// didYouMean is the hint for an unknown key, or "".
func didYouMean(key string, known []string) string {
	return jsonpath.DidYouMean(suggestKey(key, known))
}
