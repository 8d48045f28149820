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
