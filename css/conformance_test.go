package css

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// This file runs the CSS Syntax tests of github.com/SimonSapin/
// css-parsing-tests (testdata/css-parsing-tests, README there) through
// the tokenizer and the parser, with a ruleReader that keeps every rule
// and declaration as CSS Syntax's generic ones, in the tests' JSON form.
//
// The tests follow the 2013 draft of CSS Syntax. Where the standard has
// changed since, the expectation is changed to the standard's before the
// comparison, by currentSyntax (for what changed everywhere) and by
// changedCases (case by case, with the reason).

// genericRule is a rule as CSS Syntax's parser returns it, before any
// module reads it.
type genericRule struct {
	ruleBase
	at       bool
	name     string
	prelude  span
	block    span
	hasBlock bool
	children []item
}

func (*genericRule) CSSText() string { return "" }

// genericDecl is a declaration kept with its value's tokens.
type genericDecl struct {
	ruleBase
	name      string
	value     span
	important bool
}

func (*genericDecl) CSSText() string { return "" }

// genericReader keeps everything. wrapper names an at-rule whose block
// it reads as a list of rules (to run the tests of "parse a list of
// rules" inside a block).
type genericReader struct{ wrapper string }

func (g *genericReader) rule(p *parser, at bool, name string, pre span, hasBlock bool) *genericRule {
	r := &genericRule{at: at, name: name, prelude: pre, hasBlock: hasBlock}
	if hasBlock {
		end := p.skipFrom(p.i)
		r.block = span{p.i + 1, end}
		if p.toks[end-1].kind == tCloseCurly && end-1 > p.i {
			r.block.to = end - 1
		}
	}
	return r
}

func (g *genericReader) qualifiedRule(p *parser, f *frame, pre span) (Rule, frame, bool) {
	return g.rule(p, false, "", pre, true), frame{}, false
}

func (g *genericReader) atRule(p *parser, f *frame, name string, at int, pre span, hasBlock bool) (Rule, frame, bool) {
	r := g.rule(p, true, name, pre, hasBlock)
	if name == g.wrapper && hasBlock {
		return r, frame{mode: modeRules, block: true, rule: r}, true
	}
	return r, frame{}, false
}

func (g *genericReader) declaration(p *parser, f *frame, d *Declaration, at int, val span) bool {
	// The value's span is what the tests want, so the declaration goes
	// into the items as a rule of its own.
	f.flush()
	f.items = append(f.items, item{rule: &genericDecl{name: unescapeIdent(p.text(p.toks[at])), value: val, important: d.Important}})
	return false
}

func (g *genericReader) closeBlock(p *parser, f *frame) {
	f.rule.(*genericRule).children = f.items
}

// jsonTokens turns toks[s] into the tests' component values, building
// blocks and functions with a stack.
func jsonTokens(src string, toks []token, s span) []any {
	type open struct {
		list   []any
		closer tokenKind
	}
	stack := []open{{}}
	for i := s.from; i < s.to; i++ {
		t := toks[i]
		text := src[t.off:t.end]
		top := &stack[len(stack)-1]
		if len(stack) > 1 && t.kind == top.closer {
			done := top.list
			stack = stack[:len(stack)-1]
			stack[len(stack)-1].list = append(stack[len(stack)-1].list, done)
			continue
		}
		var v any
		switch t.kind {
		case tFunction:
			stack = append(stack, open{list: []any{"function", unescapeIdent(text[:len(text)-1])}, closer: tCloseParen})
			continue
		case tOpenParen, tOpenSquare, tOpenCurly:
			c, _ := closer(t.kind)
			stack = append(stack, open{list: []any{text + map[tokenKind]string{tCloseParen: ")", tCloseSquare: "]", tCloseCurly: "}"}[c]}, closer: c})
			continue
		case tCloseParen, tCloseSquare, tCloseCurly:
			v = []any{"error", text}
		case tIdent:
			v = []any{"ident", unescapeIdent(text)}
		case tAtKeyword:
			v = []any{"at-keyword", unescapeIdent(text[1:])}
		case tHash:
			kind := "unrestricted"
			if wouldStartIdent(text[1:]) {
				kind = "id"
			}
			v = []any{"hash", unescapeIdent(text[1:]), kind}
		case tString:
			v = []any{"string", stringValue(text)}
		case tBadString:
			v = []any{"error", "bad-string"}
		case tURL:
			v = []any{"url", urlTokenValue(text)}
		case tBadURL:
			v = []any{"error", "bad-url"}
		case tNumber:
			v = jsonNumber("number", text, "")
		case tPercentage:
			v = jsonNumber("percentage", text[:len(text)-1], "")
		case tDimension:
			num, unit := splitDimension(text)
			v = jsonNumber("dimension", num, unescapeIdent(unit))
		case tWhitespace:
			v = " "
		default:
			v = text
		}
		top.list = append(top.list, v)
	}
	for len(stack) > 1 {
		done := stack[len(stack)-1].list
		stack = stack[:len(stack)-1]
		stack[len(stack)-1].list = append(stack[len(stack)-1].list, done)
	}
	if stack[0].list == nil {
		return []any{}
	}
	return stack[0].list
}

