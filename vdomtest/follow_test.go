package vdomtest_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/eventperk/eventperk-go/vdomtest"
)

func TestFollowUsesTheCurrentDocumentAtEachCall(t *testing.T) {
	one := vdomtest.Parse(t, `<h1>One</h1><button>Press</button><p id="out"></p>`)
	two := vdomtest.Parse(t, `<h1>Two</h1><button>Press</button><p id="out"></p>`)
	for _, doc := range []*vdom.Document{one, two} {
		out := doc.GetElementByID("out")
		doc.GetElementsByTagName("button")[0].AddEventListener("click", vdom.NewListener(func(*vdom.Event) {
			out.SetTextContent("pressed")
		}))
	}
	cur := one
	mustPass(t, func(t testing.TB) {
		s := vdomtest.Follow(t, func() *vdom.Document { return cur })
		within := s.Within(s.GetByRole("heading"))
		s.ExpectText(s.GetByRole("heading"), "One")
		cur = two
		if s.Document() != two || s.Root() != &two.Node {
			t.Errorf("Document() and Root() are not the current document's")
		}
		s.ExpectText(s.GetByRole("heading"), "Two")
		// Actions act on the current document, with a User of its own.
		s.Click(s.GetByRole("button"))
		s.ExpectText(s.GetByText("pressed"), "pressed")
		if one.GetElementByID("out").TextContent() != "" {
			t.Errorf("the click reached the first document")
		}
		// A Screen made with Within keeps its element.
		within.ExpectText(within.GetByText("One"), "One")
		if within.Root().OwnerDocument() != one {
			t.Errorf("Within's root moved to %v", within.Root())
		}
		cur = one
		s.ExpectText(s.GetByRole("heading"), "One")
	})
}

// WithUser on a following Screen gives a User that stays with the
// document it was made for.
func TestFollowWithUser(t *testing.T) {
	one := vdomtest.Parse(t, `<input id="name">`)
	two := vdomtest.Parse(t, `<input id="name">`)
	cur := two
	mustPass(t, func(t testing.TB) {
		s := vdomtest.Follow(t, func() *vdom.Document { return cur })
		u := userevent.New(one)
		if s.WithUser(u).User() != u {
			t.Errorf("WithUser's User is not the one given")
		}
		if s.User() == u {
			t.Errorf("the following Screen took the User of WithUser")
		}
		s.Type(s.Get(query.ByRole("textbox")), "two")
		if got := two.GetElementByID("name").Value(); got != "two" {
			t.Errorf("the current document's input has %q", got)
		}
	})
}

func TestFollowFailures(t *testing.T) {
	mustFail(t, func(t testing.TB) {
		vdomtest.Follow(t, nil)
	}, "vdomtest.Follow", "nil")
	mustFail(t, func(t testing.TB) {
		s := vdomtest.Follow(t, func() *vdom.Document { return nil })
		s.GetByRole("button")
	}, "returned nil")
}

// Follow over a browse.Session keeps working across the navigations the
// test's clicks start.
func TestFollowASession(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(`<h1>Home</h1><a href="/about">About us</a>`))
	})
	mux.HandleFunc("/about", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(`<h1>About</h1><a href="/">Home</a>`))
	})
	sess, err := browse.New(browse.Options{Handler: mux})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.Open(context.Background(), "/"); err != nil {
		t.Fatal(err)
	}
	mustPass(t, func(t testing.TB) {
		s := vdomtest.Follow(t, sess.Document)
		s.Click(s.GetByRole("link", query.Name("About us")))
		s.ExpectText(s.GetByRole("heading"), "About")
		s.Click(s.GetByRole("link", query.Name("Home")))
		s.ExpectText(s.GetByRole("heading"), "Home")
	})
}

// An element found before a navigation belongs to the page that was left:
// a Screen of Follow acts on the current page, and says so, as a Screen of
// the old page says it through browse.ErrInactivePage.
func TestFollowStaleElement(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(`<h1>Home</h1><a href="/about">About us</a><input aria-label="Search">`))
	})
	mux.HandleFunc("/about", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(`<h1>About</h1><a href="/">Home</a>`))
	})
	sess, err := browse.New(browse.Options{Handler: mux})
	if err != nil {
		t.Fatal(err)
	}
	open := func(t testing.TB) *vdomtest.Screen {
		if _, err := sess.Open(context.Background(), "/"); err != nil {
			t.Fatal(err)
		}
		return vdomtest.Follow(t, sess.Document)
	}
	const stale = "the element is on a page that is no longer current (http://example.com/, loaded before the current page, http://example.com/about); find the element again: Follow's queries search the current page"
	mustFail(t, func(t testing.TB) {
		s := open(t)
		link := s.GetByRole("link", query.Name("About us"))
		s.Click(link)
		s.Click(link)
	}, "vdomtest: Click(body > a): "+stale)
	mustFail(t, func(t testing.TB) {
		s := open(t)
		search := s.GetByRole("textbox", query.Name("Search"))
		s.Click(s.GetByRole("link", query.Name("About us")))
		s.Type(search, "x")
	}, `vdomtest: Type(body > input, "x"): `+stale)
	// Without Follow, the Screen stays on the page it was made for, whose
	// link asks a session that has moved on.
	mustFail(t, func(t testing.TB) {
		s := open(t)
		old := vdomtest.New(t, sess.Document())
		link := old.GetByRole("link", query.Name("About us"))
		s.Click(link)
		old.Click(link)
	}, "page no longer current (the current page is http://example.com/about)", "find the element again")
}
