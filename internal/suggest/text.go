package suggest

import (
	"strings"
	"unicode/utf8"
)

// How says how a suggested text is close to the one given.
type How uint8

const (
	// None: no text is close.
	None How = iota
	// Case: the text differs only in case.
	Case
	// Contains: the text contains the one given (ignoring case), as a
	// label "I accept the terms" contains "accept the terms".
	Contains
	// Typo: the text is a few edits away.
	Typo
)

// minContained is the shortest text Contains is offered for: shorter ones
// are inside too many texts to say which was meant.
const minContained = 3

// Text returns the text of candidates closest to want, and how it is
// close, or ("", None). Both are compared as given: normalise white space
// first. A text that differs only in case comes first, then the shortest
// text that contains want, then the nearest within a few edits (two, or a
// fifth of want's length for longer texts).
func Text(want string, candidates []string) (string, How) {
	if want == "" {
		return "", None
	}
	lower := strings.ToLower(want)
	limit := max(2, utf8.RuneCountInString(want)/5) + 1
	best, how, dist := "", None, limit
	for _, c := range candidates {
		if c == want || c == "" {
			continue
		}
		lc := strings.ToLower(c)
		switch {
		case lc == lower:
			return c, Case
		case utf8.RuneCountInString(want) >= minContained && strings.Contains(lc, lower):
			if how != Contains || len(c) < len(best) {
				best, how = c, Contains
			}
		case how != Contains:
			if d := EditDistance(lower, lc, dist); d < dist {
				best, how, dist = c, Typo, d
			}
		}
	}
	return best, how
}
