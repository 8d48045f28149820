package userevent_test

import (
	"fmt"

	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// examplePage parses a page for the examples: key events carry its window.
func examplePage(body string) *vdom.Document {
	return vdom.ParseString(`<!DOCTYPE html><html><head><title>t</title></head><body>`+body+`</body></html>`,
		vdom.WithURL("http://eventperk.test/"))
}

// Type clicks the field and types at the end of its text; {Enter}
// submits the form as a user's Enter does.
func ExampleUser_Type() {
	doc := examplePage(`<form action="/search"><input name="q" id="q" value="go "></form>`)
	q := doc.GetElementByID("q")
	q.AddEventListener("input", vdom.NewListener(func(e *vdom.Event) {
		in, _ := e.AsInput()
		fmt.Printf("input %s %q\n", in.InputType, *in.Data)
	}))
	if err := userevent.New(doc).Type(q, "dom{Enter}"); err != nil {
		fmt.Println(err)
	}
	fmt.Println(q.Value())
	fmt.Println(doc.Window().Navigations()[0].URL)
	// Output:
	// input insertText "d"
	// input insertText "o"
	// input insertText "m"
	// go dom
	// http://eventperk.test/search?q=go+dom
}

// TypeWith types over a selection, here the month of a date.
func ExampleUser_TypeWith() {
	doc := examplePage(`<input id="d" value="2024-01-31">`)
	d := doc.GetElementByID("d")
	err := userevent.New(doc).TypeWith(d, "12", userevent.TypeOptions{
		Selection: &userevent.Selection{Start: 5, End: 7},
	})
	if err != nil {
		fmt.Println(err)
	}
	fmt.Println(d.Value())
	// Output:
	// 2024-12-31
}

// Keyboard presses keys at the focused element; {Shift>} holds Shift
// until {/Shift}. A malformed sequence says where.
func ExampleUser_Keyboard() {
	doc := examplePage(`<input id="q" value="hello world">`)
	q := doc.GetElementByID("q")
	u := userevent.New(doc)
	if err := u.Type(q, ""); err != nil { // click: the caret at the end
		fmt.Println(err)
	}
	if err := u.Keyboard("{Shift>}{ArrowLeft>5}{/Shift}{Backspace}there"); err != nil {
		fmt.Println(err)
	}
	fmt.Println(q.Value())
	fmt.Println(u.Keyboard("{Enter"))
	// Output:
	// hello there
	// userevent: malformed key sequence "{Enter": "{" at position 0 is not closed by "}" (write {{ for the character)
}

// Clear empties a field as a user selecting all and deleting does;
// change fires when it loses focus.
func ExampleUser_Clear() {
	doc := examplePage(`<input id="q" value="old"><button id="b">b</button>`)
	q := doc.GetElementByID("q")
	q.AddEventListener("change", vdom.NewListener(func(*vdom.Event) { fmt.Printf("change %q\n", q.Value()) }))
	u := userevent.New(doc)
	if err := u.Clear(q); err != nil {
		fmt.Println(err)
	}
	if err := u.Tab(); err != nil {
		fmt.Println(err)
	}
	fmt.Println(u.Clear(doc.GetElementByID("b")))
	// Output:
	// change ""
	// userevent: clear #b: element is not editable (only a textarea or a text field has text to clear)
}

// Tab moves the focus along the sequential focus order.
func ExampleUser_Tab() {
	doc := examplePage(`<input id="a"><a id="skip" href="#" tabindex="-1">skip</a><button id="b">b</button>`)
	u := userevent.New(doc)
	for range 3 {
		if err := u.Tab(); err != nil {
			fmt.Println(err)
		}
		fmt.Println(doc.ActiveElement().LocalName())
	}
	// Output:
	// input
	// button
	// body
}

// ShiftTab moves the focus backward, pressing Shift around Tab.
func ExampleUser_ShiftTab() {
	doc := examplePage(`<input id="a"><input id="b">`)
	doc.AddEventListener("keydown", vdom.NewListener(func(e *vdom.Event) {
		k, _ := e.AsKeyboard()
		fmt.Println("keydown", k.Key, k.ShiftKey)
	}))
	if err := doc.GetElementByID("b").Focus(); err != nil {
		fmt.Println(err)
	}
	if err := userevent.New(doc).ShiftTab(); err != nil {
		fmt.Println(err)
	}
	fmt.Println(doc.ActiveElement().ID())
	// Output:
	// keydown Shift true
	// keydown Tab true
	// a
}

// Paste pastes at the focused element: a paste event, then the edit; a
// single-line field turns line breaks into spaces.
func ExampleUser_Paste() {
	doc := examplePage(`<textarea id="t"></textarea><input id="q">`)
	u := userevent.New(doc)
	for _, id := range []string{"t", "q"} {
		el := doc.GetElementByID(id)
		if err := el.Focus(); err != nil {
			fmt.Println(err)
		}
		if err := u.Paste("one\ntwo"); err != nil {
			fmt.Println(err)
		}
		fmt.Printf("%q\n", el.Value())
	}
	// Output:
	// "one\ntwo"
	// "one two"
}

func ExampleUser_Keyboard_select() {
	doc := vdom.ParseString(`<select id=size>
		<option>Small<option disabled>Medium<option>Large<option>X-Large</select>`)
	size := doc.GetElementByID("size")
	size.AddEventListener("change", vdom.NewListener(func(*vdom.Event) {
		fmt.Println("change:", size.Value())
	}))
	if err := size.Focus(); err != nil {
		fmt.Println(err)
	}
	u := userevent.New(doc)

	// The arrows change a closed drop-down's choice, skipping disabled
	// options; typing finds an option by its label.
	if err := u.Keyboard("{ArrowDown}x"); err != nil {
		fmt.Println(err)
	}
	// Output:
	// change: Large
	// change: X-Large
}

func ExampleUser_Keyboard_numberField() {
	doc := vdom.ParseString(`<input type=number id=qty value=1 min=1 max=3>`)
	qty := doc.GetElementByID("qty")
	qty.AddEventListener("change", vdom.NewListener(func(*vdom.Event) {
		fmt.Println("change:", qty.Value())
	}))
	if err := qty.Focus(); err != nil {
		fmt.Println(err)
	}

	// ArrowUp steps the value within min and max, as the spin button does.
	if err := userevent.New(doc).Keyboard("{ArrowUp}{ArrowUp}{ArrowUp}"); err != nil {
		fmt.Println(err)
	}
	// Output:
	// change: 2
	// change: 3
}
