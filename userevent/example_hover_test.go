package userevent_test

import (
	"fmt"

	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// A menu a style sheet shows on :hover is hidden from queries and clicks
// until the user hovers its nav: the element under the pointer, and its
// ancestors, match :hover.
func ExampleUser_Hover_menu() {
	doc := vdom.ParseString(`<style>
		.menu { display: none }
		.nav:hover .menu { display: block }
	</style>
	<nav id=nav class=nav><a href=/>Products</a>
	<ul class=menu><li><a href=/apps>Apps</a></li></ul></nav>`)
	u := userevent.New(doc)
	apps := query.ByRole("link", query.Name("Apps"))

	found, _ := apps.Query(&doc.Node)
	fmt.Println("before hover:", found != nil)

	_ = u.Hover(doc.GetElementByID("nav"))
	link, err := apps.Get(&doc.Node)
	fmt.Println("hovering the nav:", err == nil)
	fmt.Println("click:", u.Click(link))

	_ = u.Unhover(doc.GetElementByID("nav"))
	found, _ = apps.Query(&doc.Node)
	fmt.Println("after unhover:", found != nil)
	// Output:
	// before hover: false
	// hovering the nav: true
	// click: <nil>
	// after unhover: false
}
