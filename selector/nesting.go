package selector

// This file holds the nesting selector & (CSS Nesting §3.1). Inside a
// nested style rule, & stands for :is() of the enclosing rule's selectors,
// except that it never represents a pseudo-element: the enclosing
// selectors with a pseudo-element take no part, neither in matching nor
// in specificity, as in Chromium. A nested rule's selector that starts
// with a combinator, or does not contain & anywhere, is relative to &:
// "> a" is "& > a" and "a" is "& a". Outside a nested rule (and in
// Compile), & is :scope, which without a scoping root is the root element,
// and weighs nothing.

// nesting is what & stands for in a nested rule.
type nesting struct {
	list  selList     // the enclosing selectors without a pseudo-element
	spec  Specificity // the most specific of them
	key   *subjectKey // the subject key when list has exactly one selector
	depth int         // the deepest nesting of selector lists in list
	flags parseFlags  // what the selectors of list use
}

func newNesting(parent []*RuleSelector) *nesting {
	n := new(nesting)
	for _, r := range parent {
		if r.pseudo != "" {
			continue
		}
		n.list = append(n.list, r.list[0])
		n.spec = n.spec.maxWith(r.spec)
		n.depth = max(n.depth, r.depth)
		n.flags.state = n.flags.state || r.state
		n.flags.live = n.flags.live || r.live
		n.flags.has = n.flags.has || r.has
		if len(n.list) == 1 {
			n.key = &r.key
		} else {
			n.key = nil
		}
	}
	return n
}

// parseNesting adds & (just consumed, at s) to the compound.
func (p *parser) parseNesting(cp *compound, ci *compoundInfo, s int) error {
	ci.text = append(ci.text, '&')
	ci.nest = true
	p.own = true
	if p.nest == nil {
		cp.scope = true
		return nil
	}
	d := p.depth + 1 + p.nest.depth
	if d > maxNesting {
		return p.fatalf(s, "selectors nested more than %d levels deep (counting the enclosing rules' selectors, which & stands for)", maxNesting)
	}
	p.maxDepth = max(p.maxDepth, d)
	cp.subs = append(cp.subs, sub{kind: subIs, list: p.nest.list})
	ci.spec = ci.spec.plus(p.nest.spec)
	if p.nest.key != nil {
		ci.key.merge(p.nest.key)
	}
	p.state = p.state || p.nest.flags.state
	p.live = p.live || p.nest.flags.live
	p.has = p.has || p.nest.flags.has
	return nil
}

// parseNestedComplex parses one selector of a nested rule's prelude,
// putting & in front of a relative one.
func (p *parser) parseNestedComplex() (complexSel, cxInfo, error) {
	at := p.pos
	var lead byte
	if c := p.at(p.pos); c == '>' || c == '+' || c == '~' {
		lead = c
		p.pos++
		p.skipSpace()
		if d := p.at(p.pos); p.pos == len(p.src) || d == ',' || d == ')' {
			return complexSel{}, cxInfo{}, p.errorf(p.pos, "expected selector after combinator %q, found %s", c, p.found(p.pos))
		}
	}
	cx, info, err := p.parseComplex(false)
	if err != nil {
		return cx, info, err
	}
	if lead == 0 {
		if info.nest {
			return cx, info, nil
		}
		lead = ' '
	}
	var (
		amp   compound
		ampCI compoundInfo
	)
	if err := p.parseNesting(&amp, &ampCI, at); err != nil {
		return cx, info, err
	}
	if err := p.compileCompound(&amp, nil, at); err != nil {
		return cx, info, err
	}
	cx.parts = append(cx.parts, amp) // parts run right to left: & is the leftmost
	cx.combs = append(cx.combs, lead)
	cx.depth = anchoredDepth(&cx, false)
	info.text = "&" + combinatorText(lead) + info.text
	info.spec = info.spec.plus(ampCI.spec)
	info.nest = true
	return cx, info, nil
}
