package css

import (
	"math"
	"strconv"
)

// This file is opacity (CSS Color 4 §13.2): a number or a percentage,
// written plainly or with calc(), min(), max() and clamp(), clamped to
// [0, 1] when computed.

// parseOpacity reads a declared value of opacity and returns it as a
// number (50% is 0.5), not yet clamped: a specified value keeps its
// range (CSS Color 4 §13.2).
func parseOpacity(r *valueReader) (float64, bool) {
	if len(r.toks) == 0 {
		return 0, false
	}
	c := calcReader{valueReader: r}
	v, pct, ok := c.term(0)
	if !ok || !r.done() {
		return 0, false
	}
	if pct {
		v /= 100
	}
	return v, true
}

// computeOpacity clamps a specified opacity (CSS Color 4 §13.2); a NaN
// from calc() is 0 (CSS Values 4 §10.9).
func computeOpacity(v float64) float64 {
	if math.IsNaN(v) {
		return 0
	}
	return math.Min(1, math.Max(0, v))
}

// serializeOpacity writes a computed opacity as Chromium does: a number
// of at most six significant digits, of the value as a 32-bit float
// (which Chromium keeps).
func serializeOpacity(v float64) string {
	if v == 0 {
		return "0"
	}
	return strconv.FormatFloat(float64(float32(v)), 'g', 6, 32)
}

// maxCalcDepth bounds how deeply calc() and parentheses may nest in a
// value: deeper is invalid, so a hostile sheet costs no stack.
const maxCalcDepth = 32

// calcReader evaluates the math functions of CSS Values 4 §10 over
// numbers and percentages, the types opacity takes. A value is a number
// or a percentage (pct); adding two needs both of one type, a product or
// quotient needs one side a plain number.
type calcReader struct {
	*valueReader
}

// term reads one number, percentage or math function.
func (c *calcReader) term(depth int) (v float64, pct, ok bool) {
	t, more := c.peek()
	if !more || depth > maxCalcDepth {
		return 0, false, false
	}
	switch t.kind {
	case tNumber:
		c.i++
		v, err := strconv.ParseFloat(c.text(t), 64)
		return v, false, err == nil
	case tPercentage:
		c.i++
		s := c.text(t)
		v, err := strconv.ParseFloat(s[:len(s)-1], 64)
		return v, true, err == nil
	case tIdent:
		// The numeric constants of CSS Values 4 §10.7.1, inside math
		// functions only.
		if depth == 0 {
			return 0, false, false
		}
		c.i++
		switch c.ident(t) {
		case "pi":
			return math.Pi, false, true
		case "e":
			return math.E, false, true
		case "infinity":
			return math.Inf(1), false, true
		case "-infinity":
			return math.Inf(-1), false, true
		case "nan":
			return math.NaN(), false, true
		}
		return 0, false, false
	case tOpenParen:
		if depth == 0 {
			return 0, false, false
		}
		c.i++
		v, pct, ok := c.sum(depth + 1)
		return v, pct, ok && c.closeParen()
	case tFunction:
		c.i++
		return c.function(c.funcName(t), depth+1)
	}
	return 0, false, false
}

func (c *calcReader) closeParen() bool {
	t, ok := c.peek()
	if !ok || t.kind != tCloseParen {
		return false
	}
	c.i++
	return true
}

// function reads the arguments of calc(), min(), max() or clamp() and
// the ")" after them.
func (c *calcReader) function(name string, depth int) (float64, bool, bool) {
	switch name {
	case "calc":
		v, pct, ok := c.sum(depth)
		return v, pct, ok && c.closeParen()
	case "min", "max", "clamp":
	default:
		return 0, false, false
	}
	var args []float64
	pct := false
	for {
		v, p, ok := c.sum(depth)
		if !ok || len(args) > 0 && p != pct {
			return 0, false, false
		}
		args, pct = append(args, v), p
		t, more := c.peek()
		if !more {
			return 0, false, false
		}
		c.i++
		if t.kind == tCloseParen {
			break
		}
		if t.kind != tComma {
			return 0, false, false
		}
	}
	switch {
	case name == "clamp" && len(args) == 3:
		return math.Max(args[0], math.Min(args[1], args[2])), pct, true
	case name == "min":
		v := args[0]
		for _, a := range args[1:] {
			v = math.Min(v, a)
		}
		return v, pct, true
	case name == "max":
		v := args[0]
		for _, a := range args[1:] {
			v = math.Max(v, a)
		}
		return v, pct, true
	}
	return 0, false, false
}

// sum reads "<product> [ [+|-] <product> ]*".
func (c *calcReader) sum(depth int) (float64, bool, bool) {
	v, pct, ok := c.product(depth)
	for ok {
		t, more := c.peek()
		if !more || t.kind != tDelim || (c.text(t) != "+" && c.text(t) != "-") {
			break
		}
		c.i++
		w, p, ok2 := c.product(depth)
		if !ok2 || p != pct {
			return 0, false, false
		}
		if c.text(t) == "+" {
			v += w
		} else {
			v -= w
		}
	}
	return v, pct, ok
}

// product reads "<term> [ [*|/] <term> ]*".
func (c *calcReader) product(depth int) (float64, bool, bool) {
	v, pct, ok := c.term(depth)
	for ok {
		t, more := c.peek()
		if !more || t.kind != tDelim || (c.text(t) != "*" && c.text(t) != "/") {
			break
		}
		c.i++
		w, p, ok2 := c.term(depth)
		switch {
		case !ok2:
			return 0, false, false
		case c.text(t) == "*" && (!pct || !p):
			v, pct = v*w, pct || p
		case c.text(t) == "/" && !p:
			v /= w
		default:
			return 0, false, false
		}
	}
	return v, pct, ok
}
