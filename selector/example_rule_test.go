package selector_test

import (
	"fmt"
	"strings"

	"github.com/eventperk/eventperk-go/selector"
	"golang.org/x/net/html"
)

// A style rule's prelude: each selector's serialization, specificity,
// pseudo-element and key, and the elements it matches.
func ExampleParseRuleSelectors() {
	doc, err := html.Parse(strings.NewReader(`<nav class="menu"><a id="home" class="item active" href="/">Home</a><a class="item" href="/about">About</a></nav>`))
	if err != nil {
		panic(err)
	}
	rules, err := selector.ParseRuleSelectors(".menu > .item, A.active:before, :is(a, :unknown)", nil)
	if err != nil {
		panic(err)
	}
	for _, r := range rules {
		fmt.Printf("%-20s %v pseudo=%q key=%+v\n", r, r.Specificity(), r.PseudoElement(), r.Key())
	}
	for n := range doc.Descendants() {
		if rules[1].Matches(n, nil) {
			fmt.Println("::before of", n.Data, n.FirstChild.Data)
		}
	}

	// A nested rule: & is the enclosing selectors, and a selector
	// without & is relative to it.
	nested, err := selector.ParseRuleSelectors("&.active, > a[href^='/a']", rules[:1])
	if err != nil {
		panic(err)
	}
	for _, r := range nested {
		fmt.Println(r, r.Specificity())
	}

	// One invalid selector drops the whole rule.
	_, err = selector.ParseRuleSelectors("a, p::before:hover", nil)
	fmt.Println(err)
	// Output:
	// .menu > .item        (0,2,0) pseudo="" key={ID: Classes:[item] Tag: Attrs:[] State:false Has:false Ancestors:[{ID: Classes:[menu] Tag: Attrs:[] State:false Has:false Ancestors:[]}]}
	// a.active::before     (0,1,2) pseudo="before" key={ID: Classes:[active] Tag:a Attrs:[] State:false Has:false Ancestors:[]}
	// :is(a)               (0,0,1) pseudo="" key={ID: Classes:[] Tag:a Attrs:[] State:false Has:false Ancestors:[]}
	// ::before of a Home
	// &.active (0,3,0)
	// & > a[href^="/a"] (0,3,1)
	// selector: invalid selector "a, p::before:hover" at offset 12: :hover cannot follow ::before
}

// A cascade's pass over a tree: a MatchContext remembers what the walks
// up the tree found, from one element to the next.
func ExampleMatchContext() {
	doc, err := html.Parse(strings.NewReader(`<main class="dark"><section><p>One</p><p class="note">Two</p></section></main>`))
	if err != nil {
		panic(err)
	}
	rules, err := selector.ParseRuleSelectors(".dark p, p + .note, section > :first-child", nil)
	if err != nil {
		panic(err)
	}
	ctx := selector.NewMatchContext(nil)
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode || n.Data != "p" {
			continue
		}
		var matched []string
		for _, r := range rules {
			if ctx.Matches(r, n) {
				matched = append(matched, r.String())
			}
		}
		fmt.Printf("%s: %s\n", n.FirstChild.Data, strings.Join(matched, " | "))
	}
	// Output:
	// One: .dark p | section > :first-child
	// Two: .dark p | p + .note
}
