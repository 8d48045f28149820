package query_test

import (
	"fmt"

	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdom"
)

// A menu that a Tailwind page hides with the hidden utility class and a
// click handler shows: the role query follows the class, with nothing to
// refresh. The sheet is the part of a Tailwind 4 build the page uses; its
// uppercase class makes the names what a screen reader reads, as in
// Chromium.
func ExampleByRole_styleSheet() {
	doc := vdom.ParseString(`<style>
		@layer theme, base, components, utilities;
		@layer utilities {
			.block { display: block; }
			.hidden { display: none; }
			.uppercase { text-transform: uppercase; }
		}
	</style>
	<button id="toggle" aria-controls="menu">Menu</button>
	<ul id="menu" class="hidden">
		<li><a class="block uppercase" href="/account">Account</a></li>
		<li><a class="block uppercase" href="/logout">Log out</a></li>
	</ul>`)
	toggle := doc.GetElementByID("toggle")
	toggle.AddEventListener("click", vdom.NewListener(func(*vdom.Event) {
		_, _ = doc.GetElementByID("menu").ClassList().Toggle("hidden")
	}))

	logout := query.ByRole("link", query.Name("LOG OUT"))
	_, err := logout.Get(&doc.Node)
	fmt.Println("before the click:", err != nil)

	toggle.Click()
	link, err := logout.Get(&doc.Node)
	if err != nil {
		fmt.Println(err)
		return
	}
	href, _ := link.GetAttribute("href")
	fmt.Println("after the click:", href)
	// Output:
	// before the click: true
	// after the click: /logout
}
