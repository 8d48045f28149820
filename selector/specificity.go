package selector

import "fmt"

// Specificity is the weight of a selector in the cascade (Selectors 4
// §17): A counts ID selectors; B counts class selectors, attribute
// selectors and pseudo-classes; C counts type selectors and
// pseudo-elements. The universal selector counts nothing. :is(), :not(),
// :has() and :nth-child(An+B of S) count as their most specific argument
// (plus one pseudo-class for :nth-child()), :where() counts nothing, and the
// nesting selector & counts as its parent rule's most specific selector
// that can match an element, as :is() would.
//
// Each component stops at 255, as Chromium stores it in eight bits; no
// real selector comes near.
type Specificity struct{ A, B, C int }

// maxSpecificity is where each component stops growing.
const maxSpecificity = 255

// Compare returns -1 when s weighs less than o, 0 when both weigh the
// same, and +1 when s weighs more: A is compared first, then B, then C.
func (s Specificity) Compare(o Specificity) int {
	switch {
	case s.A != o.A:
		return sign(s.A - o.A)
	case s.B != o.B:
		return sign(s.B - o.B)
	default:
		return sign(s.C - o.C)
	}
}

// Less reports whether s weighs less than o.
func (s Specificity) Less(o Specificity) bool { return s.Compare(o) < 0 }

// String returns the specificity as "(A,B,C)".
func (s Specificity) String() string { return fmt.Sprintf("(%d,%d,%d)", s.A, s.B, s.C) }

func (s Specificity) plus(o Specificity) Specificity {
	return Specificity{
		min(s.A+o.A, maxSpecificity),
		min(s.B+o.B, maxSpecificity),
		min(s.C+o.C, maxSpecificity),
	}
}

func (s Specificity) maxWith(o Specificity) Specificity {
	if s.Less(o) {
		return o
	}
	return s
}

func sign(d int) int {
	switch {
	case d < 0:
		return -1
	case d > 0:
		return 1
	}
	return 0
}

var (
	specID    = Specificity{A: 1}
	specClass = Specificity{B: 1}
	specType  = Specificity{C: 1}
)
