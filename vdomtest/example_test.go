package vdomtest_test

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/eventperk/eventperk-go/vdomtest"
)

const signupPage = `<form id="signup" action="/signup" method="post">
  <h2>Newsletter</h2>
  <label for="email">Email</label> <input id="email" name="email" type="email">
  <label><input type="checkbox" name="weekly" value="yes"> Weekly digest</label>
  <label for="topic">Topic</label>
  <select id="topic" name="topic"><option value="go">Go</option><option value="web">Web</option></select>
  <button class="btn primary">Subscribe</button>
  <p role="status" id="status"></p>
</form>`

// A test reads as a user's steps: find by role or label, act, assert.
func Example() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, signupPage)
		s.Click(s.GetByRole("checkbox", query.Name("Weekly digest")))
		s.SelectOptions(s.GetByLabelText("Topic"), "Web")
		s.ExpectFormValues(s.GetByRole("form"), url.Values{"email": {""}, "weekly": {"yes"}, "topic": {"web"}})
		fmt.Println("passed")
	})
	// Output:
	// passed
}

// A failing query fails the test with what it looked for and what is there.
func Example_failure() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, signupPage)
		s.Click(s.GetByRole("button", query.Name("Unsubscribe")))
	})
	// Output:
	// FAIL: query: no element found: role "button" with name "Unsubscribe"
}

func ExampleNew() {
	test(func(t testing.TB) {
		doc := vdom.ParseString(signupPage)
		s := vdomtest.New(t, doc, vdomtest.Timeout(2*time.Second))
		show(s.GetByRole("heading"))
	})
	// Output:
	// h2 Newsletter
}

func ExampleRender() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<h1>Welcome</h1>`)
		show(s.GetByRole("heading", query.Level(1)))
	})
	// Output:
	// h1 Welcome
}

func ExampleParse() {
	test(func(t testing.TB) {
		clock := vdom.NewFakeClock(time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC))
		doc := vdomtest.Parse(t, signupPage, vdom.WithClock(clock))
		fmt.Println(doc.Title() == "", doc.Clock() == vdom.Clock(clock))
	})
	// Output:
	// true true
}

func ExampleScreen_Within() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<nav><a href="/">Home</a></nav><footer><a href="/about">About</a><a href="/">Home</a></footer>`)
		footer := s.Within(s.GetByRole("contentinfo"))
		show(footer.AllByRole("link")...)
	})
	// Output:
	// a About
	// a Home
}

func ExampleScreen_WithUser() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<button disabled>Pay</button>`)
		// A User with SkipChecks clicks what a user could not.
		forced := s.WithUser(userevent.New(s.Document(), userevent.SkipChecks()))
		pay := s.GetByRole("button")
		for _, typ := range []string{"pointerdown", "mousedown", "click"} {
			pay.AddEventListener(typ, vdom.NewListener(func(e *vdom.Event) { fmt.Println(e.Type()) }))
		}
		// Chromium fires pointer events at a disabled button, and no mouse
		// events or click.
		forced.Click(pay)
		fmt.Println("no error")
	})
	// Output:
	// pointerdown
	// no error
}

func ExampleScreen_T() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, signupPage)
		fmt.Println(s.T() == t)
	})
	// Output:
	// true
}

func ExampleScreen_Document() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, signupPage)
		show(s.Document().GetElementByID("status"))
	})
	// Output:
	// p#status
}

func ExampleScreen_Root() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, signupPage)
		form := s.GetByRole("form")
		fmt.Println(s.Root() == &s.Document().Node, s.Within(form).Root() == form)
	})
	// Output:
	// true true
}

// The User, for an action whose error the test looks at.
func ExampleScreen_User() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<button disabled>Pay</button>`)
		err := s.User().Click(s.GetByRole("button"))
		fmt.Println(errors.Is(err, userevent.ErrDisabled))
	})
	// Output:
	// true
}

func ExampleScreen_Get() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, signupPage)
		show(s.Get(query.ByRole("button", query.Name("subscr", query.Substring))))
	})
	// Output:
	// button Subscribe
}

func ExampleScreen_Query() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, signupPage)
		show(s.Query(query.ByRole("alert")))
	})
	// Output:
	// (none)
}

func ExampleScreen_All() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, signupPage)
		show(s.All(query.ByRole("option"))...)
	})
	// Output:
	// option Go
	// option Web
}

