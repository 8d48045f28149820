package vdom_test

import (
	"fmt"

	"github.com/eventperk/eventperk-go/vdom"
)

// The selection is in UTF-16 code units, as the DOM counts: the emoji
// takes two.
func ExampleNode_SetSelectionRange() {
	doc := vdom.ParseString(`<input id="q" value="a😀bc">`)
	q := doc.GetElementByID("q")
	q.AddEventListener("select", vdom.NewListener(func(*vdom.Event) { fmt.Println("select") }))
	if err := q.SetSelectionRange(1, 4, "backward"); err != nil {
		fmt.Println(err)
	}
	start, _ := q.SelectionStart()
	end, _ := q.SelectionEnd()
	dir, _ := q.SelectionDirection()
	fmt.Println(start, end, dir)
	// The select event is a task of the document.
	if _, err := doc.RunTasks(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 1 4 backward
	// select
}

// Email and number fields have no selection APIs: the getters are null
// (ok false) and the setters fail.
func ExampleNode_SelectionStart() {
	doc := vdom.ParseString(`<input id="q" value="hello"><input id="e" type="email">`)
	start, ok := doc.GetElementByID("q").SelectionStart()
	fmt.Println(start, ok)
	_, ok = doc.GetElementByID("e").SelectionStart()
	fmt.Println(ok)
	fmt.Println(doc.GetElementByID("e").SetSelectionRange(0, 0, ""))
	// Output:
	// 0 true
	// false
	// vdom: InvalidStateError: setSelectionRange: the selection APIs do not apply to input#e (only textarea and input types text, search, url, tel, password)
}

// The value setter puts the caret at the end of a new value.
func ExampleNode_SelectionEnd() {
	doc := vdom.ParseString(`<textarea id="t">ab</textarea>`)
	t := doc.GetElementByID("t")
	if err := t.SetValue("line one\nline two"); err != nil {
		fmt.Println(err)
	}
	end, _ := t.SelectionEnd()
	fmt.Println(end)
	// Output:
	// 17
}

// "none" reads as "forward", as in Chromium on Linux.
func ExampleNode_SelectionDirection() {
	doc := vdom.ParseString(`<input id="q" value="hello">`)
	q := doc.GetElementByID("q")
	dir, _ := q.SelectionDirection()
	fmt.Println(dir)
	if err := q.SetSelectionDirection("backward"); err != nil {
		fmt.Println(err)
	}
	dir, _ = q.SelectionDirection()
	fmt.Println(dir)
	// Output:
	// forward
	// backward
}

// A start set after the end moves the end along.
func ExampleNode_SetSelectionStart() {
	doc := vdom.ParseString(`<input id="q" value="hello">`)
	q := doc.GetElementByID("q")
	if err := q.SetSelectionStart(3); err != nil {
		fmt.Println(err)
	}
	start, _ := q.SelectionStart()
	end, _ := q.SelectionEnd()
	fmt.Println(start, end)
	// Output:
	// 3 3
}

// An end beyond the text is clamped to it.
func ExampleNode_SetSelectionEnd() {
	doc := vdom.ParseString(`<input id="q" value="hello">`)
	q := doc.GetElementByID("q")
	if err := q.SetSelectionEnd(99); err != nil {
		fmt.Println(err)
	}
	end, _ := q.SelectionEnd()
	fmt.Println(end)
	// Output:
	// 5
}

// SetSelectionDirection takes "forward" and "backward"; anything else is
// "none".
func ExampleNode_SetSelectionDirection() {
	doc := vdom.ParseString(`<input id="q" value="hello">`)
	q := doc.GetElementByID("q")
	for _, d := range []string{"backward", "sideways"} {
		if err := q.SetSelectionDirection(d); err != nil {
			fmt.Println(err)
		}
		got, _ := q.SelectionDirection()
		fmt.Println(d, "->", got)
	}
	// Output:
	// backward -> backward
	// sideways -> forward
}

// Select selects all the text and, as in Chromium, focuses the element.
func ExampleNode_Select() {
	doc := vdom.ParseString(`<input id="q" value="hello">`)
	q := doc.GetElementByID("q")
	if err := q.Select(); err != nil {
		fmt.Println(err)
	}
	start, _ := q.SelectionStart()
	end, _ := q.SelectionEnd()
	fmt.Println(start, end, doc.ActiveElement() == q)
	// Output:
	// 0 5 true
}

// SetRangeText replaces the selection and keeps it over the new text.
func ExampleNode_SetRangeText() {
	doc := vdom.ParseString(`<input id="q" value="one two three">`)
	q := doc.GetElementByID("q")
	if err := q.SetSelectionRange(4, 7, ""); err != nil {
		fmt.Println(err)
	}
	if err := q.SetRangeText("2"); err != nil {
		fmt.Println(err)
	}
	start, _ := q.SelectionStart()
	end, _ := q.SelectionEnd()
	fmt.Println(q.Value(), start, end)
	// Output:
	// one 2 three 4 5
}

// SetRangeTextWith replaces any range and says where the selection goes.
func ExampleNode_SetRangeTextWith() {
	doc := vdom.ParseString(`<input id="q" value="2024-01-31">`)
	q := doc.GetElementByID("q")
	if err := q.SetRangeTextWith("12", 5, 7, vdom.RangeSelect); err != nil {
		fmt.Println(err)
	}
	start, _ := q.SelectionStart()
	end, _ := q.SelectionEnd()
	fmt.Println(q.Value(), start, end)
	fmt.Println(q.SetRangeTextWith("x", 3, 1, vdom.RangeEnd))
	// Output:
	// 2024-12-31 5 7
	// vdom: IndexSizeError: setRangeText: start 3 is after end 1
}

// SelectAsUser selects as a user does, also in an email field, and fires
// select at once.
func ExampleNode_SelectAsUser() {
	doc := vdom.ParseString(`<input id="e" type="email" value="ann@example.com">`)
	e := doc.GetElementByID("e")
	e.AddEventListener("select", vdom.NewListener(func(*vdom.Event) { fmt.Println("select") }))
	if err := e.SelectAsUser(4, 15); err != nil {
		fmt.Println(err)
	}
	if _, err := e.EditAsUser(vdom.InputInsertText, "example.org"); err != nil {
		fmt.Println(err)
	}
	fmt.Println(e.Value())
	// Output:
	// select
	// ann@example.org
}

// EditAsUser edits as a user's input does, with beforeinput and input; the
// edit is the user's, so change fires when the field loses focus.
func ExampleNode_EditAsUser() {
	doc := vdom.ParseString(`<input id="q" maxlength="5"><button id="b">Go</button>`)
	q := doc.GetElementByID("q")
	for _, typ := range []string{"beforeinput", "input", "change"} {
		q.AddEventListener(typ, vdom.NewListener(func(e *vdom.Event) {
			if in, ok := e.AsInput(); ok {
				fmt.Printf("%s %s %q\n", e.Type(), in.InputType, q.Value())
				return
			}
			fmt.Printf("%s %q\n", e.Type(), q.Value())
		}))
	}
	if err := q.Focus(); err != nil {
		fmt.Println(err)
	}
	changed, err := q.EditAsUser(vdom.InputInsertFromPaste, "hello world")
	fmt.Println(changed, err)
	if _, err := q.EditAsUser(vdom.InputDeleteContentBackward, ""); err != nil {
		fmt.Println(err)
	}
	if err := doc.GetElementByID("b").Focus(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// beforeinput insertFromPaste ""
	// input insertFromPaste "hello"
	// true <nil>
	// beforeinput deleteContentBackward "hello"
	// input deleteContentBackward "hell"
	// change "hell"
}
