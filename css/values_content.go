package css

import (
	"strings"

	"golang.org/x/net/html"
)

// This file is the content property (CSS Generated Content 3 §1) and
// quotes (§2), as Chromium 148 takes and computes them: strings, attr()
// (read when the value is computed), counter() and counters() (kept as
// they are: counting needs the whole tree in rendering order, which is
// layout's business), the quote keywords (kept too: their text depends
// on the nesting depth of quotes), images, and alternative text after
// "/".

// ContentKind is the kind of one part of a content value.
type ContentKind uint8

const (
	// ContentString is text: the strings of the value, and what attr()
	// read, adjacent ones joined into one.
	ContentString ContentKind = iota + 1
	// ContentImage is an image: URL holds the absolute URL of url() or
	// image-set()'s first image; Text is the image as Chromium
	// serializes it (a gradient as written).
	ContentImage
	// ContentCounter is counter(Name, Style): the counter's value is not
	// computed (see the file comment); accessible names leave it out, as
	// Chromium does.
	ContentCounter
	// ContentCounters is counters(Name, Separator, Style).
	ContentCounters
	// ContentOpenQuote and the three after it are open-quote,
	// close-quote, no-open-quote and no-close-quote.
	ContentOpenQuote
	ContentCloseQuote
	ContentNoOpenQuote
	ContentNoCloseQuote
)

// ContentPart is one part of a computed content value.
type ContentPart struct {
	Kind ContentKind
	// Text is a ContentString's text, a ContentImage's serialization.
	Text string
	// URL is a ContentImage's absolute URL, "" for a gradient.
	URL string
	// Name, Separator and Style are a counter's name, the separator of
	// counters() and the counter style ("" for decimal).
	Name, Separator, Style string
}

// String serializes the part as getComputedStyle does.
func (p ContentPart) String() string {
	switch p.Kind {
	case ContentString:
		return serializeString(p.Text)
	case ContentImage:
		return p.Text
	case ContentCounter, ContentCounters:
		s := p.Name
		if p.Kind == ContentCounters {
			s += ", " + serializeString(p.Separator)
		}
		if p.Style != "" {
			s += ", " + p.Style
		}
		return pick(p.Kind == ContentCounter, "counter(", "counters(") + s + ")"
	}
	return quoteKeywords[p.Kind-ContentOpenQuote]
}

var quoteKeywords = []string{"open-quote", "close-quote", "no-open-quote", "no-close-quote"}

// Content is a computed value of content. Normal and none have no parts;
// on ::before and ::after, normal computes to none.
type Content struct {
	normal, none bool
	parts        []ContentPart
	alt          []ContentPart
	hasAlt       bool
}

// IsNormal reports content: normal, the initial value.
func (c Content) IsNormal() bool { return c.normal }

// IsNone reports content: none: no ::before or ::after is generated.
func (c Content) IsNone() bool { return c.none }

// Parts returns what the content is made of. Do not modify the slice.
func (c Content) Parts() []ContentPart { return c.parts }

// Alt returns the alternative text after "/" (CSS Generated Content 3
// §1.2), which accessible names use instead of the parts; ok is false
// when the value has none. Its strings are not joined.
func (c Content) Alt() (parts []ContentPart, ok bool) { return c.alt, c.hasAlt }

// String serializes the value as getComputedStyle does.
func (c Content) String() string {
	switch {
	case c.normal:
		return "normal"
	case c.none:
		return "none"
	}
	var b strings.Builder
	for i, p := range c.parts {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(p.String())
	}
	if c.hasAlt {
		b.WriteString(" /")
		for _, p := range c.alt {
			b.WriteByte(' ')
			b.WriteString(p.String())
		}
	}
	return b.String()
}

var (
	contentNormal = Content{normal: true}
	contentNone   = Content{none: true}
)

// contentValue is a specified value of content: Content with attr()
// still to be read.
type contentValue struct {
	normal, none bool
	items        []contentItem
	alt          []contentItem
	hasAlt       bool
	// attr tells that an item reads an attribute, so the computed value
	// depends on the element.
	attr bool
}

// contentItem is a ContentPart, or attr(name, fallback) when attr is set.
type contentItem struct {
	ContentPart
	attr        bool
	fallback    string
	hasFallback bool
}

// parseContent reads a declared value of content. base resolves url().
func parseContent(r *valueReader, base string) (*contentValue, bool) {
	if words := r.keywords(); len(words) == 1 {
		switch words[0] {
		case "normal":
			return &contentValue{normal: true}, true
		case "none":
			return &contentValue{none: true}, true
		}
	}
	v := &contentValue{}
	alt := false
	for !r.done() {
		t, _ := r.peek()
		if t.kind == tDelim && r.text(t) == "/" {
			if alt || len(v.items) == 0 {
				return nil, false
			}
			r.i++
			alt, v.hasAlt = true, true
			continue
		}
		it, ok := parseContentItem(r, base, alt)
		if !ok {
			return nil, false
		}
		v.attr = v.attr || it.attr
		if alt {
			v.alt = append(v.alt, it)
		} else {
			v.items = append(v.items, it)
		}
	}
	if len(v.items) == 0 || alt && len(v.alt) == 0 {
		return nil, false
	}
	return v, true
}

