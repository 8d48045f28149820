package selector_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/selector"
	"golang.org/x/net/html"
)

// benchRules are selectors of the kind a CSS framework's sheet is made
// of (Bootstrap's, for the first five), run against every element of
// benchDoc as a cascade does.
var benchRules = []string{
	".btn-check:checked + .btn",
	".navbar-expand-lg .navbar-nav .dropdown-menu",
	".collapse:not(.show)",
	"[hidden]",
	"*",
	".card .item a",
	"li.even > a",
	"ul > li:nth-child(2n+1) span",
}

// BenchmarkRuleMatches matches each rule against every element of a page
// of about 10,000 elements: with RuleSelector.Matches, with a
// MatchContext, and, for comparison, with Selector.Match (which runs
// cascadia's matcher for these selectors).
func BenchmarkRuleMatches(b *testing.B) {
	doc, _ := benchDoc()
	all := elements(doc)
	for _, src := range benchRules {
		r := mustRules(b, src, nil)[0]
		sel := selector.MustCompile(src)
		want := 0
		for _, el := range all {
			if sel.Match(el, nil) {
				want++
			}
		}
		run := func(b *testing.B, match func(*html.Node) bool) {
			b.ReportAllocs()
			for b.Loop() {
				n := 0
				for _, el := range all {
					if match(el) {
						n++
					}
				}
				if n != want {
					b.Fatalf("%q matched %d elements, want %d", src, n, want)
				}
			}
		}
		b.Run(src+"/Matches", func(b *testing.B) {
			run(b, func(el *html.Node) bool { return r.Matches(el, nil) })
		})
		b.Run(src+"/MatchContext", func(b *testing.B) {
			ctx := selector.NewMatchContext(nil)
			run(b, func(el *html.Node) bool { return ctx.Matches(r, el) })
		})
		b.Run(src+"/Selector.Match", func(b *testing.B) {
			run(b, func(el *html.Node) bool { return sel.Match(el, nil) })
		})
	}
}

// BenchmarkNestedRuleMatches is BenchmarkRuleMatches for nested rules,
// whose & is :is() of the parent selectors.
func BenchmarkNestedRuleMatches(b *testing.B) {
	doc, _ := benchDoc()
	all := elements(doc)
	parent := mustRules(b, ".card", nil)
	rules := mustRules(b, ".item a, &:hover, > ul > li.even", parent)
	b.ReportAllocs()
	for b.Loop() {
		for _, el := range all {
			for _, r := range rules {
				r.Matches(el, nil)
			}
		}
	}
}

// BenchmarkParseRuleSelectors parses a prelude of a few selectors, as a
// sheet's parser does for each rule.
func BenchmarkParseRuleSelectors(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := selector.ParseRuleSelectors(".navbar-expand-lg .navbar-nav .dropdown-menu, .btn-check:checked + .btn, a:hover::before", nil); err != nil {
			b.Fatal(err)
		}
	}
}
