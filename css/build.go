package css

import (
	"strings"

	"github.com/eventperk/eventperk-go/selector"
)

// This file reads the rules CSS Syntax's parser found (syntax.go) as the
// CSS modules define them: style rules with their selectors (CSS Nesting
// for the nested ones), the conditional group rules, @layer, @import, and
// the at-rules kept as they are. What a module says is invalid is dropped
// with a ParseError, as browsers drop it.

// styleRule reads a qualified rule whose block is at p.i as a style rule.
func (p *parser) styleRule(ctx context, pre span) Rule {
	start := p.offset(pre.from)
	text := p.valueText(pre)
	var parent []*selector.RuleSelector
	if ctx.parent != nil {
		parent = ctx.parent.selectors
	}
	sels, err := selector.ParseRuleSelectors(text, parent)
	if err != nil {
		p.skipBlock()
		p.sheet.errorf(start, "rule dropped: %v", err)
		return nil
	}
	r := &StyleRule{selectorText: text, selectors: sels}
	r.pos = p.sheet.position(start)
	items := p.blockContents(context{parent: r})
	if len(items) > 0 && items[0].rule == nil {
		r.style = newDeclarations(items[0].decls)
		items = items[1:]
	} else {
		r.style = &Declarations{}
	}
	r.rules = p.childRules(context{parent: r}, items)
	return r
}

// childRules turns the items of a block into the rules of a grouping rule:
// runs of declarations become nested declarations rules of the style rule
// they are in, and are dropped outside style rules.
func (p *parser) childRules(ctx context, items []item) []Rule {
	var rules []Rule
	for _, it := range items {
		if it.rule != nil {
			rules = append(rules, it.rule)
			continue
		}
		if ctx.parent == nil {
			p.sheet.errorf(p.offsetOf(it.decls[0].Pos), "declaration %q outside a style rule: dropped", it.decls[0].Property)
			continue
		}
		nd := &NestedDeclarationsRule{parent: ctx.parent, style: newDeclarations(it.decls)}
		nd.pos = it.decls[0].Pos
		rules = append(rules, nd)
	}
	return rules
}

// offsetOf turns a Position back into an offset, for errors reported at a
// place already turned into a Position.
func (p *parser) offsetOf(pos Position) int32 {
	off := p.sheet.lines[pos.Line-1]
	col := 1
	for int(off) < len(p.src) && col < pos.Column {
		_, n := decodeRune(p.src[off:])
		off += int32(n)
		col++
	}
	return off
}

// groupingAtRules are the at-rules whose block holds rules, and which may
// therefore also stand inside style rules (CSS Nesting §3.2).
var groupingAtRules = map[string]bool{
	"media": true, "supports": true, "layer": true, "container": true,
	"scope": true, "starting-style": true,
}

// statementAtRules are the at-rules kept as *AtRule: they hold no style
// rules. Others are unknown to Chromium and dropped.
var statementAtRules = map[string]bool{
	"font-face": true, "keyframes": true, "-webkit-keyframes": true, "page": true,
	"property": true, "counter-style": true, "namespace": true,
	"font-feature-values": true, "font-palette-values": true,
	"view-transition": true, "position-try": true, "color-profile": true,
	"function": true,
}

// buildAtRule reads the at-rule whose keyword is at start and whose
// prelude is pre; p.i is at its block's "{" when hasBlock.
func (p *parser) buildAtRule(ctx context, name string, start int, pre span, hasBlock, importsAllowed bool) Rule {
	off := p.offset(start)
	pos := p.sheet.position(off)
	preText := p.valueText(pre)
	drop := func(format string, args ...any) Rule {
		if hasBlock {
			p.skipBlock()
		}
		p.sheet.errorf(off, format, args...)
		return nil
	}
	if groupingAtRules[name] && hasBlock {
		return p.groupRule(ctx, name, pos, preText)
	}
	inStyle := ctx.parent != nil
	switch {
	case name == "charset":
		if ctx.top && !hasBlock {
			return nil // the encoding was decided before parsing
		}
		return drop("@charset is allowed only at the start of a sheet: dropped")
	case name == "import":
		if !ctx.top || !importsAllowed || hasBlock {
			return drop("@import after other rules or inside a block: dropped")
		}
		r, err := p.importRule(preText)
		if err != "" {
			return drop("@import %s: dropped", err)
		}
		r.pos = pos
		return r
	case name == "layer" && !hasBlock:
		if inStyle {
			return drop("@layer statement inside a style rule: dropped")
		}
		names, ok := layerNames(preText)
		if !ok {
			return drop("@layer %q is not a list of layer names: dropped", shorten(preText))
		}
		r := &LayerStatementRule{names: names}
		r.pos = pos
		return r
	case groupingAtRules[name]:
		return drop("@%s without a block: dropped", name)
	case statementAtRules[name]:
		if inStyle {
			return drop("@%s inside a style rule: dropped", name)
		}
		r := &AtRule{name: name, prelude: preText, hasBody: hasBlock}
		r.pos = pos
		if hasBlock {
			from := p.i
			p.skipBlock()
			r.block = strings.TrimSpace(p.rawText(span{from + 1, p.i - 1}))
		}
		return r
	}
	return drop("unknown at-rule @%s: dropped", name)
}