// parseContentItem reads one item; in the alternative text only strings,
// counters and attr() are allowed.
func parseContentItem(r *valueReader, base string, alt bool) (contentItem, bool) {
	t, _ := r.peek()
	switch t.kind {
	case tString:
		r.i++
		return contentItem{ContentPart: ContentPart{Kind: ContentString, Text: stringValue(r.text(t))}}, true
	case tIdent:
		r.i++
		if alt {
			return contentItem{}, false
		}
		if i := keywordIndex(quoteKeywords, r.ident(t)); i >= 0 {
			return contentItem{ContentPart: ContentPart{Kind: ContentOpenQuote + ContentKind(i)}}, true
		}
		return contentItem{}, false
	case tURL:
		r.i++
		if alt {
			return contentItem{}, false
		}
		return imageItem(urlTokenValue(r.text(t)), base)
	case tFunction:
	default:
		return contentItem{}, false
	}
	name := r.funcName(t)
	end := r.closeOf(r.i)
	args := &valueReader{src: r.src, toks: r.toks[r.i+1 : end]}
	raw := r.src[t.off:r.toks[min(end, len(r.toks)-1)].end]
	r.i = end + 1
	if end >= len(r.toks) {
		// The value ended inside the function: CSS Syntax closes it.
		raw += ")"
	}
	switch name {
	case "attr":
		return attrItem(args)
	case "counter", "counters":
		return counterItem(args, name == "counters")
	}
	if alt {
		return contentItem{}, false
	}
	switch name {
	case "url":
		s, ok := args.onlyString()
		if !ok {
			return contentItem{}, false
		}
		return imageItem(s, base)
	case "image-set", "-webkit-image-set":
		return imageSetItem(args, base)
	case "linear-gradient", "radial-gradient", "conic-gradient",
		"repeating-linear-gradient", "repeating-radial-gradient", "repeating-conic-gradient",
		"-webkit-linear-gradient", "-webkit-radial-gradient",
		"-webkit-repeating-linear-gradient", "-webkit-repeating-radial-gradient":
		// Kept as written: its colours are not computed here.
		return contentItem{ContentPart: ContentPart{Kind: ContentImage, Text: raw}}, len(args.toks) > 0
	}
	return contentItem{}, false
}

// onlyString returns the value of the reader's only token, a string.
func (r *valueReader) onlyString() (string, bool) {
	if len(r.toks) != 1 || r.toks[0].kind != tString {
		return "", false
	}
	return stringValue(r.text(r.toks[0])), true
}

// imageItem is url(ref), resolved against base.
func imageItem(ref, base string) (contentItem, bool) {
	abs, ok := resolveURL(base, ref)
	if !ok {
		abs = ref
	}
	return contentItem{ContentPart: ContentPart{Kind: ContentImage, URL: abs, Text: serializeURL(abs)}}, true
}

// imageSetItem reads image-set()'s options (CSS Images 4 §2.4): each an
// image or a string, then a resolution ("x" is "dppx") and a type(); the
// first option's image is the URL.
func imageSetItem(args *valueReader, base string) (contentItem, bool) {
	var opts []string
	first := ""
	for !args.done() {
		t, _ := args.peek()
		var img string
		switch {
		case t.kind == tString:
			img = stringValue(args.text(t))
			args.i++
		case t.kind == tURL:
			img = urlTokenValue(args.text(t))
			args.i++
		case args.funcName(t) == "url":
			end := args.closeOf(args.i)
			in := &valueReader{src: args.src, toks: args.toks[args.i+1 : end]}
			s, ok := in.onlyString()
			if !ok {
				return contentItem{}, false
			}
			img, args.i = s, end+1
		default:
			return contentItem{}, false
		}
		abs, ok := resolveURL(base, img)
		if !ok {
			abs = img
		}
		if first == "" {
			first = abs
		}
		opt := serializeURL(abs)
		for !args.done() {
			t, _ := args.peek()
			if t.kind == tComma {
				args.i++
				break
			}
			args.i++
			switch {
			case t.kind == tDimension:
				num, unit := splitDimension(args.text(t))
				switch lowerASCII(unit) {
				case "x", "dppx":
					opt += " " + num + "dppx"
				case "dpi", "dpcm":
					opt += " " + num + lowerASCII(unit)
				default:
					return contentItem{}, false
				}
			case args.funcName(t) == "type":
				end := args.closeOf(args.i - 1)
				opt += " " + args.src[t.off:args.toks[min(end, len(args.toks)-1)].end]
				args.i = end + 1
			default:
				return contentItem{}, false
			}
		}
		opts = append(opts, opt)
	}
	if len(opts) == 0 {
		return contentItem{}, false
	}
	text := "image-set(" + strings.Join(opts, ", ") + ")"
	return contentItem{ContentPart: ContentPart{Kind: ContentImage, URL: first, Text: text}}, true
}

