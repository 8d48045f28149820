package selector

import "strings"

// This file parses pseudo-classes: those this package matches itself
// (:scope, :is(), :where(), :not(), :has(), the live state of state.go and
// the tree-based ones of pseudo_own.go) and those cascadia matches, whose
// text it is handed verbatim.

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
