package css

import (
	"strings"
	"unicode/utf8"
)

// This file is CSS Syntax §5.4's parser ("consume a stylesheet's
// contents", "consume a block's contents", "consume a declaration", ...)
// in the 2024 form that CSS Nesting builds on: a block holds declarations
// and rules mixed, and a declaration that fails to parse is tried again as
// a nested rule. It keeps no tree of component values: it skips over
// blocks to find where each rule and declaration ends, and hands
// preludes and values on as text (build.go reads them).

// maxNesting is how deep blocks of rules may nest: a rule nested deeper
// is dropped with a ParseError, so no sheet can exhaust the stack.
const maxNesting = 256

type parser struct {
	sheet *StyleSheet
	src   string
	toks  []token
	i     int
	depth int
}

// span is a range of tokens, [from, to).
type span struct{ from, to int }

func (p *parser) text(t token) string { return p.src[t.off:t.end] }

// at returns the kind of the token at i and whether there is one.
func (p *parser) at(i int) (tokenKind, bool) {
	if i >= len(p.toks) {
		return 0, false
	}
	return p.toks[i].kind, true
}

// offset returns the text offset of the token at i (the end of the text
// when i is past the last token).
func (p *parser) offset(i int) int32 {
	if i < len(p.toks) {
		return p.toks[i].off
	}
	return int32(len(p.src))
}

// skipComponentValue moves past one component value (CSS Syntax §5.4.9):
// a whole block or function when the token opens one, else the token. It
// keeps a stack of the closers it waits for instead of recursing, so
// deeply nested brackets cost no stack.
func (p *parser) skipComponentValue() {
	want, ok := closer(p.toks[p.i].kind)
	p.i++
	if !ok {
		return
	}
	stack := []tokenKind{want}
	for p.i < len(p.toks) && len(stack) > 0 {
		k := p.toks[p.i].kind
		p.i++
		if k == stack[len(stack)-1] {
			stack = stack[:len(stack)-1]
		} else if c, ok := closer(k); ok {
			stack = append(stack, c)
		}
	}
}

// skipWhitespace moves past white space tokens.
func (p *parser) skipWhitespace() {
	for p.i < len(p.toks) && p.toks[p.i].kind == tWhitespace {
		p.i++
	}
}

// item is an entry of a block's contents: a rule, or a run of
// declarations.
type item struct {
	rule  Rule
	decls []Declaration
}

// context is what a block's contents are parsed in.
type context struct {
	// parent is the style rule the block belongs to, directly or through
	// conditional rules; nil outside style rules. Declarations are
	// allowed only with a parent, and nested style rules are relative
	// to its selectors.
	parent *StyleRule
	// top is set for the sheet's top level, where CDO and CDC tokens are
	// dropped and @import and @charset are allowed.
	top bool
}

// topLevel is "consume a stylesheet's contents" (§5.4.1), followed by the
// rules of CSS Cascade about where @import may stand.
func (p *parser) topLevel() []Rule {
	var rules []Rule
	importsAllowed := true
	for p.i < len(p.toks) {
		t := p.toks[p.i]
		var r Rule
		switch t.kind {
		case tWhitespace, tCDO, tCDC:
			p.i++
			continue
		case tAtKeyword:
			r = p.atRule(context{top: true}, importsAllowed)
		default:
			r = p.qualifiedRule(context{top: true})
		}
		if r == nil {
			continue
		}
		switch r := r.(type) {
		case *ImportRule, *LayerStatementRule:
		case *AtRule:
			// @charset was dropped by atRule; @namespace keeps @import
			// from following it.
			importsAllowed = false
		default:
			_ = r
			importsAllowed = false
		}
		rules = append(rules, r)
	}
	return rules
}

// blockContents is "consume a block's contents" (§5.4.4) for the block
// whose "{" is at p.i: it returns the rules and runs of declarations in
// order and leaves p.i after the block's "}".
func (p *parser) blockContents(ctx context) []item {
	p.i++ // the "{"
	p.depth++
	defer func() { p.depth-- }()
	var items []item
	var decls []Declaration
	flush := func() {
		if len(decls) > 0 {
			items = append(items, item{decls: decls})
			decls = nil
		}
	}
	for p.i < len(p.toks) {
		t := p.toks[p.i]
		switch t.kind {
		case tWhitespace, tSemicolon:
			p.i++
			continue
		case tCloseCurly:
			p.i++
			flush()
			return items
		case tAtKeyword:
			flush()
			if r := p.atRule(ctx, false); r != nil {
				items = append(items, item{rule: r})
			}
			continue
		}
		mark := p.i
		if d, ok := p.declaration(true); ok {
			if d.Property != "" {
				decls = append(decls, d)
			}
			continue
		}
		p.i = mark
		if r := p.qualifiedRule(ctx); r != nil {
			flush()
			items = append(items, item{rule: r})
		}
	}
	flush()
	return items
}

