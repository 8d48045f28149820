package selector

import (
	"strings"

	"github.com/eventperk/eventperk-go/internal/htmltree"
)

// This file is the selector grammar on top of the tokenizer (tokenize.go):
// it splits a selector list into complex selectors, compounds and
// combinators, validates the syntax with exact offsets, hands only the
// plain simple selectors of each compound (type, #id, .class, [attr], and
// cascadia's pseudo-classes) to cascadia (compile.go), and records what
// syntax.go describes: each selector's serialization, specificity and
// subject key. Pseudo-classes are parsed in parse_pseudo.go,
// pseudo-elements in pseudo_element.go, forgiving lists in forgiving.go and
// the nesting selector in nesting.go.

// maxNesting bounds how deeply :is()/:not()/:where()/:has() (and the
// nesting selector &, which stands for :is() of the enclosing rule's
// selectors) may nest. The parser and the matcher recurse on nesting
// (never on tree depth), so this keeps hostile input from exhausting the
// stack.
const maxNesting = 64

type parser struct {
	src   string
	pos   int
	depth int
	parseFlags
	// rule is set by ParseRuleSelectors: pseudo-elements are allowed, and
	// what Chromium drops a style rule for is an error, including this
	// package's extensions of selectors for queries (see rule.go).
	rule bool
	// nest is what & stands for: the enclosing rule's selectors, or nil
	// outside a nested rule, where & is :scope.
	nest *nesting
	// restrict is set while the arguments of :is(), :where() or :not()
	// after a pseudo-element are parsed: they may hold only what may
	// follow restrictPE (pseudo_element.go).
	restrict   afterPE
	restrictPE string
	// inHas counts the :has() arguments being parsed: in style rules
	// :has() may not nest, as in Chromium.
	inHas int
	// maxDepth is the deepest nesting of selector lists seen so far,
	// counting what & brings in from enclosing rules.
	maxDepth int
	// fatal is an error no forgiving list may drop: a limit, not a
	// syntax error.
	fatal *Error
}

// parseFlags are what a selector uses, so compile knows how to run it.
// A forgiving list restores them when it drops an argument.
type parseFlags struct {
	// own is set when the selector uses something cascadia's whole-group
	// matcher cannot run with DOM semantics (:scope, :is(), :where(),
	// :has(), &, comments, the "s" attribute flag); then the selector is
	// always matched by this package's own matcher.
	own bool
	// state is set when the selector uses a pseudo-class of state.go
	// anywhere, so queries set up a State for it.
	state bool
	// live is set when the selector uses a pseudo-class that asks the
	// State (not :lang() or :dir(), which set state but read the tree).
	live bool
	// has is set when the selector uses :has() anywhere.
	has bool
}

// enter starts parsing a selector list nested one level deeper, at start
// (the pseudo-class to blame when the limit is reached).
func (p *parser) enter(start int) error {
	if p.depth >= maxNesting {
		return p.fatalf(start, "selectors nested more than %d levels deep", maxNesting)
	}
	p.depth++
	p.maxDepth = max(p.maxDepth, p.depth)
	return nil
}

func (p *parser) leave() { p.depth-- }

// fatalf is errorf for an error a forgiving list must not drop.
func (p *parser) fatalf(off int, format string, args ...any) *Error {
	p.fatal = p.errorf(off, format, args...)
	return p.fatal
}

// parseTop parses the whole source as a selector list.
func (p *parser) parseTop() (selList, error) {
	p.skipSpace()
	if p.pos == len(p.src) {
		return nil, p.errorf(0, "empty selector")
	}
	list, _, err := p.parseList(false)
	if err != nil {
		return nil, err
	}
	if p.pos < len(p.src) { // parseList stops only at the end, or at ')'
		return nil, p.errorf(p.pos, "unmatched ')'")
	}
	return list, nil
}

