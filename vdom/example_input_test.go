package vdom_test

import (
	"fmt"

	"github.com/eventperk/eventperk-go/vdom"
)

// A listener reads a typed event's members with the As method of its
// interface.
func ExampleNewKeyboardEvent() {
	doc := vdom.ParseString(`<input id="q">`)
	q := doc.GetElementByID("q")
	q.AddEventListener("keydown", vdom.NewListener(func(e *vdom.Event) {
		k, ok := e.AsKeyboard()
		if !ok {
			return
		}
		fmt.Println(e.Interface(), k.Key, k.Code, k.ShiftKey)
		if k.Key == "Enter" {
			e.PreventDefault()
		}
	}))
	e := vdom.NewKeyboardEvent("keydown", vdom.KeyboardEventInit{
		EventInit:     vdom.EventInit{Bubbles: true, Cancelable: true},
		KeyboardEvent: vdom.KeyboardEvent{Key: "Enter", Code: "Enter", ShiftKey: true},
	})
	ok, _ := q.DispatchEvent(e)
	fmt.Println("not cancelled:", ok)
	// Output:
	// KeyboardEvent Enter Enter true
	// not cancelled: false
}