func ExampleScreen_QueryAll() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, signupPage)
		fmt.Println(len(s.QueryAll(query.ByRole("radio"))))
	})
	// Output:
	// 0
}

// A toast that a timer shows: Find waits for it, moving fake time.
func ExampleScreen_Find() {
	test(func(t testing.TB) {
		clock := vdom.NewFakeClock(time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC))
		s := vdomtest.New(t, vdomtest.Parse(t, `<main></main>`, vdom.WithClock(clock)))
		doc := s.Document()
		doc.SetTimeout(2*time.Second, func() {
			doc.Body().InsertAdjacentHTML("beforeend", `<div role="alert">Saved</div>`)
		})
		show(s.Find(query.ByRole("alert")))
		fmt.Println(clock.Now().Format("15:04:05"))
	})
	// Output:
	// div Saved
	// 09:00:02
}

func ExampleScreen_FindAll() {
	test(func(t testing.TB) {
		clock := vdom.NewFakeClock(time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC))
		s := vdomtest.New(t, vdomtest.Parse(t, `<ul></ul>`, vdom.WithClock(clock)))
		doc := s.Document()
		doc.SetTimeout(time.Second, func() {
			doc.Body().FirstElementChild().SetInnerHTML(`<li>One</li><li>Two</li>`)
		})
		show(s.FindAll(query.ByRole("listitem"))...)
	})
	// Output:
	// li One
	// li Two
}

func ExampleScreen_FindByRole() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<div id="app"></div>`)
		doc := s.Document()
		// Work in the background comes back to the page through Post.
		go doc.Post(func() { doc.GetElementByID("app").SetInnerHTML(`<h1>Loaded</h1>`) })
		show(s.FindByRole("heading", query.Name("Loaded")))
	})
	// Output:
	// h1 Loaded
}

func ExampleScreen_FindByText() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<p id="p">Loading</p>`)
		doc := s.Document()
		doc.SetTimeout(20*time.Millisecond, func() { doc.GetElementByID("p").SetTextContent("Ready") })
		show(s.FindByText("Ready"))
	})
	// Output:
	// p#p Ready
}

func ExampleScreen_Click() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, signupPage)
		weekly := s.GetByRole("checkbox", query.Name("Weekly digest"))
		s.Click(weekly)
		s.ExpectChecked(weekly, true)
		s.Click(weekly)
		s.ExpectChecked(weekly, false)
		fmt.Println("passed")
	})
	// Output:
	// passed
}

func ExampleScreen_DblClick() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<p>Double-click to edit</p>`)
		p := s.GetByText("Double-click to edit")
		p.AddEventListener("dblclick", vdom.NewListener(func(*vdom.Event) { p.SetTextContent("Editing") }))
		s.DblClick(p)
		s.ExpectText(p, "Editing")
		fmt.Println("passed")
	})
	// Output:
	// passed
}

func ExampleScreen_Hover() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<button aria-describedby="tip">?</button><div id="tip" role="tooltip" hidden>Help</div>`)
		btn, tip := s.GetByRole("button"), s.Document().GetElementByID("tip")
		btn.AddEventListener("mouseenter", vdom.NewListener(func(*vdom.Event) { tip.SetHidden(false) }))
		btn.AddEventListener("mouseleave", vdom.NewListener(func(*vdom.Event) { tip.SetHidden(true) }))
		s.Hover(btn)
		s.ExpectVisible(tip)
		s.Unhover(btn)
		s.ExpectHidden(tip)
		fmt.Println("passed")
	})
	// Output:
	// passed
}

func ExampleScreen_Unhover() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<div>Menu</div>`)
		menu := s.GetByText("Menu")
		menu.AddEventListener("mouseleave", vdom.NewListener(func(*vdom.Event) { fmt.Println("closed") }))
		s.Hover(menu)
		s.Unhover(menu)
	})
	// Output:
	// closed
}

func ExampleScreen_SelectOptions() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, signupPage)
		topic := s.GetByRole("combobox", query.Name("Topic"))
		s.SelectOptions(topic, "Web") // by label, or by value: "web"
		s.ExpectValue(topic, "web")
		fmt.Println("passed")
	})
	// Output:
	// passed
}

func ExampleScreen_DeselectOptions() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<select multiple aria-label="Tags"><option selected>go</option><option selected>web</option></select>`)
		tags := s.GetByRole("listbox", query.Name("Tags"))
		s.DeselectOptions(tags, "go")
		s.ExpectSelected(tags, "web")
		fmt.Println("passed")
	})
	// Output:
	// passed
}