// parseList parses complex selectors separated by commas; any invalid one
// makes the list invalid. It stops at the end of the input or at a ')'
// that is not its own, which it leaves for the caller. relative is for
// :has(), whose items may start with a combinator.
func (p *parser) parseList(relative bool) (selList, listInfo, error) {
	var (
		list selList
		info listInfo
	)
	for {
		p.skipSpace()
		if c := p.at(p.pos); p.pos == len(p.src) || c == ',' || c == ')' {
			return nil, info, p.errorf(p.pos, "expected selector, found %s", p.found(p.pos))
		}
		cx, ci, err := p.parseComplex(relative)
		if err != nil {
			return nil, info, err
		}
		list = append(list, cx)
		info.add(&ci)
		if p.at(p.pos) != ',' || p.pos == len(p.src) {
			return list, info, nil
		}
		p.pos++
	}
}

// combinatorText is how a combinator is serialized between compounds.
func combinatorText(c byte) string {
	switch c {
	case '>':
		return " > "
	case '+':
		return " + "
	case '~':
		return " ~ "
	}
	return " "
}

// parseComplex parses compounds and combinators up to a ',' or ')' or the
// end of input, and returns them in matching (right-to-left) order.
func (p *parser) parseComplex(relative bool) (complexSel, cxInfo, error) {
	var (
		parts []compound // left to right while parsing
		combs []byte
		lead  byte
		info  cxInfo
		text  []byte
	)
	if relative {
		lead = ' '
		if c := p.at(p.pos); c == '>' || c == '+' || c == '~' {
			lead = c
			text = append(text, c, ' ')
			p.pos++
			p.skipSpace()
		}
	}
	for {
		var ci compoundInfo
		cp, err := p.parseCompound(&ci)
		if err != nil {
			return complexSel{}, info, err
		}
		parts = append(parts, cp)
		text = append(text, ci.text...)
		info.spec = info.spec.plus(ci.spec)
		info.nest = info.nest || ci.nest
		space := p.skipSpace()
		if p.pos == len(p.src) || p.src[p.pos] == ',' || p.src[p.pos] == ')' {
			info.key = ci.key
			info.pseudo = strings.TrimPrefix(ci.pseudo, "::")
			break
		}
		c := p.src[p.pos]
		switch c {
		case '>', '+', '~':
		default:
			if !space {
				return complexSel{}, info, p.errorf(p.pos, "unexpected %s", p.found(p.pos))
			}
			c = ' '
		}
		if (c == ' ' || c == '>') && !relative && !ci.key.empty() {
			// What a descendant or child combinator leaves on its
			// left matches an ancestor of every element further
			// right, the subject's included (a sibling combinator
			// keeps to one parent).
			info.ancestors = append(info.ancestors, ci.key)
		}
		if ci.after != 0 {
			// Selectors 4 §3.6: a pseudo-element ends its complex
			// selector; after one, only a compound may follow.
			if ci.pseudo == "" {
				return complexSel{}, info, p.errorf(p.pos, "only a compound selector may follow %s, found a combinator", ci.lastPE)
			}
			return complexSel{}, info, p.errorf(p.pos, "a combinator cannot follow the pseudo-element %s: a pseudo-element must end its selector", ci.lastPE)
		}
		if c != ' ' {
			p.pos++
			p.skipSpace()
			if d := p.at(p.pos); p.pos == len(p.src) || d == ',' || d == ')' {
				return complexSel{}, info, p.errorf(p.pos, "expected selector after combinator %q, found %s", c, p.found(p.pos))
			}
		}
		combs = append(combs, c)
		text = append(text, combinatorText(c)...)
	}
	if relative {
		// The anchor becomes an implicit leftmost compound.
		parts = append([]compound{{anchor: true}}, parts...)
		combs = append([]byte{lead}, combs...)
	}
	info.text = string(text)
	cx := complexSel{lead: lead}
	for i := len(parts) - 1; i >= 0; i-- {
		cx.parts = append(cx.parts, parts[i])
	}
	for i := len(combs) - 1; i >= 0; i-- {
		cx.combs = append(cx.combs, combs[i])
	}
	cx.depth = anchoredDepth(&cx, relative)
	return cx, info, nil
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

// parseCompound parses one compound selector, recording its syntax in ci.
func (p *parser) parseCompound(ci *compoundInfo) (compound, error) {
	start := p.pos
	var (
		simples []simple
		cp      compound
	)
	ci.after, ci.lastPE = p.restrict, p.restrictPE
	switch c := p.at(p.pos); {
	case c == '*':
		if ci.after != 0 {
			return cp, p.errorf(start, "the universal selector cannot follow %s", ci.lastPE)
		}
		p.pos++
		simples = append(simples, simple{"*", start})
		ci.universal = true
	case p.startsIdent(p.pos):
		if ci.after != 0 {
			return cp, p.errorf(start, "a type selector cannot follow %s", ci.lastPE)
		}
		if _, err := p.scanIdent(); err != nil {
			return cp, err
		}
		simples = append(simples, simple{p.src[start:p.pos], start})
		// Type selectors match HTML elements ASCII case-insensitively
		// (Selectors 4 §6.1), so the key and the serialization are in
		// lower case, as Chromium's are.
		tag := htmltree.LowerASCII(unescape(p.src[start:p.pos]))
		ci.key.tag = tag
		ci.spec = ci.spec.plus(specType)
		ci.text = append(ci.text, EscapeIdent(tag)...)
	}
	if p.at(p.pos) == '|' {
		return cp, p.errorf(p.pos, "namespace prefixes are not supported")
	}
loop:
	for p.pos < len(p.src) {
		s := p.pos
		switch p.src[p.pos] {
		case '#', '.':
			what := "class name"
			if p.src[s] == '#' {
				what = "id"
			}
			if ci.after != 0 {
				return cp, p.errorf(s, "an %s selector cannot follow %s", strings.TrimSuffix(what, " name"), ci.lastPE)
			}
			p.pos++
			if !p.startsIdent(p.pos) {
				return cp, p.errorf(p.pos, "expected %s after %q, found %s", what, p.src[s], p.found(p.pos))
			}
			if _, err := p.scanIdent(); err != nil {
				return cp, err
			}
			simples = append(simples, simple{p.src[s:p.pos], s})
			ci.addIDOrClass(p.src[s], unescape(p.src[s+1:p.pos]))
		case '[':
			if ci.after != 0 {
				return cp, p.errorf(s, "an attribute selector cannot follow %s", ci.lastPE)
			}
			sm, err := p.parseAttr(&cp, ci)
			if err != nil {
				return cp, err
			}
			if sm.text != "" {
				simples = append(simples, sm)
			}
		case ':':
			if err := p.parsePseudo(&cp, ci, &simples); err != nil {
				return cp, err
			}
		case '&':
			if ci.after != 0 {
				return cp, p.errorf(s, "the nesting selector & cannot follow %s", ci.lastPE)
			}
			p.pos++
			if err := p.parseNesting(&cp, ci, s); err != nil {
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
	if ci.universal && len(ci.text) == 0 {
		// "*" is written only alone: "*.a" serializes as ".a", as
		// CSSOM §6.7.2 allows and Chromium does.
		ci.text = append(ci.text, '*')
	}
	if ci.never {
		cp.own = append(cp.own, ownPseudo{kind: ownNever})
		p.own = true
	}
	if err := p.compileCompound(&cp, simples, start); err != nil {
		return cp, err
	}
	return cp, nil
}

// parseAttr parses an attribute selector at p.pos ('['), recording it in
// ci. A selector whose value is compared ASCII case-insensitively (the i
// flag, or an attribute HTML lists) or whose name has capitals on SVG
// elements goes to cp as an own matcher (attr_own.go) and the returned
// simple is empty.
func (p *parser) parseAttr(cp *compound, ci *compoundInfo) (simple, error) {
	start := p.pos
	p.pos++
	p.skipSpace()
	if c := p.at(p.pos); c == '|' || c == '*' && p.at(p.pos+1) == '|' {
		return simple{}, p.errorf(p.pos, "namespace prefixes are not supported")
	}
	if !p.startsIdent(p.pos) {
		return simple{}, p.errorf(p.pos, "expected attribute name, found %s", p.found(p.pos))
	}
	nameAt, err := p.scanIdent()
	if err != nil {
		return simple{}, err
	}
	// HTML attribute names are matched in ASCII lower case (x/net/html
	// lowers them when parsing).
	name := htmltree.LowerASCII(unescape(p.src[nameAt:p.pos]))
	if p.at(p.pos) == '|' && p.at(p.pos+1) != '=' {
		return simple{}, p.errorf(p.pos, "namespace prefixes are not supported")
	}
	p.skipSpace()
	if p.pos == len(p.src) {
		return simple{}, p.errorf(p.pos, "expected ']', found end of input")
	}
	ci.spec = ci.spec.plus(specClass)
	if p.src[p.pos] == ']' {
		p.pos++
		ci.key.attrs = appendNew(ci.key.attrs, name)
		ci.text = append(append(append(ci.text, '['), EscapeIdent(name)...), ']')
		if mixedCaseAttrs[name] {
			cp.own = append(cp.own, ownPseudo{kind: ownAttr, attr: attrTest{name: name}})
			p.own = true
			return simple{}, nil
		}
		return simple{p.src[start:p.pos], start}, nil
	}
	op := ""
	opAt := p.pos
	switch c := p.src[p.pos]; {
	case c == '=':
		op = "="
	case strings.IndexByte("~|^$*!#", c) >= 0 && p.at(p.pos+1) == '=':
		op = p.src[p.pos : p.pos+2] // != and #= are cascadia extensions
	default:
		return simple{}, p.errorf(p.pos, "expected ']' or an attribute operator (=, ~=, |=, ^=, $=, *=), found %s", p.found(p.pos))
	}
	extension := op == "!=" || op == "#="
	if extension && p.rule {
		return simple{}, p.errorf(opAt, "the attribute operator %s is an extension of queries, not CSS: style sheets do not have it", op)
	}
	p.pos += len(op)
	p.skipSpace()
	valueAt := p.pos
	var value string
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
		value = unescapeString(p.src[valueAt+1 : p.pos-1])
	case p.startsIdent(p.pos):
		if _, err := p.scanIdent(); err != nil {
			return simple{}, err
		}
		value = unescape(p.src[valueAt:p.pos])
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
	if flag == 's' && p.rule {
		// Selectors 4 §6.3's s flag; Chromium does not parse it yet
		// and drops the rule.
		return simple{}, p.errorf(flagAt, "the attribute flag s is not supported in style sheets (Chromium drops the rule)")
	}
	p.pos++
	if !extension && ownAttrSelector(name, flag) {
		ci.key.attrs = appendNew(ci.key.attrs, name)
		ci.text = appendAttrText(ci.text, name, op, value, flag)
		cp.own = append(cp.own, ownPseudo{kind: ownAttr, attr: attrTest{name: name, op: op, value: value, anyCase: flag == 'i', htmlCase: flag == 0 && caseInsensitiveAttrs[name]}})
		p.own = true
		return simple{}, nil
	}
	if extension {
		// Left out of the key: [a!=b] also matches elements without the
		// attribute. Only Compile accepts these, and keeps no syntax.
		ci.text = append(ci.text, p.src[start:p.pos]...)
	} else {
		ci.key.attrs = appendNew(ci.key.attrs, name)
		ci.text = appendAttrText(ci.text, name, op, value, flag)
	}
	if flag == 's' {
		// Case-sensitive is what cascadia does anyway; it only lacks the
		// syntax, so drop the flag from the text it sees.
		p.own = true
		return simple{p.src[start:flagAt] + "]", start}, nil
	}
	return simple{p.src[start:p.pos], start}, nil
}
