package css

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// Origin is where a sheet comes from, which decides the order of the
// cascade (CSS Cascade 5 §6.2): the user agent's declarations lose to the
// author's, and the author's important ones to the user agent's important
// ones. A server-side document has no user sheet.
type Origin uint8

const (
	// OriginAuthor is the page's own sheets: <style>, <link> and what they
	// import, and style attributes.
	OriginAuthor Origin = iota
	// OriginUserAgent is the user agent's sheet (the HTML standard's
	// rendering section, as Chromium has it).
	OriginUserAgent
)

func (o Origin) String() string {
	if o == OriginUserAgent {
		return "user agent"
	}
	return "author"
}

// Position is a place in a sheet's text: a line and a column counted from
// 1, the column in characters (code points), after CSS Syntax's
// preprocessing (a CR LF pair is one line break).
type Position struct {
	Line, Column int
}

func (p Position) String() string { return fmt.Sprintf("line %d, column %d", p.Line, p.Column) }

// ParseError is something a sheet's parser dropped, as CSS Syntax's error
// recovery drops it: a rule whose selector does not parse, a declaration
// that is not one, an at-rule in a place it is not allowed. The rest of
// the sheet is kept: a sheet never fails to parse.
type ParseError struct {
	// Href is the sheet's URL, "" for a sheet from a <style> element or
	// Parse.
	Href string
	Pos  Position
	// Msg says what was dropped and why.
	Msg string
}

func (e *ParseError) Error() string {
	if e.Href != "" {
		return fmt.Sprintf("css: %s: %s: %s", e.Href, e.Pos, e.Msg)
	}
	return fmt.Sprintf("css: %s: %s", e.Pos, e.Msg)
}

// Options are the optional arguments of ParseWithOptions.
type Options struct {
	// Href is the sheet's URL: the base of its @import URLs, and what its
	// errors and rules name. "" for a sheet with no URL of its own, such
	// as a <style> element's (its @imports are then resolved against the
	// document's base URL, which the caller passes as BaseURL).
	Href string
	// BaseURL resolves relative @import URLs when Href is "".
	BaseURL string
	// Origin is OriginAuthor unless set.
	Origin Origin
	// ResolveURL resolves an @import's URL against a base URL; ok is
	// false when it does not resolve. nil means the URL Standard's
	// parser, which package vdom resolves links with; a caller with
	// URLs of its own (a virtual file system, say) passes its resolver.
	// LoadImports uses it for the imported sheets too.
	ResolveURL func(base, ref string) (resolved string, ok bool)
	// Encoding is the name of the encoding the text was decoded from:
	// the environment encoding of the sheets it imports (CSS Cascade 4
	// §2.2). A <style> element's is its document's. "" means UTF-8.
	Encoding string
}

// StyleSheet is a parsed style sheet: CSSOM's CSSStyleSheet, read only.
// Parsing never fails; what CSS Syntax's error recovery dropped is listed
// by Errors. A StyleSheet never changes after parsing, except that the
// sheets of its @import rules are set when they are loaded
// (LoadImports), so one parsed sheet may be shared by many documents once
// its imports are loaded.
type StyleSheet struct {
	href    string
	baseURL string
	origin  Origin
	resolve func(base, ref string) (string, bool)
	// encoding is Options.Encoding.
	encoding string
	rules    []Rule
	errs     []*ParseError
	text     textIndex
}

// Parse parses an author style sheet with no URL.
func Parse(src string) *StyleSheet { return ParseWithOptions(src, Options{}) }

// ParseWithOptions parses a style sheet as CSS Syntax §5.3.3 ("parse a
// style sheet") says, then reads its rules as the CSS modules define them.
// A byte order mark at the start of src is dropped, as decoding drops it
// (text read from a file often has one); Decode turns bytes into text.
func ParseWithOptions(src string, opts Options) *StyleSheet {
	return parseLimited(src, opts, maxSheetBytes)
}

// parseLimited is ParseWithOptions with the largest sheet it takes.
func parseLimited(src string, opts Options, limit int) *StyleSheet {
	src = strings.TrimPrefix(src, "\uFEFF")
	s := &StyleSheet{href: opts.Href, baseURL: opts.BaseURL, origin: opts.Origin, resolve: opts.ResolveURL, encoding: opts.Encoding}
	if s.baseURL == "" {
		s.baseURL = opts.Href
	}
	cut := false
	if len(src) > limit {
		src, cut = src[:limit], true
	}
	text := preprocess(src)
	if len(text) > limit {
		// Preprocessing makes a NUL or a byte that is not UTF-8 three
		// bytes (U+FFFD): cut again, at a character's start.
		end := limit
		for end > 0 && !utf8.RuneStart(text[end]) {
			end--
		}
		text, cut = text[:end], true
	}
	s.text = newTextIndex(text)
	if cut {
		s.errorf(int32(len(s.text.src)), "sheet larger than %d bytes: the rest is dropped", limit)
	}
	p := &parser{sheet: s, src: s.text.src, toks: tokenize(s.text.src), read: &cssomReader{}}
	s.rules = rulesOf(p.parse(frame{mode: modeRules}))
	sortErrors(s.errs)
	return s
}