func ExampleScreen_Upload() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<form><label>CV <input type="file" name="cv"></label></form>`)
		cv := s.GetByLabelText("CV")
		s.Upload(cv, vdom.File{Name: "cv.pdf", Type: "application/pdf", Content: []byte("%PDF")})
		s.ExpectFormValues(cv, url.Values{"cv": {"cv.pdf"}})
		fmt.Println("passed")
	})
	// Output:
	// passed
}

func ExampleScreen_ExpectText() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<p id="total">Total:
		   <b>12.50</b> EUR</p>`)
		s.ExpectText(s.GetByText("Total:", query.Substring), "Total: 12.50 EUR")
		s.ExpectText(s.GetByText("Total:", query.Substring), "Total: 13.00 EUR")
	})
	// Output:
	// FAIL: vdomtest: ExpectText(#total): text mismatch (-want +got):
}

func ExampleScreen_ExpectTextContains() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<p role="status">3 items in your basket</p>`)
		s.ExpectTextContains(s.GetByRole("status"), "3 items")
		fmt.Println("passed")
	})
	// Output:
	// passed
}

func ExampleNormalizeSpace() {
	fmt.Printf("%q\n", vdomtest.NormalizeSpace("  Total:\n\t 12.50  EUR "))
	// Output:
	// "Total: 12.50 EUR"
}

func ExampleScreen_ExpectValue() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<label>Qty <input value="1"></label>`)
		s.ExpectValue(s.GetByLabelText("Qty"), "2")
	})
	// Output:
	// FAIL: vdomtest: ExpectValue(body > label > input): value mismatch (-want +got):
}

func ExampleScreen_ExpectSelected() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<select multiple aria-label="Days"><option selected>Mon</option><option>Tue</option><option selected>Wed</option></select>`)
		s.ExpectSelected(s.GetByRole("listbox"), "Mon", "Wed")
		fmt.Println("passed")
	})
	// Output:
	// passed
}

func ExampleScreen_ExpectChecked() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<label><input type="checkbox" checked> Remember me</label><div role="switch" aria-checked="false">Dark mode</div>`)
		s.ExpectChecked(s.GetByRole("checkbox"), true)
		s.ExpectChecked(s.GetByRole("switch"), false)
		fmt.Println("passed")
	})
	// Output:
	// passed
}

func ExampleScreen_ExpectDisabled() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<fieldset disabled><legend>Card</legend><input aria-label="Number"></fieldset>`)
		s.ExpectDisabled(s.GetByLabelText("Number"), true)
		fmt.Println("passed")
	})
	// Output:
	// passed
}

func ExampleScreen_ExpectFocused() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<input aria-label="Search"><button>Go</button>`)
		s.Click(s.GetByRole("button"))
		s.ExpectFocused(s.GetByLabelText("Search"))
	})
	// Output:
	// FAIL: vdomtest: ExpectFocused(body > input): the focus is on body > button
}

func ExampleScreen_ExpectAttribute() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<button aria-expanded="false" aria-controls="menu">Menu</button><ul id="menu" hidden></ul>`)
		btn := s.GetByRole("button")
		btn.AddEventListener("click", vdom.NewListener(func(*vdom.Event) { btn.SetAttribute("aria-expanded", "true") }))
		s.Click(btn)
		s.ExpectAttribute(btn, "aria-expanded", "true")
		fmt.Println("passed")
	})
	// Output:
	// passed
}

func ExampleScreen_ExpectNoAttribute() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<button>Save</button>`)
		s.ExpectNoAttribute(s.GetByRole("button"), "disabled")
		fmt.Println("passed")
	})
	// Output:
	// passed
}

func ExampleScreen_ExpectClass() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, signupPage)
		s.ExpectClass(s.GetByRole("button"), "btn", "primary")
		s.ExpectClass(s.GetByRole("button"), "btn", "large")
	})
	// Output:
	// FAIL: vdomtest: ExpectClass(#signup > button.btn): missing ["large"]; class="btn primary"
}

