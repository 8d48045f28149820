package css

import (
	"strings"

	"github.com/eventperk/eventperk-go/selector"
)

// This file reads the rules CSS Syntax's parser finds (syntax.go) as the
// CSS modules define them: style rules with their selectors (CSS Nesting
// for the nested ones), the conditional group rules, @layer, @import,
// @namespace, @keyframes and the at-rules of descriptors. What a module
// says is invalid, or what Chromium drops, is dropped with a ParseError.

// cssomReader is the ruleReader that builds a sheet's CSSOM rules.
type cssomReader struct {
	prefix prefixState
}

// prefixState is where a sheet's top level stands in what may come before
// its other rules: @layer statements, then @import rules (CSS Cascade 5
// §2.1), then @namespace rules (CSS Namespaces §2), in that order, as
// Chromium takes them. Rules that are dropped do not count.
type prefixState uint8

const (
	prefixLayers     prefixState = iota // only @layer statements so far
	prefixImports                       // @import rules
	prefixNamespaces                    // @namespace rules
	prefixDone                          // any other rule: no @import or @namespace any more
)

// qualifiedRule reads a style rule, or a keyframe rule in @keyframes.
func (b *cssomReader) qualifiedRule(p *parser, f *frame, pre span) (Rule, frame, bool) {
	start := p.offset(pre.from)
	if kf, ok := f.rule.(*AtRule); ok && kf.keyframes() {
		keys, ok := keyframeSelectors(p, pre)
		if !ok {
			p.sheet.errorf(start, "keyframe selector %q is not valid: dropped", shorten(p.valueText(pre)))
			return nil, frame{}, false
		}
		r := &KeyframeRule{keyText: keys}
		r.pos = p.sheet.position(start)
		return r, frame{mode: modeDecls, block: true, rule: r}, true
	}
	if _, ok := f.rule.(*AtRule); ok {
		p.sheet.errorf(start, "rule %q is not allowed in @%s: dropped", shorten(p.valueText(pre)), f.rule.(*AtRule).name)
		return nil, frame{}, false
	}
	text := p.valueText(pre)
	var parent []*selector.RuleSelector
	if f.parent != nil {
		parent = f.parent.selectors
	}
	sels, err := selector.ParseRuleSelectors(text, parent)
	if err != nil {
		p.sheet.errorf(start, "rule %q dropped: %v", shorten(text), err)
		return nil, frame{}, false
	}
	if f.top() {
		b.prefix = prefixDone
	}
	r := &StyleRule{selectorText: text, selectors: sels}
	r.pos = p.sheet.position(start)
	return r, frame{mode: modeStyle, block: true, rule: r, parent: r}, true
}

// groupingAtRules are the at-rules whose block holds rules, and which may
// therefore also stand inside style rules (CSS Nesting §3.2).
var groupingAtRules = map[string]bool{
	"media": true, "supports": true, "layer": true, "container": true,
	"scope": true, "starting-style": true,
}

// descriptorAtRules are the at-rules Chromium keeps whose blocks hold
// descriptors (or, for @keyframes, keyframe rules). Other at-rules are
// unknown to Chromium and dropped.
var descriptorAtRules = map[string]bool{
	"font-face": true, "keyframes": true, "-webkit-keyframes": true, "page": true,
	"property": true, "counter-style": true, "font-feature-values": true,
	"font-palette-values": true, "view-transition": true, "position-try": true,
	"function": true,
}

// innerAtRules are the at-rules that stand inside the blocks of @page
// (its margin rules, CSS Paged Media §5) and @font-feature-values (CSS
// Fonts 4 §6.9).
var innerAtRules = map[string]map[string]bool{
	"page": {
		"top-left-corner": true, "top-left": true, "top-center": true, "top-right": true,
		"top-right-corner": true, "bottom-left-corner": true, "bottom-left": true,
		"bottom-center": true, "bottom-right": true, "bottom-right-corner": true,
		"left-top": true, "left-middle": true, "left-bottom": true,
		"right-top": true, "right-middle": true, "right-bottom": true,
	},
	"font-feature-values": {
		"stylistic": true, "historical-forms": true, "styleset": true,
		"character-variant": true, "swash": true, "ornaments": true, "annotation": true,
	},
}

