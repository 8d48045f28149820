package query

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/vdom"
)

// MatchMode says how a query compares the text it was given with the text
// of an element (its accessible name, label, text, value, ...). Pass it
// after the text: ByText("save", query.Substring).
type MatchMode uint8

// The match modes. The element's text is always normalised first: white
// space trimmed at both ends and every run of it collapsed to one space.
const (
	// Exact is the default: the normalised text equals the given text,
	// itself normalised, case-sensitively.
	Exact MatchMode = iota
	// Substring: the normalised text contains the given text, ignoring
	// case (Testing Library's exact: false).
	Substring
	// Regexp: the given text is an RE2 pattern (package regexp) that
	// matches somewhere in the normalised text, like a JavaScript
	// RegExp's test; anchor it with ^ and $ to match the whole text.
	Regexp
	// modeFunc is the mode of the ...Func constructors.
	modeFunc
)

// String returns the mode's name.
func (m MatchMode) String() string {
	switch m {
	case Exact:
		return "Exact"
	case Substring:
		return "Substring"
	case Regexp:
		return "Regexp"
	case modeFunc:
		return "Func"
	}
	return fmt.Sprintf("MatchMode(%d)", uint8(m))
}

// applyText makes a MatchMode usable among a query's TextOptions.
func (m MatchMode) applyText(c *textConfig) { c.modes = append(c.modes, m) }

// matcher compares one kind of text of an element with what the query
// was given.
type matcher struct {
	mode MatchMode
	text string // as given
	want string // normalised; lower case for Substring
	re   *regexp.Regexp
	fn   func(text string, el *vdom.Node) bool
	desc string // the description of fn
}

// newMatcher builds the matcher of text under the modes the caller passed;
// what names the text for errors ("Name", "ByText").
func newMatcher(what, text string, modes []MatchMode) (matcher, error) {
	mode := Exact
	for i, m := range modes {
		if m > Regexp {
			return matcher{}, errkind.Errorf("query: %s %q: %w: unknown match mode %v", what, text, ErrBadQuery, m)
		}
		if i > 0 && m != mode {
			return matcher{}, errkind.Errorf("query: %s %q: %w: two match modes, %v and %v; pass one", what, text, ErrBadQuery, mode, m)
		}
		mode = m
	}
	mt := matcher{mode: mode, text: text}
	switch mode {
	case Exact:
		mt.want = normalize(text)
	case Substring:
		mt.want = strings.ToLower(normalize(text))
	case Regexp:
		re, err := regexp.Compile(text)
		if err != nil {
			return matcher{}, errkind.Errorf("query: %s: %w: pattern %q is not a valid regular expression: %v", what, ErrBadQuery, text, err)
		}
		mt.re = re
	}
	return mt, nil
}

// funcMatcher is the matcher of the ...Func constructors; desc stands for
// f in descriptions and errors.
func funcMatcher(what, desc string, f func(string, *vdom.Node) bool) (matcher, error) {
	if f == nil {
		return matcher{}, errkind.Errorf("query: %s %q: %w: the function is nil", what, desc, ErrBadQuery)
	}
	return matcher{mode: modeFunc, fn: f, desc: desc}, nil
}

// match reports whether the element's text s matches.
func (m *matcher) match(s string, el *vdom.Node) bool {
	s = normalize(s)
	switch m.mode {
	case Substring:
		return containsFold(s, m.want)
	case Regexp:
		return m.re.MatchString(s)
	case modeFunc:
		return m.fn(s, el)
	}
	return s == m.want
}

// String describes the matcher after the noun it qualifies: `"Save"`,
// `containing "save"`, `matching /^Sa/`, `satisfying isSave`.
func (m *matcher) String() string {
	switch m.mode {
	case Substring:
		return fmt.Sprintf("containing %q", m.text)
	case Regexp:
		return "matching /" + m.text + "/"
	case modeFunc:
		return "satisfying " + m.desc
	}
	return fmt.Sprintf("%q", m.text)
}

// containsFold reports whether s contains sub (already lower case),
// ignoring case. It allocates only when s has upper-case letters.
func containsFold(s, sub string) bool {
	if sub == "" {
		return true
	}
	return strings.Contains(strings.ToLower(s), sub)
}

// normalize trims white space at both ends of s and collapses every run of
// it to one space: Testing Library's default normaliser, with its idea of
// white space (JavaScript's \s), so a text that matches there matches here.
// It returns s itself when it is already normal.
func normalize(s string) string {
	if isNormal(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for i := 0; i < len(s); {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		if isSpace(r) {
			space = b.Len() > 0
		} else {
			if space {
				b.WriteByte(' ')
				space = false
			}
			// The bytes as they are: invalid UTF-8 stays as it was.
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// isNormal reports whether normalize would return s unchanged: no white
// space at the ends, and none inside but single spaces.
func isNormal(s string) bool {
	prevSpace := true // a space at the start is not normal
	for i := 0; i < len(s); {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		if isSpace(r) {
			if r != ' ' || prevSpace {
				return false
			}
			prevSpace = true
		} else {
			prevSpace = false
		}
		i += size
	}
	return !prevSpace || s == ""
}

// isSpace reports whether r is white space for JavaScript's \s and trim():
// ASCII white space, the no-break space, the byte order mark and Unicode's
// space separators, line and paragraph separators.
func isSpace(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\v', '\f', '\r', '\u00a0', '\u1680', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff':
		return true
	}
	return r >= '\u2000' && r <= '\u200a'
}
