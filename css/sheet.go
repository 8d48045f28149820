package css

import (
	"fmt"
	"sort"
	"strings"
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
}

// StyleSheet is a parsed style sheet: CSSOM's CSSStyleSheet, read only.
// Parsing never fails; what CSS Syntax's error recovery dropped is listed
// by Errors. A StyleSheet never changes after parsing, except that the
// sheets of its @import rules are set when they are loaded
// (LoadImports), so one parsed sheet may be shared by many documents.
type StyleSheet struct {
	href    string
	baseURL string
	origin  Origin
	rules   []Rule
	errs    []*ParseError
	// lines holds the offset where each line of the preprocessed text
	// starts, for turning offsets into positions.
	lines []int32
	src   string
}

// Parse parses an author style sheet with no URL.
func Parse(src string) *StyleSheet { return ParseWithOptions(src, Options{}) }

// ParseWithOptions parses a style sheet as CSS Syntax §5.3.3 ("parse a
// style sheet") says, then reads its rules as the CSS modules define them.
func ParseWithOptions(src string, opts Options) *StyleSheet {
	s := &StyleSheet{href: opts.Href, baseURL: opts.BaseURL, origin: opts.Origin}
	if s.baseURL == "" {
		s.baseURL = opts.Href
	}
	if len(src) > maxSheetBytes {
		src = src[:maxSheetBytes]
		s.errs = append(s.errs, &ParseError{Href: s.href, Pos: Position{1, 1}, Msg: fmt.Sprintf("sheet larger than %d bytes: the rest is dropped", maxSheetBytes)})
	}
	s.src = preprocess(src)
	s.lines = lineStarts(s.src)
	p := &parser{sheet: s, src: s.src, toks: tokenize(s.src)}
	s.rules = p.topLevel()
	sort.SliceStable(s.errs, func(i, j int) bool {
		a, b := s.errs[i].Pos, s.errs[j].Pos
		return a.Line < b.Line || a.Line == b.Line && a.Column < b.Column
	})
	return s
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
func (s *StyleSheet) Text() string { return s.src }

// lineStarts returns the offset of the start of each line of src.
func lineStarts(src string) []int32 {
	starts := []int32{0}
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			starts = append(starts, int32(i+1))
		}
	}
	return starts
}

// position turns an offset in the sheet's text into a Position.
func (s *StyleSheet) position(off int32) Position {
	line := sort.Search(len(s.lines), func(i int) bool { return s.lines[i] > off }) - 1
	start := s.lines[line]
	col := 1 + len([]rune(s.src[start:off]))
	return Position{Line: line + 1, Column: col}
}

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
