package selector

import (
	"math"
	"strconv"
	"strings"
)

// anb is the An+B of :nth-child() and :nth-last-child() (CSS Syntax §6):
// it matches the 1-based positions i = a*n + b for some n >= 0.
type anb struct{ a, b int }

// matches reports whether the 1-based position i is a*n+b for some n >= 0.
func (x anb) matches(i int) bool {
	if x.a == 0 {
		return i == x.b
	}
	d := i - x.b
	return d%x.a == 0 && d/x.a >= 0
}

// parseANB parses An+B from s, which holds no leading or trailing white
// space. ok is false when s is not valid An+B: "odd", "even", an
// integer, or A n with an optional sign and B, with white space allowed
// only around the sign before B ("2n + 1", "-n+ 3"), as CSS Syntax's
// grammar says.
func parseANB(s string) (anb, bool) {
	switch strings.ToLower(s) {
	case "odd":
		return anb{2, 1}, true
	case "even":
		return anb{2, 0}, true
	}
	n := strings.IndexAny(s, "nN")
	if n < 0 {
		b, ok := parseSignedInt(s)
		return anb{0, b}, ok
	}
	var x anb
	switch head := s[:n]; head {
	case "", "+":
		x.a = 1
	case "-":
		x.a = -1
	default:
		a, ok := parseSignedInt(head)
		if !ok {
			return anb{}, false
		}
		x.a = a
	}
	rest := strings.TrimLeft(s[n+1:], " \t\n\r\f")
	if rest == "" {
		return x, s[n+1:] == ""
	}
	sign := rest[0]
	if sign != '+' && sign != '-' {
		return anb{}, false
	}
	digits := strings.TrimLeft(rest[1:], " \t\n\r\f")
	if digits == "" || digits[0] < '0' || digits[0] > '9' {
		return anb{}, false
	}
	b, err := strconv.Atoi(digits)
	if err != nil {
		return anb{}, false
	}
	if sign == '-' {
		b = -b
	}
	x.b = b
	return x, true
}

// parseSignedInt parses an optionally signed decimal integer. Values
// beyond 32 bits are clamped to them, as Chromium clamps them (positions
// that large never occur).
func parseSignedInt(s string) (int, bool) {
	digits := strings.TrimPrefix(strings.TrimPrefix(s, "+"), "-")
	if digits == "" || len(s)-len(digits) > 1 {
		return 0, false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return 0, false
		}
	}
	v, err := strconv.ParseInt(digits, 10, 64)
	if err != nil || v > math.MaxInt32 {
		v = math.MaxInt32 + 1 // clamped below, by sign
	}
	if s[0] == '-' {
		v = -v
	}
	return int(min(max(v, math.MinInt32), math.MaxInt32)), true
}
