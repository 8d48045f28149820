package selector

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// This file is the selector tokenizer: characters, identifiers, escapes,
// strings, comments and the bracketed arguments of functional
// pseudo-classes, with exact offsets for errors. The grammar built on it
// is in parse.go. It exists because cascadia neither reports where a
// selector is wrong nor knows :scope, :is(), :where(), relative :has(),
// pseudo-elements or nesting. It respects strings, brackets, parentheses,
// escapes and comments, so commas in `[title="a,b"]` or `:is(a, b)` do not
// split the list.

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}

func isNameStart(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c >= 0x80
}

func isNameChar(c byte) bool {
	return isNameStart(c) || c == '-' || '0' <= c && c <= '9'
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func isNewline(c byte) bool { return c == '\n' || c == '\r' || c == '\f' }

func (p *parser) errorf(off int, format string, args ...any) *Error {
	return &Error{Selector: p.src, Offset: off, Reason: fmt.Sprintf(format, args...)}
}

// found describes what is at i, for "expected X, found Y" messages.
func (p *parser) found(i int) string {
	if i >= len(p.src) {
		return "end of input"
	}
	r, _ := utf8.DecodeRuneInString(p.src[i:])
	return fmt.Sprintf("%q", r)
}

func (p *parser) at(i int) byte {
	if i < len(p.src) {
		return p.src[i]
	}
	return 0
}

// skipSpace skips whitespace and comments and reports whether there was
// whitespace (a comment alone does not separate compounds, as in CSS).
// An unterminated comment runs to the end of the input, as in CSS.
func (p *parser) skipSpace() bool {
	space := false
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if isSpace(c) {
			p.pos++
			space = true
			continue
		}
		if p.skipComment() {
			continue
		}
		break
	}
	return space
}

func (p *parser) skipComment() bool {
	if !strings.HasPrefix(p.src[p.pos:], "/*") {
		return false
	}
	p.own = true // cascadia takes a comment for a descendant combinator
	end := strings.Index(p.src[p.pos+2:], "*/")
	if end < 0 {
		p.pos = len(p.src)
	} else {
		p.pos += 2 + end + 2
	}
	return true
}

// validEscape reports whether a backslash at i starts an escape.
func (p *parser) validEscape(i int) bool {
	return i+1 < len(p.src) && p.src[i] == '\\' && !isNewline(p.src[i+1])
}

// startsIdent reports whether an identifier starts at i (CSS Syntax 4.3.9),
// except that a backslash at the very end of the input is reported as an
// error by scanIdent rather than silently becoming U+FFFD.
func (p *parser) startsIdent(i int) bool {
	if i >= len(p.src) {
		return false
	}
	switch c := p.src[i]; {
	case c == '-':
		if n := p.at(i + 1); isNameStart(n) || n == '-' {
			return true
		}
		return p.validEscape(i+1) || p.at(i+1) == '\\' && i+2 == len(p.src)
	case c == '\\':
		return p.validEscape(i) || i+1 == len(p.src)
	default:
		return isNameStart(c)
	}
}

// scanIdent advances over an identifier (or the name part of one) and
// returns its start.
func (p *parser) scanIdent() (int, error) {
	start := p.pos
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if isNameChar(c) {
			p.pos++
			continue
		}
		if c != '\\' {
			break
		}
		if p.pos+1 == len(p.src) {
			return start, p.errorf(p.pos, "incomplete escape at end of input")
		}
		if isNewline(p.src[p.pos+1]) {
			break // not an escape; whatever follows reports the stray backslash
		}
		p.skipEscape()
	}
	return start, nil
}

// skipEscape advances over a valid escape at p.pos: up to six hex digits
// and one optional whitespace, or any single character.
func (p *parser) skipEscape() {
	i := p.pos + 1
	if isHex(p.src[i]) {
		j := i
		for j < len(p.src) && j < i+6 && isHex(p.src[j]) {
			j++
		}
		if j < len(p.src) && isSpace(p.src[j]) {
			if p.src[j] == '\r' && p.at(j+1) == '\n' {
				j++
			}
			j++
		}
		p.pos = j
		return
	}
	_, size := utf8.DecodeRuneInString(p.src[i:])
	p.pos = i + size
}

