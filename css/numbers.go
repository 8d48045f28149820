package css

import (
	"strconv"
	"strings"
)

// This file holds the small readers and writers of token text that the
// parts of the parser share: numbers, dimensions, and text rebuilt from
// tokens.

// numberTokenValue returns the value of the number part of a
// <number-token>, <percentage-token> or <dimension-token> (CSS Syntax
// §4.3.13); the tokenizer has checked its form.
func numberTokenValue(s string) (float64, bool) {
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil
}

// isIntegerToken reports whether a <number-token>'s text has the type
// flag "integer": no fraction and no exponent (CSS Syntax §4.3.12).
func isIntegerToken(s string) bool { return !strings.ContainsAny(s, ".eE") }

// splitDimension splits a <dimension-token>'s text into its number and
// its unit, as written: "1e3px" is "1e3" and "px", "2em" is "2" and "em"
// (an "e" is an exponent only when a digit, or a sign and a digit,
// follows it).
func splitDimension(s string) (num, unit string) {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j < len(s) && s[j] >= '0' && s[j] <= '9' {
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			i = j
		}
	}
	return s[:i], s[i:]
}

// serializeNumber writes a number as Chromium's CSSOM does: at most six
// significant digits, no trailing zeros, no "-0".
func serializeNumber(v float64) string {
	if v == 0 {
		return "0"
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

// tokensText returns the text of toks[s] without comments, its white
// space runs made one space and trimmed; where a comment alone kept two
// tokens apart, "/**/" keeps them apart still.
func tokensText(src string, toks []token, s span) string {
	s.from = skipSpaceIn(toks, s.from, s.to)
	for s.to > s.from && toks[s.to-1].kind == tWhitespace {
		s.to--
	}
	if s.from >= s.to {
		return ""
	}
	// The common case: no comments and no white space other than single
	// spaces, so the text is the source's.
	plain := true
	for j := s.from; j < s.to; j++ {
		t := toks[j]
		if t.afterComment && j > s.from || t.kind == tWhitespace && src[t.off:t.end] != " " {
			plain = false
			break
		}
	}
	if plain {
		return src[toks[s.from].off:toks[s.to-1].end]
	}
	var b strings.Builder
	for j := s.from; j < s.to; j++ {
		t := toks[j]
		if t.kind == tWhitespace {
			// Two white space tokens meet where a comment stood
			// between them: one space for both.
			if toks[j-1].kind != tWhitespace {
				b.WriteByte(' ')
			}
			continue
		}
		if t.afterComment && j > s.from && toks[j-1].kind != tWhitespace {
			b.WriteString("/**/")
		}
		b.WriteString(src[t.off:t.end])
	}
	return b.String()
}

// spacedText returns the text of toks[s] as written, comments included,
// with its white space runs made one space and trimmed: how Chromium
// keeps an @supports condition's text.
func spacedText(src string, toks []token, s span) string {
	s.from = skipSpaceIn(toks, s.from, s.to)
	for s.to > s.from && toks[s.to-1].kind == tWhitespace {
		s.to--
	}
	var b strings.Builder
	for j := s.from; j < s.to; j++ {
		t := toks[j]
		if j > s.from && toks[j-1].end < t.off {
			b.WriteString(src[toks[j-1].end:t.off]) // a comment
		}
		if t.kind == tWhitespace {
			b.WriteByte(' ')
		} else {
			b.WriteString(src[t.off:t.end])
		}
	}
	return b.String()
}

// closeTail makes text, the text of toks[s], stand on its own when s runs
// to the end of the input: CSS Syntax ends what is still open there (a
// block or function, a string, a url(), an escape; §4.3, §5.4.8), and the
// text says so, so that it parses the same when more follows it. A "\"
// at the end is dropped from a string and is U+FFFD elsewhere; then come
// the closing quote, ")" of url(), and the closers of the open blocks.
func closeTail(text string, toks []token, s span) string {
	if s.from >= s.to || s.to != len(toks) || text == "" {
		return text
	}
	for s.to > s.from && toks[s.to-1].kind == tWhitespace {
		s.to-- // the text is trimmed
	}
	if s.from == s.to {
		return text
	}
	var open []tokenKind
	for i := s.from; i < s.to; i++ {
		k := toks[i].kind
		if len(open) > 0 && k == open[len(open)-1] {
			open = open[:len(open)-1]
		} else if c, ok := closer(k); ok {
			open = append(open, c)
		}
	}
	last := toks[s.to-1]
	if int(last.end-last.off) > len(text) {
		return text // not the text of s: a caller's mistake, left as it is
	}
	lastText := text[len(text)-int(last.end-last.off):]
	tail := ""
	switch {
	case last.kind == tString && !stringClosed(lastText):
		if loneEscape(text) {
			text = text[:len(text)-1]
		}
		tail = lastText[:1] // the opening quote
	case loneEscape(text):
		text = text[:len(text)-1] + "\uFFFD"
	}
	if (last.kind == tURL || last.kind == tBadURL) && !strings.HasSuffix(text, ")") {
		tail += ")"
	}
	if len(open) == 0 && tail == "" {
		return text
	}
	var b strings.Builder
	b.WriteString(text)
	b.WriteString(tail)
	for i := len(open) - 1; i >= 0; i-- {
		b.WriteString(map[tokenKind]string{tCloseParen: ")", tCloseSquare: "]", tCloseCurly: "}"}[open[i]])
	}
	return b.String()
}

// loneEscape reports whether text ends with a "\\" that escapes nothing:
// an odd number of them.
func loneEscape(text string) bool {
	n := 0
	for n < len(text) && text[len(text)-1-n] == '\\' {
		n++
	}
	return n%2 == 1
}

// stringClosed reports whether a <string-token>'s text ends with its
// closing quote.
func stringClosed(s string) bool {
	if len(s) < 2 {
		return false
	}
	q := s[0]
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case q:
			return i == len(s)-1
		}
	}
	return false
}
