package css

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// This file is CSS Syntax §5.4's parser ("consume a stylesheet's
// contents", "consume a block's contents", "consume a declaration", ...)
// in the form CSS Nesting builds on: a style rule's block holds
// declarations and rules mixed. It keeps no tree of component values: it
// walks the tokens once, skipping over blocks to find where each rule and
// declaration ends, and hands preludes and values on as spans of tokens
// to a ruleReader (build.go reads them as the CSS modules define them).
//
// The blocks that are open are a stack of frames, not a recursion, so the
// depth of the input costs no Go stack; maxNesting bounds it all the same,
// for what reads the rules afterwards.

// maxNesting is how deep blocks of rules may nest: a rule whose block
// would open deeper is dropped with a ParseError.
const maxNesting = 256

// blockMode is how a block's contents are read. CSS Syntax reads every
// block with "consume a block's contents"; Chromium reads three kinds of
// block three ways, and those are the ways here.
type blockMode uint8

const (
	// modeRules is a list of rules: the sheet's top level (CSS Syntax
	// §5.4.1), and the blocks of @media, @supports, @layer, @container
	// and @keyframes outside style rules. A ";" does not end a qualified
	// rule's prelude there: "color: red; a {}" is one rule, whose
	// selector is not valid.
	modeRules blockMode = iota
	// modeStyle is a style rule's block and the blocks of grouping rules
	// inside one (and @scope's): declarations and nested rules mixed,
	// where a ";" ends a nested rule's prelude (§5.4.4, "consume a
	// block's contents").
	modeStyle
	// modeDecls is a list of declarations: a style attribute, and the
	// blocks of @font-face, @page and the other at-rules of descriptors.
	// What does not parse as a declaration is skipped to the next ";"
	// ("consume the remnants of a bad declaration").
	modeDecls
)

// A ruleReader reads the rules the parser finds. The parser decides where
// rules, blocks and declarations start and end; the reader decides what
// they mean and whether they are valid, and reports what it drops.
type ruleReader interface {
	// qualifiedRule reads a qualified rule whose prelude is pre; its
	// block's "{" is at p.i. It returns the rule, or nil when the rule
	// is dropped, and, when open is true, the frame in which the parser
	// reads the block's contents. The parser skips a block that is not
	// opened.
	qualifiedRule(p *parser, f *frame, pre span) (r Rule, child frame, open bool)
	// atRule reads an at-rule whose keyword is the token at (name is
	// its value, as written), as qualifiedRule does; hasBlock tells whether a block follows the
	// prelude (at p.i) or the rule ended with ";", "}" or the end.
	atRule(p *parser, f *frame, name string, at int, pre span, hasBlock bool) (r Rule, child frame, open bool)
	// declaration reports whether a declaration whose name is the token
	// at is kept in f; val is its value's span without "!important".
	declaration(p *parser, f *frame, d *Declaration, at int, val span) bool
	// closeBlock gives the rule of a frame whose block ended the items
	// read in it.
	closeBlock(p *parser, f *frame)
}

type parser struct {
	sheet  *StyleSheet
	src    string
	toks   []token
	i      int
	read   ruleReader
	frames []frame
	// closers is skip's stack of the closing tokens it waits for.
	closers []tokenKind
	// steps counts the tokens the parser looks at, for the tests that
	// check that parsing takes time in proportion to the input.
	steps int
	// declBuf is where the innermost block collects its run of
	// declarations (only it has one: a run ends before a nested block
	// opens), copied out at the run's end at its exact size.
	declBuf []Declaration
}

// span is a range of tokens, [from, to).
type span struct{ from, to int }

// frame is a block being read, or the top level.
type frame struct {
	mode blockMode
	// block is set for a {}-block, which a "}" closes; the sheet's top
	// level and a style attribute are no block.
	block bool
	// rule is the rule the block belongs to; nil for the top level.
	rule Rule
	// parent is the style rule the block's declarations belong to,
	// directly or through grouping rules; nil outside style rules.
	parent *StyleRule
	items  []item
	decls  []Declaration
}