// atRule reads the at-rule whose keyword is the token at.
func (b *cssomReader) atRule(p *parser, f *frame, name string, at int, pre span, hasBlock bool) (Rule, frame, bool) {
	name = lowerASCII(name)
	off := p.offset(at)
	drop := func(format string, args ...any) (Rule, frame, bool) {
		p.sheet.errorf(off, format, args...)
		return nil, frame{}, false
	}
	if outer, ok := f.rule.(*AtRule); ok || f.mode == modeDecls {
		if ok && innerAtRules[outer.name][name] && hasBlock {
			r := &AtRule{name: name, prelude: p.valueText(pre), hasBody: true, block: p.blockText()}
			r.pos = p.sheet.position(off)
			return r, frame{mode: modeDecls, block: true, rule: r}, true
		}
		where := "a declaration list"
		if ok {
			where = "@" + outer.name
		}
		return drop("@%s is not allowed in %s: dropped", name, where)
	}
	if _, ok := f.rule.(*KeyframeRule); ok {
		return drop("@%s is not allowed in a keyframe rule: dropped", name)
	}
	nested := f.mode == modeStyle
	top := f.top()
	switch {
	case groupingAtRules[name] && hasBlock:
		r, child, ok := b.groupRule(p, f, name, off, pre)
		if !ok {
			return nil, frame{}, false
		}
		if top {
			b.prefix = prefixDone
		}
		return r, child, true
	case name == "charset":
		// CSS Syntax §3.2: "@charset" at the very start is the
		// encoding declaration, which decoding already read; it is no
		// rule, and anywhere else it is an unknown one.
		if top && off == 0 {
			return nil, frame{}, false
		}
		return drop("@charset is not a rule (an encoding declaration stands only at the start of a sheet): dropped")
	case name == "import":
		if !top || hasBlock || b.prefix > prefixImports {
			return drop("@import after other rules or inside a block: dropped")
		}
		r, err := importRule(p, pre)
		if err != "" {
			return drop("@import %s: dropped", err)
		}
		r.pos = p.sheet.position(off)
		b.prefix = prefixImports
		return r, frame{}, false
	case name == "namespace":
		if !top || hasBlock || b.prefix > prefixNamespaces {
			return drop("@namespace after other rules or inside a block: dropped")
		}
		r, ok := namespaceRule(p, pre)
		if !ok {
			return drop("@namespace %q is not a prefix and a URL: dropped", shorten(p.valueText(pre)))
		}
		r.pos = p.sheet.position(off)
		b.prefix = prefixNamespaces
		return r, frame{}, false
	case name == "layer" && !hasBlock:
		if nested {
			return drop("@layer statement inside a style rule: dropped")
		}
		text := p.valueText(pre)
		names, ok := layerNames(text)
		if !ok || len(names) == 0 {
			return drop("@layer %q is not a list of layer names: dropped", shorten(text))
		}
		if top && b.prefix != prefixLayers {
			b.prefix = prefixDone
		}
		r := &LayerStatementRule{names: names}
		r.pos = p.sheet.position(off)
		return r, frame{}, false
	case groupingAtRules[name]:
		return drop("@%s without a block: dropped", name)
	case descriptorAtRules[name]:
		if nested {
			return drop("@%s inside a style rule: dropped", name)
		}
		if !hasBlock {
			return drop("@%s without a block: dropped", name)
		}
		r := &AtRule{name: name, hasBody: true, block: p.blockText()}
		r.pos = p.sheet.position(off)
		prelude, ok := descriptorPrelude(p, name, pre)
		if !ok {
			return drop("@%s %q: not a valid prelude: dropped", name, shorten(p.valueText(pre)))
		}
		r.prelude = prelude
		if top {
			b.prefix = prefixDone
		}
		mode := modeDecls
		if r.keyframes() {
			mode = modeRules
		}
		return r, frame{mode: mode, block: true, rule: r}, true
	}
	return drop("unknown at-rule @%s: dropped", name)
}

