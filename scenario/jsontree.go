package scenario

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// The scenario decoder works on a JSON tree that remembers where every value
// and key starts, because encoding/json forgets positions, and an error in a
// scenario must say "file:line:col: units[1].methods.onSave[2]" to be
// useful. The tree keeps object members in order and keeps duplicates; the
// decoder decides what a duplicate means.

type jsonKind uint8

const (
	jsonNull jsonKind = iota
	jsonBool
	jsonNumber
	jsonString
	jsonArray
	jsonObject
)

func (k jsonKind) String() string {
	switch k {
	case jsonNull:
		return "null"
	case jsonBool:
		return "boolean"
	case jsonNumber:
		return "number"
	case jsonString:
		return "string"
	case jsonArray:
		return "array"
	case jsonObject:
		return "object"
	}
	return "value"
}

// jsonValue is one value of the tree. Start and End are byte offsets in the
// source: src[Start:End] is the value's own text.
type jsonValue struct {
	Kind    jsonKind
	Start   int
	End     int
	Bool    bool
	Str     string // the decoded string, or the literal text of a number
	Items   []*jsonValue
	Members []jsonMember
}

type jsonMember struct {
	Key    string
	KeyPos int // offset of the key's opening quote
	Value  *jsonValue
}

// describe names a value for messages: `string "x"`, `number 5`, `object`.
func (v *jsonValue) describe() string {
	switch v.Kind {
	case jsonString:
		return "string " + quoteShort(v.Str)
	case jsonNumber:
		return "number " + v.Str
	case jsonBool:
		return "boolean " + strconv.FormatBool(v.Bool)
	}
	return v.Kind.String()
}

// member returns the value of the first member named key.
func (v *jsonValue) member(key string) *jsonValue {
	for _, m := range v.Members {
		if m.Key == key {
			return m.Value
		}
	}
	return nil
}

// maxJSONDepth bounds nesting so that hostile input cannot exhaust the
// stack; no scenario comes near it.
const maxJSONDepth = 1000

// syntaxError is a JSON syntax error at a byte offset.
type syntaxError struct {
	Offset int
	Msg    string
}

func (e *syntaxError) Error() string { return e.Msg }

type jsonParser struct {
	src   []byte
	pos   int
	depth int
}

// parseJSON parses one JSON document. After a syntax error nothing can be
// trusted, so it returns the first one only.
func parseJSON(src []byte) (*jsonValue, *syntaxError) {
	p := &jsonParser{src: src}
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		p.pos = 3 // a byte order mark, which some editors write
	}
	p.space()
	if p.pos >= len(src) {
		return nil, p.errAt(p.pos, "empty file: want a JSON object")
	}
	v, err := p.value()
	if err != nil {
		return nil, err
	}
	p.space()
	if p.pos < len(src) {
		return nil, p.errAt(p.pos, "unexpected %s after the end of the JSON value", p.found())
	}
	return v, nil
}

func (p *jsonParser) errAt(off int, format string, args ...any) *syntaxError {
	return &syntaxError{Offset: off, Msg: "invalid JSON: " + fmt.Sprintf(format, args...)}
}

// found describes the byte at the current position for a message.
func (p *jsonParser) found() string {
	if p.pos >= len(p.src) {
		return "end of file"
	}
	r, _ := utf8.DecodeRune(p.src[p.pos:])
	return strconv.QuoteRune(r)
}

func (p *jsonParser) space() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *jsonParser) value() (*jsonValue, *syntaxError) {
	if p.pos >= len(p.src) {
		return nil, p.errAt(p.pos, "unexpected end of file, want a value")
	}
	start := p.pos
	switch c := p.src[p.pos]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		return &jsonValue{Kind: jsonString, Start: start, End: p.pos, Str: s}, nil
	case c == '-' || '0' <= c && c <= '9':
		return p.number()
	case p.literal("true"):
		return &jsonValue{Kind: jsonBool, Start: start, End: p.pos, Bool: true}, nil
	case p.literal("false"):
		return &jsonValue{Kind: jsonBool, Start: start, End: p.pos}, nil
	case p.literal("null"):
		return &jsonValue{Kind: jsonNull, Start: start, End: p.pos}, nil
	}
	return nil, p.errAt(p.pos, "unexpected %s, want a value", p.found())
}

