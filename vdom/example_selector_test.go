package vdom_test

import (
	"fmt"

	"github.com/eventperk/eventperk-go/vdom"
)

func ExampleDocument_QuerySelectorAll_userInvalid() {
	doc := vdom.ParseString(`<form><input id="name" required><input id="email" type="email" value="me@example.com">
<button id="send">Send</button></form>`, vdom.WithURL("https://example.com/signup#email"))
	show := func(sel string) {
		els, err := doc.QuerySelectorAll(sel)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Print(sel, ":")
		for _, el := range els {
			fmt.Print(" ", el.ID())
		}
		fmt.Println()
	}
	show(":target")
	// Nothing is flagged before the user commits a change or submits.
	show(":user-invalid")
	if err := doc.GetElementByID("send").Click(); err != nil {
		fmt.Println(err)
	}
	show(":user-invalid")
	show(":user-valid")
	// Output:
	// :target: email
	// :user-invalid:
	// :user-invalid: name
	// :user-valid: email
}