func ExampleScreen_ExpectNoClass() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<li class="todo">Milk</li>`)
		s.ExpectNoClass(s.GetByRole("listitem"), "done")
		fmt.Println("passed")
	})
	// Output:
	// passed
}

func ExampleScreen_ExpectFormValues() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, signupPage)
		s.Type(s.GetByLabelText("Email"), "ada@example.com")
		s.ExpectFormValues(s.GetByRole("form"), url.Values{"email": {"ada@example.com"}, "topic": {"web"}})
	})
	// Output:
	// FAIL: vdomtest: ExpectFormValues(#signup): form values mismatch (-want +got):
}

func ExampleScreen_ExpectFormEntries() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<form><input name="tag" value="a"><input name="tag" value="b"></form>`)
		s.ExpectFormEntries(s.GetByRole("form", query.IncludeHidden()), []vdom.FormDataEntry{
			{Name: "tag", Value: "a"}, {Name: "tag", Value: "b"},
		})
		fmt.Println("passed")
	})
	// Output:
	// passed
}

func ExampleScreen_FormEntries() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, signupPage)
		for _, e := range s.FormEntries(s.GetByRole("form")) {
			fmt.Printf("%s=%q\n", e.Name, e.Value)
		}
	})
	// Output:
	// email=""
	// topic="go"
}

func ExampleVisible() {
	doc := vdom.ParseString(`<p id="a">shown</p><p id="b" style="visibility: hidden">invisible</p><p id="c" aria-hidden="true">not for screen readers</p>`)
	for _, id := range []string{"a", "b", "c"} {
		fmt.Println(id, vdomtest.Visible(doc.GetElementByID(id)))
	}
	// Output:
	// a true
	// b false
	// c true
}

func ExampleScreen_ExpectVisible() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<details><summary>More</summary><p>Details</p></details>`)
		s.ExpectVisible(s.GetByText("More"))
		s.ExpectVisible(s.GetByText("Details"))
	})
	// Output:
	// FAIL: vdomtest: ExpectVisible(body > details > p): not visible: it is in the closed details body > details, which shows only its summary
}

// WhyHidden names the element and the rule that hide one, from the
// page's style sheets.
func ExampleWhyHidden() {
	doc := vdom.ParseString(`<style>
		.toast { opacity: 0 }
		.toast.show { opacity: 1 }
		[aria-busy=true] .results { visibility: hidden }
	</style>
	<div class="toast"><p id="saved">Saved</p></div>
	<section aria-busy="true"><ul id="results" class="results"><li id="first">One</li></ul></section>`)
	fmt.Println(vdomtest.WhyHidden(doc.GetElementByID("saved")))
	fmt.Println(vdomtest.WhyHidden(doc.GetElementByID("first")))
	section, _ := doc.QuerySelector("section")
	_ = section.SetAttribute("aria-busy", "false")
	fmt.Printf("%q\n", vdomtest.WhyHidden(doc.GetElementByID("first")))
	// Output:
	// its ancestor body > div.toast has opacity: 0 from `.toast` in <style> #1, line 2
	// its ancestor #results has visibility: hidden from `[aria-busy="true"] .results` in <style> #1, line 4
	// ""
}

// An element a handler removed is no longer in the document; a hidden one
// still is.
func ExampleScreen_ExpectInDocument() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<p id="tip" hidden>Tip</p><p id="toast">Saved</p>`)
		s.ExpectInDocument(s.Document().GetElementByID("tip"))
		toast := s.Document().GetElementByID("toast")
		toast.Remove()
		s.ExpectInDocument(toast)
	})
	// Output:
	// FAIL: vdomtest: ExpectInDocument(p): not in the document (removed, or never inserted)
}

// ExpectInDocument and ExpectNotInDocument are jest-dom's
// toBeInTheDocument and its negation: a QueryBy that finds nothing gives
// nil, which is not in the document.
func ExampleScreen_ExpectNotInDocument() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<p role="status">Loading…</p><button>Load</button>`)
		s.GetByRole("button").AddEventListener("click", vdom.NewListener(func(*vdom.Event) {
			s.GetByRole("status").Remove()
		}))
		status := s.GetByRole("status")
		s.ExpectInDocument(status)
		s.Click(s.GetByRole("button"))
		s.ExpectNotInDocument(status)
		s.ExpectNotInDocument(s.QueryByText("Loading…"))
		fmt.Println("passed")
	})
	// Output:
	// passed
}

func ExampleScreen_ExpectHidden() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<div role="dialog" aria-label="Cookies">We use cookies <button>OK</button></div>`)
		dialog := s.GetByRole("dialog")
		s.GetByRole("button").AddEventListener("click", vdom.NewListener(func(*vdom.Event) { dialog.SetHidden(true) }))
		s.Click(s.GetByRole("button", query.Name("OK")))
		s.ExpectHidden(dialog)
		fmt.Println("passed")
	})
	// Output:
	// passed
}

