package css

import "strings"

// This file holds what the parsers of the computed properties' values
// share (values_*.go): a reader over a declared value's tokens, the
// CSS-wide keywords, and the test for var(). Values are read from tokens,
// not from text, so escapes count as the characters they stand for
// ("n\6fne" is "none") and comments separate nothing.

// wideKeyword is a CSS-wide keyword (CSS Cascade 5 §7.3), or wideNone.
type wideKeyword uint8

const (
	wideNone wideKeyword = iota
	wideInitial
	wideInherit
	wideUnset
	wideRevert
	wideRevertLayer
)

var wideKeywordNames = [...]string{"", "initial", "inherit", "unset", "revert", "revert-layer"}

func (k wideKeyword) String() string { return wideKeywordNames[k] }

// valueReader reads the tokens of a declared value, without its white
// space: white space matters to none of the grammars read here (a string
// next to a string is two strings, spaced or not).
type valueReader struct {
	src  string
	toks []token
	i    int
}

// newValueReader tokenizes a declared value.
func newValueReader(value string) *valueReader {
	src := preprocess(value)
	all := tokenize(src)
	toks := all[:0]
	for _, t := range all {
		if t.kind != tWhitespace {
			toks = append(toks, t)
		}
	}
	return &valueReader{src: src, toks: toks}
}

func (r *valueReader) done() bool { return r.i >= len(r.toks) }

// peek returns the next token, and false at the end.
func (r *valueReader) peek() (token, bool) {
	if r.done() {
		return token{}, false
	}
	return r.toks[r.i], true
}

func (r *valueReader) text(t token) string { return r.src[t.off:t.end] }

// ident returns the value of an <ident-token> in ASCII lower case, its
// escapes resolved; "" for any other token.
func (r *valueReader) ident(t token) string {
	if t.kind != tIdent {
		return ""
	}
	return lowerASCII(unescapeIdent(r.text(t)))
}

// funcName returns the name of a <function-token> in ASCII lower case,
// without its "(", or "" for any other token.
func (r *valueReader) funcName(t token) string {
	if t.kind != tFunction {
		return ""
	}
	s := r.text(t)
	return lowerASCII(unescapeIdent(s[:len(s)-1]))
}

// closeOf returns the index of the token that closes the block or
// function opened at i (len(r.toks) when the value ends first, as CSS
// Syntax closes it there). It counts, it does not recurse.
func (r *valueReader) closeOf(i int) int {
	var stack []tokenKind
	for j := i; j < len(r.toks); j++ {
		k := r.toks[j].kind
		if len(stack) > 0 && k == stack[len(stack)-1] {
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				return j
			}
			continue
		}
		if c, ok := closer(k); ok {
			stack = append(stack, c)
		} else if len(stack) == 0 {
			return j
		}
	}
	return len(r.toks)
}

// keywords reads a value made only of identifiers, each in lower case;
// nil when any token is not one.
func (r *valueReader) keywords() []string {
	words := make([]string, 0, len(r.toks))
	for _, t := range r.toks {
		w := r.ident(t)
		if w == "" {
			return nil
		}
		words = append(words, w)
	}
	return words
}

// cssWideKeyword returns the CSS-wide keyword a value is, or wideNone.
func cssWideKeyword(value string) wideKeyword {
	// The common case, a plain keyword without escapes, needs no tokens.
	if !strings.ContainsAny(value, `\/ `) {
		switch lowerASCII(value) {
		case "initial":
			return wideInitial
		case "inherit":
			return wideInherit
		case "unset":
			return wideUnset
		case "revert":
			return wideRevert
		case "revert-layer":
			return wideRevertLayer
		}
		return wideNone
	}
	r := newValueReader(value)
	if len(r.toks) != 1 {
		return wideNone
	}
	for k := wideInitial; k <= wideRevertLayer; k++ {
		if r.ident(r.toks[0]) == wideKeywordNames[k] {
			return k
		}
	}
	return wideNone
}

// hasVar reports whether a value holds a var() function anywhere, which
// makes it valid at parse time whatever else it holds (CSS Variables 1
// §3): it is checked once var() is substituted, when the value is
// computed.
func hasVar(value string) bool {
	if !strings.Contains(value, "(") {
		return false
	}
	lower := lowerASCII(value)
	if !strings.Contains(lower, "var(") && !strings.Contains(value, `\`) {
		return false
	}
	r := newValueReader(value)
	for _, t := range r.toks {
		if r.funcName(t) == "var" {
			return true
		}
	}
	return false
}