// groupRule reads the conditional group rules, @layer blocks, @scope and
// @starting-style. Their blocks are read as a style rule's when they
// stand in one, and @scope's always are: declarations directly in @scope
// apply to the scoping root (CSS Cascade 6 §2.5).
func (b *cssomReader) groupRule(p *parser, f *frame, name string, off int32, pre span) (Rule, frame, bool) {
	text := p.valueText(pre)
	drop := func(format string, args ...any) (Rule, frame, bool) {
		p.sheet.errorf(off, format, args...)
		return nil, frame{}, false
	}
	child := frame{mode: modeRules, block: true, parent: f.parent}
	if f.mode == modeStyle || name == "scope" {
		child.mode = modeStyle
	}
	pos := p.sheet.position(off)
	switch name {
	case "media":
		// General-enclosed parts keep their text as written.
		r := &MediaRule{media: ParseMediaList(p.rawText(pre))}
		r.pos = pos
		child.rule = r
	case "supports":
		// The condition's text is kept as written, comments and all.
		cond, ok := ParseSupports(p.rawText(pre))
		if !ok {
			return drop("@supports %q is not a condition: dropped", shorten(text))
		}
		r := &SupportsRule{condition: cond}
		r.pos = pos
		child.rule = r
	case "container":
		name, query, ok := parseContainerPrelude(p.rawText(pre))
		if !ok {
			return drop("@container %q is not a container name and query: dropped", shorten(text))
		}
		r := &ContainerRule{name: name, query: query}
		r.pos = pos
		child.rule = r
	case "layer":
		names, ok := layerNames(text)
		if !ok || len(names) > 1 {
			return drop("@layer %q is not one layer name: dropped", shorten(text))
		}
		r := &LayerBlockRule{}
		if len(names) == 1 {
			r.name = names[0]
		}
		r.pos = pos
		child.rule = r
	case "scope":
		r, err := scopeRule(p, f, pre)
		if err != nil {
			return drop("@scope %q: %v: dropped", shorten(text), err)
		}
		r.pos = pos
		child.rule = r
	default: // "starting-style"
		if text != "" {
			return drop("@starting-style takes no prelude (%q): dropped", shorten(text))
		}
		r := &StartingStyleRule{}
		r.pos = pos
		child.rule = r
	}
	return child.rule, child, true
}

// declaration decides whether a declaration is kept where it stands.
func (b *cssomReader) declaration(p *parser, f *frame, d *Declaration, at int, val span) bool {
	drop := func(format string, args ...any) bool {
		p.errorAt(at, format, args...)
		return false
	}
	custom := strings.HasPrefix(d.Property, "--")
	if why := notDeclarationValue(p.src, p.toks, val, custom); why != "" {
		return drop("declaration \"%s: %s\" holds %s: dropped", d.Property, shorten(d.Value), why)
	}
	if r, ok := f.rule.(*AtRule); ok {
		// Descriptors: CSS Syntax §5.5 makes "!important" invalid on
		// them; their grammars are the at-rule's, not checked here.
		switch {
		case d.Value == "":
			return drop("descriptor %q has no value: dropped", d.Property)
		case d.Important:
			return drop("descriptor \"%s: %s\" is marked !important: dropped", d.Property, shorten(d.Value))
		case strings.HasPrefix(d.Property, "--") && r.name != "function":
			return drop("descriptor %q of @%s is a custom property: dropped", d.Property, r.name)
		}
		return true
	}
	if custom {
		return true
	}
	if _, ok := f.rule.(*KeyframeRule); ok && d.Important {
		// CSS Animations §3: an important declaration in a keyframe is
		// ignored.
		return drop("declaration \"%s: %s\" in a keyframe is marked !important: dropped", d.Property, shorten(d.Value))
	}
	if d.Value == "" {
		return drop("declaration %q has no value: dropped", d.Property)
	}
	if !knownProperty(d.Property) {
		return drop("unknown property %q: dropped", d.Property)
	}
	if !validDeclaration(d.Property, d.Value) {
		return drop("declaration \"%s: %s\" is not valid: dropped", d.Property, shorten(d.Value))
	}
	return true
}

// notDeclarationValue says what in a value keeps it from being a
// <declaration-value> (CSS Syntax §7.2), as Chromium reads one: a bad
// string or URL, a ")", "]" or "}" that closes nothing, a "!" that is no
// "!important", or, unless blocks are allowed (a custom property's value),
// a {}-block, which CSS Syntax allows only for properties whose grammar
// takes one: none does. "" when none.
func notDeclarationValue(src string, toks []token, val span, blocks bool) string {
	var closers []tokenKind
	for i := val.from; i < val.to; {
		t := toks[i]
		switch {
		case t.kind == tBadString:
			return "a string broken by a newline"
		case t.kind == tBadURL:
			return "a malformed url()"
		case t.kind == tCloseParen, t.kind == tCloseSquare, t.kind == tCloseCurly:
			return "a " + src[t.off:t.end] + " that closes nothing"
		case t.kind == tDelim && src[t.off:t.end] == "!":
			return `a "!" that is not "!important"`
		case t.kind == tOpenCurly && !blocks:
			return "a {}-block"
		}
		end := skipComponent(toks, i, &closers)
		// Inside a block or function, only bad tokens count.
		for j := i + 1; j < end; j++ {
			switch toks[j].kind {
			case tBadString:
				return "a string broken by a newline"
			case tBadURL:
				return "a malformed url()"
			}
		}
		i = end
	}
	return ""
}

