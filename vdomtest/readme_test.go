package vdomtest_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/query"
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
