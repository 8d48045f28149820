package a11y_test

import (
	"fmt"
	"strings"

	"github.com/eventperk/eventperk-go/a11y"
	"github.com/eventperk/eventperk-go/vdom"
)

func ExampleRole() {
	doc := vdom.ParseString(`
		<nav><a id=home href="/">Home</a></nav>
		<div id=save role="button">Save</div>
		<div id=fallback role="toggle button">Toggle</div>
		<button id=pres role="presentation">Still a button</button>
		<header id=top>Shop</header>
		<article><header id=inner>Post</header></article>`)
	for _, id := range []string{"home", "save", "fallback", "pres", "top", "inner"} {
		fmt.Printf("%s: %s\n", id, a11y.Role(doc.GetElementByID(id)))
	}
	// Output:
	// home: link
	// save: button
	// fallback: button
	// pres: button
	// top: banner
	// inner: sectionheader
}

func ExampleImplicitRole() {
	doc := vdom.ParseString(`
		<div id=tab role="tab">x</div>
		<select id=one><option>a</option></select>
		<select id=many multiple><option>a</option></select>
		<input id=search type=search>
		<img id=deco src="line.png" alt="">`)
	for _, id := range []string{"tab", "one", "many", "search", "deco"} {
		fmt.Printf("%s: %q\n", id, a11y.ImplicitRole(doc.GetElementByID(id)))
	}
	// Output:
	// tab: "generic"
	// one: "combobox"
	// many: "listbox"
	// search: "searchbox"
	// deco: "none"
}

func ExampleCanonicalRole() {
	for _, r := range []string{"Button", "presentation", "image", "widget", "bogus"} {
		name, ok := a11y.CanonicalRole(r)
		fmt.Printf("%s: %q %v\n", r, name, ok)
	}
	// Output:
	// Button: "button" true
	// presentation: "none" true
	// image: "img" true
	// widget: "" false
	// bogus: "" false
}

func ExampleName() {
	doc := vdom.ParseString(`
		<label for=email>Email address</label><input id=email>
		<label>Remember me <input id=remember type=checkbox></label>
		<button id=close aria-label="Close dialog">×</button>
		<a id=more href="/more">Read <b>more</b> <span hidden>(hidden)</span></a>
		<span id=qty-label>Quantity</span><input id=qty type=number aria-labelledby=qty-label>
		<label for=rows>Show <select id=rows-select><option selected>20</option></select> rows</label><input id=rows type=checkbox>
		<input id=send type=submit>`)
	for _, id := range []string{"email", "remember", "close", "more", "qty", "rows", "send"} {
		fmt.Printf("%s: %q\n", id, a11y.Name(doc.GetElementByID(id)))
	}
	// Output:
	// email: "Email address"
	// remember: "Remember me"
	// close: "Close dialog"
	// more: "Read more"
	// qty: "Quantity"
	// rows: "Show 20 rows"
	// send: "Submit"
}

func ExampleDescription() {
	doc := vdom.ParseString(`
		<input id=pw type=password aria-describedby=rule>
		<p id=rule>At least <b>12</b> characters.</p>
		<button id=del title="Deletes the draft">Delete</button>`)
	fmt.Printf("%q\n", a11y.Description(doc.GetElementByID("pw")))
	fmt.Printf("%q\n", a11y.Description(doc.GetElementByID("del")))
	// Output:
	// "At least 12 characters."
	// "Deletes the draft"
}

func ExampleIsHidden() {
	doc := vdom.ParseString(`
		<button id=shown>Shown</button>
		<div hidden><button id=attr>Hidden</button></div>
		<div aria-hidden="true"><button id=aria>Hidden from AT</button></div>
		<p style="display: none"><span id=styled>Not displayed</span></p>
		<details><summary id=summary>More</summary><p id=content>Closed</p></details>
		<select><option id=option>Part of the select</option></select>`)
	for _, id := range []string{"shown", "attr", "aria", "styled", "summary", "content", "option"} {
		fmt.Printf("%s: %v\n", id, a11y.IsHidden(doc.GetElementByID(id)))
	}
	// Output:
	// shown: false
	// attr: true
	// aria: true
	// styled: true
	// summary: false
	// content: true
	// option: false
}

