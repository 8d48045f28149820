package vdom

import (
	"bytes"

	"github.com/eventperk/eventperk-go/internal/textenc"
)

// prescanLimit is how many bytes the prescan reads: HTML §13.2.3.2
// encourages user agents to prescan only the first 1024 bytes.
const prescanLimit = 1024

// sniffedEncoding is an encoding found by the sniffing steps.
type sniffedEncoding = textenc.Encoding

// lookupEncoding is the Encoding Standard's "get an encoding"; ok is false
// for a label that names no encoding.
func lookupEncoding(label []byte) (sniffedEncoding, bool) { return textenc.Lookup(string(label)) }

// forMeta applies the steps the prescan and "change the encoding" take on
// an encoding a meta element declares (HTML §13.2.3.2, §13.2.3.4): a
// UTF-16 encoding means UTF-8, since a document whose bytes the prescan
// could read as ASCII is not UTF-16, and x-user-defined means
// windows-1252.
func forMeta(s sniffedEncoding) sniffedEncoding {
	switch s.Name {
	case "UTF-16BE", "UTF-16LE":
		u, _ := lookupEncoding([]byte("utf-8"))
		return u
	case "x-user-defined":
		w, _ := lookupEncoding([]byte("windows-1252"))
		return w
	}
	return s
}

// prescan is HTML §13.2.3.2's "prescan a byte stream to determine its
// encoding" over b, which the caller cuts to the bytes it wants read.
// Reaching the end of b anywhere, including inside a tag, ends the prescan
// without a result.
func prescan(b []byte) (sniffedEncoding, bool) {
	p := &prescanner{b: b}
	for p.pos < len(b) {
		switch {
		case p.hasPrefix("<!--"):
			// The two hyphens of "-->" may be those of "<!--".
			end := bytes.Index(b[p.pos+2:], []byte("-->"))
			if end < 0 {
				return sniffedEncoding{}, false
			}
			p.pos += 2 + end + 2
		case p.hasPrefixFold("<meta") && p.pos+5 < len(b) && isMetaEnd(b[p.pos+5]):
			p.pos += 6
			enc, found, ok := p.meta()
			if !ok {
				return sniffedEncoding{}, false
			}
			if found {
				return forMeta(enc), true
			}
		case p.pos+1 < len(b) && b[p.pos] == '<' && isASCIIAlpha(b[p.pos+1]),
			p.pos+2 < len(b) && b[p.pos] == '<' && b[p.pos+1] == '/' && isASCIIAlpha(b[p.pos+2]):
			// Another tag: skip its name and its attributes, which may
			// hold a ">" in quotes.
			for p.pos < len(b) && !isPrescanSpace(b[p.pos]) && b[p.pos] != '>' {
				p.pos++
			}
			for {
				_, _, more, ok := p.attribute()
				if !ok {
					return sniffedEncoding{}, false
				}
				if !more {
					break
				}
			}
		case p.hasPrefix("<!"), p.hasPrefix("</"), p.hasPrefix("<?"):
			end := bytes.IndexByte(b[p.pos+2:], '>')
			if end < 0 {
				return sniffedEncoding{}, false
			}
			p.pos += 2 + end
		}
		p.pos++
	}
	return sniffedEncoding{}, false
}

// prescanner is the position of the prescan in its bytes.
type prescanner struct {
	b   []byte
	pos int
}

func (p *prescanner) hasPrefix(s string) bool { return bytes.HasPrefix(p.b[p.pos:], []byte(s)) }

func (p *prescanner) hasPrefixFold(s string) bool {
	return len(p.b)-p.pos >= len(s) && bytes.EqualFold(p.b[p.pos:p.pos+len(s)], []byte(s))
}

// meta reads the attributes of a meta element and decides, as the
// prescan's steps for "<meta" say, whether they declare an encoding. ok is
// false when the bytes end first.
func (p *prescanner) meta() (enc sniffedEncoding, found, ok bool) {
	seen := map[string]bool{}
	gotPragma := false
	needPragma, pragmaKnown := false, false
	var cs sniffedEncoding
	csKnown, csFailed := false, false
	for {
		name, value, more, ok := p.attribute()
		if !ok {
			return sniffedEncoding{}, false, false
		}
		if !more {
			break
		}
		if seen[name] {
			continue
		}
		seen[name] = true
		switch name {
		case "http-equiv":
			if value == "content-type" {
				gotPragma = true
			}
		case "content":
			if e, found := encodingFromMetaContent([]byte(value)); found && !csKnown && !csFailed {
				cs, csKnown = e, true
				needPragma, pragmaKnown = true, true
			}
		case "charset":
			cs, csKnown = lookupEncoding([]byte(value))
			csFailed = !csKnown
			needPragma, pragmaKnown = false, true
		}
	}
	switch {
	case !pragmaKnown, needPragma && !gotPragma, !csKnown:
		return sniffedEncoding{}, false, true
	}
	return cs, true, true
}