// item is an entry of a block's contents: a rule, or a run of
// declarations.
type item struct {
	rule  Rule
	decls []Declaration
}

// flush ends the run of declarations being collected, which it copies
// out of the parser's buffer.
func (f *frame) flush() {
	if len(f.decls) > 0 {
		f.items = append(f.items, item{decls: slices.Clone(f.decls)})
		f.decls = nil
	}
}

// top reports whether f is the top level of a sheet.
func (f *frame) top() bool { return f.mode == modeRules && !f.block }

func (p *parser) text(t token) string { return p.src[t.off:t.end] }

// offset returns the text offset of the token at i (the end of the text
// when i is past the last token).
func (p *parser) offset(i int) int32 {
	if i < len(p.toks) {
		return p.toks[i].off
	}
	return int32(len(p.src))
}

// errorAt records that what starts at the token i was dropped.
func (p *parser) errorAt(i int, format string, args ...any) {
	p.sheet.errorf(p.offset(i), format, args...)
}

// parse reads tokens from p.i to the end in the frame root and returns
// what it holds. EOF closes every block still open (CSS Syntax §5.4.4:
// the end of the input ends a block as its "}" would).
func (p *parser) parse(root frame) []item {
	p.frames = append(p.frames[:0], root)
	for {
		p.steps++
		f := &p.frames[len(p.frames)-1]
		if p.i >= len(p.toks) {
			if len(p.frames) == 1 {
				f.flush()
				return f.items
			}
			p.closeFrame()
			continue
		}
		switch p.toks[p.i].kind {
		case tWhitespace:
			p.i++
			continue
		case tCloseCurly:
			if f.block {
				p.i++
				p.closeFrame()
				continue
			}
		case tSemicolon:
			if f.mode != modeRules {
				p.i++
				continue
			}
		case tCDO, tCDC:
			// §5.4.1: dropped at the top level only.
			if f.top() {
				p.i++
				continue
			}
		case tAtKeyword:
			f.flush()
			p.atRule(f)
			continue
		}
		switch f.mode {
		case modeRules:
			p.qualifiedRule(f)
		case modeStyle:
			if mark := p.i; !p.declaration(f) {
				p.i = mark
				p.qualifiedRule(f)
			}
		case modeDecls:
			if mark := p.i; !p.declaration(f) {
				p.i = mark
				p.errorAt(p.i, "%q is not a declaration: dropped", shorten(p.rawText(p.badDeclaration(f.block))))
			}
		}
	}
}

// closeFrame ends the innermost block and hands its contents to its rule.
func (p *parser) closeFrame() {
	f := &p.frames[len(p.frames)-1]
	f.flush()
	p.read.closeBlock(p, f)
	*f = frame{}
	p.frames = p.frames[:len(p.frames)-1]
}

// open adds a rule the reader returned to f, and opens its block.
func (p *parser) open(f *frame, r Rule, child frame, open, hasBlock bool) {
	if r != nil {
		f.flush()
		f.items = append(f.items, item{rule: r})
	}
	if !hasBlock {
		return
	}
	if r == nil || !open {
		p.skip()
		return
	}
	p.i++ // the "{"
	p.frames = append(p.frames, child)
}

// tooDeep drops a rule whose block would nest deeper than maxNesting.
func (p *parser) tooDeep(start int) bool {
	if len(p.frames) <= maxNesting {
		return false
	}
	p.skip()
	p.errorAt(start, "rules nested more than %d levels deep: dropped", maxNesting)
	return true
}

// qualifiedRule is "consume a qualified rule" (§5.4.3) in f.
func (p *parser) qualifiedRule(f *frame) {
	start := p.i
	pre, end := p.prelude(f.block, f.mode == modeStyle)
	if end != tOpenCurly {
		// §5.4.3: a rule ended by its stop token, a "}" or the end
		// has no block and is dropped; the "}" or ";" is left for the
		// block's loop.
		p.errorAt(start, "%q has no {} block: dropped", shorten(p.rawText(pre)))
		return
	}
	if p.looksLikeCustomProperty(pre) {
		// §5.4.3: "--name: {...}" is a custom property gone wrong, not a
		// rule; nested, what follows up to ";" goes with it.
		if f.mode == modeStyle {
			p.badDeclaration(true)
		} else {
			p.skip()
		}
		p.errorAt(start, "rule %q starts like a custom property: dropped", shorten(p.rawText(pre)))
		return
	}
	if p.tooDeep(start) {
		return
	}
	r, child, open := p.read.qualifiedRule(p, f, pre)
	p.open(f, r, child, open, true)
}

