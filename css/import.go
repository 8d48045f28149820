package css

import (
	"net/url"
	"strings"

	"github.com/eventperk/eventperk-go/internal/weburl"
)

// importRule reads @import's prelude (CSS Cascade 5 §2.1):
//
//	@import [ <url> | <string> ] [ layer | layer(<layer-name>) ]?
//	        [ supports( [ <supports-condition> | <declaration> ] ) ]?
//	        <media-query-list>?
//
// It returns a message when the prelude is not one. As in Chromium, a
// layer() that does not hold one layer name is no layer but the start of
// the media query list (where it is an unknown query, which never
// matches), and a supports() that holds no condition drops the rule.
func importRule(p *parser, pre span) (*ImportRule, string) {
	i := p.skipSpace(pre.from, pre.to)
	if i >= pre.to {
		return nil, "without a URL"
	}
	r := &ImportRule{}
	href, next, ok := p.urlAt(i, pre.to)
	if !ok {
		return nil, "without a URL"
	}
	r.href = href
	i = p.skipSpace(next, pre.to)
	if i < pre.to {
		t := p.toks[i]
		switch {
		case t.kind == tIdent && strings.EqualFold(p.text(t), "layer"):
			r.hasLayer = true
			i = p.skipSpace(i+1, pre.to)
		case t.kind == tFunction && strings.EqualFold(p.text(t), "layer("):
			in, end := p.parenContents(i, pre.to)
			if names, ok := layerNames(p.valueText(in)); ok && len(names) == 1 {
				r.hasLayer, r.layer = true, names[0]
				i = p.skipSpace(end, pre.to)
			}
		}
	}
	if i < pre.to {
		t := p.toks[i]
		if t.kind == tFunction && strings.EqualFold(p.text(t), "supports(") {
			in, end := p.parenContents(i, pre.to)
			c, ok := parseImportSupports(p, in)
			if !ok {
				return nil, "with a supports() that holds no condition"
			}
			r.supports = &c
			i = p.skipSpace(end, pre.to)
		}
	}
	r.media = ParseMediaList(p.valueText(span{i, pre.to}))
	r.url, _ = p.sheet.resolveURL(r.href)
	return r, ""
}

// parseImportSupports reads the inside of @import's supports(): a
// condition, or a declaration standing alone, which is tested as if it
// were in parentheses. Its text is kept as Chromium serializes it: white
// space runs made one space, none at the start.
func parseImportSupports(p *parser, in span) (SupportsCondition, bool) {
	text := p.rawText(in)
	c, ok := ParseSupports(text)
	if !ok {
		// A declaration standing alone: an identifier and a colon.
		i := p.skipSpace(in.from, in.to)
		if i >= in.to || p.toks[i].kind != tIdent {
			return SupportsCondition{}, false
		}
		if j := p.skipSpace(i+1, in.to); j >= in.to || p.toks[j].kind != tColon {
			return SupportsCondition{}, false
		}
		if c, ok = ParseSupports("(" + text + ")"); !ok {
			return SupportsCondition{}, false
		}
	}
	// Chromium keeps the text as written but for white space at its
	// start.
	c.text = closeTail(spacedText(p.src, p.toks, in), p.toks, in)
	if in.to > in.from && p.toks[in.to-1].kind == tWhitespace && c.text != "" {
		c.text += " "
	}
	return c, true
}

// urlAt reads a URL at the token i: a <string-token>, a <url-token>, or
// url() holding a string. It returns the URL and the index after it.
func (p *parser) urlAt(i, to int) (string, int, bool) {
	t := p.toks[i]
	text := p.text(t)
	switch {
	case t.kind == tString:
		return stringValue(text), i + 1, true
	case t.kind == tURL:
		return urlTokenValue(text), i + 1, true
	case t.kind == tFunction && strings.EqualFold(unescapeIdent(text), "url("):
		in, end := p.parenContents(i, to)
		j := p.skipSpace(in.from, in.to)
		if j >= in.to || p.toks[j].kind != tString || p.skipSpace(j+1, in.to) != in.to {
			return "", 0, false
		}
		return stringValue(p.text(p.toks[j])), end, true
	}
	return "", 0, false
}

// resolveURL resolves ref against the sheet's base URL with the sheet's
// resolver, or the default. ok is false when it does not resolve, or when
// there is no base URL and ref is relative.
func (s *StyleSheet) resolveURL(ref string) (string, bool) {
	if s.resolve != nil {
		return s.resolve(s.baseURL, ref)
	}
	return resolveURL(s.baseURL, ref)
}

// resolveURL is the default resolver: the URL Standard's parser, the one
// package vdom resolves links with (internal/weburl).
func resolveURL(base, ref string) (string, bool) {
	var b *url.URL
	if base != "" {
		var err error
		if b, err = weburl.Parse(base, nil); err != nil {
			return "", false
		}
	}
	u, err := weburl.Parse(ref, b)
	if err != nil || !u.IsAbs() {
		return "", false
	}
	return u.String(), true
}

// stringValue returns the value of a <string-token>'s text (CSS Syntax
// §4.3.5): without its quotes (the closing one may be missing at the end
// of the input), with escaped newlines removed and its other escapes
// replaced by what they stand for.
func stringValue(s string) string {
	if s == "" {
		return ""
	}
	q := s[0]
	s = s[1:]
	if !strings.ContainsRune(s, '\\') {
		return strings.TrimSuffix(s, string(q))
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == q && i == len(s)-1:
			// the closing quote
		case c != '\\':
			b.WriteByte(c)
		case i+1 == len(s):
			// §4.3.5: a "\" before the end of the input is dropped.
		case s[i+1] == '\n':
			i++
		default:
			j := i + 1
			for j < len(s) && j-i <= 6 && isHex(s[j]) {
				j++
			}
			if j < len(s) && j > i+1 && isSpace(s[j]) {
				j++
			}
			if j == i+1 {
				j++ // one character, escaped
				for j < len(s) && s[j]&0xC0 == 0x80 {
					j++
				}
			}
			b.WriteString(unescapeIdent(s[i:j]))
			i = j - 1
		}
	}
	return b.String()
}

// urlTokenValue returns the value of a <url-token>'s text "url( x )". The
// tokenizer also makes url("x") one token, whose value is the string's.
func urlTokenValue(s string) string {
	open := strings.IndexByte(s, '(')
	in := strings.Trim(strings.TrimSuffix(s[open+1:], ")"), " \t\n")
	if in != "" && (in[0] == '"' || in[0] == '\'') {
		return stringValue(in)
	}
	return unescapeIdent(in)
}