// unescape returns the value of the identifier text s (escapes resolved),
// used for pseudo-class names so that ":NOT(" and ":n\ot(" are recognized.
func unescape(s string) string { return unescapeText(s, false) }

// unescapeString returns the value of the contents of a quoted string: as
// unescape, but an escaped line break is dropped (CSS Syntax §4.3.5).
func unescapeString(s string) string { return unescapeText(s, true) }

func unescapeText(s string, inString bool) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			i++
			continue
		}
		i++
		if inString && isNewline(s[i]) {
			if s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
			i++
			continue
		}
		if !isHex(s[i]) {
			_, size := utf8.DecodeRuneInString(s[i:])
			b.WriteString(s[i : i+size])
			i += size
			continue
		}
		var v rune
		j := i
		for j < len(s) && j < i+6 && isHex(s[j]) {
			v = v*16 + rune(hexVal(s[j]))
			j++
		}
		if v == 0 || v > utf8.MaxRune || (v >= 0xD800 && v <= 0xDFFF) {
			v = utf8.RuneError
		}
		b.WriteRune(v)
		if j < len(s) && isSpace(s[j]) {
			if s[j] == '\r' && j+1 < len(s) && s[j+1] == '\n' {
				j++
			}
			j++
		}
		i = j
	}
	return b.String()
}

func hexVal(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	default:
		return c - '0'
	}
}

// scanString advances over a quoted string at p.pos.
func (p *parser) scanString() error {
	quote := p.src[p.pos]
	p.pos++
	for {
		if p.pos == len(p.src) {
			return p.errorf(p.pos, "unterminated string, expected %q", quote)
		}
		switch c := p.src[p.pos]; {
		case c == quote:
			p.pos++
			return nil
		case c == '\\':
			if p.pos+1 == len(p.src) {
				return p.errorf(p.pos+1, "unterminated string, expected %q", quote)
			}
			if n := p.src[p.pos+1]; isNewline(n) { // an escaped newline continues the string
				p.pos += 2
				if n == '\r' && p.at(p.pos) == '\n' {
					p.pos++
				}
				continue
			}
			p.skipEscape()
		case isNewline(c):
			return p.errorf(p.pos, "unterminated string, found a line break before %q", quote)
		default:
			p.pos++
		}
	}
}

// scanRegexp advances over the value of cascadia's [attr#=regexp] exactly
// as cascadia reads it: up to the first ')' or ']' that closes nothing.
func (p *parser) scanRegexp(closer byte) error {
	open := 0
	for ; p.pos < len(p.src); p.pos++ {
		switch p.src[p.pos] {
		case '(', '[':
			open++
		case ')', ']':
			if open == 0 {
				return nil
			}
			open--
		}
	}
	return p.errorf(p.pos, "unterminated regular expression, expected %q", closer)
}

// scanArgs advances to the ')' that closes a functional pseudo-class
// argument cascadia will parse, skipping strings, escapes and nested
// parentheses.
func (p *parser) scanArgs(name string) error {
	open := 0
	for p.pos < len(p.src) {
		switch c := p.src[p.pos]; c {
		case '\\':
			if p.pos+1 == len(p.src) {
				return p.errorf(p.pos, "incomplete escape at end of input")
			}
			if isNewline(p.src[p.pos+1]) {
				return p.errorf(p.pos, "unexpected '\\\\' before a line break")
			}
			p.skipEscape()
			continue
		case '"', '\'':
			if err := p.scanString(); err != nil {
				return err
			}
			continue
		case '(':
			open++
		case ')':
			if open == 0 {
				return nil
			}
			open--
		}
		p.pos++
	}
	return p.errorf(p.pos, "expected ')' to close :%s(, found end of input", name)
}
