package css_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/css"
	"github.com/google/go-cmp/cmp"
)

// errorStrings returns a sheet's errors, each message cut after
// "dropped": what follows is why a selector does not parse, which is
// package selector's to say.
func errorStrings(s *css.StyleSheet) []string {
	var out []string
	for _, e := range s.Errors() {
		msg := e.Error()
		if i := strings.Index(msg, "dropped"); i >= 0 {
			msg = msg[:i+len("dropped")]
		}
		out = append(out, msg)
	}
	return out
}

// TestParseRecovery checks CSS Syntax's error recovery: what a malformed
// sheet keeps (its cssText), and what it drops, where and why (Errors).
func TestParseRecovery(t *testing.T) {
	for _, tc := range []struct {
		name, sheet string
		want        string
		errs        []string
	}{{
		name:  "a bad declaration loses only itself",
		sheet: "a { color: red; colr: blue; width: ; top: 0 }",
		want:  "a { color: red; top: 0; }",
		errs: []string{
			`css: line 1, column 17: unknown property "colr": dropped`,
			`css: line 1, column 29: declaration "width" has no value: dropped`,
		},
	}, {
		name:  "a bad selector loses its rule and block",
		sheet: "a <b {color: red} c { color: blue }",
		want:  "c { color: blue; }",
		errs:  []string{`css: line 1, column 1: rule "a <b" dropped`},
	}, {
		name:  "at the top level a ';' does not end a rule",
		sheet: "a; b {} c {}",
		want:  "c { }",
		errs:  []string{`css: line 1, column 1: rule "a; b" dropped`},
	}, {
		name:  "in a style rule a ';' ends a rule that has no block",
		sheet: ".a { x; .b {} color: red }",
		want:  ".a {\n  & .b { }\n  color: red;\n}",
		errs:  []string{`css: line 1, column 6: "x" has no {} block: dropped`},
	}, {
		name:  "a stray } at the top level is part of the next rule",
		sheet: "a { color: red } } b { color: blue } c {}",
		want:  "a { color: red; }\nc { }",
		errs:  []string{`css: line 1, column 18: rule "} b" dropped`},
	}, {
		name:  "the end of the input closes what is open",
		sheet: "@media screen { a { color: red",
		want:  "@media screen {\n  a { color: red; }\n}",
	}, {
		name:  "unknown at-rules are dropped with their block",
		sheet: "@foo bar { a { color: red } } @baz; b {}",
		want:  "b { }",
		errs: []string{
			"css: line 1, column 1: unknown at-rule @foo: dropped",
			"css: line 1, column 31: unknown at-rule @baz: dropped",
		},
	}, {
		name:  "a rule that starts like a custom property",
		sheet: "--x: {a} b {} c {}",
		want:  "b { }\nc { }",
		errs:  []string{`css: line 1, column 1: rule "--x:" starts like a custom property: dropped`},
	}, {
		name:  "declarations in a top-level @media are rules that do not parse",
		sheet: "@media print { color: red; a { top: 0 } }",
		want:  "@media print {\n}",
		errs:  []string{`css: line 1, column 16: rule "color: red; a" dropped`},
	}, {
		name:  "important and its case",
		sheet: "a { color: red !IMPORTANT; color: blue; top: 0 ! important }",
		want:  "a { color: red !important; top: 0 !important; }",
	}, {
		name:  "a value that is no declaration value",
		sheet: "a { color: red !important !important; top: 0 } b { left: {x}; right: 0 }",
		want:  "a { top: 0; }\nb { right: 0; }",
		errs: []string{
			`css: line 1, column 5: declaration "color: red !important" holds a "!" that is not "!important": dropped`,
			`css: line 1, column 52: declaration "left: {x}" holds a {}-block: dropped`,
		},
	}, {
		name:  "comments go, and the white space around them is one space",
		sheet: "a { margin: 1px /* x */ 2px/**/3px; }",
		want:  "a { margin: 1px 2px/**/3px; }",
	}, {
		name:  "custom properties keep their text",
		sheet: "a { --Brand : 1px  /* c */ {x} ; --empty:; }",
		want:  "a { --Brand: 1px  /* c */ {x}; --empty: ; }",
	}, {
		name:  "@charset is read before parsing, and no rule",
		sheet: "@charset \"utf-8\"; a {} @charset \"utf-8\";",
		want:  "a { }",
		errs:  []string{"css: line 1, column 24: @charset is not a rule (an encoding declaration stands only at the start of a sheet): dropped"},
	}, {
		name:  "@import and @namespace only first",
		sheet: "@layer l; @import \"a.css\"; @namespace svg url(x); @import \"b.css\"; a {} @namespace y url(z);",
		want:  "@layer l;\n@import url(\"a.css\");\n@namespace svg url(\"x\");\na { }",
		errs: []string{
			"css: line 1, column 51: @import after other rules or inside a block: dropped",
			"css: line 1, column 73: @namespace after other rules or inside a block: dropped",
		},
	}, {
		name:  "positions count characters",
		sheet: "é {}\n  ü { a: b }",
		want:  "é { }\nü { }",
		errs:  []string{`css: line 2, column 7: unknown property "a": dropped`},
	}, {
		name:  "a CR LF pair is one line break",
		sheet: "a {}\r\n\r\nb { c: d }",
		want:  "a { }\nb { }",
		errs:  []string{`css: line 3, column 5: unknown property "c": dropped`},
	}, {
		name:  "CDO and CDC are dropped at the top level only",
		sheet: "<!-- a {} --> @media print { <!-- b {} } c {}",
		want:  "a { }\n@media print {\n}\nc { }",
		errs:  []string{`css: line 1, column 30: rule "<!-- b" dropped`},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			s := css.Parse(tc.sheet)
			if diff := cmp.Diff(tc.want, s.CSSText()); diff != "" {
				t.Errorf("CSSText: mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.errs, errorStrings(s)); diff != "" {
				t.Errorf("Errors: mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestParseNesting checks CSS Nesting: nested rules, and the declarations
// after them, which become nested declarations rules of the style rule
// they stand in.
func TestParseNesting(t *testing.T) {
	s := css.Parse(".a { color: red; .b { top: 0 } width: 1px; @media print { left: 0; .c {} } }")
	if len(s.Errors()) != 0 {
		t.Fatalf("errors: %v", s.Errors())
	}
	a := s.Rules()[0].(*css.StyleRule)
	if got := a.Style().CSSText(); got != "color: red;" {
		t.Errorf("Style() = %q", got)
	}
	kids := a.Rules()
	if len(kids) != 3 {
		t.Fatalf("%d nested rules, want 3: %v", len(kids), kids)
	}
	if b, ok := kids[0].(*css.StyleRule); !ok || b.Style().CSSText() != "top: 0;" {
		t.Errorf("first nested rule %#v, want .b { top: 0 }", kids[0])
	}
	nd, ok := kids[1].(*css.NestedDeclarationsRule)
	if !ok || nd.Parent() != a || nd.Style().CSSText() != "width: 1px;" {
		t.Errorf("second nested rule %#v, want the declarations of .a after .b", kids[1])
	}
	m, ok := kids[2].(*css.MediaRule)
	if !ok {
		t.Fatalf("third nested rule %T, want *css.MediaRule", kids[2])
	}
	inner := m.Rules()
	if len(inner) != 2 {
		t.Fatalf("@media holds %d rules, want 2", len(inner))
	}
	if nd, ok := inner[0].(*css.NestedDeclarationsRule); !ok || nd.Parent() != a || nd.Style().CSSText() != "left: 0;" {
		t.Errorf("@media's first rule %#v, want declarations of .a", inner[0])
	}
	if got := inner[1].Position(); got != (css.Position{Line: 1, Column: 68}) {
		t.Errorf(".c at %v, want line 1, column 68", got)
	}

	// @scope's declarations apply to the scoping root: no parent rule.
	s = css.Parse("@scope (.card) { color: red; .title { top: 0 } }")
	sc := s.Rules()[0].(*css.ScopeRule)
	if nd, ok := sc.Rules()[0].(*css.NestedDeclarationsRule); !ok || nd.Parent() != nil {
		t.Errorf("@scope's first rule %#v, want declarations with no parent", sc.Rules()[0])
	}
	if got, want := sc.Start(), ".card"; got != want {
		t.Errorf("Start() = %q, want %q", got, want)
	}
}

// TestParseMaxNesting checks that blocks nest maxNesting (256) deep and
// no deeper: the rule whose block would open deeper is dropped with its
// block, and what follows is read.
func TestParseMaxNesting(t *testing.T) {
	for _, tc := range []struct {
		medias    int  // @media blocks around "a { top: 0 }"
		wantDepth int  // @media blocks kept
		keepA     bool // whether a {} is kept in the innermost
	}{{255, 255, true}, {256, 256, false}, {100000, 256, false}} {
		sheet := strings.Repeat("@media all { ", tc.medias) + "a { top: 0 }" + strings.Repeat(" }", tc.medias) + " b {}"
		s := css.Parse(sheet)
		rules, depth := s.Rules(), 0
		for len(rules) > 0 {
			m, ok := rules[0].(*css.MediaRule)
			if !ok {
				break
			}
			depth++
			rules = m.Rules()
		}
		if depth != tc.wantDepth {
			t.Errorf("%d @media: %d kept, want %d", tc.medias, depth, tc.wantDepth)
		}
		if keptA := len(rules) == 1; keptA != tc.keepA {
			t.Errorf("%d @media: innermost rules %v", tc.medias, rules)
		}
		if _, ok := s.Rules()[len(s.Rules())-1].(*css.StyleRule); !ok || len(s.Rules()) != 2 {
			t.Errorf("%d @media: the rule after the nest is lost: %d rules", tc.medias, len(s.Rules()))
		}
		errs := errorStrings(s)
		if tc.keepA != (len(errs) == 0) || !tc.keepA && !strings.HasSuffix(errs[0], "rules nested more than 256 levels deep: dropped") {
			t.Errorf("%d @media: errors %v", tc.medias, errs)
		}
	}
}

// TestParseLayers checks @layer statements and blocks, and the layer of
// @import.
func TestParseLayers(t *testing.T) {
	s := css.Parse(`@import "a.css" layer(base.reset); @import "b.css" layer; @layer base, theme.dark; @layer theme.dark { a {} } @layer { b {} } @layer a b {} @layer a, {}`)
	var got []string
	for _, r := range s.Rules() {
		switch r := r.(type) {
		case *css.ImportRule:
			name, ok := r.Layer()
			got = append(got, "import "+name+" "+map[bool]string{true: "layered", false: "unlayered"}[ok])
		case *css.LayerStatementRule:
			got = append(got, "statement "+strings.Join(r.Names(), ","))
		case *css.LayerBlockRule:
			got = append(got, "block "+r.Name())
		}
	}
	want := []string{"import base.reset layered", "import  layered", "statement base,theme.dark", "block theme.dark", "block "}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	if n := len(s.Errors()); n != 2 {
		t.Errorf("%d errors, want 2 (@layer a b, @layer a,): %v", n, s.Errors())
	}
}

// TestParseImport checks @import's parts.
func TestParseImport(t *testing.T) {
	s := css.ParseWithOptions(`@import url("a b.css") supports(display: grid) screen and (color), print;`,
		css.Options{Href: "https://example.test/css/main.css"})
	r := s.Rules()[0].(*css.ImportRule)
	cond, ok := r.Supports()
	got := []any{r.Href(), r.URL(), cond.Text(), cond.Supported(), ok, r.Media().MediaText()}
	want := []any{"a b.css", "https://example.test/css/a%20b.css", "display: grid", true, true, "screen and (color), print"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

// TestImportURLs checks that import URLs resolve as the URL Standard
// says, as links do, not as net/url alone would.
func TestImportURLs(t *testing.T) {
	for _, tc := range []struct{ href, base, want string }{
		{"HTTP://EXAMPLE.com/b c.css", "", "http://example.com/b%20c.css"},
		{"../c.css", "https://h.test/a/b/main.css", "https://h.test/a/c.css"},
		{`..\x.css`, "https://h.test/a/b/main.css", "https://h.test/a/x.css"},
		{"https:other.css", "https://h.test/a/main.css", "https://h.test/a/other.css"},
		{"//cdn.test/x.css", "https://h.test/", "https://cdn.test/x.css"},
		{"x.css", "", ""},
		{"https://[::1", "", ""},
	} {
		s := css.ParseWithOptions("@import "+strconv.Quote(tc.href)+";", css.Options{Href: tc.base})
		if got := s.Rules()[0].(*css.ImportRule).URL(); got != tc.want {
			t.Errorf("%q against %q: URL() = %q, want %q", tc.href, tc.base, got, tc.want)
		}
	}
}

// TestImportStrings checks the escapes of a string's value: a string that
// ends in an escaped backslash is closed by its quote.
func TestImportStrings(t *testing.T) {
	for _, tc := range []struct{ sheet, href string }{
		{`@import "a\\";`, `a\`},
		{`@import 'a\'b.css';`, `a'b.css`},
		{`@import "a\62 c";`, `abc`},
		{"@import \"a\\\nb\";", `ab`},
		{`@import url(a\)b);`, `a)b`},
		{`@import url( "c d" );`, `c d`},
	} {
		s := css.Parse(tc.sheet)
		if len(s.Rules()) != 1 {
			t.Errorf("%s: %d rules, errors %v", tc.sheet, len(s.Rules()), s.Errors())
			continue
		}
		if got := s.Rules()[0].(*css.ImportRule).Href(); got != tc.href {
			t.Errorf("%s: Href() = %q, want %q", tc.sheet, got, tc.href)
		}
	}
}

// TestParseDeclarations checks style attributes: a list of declarations,
// where what is no declaration is skipped to the next ";".
func TestParseDeclarations(t *testing.T) {
	for _, tc := range []struct{ attr, want string }{
		{"color: red; width: 1px", "color: red; width: 1px;"},
		{"color: red; div { } ; top: 0", "color: red; top: 0;"},
		{"div { } color: red", ""},
		{"@media screen { } color: red", "color: red;"},
		{"color: red !important; color: blue", "color: red !important;"},
		{"color: blue; color: red", "color: red;"},
		{"z;color:red", "color: red;"},
		{"color:red }  top:0", ""},
		{"--X: {a}; COLOR: red", "--X: {a}; color: red;"},
	} {
		if got := css.ParseDeclarations(tc.attr).CSSText(); got != tc.want {
			t.Errorf("ParseDeclarations(%q) = %q, want %q", tc.attr, got, tc.want)
		}
	}
	d := css.ParseDeclarations("Color: red !important; --x: 1")
	if got := []string{d.PropertyValue("color"), d.PropertyPriority("COLOR"), d.PropertyValue("--x"), d.PropertyValue("--X")}; !cmp.Equal(got, []string{"red", "important", "1", ""}) {
		t.Errorf("lookups = %q", got)
	}
}
