package vdom_test

import (
	"fmt"
	"strings"

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
	ok, err := q.DispatchEvent(e)
	if err != nil {
		fmt.Println(err)
	}
	fmt.Println("not cancelled:", ok)
	// Output:
	// KeyboardEvent Enter Enter true
	// not cancelled: false
}

// Focus moves the focus and fires blur, focusout, focus and focusin, each
// naming the other element as its RelatedTarget.
func ExampleNode_Focus() {
	doc := vdom.ParseString(`<input id="name"><button id="save">Save</button>`)
	name, save := doc.GetElementByID("name"), doc.GetElementByID("save")
	for _, typ := range []string{"focus", "blur", "focusin", "focusout"} {
		doc.AddEventListenerWith(typ, vdom.NewListener(func(e *vdom.Event) {
			f, _ := e.AsFocus()
			fmt.Println(e.Type(), e.Target(), "related:", f.RelatedTarget)
		}), vdom.ListenerOptions{Capture: true})
	}
	if err := name.Focus(); err != nil {
		fmt.Println(err)
	}
	if err := save.Focus(); err != nil {
		fmt.Println(err)
	}
	fmt.Println("active:", doc.ActiveElement())
	if err := save.Blur(); err != nil {
		fmt.Println(err)
	}
	fmt.Println("active:", doc.ActiveElement())
	// Output:
	// focus input#name related: <nil>
	// focusin input#name related: <nil>
	// blur input#name related: button#save
	// focusout input#name related: button#save
	// focus button#save related: input#name
	// focusin button#save related: input#name
	// active: button#save
	// blur button#save related: <nil>
	// focusout button#save related: <nil>
	// active: body
}

// SequentialFocusOrder is the order Tab follows: positive tabindex first,
// then tree order; tabindex -1, disabled and hidden elements are skipped.
func ExampleDocument_SequentialFocusOrder() {
	doc := vdom.ParseString(`<button id="a">A</button>
<input id="b" tabindex="2"><input id="c" tabindex="-1"><button id="d" disabled>D</button>
<a id="e" href="/e" tabindex="1">E</a><div hidden><input id="f"></div><textarea id="g"></textarea>`)
	var ids []string
	for _, n := range doc.SequentialFocusOrder() {
		ids = append(ids, n.ID())
	}
	fmt.Println(strings.Join(ids, " "))
	fmt.Println("after g:", doc.NextFocusable(doc.GetElementByID("g"), false))
	fmt.Println("before a:", doc.NextFocusable(doc.GetElementByID("a"), true))
	// Output:
	// e b a g
	// after g: <nil>
	// before a: input#b
}

// DispatchTrusted fires user input as a browser does and then runs its
// default actions: Tab moves the focus, Enter on a button clicks it.
func ExampleDispatchTrusted() {
	doc := vdom.ParseString(`<input id="q"><button id="go">Go</button>`)
	doc.GetElementByID("go").AddEventListener("click", vdom.NewListener(func(e *vdom.Event) {
		p, _ := e.AsPointer()
		fmt.Println("click", e.Target(), "trusted:", e.IsTrusted(), "pointerId:", p.PointerID)
	}))
	press := func(typ, key string) {
		e := vdom.NewKeyboardEvent(typ, vdom.KeyboardEventInit{
			EventInit:     vdom.EventInit{Bubbles: true, Cancelable: true, Composed: true},
			KeyboardEvent: vdom.KeyboardEvent{Key: key},
		})
		// Key events go to the focused element.
		if _, err := vdom.DispatchTrusted(doc.ActiveElement(), e); err != nil {
			fmt.Println(err)
		}
	}
	press("keydown", "Tab")
	fmt.Println("focus:", doc.ActiveElement())
	press("keydown", "Tab")
	fmt.Println("focus:", doc.ActiveElement())
	press("keydown", "Enter")
	press("keypress", "Enter")
	press("keyup", "Enter")
	// Output:
	// focus: input#q
	// focus: button#go
	// click button#go trusted: true pointerId: -1
}

func ExampleNode_IsTextControl() {
	doc := vdom.ParseString(`<input id="name"><input id="agree" type="checkbox"><textarea id="note"></textarea>`)
	for _, id := range []string{"name", "agree", "note"} {
		fmt.Println(id, doc.GetElementByID(id).IsTextControl())
	}
	// Output:
	// name true
	// agree false
	// note true
}

func ExampleNode_IsVisible() {
	doc := vdom.ParseString(`<p id="a">shown</p><p id="b" hidden>hidden</p>` +
		`<div style="visibility: hidden"><p id="c">invisible</p><p id="d" style="visibility: visible">visible again</p></div>`)
	for _, id := range []string{"a", "b", "c", "d"} {
		fmt.Println(id, doc.GetElementByID(id).IsVisible())
	}
	// Output:
	// a true
	// b false
	// c false
	// d true
}