// closeBlock gives a rule the contents of its block.
func (b *cssomReader) closeBlock(p *parser, f *frame) {
	items := f.items
	switch r := f.rule.(type) {
	case *StyleRule:
		if len(items) > 0 && items[0].rule == nil {
			r.style = newDeclarations(items[0].decls)
			items = items[1:]
		} else {
			r.style = &Declarations{}
		}
		r.rules = childRules(r, items)
	case *KeyframeRule:
		r.style = newDeclarations(allDeclarations(items))
	case *AtRule:
		r.descriptors = newDeclarations(allDeclarations(items))
		r.rules = rulesOf(items)
	case *MediaRule:
		r.rules = childRules(f.parent, items)
	case *SupportsRule:
		r.rules = childRules(f.parent, items)
	case *ContainerRule:
		r.rules = childRules(f.parent, items)
	case *LayerBlockRule:
		r.rules = childRules(f.parent, items)
	case *ScopeRule:
		r.rules = childRules(f.parent, items)
	case *StartingStyleRule:
		r.rules = childRules(f.parent, items)
	}
}

// childRules turns the items of a block into rules: a run of declarations
// after the first rule becomes a nested declarations rule (CSS Nesting
// §3.3) of the style rule it stands in (nil in @scope outside style
// rules).
func childRules(parent *StyleRule, items []item) []Rule {
	if len(items) == 0 {
		return nil
	}
	rules := make([]Rule, 0, len(items))
	for _, it := range items {
		if it.rule != nil {
			rules = append(rules, it.rule)
			continue
		}
		nd := &NestedDeclarationsRule{parent: parent, style: newDeclarations(it.decls)}
		nd.pos = it.decls[0].Pos
		rules = append(rules, nd)
	}
	return rules
}

// allDeclarations joins the runs of declarations of a block's items.
func allDeclarations(items []item) []Declaration {
	var all []Declaration
	for _, it := range items {
		all = append(all, it.decls...)
	}
	return all
}

// scopeRule reads @scope's prelude: "(<start>)? [to (<end>)]?" (CSS
// Cascade 6 §2.1), whose selectors are relative to the parent style
// rule's when there is one.
func scopeRule(p *parser, f *frame, pre span) (*ScopeRule, error) {
	s := &ScopeRule{}
	var parent []*selector.RuleSelector
	if f.parent != nil {
		parent = f.parent.selectors
	}
	i := p.skipSpace(pre.from, pre.to)
	if i < pre.to && p.toks[i].kind == tOpenParen {
		in, end := p.parenContents(i, pre.to)
		s.start = p.valueText(in)
		sels, err := selector.ParseRuleSelectors(s.start, parent)
		if err != nil {
			return nil, err
		}
		s.startSels = sels
		i = p.skipSpace(end, pre.to)
	}
	if i < pre.to {
		if p.toks[i].kind != tIdent || !strings.EqualFold(p.text(p.toks[i]), "to") {
			return nil, errScopePrelude
		}
		i = p.skipSpace(i+1, pre.to)
		if i >= pre.to || p.toks[i].kind != tOpenParen {
			return nil, errScopePrelude
		}
		in, end := p.parenContents(i, pre.to)
		if p.skipSpace(end, pre.to) != pre.to {
			return nil, errScopePrelude
		}
		s.end = p.valueText(in)
		sels, err := selector.ParseRuleSelectors(s.end, parent)
		if err != nil {
			return nil, err
		}
		s.endSels = sels
	}
	return s, nil
}

// parenContents returns the tokens inside the block or function that
// opens at i (up to its closer, or to), and the index after it.
func (p *parser) parenContents(i, to int) (span, int) {
	end := min(p.skipFrom(i), to)
	in := span{i + 1, end}
	if end > i+1 && p.toks[end-1].kind == tCloseParen {
		in.to = end - 1
	}
	return in, end
}

type scopeError string

func (e scopeError) Error() string { return string(e) }

const errScopePrelude = scopeError(`want "(<selectors>)" and "to (<selectors>)"`)

