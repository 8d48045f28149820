package selector

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// This file is the selector tokenizer and parser. It exists because cascadia
// neither reports where a selector is wrong nor knows :scope, :is(),
// :where() or relative :has(): the parser splits a selector list into
// complex selectors, compounds and combinators, validates the syntax with
// exact offsets, and hands only the plain simple selectors of each compound
// (type, #id, .class, [attr], and cascadia's pseudo-classes) to cascadia
// (compile.go). It respects strings, brackets, parentheses, escapes and
// comments, so commas in `[title="a,b"]` or `:is(a, b)` do not split the
// list.

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

// pseudo-classes cascadia implements; their text is passed to it verbatim.
// Those that depend on live state (:checked, :focus, :link...) are not
// among them: see statePseudo in state.go.
var (
	plainPseudo = map[string]bool{
		"first-child": true, "last-child": true, "first-of-type": true, "last-of-type": true,
		"only-child": true, "only-of-type": true, "input": true, "root": true,
		"hover": true, "active": true,
	}
	funcPseudo = map[string]bool{
		"nth-child": true, "nth-last-child": true, "nth-of-type": true, "nth-last-of-type": true,
		"contains": true, "containsown": true, "matches": true, "matchesown": true,
		"haschild": true,
	}
	// CSS2 allowed these pseudo-elements with a single colon.
	legacyPseudoElement = map[string]bool{
		"before": true, "after": true, "first-line": true, "first-letter": true,
	}
)

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}

func isNameStart(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c >= 0x80
}

func isNameChar(c byte) bool {
	return isNameStart(c) || c == '-' || '0' <= c && c <= '9'
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func isNewline(c byte) bool { return c == '\n' || c == '\r' || c == '\f' }

func (p *parser) errorf(off int, format string, args ...any) *Error {
	return &Error{Selector: p.src, Offset: off, Reason: fmt.Sprintf(format, args...)}
}

// found describes what is at i, for "expected X, found Y" messages.
func (p *parser) found(i int) string {
	if i >= len(p.src) {
		return "end of input"
	}
	r, _ := utf8.DecodeRuneInString(p.src[i:])
	return fmt.Sprintf("%q", r)
}

func (p *parser) at(i int) byte {
	if i < len(p.src) {
		return p.src[i]
	}
	return 0
}

// skipSpace skips whitespace and comments and reports whether there was
// whitespace (a comment alone does not separate compounds, as in CSS).
// An unterminated comment runs to the end of the input, as in CSS.
func (p *parser) skipSpace() bool {
	space := false
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if isSpace(c) {
			p.pos++
			space = true
			continue
		}
		if p.skipComment() {
			continue
		}
		break
	}
	return space
}

func (p *parser) skipComment() bool {
	if !strings.HasPrefix(p.src[p.pos:], "/*") {
		return false
	}
	p.own = true // cascadia takes a comment for a descendant combinator
	end := strings.Index(p.src[p.pos+2:], "*/")
	if end < 0 {
		p.pos = len(p.src)
	} else {
		p.pos += 2 + end + 2
	}
	return true
}

// validEscape reports whether a backslash at i starts an escape.
func (p *parser) validEscape(i int) bool {
	return i+1 < len(p.src) && p.src[i] == '\\' && !isNewline(p.src[i+1])
}

// startsIdent reports whether an identifier starts at i (CSS Syntax 4.3.9),
// except that a backslash at the very end of the input is reported as an
// error by scanIdent rather than silently becoming U+FFFD.
func (p *parser) startsIdent(i int) bool {
	if i >= len(p.src) {
		return false
	}
	switch c := p.src[i]; {
	case c == '-':
		if n := p.at(i + 1); isNameStart(n) || n == '-' {
			return true
		}
		return p.validEscape(i+1) || p.at(i+1) == '\\' && i+2 == len(p.src)
	case c == '\\':
		return p.validEscape(i) || i+1 == len(p.src)
	default:
		return isNameStart(c)
	}
}

// scanIdent advances over an identifier (or the name part of one) and
// returns its start.
func (p *parser) scanIdent() (int, error) {
	start := p.pos
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if isNameChar(c) {
			p.pos++
			continue
		}
		if c != '\\' {
			break
		}
		if p.pos+1 == len(p.src) {
			return start, p.errorf(p.pos, "incomplete escape at end of input")
		}
		if isNewline(p.src[p.pos+1]) {
			break // not an escape; whatever follows reports the stray backslash
		}
		p.skipEscape()
	}
	return start, nil
}

