package vdom_test

import (
	"fmt"

	"github.com/eventperk/eventperk-go/vdom"
)

// A template's contents are outside the page until the program copies
// them in: queries do not see them, serialization writes them, and
// ImportNode of Content gives nodes to insert.
func ExampleNode_Content() {
	doc := vdom.ParseString(`<ul id="list"><li class="item">first</li></ul>` +
		`<template id="row"><li class="item">new</li></template>`)
	items, _ := doc.QuerySelectorAll("li.item")
	fmt.Println(len(items), "item before")

	tmpl := doc.GetElementByID("row")
	fmt.Println(len(tmpl.ChildNodes()), "children;", tmpl.Content().InnerHTML())

	row, _ := doc.ImportNode(tmpl.Content(), true)
	if _, err := doc.GetElementByID("list").AppendChild(row); err != nil {
		fmt.Println(err)
	}
	items, _ = doc.QuerySelectorAll("li.item")
	fmt.Println(len(items), "items after")
	fmt.Println(doc.Body().InnerHTML())
	// Output:
	// 1 item before
	// 0 children; <li class="item">new</li>
	// 2 items after
	// <ul id="list"><li class="item">first</li><li class="item">new</li></ul><template id="row"><li class="item">new</li></template>
}
