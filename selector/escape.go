package selector

import (
	"strconv"
	"strings"

	"github.com/eventperk/eventperk-go/internal/cssescape"
)

// EscapeIdent escapes s so it can be used as a CSS identifier, like the
// DOM's CSS.escape (https://drafts.csswg.org/cssom/#the-css.escape()-method):
// "#"+EscapeIdent(id) selects the element with that id and
// "."+EscapeIdent(class) the elements with that class, whatever characters
// they contain. NUL and invalid UTF-8 become U+FFFD, as the CSS parser would
// read them.
func EscapeIdent(s string) string { return cssescape.Ident(s) }

// serializeString writes s as a CSS string, as CSSOM §2.1 "serialize a
// string" does: in double quotes, with '"' and '\' escaped, control
// characters as hexadecimal escapes, and NUL as U+FFFD.
func serializeString(b *strings.Builder, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == 0:
			b.WriteRune('\uFFFD')
		case r < 0x20 || r == 0x7f:
			b.WriteByte('\\')
			b.WriteString(strconv.FormatInt(int64(r), 16))
			b.WriteByte(' ')
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}
