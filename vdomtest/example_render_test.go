package vdomtest_test

import (
	"context"
	"fmt"
	"html"
	"io"
	"testing"

	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdomtest"
)

// greetingComponent has the shape of a templ component (templ.Component):
// a Render method that writes HTML to w. vdomtest takes it as it is.
type greetingComponent struct{ name string }

func (g greetingComponent) Render(ctx context.Context, w io.Writer) error {
	_, err := fmt.Fprintf(w, `<h1>Hello, %s</h1><form method="post" action="/logout"><button>Log out</button></form>`,
		html.EscapeString(g.name))
	return err
}

// A component renderer's output becomes a Screen in one call; with templ,
// vdomtest.RenderComponent(t, views.Greeting("Ada")).
func ExampleRenderComponent() {
	test(func(t testing.TB) {
		s := vdomtest.RenderComponent(t, greetingComponent{name: "Ada"})
		show(s.GetByRole("heading"))
		s.Click(s.GetByRole("button", query.Name("Log out")))
		for _, r := range s.Document().Window().Navigations() {
			fmt.Println(r.Method, r.URL)
		}
	})
	// Output:
	// h1 Hello, Ada
	// POST http://example.com/logout
}

// The page's relative URLs resolve against DefaultURL, or the URL option's.
func ExampleURL() {
	test(func(t testing.TB) {
		s := vdomtest.Render(t, `<a href="checkout">Check out</a>`, vdomtest.URL("https://shop.test/cart/"))
		s.Click(s.GetByRole("link", query.Name("Check out")))
		fmt.Println(s.Document().Window().Navigations()[0].URL)
	})
	// Output:
	// https://shop.test/cart/checkout
}
