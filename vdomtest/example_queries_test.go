package vdomtest_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdomtest"
)

const examplePage = `<form>
  <label for="name">Name</label> <input id="name" name="name" value="Ada">
  <label for="email">Email</label> <input id="email" type="email" placeholder="you@example.com">
  <label for="home">Home phone</label> <input id="home" placeholder="Home number" value="+44 20 7946 0000">
  <label for="work">Work phone</label> <input id="work" placeholder="Work number" value="+44 20 7946 0001">
  <button>Save</button> <button type="button" title="Close">x</button> <a href="/help" title="Open help">?</a> <a href="/faq" title="More help">FAQ</a>
</form>
<img src="/logo.png" alt="Company logo"> <img src="/a.jpg" alt="Team photo"> <img src="/b.jpg" alt="Office photo">
<ul data-testid="basket"><li data-testid="item">Milk</li><li data-testid="item">Bread</li></ul>`

// GetByRole: the one element.
func ExampleScreen_GetByRole() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.GetByRole("button", query.Name("Save")))
	})
	// Output:
	// button Save
}

// GetByRole with state options: the required field whose value fails
// its constraints, and the range at its value.
func ExampleScreen_GetByRole_states() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<form>
  <label>Name <input id="name" required value="Ada"></label>
  <label>Email <input id="email" type="email" required value="ada@"></label>
  <label>Volume <input id="volume" type="range" max="10" value="7"></label>
  <button aria-haspopup="menu">More</button>
</form>`)
		show(s.GetByRole("textbox", query.Required(true), query.Invalid(true)))
		show(s.GetByRole("slider", query.ValueNow(7), query.ValueMax(10)))
		show(s.GetByRole("button", query.HasPopup("menu"), query.Focusable(true)))
		s.ExpectRequired(s.GetByLabelText("Email"), true)
		s.ExpectInvalid(s.GetByLabelText("Name"), false)
	})
	// Output:
	// input#email
	// input#volume
	// button More
}

// QueryByRole: nil when there is none.
func ExampleScreen_QueryByRole() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.QueryByRole("button", query.Name("Delete")))
	})
	// Output:
	// (none)
}

// AllByRole: every element, in tree order.
func ExampleScreen_AllByRole() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.AllByRole("listitem")...)
	})
	// Output:
	// li Milk
	// li Bread
}

// QueryAllByRole: an empty list when there is none.
func ExampleScreen_QueryAllByRole() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.QueryAllByRole("button", query.Name("Delete"))...)
	})
	// Output:
	// (none)
}

// GetByLabelText: the one element.
func ExampleScreen_GetByLabelText() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.GetByLabelText("Email"))
	})
	// Output:
	// input#email
}

// QueryByLabelText: nil when there is none.
func ExampleScreen_QueryByLabelText() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.QueryByLabelText("Fax"))
	})
	// Output:
	// (none)
}

// AllByLabelText: every element, in tree order.
func ExampleScreen_AllByLabelText() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.AllByLabelText("Phone", query.Substring)...)
	})
	// Output:
	// input#home
	// input#work
}

// QueryAllByLabelText: an empty list when there is none.
func ExampleScreen_QueryAllByLabelText() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.QueryAllByLabelText("Fax")...)
	})
	// Output:
	// (none)
}

// GetByPlaceholderText: the one element.
func ExampleScreen_GetByPlaceholderText() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.GetByPlaceholderText("you@example.com"))
	})
	// Output:
	// input#email
}

// QueryByPlaceholderText: nil when there is none.
func ExampleScreen_QueryByPlaceholderText() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.QueryByPlaceholderText("Fax"))
	})
	// Output:
	// (none)
}

// AllByPlaceholderText: every element, in tree order.
func ExampleScreen_AllByPlaceholderText() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.AllByPlaceholderText("number", query.Substring)...)
	})
	// Output:
	// input#home
	// input#work
}

// QueryAllByPlaceholderText: an empty list when there is none.
func ExampleScreen_QueryAllByPlaceholderText() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.QueryAllByPlaceholderText("Fax")...)
	})
	// Output:
	// (none)
}

// GetByText: the one element.
func ExampleScreen_GetByText() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.GetByText("Milk"))
	})
	// Output:
	// li Milk
}

// QueryByText: nil when there is none.
func ExampleScreen_QueryByText() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.QueryByText("Cheese"))
	})
	// Output:
	// (none)
}

// AllByText: every element, in tree order.
func ExampleScreen_AllByText() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.AllByText("^(Milk|Bread)$", query.Regexp)...)
	})
	// Output:
	// li Milk
	// li Bread
}

// QueryAllByText: an empty list when there is none.
func ExampleScreen_QueryAllByText() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.QueryAllByText("Cheese")...)
	})
	// Output:
	// (none)
}

// GetByDisplayValue: the one element.
func ExampleScreen_GetByDisplayValue() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.GetByDisplayValue("Ada"))
	})
	// Output:
	// input#name
}

// QueryByDisplayValue: nil when there is none.
func ExampleScreen_QueryByDisplayValue() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.QueryByDisplayValue("Grace"))
	})
	// Output:
	// (none)
}

// AllByDisplayValue: every element, in tree order.
func ExampleScreen_AllByDisplayValue() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.AllByDisplayValue("+44", query.Substring)...)
	})
	// Output:
	// input#home
	// input#work
}

// QueryAllByDisplayValue: an empty list when there is none.
func ExampleScreen_QueryAllByDisplayValue() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.QueryAllByDisplayValue("Grace")...)
	})
	// Output:
	// (none)
}

// GetByAltText: the one element.
func ExampleScreen_GetByAltText() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.GetByAltText("Company logo"))
	})
	// Output:
	// img
}

// QueryByAltText: nil when there is none.
func ExampleScreen_QueryByAltText() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.QueryByAltText("Map"))
	})
	// Output:
	// (none)
}

// AllByAltText: every element, in tree order.
func ExampleScreen_AllByAltText() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.AllByAltText("photo", query.Substring)...)
	})
	// Output:
	// img
	// img
}

// QueryAllByAltText: an empty list when there is none.
func ExampleScreen_QueryAllByAltText() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.QueryAllByAltText("Map")...)
	})
	// Output:
	// (none)
}

// GetByTitle: the one element.
func ExampleScreen_GetByTitle() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.GetByTitle("Close"))
	})
	// Output:
	// button x
}

// QueryByTitle: nil when there is none.
func ExampleScreen_QueryByTitle() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.QueryByTitle("Open"))
	})
	// Output:
	// (none)
}

// AllByTitle: every element, in tree order.
func ExampleScreen_AllByTitle() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.AllByTitle("help", query.Substring)...)
	})
	// Output:
	// a ?
	// a FAQ
}

// QueryAllByTitle: an empty list when there is none.
func ExampleScreen_QueryAllByTitle() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.QueryAllByTitle("Open")...)
	})
	// Output:
	// (none)
}

// GetByTestID: the one element.
func ExampleScreen_GetByTestID() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.GetByTestID("basket"))
	})
	// Output:
	// ul MilkBread
}

// QueryByTestID: nil when there is none.
func ExampleScreen_QueryByTestID() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.QueryByTestID("total"))
	})
	// Output:
	// (none)
}

// AllByTestID: every element, in tree order.
func ExampleScreen_AllByTestID() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.AllByTestID("item")...)
	})
	// Output:
	// li Milk
	// li Bread
}

// QueryAllByTestID: an empty list when there is none.
func ExampleScreen_QueryAllByTestID() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, examplePage)
		show(s.QueryAllByTestID("total")...)
	})
	// Output:
	// (none)
}
