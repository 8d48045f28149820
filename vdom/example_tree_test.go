package vdom_test

import (
	"fmt"

	"github.com/eventperk/eventperk-go/vdom"
)

func ExampleParseString() {
	// Malformed HTML is repaired as a browser repairs it.
	doc := vdom.ParseString(`<title>Shop</title><p>Unclosed <b>bold<p>Next`)
	fmt.Println(doc.Title())
	fmt.Println(doc.Body().InnerHTML())
	// Output:
	// Shop
	// <p>Unclosed <b>bold</b></p><p><b>Next</b></p>
}

func ExampleNode_AppendChild() {
	doc := vdom.ParseString(`<ul id="list"><li>one</li></ul>`)
	list := doc.GetElementByID("list")

	li, err := doc.CreateElement("li")
	if err != nil {
		fmt.Println(err)
		return
	}
	li.SetTextContent("two")
	if _, err := list.AppendChild(li); err != nil {
		fmt.Println(err)
	}
	fmt.Println(list.OuterHTML())

	// A node cannot go into its own subtree; the tree is left as it was.
	_, err = li.AppendChild(list)
	fmt.Println(err)
	// Output:
	// <ul id="list"><li>one</li><li>two</li></ul>
	// vdom: HierarchyRequestError: cannot insert ul#list into li: the target is inside the inserted node
}

func ExampleNode_SetInnerHTML() {
	doc := vdom.ParseString(`<table><tr id="row"></tr></table>`)
	row := doc.GetElementByID("row")

	// The element is the parsing context, so the cells stay cells.
	if err := row.SetInnerHTML(`<td id="price">9.99</td><td>EUR`); err != nil {
		fmt.Println(err)
	}
	fmt.Println(row.InnerHTML())
	fmt.Println(doc.GetElementByID("price").TextContent())
	// Output:
	// <td id="price">9.99</td><td>EUR</td>
	// 9.99
}

func ExampleDocument_GetElementByID() {
	doc := vdom.ParseString(`<p id="msg">first</p><p id="msg">second</p>`)

	// The first element in tree order wins.
	fmt.Println(doc.GetElementByID("msg").TextContent())

	// The index follows every change made through vdom.
	doc.GetElementByID("msg").Remove()
	fmt.Println(doc.GetElementByID("msg").TextContent())
	doc.GetElementByID("msg").SetID("done")
	fmt.Println(doc.GetElementByID("msg") == nil)
	// Output:
	// first
	// second
	// true
}

func ExampleNode_ClassList() {
	doc := vdom.ParseString(`<button id="b" class="btn  btn btn-primary">Save</button>`)
	cl := doc.GetElementByID("b").ClassList()

	fmt.Println(cl.Values(), cl.Contains("btn"))
	// The errors are for tokens that are empty or contain spaces.
	if err := cl.Add("active"); err != nil {
		fmt.Println(err)
	}
	if err := cl.Remove("btn-primary"); err != nil {
		fmt.Println(err)
	}
	on, err := cl.Toggle("disabled")
	if err != nil {
		fmt.Println(err)
	}
	if _, err := cl.Replace("btn", "button"); err != nil {
		fmt.Println(err)
	}
	fmt.Println(on, cl.String())
	// Output:
	// [btn btn-primary] true
	// true button active disabled
}
