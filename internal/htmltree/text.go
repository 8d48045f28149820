package htmltree

// LowerASCII returns s with the ASCII upper-case letters lowered, as HTML
// lowers keywords and attribute names; other bytes stay. It does not
// allocate when s has no upper-case letter.
func LowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; 'A' <= c && c <= 'Z' {
					b[j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// IsSpace reports ASCII whitespace as HTML and CSS define it: space, tab,
// line feed, form feed and carriage return.
func IsSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// TrimSpace trims ASCII whitespace (IsSpace) from both ends of s; unlike
// strings.TrimSpace it keeps other Unicode spaces, as HTML does.
func TrimSpace(s string) string {
	for len(s) > 0 && IsSpace(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && IsSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

// StyleValue returns the value of the last declaration of prop in a style
// attribute, trimmed, without !important and with ASCII letters lowered,
// and whether prop is declared. It reads only what a page writes in style
// attributes: there are no style sheets and no cascade here, and no CSS
// parsing beyond splitting declarations at ';' and ':'. It allocates only
// to lower a value that has upper-case letters.
func StyleValue(style, prop string) (string, bool) {
	val, found := "", false
	for len(style) > 0 {
		decl := style
		style = ""
		for i := 0; i < len(decl); i++ {
			if decl[i] == ';' {
				decl, style = decl[:i], decl[i+1:]
				break
			}
		}
		colon := -1
		for i := 0; i < len(decl); i++ {
			if decl[i] == ':' {
				colon = i
				break
			}
		}
		if colon < 0 || !EqualFoldASCII(TrimSpace(decl[:colon]), prop) {
			continue
		}
		v := TrimSpace(decl[colon+1:])
		if n := len(v); n >= 10 && EqualFoldASCII(v[n-10:], "!important") {
			v = TrimSpace(v[:n-10])
		}
		val, found = v, true
	}
	return LowerASCII(val), found
}