// groupRule reads the conditional group rules and @layer blocks.
func (p *parser) groupRule(ctx context, name string, pos Position, pre string) Rule {
	inner := context{parent: ctx.parent}
	var r GroupingRule
	var body *[]Rule
	switch name {
	case "media":
		m := &MediaRule{media: ParseMediaList(pre)}
		r, body = m, &m.rules
	case "supports":
		s := &SupportsRule{condition: pre, supported: Supports(pre)}
		r, body = s, &s.rules
	case "container":
		c := &ContainerRule{condition: pre}
		r, body = c, &c.rules
	case "layer":
		names, ok := layerNames(pre)
		if pre != "" && (!ok || len(names) != 1) {
			p.skipBlock()
			p.sheet.errorf(p.offsetOf(pos), "@layer %q is not one layer name: dropped", shorten(pre))
			return nil
		}
		l := &LayerBlockRule{}
		if len(names) == 1 {
			l.name = names[0]
		}
		r, body = l, &l.rules
	case "scope":
		s, err := p.scopeRule(ctx, pre)
		if err != nil {
			p.skipBlock()
			p.sheet.errorf(p.offsetOf(pos), "@scope %q: %v: dropped", shorten(pre), err)
			return nil
		}
		r, body = s, &s.rules
	default: // "starting-style"
		s := &StartingStyleRule{}
		r, body = s, &s.rules
	}
	setPos(r, pos)
	*body = p.childRules(inner, p.blockContents(inner))
	return r
}

func setPos(r Rule, pos Position) {
	switch r := r.(type) {
	case *MediaRule:
		r.pos = pos
	case *SupportsRule:
		r.pos = pos
	case *ContainerRule:
		r.pos = pos
	case *LayerBlockRule:
		r.pos = pos
	case *ScopeRule:
		r.pos = pos
	case *StartingStyleRule:
		r.pos = pos
	}
}

// scopeRule reads @scope's prelude: "(<start>)? [to (<end>)]?" (CSS
// Cascade 6 §2.1).
func (p *parser) scopeRule(ctx context, pre string) (*ScopeRule, error) {
	s := &ScopeRule{}
	rest := strings.TrimSpace(pre)
	var parent []*selector.RuleSelector
	if ctx.parent != nil {
		parent = ctx.parent.selectors
	}
	if strings.HasPrefix(rest, "(") {
		in, after, ok := cutParens(rest)
		if !ok {
			return nil, errScopePrelude
		}
		sels, err := selector.ParseRuleSelectors(in, parent)
		if err != nil {
			return nil, err
		}
		s.start, s.startSels = strings.TrimSpace(in), sels
		rest = strings.TrimSpace(after)
	}
	if rest != "" {
		to, ok := strings.CutPrefix(rest, "to")
		to = strings.TrimSpace(to)
		if !ok || !strings.HasPrefix(to, "(") {
			return nil, errScopePrelude
		}
		in, after, ok := cutParens(to)
		if !ok || strings.TrimSpace(after) != "" {
			return nil, errScopePrelude
		}
		sels, err := selector.ParseRuleSelectors(in, parent)
		if err != nil {
			return nil, err
		}
		s.end, s.endSels = strings.TrimSpace(in), sels
	}
	return s, nil
}

type scopeError string

func (e scopeError) Error() string { return string(e) }

const errScopePrelude = scopeError(`want "(<selectors>)" and "to (<selectors>)"`)

// cutParens splits "(inside) after" at the parenthesis that closes the
// first, respecting nested parentheses and strings.
func cutParens(s string) (inside, after string, ok bool) {
	depth := 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '\\':
			i++
		case c == '(':
			depth++
		case c == ')':
			depth--
			if depth == 0 {
				return s[1:i], s[i+1:], true
			}
		}
	}
	return "", "", false
}

// layerNames reads a comma-separated list of layer names (CSS Cascade 5
// §6.4.2): identifiers joined by "." with no white space around the dots.
// An empty text is an empty list.
func layerNames(s string) ([]string, bool) {
	if strings.TrimSpace(s) == "" {
		return nil, true
	}
	var names []string
	for _, part := range strings.Split(s, ",") {
		name := strings.TrimSpace(part)
		if name == "" {
			return nil, false
		}
		for _, seg := range strings.Split(name, ".") {
			if !isIdent(seg) || seg == "initial" || seg == "inherit" || seg == "unset" || seg == "revert" || seg == "revert-layer" || seg == "default" {
				return nil, false
			}
		}
		names = append(names, unescapeIdent(name))
	}
	return names, true
}

// isIdent reports whether s is exactly one <ident-token>.
func isIdent(s string) bool {
	toks := tokenize(preprocess(s))
	return len(toks) == 1 && toks[0].kind == tIdent
}
