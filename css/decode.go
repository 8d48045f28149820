package css

import (
	"bytes"

	"github.com/eventperk/eventperk-go/internal/textenc"
)

// charsetLimit is how far into a sheet CSS Syntax §3.2 looks for its
// encoding declaration.
const charsetLimit = 1024

// Decode turns the bytes of a style sheet into its text as CSS Syntax
// §3.2 says, and returns the name of the encoding it used ("UTF-8",
// "windows-1252", ...). A byte order mark wins; else the fallback
// encoding is, in this order: the charset parameter of contentType (the
// protocol encoding: the Content-Type the bytes came with, "" for none),
// the sheet's "@charset" declaration, the environment encoding (the
// encoding of the document or sheet that refers to it, "" for none),
// UTF-8. A label that names no encoding is passed over; bytes that do not
// decode become U+FFFD.
func Decode(src []byte, contentType, environment string) (text, encoding string) {
	protocol, _ := textenc.ContentTypeCharset(contentType)
	return decodeSheet(src, protocol, environment)
}

// decodeSheet is Decode with the protocol encoding's label.
func decodeSheet(src []byte, protocol, environment string) (text, encoding string) {
	enc, bom := sniffSheet(src, protocol, environment)
	return string(enc.Decode(src[bom:])), enc.Name
}

// sniffSheet picks a sheet's encoding; bom is the length of its byte
// order mark.
func sniffSheet(src []byte, protocol, environment string) (enc textenc.Encoding, bom int) {
	// The Encoding Standard's "decode": a byte order mark first.
	switch {
	case bytes.HasPrefix(src, []byte{0xEF, 0xBB, 0xBF}):
		return textenc.MustLookup("utf-8"), 3
	case bytes.HasPrefix(src, []byte{0xFE, 0xFF}):
		return textenc.MustLookup("utf-16be"), 2
	case bytes.HasPrefix(src, []byte{0xFF, 0xFE}):
		return textenc.MustLookup("utf-16le"), 2
	}
	if protocol != "" {
		if e, ok := textenc.Lookup(protocol); ok {
			return e, 0
		}
	}
	if label, ok := charsetDeclaration(src[:min(len(src), charsetLimit)]); ok {
		if e, ok := textenc.Lookup(label); ok {
			// The declaration is ASCII: a sheet that holds it is not
			// UTF-16, whatever it says.
			if e.Name == "UTF-16BE" || e.Name == "UTF-16LE" {
				e = textenc.MustLookup("utf-8")
			}
			return e, 0
		}
	}
	if environment != "" {
		if e, ok := textenc.Lookup(environment); ok {
			return e, 0
		}
	}
	return textenc.MustLookup("utf-8"), 0
}

// charsetDeclaration finds `@charset "label";` at the start of b, byte
// for byte as CSS Syntax §3.2 writes it (one space, double quotes, no
// comment): the label's bytes are 0x00-0x21 and 0x23-0x7F.
func charsetDeclaration(b []byte) (string, bool) {
	rest, ok := bytes.CutPrefix(b, []byte(`@charset "`))
	if !ok {
		return "", false
	}
	for i, c := range rest {
		switch {
		case c == '"':
			if i+1 < len(rest) && rest[i+1] == ';' {
				return string(rest[:i]), true
			}
			return "", false
		case c > 0x7F:
			return "", false
		}
	}
	return "", false
}
