package vdomtest_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/eventperk/eventperk-go/vdomtest"
	"github.com/google/go-cmp/cmp"
)

// sent is what a document's Window recorded of its navigations, as
// "METHOD URL body" lines.
func sent(doc *vdom.Document) []string {
	var out []string
	for _, r := range doc.Window().Navigations() {
		out = append(out, fmt.Sprintf("%s %s %s", r.Method, r.URL, r.Body))
	}
	return out
}

// A page rendered by a template has relative URLs: Render gives it a URL
// they resolve against, so a click on its submit button sends the form.
func TestRenderResolvesRelativeURLs(t *testing.T) {
	const page = `<form method="post" action="/signup"><label>Email <input name="email"></label><button>Sign up</button></form>
		<a href="terms">Terms</a>`
	for _, tc := range []struct {
		name string
		opts []vdomtest.Option
		want []string
	}{
		{"DefaultURL", nil, []string{"POST http://example.com/signup email=ada%40example.com", "GET http://example.com/terms "}},
		{"the URL option", []vdomtest.Option{vdomtest.URL("https://shop.test/account/")},
			[]string{"POST https://shop.test/signup email=ada%40example.com", "GET https://shop.test/account/terms "}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			mustPass(t, func(t testing.TB) {
				s := vdomtest.Render(t, page, tc.opts...)
				s.Type(s.GetByLabelText("Email"), "ada@example.com")
				s.Click(s.GetByRole("button", query.Name("Sign up")))
				s.Click(s.GetByRole("link", query.Name("Terms")))
				got = sent(s.Document())
			})
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("requests mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseURL(t *testing.T) {
	mustPass(t, func(t testing.TB) {
		if got := vdomtest.Parse(t, `<p>x</p>`).URL(); got != vdomtest.DefaultURL {
			t.Errorf("Parse: URL %q, want %q", got, vdomtest.DefaultURL)
		}
		if got := vdomtest.Parse(t, `<p>x</p>`, vdom.WithURL("https://shop.test/a")).URL(); got != "https://shop.test/a" {
			t.Errorf("Parse with vdom.WithURL: URL %q", got)
		}
	})
}

func TestRenderURLFailures(t *testing.T) {
	mustFail(t, func(t testing.TB) {
		vdomtest.Render(t, `<p>x</p>`, vdomtest.URL("/signup"))
	}, "vdomtest.Render", `"/signup"`)
	mustFail(t, func(t testing.TB) {
		vdomtest.New(t, vdom.ParseString(`<p>x</p>`), vdomtest.URL("https://shop.test/"))
	}, "vdomtest.New", "applies to Render", `vdom.WithURL("https://shop.test/")`)
}

// component is a component of templ's shape, as templ generates them.
type component func(ctx context.Context, w io.Writer) error

func (c component) Render(ctx context.Context, w io.Writer) error { return c(ctx, w) }

func TestRenderComponent(t *testing.T) {
	greeting := component(func(ctx context.Context, w io.Writer) error {
		if ctx == nil {
			return errors.New("no context")
		}
		_, err := io.WriteString(w, `<h1>Hello, Ada</h1><form action="/bye"><button>Leave</button></form>`)
		return err
	})
	mustPass(t, func(t testing.TB) {
		s := vdomtest.RenderComponent(t, greeting)
		s.ExpectText(s.GetByRole("heading"), "Hello, Ada")
		s.Click(s.GetByRole("button", query.Name("Leave")))
		if diff := cmp.Diff([]string{"GET http://example.com/bye? "}, sent(s.Document())); diff != "" {
			t.Errorf("requests mismatch (-want +got):\n%s", diff)
		}
		doc := vdomtest.ParseComponent(t, greeting, vdom.WithURL("https://shop.test/"))
		if doc.URL() != "https://shop.test/" || doc.Title() != "" || len(doc.GetElementsByTagName("h1")) != 1 {
			t.Errorf("ParseComponent: URL %q, %d h1", doc.URL(), len(doc.GetElementsByTagName("h1")))
		}
	})
	failing := component(func(context.Context, io.Writer) error { return errors.New("no user in the context") })
	mustFail(t, func(t testing.TB) {
		vdomtest.RenderComponent(t, failing)
	}, "vdomtest.RenderComponent", "the component failed: no user in the context")
	mustFail(t, func(t testing.TB) {
		vdomtest.ParseComponent(t, nil)
	}, "vdomtest.ParseComponent", "no component (nil)")
}