// layerNames reads a comma-separated list of layer names (CSS Cascade 5
// §6.4.2): identifiers joined by "." with no white space around the dots.
// An empty text is an empty list. CSS Cascade reserves the CSS-wide
// keywords, but Chromium takes them as names, and so does this.
func layerNames(s string) ([]string, bool) {
	if strings.TrimSpace(s) == "" {
		return nil, true
	}
	toks := tokenize(s)
	var names []string
	var name strings.Builder
	want := tIdent // what may come next: an ident, or "." or "," after one
	for i := 0; i <= len(toks); i++ {
		if i == len(toks) || toks[i].kind == tComma {
			if want == tIdent {
				return nil, false
			}
			names = append(names, name.String())
			name.Reset()
			want = tIdent
			continue
		}
		t := toks[i]
		text := s[t.off:t.end]
		switch {
		case t.kind == tWhitespace:
			// Allowed around a name, not inside one.
			if name.Len() > 0 && i+1 < len(toks) && toks[i+1].kind != tComma {
				return nil, false
			}
		case t.kind == tIdent && want == tIdent:
			name.WriteString(unescapeIdent(text))
			want = tDelim
		case t.kind == tDelim && text == "." && want == tDelim:
			name.WriteByte('.')
			want = tIdent
		default:
			return nil, false
		}
	}
	return names, true
}

// keyframeSelectors reads a keyframe rule's prelude (CSS Animations §3):
// a comma-separated list of "from", "to" and percentages, as CSSOM's
// keyText serializes it ("from" is "0%", "to" is "100%").
func keyframeSelectors(p *parser, pre span) (string, bool) {
	var b strings.Builder
	want := true // a selector is wanted next
	for i := pre.from; i < pre.to; i++ {
		t := p.toks[i]
		text := p.text(t)
		switch {
		case t.kind == tWhitespace:
		case t.kind == tComma && !want:
			b.WriteString(", ")
			want = true
		case !want:
			return "", false
		case t.kind == tIdent && strings.EqualFold(text, "from"):
			b.WriteString("0%")
			want = false
		case t.kind == tIdent && strings.EqualFold(text, "to"):
			b.WriteString("100%")
			want = false
		case t.kind == tPercentage:
			v, ok := numberTokenValue(text[:len(text)-1])
			if !ok || v < 0 || v > 100 {
				return "", false
			}
			b.WriteString(serializeNumber(v))
			b.WriteByte('%')
			want = false
		default:
			return "", false
		}
	}
	return b.String(), !want
}

// descriptorPrelude checks the prelude of an at-rule of descriptors and
// returns it as CSSOM serializes it. Only the preludes Chromium checks in
// ways that matter to a reader are checked: names that must be names.
func descriptorPrelude(p *parser, name string, pre span) (string, bool) {
	text := p.valueText(pre)
	var toks []token
	for i := p.skipSpace(pre.from, pre.to); i < pre.to; i++ {
		if p.toks[i].kind != tWhitespace {
			toks = append(toks, p.toks[i])
		}
	}
	one := func(kinds ...tokenKind) (token, bool) {
		if len(toks) != 1 {
			return token{}, false
		}
		for _, k := range kinds {
			if toks[0].kind == k {
				return toks[0], true
			}
		}
		return token{}, false
	}
	switch name {
	case "font-face", "view-transition":
		return "", len(toks) == 0
	case "keyframes", "-webkit-keyframes":
		t, ok := one(tIdent, tString)
		if !ok {
			return "", false
		}
		if t.kind == tString {
			return stringValue(p.text(t)), true
		}
		v := unescapeIdent(p.text(t))
		switch strings.ToLower(v) {
		case "none", "initial", "inherit", "unset", "revert", "revert-layer", "default":
			return "", false
		}
		return v, true
	case "property", "position-try", "font-palette-values":
		t, ok := one(tIdent)
		if !ok || !strings.HasPrefix(p.text(t), "--") {
			return "", false
		}
		return unescapeIdent(p.text(t)), true
	case "counter-style":
		t, ok := one(tIdent)
		if !ok {
			return "", false
		}
		v := unescapeIdent(p.text(t))
		switch strings.ToLower(v) {
		case "none", "initial", "inherit", "unset", "revert", "revert-layer", "default":
			return "", false
		}
		return v, true
	case "page":
		return text, !strings.Contains(text, ",")
	}
	return text, true
}

// namespaceRule reads @namespace's prelude (CSS Namespaces §2): an
// optional prefix and a string or url().
func namespaceRule(p *parser, pre span) (*NamespaceRule, bool) {
	r := &NamespaceRule{}
	i := p.skipSpace(pre.from, pre.to)
	if i < pre.to && p.toks[i].kind == tIdent {
		r.prefix = unescapeIdent(p.text(p.toks[i]))
		i = p.skipSpace(i+1, pre.to)
	}
	if i >= pre.to {
		return nil, false
	}
	uri, next, ok := p.urlAt(i, pre.to)
	if !ok || p.skipSpace(next, pre.to) != pre.to {
		return nil, false
	}
	r.uri = uri
	return r, true
}
