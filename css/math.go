package css

import (
	"math"
	"slices"
	"strings"
)

// This file evaluates the math functions a media feature's value may be
// written with (CSS Values 4 §10): calc(), min(), max() and clamp(), with
// + - * / and parentheses. An expression compiles to a postfix program,
// so nesting costs no Go stack; it is evaluated when the query is, since
// em and vw depend on the Medium.

type mathOpKind uint8

const (
	mPush mathOpKind = iota
	mAdd
	mSub
	mMul
	mDiv
	mMin
	mMax
	mClamp
)

type mathOp struct {
	kind mathOpKind
	num  float64
	unit string // mPush: a length or resolution unit, "" for a number
	n    int    // mMin, mMax: the number of arguments
}

// mathExpr is a compiled math function; text is how it is serialized (as
// written, white space collapsed; Chromium simplifies it instead).
type mathExpr struct {
	prog []mathOp
	kind valueKind
	text string
}

// mathCategory is the type of a math function's value: a number, a
// length or a resolution (CSS Values 4 §10.8's types, in so far as media
// features use them).
type mathCategory uint8

const (
	catNumber mathCategory = iota
	catLength
	catResolution
)

func unitCategory(unit string) (mathCategory, bool) {
	if unit == "" {
		return catNumber, true
	}
	if _, ok := lengthUnits[unit]; ok || relativeUnits[unit] {
		return catLength, true
	}
	if _, ok := resolutionUnits[unit]; ok {
		return catResolution, true
	}
	return 0, false
}

// parseMath compiles the math function whose tokens are toks[s] (s starts
// at its function token); ok is false when it is not one, or its value is
// not of the kind wanted.
func parseMath(src string, toks []token, s span, want valueKind) (*mathExpr, bool) {
	type pending struct {
		kind  mathOpKind // an operator, or mMin/mMax/mClamp/mPush for a function or "("
		paren bool       // a function or "(": popped by ")"
		args  int
	}
	var prog []mathOp
	var stack []pending
	prec := func(k mathOpKind) int {
		if k == mMul || k == mDiv {
			return 2
		}
		return 1
	}
	wantOperand := true
	for i := s.from; i < s.to; i++ {
		t := toks[i]
		text := src[t.off:t.end]
		switch {
		case t.kind == tWhitespace:
			continue
		case t.kind == tFunction || t.kind == tOpenParen:
			if !wantOperand {
				return nil, false
			}
			p := pending{kind: mPush, paren: true, args: 1}
			if t.kind == tFunction {
				switch strings.ToLower(text) {
				case "calc(":
				case "min(":
					p.kind = mMin
				case "max(":
					p.kind = mMax
				case "clamp(":
					p.kind = mClamp
				default:
					return nil, false
				}
			}
			stack = append(stack, p)
		case t.kind == tNumber || t.kind == tDimension:
			if !wantOperand {
				return nil, false
			}
			n, unit := splitDimension(text)
			v, ok := numberTokenValue(n)
			if !ok {
				return nil, false
			}
			unit = strings.ToLower(unescapeIdent(unit))
			if _, ok := unitCategory(unit); !ok {
				return nil, false
			}
			prog = append(prog, mathOp{kind: mPush, num: v, unit: unit})
			wantOperand = false
		case t.kind == tDelim && !wantOperand && (text == "+" || text == "-" || text == "*" || text == "/"):
			op := map[string]mathOpKind{"+": mAdd, "-": mSub, "*": mMul, "/": mDiv}[text]
			if (op == mAdd || op == mSub) && (i+1 >= s.to || toks[i-1].kind != tWhitespace || toks[i+1].kind != tWhitespace) {
				return nil, false // CSS Values 4 §10.1: "+" and "-" need white space around them
			}
			for len(stack) > 0 && !stack[len(stack)-1].paren && prec(stack[len(stack)-1].kind) >= prec(op) {
				prog = append(prog, mathOp{kind: stack[len(stack)-1].kind})
				stack = stack[:len(stack)-1]
			}
			stack = append(stack, pending{kind: op})
			wantOperand = true
		case (t.kind == tComma || t.kind == tCloseParen) && !wantOperand:
			for len(stack) > 0 && !stack[len(stack)-1].paren {
				prog = append(prog, mathOp{kind: stack[len(stack)-1].kind})
				stack = stack[:len(stack)-1]
			}
			if len(stack) == 0 {
				return nil, false
			}
			top := &stack[len(stack)-1]
			if t.kind == tComma {
				if top.kind == mPush {
					return nil, false // calc() and "(" take one argument
				}
				top.args++
				wantOperand = true
				continue
			}
			if top.kind == mClamp && top.args != 3 {
				return nil, false
			}
			if top.kind != mPush {
				prog = append(prog, mathOp{kind: top.kind, n: top.args})
			}
			stack = stack[:len(stack)-1]
		default:
			return nil, false
		}
	}
	if wantOperand {
		return nil, false
	}
	// The end closes what is still open (CSS Syntax §5.4.8).
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !top.paren {
			prog = append(prog, mathOp{kind: top.kind})
			continue
		}
		if top.kind == mClamp && top.args != 3 {
			return nil, false
		}
		if top.kind != mPush {
			prog = append(prog, mathOp{kind: top.kind, n: top.args})
		}
	}
	cat, ok := mathType(prog)
	wantCat := map[valueKind]mathCategory{vLength: catLength, vResolution: catResolution, vNumber: catNumber}[want]
	if !ok || cat != wantCat {
		return nil, false
	}
	e := &mathExpr{prog: prog, kind: want, text: closeTail(tokensText(src, toks, s), toks, s)}
	if sum, ok := simplifyMath(prog); ok {
		e.text = "calc(" + sum.text() + ")"
	}
	return e, true
}

