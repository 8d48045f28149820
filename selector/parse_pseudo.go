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
	}
	funcPseudo = map[string]bool{
		"nth-child": true, "nth-last-child": true, "nth-of-type": true, "nth-last-of-type": true,
		"contains": true, "containsown": true, "matches": true, "matchesown": true,
		"haschild": true,
	}
	// cascadiaExtension are the pseudo-classes of cascadia that CSS does
	// not have: Compile accepts them, style sheets do not.
	cascadiaExtension = map[string]bool{
		"input": true, "contains": true, "containsown": true, "matches": true, "matchesown": true,
		"haschild": true,
	}
	// CSS2 allowed these pseudo-elements with a single colon.
	legacyPseudoElement = map[string]bool{
		"before": true, "after": true, "first-line": true, "first-letter": true,
	}
)

// ownPlain are the pseudo-classes of pseudo_own.go without arguments.
var ownPlain = map[string]ownKind{"empty": ownEmpty, "defined": ownDefined, "open": ownOpen}

// parsePseudo parses a pseudo-class at p.pos (':'), adding it to cp (the
// ones this package implements) or to simples (the ones cascadia does),
// and its syntax to ci. In a style rule it also parses pseudo-elements
// (pseudo_element.go).
func (p *parser) parsePseudo(cp *compound, ci *compoundInfo, simples *[]simple) error {
	start := p.pos
	p.pos++
	if p.at(p.pos) == ':' {
		if p.rule {
			p.pos++
			return p.parsePseudoElement(ci, start)
		}
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
	if legacyPseudoElement[name] {
		if !p.rule {
			return p.errorf(start, "pseudo-elements are not supported (:%s): they never match an element", raw)
		}
		p.pos = nameAt
		return p.parsePseudoElement(ci, start)
	}
	if ci.after != 0 {
		if !ci.after.allowsClass(name) {
			return p.errorf(start, ":%s cannot follow %s", raw, ci.lastPE)
		}
		// Such a pseudo-class is a state of the pseudo-element, which
		// has none in a document without a user or layout.
		ci.never = true
	}
	if p.rule && cascadiaExtension[name] {
		return p.errorf(start, ":%s is an extension of queries, not a CSS pseudo-class: style sheets do not have it", raw)
	}
	switch {
	case name == "scope":
		if fn {
			return p.errorf(p.pos, ":scope does not take arguments")
		}
		cp.scope = true
		p.own = true
		ci.addPseudoClass("scope", specClass)
	case name == "is" || name == "where" || name == "not" || name == "has" || name == "-webkit-any":
		return p.parseListPseudo(cp, ci, start, name, fn)
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
		ci.addPseudoClass(name, specClass)
	case (ownPlain[name] != 0 || neverPseudo[name]) && !(fn && funcNeverPseudo[name]):
		if fn {
			return p.errorf(p.pos, ":%s does not take arguments", raw)
		}
		kind := ownPlain[name]
		if neverPseudo[name] {
			kind = ownNever
		}
		cp.own = append(cp.own, ownPseudo{kind: kind})
		p.own = true
		ci.addPseudoClass(name, specClass)
	case name == "lang" || name == "dir" || funcNeverPseudo[name] ||
		(name == "nth-child" || name == "nth-last-child") && fn && p.hasOf():
		if !fn {
			return p.errorf(p.pos, "expected '(' after :%s", raw)
		}
		o, err := p.parseOwnArgs(name, raw, ci)
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
		ci.addPseudoClass(name, specClass)
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
		if x, ok := parseANB(strings.Trim(p.src[argAt:p.pos-1], " \t\n\r\f")); ok && strings.HasPrefix(name, "nth-") {
			ci.addPseudoClass(name+"("+anbText(x)+")", specClass)
		} else if p.rule && strings.HasPrefix(name, "nth-") {
			return p.errorf(argAt, "expected An+B (such as 2n+1, odd or 3) in :%s(), found %q", raw, p.src[argAt:p.pos-1])
		} else {
			ci.addPseudoClass(p.src[start+1:p.pos], specClass)
		}
	default:
		return p.errorf(start, "unknown pseudo-class :%s", raw)
	}
	return nil
}

// parseListPseudo parses the pseudo-classes that take a selector list,
// :is(), :where(), :not(), :has() and the legacy :-webkit-any(), whose
// name ends at p.pos.
func (p *parser) parseListPseudo(cp *compound, ci *compoundInfo, start int, name string, fn bool) error {
	if !fn {
		return p.errorf(p.pos, "expected '(' after :%s", name)
	}
	if name == "has" && p.rule && p.inHas > 0 {
		// Chromium does not allow :has() inside :has() (it would make
		// invalidation too costly), and drops the rule.
		return p.errorf(start, ":has() cannot be nested inside :has()")
	}
	if err := p.enter(start); err != nil {
		return err
	}
	p.pos++
	restrict, restrictPE := p.restrict, p.restrictPE
	if ci.after != 0 {
		p.restrict, p.restrictPE = ci.after, ci.lastPE
	}
	if name == "has" {
		p.inHas++
	}
	var (
		list selList
		info listInfo
		err  error
	)
	switch name {
	case "is", "where":
		// Selectors 4 §4.2, §4.4: forgiving selector lists.
		list, info, err = p.parseForgiving()
	case "-webkit-any":
		list, info, err = p.parseCompoundList(":-webkit-any()", false)
	default:
		list, info, err = p.parseList(name == "has")
	}
	if name == "has" {
		p.inHas--
	}
	p.restrict, p.restrictPE = restrict, restrictPE
	p.leave()
	if err != nil {
		return err
	}
	if p.pos == len(p.src) { // the lists stop at ')' or the end
		return p.errorf(p.pos, "expected ')' to close :%s(, found end of input", name)
	}
	p.pos++
	kind := subIs
	spec := info.spec
	switch name {
	case "not":
		kind = subNot
	case "has":
		kind = subHas
		p.has = true
	case "where":
		spec = Specificity{}
	case "-webkit-any":
		spec = specClass // Chromium weighs it as one pseudo-class, whatever its arguments
	}
	if kind != subNot {
		p.own = true
	}
	if kind == subIs {
		if k := info.single(); k != nil {
			ci.key.merge(k)
		}
	}
	cp.subs = append(cp.subs, sub{kind: kind, list: list})
	ci.addPseudoClass(name+"("+info.text()+")", spec)
	ci.nest = ci.nest || info.nest
	return nil
}

// parseCompoundList parses the argument of :-webkit-any(), :host(),
// :host-context(), ::slotted() and ::cue(): compound selectors separated
// by commas, or exactly one when single. what names the pseudo-class for
// errors.
func (p *parser) parseCompoundList(what string, single bool) (selList, listInfo, error) {
	var (
		list selList
		info listInfo
	)
	for {
		p.skipSpace()
		at := p.pos
		if c := p.at(p.pos); p.pos == len(p.src) || c == ',' || c == ')' {
			return nil, info, p.errorf(p.pos, "expected selector, found %s", p.found(p.pos))
		}
		cx, ci, err := p.parseComplex(false)
		if err != nil {
			return nil, info, err
		}
		if len(cx.parts) > 1 {
			return nil, info, p.errorf(at, "%s takes compound selectors, without combinators", what)
		}
		list = append(list, cx)
		info.add(&ci)
		if p.at(p.pos) != ',' || p.pos == len(p.src) {
			return list, info, nil
		}
		if single {
			return nil, info, p.errorf(p.pos, "%s takes one compound selector", what)
		}
		p.pos++
	}
}

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
// never match, at p.pos ('('), through the closing ')', recording its
// syntax in ci.
func (p *parser) parseOwnArgs(name, raw string, ci *compoundInfo) (ownPseudo, error) {
	start := p.pos - len(raw) - 1
	p.pos++ // '('
	argAt := p.pos
	var o ownPseudo
	text := name + "("
	spec := specClass
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
		if err := p.enter(argAt); err != nil {
			return o, err
		}
		p.pos = argAt + at
		list, info, err := p.parseList(false)
		p.leave()
		if err != nil {
			return o, err
		}
		o = ownPseudo{kind: ownNth, nth: x, last: name == "nth-last-child", of: list}
		text += anbText(x) + " of " + info.text()
		spec = spec.plus(info.spec)
		ci.nest = ci.nest || info.nest
	case "lang":
		o.kind = ownLang
		var ranges []string
		for {
			p.skipSpace()
			if p.rule && !p.startsIdent(p.pos) && p.pos < len(p.src) && (p.src[p.pos] == '"' || p.src[p.pos] == '\'') {
				// Chromium has not shipped Selectors 4's ranges.
				return o, p.errorf(p.pos, "a language range in :%s() must be an identifier in style sheets (Chromium drops the rule)", raw)
			}
			r, err := p.parseLangRange(raw)
			if err != nil {
				return o, err
			}
			o.langs = append(o.langs, strings.ToLower(r))
			ranges = append(ranges, EscapeIdent(r))
			p.skipSpace()
			if p.at(p.pos) != ',' || p.pos == len(p.src) {
				break
			}
			if p.rule {
				return o, p.errorf(p.pos, ":%s() takes one language in style sheets (Chromium drops the rule)", raw)
			}
			p.pos++
		}
		text += strings.Join(ranges, ", ")
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
		v := unescape(p.src[s:p.pos])
		switch strings.ToLower(v) {
		case "ltr":
			o.dir = 'l'
		case "rtl":
			o.dir = 'r'
		}
		text += EscapeIdent(v)
		p.skipSpace()
	case "host-context", "host":
		// The argument is a compound selector; they match only in
		// shadow trees, which there are none of.
		o.kind = ownNever
		if err := p.enter(start); err != nil {
			return o, err
		}
		_, info, err := p.parseCompoundList(":"+name+"()", true)
		p.leave()
		if err != nil {
			return o, err
		}
		text += info.text()
		spec = spec.plus(info.spec)
	default: // :state(ident), :active-view-transition-type(ident#)
		o.kind = ownNever
		var idents []string
		for {
			p.skipSpace()
			if !p.startsIdent(p.pos) {
				return o, p.errorf(p.pos, "expected an identifier in :%s(), found %s", raw, p.found(p.pos))
			}
			s, err := p.scanIdent()
			if err != nil {
				return o, err
			}
			idents = append(idents, EscapeIdent(unescape(p.src[s:p.pos])))
			p.skipSpace()
			if name == "state" || p.at(p.pos) != ',' || p.pos == len(p.src) {
				break
			}
			p.pos++
		}
		text += strings.Join(idents, ", ")
	}
	if p.pos == len(p.src) {
		return o, p.errorf(p.pos, "expected ')' to close :%s(, found end of input", raw)
	}
	if p.src[p.pos] != ')' {
		return o, p.errorf(p.pos, "expected ')' to close :%s(, found %s", raw, p.found(p.pos))
	}
	p.pos++
	ci.addPseudoClass(text+")", spec)
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
		return unescapeString(p.src[s+1 : p.pos-1]), nil
	case p.startsIdent(p.pos):
		s, err := p.scanIdent()
		if err != nil {
			return "", err
		}
		return unescape(p.src[s:p.pos]), nil
	}
	return "", p.errorf(p.pos, "expected a language range (an identifier or a string) in :%s(), found %s", raw, p.found(p.pos))
}
