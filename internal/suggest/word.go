// Package suggest finds what a user most likely meant when a name, a text
// or a selector they gave matches nothing: the one mechanism behind every
// "did you mean" of this module, in settings and scenario errors, in the
// eventperk command's checks and in the errors of queries.
//
// A wrong suggestion costs more than none, so each function offers only a
// close match (within two edits, or a text that contains the one given)
// and otherwise returns nothing.
//
// Files: word.go (Word, EditDistance), text.go (Text), role.go (Role),
// selector.go (Selector).
package suggest

import "strings"

// Word returns the word of known that key was most likely meant to be:
// within two edits (a transposition is one, case ignored), the nearest and
// then the first of known, else "".
func Word(key string, known []string) string {
	best, bestDist := "", 3
	lower := strings.ToLower(key)
	for _, k := range known {
		if d := EditDistance(lower, strings.ToLower(k), bestDist); d < bestDist {
			best, bestDist = k, d
		}
	}
	return best
}

// EditDistance is the optimal string alignment distance between a and b
// (insertions, deletions, substitutions and transpositions of adjacent
// runes), or limit when it is limit or more; the bound keeps long hostile
// keys cheap.
func EditDistance(a, b string, limit int) int {
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
