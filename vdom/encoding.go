package vdom

import (
	"bytes"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/eventperk/eventperk-go/internal/htmlparse"
	"github.com/eventperk/eventperk-go/internal/htmltree"
	"github.com/eventperk/eventperk-go/internal/textenc"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// WithContentType gives Parse the Content-Type the bytes came with, such as
// an HTTP response's header ("text/html; charset=shift_jis"): its charset
// parameter is the transport layer's encoding of HTML §13.2.3.2, which
// wins over a <meta> declaration; only a byte order mark wins over it. A
// Content-Type without a charset, or with a label that names no encoding,
// gives none, and sniffing goes on as the standard says, as it does in
// browsers.
//
// WithContentType also says that the bytes came over the network: as
// Chromium does for HTTP responses, Parse then does not guess UTF-8 from
// the bytes of an undeclared page (see Parse). ParseString reads text, not
// bytes, and ignores it.
func WithContentType(contentType string) ParseOption {
	return func(c *parseConfig) { c.contentType, c.hasContentType = contentType, true }
}

// CharacterSet returns the name of the encoding the document's bytes were
// decoded from, as the DOM's document.characterSet spells it ("UTF-8",
// "windows-1252", "Shift_JIS", "UTF-16LE", ...). Documents made from text
// (ParseString, NewDocument, CreateHTMLDocument) are "UTF-8".
func (d *Document) CharacterSet() string {
	if d.charset == "" {
		return "UTF-8"
	}
	return d.charset
}

// confidence is HTML §13.2.3.1's confidence in an encoding: certain for a
// byte order mark or the transport layer's, tentative for what the prescan
// or a guess found, which a <meta> met while parsing may change.
type confidence bool

const (
	tentative confidence = false
	certain   confidence = true
)

// parseBytes decodes src, the bytes of a document, with HTML §13.2.3.2's
// encoding sniffing algorithm and parses the text. It returns the tree and
// the name of the encoding used, with the template elements of the tree
// (htmlparse.ParseTemplates).
func parseBytes(r io.Reader, cfg *parseConfig) (*html.Node, []*html.Node, string, error) {
	src, err := readInput(r)
	if err != nil {
		return nil, nil, "", err
	}
	enc, bom, conf := sniffEncoding(src, cfg)
	src = src[bom:]
	root, templates, err := htmlparse.ParseTemplates(decodeInput(src, enc))
	if err != nil {
		return nil, nil, "", err
	}
	if conf == tentative {
		// HTML §13.2.6.4.4: a meta start tag that declares an encoding,
		// met while the confidence is tentative, changes the encoding
		// (§13.2.3.4), and a browser that cannot switch decoders on the
		// fly parses the page again with the new one: so a <meta> past
		// the prescan's 1024 bytes counts too. Chromium does so for a
		// file; for a network response it looks only in the head.
		if meta, ok := metaEncoding(root); ok && meta.Name != enc.Name {
			enc = meta
			if root, templates, err = htmlparse.ParseTemplates(decodeInput(src, enc)); err != nil {
				return nil, nil, "", err
			}
		}
	}
	return root, templates, enc.Name, nil
}

// readInput reads all of r, in one allocation when r knows its length.
func readInput(r io.Reader) ([]byte, error) {
	if l, ok := r.(interface{ Len() int }); ok {
		buf := bytes.NewBuffer(make([]byte, 0, l.Len()+bytes.MinRead))
		_, err := buf.ReadFrom(r)
		return buf.Bytes(), err
	}
	return io.ReadAll(r)
}

// sniffEncoding is HTML §13.2.3.2's steps: a byte order mark (its length
// is bom), the transport layer's encoding, the prescan of the first 1024
// bytes, then a guess. The standard leaves the guess to the user agent;
// for bytes that did not come with a Content-Type, such as a file's,
// UTF-8 when every byte of the input is UTF-8 and some is not ASCII, as
// Chromium decides for files and as the standard's note on UTF-8
// detection suggests; windows-1252 otherwise, the standard's default.
func sniffEncoding(src []byte, cfg *parseConfig) (enc sniffedEncoding, bom int, conf confidence) {
	switch {
	case bytes.HasPrefix(src, []byte{0xEF, 0xBB, 0xBF}):
		enc, _ = lookupEncoding([]byte("utf-8"))
		return enc, 3, certain
	case bytes.HasPrefix(src, []byte{0xFE, 0xFF}):
		enc, _ = lookupEncoding([]byte("utf-16be"))
		return enc, 2, certain
	case bytes.HasPrefix(src, []byte{0xFF, 0xFE}):
		enc, _ = lookupEncoding([]byte("utf-16le"))
		return enc, 2, certain
	}
	if cfg.hasContentType {
		if label, ok := textenc.ContentTypeCharset(cfg.contentType); ok {
			if e, ok := lookupEncoding([]byte(label)); ok {
				return e, 0, certain
			}
		}
	}
	if e, ok := prescan(src[:min(len(src), prescanLimit)]); ok {
		return e, 0, tentative
	}
	if !cfg.hasContentType && !isASCIIBytes(src) && utf8.Valid(src) {
		enc, _ = lookupEncoding([]byte("utf-8"))
		return enc, 0, tentative
	}
	enc, _ = lookupEncoding([]byte("windows-1252"))
	return enc, 0, tentative
}

// decodeInput returns the text of src in enc, as UTF-8. Bytes that do not
// decode become U+FFFD, as the Encoding Standard's decoders say.
func decodeInput(src []byte, enc sniffedEncoding) io.Reader {
	return bytes.NewReader(enc.Decode(src))
}

func isASCIIBytes(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// metaEncoding returns the encoding the first meta element in tree order
// declares, with a charset attribute or an http-equiv Content-Type pragma,
// as the tree builder's steps for a meta start tag read them: the first
// one the parser would have met.
func metaEncoding(root *html.Node) (sniffedEncoding, bool) {
	for n := root.FirstChild; n != nil; n = htmltree.Next(n, root) {
		if n.Type != html.ElementNode || n.DataAtom != atom.Meta || n.Namespace != "" {
			continue
		}
		if cs, ok := attrVal(n, "charset"); ok {
			if e, ok := lookupEncoding([]byte(cs)); ok {
				return forMeta(e), true
			}
			continue
		}
		equiv, _ := attrVal(n, "http-equiv")
		content, hasContent := attrVal(n, "content")
		if strings.EqualFold(equiv, "content-type") && hasContent {
			if e, ok := encodingFromMetaContent([]byte(content)); ok {
				return forMeta(e), true
			}
		}
	}
	return sniffedEncoding{}, false
}
