package css

import (
	"runtime/debug"
	"slices"
	"strings"
	"testing"
)

// parseCounting parses src as Parse does and returns the sheet and the
// parser's count of tokens looked at, and of tokens.
func parseCounting(src string) (*StyleSheet, int, int) {
	s := &StyleSheet{}
	s.text = newTextIndex(preprocess(src))
	p := &parser{sheet: s, src: s.text.src, toks: tokenize(s.text.src), read: &cssomReader{}}
	s.rules = rulesOf(p.parse(frame{mode: modeRules}))
	return s, p.steps, len(p.toks)
}

// maxStepsPerToken bounds the parser's work: a token is looked at by the
// block loop, by the scan of a declaration's value, by the scan of a
// prelude after a declaration did not parse, and by the scan of an
// at-rule's block for its text.
const maxStepsPerToken = 5

func checkLinear(t *testing.T, src string) {
	t.Helper()
	_, steps, toks := parseCounting(src)
	if steps > maxStepsPerToken*toks+8 {
		t.Errorf("%d steps for %d tokens: more than %d per token (input %q)", steps, toks, maxStepsPerToken, shorten(src))
	}
}

// checkRoundTrip checks that a sheet's text parses to a sheet whose text
// is the same.
func checkRoundTrip(t *testing.T, src string) {
	t.Helper()
	text := Parse(src).CSSText()
	again := Parse(text).CSSText()
	if again != text {
		t.Errorf("CSSText does not round-trip:\ninput  %q\nfirst  %q\nsecond %q", src, text, again)
	}
}

var fuzzSeeds = []string{
	"a { color: red; b { top: 0 } width: 1px }",
	"@media screen and (min-width: 100px) { .x { display: none } }",
	"@supports (display: grid) and selector(a > b) { a {} }",
	`@import url("a.css") layer(x) supports(display: grid) screen;`,
	"@layer a, b; @layer a { x {} }",
	"@keyframes k { from { top: 0 } 50% { top: 1px } }",
	"@font-face { font-family: x; src: url(x.woff2) format('woff2') }",
	"@page :first { margin: 1cm; @top-left { content: 'x' } }",
	"@scope (.a) to (.b) { color: red; .c {} }",
	"a { --x: {a} ( [ }",
	"a { b: \"c\\",
	"@media (foo",
	"<!-- a {} --> } ; @charset \"x\";",
	"a{b:c!important!important;d:e f{}}",
	"@namespace svg url(x); svg|a {}",
	"\x00\r\n\f\ufffd\\",
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		checkLinear(t, src)
		checkRoundTrip(t, src)
		for _, e := range Parse(src).Errors() {
			if e.Pos.Line < 1 || e.Pos.Column < 1 {
				t.Errorf("error at %v: %v", e.Pos, e)
			}
		}
	})
}

func TestFuzzSeeds(t *testing.T) {
	for _, s := range fuzzSeeds {
		checkLinear(t, s)
		checkRoundTrip(t, s)
	}
}

// TestParseLinear checks that the work of parsing grows with the input,
// on inputs built to make a parser go back over what it read: deep
// nesting, declarations that turn out to be rules, long values, blocks
// left open.
func TestParseLinear(t *testing.T) {
	for _, src := range []string{
		strings.Repeat("a { ", 5000),
		strings.Repeat("@media all { ", 5000),
		strings.Repeat("a:b { c:d { ", 3000),
		"a { " + strings.Repeat("b: {c} d; ", 3000) + "}",
		"a { --x: " + strings.Repeat("( [ { ", 3000),
		"a { " + strings.Repeat("--x: {a} ", 3000) + "}",
		strings.Repeat("@font-face { ", 3000),
		strings.Repeat("@keyframes k { from { ", 2000),
		strings.Repeat("x; ", 5000) + "a {}",
	} {
		checkLinear(t, src)
	}
}