// mathTerm is a term of a simplified sum: a value in a unit, "" for a
// number.
type mathTerm struct {
	unit string
	v    float64
}

type mathSum []mathTerm

// simplifyMath is CSS Values 4 §10.10's simplification as far as
// Chromium's serialization shows it: absolute lengths in px, resolutions
// in dppx, terms of one unit added up, products and quotients by numbers
// done, min(), max() and clamp() of terms of one unit worked out. ok is
// false when something stays that a sum cannot hold (min() of em and px),
// and the expression is then serialized as written.
func simplifyMath(prog []mathOp) (mathSum, bool) {
	var stack []mathSum
	for _, op := range prog {
		switch op.kind {
		case mPush:
			unit, v := op.unit, op.num
			if f, ok := lengthUnits[unit]; ok {
				unit, v = "px", v*f
			} else if f, ok := resolutionUnits[unit]; ok {
				unit, v = "dppx", v*f
			}
			stack = append(stack, mathSum{{unit, v}})
		case mAdd, mSub:
			a, b := stack[len(stack)-2], stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			sum := append(mathSum(nil), a...)
			for _, t := range b {
				if op.kind == mSub {
					t.v = -t.v
				}
				sum = sum.add(t)
			}
			stack[len(stack)-1] = sum
		case mMul, mDiv:
			a, b := stack[len(stack)-2], stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if op.kind == mMul && a.number() {
				a, b = b, a
			}
			if !b.number() {
				return nil, false
			}
			f := b[0].v
			if op.kind == mDiv {
				f = 1 / f
			}
			sum := make(mathSum, len(a))
			for i, t := range a {
				sum[i] = mathTerm{t.unit, t.v * f}
			}
			stack[len(stack)-1] = sum
		default: // mMin, mMax, mClamp
			n := op.n
			if op.kind == mClamp {
				n = 3
			}
			args := stack[len(stack)-n:]
			for _, a := range args {
				if len(a) != 1 || a[0].unit != args[0][0].unit {
					return nil, false
				}
			}
			v := args[0][0].v
			switch op.kind {
			case mMin:
				for _, a := range args[1:] {
					v = math.Min(v, a[0].v)
				}
			case mMax:
				for _, a := range args[1:] {
					v = math.Max(v, a[0].v)
				}
			default:
				v = math.Max(args[0][0].v, math.Min(args[1][0].v, args[2][0].v))
			}
			stack = append(stack[:len(stack)-n], mathSum{{args[0][0].unit, v}})
		}
	}
	return stack[0], true
}