// Settle runs what the page left for later: a unit handler's background
// work, and timers, moving a fake clock.
func ExampleScreen_Settle() {
	test(func(t testing.TB) {
		clock := vdom.NewFakeClock(time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC))
		doc := vdomtest.Parse(t, `<div id="app"><button id="save">Save</button><p id="msg"></p></div>`, vdom.WithClock(clock))
		s := vdomtest.New(t, doc)
		msg := doc.GetElementByID("msg")
		u, _ := unit.New(doc, doc.GetElementByID("app"), unit.Options{
			Settings: unit.Settings{"event": &perk.EventSettings{Events: []perk.ElementEntry{{Name: "save",
				Handlers: []perk.EventHandlers{{Event: "click", Handlers: []perk.HandlerInfo{{Handler: perk.MethodName("onSave")}}}}}}}},
			Methods: unit.Methods{"onSave": unit.Sync(func(any, *vdom.Event, unit.Ex) error {
				msg.SetTextContent("Saved")
				doc.SetTimeout(3*time.Second, func() { msg.SetTextContent("") })
				return nil
			})},
		})
		if err := u.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		s.Click(s.GetByRole("button", query.Name("Save")))
		s.ExpectText(msg, "Saved")
		s.Settle()
		s.ExpectText(msg, "")
		fmt.Println(clock.Now().Format("15:04:05"))
	})
	// Output:
	// 09:00:03
}

func ExampleScreen_AdvanceTime() {
	test(func(t testing.TB) {
		clock := vdom.NewFakeClock(time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC))
		s := vdomtest.New(t, vdomtest.Parse(t, `<p id="p">Session active</p>`, vdom.WithClock(clock)))
		doc := s.Document()
		doc.SetTimeout(15*time.Minute, func() { doc.GetElementByID("p").SetTextContent("Session expired") })
		s.AdvanceTime(14 * time.Minute)
		s.ExpectText(doc.GetElementByID("p"), "Session active")
		s.AdvanceTime(time.Minute)
		s.ExpectText(doc.GetElementByID("p"), "Session expired")
		fmt.Println("passed")
	})
	// Output:
	// passed
}

func ExampleScreen_WaitFor() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<progress id="p" value="0" max="3"></progress>`)
		doc := s.Document()
		p := doc.GetElementByID("p")
		step := 0
		var id vdom.TimerID
		id = doc.SetInterval(5*time.Millisecond, func() {
			step++
			p.SetAttribute("value", fmt.Sprint(step))
			if step == 3 {
				doc.ClearInterval(id)
			}
		})
		s.WaitFor(func() error {
			if v, _ := p.GetAttribute("value"); v != "3" {
				return fmt.Errorf("progress %s of 3", v)
			}
			return nil
		})
		fmt.Println("done")
	})
	// Output:
	// done
}

func ExampleScreen_Pretty() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, signupPage)
		email := s.GetByLabelText("Email")
		s.Type(email, "ada@example.com")
		fmt.Print(s.Pretty(email, s.GetByRole("button")))
	})
	// Output:
	// <input id="email" name="email" type="email" .value="ada@example.com">
	// <button class="btn primary">Subscribe</button>
}

func ExampleScreen_Debug() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<ul><li>Milk</li><li>Bread</li></ul>`)
		s.Debug(s.GetByRole("list"))
	})
	// Output:
	// <ul>
	//   <li>Milk</li>
	//   <li>Bread</li>
	// </ul>
}