func (p *jsonParser) literal(word string) bool {
	if strings.HasPrefix(string(p.src[p.pos:min(len(p.src), p.pos+len(word))]), word) {
		p.pos += len(word)
		return true
	}
	return false
}

func (p *jsonParser) enter() *syntaxError {
	p.depth++
	if p.depth > maxJSONDepth {
		return p.errAt(p.pos, "nested more than %d levels deep", maxJSONDepth)
	}
	return nil
}

func (p *jsonParser) object() (*jsonValue, *syntaxError) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	v := &jsonValue{Kind: jsonObject, Start: p.pos}
	p.pos++ // {
	p.space()
	if p.pos < len(p.src) && p.src[p.pos] == '}' {
		p.pos++
		v.End = p.pos
		return v, nil
	}
	for {
		p.space()
		if p.pos >= len(p.src) || p.src[p.pos] != '"' {
			if p.pos < len(p.src) && p.src[p.pos] == '}' && len(v.Members) > 0 {
				return nil, p.errAt(p.pos, "trailing comma before '}'")
			}
			return nil, p.errAt(p.pos, "unexpected %s, want a key in double quotes", p.found())
		}
		keyPos := p.pos
		key, err := p.str()
		if err != nil {
			return nil, err
		}
		p.space()
		if p.pos >= len(p.src) || p.src[p.pos] != ':' {
			return nil, p.errAt(p.pos, "unexpected %s after key %s, want ':'", p.found(), quoteShort(key))
		}
		p.pos++
		p.space()
		val, err := p.value()
		if err != nil {
			return nil, err
		}
		v.Members = append(v.Members, jsonMember{Key: key, KeyPos: keyPos, Value: val})
		p.space()
		if p.pos >= len(p.src) {
			return nil, p.errAt(p.pos, "unexpected end of file, want ',' or '}'")
		}
		switch p.src[p.pos] {
		case ',':
			p.pos++
		case '}':
			p.pos++
			v.End = p.pos
			return v, nil
		default:
			return nil, p.errAt(p.pos, "unexpected %s, want ',' or '}'", p.found())
		}
	}
}

func (p *jsonParser) array() (*jsonValue, *syntaxError) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	v := &jsonValue{Kind: jsonArray, Start: p.pos}
	p.pos++ // [
	p.space()
	if p.pos < len(p.src) && p.src[p.pos] == ']' {
		p.pos++
		v.End = p.pos
		return v, nil
	}
	for {
		p.space()
		if p.pos < len(p.src) && p.src[p.pos] == ']' && len(v.Items) > 0 {
			return nil, p.errAt(p.pos, "trailing comma before ']'")
		}
		item, err := p.value()
		if err != nil {
			return nil, err
		}
		v.Items = append(v.Items, item)
		p.space()
		if p.pos >= len(p.src) {
			return nil, p.errAt(p.pos, "unexpected end of file, want ',' or ']'")
		}
		switch p.src[p.pos] {
		case ',':
			p.pos++
		case ']':
			p.pos++
			v.End = p.pos
			return v, nil
		default:
			return nil, p.errAt(p.pos, "unexpected %s, want ',' or ']'", p.found())
		}
	}
}

func (p *jsonParser) number() (*jsonValue, *syntaxError) {
	start := p.pos
	digits := func() int {
		n := 0
		for p.pos < len(p.src) && '0' <= p.src[p.pos] && p.src[p.pos] <= '9' {
			p.pos++
			n++
		}
		return n
	}
	if p.src[p.pos] == '-' {
		p.pos++
	}
	intStart := p.pos
	if digits() == 0 {
		return nil, p.errAt(p.pos, "unexpected %s in a number, want a digit", p.found())
	}
	if p.src[intStart] == '0' && p.pos-intStart > 1 {
		return nil, p.errAt(intStart, "a number cannot start with 0")
	}
	if p.pos < len(p.src) && p.src[p.pos] == '.' {
		p.pos++
		if digits() == 0 {
			return nil, p.errAt(p.pos, "unexpected %s after '.', want a digit", p.found())
		}
	}
	if p.pos < len(p.src) && (p.src[p.pos] == 'e' || p.src[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.src) && (p.src[p.pos] == '+' || p.src[p.pos] == '-') {
			p.pos++
		}
		if digits() == 0 {
			return nil, p.errAt(p.pos, "unexpected %s in an exponent, want a digit", p.found())
		}
	}
	return &jsonValue{Kind: jsonNumber, Start: start, End: p.pos, Str: string(p.src[start:p.pos])}, nil
}

