package selector_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/selector"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
)

func mustRules(t testing.TB, prelude string, parent []*selector.RuleSelector) []*selector.RuleSelector {
	t.Helper()
	rs, err := selector.ParseRuleSelectors(prelude, parent)
	if err != nil {
		t.Fatalf("ParseRuleSelectors(%q): %v", prelude, err)
	}
	return rs
}

// texts serializes rules as a rule's selectorText does: joined by ", ".
func texts(rs []*selector.RuleSelector) string {
	var s []string
	for _, r := range rs {
		s = append(s, r.String())
	}
	return strings.Join(s, ", ")
}

// ruleMatches lists, by label, the elements of doc r matches.
func ruleMatches(r *selector.RuleSelector, doc *html.Node, st selector.State) []string {
	out := []string{}
	for _, el := range elements(doc) {
		if r.Matches(el, st) {
			out = append(out, label(el))
		}
	}
	return out
}

func TestRuleSpecificity(t *testing.T) {
	tests := []struct {
		sel  string
		want selector.Specificity
	}{
		// The examples of Selectors 4 §17.
		{"*", selector.Specificity{}},
		{"LI", selector.Specificity{C: 1}},
		{"UL LI", selector.Specificity{C: 2}},
		{"UL OL+LI", selector.Specificity{C: 3}},
		{"H1 + *[REL=up]", selector.Specificity{B: 1, C: 1}},
		{"UL OL LI.red", selector.Specificity{B: 1, C: 3}},
		{"LI.red.level", selector.Specificity{B: 2, C: 1}},
		{"#x34y", selector.Specificity{A: 1}},
		{"#s12:not(FOO)", selector.Specificity{A: 1, C: 1}},
		{".foo :is(.bar, #baz)", selector.Specificity{A: 1, B: 1}},
		{":is(em, #foo)", selector.Specificity{A: 1}},
		{".qux:where(em, #foo#bar#baz)", selector.Specificity{B: 1}},
		{":nth-child(even of li, .item)", selector.Specificity{B: 2}},
		{":not(em, strong#foo)", selector.Specificity{A: 1, C: 1}},
		// The other pseudo-classes with arguments.
		{"a:has(> .b #c)", selector.Specificity{A: 1, B: 1, C: 1}},
		{":nth-last-child(2 of #a, p)", selector.Specificity{A: 1, B: 1}},
		{":nth-child(2n+1)", selector.Specificity{B: 1}},
		{":is(:foo)", selector.Specificity{}},
		{":where(#a) .b", selector.Specificity{B: 1}},
		{":-webkit-any(#a, .b)", selector.Specificity{B: 1}},
		{":host(.a)", selector.Specificity{B: 2}},
		{":host-context(#a)", selector.Specificity{A: 1, B: 1}},
		{":lang(en):dir(rtl):scope", selector.Specificity{B: 3}},
		{"&", selector.Specificity{}},
		// Pseudo-elements weigh as types.
		{"li::marker", selector.Specificity{C: 2}},
		{"p:before", selector.Specificity{C: 2}},
		{"a:hover::before", selector.Specificity{B: 1, C: 2}},
		{"::before::marker", selector.Specificity{C: 2}},
		{"::slotted(.a)", selector.Specificity{B: 1, C: 1}},
		{"::part(x):hover", selector.Specificity{B: 1, C: 1}},
		{"::view-transition-group(x)", selector.Specificity{C: 1}},
		{"::view-transition-group(*)", selector.Specificity{}},
		{"::view-transition-group(*.c)", selector.Specificity{C: 1}},
		{"::-webkit-scrollbar-thumb:horizontal", selector.Specificity{B: 1, C: 1}},
		// Each component stops at 255, as in Chromium.
		{strings.Repeat(".a", 300), selector.Specificity{B: 255}},
	}
	for _, tt := range tests {
		t.Run(tt.sel, func(t *testing.T) {
			rs := mustRules(t, tt.sel, nil)
			if diff := cmp.Diff(tt.want, rs[0].Specificity()); diff != "" {
				t.Errorf("Specificity() mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSpecificityCompare(t *testing.T) {
	tests := []struct {
		a, b selector.Specificity
		want int
	}{
		{selector.Specificity{A: 1}, selector.Specificity{B: 9, C: 9}, 1},
		{selector.Specificity{B: 1}, selector.Specificity{C: 30}, 1},
		{selector.Specificity{B: 1, C: 1}, selector.Specificity{B: 1, C: 2}, -1},
		{selector.Specificity{A: 2, B: 1}, selector.Specificity{A: 2, B: 1}, 0},
	}
	for _, tt := range tests {
		if got := tt.a.Compare(tt.b); got != tt.want {
			t.Errorf("%v.Compare(%v) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := tt.b.Compare(tt.a); got != -tt.want {
			t.Errorf("%v.Compare(%v) = %d, want %d", tt.b, tt.a, got, -tt.want)
		}
		if got := tt.a.Less(tt.b); got != (tt.want < 0) {
			t.Errorf("%v.Less(%v) = %v", tt.a, tt.b, got)
		}
	}
	if got := (selector.Specificity{A: 1, B: 2, C: 3}).String(); got != "(1,2,3)" {
		t.Errorf("String() = %q", got)
	}
}

// TestRuleSerialization checks String against the selectorText Chromium
// 148 gives the same rules (recorded with CSSStyleSheet.insertRule).
func TestRuleSerialization(t *testing.T) {
	tests := []struct{ in, want string }{
		{"DIV.A#B", "div.A#B"},
		{"*.a", ".a"},
		{"*", "*"},
		{"*::before", "::before"},
		{"*:hover", ":hover"},
		{"a>b", "a > b"},
		{"a  +  b", "a + b"},
		{"a~b", "a ~ b"},
		{"  p", "p"},
		{"a /* c */ b", "a b"},
		{":IS(A)", ":is(a)"},
		{"a:HOVER", "a:hover"},
		{"DIV:Hover::BEFORE", "div:hover::before"},
		{":nth-child(2n + 1)", ":nth-child(2n+1)"},
		{":nth-child(odd)", ":nth-child(2n+1)"},
		{":NTH-CHILD(ODD)", ":nth-child(2n+1)"},
		{":nth-child(even)", ":nth-child(2n)"},
		{":nth-child(n)", ":nth-child(n)"},
		{":nth-child(+n)", ":nth-child(n)"},
		{":nth-child(1n+0)", ":nth-child(n)"},
		{":nth-child(-1n)", ":nth-child(-n)"},
		{":nth-child(-n+3)", ":nth-child(-n+3)"},
		{":nth-child(+5)", ":nth-child(5)"},
		{":nth-child(0n+0)", ":nth-child(0)"},
		{":nth-child(-0n+3)", ":nth-child(3)"},
		{":nth-last-child(-2n-1)", ":nth-last-child(-2n-1)"},
		{":nth-child(2147483648)", ":nth-child(2147483647)"},
		{":nth-child(2n+1 of a,b)", ":nth-child(2n+1 of a, b)"},
		{"[a='b']", `[a="b"]`},
		{"[ a = b i ]", `[a="b" i]`},
		{"[A]", "[a]"},
		{`[HREF$=".PDF" I]`, `[href$=".PDF" i]`},
		{`[data-X="y"]`, `[data-x="y"]`},
		{`[a="b\"c"]`, `[a="b\"c"]`},
		{`[a="\1"]`, `[a="\1 "]`},
		{"[a='a\\\nb']", `[a="ab"]`},
		{`.\31 23`, `.\31 23`},
		{`#\31 23`, `#\31 23`},
		{`a\:b`, `a\:b`},
		{`\64 iv`, "div"},
		{`D\49 V`, "div"},
		{`\2a`, `\*`},
		{":lang(EN)", ":lang(EN)"},
		{`:dir(\72 tl)`, ":dir(rtl)"},
		{`:state(\31 x)`, `:state(\31 x)`},
		{":has(>a,+b,~c,d)", ":has(> a, + b, ~ c, d)"},
		{"a:not(.b,  .c)", "a:not(.b, .c)"},
		{":host-context(A.b)", ":host-context(a.b)"},
		{":-webkit-any(A)", ":-webkit-any(a)"},
		{"p:before", "p::before"},
		{"p:AFTER", "p::after"},
		{"::SELECTION", "::selection"},
		{"::-webkit-Foo", "::-webkit-foo"},
		{"::slotted(A.b)", "::slotted(a.b)"},
		{"::part(A b)", "::part(A b)"},
		{"::highlight(A)", "::highlight(A)"},
		{"::picker(SELECT)", "::picker(SELECT)"},
		{"::scroll-button(UP)", "::scroll-button(UP)"},
		{"::view-transition-group(.b)", "::view-transition-group(*.b)"},
		{"::view-transition-group(A.B)", "::view-transition-group(A.B)"},
		{"::cue(.a, b)", "::cue(.a, b)"},
		{"a, b::before", "a, b::before"},
		{"&", "&"},
		{"& > a", "& > a"},
		{"div&", "div&"},
		{"*&", "&"},
		// Forgiving lists drop what is invalid.
		{":is(a, :foo)", ":is(a)"},
		{":is()", ":is()"},
		{":is(,a)", ":is(a)"},
		{":is(a,)", ":is(a)"},
		{":is(::before)", ":is()"},
		{":where(a::before)", ":where()"},
		{"a:not(:is(:foo))", "a:not(:is())"},
		{":is(a :foo, b)", ":is(b)"},
		{`:is(a, b:foo("x"), c)`, ":is(a, c)"},
		{":is(a b, > c)", ":is(a b)"},
		{"::before:is(:hover, .a)", "::before:is()"},
		{"::part(x):where(:first-child, :hover)", "::part(x):where(:hover)"},
		{":where(:is(:foo), a)", ":where(:is(), a)"},
		// An argument dropped for containing & is kept as written.
		{":is(a,   &:foo  )", ":is(a, &:foo  )"},
		{":is(:is(&, :foo))", ":is(:is(&))"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, texts(mustRules(t, tt.in, nil))); diff != "" {
				t.Errorf("String() mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRulePseudoElement(t *testing.T) {
	tests := []struct {
		prelude string
		want    []string
	}{
		{"p::before, p:after, p", []string{"before", "after", ""}},
		{"p:first-line, p:FIRST-LETTER, p::first-line", []string{"first-line", "first-letter", "first-line"}},
		{"li::marker, input::placeholder, ::selection, dialog::backdrop", []string{"marker", "placeholder", "selection", "backdrop"}},
		{"::file-selector-button, video::cue, ::cue(b), details::details-content", []string{"file-selector-button", "cue", "cue(b)", "details-content"}},
		{"::target-text, ::search-text, ::spelling-error, ::grammar-error", []string{"target-text", "search-text", "spelling-error", "grammar-error"}},
		{"::highlight(Name), ::part(label icon), ::slotted(.a)", []string{"highlight(Name)", "part(label icon)", "slotted(.a)"}},
		{"::view-transition, ::view-transition-old(x), ::view-transition-group(*)", []string{"view-transition", "view-transition-old(x)", "view-transition-group(*)"}},
		{"::scroll-marker, ::scroll-marker-group, ::scroll-button(*), ::column", []string{"scroll-marker", "scroll-marker-group", "scroll-button(*)", "column"}},
		{"select::picker(select), ::picker-icon, option::checkmark, ::permission-icon", []string{"picker(select)", "picker-icon", "checkmark", "permission-icon"}},
		{"::-webkit-scrollbar, ::-WEBKIT-Scrollbar-Thumb:horizontal, ::-webkit-anything", []string{"-webkit-scrollbar", "-webkit-scrollbar-thumb", "-webkit-anything"}},
		{"li::before::marker, ::part(x)::before, ::slotted(x)::placeholder, ::column::scroll-marker", []string{"before::marker", "part(x)::before", "slotted(x)::placeholder", "column::scroll-marker"}},
		{"::selection:window-inactive, ::file-selector-button:hover, ::part(x):focus-visible", []string{"selection", "file-selector-button", "part(x)"}},
	}
	for _, tt := range tests {
		t.Run(tt.prelude, func(t *testing.T) {
			var got []string
			for _, r := range mustRules(t, tt.prelude, nil) {
				got = append(got, r.PseudoElement())
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("PseudoElement() mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRuleErrors checks that a prelude Chromium drops is an error at the
// place of the first problem, and that one invalid selector makes the
// whole list invalid.
func TestRuleErrors(t *testing.T) {
	tests := []struct {
		prelude string
		offset  int
		reason  string // a substring of Reason
	}{
		{"", 0, "empty selector"},
		{"a, b:foo, c", 4, "unknown pseudo-class :foo"},
		{"a, , b", 3, "expected selector, found ','"},
		{"a)", 1, "unmatched ')'"},
		{"> a", 0, "expected selector, found '>'"},
		// Pseudo-elements end their selector; what may follow them is
		// what Chromium 148 accepts.
		{"p::before span", 10, "a combinator cannot follow the pseudo-element ::before"},
		{"::before > p", 9, "a combinator cannot follow the pseudo-element ::before"},
		{"p::before:hover", 9, ":hover cannot follow ::before"},
		{"p::after:focus", 8, ":focus cannot follow ::after"},
		{"input::placeholder:hover", 18, ":hover cannot follow ::placeholder"},
		{"p::before.x", 9, "an class selector cannot follow ::before"},
		{"p::before#x", 9, "an id selector cannot follow ::before"},
		{"p::before[x]", 9, "an attribute selector cannot follow ::before"},
		{"p::before::after", 9, "::after cannot follow ::before"},
		{"li::marker::before", 10, "::before cannot follow ::marker"},
		{"::before:first-child", 8, ":first-child cannot follow ::before"},
		{"::before:not(:hover)", 13, ":hover cannot follow ::before"},
		{"::-webkit-scrollbar:focus", 19, ":focus cannot follow ::-webkit-scrollbar"},
		{"::part(x):first-child", 9, ":first-child cannot follow ::part"},
		{"::part(x)::part(y)", 9, "::part cannot follow ::part"},
		{"::part(x):has(a)", 9, ":has cannot follow ::part"},
		{"::slotted(x)::selection", 12, "::selection cannot follow ::slotted"},
		{"::slotted(x):hover", 12, ":hover cannot follow ::slotted"},
		{"::selection:hover", 11, ":hover cannot follow ::selection"},
		{"::before&", 8, "the nesting selector & cannot follow ::before"},
		{":not(::before)", 5, "a pseudo-element (::before) cannot be in the argument of a pseudo-class"},
		{":has(::before)", 5, "a pseudo-element (::before) cannot be in the argument"},
		{"::-moz-selection", 0, "unknown pseudo-element ::-moz-selection (of the vendor prefixes, Chromium accepts only -webkit-)"},
		{"::-ms-clear", 0, "unknown pseudo-element ::-ms-clear"},
		{"::nope", 0, "unknown pseudo-element ::nope"},
		{"::before()", 8, "::before does not take arguments"},
		{"::-webkit-foo(x)", 13, "::-webkit-foo does not take arguments"},
		{"::part", 6, "expected '(' after ::part"},
		{"::part()", 7, "expected an identifier in ::part()"},
		{"::highlight(a b)", 14, "expected ')' to close ::highlight("},
		{"::slotted(.a .b)", 10, "::slotted() takes compound selectors"},
		{"::cue(:foo)", 6, "unknown pseudo-class :foo"},
		{"::scroll-button(x)", 16, "expected a direction"},
		{"::view-transition-group(a .b)", 26, "expected ')'"},
		{"::", 2, "expected pseudo-element name after '::'"},
		// This package's query extensions and what Chromium has not
		// shipped are not CSS.
		{"p:contains(x)", 1, ":contains is an extension of queries"},
		{"p:matches(x)", 1, ":matches is an extension of queries"},
		{":haschild(a)", 0, ":haschild is an extension of queries"},
		{":input", 0, ":input is an extension of queries"},
		{"[a!=b]", 2, "the attribute operator != is an extension of queries"},
		{"[a#=b]", 2, "the attribute operator #= is an extension of queries"},
		{"[a=b s]", 5, "the attribute flag s is not supported in style sheets"},
		{`:lang("en")`, 6, "must be an identifier in style sheets"},
		{":lang(en, fr)", 8, "takes one language in style sheets"},
		{"a:has(b:has(c))", 7, ":has() cannot be nested inside :has()"},
		{":has(:not(:has(a)))", 10, ":has() cannot be nested inside :has()"},
		{":host(a b)", 6, ":host() takes compound selectors"},
		{":host(a, b)", 7, ":host() takes one compound selector"},
		{":-webkit-any(a b)", 13, ":-webkit-any() takes compound selectors"},
		{":-webkit-any()", 13, "expected selector, found ')'"},
		{":not()", 5, "expected selector, found ')'"},
		{":nth-child(n of :foo, a)", 16, "unknown pseudo-class :foo"},
		{"a|b", 1, "namespace prefixes are not supported"},
		{"&div", 1, "unexpected 'd'"},
		{"a/**/b", 5, "unexpected 'b'"},
		// Nesting limits count what & brings in; they are not forgiven.
		{strings.Repeat(":is(", 70) + "a" + strings.Repeat(")", 70), 4 * 64, "nested more than 64 levels"},
	}
	for _, tt := range tests {
		t.Run(tt.prelude, func(t *testing.T) {
			rs, err := selector.ParseRuleSelectors(tt.prelude, nil)
			if err == nil {
				t.Fatalf("ParseRuleSelectors(%q) = %q, want an error", tt.prelude, texts(rs))
			}
			var se *selector.Error
			if !errors.As(err, &se) || !errors.Is(err, selector.ErrSyntax) {
				t.Fatalf("error %v (%T) is not an *Error matching ErrSyntax", err, err)
			}
			if se.Selector != tt.prelude || se.Offset != tt.offset || !strings.Contains(se.Reason, tt.reason) {
				t.Errorf("error %q at offset %d in %q; want offset %d and a reason containing %q",
					se.Reason, se.Offset, se.Selector, tt.offset, tt.reason)
			}
		})
	}
}

// TestRuleAccepts lists preludes Chromium 148 keeps that Compile rejects
// or that take the paths of pseudo-elements.
func TestRuleAccepts(t *testing.T) {
	for _, prelude := range []string{
		"::-webkit-scrollbar:horizontal", "::-webkit-scrollbar-thumb:horizontal:hover",
		"::-webkit-scrollbar-thumb:window-inactive", "::-webkit-resizer:hover", "::-webkit-foo:focus",
		"::-webkit-scrollbar:is(:horizontal)", "::file-selector-button:focus-visible",
		"::part(x):hover", "::part(x):is(:hover)", "::part(x):not(:hover)", "::part(x):state(y)",
		"::details-content:hover", "::picker(select):open", "::picker(select)::before",
		"::scroll-marker:target-current", "::column::scroll-marker:hover", "::scroll-button(up):disabled",
		"::view-transition-group(x):only-child", "::search-text:current", "::scroll-marker-group:focus-within",
		"::before:where(.a)", "::marker:is()", "::before, ::after", ":is(a)::before",
		":host", ":host(.a.b)", ":host-context(a)", ":-webkit-any(a, .b)", ":-webkit-any-link",
		":horizontal", ":window-inactive", ":-webkit-full-screen", ":target-before", ":state(x)",
		"a:has(:is(:has(b)))", ":is(:has(a))", ":not(:has(a))", "#a\\.b", ".a\\ b", ".\\-", "#--x",
	} {
		if _, err := selector.ParseRuleSelectors(prelude, nil); err != nil {
			t.Errorf("ParseRuleSelectors(%q): %v", prelude, err)
		}
	}
}

func TestRuleKey(t *testing.T) {
	type key = selector.RuleKey
	tests := []struct {
		prelude string
		parent  string
		want    key
	}{
		{"*", "", key{}},
		{"div.a.b#x", "", key{ID: "x", Classes: []string{"a", "b"}, Tag: "div"}},
		{"DIV", "", key{Tag: "div"}},
		{`.\31 23.a.a`, "", key{Classes: []string{"123", "a"}}},
		{"#a#b", "", key{ID: "a"}},
		{".x .y > li[data-role='last'][HIDDEN]", "", key{Tag: "li", Attrs: []string{"data-role", "hidden"},
			Ancestors: []key{{Classes: []string{"x"}}, {Classes: []string{"y"}}}}},
		{"nav#m.a .menu > li", "", key{Tag: "li", Ancestors: []key{{ID: "m", Classes: []string{"a"}, Tag: "nav"}, {Classes: []string{"menu"}}}}},
		{".a + .b .c ~ .d", "", key{Classes: []string{"d"}, Ancestors: []key{{Classes: []string{"b"}}}}},
		{":not(.a) * :is(.b) > [x] p", "", key{Tag: "p", Ancestors: []key{{Classes: []string{"b"}}, {Attrs: []string{"x"}}}}},
		{"li:not(.x)", "", key{Tag: "li"}},
		{":is(.a)", "", key{Classes: []string{"a"}}},
		{":where(p.a):is(.b)", "", key{Classes: []string{"a", "b"}, Tag: "p"}},
		{":is(.a, .b)", "", key{}},
		{":is(.a, :foo)", "", key{Classes: []string{"a"}}},
		{"p::before", "", key{Tag: "p"}},
		{".btn-check:checked + .btn", "", key{Classes: []string{"btn"}, State: true}},
		{"input:checked", "", key{Tag: "input", State: true}},
		{"p:lang(en)", "", key{Tag: "p"}},
		{"div:has(> img)", "", key{Tag: "div", Has: true}},
		{"&.active", ".card", key{Classes: []string{"card", "active"}}},
		{":hover", ".card", key{State: true}},
		{"&:focus", ".a, .b", key{State: true}},
		{"&", ".card:has(img)", key{Classes: []string{"card"}, Has: true}},
		{"> li", "ul", key{Tag: "li"}},
		{".x &", "#main", key{ID: "main", Ancestors: []key{{Classes: []string{"x"}}}}},
	}
	for _, tt := range tests {
		t.Run(tt.prelude+" in "+tt.parent, func(t *testing.T) {
			var parent []*selector.RuleSelector
			if tt.parent != "" {
				parent = mustRules(t, tt.parent, nil)
			}
			r := mustRules(t, tt.prelude, parent)[0]
			if diff := cmp.Diff(tt.want, r.Key()); diff != "" {
				t.Errorf("Key() mismatch (-want +got):\n%s", diff)
			}
			k := r.Key()
			if len(k.Classes) > 0 {
				k.Classes[0] = "changed"
				if r.Key().Classes[0] == "changed" {
					t.Errorf("Key() shares its Classes with the selector")
				}
			}
		})
	}
}

// TestRuleKeyIsNecessary checks on a page that every element a selector
// matches has what its key says.
func TestRuleKeyIsNecessary(t *testing.T) {
	doc := parseHTML(t, testPage)
	for _, src := range []string{
		"li.item", ".item.first", "#li4[data-role]", ":is(li.item) a", "ul > :where(li)", "span", "[title]",
		"form > input[type=checkbox]:checked", "li:not(.nested)", "section.x ul", "ul ul li", "#li1 ~ li a",
		"ul > li.item > a", ":is(ul) li + li span",
	} {
		r := mustRules(t, src, nil)[0]
		k := r.Key()
		for _, el := range elements(doc) {
			if !r.Matches(el, nil) {
				continue
			}
			if k.ID != "" && attr(el, "id") != k.ID || k.Tag != "" && el.Data != k.Tag {
				t.Errorf("%q matches %s, whose id or type is not in %+v", src, label(el), k)
			}
			for _, c := range k.Classes {
				if !strings.Contains(" "+attr(el, "class")+" ", " "+c+" ") {
					t.Errorf("%q matches %s, which lacks class %q", src, label(el), c)
				}
			}
			for _, a := range k.Attrs {
				if _, ok := attrOK(el, a); !ok {
					t.Errorf("%q matches %s, which lacks attribute %q", src, label(el), a)
				}
			}
			for _, ak := range k.Ancestors {
				if !someAncestorHas(el, ak) {
					t.Errorf("%q matches %s, no ancestor of which has %+v", src, label(el), ak)
				}
			}
		}
	}
}

// someAncestorHas reports whether an ancestor of el has the id, type,
// classes and attributes of k.
func someAncestorHas(el *html.Node, k selector.RuleKey) bool {
	for a := el.Parent; a != nil && a.Type == html.ElementNode; a = a.Parent {
		ok := (k.ID == "" || attr(a, "id") == k.ID) && (k.Tag == "" || a.Data == k.Tag)
		for _, c := range k.Classes {
			ok = ok && strings.Contains(" "+attr(a, "class")+" ", " "+c+" ")
		}
		for _, n := range k.Attrs {
			_, has := attrOK(a, n)
			ok = ok && has
		}
		if ok {
			return true
		}
	}
	return false
}

func TestRuleMatches(t *testing.T) {
	doc := parseHTML(t, testPage)
	tests := []struct {
		prelude string
		want    []string
	}{
		{"li.item", []string{"li1", "li2", "li3"}},
		{"ul ul li", []string{"li3"}},
		{"li + li", []string{"li2", "li4"}},
		{"#li1 ~ li a", []string{"a2"}},
		// A pseudo-element's originating elements.
		{"a::before", []string{"a1", "a2"}},
		{"li:first-child::marker", []string{"li1", "li3"}},
		{"#s1:after", []string{"s1"}},
		{"li::before::marker", []string{"li1", "li2", "li3", "li4"}},
		// What needs a shadow tree, or a state of the pseudo-element,
		// matches nothing.
		{"::part(x)", []string{}},
		{"li::slotted(span)", []string{}},
		{"::-webkit-scrollbar:horizontal", []string{}},
		{"input::file-selector-button:focus", []string{}},
		{"a::before:is()", []string{}},
		// Forgiving lists.
		{":is(a, :nope)", []string{"a1", "a2"}},
		{":is(:nope)", []string{}},
		{"span:not(:is(:nope))", []string{"s1", "s2", "s3", "s4"}},
		{":where(::before, #s3)", []string{"s3"}},
		// & outside a nested rule is the root element.
		{"&", []string{"html"}},
		{"& > body", []string{"body"}},
		{":-webkit-any-link", []string{"a1", "a2"}},
		{":-webkit-any(#a1, #s4)", []string{"a1", "s4"}},
		// Live state from attributes.
		{"input:checked", []string{"cb1"}},
	}
	for _, tt := range tests {
		t.Run(tt.prelude, func(t *testing.T) {
			r := mustRules(t, tt.prelude, nil)[0]
			if diff := cmp.Diff(tt.want, ruleMatches(r, doc, nil)); diff != "" {
				t.Errorf("Matches mismatch (-want +got):\n%s", diff)
			}
			ctx := selector.NewMatchContext(nil)
			got := []string{}
			for _, el := range elements(doc) {
				if ctx.Matches(r, el) {
					got = append(got, label(el))
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("MatchContext.Matches mismatch (-want +got):\n%s", diff)
			}
		})
	}
	r := mustRules(t, "li", nil)[0]
	if r.Matches(doc, nil) || r.Matches(nil, nil) || r.Matches(byID(t, doc, "li1").FirstChild, nil) {
		t.Errorf("a node that is not an element matched")
	}
}

func TestRuleMatchesState(t *testing.T) {
	doc := parseHTML(t, testPage)
	cb2 := byID(t, doc, "cb2")
	st := &fakeState{root: doc, focused: cb2}
	tests := []struct {
		prelude string
		want    []string
	}{
		{":focus", []string{"cb2"}},
		{"form:focus-within", []string{"form"}},
		{"section :focus-within > input", []string{"cb1", "t1", "cb2"}},
	}
	for _, tt := range tests {
		t.Run(tt.prelude, func(t *testing.T) {
			r := mustRules(t, tt.prelude, nil)[0]
			if !r.ReadsState() || !r.Key().State {
				t.Errorf("ReadsState() = %v, Key().State = %v; want true", r.ReadsState(), r.Key().State)
			}
			if diff := cmp.Diff(tt.want, ruleMatches(r, doc, st)); diff != "" {
				t.Errorf("Matches mismatch (-want +got):\n%s", diff)
			}
			if got := ruleMatches(r, doc, nil); len(got) != 0 {
				t.Errorf("Matches with Static = %v, want nothing: nothing has focus", got)
			}
		})
	}
	if r := mustRules(t, "li a", nil)[0]; r.ReadsState() {
		t.Errorf(`ReadsState("li a") = true`)
	}
}

func TestNestedRules(t *testing.T) {
	doc := parseHTML(t, testPage)
	tests := []struct {
		parent, prelude string
		text            string
		spec            selector.Specificity
		want            []string
	}{
		{"ul", "> li", "& > li", selector.Specificity{C: 2}, []string{"li1", "li2", "li3", "li4"}},
		{"#list", "> li", "& > li", selector.Specificity{A: 1, C: 1}, []string{"li1", "li2", "li4"}},
		{"#list", "li", "& li", selector.Specificity{A: 1, C: 1}, []string{"li1", "li2", "li3", "li4"}},
		{"#li1", "+ li", "& + li", selector.Specificity{A: 1, C: 1}, []string{"li2"}},
		{"#li1", "~ li", "& ~ li", selector.Specificity{A: 1, C: 1}, []string{"li2", "li4"}},
		{".item", "&.first", "&.first", selector.Specificity{B: 2}, []string{"li1"}},
		{".item", "ul &", "ul &", selector.Specificity{B: 1, C: 1}, []string{"li1", "li2", "li3"}},
		{".item", "ul ul &", "ul ul &", selector.Specificity{B: 1, C: 2}, []string{"li3"}},
		{"li", ":not(&)", ":not(&)", selector.Specificity{C: 1}, nil},
		{"#s1, span", "&", "&", selector.Specificity{A: 1}, []string{"s1", "s2", "s3", "s4"}},
		{"#s1, span::before", "&", "&", selector.Specificity{A: 1}, []string{"s1"}},
		{"span::before", "&", "&", selector.Specificity{}, []string{}},
		{"span::before", "a", "& a", selector.Specificity{C: 1}, []string{}},
		{"li", "& &", "& &", selector.Specificity{C: 2}, []string{"li3"}},
		{"li", ":is(&)", ":is(&)", selector.Specificity{C: 1}, []string{"li1", "li2", "li3", "li4"}},
		{"li", ":has(> &)", ":has(> &)", selector.Specificity{C: 1}, []string{"list", "inner"}},
		{"ul", ":is(:nope)", "& :is()", selector.Specificity{C: 1}, []string{}},
		{"ul", ":is(:nope, & > #li1)", ":is(& > #li1)", selector.Specificity{A: 1, C: 1}, []string{"li1"}},
		{"ul", ":is(:nope &)", ":is(:nope &)", selector.Specificity{}, []string{}},
		{"ul", "::before", "& ::before", selector.Specificity{C: 2}, nil},
		{"section :is(ul, #s3)", "> li.item", "& > li.item", selector.Specificity{A: 1, B: 1, C: 2}, []string{"li1", "li2", "li3"}},
	}
	for _, tt := range tests {
		t.Run(tt.parent+" { "+tt.prelude+" }", func(t *testing.T) {
			parent := mustRules(t, tt.parent, nil)
			r := mustRules(t, tt.prelude, parent)[0]
			if r.String() != tt.text {
				t.Errorf("String() = %q, want %q", r.String(), tt.text)
			}
			if diff := cmp.Diff(tt.spec, r.Specificity()); diff != "" {
				t.Errorf("Specificity() mismatch (-want +got):\n%s", diff)
			}
			if tt.want == nil {
				tt.want = wantByCompile(t, doc, tt.parent, tt.prelude)
			}
			if diff := cmp.Diff(tt.want, ruleMatches(r, doc, nil)); diff != "" {
				t.Errorf("Matches mismatch (-want +got):\n%s", diff)
			}
			again := mustRules(t, r.String(), parent)[0]
			if again.String() != r.String() || again.Specificity() != r.Specificity() {
				t.Errorf("parsed again: %q %v, want %q %v", again.String(), again.Specificity(), r.String(), r.Specificity())
			}
		})
	}
	t.Run("three levels", func(t *testing.T) {
		outer := mustRules(t, "section", nil)
		mid := mustRules(t, "ul, span", outer)
		inner := mustRules(t, "> li:not(.first), &#s3", mid)
		if got := texts(inner); got != "& > li:not(.first), &#s3" {
			t.Errorf("String() = %q", got)
		}
		got := append(ruleMatches(inner[0], doc, nil), ruleMatches(inner[1], doc, nil)...)
		if diff := cmp.Diff([]string{"li2", "li3", "li4", "s3"}, got); diff != "" {
			t.Errorf("Matches mismatch (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff(selector.Specificity{A: 1, C: 2}, inner[1].Specificity()); diff != "" {
			t.Errorf("Specificity() mismatch (-want +got):\n%s", diff)
		}
	})
	t.Run("too deep", func(t *testing.T) {
		rs := mustRules(t, "div", nil)
		var err error
		for i := 0; i < 100 && err == nil; i++ {
			rs, err = selector.ParseRuleSelectors("&", rs)
		}
		if !errors.Is(err, selector.ErrSyntax) || !strings.Contains(err.Error(), "nested more than 64 levels") {
			t.Errorf("100 nested rules: %v, want the nesting limit", err)
		}
	})
}

// wantByCompile is what ":not(parent) ..." means for the cases of
// TestNestedRules whose want is left nil: the desugared selector, run by
// Compile.
func wantByCompile(t *testing.T, doc *html.Node, parent, prelude string) []string {
	t.Helper()
	var src string
	switch prelude {
	case ":not(&)":
		src = ":not(" + parent + ")"
	case "::before":
		src = parent + " *"
	default:
		t.Fatalf("no desugared form for %q", prelude)
	}
	out := []string{}
	sel := selector.MustCompile(src)
	for _, el := range elements(doc) {
		if sel.Match(el, nil) {
			out = append(out, label(el))
		}
	}
	return out
}

// TestForgivingCompile checks that Compile's :is() and :where() are
// forgiving too, as querySelector is in browsers, while :not() and :has()
// are not.
func TestForgivingCompile(t *testing.T) {
	doc := parseHTML(t, testPage)
	tests := []struct {
		sel  string
		want []string
	}{
		{":is(a, :nope)", []string{"a1", "a2"}},
		{":where(:nope, a[href='/4'], li:nope(1))", []string{"a2"}},
		{":is()", []string{}},
		{":is(,,)", []string{}},
		{"span:not(:is(::before))", []string{"s1", "s2", "s3", "s4"}},
		{":is(a, \"x), b\")", []string{"a1", "a2"}},
		{":is(a /* ), */, #s4)", []string{"a1", "a2", "s4"}},
		{":is(:is(:nope), span:not(:is(#s1)))", []string{"s2", "s3", "s4"}},
	}
	for _, tt := range tests {
		t.Run(tt.sel, func(t *testing.T) {
			sel, err := selector.Compile(tt.sel)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, labels(sel.QueryAll(doc))); diff != "" {
				t.Errorf("QueryAll mismatch (-want +got):\n%s", diff)
			}
		})
	}
	// An argument that runs to the end of the input leaves :is( unclosed,
	// which is an error here as everywhere in Compile (browsers close
	// what is open at the end).
	for _, src := range []string{":not(:nope)", ":has(:nope)", ":nth-child(1 of :nope)", ":is(a) :nope", ":is(a, [x)"} {
		if _, err := selector.Compile(src); err == nil {
			t.Errorf("Compile(%q) succeeded, want an error", src)
		}
	}
	// What a dropped argument uses does not count.
	if sel := selector.MustCompile(":is(a, :checked:nope)"); sel.ReadsState() {
		t.Errorf("ReadsState() = true for a dropped :checked")
	}
}

func TestCompileNesting(t *testing.T) {
	doc := parseHTML(t, scopePage)
	root := byID(t, doc, "ul1")
	for _, tt := range []struct {
		sel  string
		want []string
	}{
		{"& > li", []string{"li1"}},
		{"& li", []string{"li1", "li2"}},
		{":not(&) > li", []string{"li2"}},
	} {
		got := labels(selector.MustCompile(tt.sel).QueryAll(root))
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("QueryAll(%q) mismatch (-want +got):\n%s", tt.sel, diff)
		}
	}
}
