package textenc

import "strings"

// ContentTypeCharset returns the charset parameter of a Content-Type value
// as the MIME Sniffing Standard's "parse a MIME type" reads it: leniently
// (parameters without a value, stray semicolons and quoted strings with
// backslash escapes are fine; the first charset parameter wins), but not
// from a value whose type/subtype is malformed, which has no parameters.
func ContentTypeCharset(ct string) (string, bool) {
	s := strings.Trim(ct, httpSpace)
	slash := strings.IndexByte(s, '/')
	if slash <= 0 || !isHTTPToken(s[:slash]) {
		return "", false
	}
	s = s[slash+1:]
	semi := strings.IndexByte(s, ';')
	sub := s
	if semi >= 0 {
		sub, s = s[:semi], s[semi:]
	} else {
		s = ""
	}
	if sub = strings.TrimRight(sub, httpSpace); sub == "" || !isHTTPToken(sub) {
		return "", false
	}
	for s != "" {
		s = strings.TrimLeft(s[1:], httpSpace) // past the ';'
		end := strings.IndexAny(s, ";=")
		if end < 0 {
			return "", false
		}
		name := strings.ToLower(s[:end])
		if s[end] == ';' {
			s = s[end:]
			continue
		}
		s = s[end+1:]
		var value string
		if strings.HasPrefix(s, `"`) {
			value, s = quotedString(s)
			if i := strings.IndexByte(s, ';'); i >= 0 {
				s = s[i:]
			} else {
				s = ""
			}
		} else {
			i := strings.IndexByte(s, ';')
			if i < 0 {
				value, s = s, ""
			} else {
				value, s = s[:i], s[i:]
			}
			value = strings.TrimRight(value, httpSpace)
			if value == "" {
				continue
			}
		}
		if name == "charset" {
			return value, true
		}
	}
	return "", false
}

// quotedString is Fetch's "collect an HTTP quoted string" with the value
// extracted: s starts at the opening quote; rest starts after the closing
// one (or is empty when there is none).
func quotedString(s string) (value, rest string) {
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if i+1 == len(s) {
				b.WriteByte('\\')
				return b.String(), ""
			}
			i++
			b.WriteByte(s[i])
		case '"':
			return b.String(), s[i+1:]
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String(), ""
}

// httpSpace is HTTP whitespace: TAB, LF, CR and space.
const httpSpace = "\t\n\r "

// isHTTPToken reports whether s is made of HTTP token code points only.
func isHTTPToken(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7F || strings.IndexByte(`"(),/:;<=>?@[\]{}`, c) >= 0 {
			return false
		}
	}
	return s != ""
}