// wouldStartIdent is CSS Syntax §4.3.10 for a hash's name.
func wouldStartIdent(s string) bool {
	toks := tokenize(s)
	return len(toks) > 0 && toks[0].off == 0 && (toks[0].kind == tIdent || toks[0].kind == tFunction)
}

func jsonNumber(kind, repr, unit string) []any {
	v, _ := numberTokenValue(repr)
	typ := "number"
	if isIntegerToken(repr) {
		typ = "integer"
	}
	out := []any{kind, repr, v, typ}
	if kind == "dimension" {
		out = append(out, unit)
	}
	return out
}

// jsonItems turns what the generic reader kept into the tests' rules and
// declarations.
func jsonItems(p *parser, items []item) []any {
	out := []any{}
	for _, it := range items {
		switch r := it.rule.(type) {
		case *genericRule:
			pre := jsonTokens(p.src, p.toks, r.prelude)
			var block any
			if r.hasBlock {
				block = jsonTokens(p.src, p.toks, r.block)
			}
			if r.at {
				out = append(out, []any{"at-rule", r.name, pre, block})
			} else {
				out = append(out, []any{"qualified rule", pre, block})
			}
		case *genericDecl:
			out = append(out, []any{"declaration", r.name, jsonTokens(p.src, p.toks, r.value), r.important})
		}
	}
	return out
}

// loadCases reads a test file: input and expected output, alternating.
func loadCases(t *testing.T, name string) [][2]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "css-parsing-tests", name))
	if err != nil {
		t.Fatal(err)
	}
	var list []any
	if err := json.Unmarshal(data, &list); err != nil {
		t.Fatal(err)
	}
	var cases [][2]any
	for i := 0; i+1 < len(list); i += 2 {
		cases = append(cases, [2]any{list[i], list[i+1]})
	}
	return cases
}

// changedCases are the expectations the CSS Syntax standard has changed
// since the 2013 draft the tests follow, by file and input, with the
// standard's result.
var changedCases = map[string]map[string]struct {
	want   string // JSON
	reason string
}{
	"one_declaration.json": {
		"foo:;": {`["declaration", "foo", [], false]`,
			"§5.4.6: a declaration's value now ends at ';' (the 2013 draft took the rest of the input)"},
		"foo:;bar:;": {`["declaration", "foo", [], false]`,
			"§5.4.6: a declaration's value now ends at ';' (the 2013 draft took the rest of the input)"},
		"foo: 9000 @bar{ !important": {`["error", "invalid"]`,
			"§5.4.6 step 8: a property's value that holds a {}-block and other values is no declaration"},
	},
}

