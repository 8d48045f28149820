package selector_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/eventperk/eventperk-go/selector"
	"golang.org/x/net/html"
)

func mustParse(src string) *html.Node {
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		panic(err)
	}
	return doc
}

func text(n *html.Node) string {
	var b strings.Builder
	for d := range n.Descendants() {
		if d.Type == html.TextNode {
			b.WriteString(d.Data)
		}
	}
	return b.String()
}

func Example() {
	doc := mustParse(`<ul><li class="done">milk</li><li>eggs</li><li class="done">bread</li></ul>`)
	sel, err := selector.Compile("ul > li.done")
	if err != nil {
		panic(err)
	}
	for _, li := range sel.QueryAll(doc) {
		fmt.Println(text(li))
	}
	// Output:
	// milk
	// bread
}

func ExampleCompile_error() {
	_, err := selector.Compile("div[")
	fmt.Println(err)
	fmt.Println(errors.Is(err, selector.ErrSyntax))
	var se *selector.Error
	if errors.As(err, &se) {
		fmt.Println(se.Caret())
	}
	// Output:
	// selector: invalid selector "div[" at offset 4: expected attribute name, found end of input
	// true
	// div[
	//     ^
}

func ExampleSelector_QueryScoped() {
	doc := mustParse(`<div id="cart" data-unit>
		<button>Checkout</button>
		<div id="promo" data-unit><button>Apply code</button></div>
	</div>`)
	cart := selector.ByID(doc, "cart")
	isUnit := func(n *html.Node) bool {
		for _, a := range n.Attr {
			if a.Key == "data-unit" {
				return true
			}
		}
		return false
	}
	// The promo unit's button belongs to the promo unit, not to the cart.
	for _, b := range selector.MustCompile("button").QueryScoped(cart, isUnit) {
		fmt.Println(text(b))
	}
	// Output:
	// Checkout
}

func ExampleSelector_QueryAll_scope() {
	doc := mustParse(`<ul id="menu"><li>Home</li><li>Shop<ul><li>Shoes</li></ul></li></ul>`)
	menu := selector.ByID(doc, "menu")
	fmt.Println(len(selector.MustCompile("li").QueryAll(menu)), "items in all")
	fmt.Println(len(selector.MustCompile(":scope > li").QueryAll(menu)), "at the top level")
	// Output:
	// 3 items in all
	// 2 at the top level
}

func ExampleByID() {
	doc := mustParse(`<p id="1st item">first</p><p id="a.b">second</p>`)
	fmt.Println(text(selector.ByID(doc, "1st item")))
	// The same element through a selector needs the id escaped.
	sel := selector.MustCompile("#" + selector.EscapeIdent("a.b"))
	fmt.Println(sel, "->", text(sel.QueryFirst(doc)))
	// Output:
	// first
	// #a\.b -> second
}
