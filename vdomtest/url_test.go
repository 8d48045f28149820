package vdomtest_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdomtest"
)

// notesSite is a site whose form redirects after its POST, and whose
// links carry a query and a fragment.
func notesSite() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<h1>Home</h1><a href="/notes?page=2&amp;q=go+dom#top">Notes</a>
			<form method="post" action="/notes"><button>Add</button></form>`)
	})
	mux.HandleFunc("POST /notes", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/notes?added=1", http.StatusSeeOther)
	})
	mux.HandleFunc("GET /notes", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<h1>Notes</h1><a href="/">Home</a>`)
	})
	return mux
}

func openNotes(t *testing.T) *browse.Session {
	t.Helper()
	sess, err := browse.New(browse.Options{Handler: notesSite()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.Open(context.Background(), "/"); err != nil {
		t.Fatal(err)
	}
	return sess
}

func TestExpectURLPasses(t *testing.T) {
	sess := openNotes(t)
	mustPass(t, func(t testing.TB) {
		s := vdomtest.Follow(t, sess.Document)
		s.ExpectURL("/")
		s.ExpectURL("/?")
		s.ExpectURL("http://example.com/")
		s.ExpectURL("http://EXAMPLE.com")
		s.Click(s.GetByRole("link", query.Name("Notes")))
		s.ExpectURL("/notes")                                       // the path, whatever the query
		s.ExpectURL("/notes?page=2&q=go+dom")                       // the path and the query
		s.ExpectURL("/notes?page=2&q=go%20dom")                     // compared decoded
		s.ExpectURL("http://example.com/notes?page=2&q=go+dom")     // no fragment: any
		s.ExpectURL("http://example.com/notes?page=2&q=go+dom#top") // the fragment too
		s.Click(s.GetByRole("link", query.Name("Home")))
		s.Click(s.GetByRole("button", query.Name("Add")))
		s.ExpectURL("/notes?added=1") // where the redirect led
	})
}

func TestExpectURLFails(t *testing.T) {
	tests := []struct {
		name  string
		want  string
		parts []string
	}{
		{"another path", "/home", []string{
			`vdomtest: ExpectURL("/home"): the path is "/notes", want "/home"`,
			"current URL: http://example.com/notes?added=1",
			"URLs this Screen has seen, oldest first:\n    http://example.com/\n    http://example.com/notes?added=1  (current)",
		}},
		{"no query wanted", "/notes?", []string{`the query is "added=1", want none`}},
		{"another query", "/notes?added=2", []string{`the query is "added=1", want "added=2"`}},
		{"parameters in another order", "http://example.com/notes?x=1&added=1", []string{`the query is "added=1", want "x=1&added=1"`}},
		{"another host", "https://example.org/notes?added=1", []string{"the origin is http://example.com, want https://example.org"}},
		{"a fragment", "http://example.com/notes?added=1#top", []string{`the fragment is "", want "top"`}},
		{"not a path", "notes", []string{`ExpectURL("notes"): want a path starting with "/"`}},
		{"a path with a fragment", "/notes#top", []string{"give the absolute URL to compare fragments"}},
		{"no host", "http:/notes", []string{"an absolute URL needs a host"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sess := openNotes(t)
			mustFail(t, func(t testing.TB) {
				s := vdomtest.Follow(t, sess.Document)
				s.Click(s.GetByRole("button", query.Name("Add")))
				s.ExpectURL(tt.want)
			}, tt.parts...)
		})
	}
}

// TestExpectURLOfOneDocument: a Screen of one document stays on its
// page; the failure lists the navigations the page asked for.
func TestExpectURLOfOneDocument(t *testing.T) {
	mustFail(t, func(t testing.TB) {
		s := vdomtest.Render(t, `<form action="/search"><input name="q" value="go"><button>Search</button></form>`)
		s.Click(s.GetByRole("button"))
		s.ExpectURL("/search")
	}, `the path is "/", want "/search"`,
		"current URL: http://example.com/",
		"the page asked for these navigations, which nothing followed",
		"GET http://example.com/search?q=go")
	mustFail(t, func(t testing.TB) {
		s := vdomtest.Render(t, `<p>Hello</p>`)
		s.ExpectURL("/hello")
	}, "the page asked for no navigation")
}

// TestExpectURLWithinThePage: links within a page and Back and Forward
// between its entries change the URL ExpectURL compares, and a failure
// lists each URL the page showed.
func TestExpectURLWithinThePage(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /guide", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<a href="#install">Install</a> <a href="#faq">FAQ</a> <h2 id="install">Install</h2> <h2 id="faq">FAQ</h2>`)
	})
	sess, err := browse.New(browse.Options{Handler: mux})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := sess.Open(ctx, "/guide"); err != nil {
		t.Fatal(err)
	}
	mustPass(t, func(t testing.TB) {
		s := vdomtest.Follow(t, sess.Document)
		s.Click(s.GetByRole("link", query.Name("Install")))
		s.ExpectURL("http://example.com/guide#install")
		s.Click(s.GetByRole("link", query.Name("FAQ")))
		s.ExpectURL("http://example.com/guide#faq")
		if _, err := sess.Back(ctx); err != nil {
			t.Fatal(err)
		}
		s.ExpectURL("http://example.com/guide#install")
		if _, err := sess.Back(ctx); err != nil {
			t.Fatal(err)
		}
		s.ExpectURL("http://example.com/guide#") // no fragment
		if _, err := sess.Forward(ctx); err != nil {
			t.Fatal(err)
		}
		s.ExpectURL("http://example.com/guide#install")
	})
	mustFail(t, func(t testing.TB) {
		s := vdomtest.Follow(t, sess.Document)
		s.Click(s.GetByRole("link", query.Name("FAQ")))
		if _, err := sess.Back(ctx); err != nil {
			t.Fatal(err)
		}
		s.ExpectURL("http://example.com/guide#faq")
	}, `the fragment is "install", want "faq"`,
		"URLs this Screen has seen, oldest first:\n    http://example.com/guide#install\n    http://example.com/guide#faq\n    http://example.com/guide#install  (current)")
}
