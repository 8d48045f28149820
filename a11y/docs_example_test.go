package a11y_test

import (
	"fmt"

	"github.com/eventperk/eventperk-go/a11y"
	"github.com/eventperk/eventperk-go/vdom"
)

// Example_package is the example of the package documentation and of
// docs/a11y.md.
func Example_package() {
	doc := vdom.ParseString(`<label for=q>Search</label><input id=q type=search>`)
	q := doc.GetElementByID("q")
	fmt.Println(a11y.Role(q), a11y.Name(q), a11y.IsHidden(q))
	// searchbox Search false

	// Output:
	// searchbox Search false
}

// Example_styleSheets is the example of docs/a11y.md, "Style sheets".
func Example_styleSheets() {
	doc := vdom.ParseString(`<style>
		.hidden { display: none }
		.uppercase { text-transform: uppercase }
		.external::after { content: " (opens in a new tab)" }
	</style>
	<nav id=menu class=hidden><a id=docs class="uppercase external" href="/docs">Docs</a></nav>`)
	docs := doc.GetElementByID("docs")
	fmt.Println(a11y.IsHidden(docs), a11y.Name(docs))
	doc.GetElementByID("menu").ClassList().Remove("hidden")
	fmt.Println(a11y.IsHidden(docs))

	// Output:
	// true DOCS (OPENS IN A NEW TAB)
	// false
}
