package css

import (
	"net/url"
	"strings"
)

// importRule reads @import's prelude (CSS Cascade 5 §2.1): a URL or
// string, then optionally layer or layer(<name>), supports(<condition>),
// and a media query list. It returns a message when the prelude is not
// one.
func (p *parser) importRule(pre string) (*ImportRule, string) {
	toks := tokenize(pre)
	i := 0
	next := func() {
		for i < len(toks) && toks[i].kind == tWhitespace {
			i++
		}
	}
	next()
	if i >= len(toks) {
		return nil, "without a URL"
	}
	r := &ImportRule{}
	t := toks[i]
	text := pre[t.off:t.end]
	switch {
	case t.kind == tString:
		r.href = unquote(text)
		i++
	case t.kind == tURL:
		r.href = urlTokenValue(text)
		i++
	case t.kind == tFunction && strings.EqualFold(text, "url("):
		j := i + 1
		for j < len(toks) && toks[j].kind == tWhitespace {
			j++
		}
		if j >= len(toks) || toks[j].kind != tString {
			return nil, "with a url() that holds no string"
		}
		r.href = unquote(pre[toks[j].off:toks[j].end])
		j++
		for j < len(toks) && toks[j].kind == tWhitespace {
			j++
		}
		if j >= len(toks) || toks[j].kind != tCloseParen {
			return nil, "with a url() that holds more than a string"
		}
		i = j + 1
	default:
		return nil, "without a URL"
	}
	next()
	if i < len(toks) {
		t := toks[i]
		text := pre[t.off:t.end]
		switch {
		case t.kind == tIdent && strings.EqualFold(text, "layer"):
			r.hasLayer = true
			i++
		case t.kind == tFunction && strings.EqualFold(text, "layer("):
			in, after, ok := cutParens(pre[t.end-1:])
			names, valid := layerNames(in)
			if !ok || !valid || len(names) != 1 {
				return nil, "with an invalid layer()"
			}
			r.hasLayer, r.layer = true, names[0]
			i = skipTo(toks, len(pre)-len(after))
		}
	}
	next()
	if i < len(toks) {
		t := toks[i]
		if t.kind == tFunction && strings.EqualFold(pre[t.off:t.end], "supports(") {
			in, after, ok := cutParens(pre[t.end-1:])
			if !ok {
				return nil, "with an unclosed supports()"
			}
			r.supports = strings.TrimSpace(in)
			r.supported = supportsImportCondition(r.supports)
			i = skipTo(toks, len(pre)-len(after))
		}
	}
	next()
	rest := ""
	if i < len(toks) {
		rest = strings.TrimSpace(pre[toks[i].off:])
	}
	r.media = ParseMediaList(rest)
	r.url = resolveURL(p.sheet.baseURL, r.href)
	return r, ""
}

// skipTo returns the index of the first token at or after offset off.
func skipTo(toks []token, off int) int {
	for i, t := range toks {
		if int(t.off) >= off {
			return i
		}
	}
	return len(toks)
}

// resolveURL resolves ref against base; "" when it does not resolve, or
// when base is "" and ref is relative.
func resolveURL(base, ref string) string {
	r, err := url.Parse(strings.TrimSpace(ref))
	if err != nil {
		return ""
	}
	if base == "" {
		if r.IsAbs() {
			return r.String()
		}
		return ""
	}
	b, err := url.Parse(base)
	if err != nil {
		return ""
	}
	return b.ResolveReference(r).String()
}

// unquote returns the value of a <string-token>'s text: without its quotes
// (the closing one may be missing at the end of the input), with its
// escapes replaced and escaped newlines removed (CSS Syntax §4.3.5).
func unquote(s string) string {
	if s == "" {
		return ""
	}
	q := s[0]
	s = s[1:]
	if strings.HasSuffix(s, string(q)) && !strings.HasSuffix(s, `\`+string(q)) {
		s = s[:len(s)-1]
	}
	s = strings.ReplaceAll(s, "\\\n", "")
	return unescapeIdent(s)
}

// urlTokenValue returns the value of a <url-token>'s text "url( x )".
func urlTokenValue(s string) string {
	open := strings.IndexByte(s, '(')
	in := strings.TrimSuffix(s[open+1:], ")")
	return unescapeIdent(strings.Trim(in, " \t\n"))
}
