package vdom_test

import (
	"context"
	"fmt"
	"time"

	"github.com/eventperk/eventperk-go/vdom"
)

// Listeners see an event in capture order from the window down, at the
// target, then bubbling back up.
func ExampleNode_AddEventListener() {
	doc := vdom.ParseString(`<ul id="list"><li><button id="b">x</button></li></ul>`)
	list, btn := doc.GetElementByID("list"), doc.GetElementByID("b")
	log := func(name string) vdom.Listener {
		return vdom.NewListener(func(e *vdom.Event) {
			fmt.Println(name, e.EventPhase(), e.CurrentTarget())
		})
	}
	doc.Window().AddEventListenerWith("click", log("window"), vdom.ListenerOptions{Capture: true})
	list.AddEventListener("click", log("list"))
	btn.AddEventListener("click", log("button"))
	if _, err := btn.DispatchEvent(vdom.NewEventWith("click", vdom.EventInit{Bubbles: true})); err != nil {
		fmt.Println(err)
	}
	// Output:
	// window CAPTURING_PHASE window
	// button AT_TARGET button#b
	// list BUBBLING_PHASE ul#list
}

// DispatchEvent returns false when a listener cancels a cancelable event.
func ExampleNode_DispatchEvent() {
	doc := vdom.ParseString(`<form id="f"><input id="name"></form>`)
	form := doc.GetElementByID("f")
	form.AddEventListener("submit", vdom.NewListener(func(e *vdom.Event) {
		if v, _ := doc.GetElementByID("name").GetAttribute("value"); v == "" {
			e.PreventDefault()
		}
	}))
	ok, err := form.DispatchEvent(vdom.NewEventWith("submit", vdom.EventInit{Bubbles: true, Cancelable: true}))
	fmt.Println(ok, err)
	// Output: false <nil>
}

// A CustomEvent carries any Go value as its detail.
func ExampleNewCustomEvent() {
	doc := vdom.ParseString(`<div id="cart"></div>`)
	cart := doc.GetElementByID("cart")
	type added struct {
		SKU string
		Qty int
	}
	cart.AddEventListener("cart:add", vdom.NewListener(func(e *vdom.Event) {
		item := e.Detail().(added)
		fmt.Printf("%s x%d\n", item.SKU, item.Qty)
	}))
	if _, err := cart.DispatchEvent(vdom.NewCustomEventWith("cart:add", vdom.CustomEventInit{Detail: added{"tea", 2}})); err != nil {
		fmt.Println(err) // a listener panicked
	}
	// Output: tea x2
}

// A listener that panics is reported in DispatchEvent's error; the other
// listeners still run.
func ExampleListenerError() {
	doc := vdom.ParseString(`<button id="b"></button>`)
	btn := doc.GetElementByID("b")
	btn.AddEventListener("click", vdom.NewListener(func(*vdom.Event) { panic("broken handler") }))
	btn.AddEventListener("click", vdom.NewListener(func(*vdom.Event) { fmt.Println("second listener ran") }))
	_, err := btn.DispatchEvent(vdom.NewEvent("click"))
	fmt.Println(err)
	// Output:
	// second listener ran
	// vdom: listener for "click" on button#b panicked in AT_TARGET: broken handler
}

// Aborting a signal removes every listener registered with it.
func ExampleAbortController() {
	doc := vdom.ParseString(`<div id="d"></div>`)
	d := doc.GetElementByID("d")
	ctrl := vdom.NewAbortController()
	d.AddEventListenerWith("ping", vdom.NewListener(func(*vdom.Event) { fmt.Println("ping") }),
		vdom.ListenerOptions{Signal: ctrl.Signal()})
	if _, err := d.DispatchEvent(vdom.NewEvent("ping")); err != nil {
		fmt.Println(err)
	}
	if err := ctrl.Abort(nil); err != nil { // the errors of the abort listeners
		fmt.Println(err)
	}
	if _, err := d.DispatchEvent(vdom.NewEvent("ping")); err != nil {
		fmt.Println(err)
	}
	fmt.Println(ctrl.Signal().Aborted())
	// Output:
	// ping
	// true
}

// Work done on another goroutine comes back to the document through Post;
// Await runs it on the document's goroutine while it waits.
func ExampleDocument_Await() {
	doc := vdom.ParseString(`<p id="status">loading</p>`)
	done := vdom.Go(func() error {
		time.Sleep(time.Millisecond) // a fetch, say
		doc.Post(func() { doc.GetElementByID("status").SetTextContent("ready") })
		return nil
	})
	if err := doc.Await(context.Background(), done); err != nil {
		fmt.Println(err)
	}
	// The task posted before the promise settled has run by now or runs next.
	if _, err := doc.RunTasks(); err != nil {
		fmt.Println(err)
	}
	fmt.Println(doc.GetElementByID("status").TextContent())
	// Output: ready
}
