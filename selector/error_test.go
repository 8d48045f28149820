package selector_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/selector"
	"github.com/google/go-cmp/cmp"
)

func TestCompileErrors(t *testing.T) {
	tests := []struct {
		sel    string
		offset int
		reason string // a substring of Reason
	}{
		{"", 0, "empty selector"},
		{" \t\n", 0, "empty selector"},
		{"/* only a comment */", 0, "empty selector"},
		{"div[", 4, "expected attribute name, found end of input"},
		{"a,,b", 2, `expected selector, found ','`},
		{"a,", 2, "expected selector, found end of input"},
		{",a", 0, `expected selector, found ','`},
		{":nope", 0, "unknown pseudo-class :nope"},
		{"li:NOPE(1)", 2, "unknown pseudo-class :NOPE"},
		{"##x", 1, `expected id after '#', found '#'`},
		{"#1st", 1, `expected id after '#', found '1'`},
		{"div.", 4, "expected class name after '.', found end of input"},
		{"p::before", 1, "pseudo-elements are not supported (::before)"},
		{"p:before", 1, "pseudo-elements are not supported (:before)"},
		{"::", 0, "pseudo-elements are not supported"},
		{"div >", 5, `expected selector after combinator '>', found end of input`},
		{"div > , a", 6, `expected selector after combinator '>', found ','`},
		{"> div", 0, `expected selector, found '>'`},
		{"div!", 3, `unexpected '!'`},
		{"[x]div", 3, `unexpected 'd'`},
		{"a)", 1, "unmatched ')'"},
		{":not(a", 6, "expected ')' to close :not(, found end of input"},
		{":not()", 5, `expected selector, found ')'`},
		{":is", 3, "expected '(' after :is"},
		{":has(> )", 7, `expected selector, found ')'`},
		{`[title="x]`, 10, "unterminated string"},
		{"[title=\"x\ny\"]", 9, "unterminated string"},
		{"[a=]", 3, "expected attribute value"},
		{"[a~b]", 2, "expected ']' or an attribute operator"},
		{"[a=b c]", 5, `expected ']', found 'c'`},
		{"[1]", 1, "expected attribute name, found '1'"},
		{"a|b", 1, "namespace prefixes are not supported"},
		{"[*|a]", 1, "namespace prefixes are not supported"},
		{":scope(x)", 6, ":scope does not take arguments"},
		{":first-child(2)", 12, ":first-child does not take arguments"},
		{":nth-child", 10, "expected '(' after :nth-child"},
		{":nth-child(foo)", 11, "an+b"},
		{":nth-child(2", 12, "expected ')' to close :nth-child("},
		{":lang(", 6, "expected a language range (an identifier or a string) in :lang(), found end of input"},
		{`div\`, 3, "incomplete escape"},
		{":" + strings.Repeat(":is(", 100) + "a" + strings.Repeat(")", 100), 0, "pseudo-elements"},
		{strings.Repeat(":is(", 100) + "a" + strings.Repeat(")", 100), 4 * 64, "nested more than 64 levels"},
		{"[a#=(]", 6, "unterminated regular expression"},
		{":matches(a]", 10, `expected ')', found ']'`},
		{"li a, li ::after", 9, "pseudo-elements"},
	}
	for _, tt := range tests {
		t.Run(tt.sel, func(t *testing.T) {
			sel, err := selector.Compile(tt.sel)
			if err == nil {
				t.Fatalf("Compile(%q) = %v, want an error", tt.sel, sel)
			}
			if !errors.Is(err, selector.ErrSyntax) {
				t.Errorf("errors.Is(%v, ErrSyntax) = false", err)
			}
			var se *selector.Error
			if !errors.As(err, &se) {
				t.Fatalf("error %v (%T) is not an *Error", err, err)
			}
			if se.Selector != tt.sel {
				t.Errorf("Selector = %q, want %q", se.Selector, tt.sel)
			}
			if se.Offset != tt.offset || !strings.Contains(se.Reason, tt.reason) {
				t.Errorf("Compile(%q) error at offset %d: %q; want offset %d and a reason containing %q",
					tt.sel, se.Offset, se.Reason, tt.offset, tt.reason)
			}
		})
	}
}

func TestErrorMessage(t *testing.T) {
	_, err := selector.Compile("div[")
	want := `selector: invalid selector "div[" at offset 4: expected attribute name, found end of input`
	if diff := cmp.Diff(want, err.Error()); diff != "" {
		t.Errorf("message mismatch (-want +got):\n%s", diff)
	}
	var se *selector.Error
	errors.As(err, &se)
	if diff := cmp.Diff("div[\n    ^", se.Caret()); diff != "" {
		t.Errorf("Caret mismatch (-want +got):\n%s", diff)
	}

	_, err = selector.Compile("é\t##x")
	errors.As(err, &se)
	if diff := cmp.Diff("é ##x\n   ^", se.Caret()); diff != "" {
		t.Errorf("Caret with a multi-byte rune and a tab mismatch (-want +got):\n%s", diff)
	}
}

// TestCompileNeverPanics feeds hostile inputs; every outcome must be a
// selector or an *Error.
func TestCompileNeverPanics(t *testing.T) {
	inputs := []string{
		"\\", "\\\n", "[", "]", "(", ")", ":", "::", "#", ".", ",", "+", "~", ">", "|", "*|", "*|*",
		"[a=\"\\", "[a='", ":nth-child(", ":nth-child(n+", ":nth-child(99999999999999999999)",
		":contains(", ":contains(\"", ":matches((", ":matches([)", "[a#=[]", "[a#=(]", ":lang()",
		":not(", ":is(,)", ":has()", ":has(>)", ":has(> > a)", "a > > b", "a + ~ b", "\x00", "a\x00b",
		"\xff\xfe", "#\xff", ":\xff", "[\xff]", strings.Repeat("(", 10000), strings.Repeat(":not(", 10000),
		strings.Repeat("a ", 10000), "/*", "a /*", "a/*/b", "\\31", "-", "--", "-1", "--1",
		":haschild(:scope)", ":haschild(", "[a!=b]", "[a|=b]", "[a=b I]", "[a=b x]",
	}
	for _, in := range inputs {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("Compile(%q) panicked: %v", in, r)
				}
			}()
			_, err := selector.Compile(in)
			var se *selector.Error
			if err != nil && (!errors.As(err, &se) || se.Offset < 0 || se.Offset > len(in)) {
				t.Errorf("Compile(%q): bad error %#v", in, err)
			}
		}()
	}
}
