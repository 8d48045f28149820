package vdomtest_test

import (
	"errors"
	"testing"

	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/eventperk/eventperk-go/vdomtest"
)

// The example of README.md.
func TestSubscribe(t *testing.T) {
	s := vdomtest.Render(t, `<form action="/subscribe" method="post">
		<label>Email <input type="email" name="email" required></label>
		<label><input type="checkbox" name="weekly"> Weekly digest</label>
		<button>Subscribe</button>
	</form>`)
	s.Type(s.GetByLabelText("Email"), "ada@example.com")
	s.Click(s.GetByRole("checkbox", query.Name("Weekly digest")))
	s.Click(s.GetByRole("button", query.Name("Subscribe")))

	sent := s.Document().Window().Navigations() // the request a browser would send
	if len(sent) != 1 || sent[0].URL.String() != "http://example.com/subscribe" ||
		string(sent[0].Body) != "email=ada%40example.com&weekly=on" {
		t.Errorf("sent %+v", sent)
	}
}

// The example of the package documentation.
func TestPackageDocExample(t *testing.T) {
	const page = `<form aria-label="Newsletter">
		<label>Email <input type="email" name="email" required></label>
		<button>Subscribe</button>
		<p role="status"></p>
	</form>`
	doc := vdomtest.Parse(t, page)
	form := doc.MustQuerySelector("form")
	form.AddEventListener("submit", vdom.NewListener(func(e *vdom.Event) {
		e.PreventDefault()
		form.MustQuerySelector("p").SetTextContent("Thanks! Check your inbox.")
	}))
	s := vdomtest.New(t, doc) // or vdomtest.Render(t, html)
	s.Type(s.GetByLabelText("Email"), "ada@example.com")
	s.Click(s.GetByRole("button", query.Name("Subscribe")))
	s.ExpectText(s.GetByRole("status"), "Thanks! Check your inbox.")
}

// The example of docs/testing.md, "The page's URL".
func TestSignUpForm(t *testing.T) {
	s := vdomtest.Render(t, `<form method="post" action="/signup">
		<label>Email <input name="email"></label>
		<button>Sign up</button>
	</form>`)
	s.Type(s.GetByLabelText("Email"), "ada@example.com")
	s.Click(s.GetByRole("button", query.Name("Sign up")))

	sent := s.Document().Window().Navigations() // the request a browser would send
	if len(sent) != 1 || sent[0].URL.String() != "http://example.com/signup" {
		t.Errorf("sent %+v", sent)
	}
}

// The example of docs/testing.md, "Selects, number fields and the other
// buttons".
func TestOrderForm(t *testing.T) {
	s := vdomtest.Render(t, `<form action="/order">
		<label>Size <select name="size"><option>Small<option>Medium<option>Large</select></label>
		<label>Quantity <input type="number" name="qty" value="1" min="1" max="5"></label>
		<label>Toppings <select name="top" multiple size="4">
			<option>Cheese<option>Ham<option>Olives<option>Peppers</select></label>
		<p id="menu-target">Right-click me</p>
	</form>`)
	size := s.GetByLabelText("Size")
	s.Click(size)              // opens the drop-down's popup, which takes the keys
	s.Keyboard("{Escape}")     // closes it
	s.Keyboard("{ArrowDown}l") // ArrowDown chooses Medium, typing "l" finds Large
	s.ExpectValue(size, "Large")

	qty := s.GetByLabelText("Quantity")
	s.Click(qty)
	s.Keyboard("{ArrowUp}{ArrowUp}") // the spin button's steps, within min and max
	s.ExpectValue(qty, "3")

	toppings := s.GetByRole("listbox", query.Name("Toppings"))
	s.Click(s.GetByRole("option", query.Name("Ham")))
	s.Keyboard("{Shift>}")
	s.Click(s.GetByRole("option", query.Name("Peppers"))) // Shift held: a range
	s.Keyboard("{/Shift}")
	s.ExpectSelected(toppings, "Ham", "Olives", "Peppers")

	opened := false
	target := s.Document().GetElementByID("menu-target")
	target.AddEventListener("contextmenu", vdom.NewListener(func(e *vdom.Event) {
		e.PreventDefault() // the page's own menu instead of the browser's
		opened = true
	}))
	s.ClickWith(target, userevent.PointerOptions{Button: userevent.ButtonSecondary})
	if !opened {
		t.Error("no contextmenu event")
	}
}

// The example of docs/testing.md, "Links within the page".
func TestTableOfContents(t *testing.T) {
	s := vdomtest.Render(t, `<nav><a href="#shipping">Shipping</a></nav>
		<details><summary>Questions</summary>
			<h2 id="shipping" tabindex="-1">Shipping</h2>
		</details>`)
	s.Click(s.GetByRole("link", query.Name("Shipping")))

	if got := s.Document().Window().LocationHash(); got != "#shipping" {
		t.Errorf("location.hash = %q", got)
	}
	s.ExpectFocused(s.GetByRole("heading", query.Name("Shipping")))
	s.ExpectAttribute(s.Document().MustQuerySelector("details"), "open", "")
}

// The example of docs/testing.md, "What a user cannot reach".
func TestWhatAUserCannotReach(t *testing.T) {
	s := vdomtest.Render(t, `<style>
		.btn.disabled { pointer-events: none; opacity: .65 }
		.d-none { display: none !important }
	</style>
	<a id="delete" class="btn disabled" href="/delete">Delete</a>
	<button id="undo" class="btn">Undo</button>`)
	undo := s.Document().GetElementByID("undo")
	undo.AddEventListener("click", vdom.NewListener(func(*vdom.Event) { _ = undo.ClassList().Add("d-none") }))

	err := s.User().Click(s.GetByRole("link", query.Name("Delete")))
	if !errors.Is(err, userevent.ErrPointerEventsNone) {
		t.Errorf("a user could click Delete: %v", err)
	}
	s.Click(undo)
	s.ExpectHidden(undo) // the next Click(undo) fails, naming .d-none

	const pointerEvents = "userevent: click #delete: element has pointer-events: none (it has pointer-events: none from `.btn.disabled` in <style> #1, line 2); Chromium's hit test passes over it, so the pointer there reaches what is under it, such as its nearest ancestor that takes pointer input, body (SkipChecks fires the events anyway)"
	if err == nil || err.Error() != pointerEvents {
		t.Errorf("error = %v, want the text of docs/testing.md: %s", err, pointerEvents)
	}
	const hidden = "userevent: click #undo: element is hidden: it has display: none !important from `.d-none` in <style> #1, line 3 (SkipChecks fires the events anyway)"
	if err := s.User().Click(undo); err == nil || err.Error() != hidden {
		t.Errorf("second click: error = %v, want the text of docs/testing.md: %s", err, hidden)
	}
	if got, want := vdomtest.WhyHidden(undo), "it has display: none !important from `.d-none` in <style> #1, line 3"; got != want {
		t.Errorf("WhyHidden = %q, want %q", got, want)
	}
}