// attrItem reads attr(name) and attr(name, "fallback") (CSS Values 5
// §7.7). A type() or unit makes the value something other than a string,
// which content does not take, so it is invalid here.
func attrItem(args *valueReader) (contentItem, bool) {
	if args.done() || args.toks[0].kind != tIdent {
		return contentItem{}, false
	}
	it := contentItem{attr: true, ContentPart: ContentPart{Kind: ContentString}}
	it.Name = unescapeIdent(args.text(args.toks[0]))
	args.i = 1
	if args.done() {
		return it, true
	}
	if args.toks[1].kind != tComma {
		return contentItem{}, false
	}
	args.i = 2
	s, ok := (&valueReader{src: args.src, toks: args.toks[2:]}).onlyString()
	if !ok {
		return contentItem{}, false
	}
	it.fallback, it.hasFallback = s, true
	return it, true
}

// counterItem reads counter(name, style?) or counters(name, "sep",
// style?).
func counterItem(args *valueReader, plural bool) (contentItem, bool) {
	toks := args.toks
	if len(toks) == 0 || toks[0].kind != tIdent {
		return contentItem{}, false
	}
	p := ContentPart{Kind: ContentCounter, Name: unescapeIdent(args.text(toks[0]))}
	if lowerASCII(p.Name) == "none" {
		return contentItem{}, false
	}
	rest := toks[1:]
	if plural {
		p.Kind = ContentCounters
		if len(rest) < 2 || rest[0].kind != tComma || rest[1].kind != tString {
			return contentItem{}, false
		}
		p.Separator = stringValue(args.text(rest[1]))
		rest = rest[2:]
	}
	switch {
	case len(rest) == 0:
	case len(rest) == 2 && rest[0].kind == tComma && rest[1].kind == tIdent:
		p.Style = unescapeIdent(args.text(rest[1]))
		if lowerASCII(p.Style) == "decimal" {
			p.Style = ""
		}
	default:
		return contentItem{}, false
	}
	return contentItem{ContentPart: p}, true
}

// compute reads the attributes of el that attr() names and joins
// adjacent strings of the parts (not of the alternative text, which
// Chromium keeps apart).
func (v *contentValue) compute(el *html.Node) Content {
	switch {
	case v.normal:
		return contentNormal
	case v.none:
		return contentNone
	}
	c := Content{parts: resolveContent(v.items, el, true), hasAlt: v.hasAlt}
	if v.hasAlt {
		c.alt = resolveContent(v.alt, el, false)
	}
	return c
}

func resolveContent(items []contentItem, el *html.Node, join bool) []ContentPart {
	parts := make([]ContentPart, 0, len(items))
	for _, it := range items {
		p := it.ContentPart
		if it.attr {
			val, ok := attrValue(el, p.Name)
			if !ok && it.hasFallback {
				val = it.fallback
			}
			p = ContentPart{Kind: ContentString, Text: val}
		}
		if n := len(parts); join && n > 0 && p.Kind == ContentString && parts[n-1].Kind == ContentString {
			parts[n-1].Text += p.Text
			continue
		}
		parts = append(parts, p)
	}
	return parts
}

// attrValue returns an attribute of el; the name is matched in ASCII
// lower case on HTML elements, as attr() does in an HTML document.
func attrValue(el *html.Node, name string) (string, bool) {
	if el == nil {
		return "", false
	}
	if el.Namespace == "" {
		name = lowerASCII(name)
	}
	for _, a := range el.Attr {
		if a.Namespace == "" && a.Key == name {
			return a.Val, true
		}
	}
	return "", false
}

// Quotes is a computed value of quotes: auto, none, or pairs of strings.
type Quotes struct {
	none  bool
	pairs []string
}

// IsAuto reports quotes: auto: the quotes of the element's language.
func (q Quotes) IsAuto() bool { return !q.none && q.pairs == nil }

// IsNone reports quotes: none.
func (q Quotes) IsNone() bool { return q.none }

// Pairs returns the open and close quotes, level by level: [open1,
// close1, open2, close2...]. Do not modify the slice.
func (q Quotes) Pairs() []string { return q.pairs }

func (q Quotes) String() string {
	switch {
	case q.none:
		return "none"
	case q.pairs == nil:
		return "auto"
	}
	s := make([]string, len(q.pairs))
	for i, p := range q.pairs {
		s[i] = serializeString(p)
	}
	return strings.Join(s, " ")
}

// parseQuotes reads "auto | none | [<string> <string>]+".
func parseQuotes(r *valueReader) (*Quotes, bool) {
	if words := r.keywords(); len(words) == 1 {
		switch words[0] {
		case "auto":
			return &Quotes{}, true
		case "none":
			return &Quotes{none: true}, true
		}
		return nil, false
	}
	if len(r.toks) == 0 || len(r.toks)%2 != 0 {
		return nil, false
	}
	q := &Quotes{pairs: make([]string, len(r.toks))}
	for i, t := range r.toks {
		if t.kind != tString {
			return nil, false
		}
		q.pairs[i] = stringValue(r.text(t))
	}
	return q, true
}
