package vdom_test

import (
	"errors"
	"fmt"

	"github.com/eventperk/eventperk-go/vdom"
)

// Append, Before and ReplaceWith take nodes and strings: a vdom.Text
// becomes a new text node.
func ExampleNode_Append() {
	doc := vdom.ParseString(`<ul id="list"><li id="b">b</li></ul>`)
	list := doc.GetElementByID("list")
	c, _ := doc.CreateElement("li")
	c.SetTextContent("c")
	if err := list.Append(c, vdom.Text("!")); err != nil {
		fmt.Println(err)
	}
	a, _ := doc.CreateElement("li")
	a.SetTextContent("a")
	if err := doc.GetElementByID("b").Before(a); err != nil {
		fmt.Println(err)
	}
	if err := list.LastChild().ReplaceWith(vdom.Text(" "), vdom.Text("end")); err != nil {
		fmt.Println(err)
	}
	fmt.Println(list.OuterHTML())

	// An impossible insertion is an error and changes nothing.
	err := c.Append(list)
	fmt.Println(errors.Is(err, vdom.ErrHierarchyRequest))
	// Output:
	// <ul id="list"><li>a</li><li id="b">b</li><li>c</li> end</ul>
	// true
}

func ExampleNode_InsertAdjacentHTML() {
	doc := vdom.ParseString(`<table><tr id="row"><td>1</td></tr></table>`)
	row := doc.GetElementByID("row")
	// The element is the parsing context: <td> stays a cell.
	if err := row.InsertAdjacentHTML(vdom.BeforeEnd, `<td>2</td>`); err != nil {
		fmt.Println(err)
	}
	fmt.Println(row.OuterHTML())

	err := row.InsertAdjacentHTML("inside", `<td>3</td>`)
	fmt.Println(errors.Is(err, vdom.ErrSyntax))
	err = doc.DocumentElement().InsertAdjacentHTML(vdom.AfterEnd, `<p>`)
	fmt.Println(errors.Is(err, vdom.ErrNoModificationAllowed))
	// Output:
	// <tr id="row"><td>1</td><td>2</td></tr>
	// true
	// true
}

func ExampleNode_Dataset() {
	doc := vdom.ParseString(`<div id="card" data-user-id="42" data-x="y"></div>`)
	ds := doc.GetElementByID("card").Dataset()
	id, _ := ds.Get("userId")
	fmt.Println(id)
	if err := ds.Set("lastSeen", "today"); err != nil {
		fmt.Println(err)
	}
	ds.Delete("x")
	for name, value := range ds.All() {
		fmt.Println(name, "=", value)
	}
	fmt.Println(doc.GetElementByID("card").OuterHTML())
	// A "-" before a lower-case letter has no attribute name.
	fmt.Println(errors.Is(ds.Set("last-seen", ""), vdom.ErrSyntax))
	// Output:
	// 42
	// userId = 42
	// lastSeen = today
	// <div id="card" data-user-id="42" data-last-seen="today"></div>
	// true
}

func ExampleNode_CompareDocumentPosition() {
	doc := vdom.ParseString(`<div id="a"><p id="a1"></p></div><div id="b"></div>`)
	a, a1, b := doc.GetElementByID("a"), doc.GetElementByID("a1"), doc.GetElementByID("b")
	fmt.Println(a1.CompareDocumentPosition(b)&vdom.DocumentPositionFollowing != 0)
	fmt.Println(b.CompareDocumentPosition(a1)&vdom.DocumentPositionPreceding != 0)
	fmt.Println(a1.CompareDocumentPosition(a) == vdom.DocumentPositionContains|vdom.DocumentPositionPreceding)
	fmt.Println(a.CompareDocumentPosition(a1) == vdom.DocumentPositionContainedBy|vdom.DocumentPositionFollowing)
	detached, _ := doc.CreateElement("p")
	fmt.Println(a.CompareDocumentPosition(detached)&vdom.DocumentPositionDisconnected != 0)
	// Output:
	// true
	// true
	// true
	// true
	// true
}