// skipBlock moves past the block whose "{" is at p.i.
func (p *parser) skipBlock() { p.skipComponentValue() }

// declaration is "consume a declaration" (§5.4.6): on success p.i stands
// at the ";" or "}" that ends it (or the end of the input), and a
// declaration with an empty Property is one that parsed but is dropped
// (it has no value); on failure p.i is wherever the attempt stopped and
// the caller restores it.
func (p *parser) declaration(nested bool) (Declaration, bool) {
	start := p.i
	if p.toks[p.i].kind != tIdent {
		return Declaration{}, false
	}
	name := unescapeIdent(p.text(p.toks[p.i]))
	custom := strings.HasPrefix(name, "--")
	p.i++
	p.skipWhitespace()
	if k, ok := p.at(p.i); !ok || k != tColon {
		return Declaration{}, false
	}
	p.i++
	from := p.i
	// The value runs to ";", or to "}" or the end. A "{}" block is allowed
	// in the value of a property only as the whole value (§5.4.6 step
	// 8); anything else with one is a rule, and is found to be one here
	// as soon as the block and another value meet.
	sawValue, sawBlock := false, false
	for p.i < len(p.toks) {
		k := p.toks[p.i].kind
		if k == tSemicolon || (k == tCloseCurly && nested) {
			break
		}
		if k == tCloseCurly {
			p.i++ // a stray "}" at the top level is part of the value
			sawValue = true
			continue
		}
		if k == tWhitespace {
			p.i++
			continue
		}
		if !custom {
			if k == tOpenCurly && sawValue || sawBlock {
				return Declaration{}, false
			}
			if k == tOpenCurly {
				sawBlock = true
			}
		}
		sawValue = true
		p.skipComponentValue()
	}
	d := Declaration{Property: name, Pos: p.sheet.position(p.toks[start].off)}
	if !custom {
		d.Property = lowerASCII(name)
	}
	val := span{from, p.i}
	val, d.Important = p.important(val)
	if custom {
		d.Value = strings.Trim(p.rawText(val), " \t\n")
	} else {
		d.Value = p.valueText(val)
		if d.Value == "" {
			p.sheet.errorf(p.toks[start].off, "declaration %q has no value: dropped", name)
			return Declaration{}, true // a declaration, but nothing to keep
		}
		if !validDeclaration(d.Property, d.Value) {
			p.sheet.errorf(p.toks[start].off, "declaration \"%s: %s\" is not valid: dropped", d.Property, shorten(d.Value))
			return Declaration{}, true
		}
	}
	return d, true
}

// important finds "!important" at the end of a value (§5.4.6 step 6) and
// returns the value without it.
func (p *parser) important(v span) (span, bool) {
	j := v.to - 1
	for j >= v.from && p.toks[j].kind == tWhitespace {
		j--
	}
	if j < v.from || p.toks[j].kind != tIdent || !strings.EqualFold(unescapeIdent(p.text(p.toks[j])), "important") {
		return v, false
	}
	k := j - 1
	for k >= v.from && p.toks[k].kind == tWhitespace {
		k--
	}
	if k < v.from || p.toks[k].kind != tDelim || p.text(p.toks[k]) != "!" {
		return v, false
	}
	return span{v.from, k}, true
}

// rawText returns the source text of a span of tokens, comments and all.
func (p *parser) rawText(s span) string {
	if s.from >= s.to {
		return ""
	}
	return p.src[p.toks[s.from].off:p.toks[s.to-1].end]
}

// valueText returns a span's text without comments, its white space runs
// made one space and trimmed; where a comment alone kept two tokens apart,
// "/**/" keeps them apart still.
func (p *parser) valueText(s span) string {
	for s.from < s.to && p.toks[s.from].kind == tWhitespace {
		s.from++
	}
	for s.to > s.from && p.toks[s.to-1].kind == tWhitespace {
		s.to--
	}
	if s.from >= s.to {
		return ""
	}
	// The common case: no comments and no white space other than single
	// spaces, so the text is the source's.
	plain := true
	for j := s.from; j < s.to; j++ {
		t := p.toks[j]
		if t.afterComment && j > s.from || t.kind == tWhitespace && p.text(t) != " " {
			plain = false
			break
		}
	}
	if plain {
		return p.rawText(s)
	}
	var b strings.Builder
	for j := s.from; j < s.to; j++ {
		t := p.toks[j]
		if t.kind == tWhitespace {
			b.WriteByte(' ')
			continue
		}
		if t.afterComment && j > s.from && p.toks[j-1].kind != tWhitespace {
			b.WriteString("/**/")
		}
		b.WriteString(p.text(t))
	}
	return b.String()
}

// badDeclaration is "consume the remnants of a bad declaration" (§5.4.7).
func (p *parser) badDeclaration(nested bool) {
	for p.i < len(p.toks) {
		switch p.toks[p.i].kind {
		case tSemicolon:
			p.i++
			return
		case tCloseCurly:
			if nested {
				return
			}
			p.i++
			continue
		}
		p.skipComponentValue()
	}
}