func ExampleStates() {
	doc := vdom.ParseString(`
		<input id=agree type=checkbox checked>
		<div id=all role="checkbox" aria-checked="mixed">All</div>
		<button id=bold aria-pressed="true">Bold</button>
		<details open><summary id=faq>FAQ</summary>...</details>
		<a id=here href="/" aria-current="page">Home</a>
		<fieldset disabled><input id=locked></fieldset>
		<h3 id=title>Title</h3>`)
	for _, id := range []string{"agree", "all", "bold", "faq", "here", "locked", "title"} {
		s := a11y.States(doc.GetElementByID(id))
		fmt.Printf("%s: checked %v, pressed %v, expanded %v, current %q, disabled %v, level %d\n",
			id, s.Checked, s.Pressed, s.Expanded, s.Current, s.Disabled, s.Level)
	}
	// Output:
	// agree: checked true, pressed undefined, expanded undefined, current "", disabled false, level 0
	// all: checked mixed, pressed undefined, expanded undefined, current "", disabled false, level 0
	// bold: checked undefined, pressed true, expanded undefined, current "", disabled false, level 0
	// faq: checked undefined, pressed undefined, expanded true, current "", disabled false, level 0
	// here: checked undefined, pressed undefined, expanded undefined, current "page", disabled false, level 0
	// locked: checked undefined, pressed undefined, expanded undefined, current "", disabled true, level 0
	// title: checked undefined, pressed undefined, expanded undefined, current "", disabled false, level 3
}

func ExampleStates_form() {
	doc := vdom.ParseString(`
		<input id=email type=email value="not an address" required>
		<input id=code readonly value="X-1">
		<input id=volume type=range min=0 max=10 value=7>
		<div id=results aria-busy="true"></div>
		<button id=menu aria-haspopup="true">Menu</button>`)
	for _, id := range []string{"email", "code", "volume", "results", "menu"} {
		s := a11y.States(doc.GetElementByID(id))
		fmt.Printf("%s: required %v, invalid %v, read-only %v, busy %v, popup %q, focusable %v",
			id, s.Required, s.Invalid, s.ReadOnly, s.Busy, s.HasPopup, s.Focusable)
		if s.Value != nil {
			fmt.Printf(", value %v of %v to %v", s.Value.Now, s.Value.Min, s.Value.Max)
		}
		fmt.Println()
	}
	// Output:
	// email: required true, invalid true, read-only false, busy false, popup "", focusable true
	// code: required false, invalid false, read-only true, busy false, popup "", focusable true
	// volume: required false, invalid false, read-only false, busy false, popup "", focusable true, value 7 of 0 to 10
	// results: required false, invalid false, read-only false, busy true, popup "", focusable false
	// menu: required false, invalid false, read-only false, busy false, popup "menu", focusable true
}

func ExampleTristate_String() {
	s := a11y.States(vdom.ParseString(`<input id=cb type=checkbox>`).GetElementByID("cb"))
	fmt.Println(s.Checked, s.Pressed)
	// Output:
	// false undefined
}

func ExampleHiddenChecker() {
	doc := vdom.ParseString(`
		<div style="visibility: hidden">
			<p id=quiet>not shown</p>
			<p id=loud style="visibility: visible">shown again</p>
		</div>
		<details><summary id=sum>More</summary><p id=more>inside</p></details>`)
	// One checker for one walk over a tree that does not change.
	var hidden a11y.HiddenChecker
	for _, id := range []string{"quiet", "loud", "sum", "more"} {
		fmt.Printf("%s: %v\n", id, hidden.IsHidden(doc.GetElementByID(id)))
	}
	// Output:
	// quiet: true
	// loud: false
	// sum: false
	// more: true
}

func ExampleCache() {
	doc := vdom.ParseString(`
		<div role=button>Home
			<div role=button>News
				<div role=button>Archive</div>
			</div>
		</div>`)
	// One cache for the questions about many elements of one page: each
	// button's name is read from its content, which holds the buttons
	// inside it, and the cache computes each part once.
	var c a11y.Cache
	for el := range doc.Descendants() {
		if el.IsElement() && c.Role(el) == "button" {
			fmt.Printf("%q\n", c.Name(el))
		}
	}
	// Output:
	// "Home News Archive"
	// "News Archive"
	// "Archive"
}

func ExampleMaxNameBytes() {
	doc := vdom.ParseString(`<p id=t>` + strings.Repeat("long text ", 2000) + `</p>
		<button id=b aria-labelledby="t t t">Save</button>`)
	// Each reference gives its text, and the name stops at the bound, as
	// the name Chromium hands to a screen reader does.
	name := a11y.Name(doc.GetElementByID("b"))
	fmt.Println(len(name) <= a11y.MaxNameBytes, name[:19])
	// Output:
	// true long text long text
}