// atRule is "consume an at-rule" (§5.4.2) in f: the prelude runs to a
// ";", a "{" or the end, and inside a block to a "}" too.
func (p *parser) atRule(f *frame) {
	start := p.i
	name := unescapeIdent(p.text(p.toks[p.i])[1:])
	p.i++
	pre, end := p.prelude(f.block, true)
	if end == tSemicolon {
		p.i++
	}
	hasBlock := end == tOpenCurly
	if hasBlock && p.tooDeep(start) {
		return
	}
	r, child, open := p.read.atRule(p, f, name, start, pre, hasBlock)
	p.open(f, r, child, open, hasBlock)
}

// prelude consumes component values up to a "{" (left at p.i), a ";"
// when semicolonEnds, a "}" when curlyEnds, or the end, and reports which
// ended it (0 for the end). A "}" that does not end the prelude is a
// parse error that the prelude keeps (§5.4.2, §5.4.3).
func (p *parser) prelude(curlyEnds, semicolonEnds bool) (span, tokenKind) {
	from := p.i
	for p.i < len(p.toks) {
		switch k := p.toks[p.i].kind; {
		case k == tOpenCurly, k == tSemicolon && semicolonEnds, k == tCloseCurly && curlyEnds:
			return span{from, p.i}, k
		}
		p.skipComponentValue()
	}
	return span{from, p.i}, 0
}

// looksLikeCustomProperty is §5.4.3's test for "--name:" at the start of
// a prelude.
func (p *parser) looksLikeCustomProperty(pre span) bool {
	j := p.skipSpace(pre.from, pre.to)
	if j >= pre.to || p.toks[j].kind != tIdent || !strings.HasPrefix(p.text(p.toks[j]), "--") {
		return false
	}
	j = p.skipSpace(j+1, pre.to)
	return j < pre.to && p.toks[j].kind == tColon
}

// skipSpace returns the first index in [i, to) that is not white space.
func (p *parser) skipSpace(i, to int) int { return skipSpaceIn(p.toks, i, to) }

// declaration is "consume a declaration" (§5.4.6) in f: it returns false,
// leaving p.i anywhere, when the tokens at p.i are no declaration. A
// declaration that parses but is not valid (the reader says so) is
// consumed and dropped: CSS Syntax would try its tokens again as a rule,
// which never succeeds, as its prelude ends with ":" or is cut by the ";"
// or "}" that ended the declaration.
func (p *parser) declaration(f *frame) bool {
	nested := f.block
	start := p.i
	if p.toks[p.i].kind != tIdent {
		return false
	}
	name := unescapeIdent(p.text(p.toks[p.i]))
	custom := strings.HasPrefix(name, "--")
	p.i = p.skipSpace(p.i+1, len(p.toks))
	if p.i >= len(p.toks) || p.toks[p.i].kind != tColon {
		return false
	}
	p.i = p.skipSpace(p.i+1, len(p.toks))
	from := p.i
	// The value runs to ";", or to "}" (inside a block) or the end. A
	// {}-block may stand in a property's value only as the whole value
	// (§5.4.6 step 8); a value with a block and more is no declaration,
	// and the block's loop tries it as a nested rule.
	sawValue, sawBlock := false, false
	for p.i < len(p.toks) {
		k := p.toks[p.i].kind
		if k == tSemicolon || k == tCloseCurly && nested {
			break
		}
		if k != tWhitespace && !custom {
			if sawBlock || k == tOpenCurly && sawValue {
				return false
			}
			sawBlock = k == tOpenCurly
			sawValue = true
		}
		p.skipComponentValue()
	}
	d := Declaration{Property: name, Pos: p.sheet.position(p.toks[start].off)}
	if !custom {
		d.Property = lowerASCII(name)
	}
	val, important := p.important(span{from, p.i})
	d.Important = important
	// closeTail needs to know whether the value ran to the end, white
	// space and all (a value before "!important" leaves nothing open).
	toEnd := val
	if !important {
		toEnd.to = p.i
	}
	if custom {
		// A custom property's value is its text as written (CSS
		// Variables §2.1), comments included.
		d.Value = closeTail(p.rawText(val), p.toks, toEnd)
	} else {
		d.Value = closeTail(p.valueText(val), p.toks, toEnd)
	}
	if p.read.declaration(p, f, &d, start, val) {
		if len(f.decls) == 0 {
			f.decls = p.declBuf[:0]
		}
		f.decls = append(f.decls, d)
		p.declBuf = f.decls[:0]
	}
	return true
}

