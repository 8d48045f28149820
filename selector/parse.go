package selector

import "strings"

// This file is the selector grammar on top of the tokenizer (tokenize.go):
// it splits a selector list into complex selectors, compounds and
// combinators, validates the syntax with exact offsets, and hands only the
// plain simple selectors of each compound (type, #id, .class, [attr], and
// cascadia's pseudo-classes) to cascadia (compile.go). Pseudo-classes are
// parsed in parse_pseudo.go.

// maxNesting bounds how deeply :is()/:not()/:where()/:has() may nest. The
// parser and the matcher recurse on nesting (never on tree depth), so this
// keeps hostile input from exhausting the stack.
const maxNesting = 64

type parser struct {
	src   string
	pos   int
	depth int
	// own is set when the selector uses something cascadia's whole-group
	// matcher cannot run with DOM semantics (:scope, :is(), :where(),
	// :has(), comments, the "s" attribute flag); then the selector is
	// always matched by this package's own matcher.
	own bool
	// state is set when the selector uses a pseudo-class of state.go
	// anywhere, so queries set up a State for it.
	state bool
	// live is set when the selector uses a pseudo-class that asks the
	// State (not :lang() or :dir(), which set state but read the tree).
	live bool
}

// parseTop parses the whole source as a selector list.
func (p *parser) parseTop() (selList, error) {
	p.skipSpace()
	if p.pos == len(p.src) {
		return nil, p.errorf(0, "empty selector")
	}
	list, err := p.parseList(false)
	if err != nil {
		return nil, err
	}
	if p.pos < len(p.src) { // parseList stops only at the end, or at ')'
		return nil, p.errorf(p.pos, "unmatched ')'")
	}
	return list, nil
}

// parseList parses complex selectors separated by commas. It stops at the
// end of the input or at a ')' that is not its own, which it leaves for the
// caller. relative is for :has(), whose items may start with a combinator.
func (p *parser) parseList(relative bool) (selList, error) {
	var list selList
	for {
		p.skipSpace()
		if c := p.at(p.pos); p.pos == len(p.src) || c == ',' || c == ')' {
			return nil, p.errorf(p.pos, "expected selector, found %s", p.found(p.pos))
		}
		cx, err := p.parseComplex(relative)
		if err != nil {
			return nil, err
		}
		list = append(list, cx)
		if p.at(p.pos) != ',' || p.pos == len(p.src) {
			return list, nil
		}
		p.pos++
	}
}

// parseComplex parses compounds and combinators up to a ',' or ')' or the
// end of input, and returns them in matching (right-to-left) order.
func (p *parser) parseComplex(relative bool) (complexSel, error) {
	var (
		parts []compound // left to right while parsing
		combs []byte
		lead  byte
	)
	if relative {
		lead = ' '
		if c := p.at(p.pos); c == '>' || c == '+' || c == '~' {
			lead = c
			p.pos++
			p.skipSpace()
		}
	}
	for {
		cp, err := p.parseCompound()
		if err != nil {
			return complexSel{}, err
		}
		parts = append(parts, cp)
		space := p.skipSpace()
		if p.pos == len(p.src) || p.src[p.pos] == ',' || p.src[p.pos] == ')' {
			break
		}
		switch c := p.src[p.pos]; c {
		case '>', '+', '~':
			p.pos++
			p.skipSpace()
			if d := p.at(p.pos); p.pos == len(p.src) || d == ',' || d == ')' {
				return complexSel{}, p.errorf(p.pos, "expected selector after combinator %q, found %s", c, p.found(p.pos))
			}
			combs = append(combs, c)
		default:
			if !space {
				return complexSel{}, p.errorf(p.pos, "unexpected %s", p.found(p.pos))
			}
			combs = append(combs, ' ')
		}
	}
	if relative {
		// The anchor becomes an implicit leftmost compound.
		parts = append([]compound{{anchor: true}}, parts...)
		combs = append([]byte{lead}, combs...)
	}
	cx := complexSel{lead: lead}
	for i := len(parts) - 1; i >= 0; i-- {
		cx.parts = append(cx.parts, parts[i])
	}
	for i := len(combs) - 1; i >= 0; i-- {
		cx.combs = append(cx.combs, combs[i])
	}
	cx.depth = anchoredDepth(&cx, relative)
	return cx, nil
}

// anchoredDepth returns how many levels below the anchoring compound (the
// rightmost :scope compound, or the :has() anchor) the subject lies, or -1
// when that is not fixed (no anchoring compound, or a descendant
// combinator on the way). Sibling combinators do not change the level.
func anchoredDepth(cx *complexSel, relative bool) int {
	k := -1
	for i := range cx.parts {
		if relative && cx.parts[i].anchor || !relative && cx.parts[i].scope {
			k = i
			break
		}
	}
	if k < 0 {
		return -1
	}
	d := 0
	for _, c := range cx.combs[:k] {
		switch c {
		case ' ':
			return -1
		case '>':
			d++
		}
	}
	return d
}

