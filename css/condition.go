package css

import (
	"slices"
	"strings"
)

// This file parses the boolean conditions that @media and @supports share
// (Media Queries 4 §3, CSS Conditional 3 §6.1):
//
//	<condition>   = not <in-parens> | <in-parens> [ and <in-parens> ]*
//	                                | <in-parens> [ or <in-parens> ]*
//	<in-parens>   = ( <condition> ) | <leaf> | <general-enclosed>
//
// where what a leaf is (a media feature, a declaration, selector(), ...)
// is the caller's. A condition compiles to a postfix program that is
// evaluated, and serialized, with a stack: nothing here recurses, however
// deep the parentheses nest.

// kleene is a value of three-valued logic (Media Queries 4 §3.2): a media
// feature the user agent does not know is neither true nor false.
type kleene uint8

const (
	kFalse kleene = iota
	kTrue
	kUnknown
)

func kleeneOf(b bool) kleene {
	if b {
		return kTrue
	}
	return kFalse
}

// condOpKind is what a step of a condition program does.
type condOpKind uint8

const (
	opLeaf  condOpKind = iota // push leaf n's value
	opConst                   // push kleene(n)
	opNot                     // negate the top
	opAnd                     // replace the top n values by their conjunction
	opOr                      // replace the top n values by their disjunction
	opParen                   // the top stood in parentheses (for serializing)
)

type condOp struct {
	kind condOpKind
	n    int32
}

// condSyntax is what a condition's leaves are.
type condSyntax interface {
	// leaf reads the block or function at toks[i] (its contents are
	// in), which holds no condition: it returns the step that pushes
	// its value, or ok false when it is no leaf, so that it is
	// general-enclosed.
	leaf(toks []token, i int, in span) (op condOp, ok bool)
	// generalEnclosed returns the step for <general-enclosed> over
	// toks[s]: unknown in a media query, false in @supports (CSS
	// Conditional 4 §2).
	generalEnclosed(toks []token, s span) condOp
}

// condLevel is a condition being read: the root, or one in parentheses.
type condLevel struct {
	open        int // the index of its "(", -1 for the root
	progStart   int // where its steps start in the program
	op          condOpKind
	not         bool
	n           int32 // operands read
	wantOperand bool
}

// parseCondition parses the condition in toks[s] and returns its program;
// ok is false when the tokens are not a condition. allowOr is false for
// <media-condition-without-or>, which follows a media type.
func parseCondition(src string, toks []token, s span, syn condSyntax, allowOr bool) ([]condOp, bool) {
	if !anyValue(toks, s) {
		return nil, false
	}
	var prog []condOp
	var closers []tokenKind
	levels := []condLevel{{open: -1, wantOperand: true}}
	i := s.from
	for {
		i = skipSpaceIn(toks, i, s.to)
		lv := &levels[len(levels)-1]
		atEnd := i >= s.to
		closing := !atEnd && toks[i].kind == tCloseParen && lv.open >= 0
		var fail bool
		switch {
		case atEnd && lv.open >= 0:
			// An unclosed "(" ends with the input (CSS Syntax §5.4.8).
			closing = true
			fallthrough
		case closing || atEnd:
			if lv.wantOperand || lv.not && lv.n != 1 {
				fail = true
				break
			}
			if lv.not {
				prog = append(prog, condOp{kind: opNot})
			} else if lv.n > 1 {
				prog = append(prog, condOp{kind: lv.op, n: lv.n})
			}
			if lv.open < 0 {
				return prog, true
			}
			prog = append(prog, condOp{kind: opParen})
			if !atEnd {
				i++
			}
			levels = levels[:len(levels)-1]
			levels[len(levels)-1].operandRead()
			continue
		case lv.wantOperand:
			t := toks[i]
			if t.kind == tIdent && lv.n == 0 && !lv.not && strings.EqualFold(src[t.off:t.end], "not") {
				// "not(" would be a function: a "not" token is
				// always followed by white space or a comment.
				lv.not = true
				i++
				break
			}
			if t.kind != tOpenParen && t.kind != tFunction {
				fail = true
				break
			}
			if t.kind == tOpenParen && opensCondition(src, toks, i+1, s.to) {
				levels = append(levels, condLevel{open: i, progStart: len(prog), wantOperand: true})
				i++
				continue
			}
			// Only a leaf is skipped over here, so each token is
			// looked at a bounded number of times, however deep the
			// parentheses nest.
			end := skipComponent(toks, i, &closers)
			in := span{i + 1, end}
			if end > i+1 && toks[end-1].kind == tCloseParen {
				in.to = end - 1
			}
			if op, ok := syn.leaf(toks, i, in); ok {
				prog = append(prog, op)
			} else {
				prog = append(prog, syn.generalEnclosed(toks, span{i, end}))
			}
			i = end
			lv.operandRead()
		default: // an operator is wanted
			t := toks[i]
			word := ""
			if t.kind == tIdent {
				word = strings.ToLower(src[t.off:t.end])
			}
			var op condOpKind
			switch word {
			case "and":
				op = opAnd
			case "or":
				op = opOr
			default:
				fail = true
			}
			if fail || lv.not || lv.n > 1 && lv.op != op || op == opOr && !allowOr && lv.open < 0 {
				fail = true
				break
			}
			lv.op = op
			lv.wantOperand = true
			i++
		}
		if !fail {
			continue
		}
		if lv.open < 0 {
			return nil, false
		}
		// A parenthesized condition that does not parse is
		// general-enclosed: "( <any-value>? )".
		for i < s.to && toks[i].kind != tCloseParen {
			i = skipComponent(toks, i, &closers)
		}
		end := min(i+1, s.to)
		prog = append(prog[:lv.progStart], syn.generalEnclosed(toks, span{lv.open, end}))
		i = end
		levels = levels[:len(levels)-1]
		levels[len(levels)-1].operandRead()
	}
}