// number reports whether the sum is a plain number.
func (s mathSum) number() bool { return len(s) == 1 && s[0].unit == "" }

// add adds a term to the sum, to the term of its unit if there is one.
func (s mathSum) add(t mathTerm) mathSum {
	for i := range s {
		if s[i].unit == t.unit {
			s[i].v += t.v
			return s
		}
	}
	return append(s, t)
}

// text writes the sum as Chromium does: a number first and the other
// terms in the order of their units, "-" for a negative term after the
// first, an infinite term as "infinity * 1px".
func (s mathSum) text() string {
	terms := slices.Clone(s)
	slices.SortStableFunc(terms, func(a, b mathTerm) int { return strings.Compare(a.unit, b.unit) })
	var b strings.Builder
	for i, t := range terms {
		v := t.v
		switch {
		case i == 0:
		case v < 0:
			b.WriteString(" - ")
			v = -v
		default:
			b.WriteString(" + ")
		}
		switch {
		case math.IsNaN(v):
			b.WriteString("NaN")
		case math.IsInf(v, 1):
			b.WriteString("infinity")
		case math.IsInf(v, -1):
			b.WriteString("-infinity")
		default:
			b.WriteString(serializeNumber(v) + t.unit)
			continue
		}
		if t.unit != "" {
			b.WriteString(" * 1" + t.unit)
		}
	}
	return b.String()
}

// mathType checks the types of a program's operands (CSS Values 4
// §10.8): sums of one type, products with a number, quotients by a number.
func mathType(prog []mathOp) (mathCategory, bool) {
	var stack []mathCategory
	for _, op := range prog {
		switch op.kind {
		case mPush:
			c, _ := unitCategory(op.unit)
			stack = append(stack, c)
		case mAdd, mSub, mMul, mDiv:
			if len(stack) < 2 {
				return 0, false
			}
			a, b := stack[len(stack)-2], stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			switch {
			case op.kind == mAdd || op.kind == mSub:
				if a != b {
					return 0, false
				}
			case op.kind == mMul && a == catNumber:
				stack[len(stack)-1] = b
			case b != catNumber:
				return 0, false
			}
		default: // mMin, mMax, mClamp
			n := op.n
			if op.kind == mClamp {
				n = 3
			}
			if len(stack) < n {
				return 0, false
			}
			args := stack[len(stack)-n:]
			for _, c := range args[1:] {
				if c != args[0] {
					return 0, false
				}
			}
			stack = stack[:len(stack)-n+1]
		}
	}
	if len(stack) != 1 {
		return 0, false
	}
	return stack[0], true
}

// eval computes the expression: lengths in CSS pixels, resolutions in
// dppx. md may be nil for an expression of numbers; ok is false when a
// unit needs the medium and there is none, or the result is not a number.
func (e *mathExpr) eval(md *Medium) (float64, bool) {
	var stack []float64
	for _, op := range e.prog {
		switch op.kind {
		case mPush:
			v := op.num
			if c, _ := unitCategory(op.unit); c == catLength {
				var ok bool
				if v, ok = lengthPx(op.num, op.unit, md); !ok {
					return 0, false
				}
			} else if c == catResolution {
				v *= resolutionUnits[op.unit]
			}
			stack = append(stack, v)
		case mAdd, mSub, mMul, mDiv:
			a, b := stack[len(stack)-2], stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			switch op.kind {
			case mAdd:
				a += b
			case mSub:
				a -= b
			case mMul:
				a *= b
			case mDiv:
				a /= b
			}
			stack[len(stack)-1] = a
		case mMin, mMax:
			args := stack[len(stack)-op.n:]
			v := args[0]
			for _, a := range args[1:] {
				if op.kind == mMin {
					v = math.Min(v, a)
				} else {
					v = math.Max(v, a)
				}
			}
			stack = append(stack[:len(stack)-op.n], v)
		case mClamp:
			lo, v, hi := stack[len(stack)-3], stack[len(stack)-2], stack[len(stack)-1]
			stack = append(stack[:len(stack)-3], math.Max(lo, math.Min(v, hi)))
		}
	}
	v := stack[0]
	return v, !math.IsNaN(v)
}