// simple is the source text of a simple selector cascadia compiles, and the
// offset to blame if cascadia rejects it.
type simple struct {
	text  string
	blame int
}

// parseCompound parses one compound selector.
func (p *parser) parseCompound() (compound, error) {
	start := p.pos
	var (
		simples []simple
		cp      compound
	)
	switch c := p.at(p.pos); {
	case c == '*':
		p.pos++
		simples = append(simples, simple{"*", start})
	case p.startsIdent(p.pos):
		if _, err := p.scanIdent(); err != nil {
			return cp, err
		}
		simples = append(simples, simple{p.src[start:p.pos], start})
	}
	if p.at(p.pos) == '|' {
		return cp, p.errorf(p.pos, "namespace prefixes are not supported")
	}
loop:
	for p.pos < len(p.src) {
		s := p.pos
		switch p.src[p.pos] {
		case '#', '.':
			p.pos++
			if !p.startsIdent(p.pos) {
				what := "class name"
				if p.src[s] == '#' {
					what = "id"
				}
				return cp, p.errorf(p.pos, "expected %s after %q, found %s", what, p.src[s], p.found(p.pos))
			}
			if _, err := p.scanIdent(); err != nil {
				return cp, err
			}
			simples = append(simples, simple{p.src[s:p.pos], s})
		case '[':
			sm, err := p.parseAttr()
			if err != nil {
				return cp, err
			}
			simples = append(simples, sm)
		case ':':
			if err := p.parsePseudo(&cp, &simples); err != nil {
				return cp, err
			}
		case '/':
			if !p.skipComment() {
				break loop
			}
		default:
			break loop
		}
	}
	if p.pos == start {
		return cp, p.errorf(p.pos, "expected selector, found %s", p.found(p.pos))
	}
	if err := p.compileCompound(&cp, simples, start); err != nil {
		return cp, err
	}
	return cp, nil
}

// parseAttr parses an attribute selector at p.pos ('[').
func (p *parser) parseAttr() (simple, error) {
	start := p.pos
	p.pos++
	p.skipSpace()
	if c := p.at(p.pos); c == '|' || c == '*' && p.at(p.pos+1) == '|' {
		return simple{}, p.errorf(p.pos, "namespace prefixes are not supported")
	}
	if !p.startsIdent(p.pos) {
		return simple{}, p.errorf(p.pos, "expected attribute name, found %s", p.found(p.pos))
	}
	if _, err := p.scanIdent(); err != nil {
		return simple{}, err
	}
	if p.at(p.pos) == '|' && p.at(p.pos+1) != '=' {
		return simple{}, p.errorf(p.pos, "namespace prefixes are not supported")
	}
	p.skipSpace()
	if p.pos == len(p.src) {
		return simple{}, p.errorf(p.pos, "expected ']', found end of input")
	}
	if p.src[p.pos] == ']' {
		p.pos++
		return simple{p.src[start:p.pos], start}, nil
	}
	op := ""
	switch c := p.src[p.pos]; {
	case c == '=':
		op = "="
	case strings.IndexByte("~|^$*!#", c) >= 0 && p.at(p.pos+1) == '=':
		op = p.src[p.pos : p.pos+2] // != and #= are cascadia extensions
	default:
		return simple{}, p.errorf(p.pos, "expected ']' or an attribute operator (=, ~=, |=, ^=, $=, *=), found %s", p.found(p.pos))
	}
	p.pos += len(op)
	p.skipSpace()
	switch c := p.at(p.pos); {
	case p.pos == len(p.src):
		return simple{}, p.errorf(p.pos, "expected attribute value, found end of input")
	case op == "#=":
		if err := p.scanRegexp(']'); err != nil {
			return simple{}, err
		}
	case c == '"' || c == '\'':
		if err := p.scanString(); err != nil {
			return simple{}, err
		}
	case p.startsIdent(p.pos):
		if _, err := p.scanIdent(); err != nil {
			return simple{}, err
		}
	default:
		return simple{}, p.errorf(p.pos, "expected attribute value (an identifier or a quoted string), found %s", p.found(p.pos))
	}
	p.skipSpace()
	flagAt, flag := p.pos, byte(0)
	if c := p.at(p.pos) | 0x20; (c == 'i' || c == 's') && p.pos < len(p.src) {
		if n := p.at(p.pos + 1); p.pos+1 == len(p.src) || n == ']' || isSpace(n) || n == '/' {
			flag = c
			p.pos++
			p.skipSpace()
		}
	}
	if p.pos == len(p.src) {
		return simple{}, p.errorf(p.pos, "expected ']', found end of input")
	}
	if p.src[p.pos] != ']' {
		return simple{}, p.errorf(p.pos, "expected ']', found %s", p.found(p.pos))
	}
	p.pos++
	if flag == 's' {
		// Case-sensitive is what cascadia does anyway; it only lacks the
		// syntax, so drop the flag from the text it sees.
		p.own = true
		return simple{p.src[start:flagAt] + "]", start}, nil
	}
	return simple{p.src[start:p.pos], start}, nil
}
