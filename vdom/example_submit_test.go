package vdom_test

import (
	"fmt"

	"github.com/eventperk/eventperk-go/vdom"
)

// A click on a checkbox toggles it before the click's listeners run, then
// fires input and change; a listener that cancels the click puts it back.
func ExampleNode_Click_checkbox() {
	doc := vdom.ParseString(`<label><input type=checkbox id=agree> I agree</label>`)
	box := doc.GetElementByID("agree")
	for _, typ := range []string{"click", "input", "change"} {
		box.AddEventListener(typ, vdom.NewListener(func(e *vdom.Event) {
			fmt.Printf("%s: checked=%v\n", e.Type(), box.Checked())
		}))
	}
	if err := box.Click(); err != nil {
		fmt.Println(err)
	}
	fmt.Println("after:", box.Checked())
	// Output:
	// click: checked=true
	// input: checked=true
	// change: checked=true
	// after: true
}

// A click on a submit button submits its form: the submit event, then the
// request a browser would send, which the Window records.
func ExampleWindow_Navigations() {
	doc := vdom.ParseString(`
		<form action="/search" method="get">
			<input name="q" value="go dom">
			<input type="checkbox" name="exact" checked>
			<button id="go" name="page" value="1">Search</button>
		</form>`, vdom.WithURL("https://example.com/home"))
	if err := doc.GetElementByID("go").Click(); err != nil {
		fmt.Println(err)
	}
	for _, r := range doc.Window().Navigations() {
		fmt.Println(r.Method, r.URL)
	}
	// Output:
	// GET https://example.com/search?q=go+dom&exact=on&page=1
}

// A POST submission carries its encoded entry list in the body.
func ExampleNode_RequestSubmit() {
	doc := vdom.ParseString(`
		<form id="f" action="save" method="post">
			<input name="title" value="Hello, world">
			<textarea name="body">line 1
line 2</textarea>
		</form>`, vdom.WithURL("https://example.com/posts/new"))
	form := doc.GetElementByID("f")
	form.AddEventListener("submit", vdom.NewListener(func(e *vdom.Event) {
		fmt.Println("submit, cancelable:", e.Cancelable())
	}))
	if err := form.RequestSubmit(nil); err != nil {
		fmt.Println(err)
	}
	r := doc.Window().Navigations()[0]
	fmt.Println(r.Method, r.URL)
	fmt.Println(r.Header.Get("Content-Type"))
	fmt.Println(string(r.Body))
	// Output:
	// submit, cancelable: true
	// POST https://example.com/posts/save
	// application/x-www-form-urlencoded
	// title=Hello%2C+world&body=line+1%0D%0Aline+2
}

// A POST submission's request names its body's encoding in the
// Content-Type field of its Header. Header has the methods of net/http's
// Header and its underlying type, so http.Header(req.Header) converts it
// for a program that works with net/http.
func ExampleHeader() {
	doc := vdom.ParseString(`
		<form id="f" action="upload" method="post" enctype="text/plain">
			<input name="note" value="hi">
		</form>`, vdom.WithURL("https://example.com/"))
	if err := doc.GetElementByID("f").RequestSubmit(nil); err != nil {
		fmt.Println(err)
	}
	req := doc.Window().Navigations()[0]
	fmt.Println(req.Method, req.URL)
	fmt.Println(req.Header.Get("content-type"))
	fmt.Printf("%q\n", req.Body)
	// Output:
	// POST https://example.com/upload
	// text/plain
	// "note=hi\r\n"
}