// sevenDigitURanges are the component value cases whose last <urange>
// has seven hex digits or question marks: the 2013 tokenizer took six of
// them for a unicode-range token and started a new token with the rest;
// the standard's tokenizer makes one number or dimension of them all,
// which is no valid <urange> (§7.1: more than six code points), so its
// tokens stay. replace is how many of the 2013 expectation's last
// values the standard's replace.
var sevenDigitURanges = map[string]struct {
	replace int
	want    string
}{
	"u+1 U+10 U+100 U+1000 U+10000 U+100000 U+1000000": {2, `[["ident", "U"], ["number", "+1000000", 1000000, "integer"]]`},
	"u+? u+1? U+10? U+100? U+1000? U+10000? U+100000?": {2, `[["ident", "U"], ["number", "+100000", 100000, "integer"], "?"]`},
	"u+?? U+1?? U+10?? U+100?? U+1000?? U+10000??":     {2, `[["ident", "U"], ["number", "+10000", 10000, "integer"], "?", "?"]`},
	"u+??? U+1??? U+10??? U+100??? U+1000???":          {2, `[["ident", "U"], ["number", "+1000", 1000, "integer"], "?", "?", "?"]`},
	"u+???? U+1???? U+10???? U+100????":                {2, `[["ident", "U"], ["number", "+100", 100, "integer"], "?", "?", "?", "?"]`},
	"u+????? U+1????? U+10?????":                       {2, `[["ident", "U"], ["number", "+10", 10, "integer"], "?", "?", "?", "?", "?"]`},
	"u+?????? U+1??????":                               {2, `[["ident", "U"], ["number", "+1", 1, "integer"], "?", "?", "?", "?", "?", "?"]`},
	"u+1-2 U+100000-2 U+1000000-2 U+10-200000": {5, `[["ident", "U"], ["number", "+1000000", 1000000, "integer"], ` +
		`["number", "-2", -2, "integer"], " ", ["unicode-range", 16, 2097152]]`},
}

// currentSyntax changes a 2013 expectation in the ways the standard has
// changed for every case: a declaration's value loses its white space at
// both ends (§5.4.6 steps 4 and 7), and the unicode-range token is gone
// (§4: "u+" starts an identifier and a number or dimension).
func currentSyntax(v any) any {
	switch x := v.(type) {
	case []any:
		if len(x) == 4 && x[0] == "declaration" {
			val := x[2].([]any)
			for len(val) > 0 && val[0] == " " {
				val = val[1:]
			}
			for len(val) > 0 && val[len(val)-1] == " " {
				val = val[:len(val)-1]
			}
			return []any{x[0], x[1], currentSyntax(val), x[3]}
		}
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = currentSyntax(e)
		}
		return out
	}
	return v
}

// withoutErrors splits the errors out of a list of rules.
func withoutErrors(list []any) (rules []any, errs int) {
	rules = []any{}
	for _, v := range list {
		if e, ok := v.([]any); ok && len(e) == 2 && e[0] == "error" {
			errs++
			continue
		}
		rules = append(rules, v)
	}
	return rules, errs
}

// floatsEqual compares the numbers of decoded JSON (float64) with ours.
var floatsEqual = cmp.Comparer(func(a, b float64) bool {
	return a == b || math.Abs(a-b) < 1e-9*math.Max(math.Abs(a), math.Abs(b))
})

// parseGeneric runs the parser over src with the generic reader.
func parseGeneric(src string, root frame, wrapper string) (*parser, []item) {
	src = preprocess(src)
	s := &StyleSheet{text: newTextIndex(src)}
	p := &parser{sheet: s, src: src, toks: tokenize(src), read: &genericReader{wrapper: wrapper}}
	return p, p.parse(root)
}