// skipEscape advances over a valid escape at p.pos: up to six hex digits
// and one optional whitespace, or any single character.
func (p *parser) skipEscape() {
	i := p.pos + 1
	if isHex(p.src[i]) {
		j := i
		for j < len(p.src) && j < i+6 && isHex(p.src[j]) {
			j++
		}
		if j < len(p.src) && isSpace(p.src[j]) {
			if p.src[j] == '\r' && p.at(j+1) == '\n' {
				j++
			}
			j++
		}
		p.pos = j
		return
	}
	_, size := utf8.DecodeRuneInString(p.src[i:])
	p.pos = i + size
}

// unescape returns the value of the identifier text s (escapes resolved),
// used for pseudo-class names so that ":NOT(" and ":n\ot(" are recognized.
func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			i++
			continue
		}
		i++
		if !isHex(s[i]) {
			_, size := utf8.DecodeRuneInString(s[i:])
			b.WriteString(s[i : i+size])
			i += size
			continue
		}
		var v rune
		j := i
		for j < len(s) && j < i+6 && isHex(s[j]) {
			v = v*16 + rune(hexVal(s[j]))
			j++
		}
		if v == 0 || v > utf8.MaxRune || (v >= 0xD800 && v <= 0xDFFF) {
			v = utf8.RuneError
		}
		b.WriteRune(v)
		if j < len(s) && isSpace(s[j]) {
			if s[j] == '\r' && j+1 < len(s) && s[j+1] == '\n' {
				j++
			}
			j++
		}
		i = j
	}
	return b.String()
}

func hexVal(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	default:
		return c - '0'
	}
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

// scanString advances over a quoted string at p.pos.
func (p *parser) scanString() error {
	quote := p.src[p.pos]
	p.pos++
	for {
		if p.pos == len(p.src) {
			return p.errorf(p.pos, "unterminated string, expected %q", quote)
		}
		switch c := p.src[p.pos]; {
		case c == quote:
			p.pos++
			return nil
		case c == '\\':
			if p.pos+1 == len(p.src) {
				return p.errorf(p.pos+1, "unterminated string, expected %q", quote)
			}
			if n := p.src[p.pos+1]; isNewline(n) { // an escaped newline continues the string
				p.pos += 2
				if n == '\r' && p.at(p.pos) == '\n' {
					p.pos++
				}
				continue
			}
			p.skipEscape()
		case isNewline(c):
			return p.errorf(p.pos, "unterminated string, found a line break before %q", quote)
		default:
			p.pos++
		}
	}
}

// scanRegexp advances over the value of cascadia's [attr#=regexp] exactly
// as cascadia reads it: up to the first ')' or ']' that closes nothing.
func (p *parser) scanRegexp(closer byte) error {
	open := 0
	for ; p.pos < len(p.src); p.pos++ {
		switch p.src[p.pos] {
		case '(', '[':
			open++
		case ')', ']':
			if open == 0 {
				return nil
			}
			open--
		}
	}
	return p.errorf(p.pos, "unterminated regular expression, expected %q", closer)
}

