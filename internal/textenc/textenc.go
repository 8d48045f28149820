// Package textenc holds the parts of the Encoding Standard that decoding
// HTML (package vdom) and CSS (package css) share: getting an encoding
// from a label, decoding bytes with it, and reading the charset parameter
// of a Content-Type.
//
// Files:
//   - textenc.go: Lookup, Encoding and its decoding
//   - mime.go: ContentTypeCharset
package textenc

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
)

// Encoding is an encoding of the Encoding Standard.
type Encoding struct {
	enc encoding.Encoding
	// Name is the encoding's name as the standard spells it (and as
	// document.characterSet returns it): "UTF-8", "windows-1252",
	// "Shift_JIS", "UTF-16LE", ...
	Name string
}

// Lookup is the Encoding Standard's "get an encoding": the label with
// ASCII white space trimmed, matched case-insensitively; ok is false for a
// label that names no encoding (the standard's failure).
func Lookup(label string) (Encoding, bool) {
	e, name := charset.Lookup(strings.Trim(label, "\t\n\f\r "))
	if e == nil {
		return Encoding{}, false
	}
	return Encoding{enc: e, Name: standardName(name)}, true
}

// MustLookup looks up a label known to name an encoding; it panics for
// one that does not, which is a programming error.
func MustLookup(label string) Encoding {
	e, ok := Lookup(label)
	if !ok {
		panic("textenc: no encoding " + label)
	}
	return e
}

// Decode returns the text of src in e as UTF-8, as the standard's
// decoders give it: bytes that do not decode become U+FFFD. A byte order
// mark is the caller's to handle.
func (e Encoding) Decode(src []byte) []byte {
	switch {
	case e.Name == "UTF-8" && utf8.Valid(src):
		return src
	case e.Name == "windows-1252":
		return decodeWindows1252(src)
	}
	// The decoders of x/text fail only on their own misuse; they replace
	// what cannot be decoded.
	text, _ := e.enc.NewDecoder().Bytes(src)
	return text
}

// decodeWindows1252 decodes the Encoding Standard's windows-1252, whose
// index maps 0x81, 0x8D, 0x8F, 0x90 and 0x9D to the C1 controls of the same
// value where x/text's charmap has U+FFFD (Chromium agrees with the
// standard). 0xA0 to 0xFF are Latin-1.
func decodeWindows1252(src []byte) []byte {
	out := make([]byte, 0, len(src)+len(src)/8)
	for _, c := range src {
		switch {
		case c < 0x80:
			out = append(out, c)
		case c < 0xA0:
			out = utf8.AppendRune(out, windows1252C1[c-0x80])
		default:
			out = utf8.AppendRune(out, rune(c))
		}
	}
	return out
}

// windows1252C1 is the Encoding Standard's index-windows-1252 for 0x80 to
// 0x9F.
var windows1252C1 = [32]rune{
	0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
	0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
}

// standardNames are the Encoding Standard's names of its encodings;
// x/net's charset package names them in lower case.
var standardNames = func() map[string]string {
	names := []string{
		"UTF-8", "IBM866", "ISO-8859-2", "ISO-8859-3", "ISO-8859-4", "ISO-8859-5", "ISO-8859-6",
		"ISO-8859-7", "ISO-8859-8", "ISO-8859-8-I", "ISO-8859-10", "ISO-8859-13", "ISO-8859-14",
		"ISO-8859-15", "ISO-8859-16", "KOI8-R", "KOI8-U", "macintosh", "windows-874",
		"windows-1250", "windows-1251", "windows-1252", "windows-1253", "windows-1254",
		"windows-1255", "windows-1256", "windows-1257", "windows-1258", "x-mac-cyrillic", "GBK",
		"gb18030", "Big5", "EUC-JP", "ISO-2022-JP", "Shift_JIS", "EUC-KR", "replacement",
		"UTF-16BE", "UTF-16LE", "x-user-defined",
	}
	m := make(map[string]string, len(names))
	for _, n := range names {
		m[strings.ToLower(n)] = n
	}
	return m
}()

func standardName(lower string) string {
	if n, ok := standardNames[lower]; ok {
		return n
	}
	return lower
}