// rulesOf returns the rules of a block's items; the top level and the
// blocks of rule lists hold no declarations.
func rulesOf(items []item) []Rule {
	rules := make([]Rule, 0, len(items))
	for _, it := range items {
		if it.rule != nil {
			rules = append(rules, it.rule)
		}
	}
	return rules
}

// sortErrors puts errors in the order of the text: most are found in
// that order, but a rule's error may be found after what it holds.
func sortErrors(errs []*ParseError) {
	sort.SliceStable(errs, func(i, j int) bool {
		a, b := errs[i].Pos, errs[j].Pos
		return a.Line < b.Line || a.Line == b.Line && a.Column < b.Column
	})
}

// Href is the sheet's URL, "" when it has none.
func (s *StyleSheet) Href() string { return s.href }

// BaseURL is the URL its relative @import URLs resolve against.
func (s *StyleSheet) BaseURL() string { return s.baseURL }

// Origin is where the sheet comes from.
func (s *StyleSheet) Origin() Origin { return s.origin }

// Rules returns the sheet's top-level rules, CSSOM's cssRules. The slice
// is the sheet's own: do not modify it.
func (s *StyleSheet) Rules() []Rule { return s.rules }

// Errors returns what the parser dropped, in the order of the text.
func (s *StyleSheet) Errors() []*ParseError { return s.errs }

// Text returns the sheet's text after CSS Syntax's preprocessing.
func (s *StyleSheet) Text() string { return s.text.src }

// textIndex turns offsets in a text into Positions: a binary search of
// the line starts for the line, and for the column a count of the
// characters from the nearest mark, so that a minified sheet of one long
// line costs no more per position than a sheet of short lines.
type textIndex struct {
	src string
	// lines holds the offset where each line starts.
	lines []int32
	// marks holds, for a text that is not all ASCII, the number of
	// characters before every markEvery'th byte; nil for ASCII, whose
	// columns are byte counts.
	marks []int32
	// curOff and curChars are the last offset asked for and the
	// characters before it: the parser asks mostly in order, and counts
	// on from there.
	curOff, curChars int32
}

const markEvery = 64

func newTextIndex(src string) textIndex {
	x := textIndex{src: src, lines: make([]int32, 1, 1+len(src)/32)}
	ascii := true
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == '\n':
			x.lines = append(x.lines, int32(i+1))
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	if !ascii {
		x.marks = make([]int32, 0, len(src)/markEvery+1)
		n := int32(0)
		for i := 0; i < len(src); i++ {
			if i%markEvery == 0 {
				x.marks = append(x.marks, n)
			}
			if src[i]&0xC0 != 0x80 {
				n++
			}
		}
	}
	return x
}

// chars returns the number of characters before off.
func (x *textIndex) chars(off int32) int32 {
	from, n := off/markEvery*markEvery, x.marks[off/markEvery]
	if x.curOff <= off && x.curOff > from {
		from, n = x.curOff, x.curChars
	}
	for _, c := range []byte(x.src[from:off]) {
		if c&0xC0 != 0x80 {
			n++
		}
	}
	x.curOff, x.curChars = off, n
	return n
}

// position turns an offset into a Position.
func (x *textIndex) position(off int32) Position {
	lo, hi := 0, len(x.lines)
	for hi-lo > 1 {
		mid := int(uint(lo+hi) >> 1)
		if x.lines[mid] <= off {
			lo = mid
		} else {
			hi = mid
		}
	}
	start := x.lines[lo]
	col := off - start
	if x.marks != nil {
		lineChars := x.marks[start/markEvery]
		for _, c := range []byte(x.src[start/markEvery*markEvery : start]) {
			if c&0xC0 != 0x80 {
				lineChars++
			}
		}
		col = x.chars(off) - lineChars
	}
	return Position{Line: lo + 1, Column: int(col) + 1}
}

// position turns an offset in the sheet's text into a Position.
func (s *StyleSheet) position(off int32) Position { return s.text.position(off) }

// errorf records that something was dropped at off.
func (s *StyleSheet) errorf(off int32, format string, args ...any) {
	s.errs = append(s.errs, &ParseError{Href: s.href, Pos: s.position(off), Msg: fmt.Sprintf(format, args...)})
}

// shorten cuts a text for an error message.
func shorten(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	const max = 60
	if len(s) > max {
		cut := max
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		return s[:cut] + "…"
	}
	return s
}
