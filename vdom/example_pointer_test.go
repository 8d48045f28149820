package vdom_test

import (
	"fmt"

	"github.com/eventperk/eventperk-go/vdom"
)

// A user-input layer says which element the pointer is over (package
// userevent does, for each move); that element and its ancestors match
// :hover, and the styles that read it follow.
func ExampleDocument_SetHoverTarget() {
	doc := vdom.ParseString(`<style>
		.menu { display: none }
		.nav:hover .menu { display: block }
	</style>
	<nav class=nav><a id=top href=/>Products</a><ul id=menu class=menu><li>Apps</li></ul></nav>`)
	menu := doc.GetElementByID("menu")
	fmt.Println(menu.IsRendered())

	doc.SetHoverTarget(doc.GetElementByID("top"))
	fmt.Println(menu.IsRendered(), doc.HoverTarget().ID())

	doc.SetHoverTarget(nil)
	fmt.Println(menu.IsRendered())
	// Output:
	// false
	// true top
	// false
}

// The element a main button went down on is being activated while the
// button is held: it and its ancestors match :active.
func ExampleDocument_SetActiveTarget() {
	doc := vdom.ParseString(`<div id=bar><button id=save>Save</button></div>`)
	doc.SetActiveTarget(doc.GetElementByID("save"))
	active, _ := doc.QuerySelectorAll(":active")
	for _, n := range active {
		fmt.Println(n.LocalName())
	}
	doc.SetActiveTarget(nil)
	fmt.Println(doc.ActiveTarget() == nil)
	// Output:
	// html
	// body
	// div
	// button
	// true
}