// important finds "!important" at the end of a value (§5.4.6 step 6) and
// returns the value without it and its trailing white space.
func (p *parser) important(v span) (span, bool) { return importantAt(p.src, p.toks, v) }

func importantAt(src string, toks []token, v span) (span, bool) {
	text := func(t token) string { return src[t.off:t.end] }
	j := v.to - 1
	for j >= v.from && toks[j].kind == tWhitespace {
		j--
	}
	imp := false
	if j >= v.from && toks[j].kind == tIdent && strings.EqualFold(unescapeIdent(text(toks[j])), "important") {
		k := j - 1
		for k >= v.from && toks[k].kind == tWhitespace {
			k--
		}
		if k >= v.from && toks[k].kind == tDelim && text(toks[k]) == "!" {
			imp, j = true, k-1
			for j >= v.from && toks[j].kind == tWhitespace {
				j--
			}
		}
	}
	return span{v.from, j + 1}, imp
}

// badDeclaration is "consume the remnants of a bad declaration" (§5.4.7)
// from p.i; it returns what it consumed, without the ";".
func (p *parser) badDeclaration(nested bool) span {
	from := p.i
	for p.i < len(p.toks) {
		switch p.toks[p.i].kind {
		case tSemicolon:
			p.i++
			return span{from, p.i - 1}
		case tCloseCurly:
			if nested {
				return span{from, p.i}
			}
		}
		p.skipComponentValue()
	}
	return span{from, p.i}
}

// skipComponentValue moves past one component value (§5.4.9): a whole
// block or function when the token opens one, else the token.
func (p *parser) skipComponentValue() { p.i = p.skipFrom(p.i) }

// skip moves past the block whose "{" is at p.i.
func (p *parser) skip() { p.skipComponentValue() }

// skipFrom returns the index past the component value at i.
func (p *parser) skipFrom(i int) int {
	end := skipComponent(p.toks, i, &p.closers)
	p.steps += end - i
	return end
}

// blockText returns the text inside the block whose "{" is at p.i,
// without moving p.i.
func (p *parser) blockText() string {
	end := p.skipFrom(p.i)
	inner := span{p.i + 1, end}
	if end-1 > p.i && p.toks[end-1].kind == tCloseCurly {
		inner.to = end - 1
	}
	// Trim white space tokens, not text: a string's own spaces stay.
	trimmed := span{p.skipSpace(inner.from, inner.to), inner.to}
	for trimmed.to > trimmed.from && p.toks[trimmed.to-1].kind == tWhitespace {
		trimmed.to--
	}
	return closeTail(p.rawText(trimmed), p.toks, inner)
}

// rawText returns the source text of a span of tokens, comments and all.
func (p *parser) rawText(s span) string {
	if s.from >= s.to {
		return ""
	}
	return p.src[p.toks[s.from].off:p.toks[s.to-1].end]
}

// valueText returns a span's text as tokensText makes it.
func (p *parser) valueText(s span) string { return tokensText(p.src, p.toks, s) }

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
			r, n := utf8.DecodeRuneInString(s[i:])
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