// attribute is the prescan's "get an attribute": the next attribute's
// name and value, both with ASCII upper case lowered. more is false when
// the tag ends (at a ">", where the position stays); ok is false when the
// bytes end first.
func (p *prescanner) attribute() (name, value string, more, ok bool) {
	b := p.b
	for p.pos < len(b) && (isPrescanSpace(b[p.pos]) || b[p.pos] == '/') {
		p.pos++
	}
	if p.pos >= len(b) {
		return "", "", false, false
	}
	if b[p.pos] == '>' {
		return "", "", false, true
	}
	var n, v []byte
	for {
		if p.pos >= len(b) {
			return "", "", false, false
		}
		c := b[p.pos]
		switch {
		case c == '=' && len(n) > 0:
			p.pos++
			goto value
		case isPrescanSpace(c):
			goto spaces
		case c == '/' || c == '>':
			return string(n), "", true, true
		default:
			n = append(n, toASCIILower(c))
		}
		p.pos++
	}
spaces:
	for p.pos < len(b) && isPrescanSpace(b[p.pos]) {
		p.pos++
	}
	if p.pos >= len(b) {
		return "", "", false, false
	}
	if b[p.pos] != '=' {
		return string(n), "", true, true
	}
	p.pos++
value:
	for p.pos < len(b) && isPrescanSpace(b[p.pos]) {
		p.pos++
	}
	if p.pos >= len(b) {
		return "", "", false, false
	}
	switch q := b[p.pos]; q {
	case '"', '\'':
		for {
			p.pos++
			if p.pos >= len(b) {
				return "", "", false, false
			}
			if b[p.pos] == q {
				p.pos++
				return string(n), string(v), true, true
			}
			v = append(v, toASCIILower(b[p.pos]))
		}
	case '>':
		return string(n), "", true, true
	}
	for {
		if p.pos >= len(b) {
			return "", "", false, false
		}
		c := b[p.pos]
		if isPrescanSpace(c) || c == '>' {
			return string(n), string(v), true, true
		}
		v = append(v, toASCIILower(c))
		p.pos++
	}
}

// encodingFromMetaContent is HTML §2.5.6's "algorithm for extracting a
// character encoding from a meta element" over a content attribute's
// value: the encoding after the first "charset=" that names one.
func encodingFromMetaContent(s []byte) (sniffedEncoding, bool) {
	pos := 0
	for {
		i := indexFold(s[pos:], "charset")
		if i < 0 {
			return sniffedEncoding{}, false
		}
		pos += i + len("charset")
		j := pos
		for j < len(s) && isPrescanSpace(s[j]) {
			j++
		}
		if j >= len(s) || s[j] != '=' {
			// Look for the next "charset" from just before this byte.
			pos = j
			continue
		}
		j++
		for j < len(s) && isPrescanSpace(s[j]) {
			j++
		}
		if j >= len(s) {
			return sniffedEncoding{}, false
		}
		if q := s[j]; q == '"' || q == '\'' {
			end := bytes.IndexByte(s[j+1:], q)
			if end < 0 {
				return sniffedEncoding{}, false
			}
			return lookupEncoding(s[j+1 : j+1+end])
		}
		end := j
		for end < len(s) && !isPrescanSpace(s[end]) && s[end] != ';' {
			end++
		}
		return lookupEncoding(s[j:end])
	}
}

// indexFold is bytes.Index with ASCII case folding of s; word is lower
// case.
func indexFold(s []byte, word string) int {
	for i := 0; i+len(word) <= len(s); i++ {
		if bytes.EqualFold(s[i:i+len(word)], []byte(word)) {
			return i
		}
	}
	return -1
}

// isPrescanSpace reports the bytes the prescan treats as white space:
// TAB, LF, FF, CR and space.
func isPrescanSpace(c byte) bool {
	return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '
}

func isMetaEnd(c byte) bool { return isPrescanSpace(c) || c == '/' }

func isASCIIAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func toASCIILower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