// str reads a string literal, the position at its opening quote.
func (p *jsonParser) str() (string, *syntaxError) {
	start := p.pos
	p.pos++ // "
	var b strings.Builder
	for {
		if p.pos >= len(p.src) {
			return "", p.errAt(start, "string not terminated")
		}
		c := p.src[p.pos]
		switch {
		case c == '"':
			p.pos++
			return b.String(), nil
		case c == '\\':
			if err := p.escape(&b); err != nil {
				return "", err
			}
		case c < 0x20:
			if c == '\n' {
				return "", p.errAt(p.pos, "line break inside a string (write \\n)")
			}
			return "", p.errAt(p.pos, "control character %#02x inside a string", c)
		default:
			// Invalid UTF-8 becomes U+FFFD, as encoding/json reads it.
			r, size := utf8.DecodeRune(p.src[p.pos:])
			b.WriteRune(r)
			p.pos += size
		}
	}
}

func (p *jsonParser) escape(b *strings.Builder) *syntaxError {
	at := p.pos
	p.pos++ // backslash
	if p.pos >= len(p.src) {
		return p.errAt(at, "string not terminated")
	}
	c := p.src[p.pos]
	p.pos++
	switch c {
	case '"', '\\', '/':
		b.WriteByte(c)
	case 'b':
		b.WriteByte('\b')
	case 'f':
		b.WriteByte('\f')
	case 'n':
		b.WriteByte('\n')
	case 'r':
		b.WriteByte('\r')
	case 't':
		b.WriteByte('\t')
	case 'u':
		r, ok := p.hex4()
		if !ok {
			return p.errAt(at, `invalid \u escape`)
		}
		if utf16.IsSurrogate(r) {
			// A surrogate pair is two escapes; a lone half becomes U+FFFD,
			// as encoding/json reads it.
			save := p.pos
			if p.pos+1 < len(p.src) && p.src[p.pos] == '\\' && p.src[p.pos+1] == 'u' {
				p.pos += 2
				if r2, ok := p.hex4(); ok {
					if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
						b.WriteRune(d)
						return nil
					}
				}
			}
			p.pos = save
			r = utf8.RuneError
		}
		b.WriteRune(r)
	default:
		return p.errAt(at, "invalid escape \\%c", c)
	}
	return nil
}

func (p *jsonParser) hex4() (rune, bool) {
	if p.pos+4 > len(p.src) {
		return 0, false
	}
	n, err := strconv.ParseUint(string(p.src[p.pos:p.pos+4]), 16, 32)
	if err != nil {
		return 0, false
	}
	p.pos += 4
	return rune(n), true
}

// toAny converts a value to the Go form handlers see: map[string]any,
// []any, string, bool, nil, and numbers as int64 when they are integer
// literals that fit (so an id reaches a handler unrounded, as EventPerk's
// own settings decoding does) and float64 otherwise.
func (v *jsonValue) toAny() any {
	switch v.Kind {
	case jsonBool:
		return v.Bool
	case jsonString:
		return v.Str
	case jsonNumber:
		if !strings.ContainsAny(v.Str, ".eE") {
			if n, err := strconv.ParseInt(v.Str, 10, 64); err == nil {
				return n
			}
		}
		f, _ := strconv.ParseFloat(v.Str, 64)
		return f
	case jsonArray:
		out := make([]any, len(v.Items))
		for i, it := range v.Items {
			out[i] = it.toAny()
		}
		return out
	case jsonObject:
		out := make(map[string]any, len(v.Members))
		for _, m := range v.Members {
			out[m.Key] = m.Value.toAny()
		}
		return out
	}
	return nil
}
