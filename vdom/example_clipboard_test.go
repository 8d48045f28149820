package vdom_test

import (
	"fmt"

	"github.com/eventperk/eventperk-go/vdom"
)

// A page's paste listener reads the pasted text with AsClipboard; a user's
// paste is a trusted ClipboardEvent and then, unless cancelled, the edit.
func ExampleNewClipboardEvent() {
	doc := vdom.ParseString(`<input id="code">`)
	code := doc.GetElementByID("code")
	code.AddEventListener("paste", vdom.NewListener(func(e *vdom.Event) {
		c, _ := e.AsClipboard()
		fmt.Printf("%s %q\n", e.Interface(), c.Text)
	}))
	paste := vdom.NewClipboardEvent("paste", vdom.ClipboardEventInit{
		EventInit:      vdom.EventInit{Bubbles: true, Cancelable: true, Composed: true},
		ClipboardEvent: vdom.ClipboardEvent{Text: " 1234 "},
	})
	if ok, err := vdom.DispatchTrusted(code, paste); ok && err == nil {
		if _, err := code.EditAsUser(vdom.InputInsertFromPaste, " 1234 "); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Printf("%q\n", code.Value())
	// Output:
	// ClipboardEvent " 1234 "
	// " 1234 "
}