// parsePseudo parses a pseudo-class at p.pos (':'), adding it to cp (the
// ones this package implements) or to simples (the ones cascadia does).
func (p *parser) parsePseudo(cp *compound, simples *[]simple) error {
	start := p.pos
	p.pos++
	if p.at(p.pos) == ':' {
		name := "::"
		if p.startsIdent(p.pos + 1) {
			p.pos++
			if s, err := p.scanIdent(); err == nil {
				name += p.src[s:p.pos]
			}
		}
		return p.errorf(start, "pseudo-elements are not supported (%s): they never match an element", name)
	}
	if !p.startsIdent(p.pos) {
		return p.errorf(p.pos, "expected pseudo-class name after ':', found %s", p.found(p.pos))
	}
	nameAt, err := p.scanIdent()
	if err != nil {
		return err
	}
	raw := p.src[nameAt:p.pos]
	name := strings.ToLower(unescape(raw))
	fn := p.at(p.pos) == '(' && p.pos < len(p.src)
	switch {
	case name == "scope":
		if fn {
			return p.errorf(p.pos, ":scope does not take arguments")
		}
		cp.scope = true
		p.own = true
	case name == "is" || name == "where" || name == "not" || name == "has":
		if !fn {
			return p.errorf(p.pos, "expected '(' after :%s", name)
		}
		if p.depth >= maxNesting {
			return p.errorf(start, "selectors nested more than %d levels deep", maxNesting)
		}
		p.depth++
		p.pos++
		list, err := p.parseList(name == "has")
		p.depth--
		if err != nil {
			return err
		}
		if p.pos == len(p.src) { // parseList stops at ')' or the end
			return p.errorf(p.pos, "expected ')' to close :%s(, found end of input", name)
		}
		p.pos++
		kind := subIs
		switch name {
		case "not":
			kind = subNot
		case "has":
			kind = subHas
		}
		if kind != subNot {
			p.own = true
		}
		cp.subs = append(cp.subs, sub{kind: kind, list: list})
	case statePseudo[name] != 0:
		if fn {
			return p.errorf(p.pos, ":%s does not take arguments", raw)
		}
		// Matched by this package with a State (state.go), never by
		// cascadia, whose versions read attributes.
		cp.state |= 1 << statePseudo[name]
		p.own = true
		p.state = true
		p.live = true
	case legacyPseudoElement[name]:
		return p.errorf(start, "pseudo-elements are not supported (:%s): they never match an element", raw)
	case ownPlain[name] != 0 || neverPseudo[name]:
		if fn {
			return p.errorf(p.pos, ":%s does not take arguments", raw)
		}
		kind := ownPlain[name]
		if neverPseudo[name] {
			kind = ownNever
		}
		cp.own = append(cp.own, ownPseudo{kind: kind})
		p.own = true
	case name == "lang" || name == "dir" || funcNeverPseudo[name] ||
		(name == "nth-child" || name == "nth-last-child") && fn && p.hasOf():
		if !fn {
			return p.errorf(p.pos, "expected '(' after :%s", raw)
		}
		o, err := p.parseOwnArgs(name, raw)
		if err != nil {
			return err
		}
		cp.own = append(cp.own, o)
		p.own = true
		if o.kind == ownLang || o.kind == ownDir || o.kind == ownNth {
			// They remember answers in the query's context (liveCtx),
			// which they use without calling the State.
			p.state = true
		}
	case plainPseudo[name]:
		if fn {
			return p.errorf(p.pos, ":%s does not take arguments", raw)
		}
		*simples = append(*simples, simple{p.src[start:p.pos], start})
	case funcPseudo[name]:
		if !fn {
			return p.errorf(p.pos, "expected '(' after :%s", raw)
		}
		p.pos++
		argAt := p.pos
		var err error
		if name == "matches" || name == "matchesown" {
			err = p.scanRegexp(')')
			if err == nil && p.src[p.pos] != ')' {
				err = p.errorf(p.pos, "expected ')', found %s", p.found(p.pos))
			}
		} else {
			err = p.scanArgs(name)
		}
		if err != nil {
			return err
		}
		p.pos++ // ')'
		*simples = append(*simples, simple{p.src[start:p.pos], argAt})
	default:
		return p.errorf(start, "unknown pseudo-class :%s", raw)
	}
	return nil
}

// ownPlain are the pseudo-classes of pseudo_own.go without arguments.
var ownPlain = map[string]ownKind{"empty": ownEmpty, "defined": ownDefined, "open": ownOpen}

// hasOf reports whether the argument of the functional pseudo-class whose
// '(' is at p.pos has the form "An+B of S", without moving.
func (p *parser) hasOf() bool {
	save := p.pos
	defer func() { p.pos = save }()
	p.pos++
	argAt := p.pos
	if p.scanArgs("") != nil {
		return false
	}
	_, _, ok := splitOf(p.src[argAt:p.pos])
	return ok
}

// splitOf splits "An+B of S" at the keyword "of", which white space
// surrounds: before is An+B, trimmed; at is the offset of S in arg.
func splitOf(arg string) (before string, at int, ok bool) {
	for i := 1; i+2 <= len(arg); i++ {
		if isSpace(arg[i-1]) && (arg[i]|0x20) == 'o' && (arg[i+1]|0x20) == 'f' && (i+2 == len(arg) || isSpace(arg[i+2])) {
			return strings.Trim(arg[:i], " \t\n\r\f"), i + 2, true
		}
	}
	return "", 0, false
}