// anyValue reports whether toks[s] could be an <any-value> (CSS Syntax
// §7.2), which is what general-enclosed holds: no bad string or URL, and
// no "]" or "}" that closes nothing (an unmatched ")" ends a condition,
// and is found there).
func anyValue(toks []token, s span) bool {
	var open []tokenKind
	for i := s.from; i < s.to; i++ {
		switch k := toks[i].kind; {
		case k == tBadString, k == tBadURL:
			return false
		case len(open) > 0 && k == open[len(open)-1]:
			open = open[:len(open)-1]
		case k == tCloseSquare, k == tCloseCurly:
			return false
		default:
			if c, ok := closer(k); ok {
				open = append(open, c)
			}
		}
	}
	return true
}

// opensCondition reports whether the "(" before toks[j] holds a
// condition rather than a leaf: it starts with "(", a function, or "not"
// and white space.
func opensCondition(src string, toks []token, j, to int) bool {
	j = skipSpaceIn(toks, j, to)
	if j >= to {
		return false
	}
	switch t := toks[j]; t.kind {
	case tOpenParen, tFunction:
		return true
	case tIdent:
		return strings.EqualFold(src[t.off:t.end], "not") && j+1 < to && toks[j+1].kind == tWhitespace
	}
	return false
}

func (lv *condLevel) operandRead() {
	lv.n++
	lv.wantOperand = false
}

// evalCondition runs a condition program; leaf gives the value of leaf n.
func evalCondition(prog []condOp, leaf func(n int32) kleene) kleene {
	var stack []kleene
	for _, op := range prog {
		switch op.kind {
		case opLeaf:
			stack = append(stack, leaf(op.n))
		case opConst:
			stack = append(stack, kleene(op.n))
		case opNot:
			top := &stack[len(stack)-1]
			switch *top {
			case kTrue:
				*top = kFalse
			case kFalse:
				*top = kTrue
			}
		case opAnd, opOr:
			// One false makes a conjunction false and one true a
			// disjunction true; short of that, one unknown makes it
			// unknown (Media Queries 4 §3.2).
			dominant, identity := kFalse, kTrue
			if op.kind == opOr {
				dominant, identity = kTrue, kFalse
			}
			v := identity
			for _, a := range stack[len(stack)-int(op.n):] {
				if a == dominant {
					v = dominant
					break
				}
				if a == kUnknown {
					v = kUnknown
				}
			}
			stack = append(stack[:len(stack)-int(op.n)], v)
		}
	}
	if len(stack) == 0 {
		return kTrue
	}
	return stack[len(stack)-1]
}

// serializeCondition writes a condition program back as text; leaf gives
// the text of a leaf or constant step. The program becomes a tree of
// parts first and is written with a stack, so that the text of a deeply
// nested condition costs time in proportion to its length.
func serializeCondition(prog []condOp, leaf func(op condOp) string) string {
	type part struct {
		text  string // a leaf's text, or what stands before kids
		sep   string // between kids
		after string
		kids  []int
	}
	parts := make([]part, 0, len(prog))
	var stack []int
	for _, op := range prog {
		switch op.kind {
		case opLeaf, opConst:
			parts = append(parts, part{text: leaf(op)})
			stack = append(stack, len(parts)-1)
		case opNot:
			parts = append(parts, part{text: "not ", kids: []int{stack[len(stack)-1]}})
			stack[len(stack)-1] = len(parts) - 1
		case opParen:
			parts = append(parts, part{text: "(", after: ")", kids: []int{stack[len(stack)-1]}})
			stack[len(stack)-1] = len(parts) - 1
		case opAnd, opOr:
			sep := " and "
			if op.kind == opOr {
				sep = " or "
			}
			n := len(stack) - int(op.n)
			parts = append(parts, part{sep: sep, kids: slices.Clone(stack[n:])})
			stack = append(stack[:n], len(parts)-1)
		}
	}
	if len(stack) == 0 {
		return ""
	}
	// Write the tree depth first: a frame is a part and how many of its
	// kids are written.
	var b strings.Builder
	type frame struct{ part, next int }
	walk := []frame{{part: stack[len(stack)-1]}}
	b.WriteString(parts[walk[0].part].text)
	for len(walk) > 0 {
		f := &walk[len(walk)-1]
		p := &parts[f.part]
		if f.next == len(p.kids) {
			b.WriteString(p.after)
			walk = walk[:len(walk)-1]
			continue
		}
		if f.next > 0 {
			b.WriteString(p.sep)
		}
		kid := p.kids[f.next]
		f.next++
		b.WriteString(parts[kid].text)
		walk = append(walk, frame{part: kid})
	}
	return b.String()
}

// skipSpaceIn returns the first index in [i, to) that is not white space.
func skipSpaceIn(toks []token, i, to int) int {
	for i < to && toks[i].kind == tWhitespace {
		i++
	}
	return i
}

// skipComponent returns the index past the component value at toks[i]
// (CSS Syntax §5.4.9): past a whole block or function when the token opens
// one. It keeps a stack of the closers it waits for (in *closers, reused)
// instead of recursing: inside "(" a "]" is an ordinary token, so a depth
// count would not do.
func skipComponent(toks []token, i int, closers *[]tokenKind) int {
	want, ok := closer(toks[i].kind)
	i++
	if !ok {
		return i
	}
	stack := append((*closers)[:0], want)
	for i < len(toks) && len(stack) > 0 {
		k := toks[i].kind
		i++
		if k == stack[len(stack)-1] {
			stack = stack[:len(stack)-1]
		} else if c, ok := closer(k); ok {
			stack = append(stack, c)
		}
	}
	*closers = stack
	return i
}
