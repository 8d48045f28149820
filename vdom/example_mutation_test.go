package vdom_test

import (
	"fmt"

	"github.com/eventperk/eventperk-go/vdom"
)

// A MutationObserver sees what a listener changes before the next listener
// runs, as in a browser after a user's click.
func ExampleNewMutationObserver() {
	doc := vdom.ParseString(`<ul id="list"></ul><button id="add">Add</button>`)
	list := doc.GetElementByID("list")
	mo := vdom.NewMutationObserver(func(records []*vdom.MutationRecord, _ *vdom.MutationObserver) {
		for _, r := range records {
			fmt.Println(r.Type, "on", r.Target, "added", r.AddedNodes)
		}
	})
	if err := mo.Observe(list, vdom.MutationObserverInit{ChildList: true}); err != nil {
		fmt.Println(err)
		return
	}
	add := doc.GetElementByID("add")
	add.AddEventListener("click", vdom.NewListener(func(*vdom.Event) {
		li, _ := doc.CreateElement("li")
		if err := list.Append(li); err != nil {
			fmt.Println(err)
		}
		fmt.Println("listener done")
	}))
	if err := add.Click(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// listener done
	// childList on ul#list added [li]
}

// Changes the test makes itself are delivered at the next checkpoint:
// RunTasks (or Await, or a dispatch).
func ExampleMutationObserver_Observe() {
	doc := vdom.ParseString(`<p id="p" class="a">text</p>`)
	p := doc.GetElementByID("p")
	mo := vdom.NewMutationObserver(func(records []*vdom.MutationRecord, _ *vdom.MutationObserver) {
		for _, r := range records {
			fmt.Printf("%s %s was %q\n", r.Type, r.AttributeName, r.OldValue)
		}
	})
	// AttributeOldValue and AttributeFilter turn Attributes on by
	// themselves.
	err := mo.Observe(p, vdom.MutationObserverInit{AttributeOldValue: new(true), AttributeFilter: []string{"class"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := p.ClassList().Add("b"); err != nil {
		fmt.Println(err)
	}
	if err := p.SetAttribute("title", "not in the filter"); err != nil {
		fmt.Println(err)
	}
	if _, err := doc.RunTasks(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// attributes class was "a"
}

// TakeRecords hands over the records at once, without the callback.
func ExampleMutationObserver_TakeRecords() {
	doc := vdom.ParseString(`<p id="p">old</p>`)
	text := doc.GetElementByID("p").FirstChild()
	mo := vdom.NewMutationObserver(func([]*vdom.MutationRecord, *vdom.MutationObserver) {
		fmt.Println("not called: the records were taken")
	})
	if err := mo.Observe(text, vdom.MutationObserverInit{CharacterDataOldValue: new(true)}); err != nil {
		fmt.Println(err)
		return
	}
	text.SetData("new")
	for _, r := range mo.TakeRecords() {
		fmt.Printf("%s %q -> %q\n", r.Type, r.OldValue, r.Target.Data())
	}
	if _, err := doc.RunTasks(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// characterData "old" -> "new"
}

// Disconnect stops the observer and drops what it has not delivered.
func ExampleMutationObserver_Disconnect() {
	doc := vdom.ParseString(`<div id="d"></div>`)
	d := doc.GetElementByID("d")
	calls := 0
	mo := vdom.NewMutationObserver(func([]*vdom.MutationRecord, *vdom.MutationObserver) { calls++ })
	if err := mo.Observe(d, vdom.MutationObserverInit{Attributes: new(true)}); err != nil {
		fmt.Println(err)
		return
	}
	if err := d.SetAttribute("hidden", ""); err != nil {
		fmt.Println(err)
	}
	mo.Disconnect()
	if _, err := doc.RunTasks(); err != nil {
		fmt.Println(err)
	}
	fmt.Println("calls:", calls)
	// Output:
	// calls: 0
}

// Observe names the rule its options break.
func ExampleMutationObserverInit() {
	doc := vdom.ParseString(`<p id="p"></p>`)
	mo := vdom.NewMutationObserver(func([]*vdom.MutationRecord, *vdom.MutationObserver) {})
	err := mo.Observe(doc.GetElementByID("p"), vdom.MutationObserverInit{ChildList: true, Attributes: new(false), AttributeOldValue: new(true)})
	fmt.Println(err)
	// Output:
	// vdom: TypeError: Observe: AttributeOldValue is true but Attributes is false
}