// parseOwnArgs parses the argument of :lang(), :dir(), :nth-child(An+B
// of S), :nth-last-child(An+B of S) and the functional pseudo-classes that
// never match, at p.pos ('('), through the closing ')'.
func (p *parser) parseOwnArgs(name, raw string) (ownPseudo, error) {
	p.pos++ // '('
	argAt := p.pos
	var o ownPseudo
	switch name {
	case "nth-child", "nth-last-child":
		if err := p.scanArgs(name); err != nil {
			return o, err
		}
		before, at, _ := splitOf(p.src[argAt:p.pos])
		x, ok := parseANB(before)
		if !ok {
			return o, p.errorf(argAt, "expected An+B (such as 2n+1, odd or 3) before \"of\" in :%s(), found %q", raw, before)
		}
		if p.depth >= maxNesting {
			return o, p.errorf(argAt, "selectors nested more than %d levels deep", maxNesting)
		}
		p.pos = argAt + at
		p.depth++
		list, err := p.parseList(false)
		p.depth--
		if err != nil {
			return o, err
		}
		o = ownPseudo{kind: ownNth, nth: x, last: name == "nth-last-child", of: list}
	case "lang":
		o.kind = ownLang
		for {
			p.skipSpace()
			r, err := p.parseLangRange(raw)
			if err != nil {
				return o, err
			}
			o.langs = append(o.langs, strings.ToLower(r))
			p.skipSpace()
			if p.at(p.pos) != ',' || p.pos == len(p.src) {
				break
			}
			p.pos++
		}
	case "dir":
		o.kind = ownDir
		p.skipSpace()
		if !p.startsIdent(p.pos) {
			return o, p.errorf(p.pos, "expected ltr or rtl in :%s(), found %s", raw, p.found(p.pos))
		}
		s, err := p.scanIdent()
		if err != nil {
			return o, err
		}
		switch strings.ToLower(unescape(p.src[s:p.pos])) {
		case "ltr":
			o.dir = 'l'
		case "rtl":
			o.dir = 'r'
		}
		p.skipSpace()
	case "host-context":
		// Its argument is a compound selector; it matches only in shadow
		// trees, which there are none of.
		o.kind = ownNever
		if p.depth >= maxNesting {
			return o, p.errorf(argAt, "selectors nested more than %d levels deep", maxNesting)
		}
		p.depth++
		_, err := p.parseList(false)
		p.depth--
		if err != nil {
			return o, err
		}
	default: // :state(ident), :active-view-transition-type(ident#)
		o.kind = ownNever
		for {
			p.skipSpace()
			if !p.startsIdent(p.pos) {
				return o, p.errorf(p.pos, "expected an identifier in :%s(), found %s", raw, p.found(p.pos))
			}
			if _, err := p.scanIdent(); err != nil {
				return o, err
			}
			p.skipSpace()
			if name == "state" || p.at(p.pos) != ',' || p.pos == len(p.src) {
				break
			}
			p.pos++
		}
	}
	if p.pos == len(p.src) {
		return o, p.errorf(p.pos, "expected ')' to close :%s(, found end of input", raw)
	}
	if p.src[p.pos] != ')' {
		return o, p.errorf(p.pos, "expected ')' to close :%s(, found %s", raw, p.found(p.pos))
	}
	p.pos++
	return o, nil
}

// parseLangRange parses one language range of :lang(): an identifier or
// a string (Selectors 4 §7.2); a wildcard such as "*-CH" must be quoted
// or escaped.
func (p *parser) parseLangRange(raw string) (string, error) {
	switch c := p.at(p.pos); {
	case c == '"' || c == '\'':
		s := p.pos
		if err := p.scanString(); err != nil {
			return "", err
		}
		return unescape(p.src[s+1 : p.pos-1]), nil
	case p.startsIdent(p.pos):
		s, err := p.scanIdent()
		if err != nil {
			return "", err
		}
		return unescape(p.src[s:p.pos]), nil
	}
	return "", p.errorf(p.pos, "expected a language range (an identifier or a string) in :%s(), found %s", raw, p.found(p.pos))
}

// scanArgs advances to the ')' that closes a functional pseudo-class
// argument cascadia will parse, skipping strings, escapes and nested
// parentheses.
func (p *parser) scanArgs(name string) error {
	open := 0
	for p.pos < len(p.src) {
		switch c := p.src[p.pos]; c {
		case '\\':
			if p.pos+1 == len(p.src) {
				return p.errorf(p.pos, "incomplete escape at end of input")
			}
			if isNewline(p.src[p.pos+1]) {
				return p.errorf(p.pos, "unexpected '\\\\' before a line break")
			}
			p.skipEscape()
			continue
		case '"', '\'':
			if err := p.scanString(); err != nil {
				return err
			}
			continue
		case '(':
			open++
		case ')':
			if open == 0 {
				return nil
			}
			open--
		}
		p.pos++
	}
	return p.errorf(p.pos, "expected ')' to close :%s(, found end of input", name)
}