// prelude consumes component values up to a "{" (left at p.i), a ";" or
// the end; a "}" ends it too inside a block. It reports what ended it.
func (p *parser) prelude(nested bool) (span, tokenKind, bool) {
	from := p.i
	for p.i < len(p.toks) {
		k := p.toks[p.i].kind
		switch {
		case k == tOpenCurly, k == tSemicolon:
			return span{from, p.i}, k, true
		case k == tCloseCurly && nested:
			return span{from, p.i}, k, true
		case k == tCloseCurly:
			p.i++ // a stray "}" at the top level is part of the prelude
			continue
		}
		p.skipComponentValue()
	}
	return span{from, p.i}, 0, false
}

// qualifiedRule is "consume a qualified rule" (§5.4.3): a style rule, or
// nothing when the prelude ends without a block, the rule looks like a
// custom property, or its selectors do not parse.
func (p *parser) qualifiedRule(ctx context) Rule {
	nested := !ctx.top
	start := p.i
	pre, end, ok := p.prelude(nested)
	if !ok || end != tOpenCurly {
		p.sheet.errorf(p.offset(start), "rule %q has no block: dropped", shorten(p.rawText(pre)))
		if ok && end == tSemicolon {
			p.i++ // the stop token
		}
		return nil
	}
	if p.looksLikeCustomProperty(pre) {
		if nested {
			p.badDeclaration(true)
		} else {
			p.skipBlock()
		}
		p.sheet.errorf(p.offset(start), "rule %q starts like a custom property: dropped", shorten(p.rawText(pre)))
		return nil
	}
	if p.depth >= maxNesting {
		p.skipBlock()
		p.sheet.errorf(p.offset(start), "rules nested more than %d levels deep: dropped", maxNesting)
		return nil
	}
	return p.styleRule(ctx, pre)
}

// looksLikeCustomProperty is §5.4.3's test for "--name:" at the start of
// a prelude.
func (p *parser) looksLikeCustomProperty(pre span) bool {
	j := pre.from
	for j < pre.to && p.toks[j].kind == tWhitespace {
		j++
	}
	if j >= pre.to || p.toks[j].kind != tIdent || !strings.HasPrefix(p.text(p.toks[j]), "--") {
		return false
	}
	j++
	for j < pre.to && p.toks[j].kind == tWhitespace {
		j++
	}
	return j < pre.to && p.toks[j].kind == tColon
}

// atRule is "consume an at-rule" (§5.4.2) followed by reading the rule
// its name says (build.go). importsAllowed tells whether @import may
// stand here.
func (p *parser) atRule(ctx context, importsAllowed bool) Rule {
	nested := !ctx.top
	start := p.i
	name := lowerASCII(unescapeIdent(p.text(p.toks[p.i])[1:]))
	p.i++
	pre, end, ok := p.prelude(nested)
	hasBlock := ok && end == tOpenCurly
	if ok && end == tSemicolon {
		defer func() { p.i++ }() // the ";" belongs to the rule
	}
	if hasBlock && p.depth >= maxNesting {
		p.skipBlock()
		p.sheet.errorf(p.offset(start), "rules nested more than %d levels deep: dropped", maxNesting)
		return nil
	}
	return p.buildAtRule(ctx, name, start, pre, hasBlock, importsAllowed)
}

// unescapeIdent returns the value of an identifier-like token's text:
// its escapes (CSS Syntax §4.3.7) replaced by what they stand for.
func unescapeIdent(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		i++
		if i >= len(s) {
			b.WriteRune('\uFFFD')
			break
		}
		j := i
		for j < len(s) && j-i < 6 && isHex(s[j]) {
			j++
		}
		if j == i {
			// Not hex: the character itself (it may be several bytes).
			r, n := decodeRune(s[i:])
			b.WriteRune(r)
			i += n - 1
			continue
		}
		var v rune
		for _, h := range s[i:j] {
			v = v*16 + hexVal(byte(h))
		}
		if v == 0 || v > 0x10FFFF || v >= 0xD800 && v <= 0xDFFF {
			v = '\uFFFD'
		}
		b.WriteRune(v)
		i = j - 1
		if j < len(s) && isSpace(s[j]) {
			i = j // one white space after a hex escape belongs to it
		}
	}
	return b.String()
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func hexVal(c byte) rune {
	switch {
	case c >= '0' && c <= '9':
		return rune(c - '0')
	case c >= 'a' && c <= 'f':
		return rune(c-'a') + 10
	}
	return rune(c-'A') + 10
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }

// lowerASCII lowers ASCII letters only, as CSS's case-insensitive matches
// do.
func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

func decodeRune(s string) (rune, int) { return utf8.DecodeRuneInString(s) }
