package selector_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/selector"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
)

// FuzzRuleSelectors checks that ParseRuleSelectors never panics and gives
// well-formed errors; that String parses again, with the same parent, to
// a selector with the same serialization, specificity, pseudo-element,
// key and matches; that a MatchContext matches as Matches does; and that
// a selector without a pseudo-element matches as Compile's does.
func FuzzRuleSelectors(f *testing.F) {
	for _, s := range sources {
		f.Add(s)
	}
	for _, s := range []string{
		"p::before, p:after", "li::marker:hover", "::-webkit-scrollbar-thumb:horizontal", "::part(a b)::before",
		"::slotted(.a)::placeholder", "::view-transition-group(*.x)", "::highlight(Name)", ":is(a, :nope, & b)",
		"& > li", "> li", "+ li, ~ p", "li &", ":not(&)", ":is()", ":where(::before, li)", ".a:is(:hover::before)",
		":nth-child(2N + 1 of li.item)", `[title="a\"b" i]`, `.\31 23`, ":-webkit-any(a, .b)", ":host(.a)",
		"a:has(> b, + c)", "li:has(:is(:has(a)))", "[a=b s]", ":contains(x)", "::-moz-selection", strings.Repeat(":is(", 70),
	} {
		f.Add(s)
	}
	doc := parseHTML(f, testPage)
	all := elements(doc)
	parent := mustRules(f, "ul, #li1 + li, span::before", nil)

	f.Fuzz(func(t *testing.T, src string) {
		for _, par := range [][]*selector.RuleSelector{nil, parent} {
			rs, err := selector.ParseRuleSelectors(src, par)
			if err != nil {
				// The prelude is read as CSS reads text: invalid UTF-8
				// and NUL become U+FFFD.
				text := strings.ReplaceAll(strings.ToValidUTF8(src, "\uFFFD"), "\x00", "\uFFFD")
				var se *selector.Error
				if !errors.As(err, &se) || !errors.Is(err, selector.ErrSyntax) || se.Selector != text || se.Offset < 0 || se.Offset > len(text) {
					t.Fatalf("ParseRuleSelectors(%q): bad error %#v", src, err)
				}
				continue
			}
			for _, r := range rs {
				checkRuleRoundTrip(t, src, r, par, all)
				if par == nil && r.PseudoElement() == "" {
					sel, err := selector.Compile(r.String())
					if err != nil {
						t.Fatalf("%q: Compile(%q): %v", src, r.String(), err)
					}
					for _, el := range all {
						if got, want := r.Matches(el, nil), sel.Match(el, nil); got != want {
							t.Fatalf("%q: Matches(%s) = %v, Selector.Match = %v", r, label(el), got, want)
						}
					}
				}
			}
		}
	})
}

func checkRuleRoundTrip(t *testing.T, src string, r *selector.RuleSelector, parent []*selector.RuleSelector, all []*html.Node) {
	t.Helper()
	again, err := selector.ParseRuleSelectors(r.String(), parent)
	if err != nil || len(again) != 1 {
		t.Fatalf("%q: String() = %q does not parse to one selector: %v", src, r.String(), err)
	}
	a := again[0]
	type facts struct {
		Text, Pseudo string
		Spec         selector.Specificity
		Key          selector.RuleKey
		ReadsState   bool
	}
	want := facts{r.String(), r.PseudoElement(), r.Specificity(), r.Key(), r.ReadsState()}
	got := facts{a.String(), a.PseudoElement(), a.Specificity(), a.Key(), a.ReadsState()}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("%q parsed again from %q: mismatch (-want +got):\n%s", src, r.String(), diff)
	}
	ctx := selector.NewMatchContext(nil)
	for _, el := range all {
		m := r.Matches(el, nil)
		if a.Matches(el, nil) != m || ctx.Matches(r, el) != m {
			t.Fatalf("%q: Matches(%s) = %v, but not when parsed again from %q or with a MatchContext", src, label(el), m, r.String())
		}
	}
}
