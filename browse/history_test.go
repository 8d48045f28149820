package browse_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// resultSite answers a form's POST with a page that has a link within
// itself and one to another page.
func resultSite() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /form", htmlPage(`<form method="post" action="/result"><input name="q" value="go"><button id="send">Send</button></form>`))
	mux.HandleFunc("POST /result", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		htmlPage(`<title>`+string(body)+`</title><a id="toA" href="#a">a</a> <a id="other" href="/other">other</a> <h2 id="a">a</h2>`)(w, r)
	})
	mux.HandleFunc("GET /other", htmlPage(`<title>other</title>`))
	return mux
}

// TestFragmentEntries: a link within a page adds an entry of the same
// document, without a request; Back and Forward between the entries of
// one document send nothing; Back to an entry of a document the session
// left loads it again with the entry's request (here a POST) and keeps
// the entry's fragment in its URL.
func TestFragmentEntries(t *testing.T) {
	rec := record(resultSite())
	inBothModes(t, rec, browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
		ctx := context.Background()
		mustOpen(t, s, "/form")
		if err := el(t, s.Document(), "#send").Click(); err != nil {
			t.Fatal(err)
		}
		result := s.Page()
		var hashes []string
		result.Document().Window().AddEventListener("hashchange", vdom.NewListener(func(e *vdom.Event) {
			hc, _ := e.AsHashChange()
			hashes = append(hashes, hc.NewURL)
		}))
		rec.take()
		type state struct {
			Requests  []seen
			History   []entry
			Index     int
			PageURL   string
			DocURL    string
			Hashes    []string
			SamePage  bool
			PageTitle string
		}
		check := func(step string, want state) {
			t.Helper()
			if _, err := s.Document().RunTasks(); err != nil {
				t.Fatal(err)
			}
			got := state{Requests: rec.take(), History: history(s, base), Index: s.HistoryIndex(),
				PageURL: s.Page().URL().String(), DocURL: s.Document().URL(), Hashes: hashes,
				SamePage: s.Page() == result, PageTitle: s.Document().Title()}
			hashes = nil
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s: mismatch (-want +got):\n%s", step, diff)
			}
		}
		post := []entry{{"GET", "/form"}, {"POST", "/result"}, {"POST", "/result#a"}}
		if err := el(t, s.Document(), "#toA").Click(); err != nil {
			t.Fatal(err)
		}
		check("the link within the page", state{History: post, Index: 2, PageURL: base + "/result#a", DocURL: base + "/result#a",
			Hashes: []string{base + "/result#a"}, SamePage: true, PageTitle: "q=go"})
		if _, err := s.Back(ctx); err != nil {
			t.Fatal(err)
		}
		check("back within the page", state{History: post, Index: 1, PageURL: base + "/result", DocURL: base + "/result",
			Hashes: []string{base + "/result"}, SamePage: true, PageTitle: "q=go"})
		if _, err := s.Forward(ctx); err != nil {
			t.Fatal(err)
		}
		check("forward within the page", state{History: post, Index: 2, PageURL: base + "/result#a", DocURL: base + "/result#a",
			Hashes: []string{base + "/result#a"}, SamePage: true, PageTitle: "q=go"})
		if err := el(t, s.Document(), "#other").Click(); err != nil {
			t.Fatal(err)
		}
		withOther := append(post[:3:3], entry{"GET", "/other"})
		check("the link to another page", state{Requests: []seen{{Method: "GET", URI: "/other", Referer: base + "/result"}},
			History: withOther, Index: 3, PageURL: base + "/other", DocURL: base + "/other", PageTitle: "other"})
		if _, err := s.Back(ctx); err != nil {
			t.Fatal(err)
		}
		check("back to the page left", state{
			Requests: []seen{{Method: "POST", URI: "/result", ContentType: "application/x-www-form-urlencoded", Body: "q=go", Referer: base + "/form", Origin: base}},
			History:  withOther, Index: 2, PageURL: base + "/result#a", DocURL: base + "/result#a", PageTitle: "q=go"})
		again := s.Page()
		if _, err := s.Back(ctx); err != nil {
			t.Fatal(err)
		}
		if s.Page() != again {
			t.Errorf("back from the reloaded page's entry to its other entry made another page current")
		}
		check("back within the reloaded page", state{History: withOther, Index: 1, PageURL: base + "/result", DocURL: base + "/result", PageTitle: "q=go"})
	})
}

// TestFragmentLinkOfALeftPage: a page the session has left does not
// navigate, within itself either.
func TestFragmentLinkOfALeftPage(t *testing.T) {
	inBothModes(t, site(), browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
		home := mustOpen(t, s, "/")
		if err := el(t, home.Document(), "#about").Click(); err != nil {
			t.Fatal(err)
		}
		err := el(t, home.Document(), "#frag").Click()
		if !errors.Is(err, browse.ErrInactivePage) {
			t.Errorf("a fragment link of a left page: %v, want ErrInactivePage", err)
		}
		if got := home.Document().URL(); got != base+"/" {
			t.Errorf("the left page's document moved to %q", got)
		}
		if diff := cmp.Diff([]entry{{"GET", "/"}, {"GET", "/about"}}, history(s, base)); diff != "" {
			t.Errorf("history mismatch (-want +got):\n%s", diff)
		}
	})
}

// TestFragmentEntryPassword: History shows a fragment entry's password as
// "xxxxx"; Page.URL keeps it.
func TestFragmentEntryPassword(t *testing.T) {
	s, err := browse.New(browse.Options{Handler: site()})
	if err != nil {
		t.Fatal(err)
	}
	mustOpen(t, s, "http://ada:secret@example.com/")
	if err := el(t, s.Document(), "#frag").Click(); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range s.History() {
		got = append(got, e.URL.String())
	}
	if diff := cmp.Diff([]string{"http://ada:xxxxx@example.com/", "http://ada:xxxxx@example.com/#top"}, got); diff != "" {
		t.Errorf("history mismatch (-want +got):\n%s", diff)
	}
	if got, want := s.Page().URL().String(), "http://ada:secret@example.com/#top"; got != want {
		t.Errorf("Page.URL() = %q, want %q", got, want)
	}
}

// TestOpenTheSameURL: Open of the URL the page has loads it again in
// place of its entry; Open of another fragment of it sends nothing and
// adds an entry.
func TestOpenTheSameURL(t *testing.T) {
	rec := record(site())
	inBothModes(t, rec, browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
		first := mustOpen(t, s, "/")
		second := mustOpen(t, s, "/")
		if first == second || len(rec.take()) != 2 {
			t.Errorf("Open of the same URL did not load it again")
		}
		third := mustOpen(t, s, "/#about")
		if third != second || len(rec.take()) != 0 {
			t.Errorf("Open of a fragment of the page loaded it")
		}
		if diff := cmp.Diff([]entry{{"GET", "/"}, {"GET", "/#about"}}, history(s, base)); diff != "" {
			t.Errorf("history mismatch (-want +got):\n%s", diff)
		}
		if got := s.Document().ActiveElement().ID(); got != "about" {
			t.Errorf("focused %q, want the link #about, the fragment's target", got)
		}
	})
}
