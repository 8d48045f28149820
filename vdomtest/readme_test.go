package vdomtest_test

import (
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
