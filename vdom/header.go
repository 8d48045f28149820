package vdom

// Header is the header fields of a NavigationRequest, each name mapped to
// its values. Its methods file names as net/http's Header does, under
// their canonical form ("content-type" → "Content-Type"), and its
// underlying type is http.Header's, so http.Header(h) converts it without
// a copy and vdom.Header(h) converts back.
//
// vdom does not import net/http for this type: a program that tests pages
// with vdom alone does not build and link the HTTP client and server, TLS
// and the certificate code (docs/performance.md, "Build and test times").
type Header map[string][]string

// Get returns the first value of the field named key, or "" if there is
// none.
func (h Header) Get(key string) string {
	if vs := h[canonicalHeaderKey(key)]; len(vs) > 0 {
		return vs[0]
	}
	return ""
}

// Values returns the values of the field named key, nil if there are
// none. The slice is the header's own, not a copy.
func (h Header) Values(key string) []string {
	return h[canonicalHeaderKey(key)]
}

// Set replaces the values of the field named key with value.
func (h Header) Set(key, value string) {
	h[canonicalHeaderKey(key)] = []string{value}
}

// Add appends value to the values of the field named key.
func (h Header) Add(key, value string) {
	key = canonicalHeaderKey(key)
	h[key] = append(h[key], value)
}

// Del removes the field named key.
func (h Header) Del(key string) {
	delete(h, canonicalHeaderKey(key))
}

// canonicalHeaderKey returns the form of a header field name that Header
// files it under, the one http.CanonicalHeaderKey gives: the first
// letter and each letter after a hyphen in upper case, the others in
// lower case. A name with a byte that no field name may hold (RFC 9110
// §5.1: a field name is a token, §5.6.2) is returned
// as it is.
func canonicalHeaderKey(key string) string {
	canonical := true
	upper := true
	for i := 0; i < len(key); i++ {
		c := key[i]
		if !isTokenByte(c) {
			return key
		}
		if upper && 'a' <= c && c <= 'z' || !upper && 'A' <= c && c <= 'Z' {
			canonical = false
		}
		upper = c == '-'
	}
	if canonical {
		return key
	}
	b := []byte(key)
	upper = true
	for i, c := range b {
		switch {
		case upper && 'a' <= c && c <= 'z':
			b[i] = c - 'a' + 'A'
		case !upper && 'A' <= c && c <= 'Z':
			b[i] = c - 'A' + 'a'
		}
		upper = c == '-'
	}
	return string(b)
}

// isTokenByte reports whether c may appear in an HTTP token (RFC 9110
// §5.6.2: tchar).
func isTokenByte(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	switch c {
	case '!', '#', '$', '%', '&', '\'', '*', '+', '-', '.', '^', '_', '`', '|', '~':
		return true
	}
	return false
}