// TestCloseTail checks that what the end of the input leaves open is
// closed in the text kept: a value parses the same with more after it.
func TestCloseTail(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`a { --x: ( }`, `a { --x: ( }); }`},
		{`a { --x: "abc`, `a { --x: "abc"; }`},
		{`a { --x: "abc\`, `a { --x: "abc"; }`},
		{`a { --x: "a\\`, `a { --x: "a\\"; }`},
		{`a { --x: ab\`, "a { --x: ab\uFFFD; }"},
		{`a { --x: url(x`, `a { --x: url(x); }`},
		{`a { --x: [(`, `a { --x: [()]; }`},
		{`a { --x: ( ] }`, `a { --x: ( ] }); }`},
		{`@import "a.css" (foo`, `@import url("a.css") (foo);`},
	} {
		if got := Parse(tc.in).CSSText(); got != tc.want {
			t.Errorf("Parse(%q).CSSText() = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func FuzzMediaList(f *testing.F) {
	for _, s := range []string{
		"screen and (min-width: 100px), print",
		"not all and (monochrome)",
		"(400px <= width < 800px)",
		"((color) or (hover)) and (width > calc(1px + 2em))",
		"(aspect-ratio: 16/9)",
		"foo(bar) or (unknown)",
		"only screen and (-webkit-min-device-pixel-ratio: 2)",
		"(resolution: 2dppx",
	} {
		f.Add(s)
	}
	md := DefaultMedium()
	f.Fuzz(func(t *testing.T, text string) {
		l := ParseMediaList(text)
		l.Matches(md)
		// The serialization is a list Chromium would serialize the
		// same, and that means the same.
		again := ParseMediaList(l.MediaText())
		if again.MediaText() != l.MediaText() {
			t.Errorf("MediaText does not round-trip: %q -> %q -> %q", text, l.MediaText(), again.MediaText())
		}
		if again.Matches(md) != l.Matches(md) {
			t.Errorf("%q matches %v, its MediaText %q %v", text, l.Matches(md), l.MediaText(), again.Matches(md))
		}
	})
}

func FuzzSupports(f *testing.F) {
	for _, s := range []string{
		"(display: grid) and (not (foo: bar))",
		"selector(a > b) or font-tech(color-colrv1)",
		"font-format(woff2)",
		"not foo(bar)",
		"((((display: block))))",
		"(--x: {a})",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		c, ok := ParseSupports(text)
		Supports(text)
		if !ok {
			return
		}
		again, ok := ParseSupports(c.Text())
		if !ok || again.Text() != c.Text() || again.Supported() != c.Supported() {
			t.Errorf("%q: Text %q (%v) reparses as %q (%v, ok %v)", text, c.Text(), c.Supported(), again.Text(), again.Supported(), ok)
		}
	})
}

// TestPositions checks textIndex against a count of runes, at every
// offset where a character starts, asked for in order, backwards and
// jumping about, in a text with long lines and characters of every UTF-8
// length.
func TestPositions(t *testing.T) {
	src := strings.Repeat("aé€😀", 100) + "\n" + strings.Repeat("x", 300) + "\n\nü" + strings.Repeat("é", 200)
	naive := func(off int) Position {
		line, start := 1, 0
		for i := 0; i < off; i++ {
			if src[i] == '\n' {
				line, start = line+1, i+1
			}
		}
		return Position{Line: line, Column: 1 + len([]rune(src[start:off]))}
	}
	var offs []int
	for i := range src {
		offs = append(offs, i)
	}
	orders := [][]int{offs, slices.Clone(offs), nil}
	slices.Reverse(orders[1])
	for i := range offs {
		orders[2] = append(orders[2], offs[(i*7919)%len(offs)])
	}
	for _, order := range orders {
		x := newTextIndex(src)
		for _, off := range order {
			if got, want := x.position(int32(off)), naive(off); got != want {
				t.Fatalf("position(%d) = %v, want %v", off, got, want)
			}
		}
	}
}

// TestParseSmallStack parses deeply nested input with a Go stack limit
// far below what recursion over it would need.
func TestParseSmallStack(t *testing.T) {
	old := debug.SetMaxStack(256 << 10)
	defer debug.SetMaxStack(old)
	deep := strings.Repeat("a { ", 50000) + strings.Repeat("--x: (", 50000)
	Parse(deep)
	Parse(strings.Repeat("@supports ((", 50000))
	ParseMediaList(strings.Repeat("(", 50000) + "color")
	ParseSupports(strings.Repeat("not (", 50000) + "a: b")
	ParseDeclarations("--x: " + strings.Repeat("[{(", 50000))
}

// TestParseSizeLimit checks that a sheet longer than the limit is cut
// there, with an error at the cut, and what comes before is kept.
func TestParseSizeLimit(t *testing.T) {
	src := "a { color: red } b { color: blue } c { top: 0 }"
	s := parseLimited(src, Options{}, 34)
	if got, want := s.CSSText(), "a { color: red; }\nb { color: blue; }"; got != want {
		t.Errorf("CSSText() = %q, want %q", got, want)
	}
	errs := s.Errors()
	if len(errs) != 1 || errs[0].Msg != "sheet larger than 34 bytes: the rest is dropped" || errs[0].Pos != (Position{1, 35}) {
		t.Errorf("Errors() = %v", errs)
	}
}

// TestParseSizeLimitAfterPreprocessing checks that text that grows in
// preprocessing (a NUL is U+FFFD, three bytes) is cut to the limit too.
func TestParseSizeLimitAfterPreprocessing(t *testing.T) {
	s := parseLimited("a{--x:\x00\x00\x00\x00}", Options{}, 12)
	if got := len(s.Text()); got > 12 {
		t.Errorf("text of %d bytes, limit 12", got)
	}
	if got, want := s.Text(), "a{--x:\uFFFD\uFFFD"; got != want {
		t.Errorf("Text() = %q, want %q", got, want)
	}
	if len(s.Errors()) != 1 {
		t.Errorf("Errors() = %v", s.Errors())
	}
}

// TestParseBOM checks that a byte order mark at the start of a string is
// not read as part of the first selector.
func TestParseBOM(t *testing.T) {
	if got := Parse("\uFEFFa { top: 0 }").CSSText(); got != "a { top: 0; }" {
		t.Errorf("CSSText() = %q", got)
	}
}
