package htmlparse

import (
	"bytes"

	"golang.org/x/net/html"
	a "golang.org/x/net/html/atom"
)

// token is the token being processed. Tag names are lower case (the
// tokenizer's doing); data is the text of text, comment and doctype tokens.
type token struct {
	typ  html.TokenType
	atom a.Atom
	data string
	attr []html.Attribute
}

// attrSpan locates an attribute's strings in parser.byteScratch while a tag
// is being read.
type attrSpan struct {
	key                  a.Atom // the key's atom; 0: the key is in the bytes
	keyStart, keyEnd     int
	valueStart, valueEnd int
}

// readToken reads the next token. It produces the same token as
// html.Tokenizer.Token, but allocates a tag's attributes as one slice and
// its attribute strings as one string.
func (p *parser) readToken() {
	z := p.tokenizer
	tt := z.Next()
	p.pos.advance(z.Raw())
	p.tok = token{typ: tt}
	switch tt {
	case html.CommentToken:
		if raw := z.Raw(); bytes.IndexByte(raw, '&') >= 0 {
			p.tok.data = commentData(raw)
		} else {
			p.tok.data = string(z.Text()) // nothing to decode
		}
	case html.TextToken, html.DoctypeToken:
		p.tok.data = string(z.Text())
	case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
		name, more := z.TagName()
		if t := a.Lookup(name); t != 0 {
			p.tok.atom, p.tok.data = t, t.String()
		} else {
			p.tok.data = string(name)
		}
		if more {
			p.tok.attr = p.readAttributes()
		}
		p.renewTokenizer = tt != html.EndTagToken && len(p.tok.attr) > renewTokenizerAfter && !opensRawText(p.tok.data)
	}
}

// commentData returns the data of a comment token from its raw text: what
// lies between the delimiters the x/net/html Tokenizer found, with
// newlines normalized and NULs replaced by U+FFFD as Tokenizer.Text does
// (HTML §13.2.3.5, §13.2.5.45), but with character references left as
// they are. The standard's comment states append "&" like any other
// character (HTML §13.2.5.43-52), and browsers keep "<!-- &amp; -->" as
// " &amp; "; Text decodes them, which would also make a comment's
// serialization (written as it is, HTML §13.3) read back as other data.
func commentData(raw []byte) string {
	var data []byte
	switch {
	case bytes.HasPrefix(raw, []byte("<!--")):
		data = raw[len("<!--"):]
		// The Tokenizer ends a comment at a ">" right after "<!--" or
		// "<!---", after "--" or after "--!", else at the end of the
		// input, where it drops a trailing "-", "--" or "--!".
		if body, ok := bytes.CutSuffix(data, []byte(">")); ok &&
			(len(body) == 0 || string(body) == "-" || bytes.HasSuffix(body, []byte("--")) || bytes.HasSuffix(body, []byte("--!"))) {
			data = body[:max(0, len(body)-len("--"))]
			if bytes.HasSuffix(body, []byte("--!")) {
				data = body[:len(body)-len("--!")]
			}
		} else {
			for _, end := range []string{"--!", "--", "-"} {
				if d, ok := bytes.CutSuffix(data, []byte(end)); ok {
					data = d
					break
				}
			}
		}
	case bytes.HasPrefix(raw, []byte("<?")):
		// A bogus comment from "<?" keeps the "?" (§13.2.5.6).
		data, _ = bytes.CutSuffix(raw[len("<"):], []byte(">"))
	default:
		// A bogus comment from "<!" or "</", to the first ">".
		data, _ = bytes.CutSuffix(raw[len("<!"):], []byte(">"))
	}
	data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	data = bytes.ReplaceAll(data, []byte("\r"), []byte("\n"))
	return string(bytes.ReplaceAll(data, []byte("\x00"), []byte("\uFFFD")))
}

// The Tokenizer of x/net/html keeps a map of the current start tag's
// attribute names and clears it at every tag, which takes time in
// proportion to the most attributes a tag ever had: a tag with a hundred
// thousand attributes makes every later tag cost as much as reading it.
// So after a start tag with more than renewTokenizerAfter attributes the
// parser goes on with a new Tokenizer from the next byte, where it can
// read the input again (source.go). It does not after the start tags
// that make the Tokenizer read the next token as text (opensRawText),
// whose state a new Tokenizer would not have.
const renewTokenizerAfter = 128

// opensRawText tells whether a start tag with this (lower case) name
// makes the x/net/html Tokenizer read what follows as raw text or RCDATA,
// unless the parser says otherwise (a foreign element's).
func opensRawText(name string) bool {
	switch name {
	case "iframe", "noembed", "noframes", "noscript", "plaintext", "script", "style", "textarea", "title", "xmp":
		return true
	}
	return false
}

// renewTokenizerNow replaces the Tokenizer by a new one that reads the
// input from the next token on, if the input can be read again.
func (p *parser) renewTokenizerNow() {
	p.renewTokenizer = false
	if p.src != nil {
		p.tokenizer = html.NewTokenizer(p.src.from(p.pos.offset))
		p.tokenizersRenewed++
	}
}

func (p *parser) readAttributes() []html.Attribute {
	z := p.tokenizer
	spans := p.attrScratch[:0]
	buf := p.byteScratch[:0]
	for more := true; more; {
		var key, val []byte
		key, val, more = z.TagAttr()
		s := attrSpan{key: a.Lookup(key)}
		if s.key == 0 {
			s.keyStart = len(buf)
			buf = append(buf, key...)
			s.keyEnd = len(buf)
		}
		s.valueStart = len(buf)
		buf = append(buf, val...)
		s.valueEnd = len(buf)
		spans = append(spans, s)
	}
	all := string(buf)
	attr := make([]html.Attribute, len(spans))
	for i, s := range spans {
		if s.key != 0 {
			attr[i].Key = s.key.String()
		} else {
			attr[i].Key = all[s.keyStart:s.keyEnd]
		}
		attr[i].Val = all[s.valueStart:s.valueEnd]
	}
	p.attrScratch, p.byteScratch = spans, buf
	return attr
}
