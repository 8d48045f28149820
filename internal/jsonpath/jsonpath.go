// Package jsonpath builds the paths and hints that strict JSON decoders of
// this module put in their errors (EventPerk settings, CLI scenarios), so
// both read alike: `units[1].settings.event.events["with space"].handlers`,
// `unknown key "hanlder"; did you mean "handler"?`.
package jsonpath

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Key appends an object key to path: after a dot when the key is a simple
// name, else as a JSON string in brackets. An empty path starts with the key.
func Key(path, key string) string {
	if IsName(key) {
		if path == "" {
			return key
		}
		return path + "." + key
	}
	return path + "[" + Quote(key) + "]"
}

// Index appends an array index to path.
func Index(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

// IsName reports whether key can follow a dot in a path: an ASCII letter,
// "_" or "$", then letters, digits, "_", "$" or "-". The set is small on
// purpose: a reader must tell where a segment ends without Unicode tables.
func IsName(key string) bool {
	if key == "" {
		return false
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', c == '_', c == '$':
		case i > 0 && ('0' <= c && c <= '9' || c == '-'):
		default:
			return false
		}
	}
	return true
}

// Quote returns s as a JSON string literal. Unlike json.Marshal it does not
// escape <, > and &, which only matter inside HTML, so messages stay
// readable. Invalid UTF-8 becomes U+FFFD, as JSON decoders read it.
func Quote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	AppendQuoted(&b, s)
	return b.String()
}

// AppendQuoted writes Quote(s) to b.
func AppendQuoted(b *strings.Builder, s string) {
	const hex = "0123456789abcdef"
	b.WriteByte('"')
	for _, r := range s { // ranging over invalid UTF-8 yields U+FFFD
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20, r == 0x7f:
			b.WriteString(`\u00`)
			b.WriteByte(hex[r>>4])
			b.WriteByte(hex[r&0xf])
		case r == '\u2028' || r == '\u2029':
			// Valid JSON, but they end a line in JavaScript and in some
			// terminals; escaped, a message stays on one line.
			b.WriteString(`\u202`)
			b.WriteByte(hex[r&0xf])
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

// QuoteShort quotes s for a message, cut to 40 characters: the message
// names the place, so the value only has to be recognizable.
func QuoteShort(s string) string {
	const max = 40
	if utf8.RuneCountInString(s) <= max {
		return Quote(s)
	}
	n := 0
	for i := range s {
		if n == max {
			return Quote(s[:i]) + "..."
		}
		n++
	}
	return Quote(s)
}

// DidYouMean is the hint `did you mean "x"?` for the suggestion s, or "".
func DidYouMean(s string) string {
	if s == "" {
		return ""
	}
	return "did you mean " + Quote(s) + "?"
}
