package userevent_test

import (
	"errors"
	"fmt"

	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// logEvents prints the type and target id of every event of the given
// types that reaches the window.
func logEvents(doc *vdom.Document, types ...string) {
	for _, typ := range types {
		doc.Window().AddEventListenerWith(typ, vdom.NewListener(func(e *vdom.Event) {
			id := ""
			if n, ok := e.Target().(*vdom.Node); ok {
				id = n.ID()
				if id == "" {
					id = n.LocalName()
				}
			}
			fmt.Println(e.Type(), id)
		}), vdom.ListenerOptions{Capture: true})
	}
}

func ExampleUser_Click() {
	doc := vdom.ParseString(`<label><input type=checkbox id=terms> I agree</label>`)
	logEvents(doc, "pointerdown", "mousedown", "focus", "pointerup", "mouseup", "click", "input", "change")
	terms := doc.GetElementByID("terms")

	u := userevent.New(doc)
	if err := u.Click(terms); err != nil {
		fmt.Println(err)
	}
	fmt.Println("checked:", terms.Checked())
	// Output:
	// pointerdown terms
	// mousedown terms
	// focus terms
	// pointerup terms
	// mouseup terms
	// click terms
	// input terms
	// change terms
	// checked: true
}

func ExampleUser_DblClick() {
	doc := vdom.ParseString(`<p id=word>double</p>`)
	doc.GetElementByID("word").AddEventListener("dblclick", vdom.NewListener(func(e *vdom.Event) {
		m, _ := e.AsMouse()
		fmt.Println("dblclick, detail", m.Detail)
	}))
	if err := userevent.New(doc).DblClick(doc.GetElementByID("word")); err != nil {
		fmt.Println(err)
	}
	// Output:
	// dblclick, detail 2
}

func ExampleUser_Hover() {
	doc := vdom.ParseString(`<button id=help>?</button><div id=tip hidden>Help text</div>`)
	help, tip := doc.GetElementByID("help"), doc.GetElementByID("tip")
	// The page shows its tooltip while the pointer is over the button.
	show := func(on bool) vdom.Listener {
		return vdom.NewListener(func(*vdom.Event) {
			if err := tip.SetHidden(!on); err != nil {
				fmt.Println(err)
			}
		})
	}
	help.AddEventListener("mouseenter", show(true))
	help.AddEventListener("mouseleave", show(false))

	u := userevent.New(doc)
	if err := u.Hover(help); err != nil {
		fmt.Println(err)
	}
	fmt.Println("tooltip shown:", !tip.Hidden())
	if err := u.Unhover(help); err != nil {
		fmt.Println(err)
	}
	fmt.Println("tooltip shown:", !tip.Hidden())
	// Output:
	// tooltip shown: true
	// tooltip shown: false
}

func ExampleUser_Unhover() {
	doc := vdom.ParseString(`<div id=menu><a id=item href="#">Item</a></div>`)
	logEvents(doc, "mouseout", "mouseover")
	u := userevent.New(doc)
	if err := u.Hover(doc.GetElementByID("item")); err != nil {
		fmt.Println(err)
	}
	// Off the item to an empty area of the page: the html element.
	if err := u.Unhover(doc.GetElementByID("item")); err != nil {
		fmt.Println(err)
	}
	// Output:
	// mouseover item
	// mouseout item
	// mouseover html
}

func ExampleUser_SelectOptions() {
	doc := vdom.ParseString(`
		<select id=size><option value=s>Small</option><option value=m>Medium</option><option value=l>Large</option></select>
		<select id=toppings multiple><option>Cheese</option><option>Olives</option><option>Basil</option></select>`)
	size, toppings := doc.GetElementByID("size"), doc.GetElementByID("toppings")
	size.AddEventListener("change", vdom.NewListener(func(*vdom.Event) { fmt.Println("size changed to", size.Value()) }))

	u := userevent.New(doc)
	// By label or by value.
	if err := u.SelectOptions(size, "Large"); err != nil {
		fmt.Println(err)
	}
	if err := u.SelectOptions(toppings, "Cheese", "Basil"); err != nil {
		fmt.Println(err)
	}
	for _, o := range toppings.SelectedOptions() {
		fmt.Println("topping:", o.Text())
	}
	// A value no option has is an error that lists the options.
	fmt.Println(u.SelectOptions(size, "XL"))
	// Output:
	// size changed to l
	// topping: Cheese
	// topping: Basil
	// userevent: select options #size: no option has the value or label "XL"; the options are "s" ("Small"), "m" ("Medium"), "l" ("Large")
}

func ExampleUser_DeselectOptions() {
	doc := vdom.ParseString(`<select id=days multiple>
		<option selected>Mon</option><option selected>Tue</option><option>Wed</option></select>`)
	days := doc.GetElementByID("days")
	if err := userevent.New(doc).DeselectOptions(days, "Mon"); err != nil {
		fmt.Println(err)
	}
	for _, o := range days.SelectedOptions() {
		fmt.Println("still selected:", o.Text())
	}
	// Output:
	// still selected: Tue
}

func ExampleUser_Upload() {
	doc := vdom.ParseString(`<form method=post enctype=multipart/form-data>
		<input type=file id=avatar name=avatar accept="image/*"></form>`)
	avatar := doc.GetElementByID("avatar")
	avatar.AddEventListener("change", vdom.NewListener(func(*vdom.Event) { fmt.Println("change:", avatar.Value()) }))

	u := userevent.New(doc)
	png := vdom.File{Name: "me.png", Type: "image/png", Content: []byte("\x89PNG...")}
	if err := u.Upload(avatar, png); err != nil {
		fmt.Println(err)
	}
	fmt.Println(avatar.Files()[0].Name, avatar.Files()[0].Type)

	// The chooser offers only what accept allows.
	err := u.Upload(avatar, vdom.File{Name: "cv.pdf", Type: "application/pdf"})
	fmt.Println(err)
	// Output:
	// change: C:\fakepath\me.png
	// me.png image/png
	// userevent: upload #avatar: file "cv.pdf" (type "application/pdf") does not match accept="image/*"
}

// A page may stop what a user's click would open: Upload then says so.
func ExampleErrPrevented() {
	doc := vdom.ParseString(`<input type=file id=f>`)
	f := doc.GetElementByID("f")
	f.AddEventListener("click", vdom.NewListener(func(e *vdom.Event) { e.PreventDefault() }))
	err := userevent.New(doc).Upload(f, vdom.File{Name: "a.txt"})
	fmt.Println(errors.Is(err, userevent.ErrPrevented))
	fmt.Println(err)
	// Output:
	// true
	// userevent: upload #f: the file chooser did not open: the page prevented the default action
}

func ExampleUser_ClickWith() {
	doc := vdom.ParseString(`<ul id=menu><li id=item>Rename</li></ul>`)
	logEvents(doc, "mousedown", "contextmenu", "mouseup", "auxclick", "click")
	item := doc.GetElementByID("item")
	item.AddEventListener("contextmenu", vdom.NewListener(func(e *vdom.Event) {
		e.PreventDefault() // the page shows its own menu
	}))

	if err := userevent.New(doc).ClickWith(item, userevent.PointerOptions{Button: userevent.ButtonSecondary}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// mousedown item
	// contextmenu item
	// mouseup item
	// auxclick item
}

func ExampleUser_PointerDown() {
	doc := vdom.ParseString(`<div id=list><p id=first>one</p><p id=second>two</p></div>`)
	logEvents(doc, "mousedown", "mouseup", "click")
	u := userevent.New(doc)

	// Pressed on one element and released on another: the click goes to
	// the element that contains both.
	if err := u.PointerDown(doc.GetElementByID("first")); err != nil {
		fmt.Println(err)
	}
	if err := u.PointerUp(doc.GetElementByID("second")); err != nil {
		fmt.Println(err)
	}
	// Output:
	// mousedown first
	// mouseup second
	// click list
}

func ExampleUser_Keyboard_heldForTheMouse() {
	doc := vdom.ParseString(`<select id=fruit multiple size=4>
		<option>Apple<option>Banana<option>Cherry<option>Date</select>`)
	fruit := doc.GetElementByID("fruit")
	u := userevent.New(doc)

	// A click chooses an option alone; with Shift held on the keyboard, a
	// second click selects the range between them.
	if err := u.SelectOptions(fruit, "Banana"); err != nil {
		fmt.Println(err)
	}
	if err := u.Keyboard("{Shift>}"); err != nil {
		fmt.Println(err)
	}
	if err := u.Click(fruit.Options()[3]); err != nil {
		fmt.Println(err)
	}
	if err := u.Keyboard("{/Shift}"); err != nil {
		fmt.Println(err)
	}
	for _, o := range fruit.SelectedOptions() {
		fmt.Println(o.Value())
	}
	// Output:
	// Banana
	// Cherry
	// Date
}

// A click on what a user cannot reach is refused, naming the element and
// the rule that causes it: here Bootstrap's rule for a disabled link
// button, then a class a handler added.
func ExampleErrPointerEventsNone() {
	doc := vdom.ParseString(`<style>
		.btn.disabled { pointer-events: none; opacity: .65 }
		.d-none { display: none !important }
	</style>
	<a id="delete" class="btn disabled" href="/delete">Delete</a>
	<button id="once" class="btn">Once</button>`)
	u := userevent.New(doc)

	err := u.Click(doc.GetElementByID("delete"))
	fmt.Println(err)
	fmt.Println(errors.Is(err, userevent.ErrPointerEventsNone))

	once := doc.GetElementByID("once")
	once.AddEventListener("click", vdom.NewListener(func(*vdom.Event) { _ = once.ClassList().Add("d-none") }))
	fmt.Println(u.Click(once))
	err = u.Click(once)
	fmt.Println(err)
	fmt.Println(errors.Is(err, userevent.ErrHidden))
	// Output:
	// userevent: click #delete: element has pointer-events: none (it has pointer-events: none from `.btn.disabled` in <style> #1, line 2); Chromium's hit test passes over it, so the pointer there reaches what is under it, such as its nearest ancestor that takes pointer input, body (SkipChecks fires the events anyway)
	// true
	// <nil>
	// userevent: click #once: element is hidden: it has display: none !important from `.d-none` in <style> #1, line 3 (SkipChecks fires the events anyway)
	// true
}
