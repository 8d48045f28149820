package vdom

import (
	"math/rand/v2"
	"strings"
)

// The three form encodings of HTML §4.10.21.7-8 and the URL standard's
// application/x-www-form-urlencoded serializer. Only UTF-8 is produced: the
// document's encoding is always UTF-8 here, so "picking an encoding for the
// form" has one answer and accept-charset has no other to offer.

// Enctypes, as the enctype attribute's keywords.
const (
	enctypeURLEncoded = "application/x-www-form-urlencoded"
	enctypeMultipart  = "multipart/form-data"
	enctypeTextPlain  = "text/plain"
)

// crlfNormalize replaces every CR not followed by LF and every LF not
// preceded by CR with CRLF, as "converting an entry list to a list of
// name-value pairs" and the multipart/form-data encoding algorithm do.
func crlfNormalize(s string) string {
	i := strings.IndexAny(s, "\r\n")
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for ; i < len(s); i++ {
		switch c := s[i]; c {
		case '\r':
			b.WriteString("\r\n")
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
		case '\n':
			b.WriteString("\r\n")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// namePair is a name-value pair of HTML "converting an entry list to a
// list of name-value pairs".
type namePair struct{ name, value string }

// entryPairs converts an entry list to name-value pairs: newlines
// normalized, a file replaced by its name.
func entryPairs(entries []FormDataEntry) []namePair {
	out := make([]namePair, len(entries))
	for i, e := range entries {
		v := e.Value
		if e.File != nil {
			v = e.File.Name
		}
		out[i] = namePair{crlfNormalize(e.Name), crlfNormalize(v)}
	}
	return out
}

// urlencodedSafe marks the bytes the application/x-www-form-urlencoded
// percent-encode set leaves alone: ASCII alphanumerics and *-._ (the set
// is the component percent-encode set plus !, ' to ), and ~).
var urlencodedSafe = func() (t [256]bool) {
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] = true
		t[c-'a'+'A'] = true
	}
	for _, c := range "*-._" {
		t[c] = true
	}
	return t
}()

// appendFormURLEncoded is the URL standard's urlencoded byte serializer for
// one string, with space as plus.
func appendFormURLEncoded(b []byte, s string) []byte {
	const hex = "0123456789ABCDEF"
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case urlencodedSafe[c]:
			b = append(b, c)
		case c == ' ':
			b = append(b, '+')
		default:
			b = append(b, '%', hex[c>>4], hex[c&15])
		}
	}
	return b
}

// encodeURLEncoded is the application/x-www-form-urlencoded serializer over
// the pairs of an entry list.
func encodeURLEncoded(entries []FormDataEntry) []byte {
	size := 0
	for _, e := range entries {
		size += len(e.Name) + len(e.Value) + 2
	}
	b := make([]byte, 0, size+size/4)
	for i, e := range entries {
		if i > 0 {
			b = append(b, '&')
		}
		v := e.Value
		if e.File != nil {
			v = e.File.Name
		}
		b = appendFormURLEncoded(b, crlfNormalize(e.Name))
		b = append(b, '=')
		b = appendFormURLEncoded(b, crlfNormalize(v))
	}
	return b
}

// encodeTextPlain is the text/plain encoding algorithm: "name=value" CRLF
// per pair, nothing escaped.
func encodeTextPlain(entries []FormDataEntry) []byte {
	var b []byte
	for _, p := range entryPairs(entries) {
		b = append(b, p.name...)
		b = append(b, '=')
		b = append(b, p.value...)
		b = append(b, '\r', '\n')
	}
	return b
}

// newBoundary returns a multipart boundary in the browsers' style: a
// prefix of dashes and 16 random alphanumerics, unlikely to occur in any
// entry.
func newBoundary() string {
	const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	b := []byte("----vdomFormBoundary0000000000000000")
	for i := len(b) - 16; i < len(b); i++ {
		b[i] = alnum[rand.IntN(len(alnum))]
	}
	return string(b)
}

// multipartEscape escapes a field name or file name for a
// Content-Disposition header: LF as %0A, CR as %0D, '"' as %22 (HTML
// "multipart/form-data encoding algorithm").
var multipartEscape = strings.NewReplacer("\n", "%0A", "\r", "%0D", `"`, "%22")

// encodeMultipart is the multipart/form-data encoding algorithm (RFC 7578
// with HTML's escaping): names and string values newline-normalized, names
// and file names with '"', CR and LF escaped, each file with its
// Content-Type (application/octet-stream when unknown or, by the File
// API's rule, invalid). No entry can add a header line: the only bytes
// that end one, CR and LF, are escaped or make the type "".
func encodeMultipart(entries []FormDataEntry, boundary string) []byte {
	var b []byte
	for _, e := range entries {
		b = append(b, "--"...)
		b = append(b, boundary...)
		b = append(b, "\r\nContent-Disposition: form-data; name=\""...)
		b = append(b, multipartEscape.Replace(crlfNormalize(e.Name))...)
		b = append(b, '"')
		if e.File != nil {
			b = append(b, "; filename=\""...)
			b = append(b, multipartEscape.Replace(e.File.Name)...)
			b = append(b, "\"\r\nContent-Type: "...)
			// fileType again: an entry list built by hand (FormDataEntry
			// values) has not been through FormData or SetFiles.
			typ := fileType(e.File.Type)
			if typ == "" {
				typ = "application/octet-stream"
			}
			b = append(b, typ...)
			b = append(b, "\r\n\r\n"...)
			b = append(b, e.File.Content...)
		} else {
			b = append(b, "\r\n\r\n"...)
			b = append(b, crlfNormalize(e.Value)...)
		}
		b = append(b, "\r\n"...)
	}
	b = append(b, "--"...)
	b = append(b, boundary...)
	b = append(b, "--\r\n"...)
	return b
}
