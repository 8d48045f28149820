// Package cssescape writes CSS identifiers, as the DOM's CSS.escape does
// (CSSOM §2.1, https://drafts.csswg.org/cssom/#the-css.escape()-method).
// It is the ground floor under package selector, whose EscapeIdent it is,
// and under internal/elname, which names elements with selectors and
// imports nothing above the tree.
package cssescape

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Ident escapes s so it can be used as a CSS identifier: "#"+Ident(id)
// selects the element with that id and "."+Ident(class) the elements with
// that class, whatever characters they contain. NUL and invalid UTF-8
// become U+FFFD, as the CSS parser would read them.
func Ident(s string) string {
	if !needsEscape(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i, r := range s {
		switch {
		case r == 0:
			b.WriteRune('\uFFFD')
		case r < 0x20 || r == 0x7f,
			i == 0 && '0' <= r && r <= '9',
			i == 1 && '0' <= r && r <= '9' && s[0] == '-':
			// Control characters and a leading digit need the numeric
			// form; the space ends the escape.
			b.WriteByte('\\')
			b.WriteString(strconv.FormatInt(int64(r), 16))
			b.WriteByte(' ')
		case i == 0 && r == '-' && len(s) == 1:
			b.WriteString(`\-`)
		case r >= 0x80 || r == '-' || r == '_' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z':
			b.WriteRune(r)
		default:
			b.WriteByte('\\')
			b.WriteRune(r)
		}
	}
	return b.String()
}

// needsEscape reports whether Ident would change s, so the common case
// returns s without allocating.
func needsEscape(s string) bool {
	if s == "" {
		return false
	}
	if s == "-" || '0' <= s[0] && s[0] <= '9' || len(s) > 1 && s[0] == '-' && '0' <= s[1] && s[1] <= '9' {
		return true
	}
	ascii := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 {
			ascii = false // passes through, unless it is invalid UTF-8
			continue
		}
		if !(c == '-' || c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return true
		}
	}
	return !ascii && !utf8.ValidString(s)
}