func wantOf(t *testing.T, file, input string, expected any) any {
	t.Helper()
	if c, ok := changedCases[file][input]; ok {
		var v any
		if err := json.Unmarshal([]byte(c.want), &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	return currentSyntax(expected)
}

func TestCSSParsingTestsStylesheet(t *testing.T) {
	for _, c := range loadCases(t, "stylesheet.json") {
		in := c[0].(string)
		want, wantErrs := withoutErrors(wantOf(t, "stylesheet.json", in, c[1]).([]any))
		p, items := parseGeneric(in, frame{mode: modeRules}, "")
		if diff := cmp.Diff(want, jsonItems(p, items), floatsEqual); diff != "" {
			t.Errorf("%q: mismatch (-want +got):\n%s", in, diff)
		}
		if got := len(p.sheet.errs); got != wantErrs {
			t.Errorf("%q: %d errors, want %d: %v", in, got, wantErrs, p.sheet.errs)
		}
	}
}

// TestCSSParsingTestsRuleList runs "parse a list of rules" inside a
// block, which is how the rules of @media and the other grouping rules
// outside style rules are read: as at the top level, but CDO and CDC are
// no longer dropped.
func TestCSSParsingTestsRuleList(t *testing.T) {
	for _, c := range loadCases(t, "rule_list.json") {
		in := c[0].(string)
		want, wantErrs := withoutErrors(wantOf(t, "rule_list.json", in, c[1]).([]any))
		// The end of the input closes the wrapper's block (§5.4.4), so
		// that an unclosed "[" in the input does not take its "}".
		p, items := parseGeneric("@wrapper{"+in, frame{mode: modeRules}, "wrapper")
		if len(items) != 1 {
			t.Fatalf("%q: %d items, want the wrapper", in, len(items))
		}
		got := jsonItems(p, items[0].rule.(*genericRule).children)
		if diff := cmp.Diff(want, got, floatsEqual); diff != "" {
			t.Errorf("%q: mismatch (-want +got):\n%s", in, diff)
		}
		if got := len(p.sheet.errs); got != wantErrs {
			t.Errorf("%q: %d errors, want %d: %v", in, got, wantErrs, p.sheet.errs)
		}
	}
}

func TestCSSParsingTestsDeclarationList(t *testing.T) {
	for _, c := range loadCases(t, "declaration_list.json") {
		in := c[0].(string)
		want, wantErrs := withoutErrors(wantOf(t, "declaration_list.json", in, c[1]).([]any))
		p, items := parseGeneric(in, frame{mode: modeDecls}, "")
		if diff := cmp.Diff(want, jsonItems(p, items), floatsEqual); diff != "" {
			t.Errorf("%q: mismatch (-want +got):\n%s", in, diff)
		}
		if got := len(p.sheet.errs); got != wantErrs {
			t.Errorf("%q: %d errors, want %d: %v", in, got, wantErrs, p.sheet.errs)
		}
	}
}

// TestCSSParsingTestsOneDeclaration runs "parse a declaration" (§5.3.5):
// white space, then "consume a declaration".
func TestCSSParsingTestsOneDeclaration(t *testing.T) {
	for _, c := range loadCases(t, "one_declaration.json") {
		in := c[0].(string)
		want := wantOf(t, "one_declaration.json", in, c[1])
		src := preprocess(in)
		p := &parser{sheet: &StyleSheet{text: newTextIndex(src)}, src: src, toks: tokenize(src), read: &genericReader{}}
		p.frames = []frame{{mode: modeDecls}}
		p.i = p.skipSpace(0, len(p.toks))
		var got any = []any{"error", "invalid"}
		if p.i >= len(p.toks) {
			got = []any{"error", "empty"}
		} else if p.declaration(&p.frames[0]) {
			got = jsonItems(p, p.frames[0].items)[0]
		}
		if diff := cmp.Diff(want, got, floatsEqual); diff != "" {
			t.Errorf("%q: mismatch (-want +got):\n%s", in, diff)
		}
	}
}

// TestCSSParsingTestsComponentValues runs "parse a list of component
// values": the tokenizer (token.go) and the blocks a parser builds.
func TestCSSParsingTestsComponentValues(t *testing.T) {
	for _, c := range loadCases(t, "component_value_list.json") {
		in := c[0].(string)
		want := splitMatchTokens(dropEOFErrors(wantOf(t, "component_value_list.json", in, c[1])))
		if tail, ok := sevenDigitURanges[in]; ok {
			var v []any
			if err := json.Unmarshal([]byte(tail.want), &v); err != nil {
				t.Fatal(err)
			}
			w := want.([]any)
			want = append(w[:len(w)-tail.replace:len(w)-tail.replace], v...)
		}
		src := preprocess(in)
		toks := tokenize(src)
		got := joinURanges(jsonTokens(src, toks, span{0, len(toks)}))
		if diff := cmp.Diff(want, any(got), floatsEqual); diff != "" {
			t.Errorf("%q: mismatch (-want +got):\n%s", strings.ReplaceAll(in, "\n", `\n`), diff)
		}
	}
}

// dropEOFErrors removes the tests' markers of a parse error at the end of
// the input ("eof-in-string", "eof-in-url"): they are no component
// values, and the parser reports nothing for them.
func dropEOFErrors(v any) any {
	x, ok := v.([]any)
	if !ok {
		return v
	}
	out := []any{}
	for _, e := range x {
		if l, ok := e.([]any); ok && len(l) == 2 && l[0] == "error" && strings.HasPrefix(l[1].(string), "eof-") {
			continue
		}
		out = append(out, dropEOFErrors(e))
	}
	return out
}

// splitMatchTokens changes the 2013 draft's match and column tokens
// ("~=", "||", ...) into the two delimiters the standard has for them
// now (§4: those tokens were removed).
func splitMatchTokens(v any) any {
	x, ok := v.([]any)
	if !ok {
		return v
	}
	out := []any{}
	for _, e := range x {
		switch e {
		case "~=", "|=", "^=", "$=", "*=", "||":
			out = append(out, e.(string)[:1], e.(string)[1:])
			continue
		}
		out = append(out, splitMatchTokens(e))
	}
	return out
}

// joinURanges finds, in our component values, the token sequences that
// the standard reads as a <urange> (§7.1, now that the tokenizer has no
// unicode-range token) and turns each into the 2013 draft's
// ["unicode-range", start, end], with the standard's algorithm; a
// sequence that is no valid <urange> is left as it is.
func joinURanges(list []any) []any {
	out := []any{}
	for i := 0; i < len(list); i++ {
		if sub, ok := list[i].([]any); ok && len(sub) > 0 && (sub[0] == "function" || len(sub[0].(string)) == 2) {
			list[i] = append(sub[:1:1], joinURanges(sub[1:])...)
		}
		if u, n, ok := urangeAt(list[i:]); ok {
			out = append(out, u)
			i += n - 1
			continue
		}
		out = append(out, list[i])
	}
	return out
}

// urangeAt matches the productions of <urange> at the start of list:
//
//	u '+' <ident-token> '?'* | u <dimension-token> '?'* | u <number-token> '?'*
//	| u <number-token> <dimension-token> | u <number-token> <number-token>
//	| u '+' '?'+
func urangeAt(list []any) (any, int, bool) {
	tok := func(i int) []any {
		if i < len(list) {
			if l, ok := list[i].([]any); ok {
				return l
			}
		}
		return nil
	}
	is := func(i int, s string) bool { return i < len(list) && list[i] == s }
	repr := func(l []any) string {
		switch l[0] {
		case "ident":
			return l[1].(string)
		case "number":
			return l[1].(string)
		case "dimension":
			return l[1].(string) + l[4].(string)
		}
		return ""
	}
	if u := tok(0); u == nil || u[0] != "ident" || !strings.EqualFold(u[1].(string), "u") {
		return nil, 0, false
	}
	text, n := "", 1
	questions := func() {
		for is(n, "?") {
			text += "?"
			n++
		}
	}
	switch {
	case is(1, "+") && tok(2) != nil && tok(2)[0] == "ident":
		text, n = "+"+repr(tok(2)), 3
		questions()
	case is(1, "+") && is(2, "?"):
		text, n = "+", 2
		questions()
	case tok(1) != nil && tok(1)[0] == "dimension":
		text, n = repr(tok(1)), 2
		questions()
	case tok(1) != nil && tok(1)[0] == "number":
		text, n = repr(tok(1)), 2
		if next := tok(2); next != nil && (next[0] == "dimension" || next[0] == "number") {
			text += repr(next)
			n = 3
		} else {
			questions()
		}
	default:
		return nil, 0, false
	}
	start, end, ok := urangeValue(text)
	if !ok {
		return nil, 0, false
	}
	return []any{"unicode-range", float64(start), float64(end)}, n, true
}

// urangeValue is §7.1's steps from a <urange>'s text to its start and end.
func urangeValue(text string) (start, end int, ok bool) {
	if !strings.HasPrefix(text, "+") {
		return 0, 0, false
	}
	text = text[1:]
	i := 0
	for i < len(text) && isHex(text[i]) {
		i++
	}
	q := i
	for q < len(text) && text[q] == '?' {
		q++
	}
	if q == 0 || q > 6 {
		return 0, 0, false
	}
	hex := func(s string) int {
		v := 0
		for j := 0; j < len(s); j++ {
			v = v*16 + int(hexVal(s[j]))
		}
		return v
	}
	if q > i {
		if q != len(text) {
			return 0, 0, false
		}
		return hex(text[:i] + strings.Repeat("0", q-i)), hex(text[:i] + strings.Repeat("F", q-i)), true
	}
	start = hex(text[:i])
	if i == len(text) {
		return start, start, true
	}
	if text[i] != '-' {
		return 0, 0, false
	}
	j := i + 1
	for j < len(text) && isHex(text[j]) {
		j++
	}
	if j == i+1 || j-i-1 > 6 || j != len(text) {
		return 0, 0, false
	}
	return start, hex(text[i+1 : j]), true
}

// TestCSSParsingTestsStylesheetBytes runs the decoding of a sheet's bytes
// (§3.2, Decode) and then "parse a stylesheet".
func TestCSSParsingTestsStylesheetBytes(t *testing.T) {
	for _, c := range loadCases(t, "stylesheet_bytes.json") {
		in := c[0].(map[string]any)
		label := func(key string) string {
			s, _ := in[key].(string)
			return s
		}
		var raw []byte
		for _, r := range label("css_bytes") {
			raw = append(raw, byte(r))
		}
		out := c[1].([]any)
		want, wantErrs := withoutErrors(currentSyntax(out[0]).([]any))
		text, enc := decodeSheet(raw, label("protocol_encoding"), label("environment_encoding"))
		if got, want := strings.ToLower(enc), out[1].(string); got != want {
			t.Errorf("% x: encoding %q, want %q", raw, got, want)
		}
		p, items := parseGeneric(text, frame{mode: modeRules}, "")
		if diff := cmp.Diff(want, jsonItems(p, items), floatsEqual); diff != "" {
			t.Errorf("% x: mismatch (-want +got):\n%s", raw, diff)
		}
		if got := len(p.sheet.errs); got != wantErrs {
			t.Errorf("% x: %d errors, want %d: %v", raw, got, wantErrs, p.sheet.errs)
		}
	}
}

// TestCSSParsingTestsOneRule runs "parse a rule" (§5.3.4): one rule and
// nothing but white space around it, read inside a block so that CDO and
// CDC are not dropped.
func TestCSSParsingTestsOneRule(t *testing.T) {
	for _, c := range loadCases(t, "one_rule.json") {
		in := c[0].(string)
		want := wantOf(t, "one_rule.json", in, c[1])
		p, items := parseGeneric("@wrapper{"+in, frame{mode: modeRules}, "wrapper")
		rules := items[0].rule.(*genericRule).children
		var got any
		switch {
		case strings.TrimSpace(strings.NewReplacer("/**/", "").Replace(in)) == "":
			got = []any{"error", "empty"}
		case len(rules) == 0:
			got = []any{"error", "invalid"}
		case len(rules) > 1 || len(p.sheet.errs) > 0:
			got = []any{"error", "extra-input"}
		default:
			got = jsonItems(p, rules)[0]
		}
		if diff := cmp.Diff(want, got, floatsEqual); diff != "" {
			t.Errorf("%q: mismatch (-want +got):\n%s", in, diff)
		}
	}
}