func ExampleTimeout() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<main></main>`, vdomtest.Timeout(50*time.Millisecond))
		s.FindByRole("alert")
	})
	// Output:
	// FAIL: vdomtest: Find: query: no element found: role "alert"
}

func ExampleFakeLimit() {
	test(func(t testing.TB) {
		clock := vdom.NewFakeClock(time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC))
		doc := vdomtest.Parse(t, `<p id="p">fresh</p>`, vdom.WithClock(clock))
		s := vdomtest.New(t, doc, vdomtest.FakeLimit(10*time.Minute))
		doc.SetTimeout(time.Minute, func() { doc.GetElementByID("p").SetTextContent("stale") })
		doc.SetTimeout(time.Hour, func() { doc.GetElementByID("p").SetTextContent("expired") })
		s.Settle() // runs the first timer, not the one an hour away
		s.ExpectText(doc.GetElementByID("p"), "stale")
		fmt.Println(clock.Now().Format("15:04"))
	})
	// Output:
	// 09:01
}

func ExampleActionWait() {
	test(func(t testing.TB) {
		doc := vdomtest.Parse(t, `<div id="app"><button id="save">Save</button><p id="msg"></p></div>`)
		// Actions leave every unit handler's background work to Settle.
		s := vdomtest.New(t, doc, vdomtest.ActionWait(0))
		u, _ := unit.New(doc, doc.GetElementByID("app"), unit.Options{
			Settings: unit.Settings{"event": &perk.EventSettings{Events: []perk.ElementEntry{{Name: "save",
				Handlers: []perk.EventHandlers{{Event: "click", Handlers: []perk.HandlerInfo{{Handler: perk.MethodName("onSave")}}}}}}}},
			Methods: unit.Methods{"onSave": func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
				return vdom.Go(func() error {
					time.Sleep(10 * time.Millisecond)
					doc.Post(func() { doc.GetElementByID("msg").SetTextContent("Saved") })
					return nil
				}), nil
			}},
		})
		if err := u.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		s.Click(s.GetByRole("button"))
		fmt.Printf("%q\n", doc.GetElementByID("msg").TextContent())
		s.Settle()
		fmt.Printf("%q\n", doc.GetElementByID("msg").TextContent())
	})
	// Output:
	// ""
	// "Saved"
}

func ExampleScreen_Type() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<form action="https://example.com/search"><input aria-label="Search" name="q" value="go"></form>`)
		q := s.GetByRole("textbox", query.Name("Search"))
		s.Type(q, " dom{Backspace}m{Enter}") // the caret starts at the end
		for _, r := range s.Document().Window().Navigations() {
			fmt.Println(r.Method, r.URL)
		}
	})
	// Output:
	// GET https://example.com/search?q=go+dom
}

func ExampleScreen_TypeWith() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<input aria-label="Name" value="Lovelace">`)
		name := s.GetByRole("textbox")
		s.TypeWith(name, "Ada ", userevent.TypeOptions{Selection: &userevent.Selection{Start: 0, End: 0}})
		s.ExpectValue(name, "Ada Lovelace")
		fmt.Println("passed")
	})
	// Output:
	// passed
}

func ExampleScreen_Clear() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<textarea aria-label="Note">old text</textarea>`)
		note := s.GetByRole("textbox")
		note.AddEventListener("input", vdom.NewListener(func(e *vdom.Event) {
			if in, ok := e.AsInput(); ok {
				fmt.Println(in.InputType)
			}
		}))
		s.Clear(note)
		s.ExpectValue(note, "")
	})
	// Output:
	// deleteContentBackward
}

func ExampleScreen_Tab() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<input aria-label="First"><a href="/x">Link</a><button tabindex="-1">Skipped</button><button>Last</button>`)
		for range 3 {
			s.Tab()
			fmt.Println(vdomtest.NormalizeSpace(query.Pretty(s.Document().ActiveElement())))
		}
	})
	// Output:
	// <input aria-label="First">
	// <a href="/x">Link</a>
	// <button>Last</button>
}

func ExampleScreen_ShiftTab() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<input aria-label="First"><input aria-label="Second">`)
		s.Click(s.GetByLabelText("Second"))
		s.ShiftTab()
		s.ExpectFocused(s.GetByLabelText("First"))
		fmt.Println("passed")
	})
	// Output:
	// passed
}

func ExampleScreen_Keyboard() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<input aria-label="Code">`)
		code := s.GetByRole("textbox")
		code.AddEventListener("keydown", vdom.NewListener(func(e *vdom.Event) {
			if k, ok := e.AsKeyboard(); ok {
				fmt.Printf("%s shift=%v\n", k.Key, k.ShiftKey)
			}
		}))
		s.Click(code)
		s.Keyboard("{Shift>}x{/Shift}y{ArrowLeft}")
		fmt.Printf("%q\n", code.Value())
	})
	// Output:
	// Shift shift=true
	// x shift=true
	// y shift=false
	// ArrowLeft shift=false
	// "xy"
}

func ExampleScreen_Paste() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<input aria-label="Coupon">`)
		coupon := s.GetByRole("textbox")
		s.Click(coupon)
		s.Paste("SPRING-26")
		s.ExpectValue(coupon, "SPRING-26")
		fmt.Println("passed")
	})
	// Output:
	// passed
}
