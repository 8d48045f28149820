package browse_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/google/go-cmp/cmp"
)

// greeterDefs define <x-greeter>, a unit that writes a greeting into its
// element when it starts, and <x-broken>, whose New fails.
func greeterDefs(t testing.TB) *unit.Definitions {
	t.Helper()
	defs, err := unit.NewDefinitions(
		unit.Definition{Tag: "x-greeter", New: func(u *unit.Unit) (any, error) {
			name, _ := u.Root().GetAttribute("name")
			u.Root().SetTextContent("Hello, " + name)
			return nil, nil
		}},
		unit.Definition{Tag: "x-broken", New: func(u *unit.Unit) (any, error) {
			return nil, errors.New("no settings")
		}},
	)
	if err != nil {
		t.Fatal(err)
	}
	return defs
}

func TestUnitsOnEveryPage(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/", htmlPage(`<x-greeter id="g" name="home"></x-greeter><a href="/two">two</a>`))
	mux.HandleFunc("/two", htmlPage(`<x-greeter id="g" name="two"></x-greeter><form method="post" action="/three"><button>go</button></form>`))
	mux.HandleFunc("/three", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/four", http.StatusSeeOther)
	})
	mux.HandleFunc("/four", htmlPage(`<x-greeter id="g" name="four"></x-greeter><x-greeter name="4b"></x-greeter>`))
	inBothModes(t, mux, browse.Options{Definitions: greeterDefs(t)}, func(t *testing.T, s *browse.Session, base string) {
		var got []string
		note := func() {
			var texts []string
			for _, u := range unit.Units(s.Document()) {
				texts = append(texts, u.Root().TextContent())
			}
			got = append(got, strings.Join(texts, ", "))
		}
		mustOpen(t, s, "/")
		note()
		if err := el(t, s.Document(), "a").Click(); err != nil {
			t.Fatal(err)
		}
		note()
		if err := el(t, s.Document(), "button").Click(); err != nil {
			t.Fatal(err)
		}
		note()
		if _, err := s.Back(context.Background()); err != nil {
			t.Fatal(err)
		}
		note()
		want := []string{"Hello, home", "Hello, two", "Hello, four, Hello, 4b", "Hello, two"}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("units mismatch (-want +got):\n%s", diff)
		}
	})
}

func TestUnitErrorsJoinTheLoadsError(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/", htmlPage(`<x-greeter name="a"></x-greeter><x-broken id="b"></x-broken>`))
	mux.HandleFunc("/gone", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusGone)
		fmt.Fprint(w, `<x-broken></x-broken>`)
	})
	s, err := browse.New(browse.Options{Handler: mux, Definitions: greeterDefs(t)})
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Open(context.Background(), "/")
	var uerr *unit.UpgradeError
	if !errors.As(err, &uerr) || uerr.Kind != "x-broken" || uerr.Op != "new" {
		t.Fatalf("Open: %v, want the *unit.UpgradeError of x-broken", err)
	}
	if p == nil || s.Page() != p || p.Err() != err {
		t.Fatalf("page %v; want the page, current, with the error", p)
	}
	if got := el(t, p.Document(), "x-greeter").TextContent(); got != "Hello, a" {
		t.Errorf("the other unit shows %q", got)
	}
	// With an error status both errors come back.
	_, err = s.Open(context.Background(), "/gone")
	if !errors.Is(err, browse.ErrStatus) || !errors.As(err, &uerr) {
		t.Errorf("Open(/gone): %v, want ErrStatus and an *unit.UpgradeError", err)
	}
}

// A unit that follows a link when it starts navigates at once; the page
// it loads is current when Open returns, and a page that keeps doing so
// ends with an error rather than recursing without end.
func TestUnitThatNavigatesWhileLoading(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/", htmlPage(`<a id="next" href="/next">next</a>`))
	mux.HandleFunc("/next", htmlPage(`<title>next</title>`))
	mux.HandleFunc("/loop", htmlPage(`<a id="next" href="/loop">loop</a>`))
	// The navigation starts when the page's window gets it: follow the
	// link as soon as the page is loaded, from a unit.
	follow := func(t testing.TB) *unit.Definitions {
		defs, err := unit.NewDefinitions(unit.Definition{Selector: "[id=next]", New: func(u *unit.Unit) (any, error) {
			return nil, u.Root().Click()
		}})
		if err != nil {
			t.Fatal(err)
		}
		return defs
	}
	s, err := browse.New(browse.Options{Handler: mux, Definitions: follow(t)})
	if err != nil {
		t.Fatal(err)
	}
	first, err := s.Open(context.Background(), "/")
	if err != nil {
		t.Fatal(err)
	}
	if first.URL().Path != "/" || s.Page().URL().Path != "/next" || s.Document().Title() != "next" {
		t.Errorf("Open returned %v and left %v current; want / and /next", first.URL(), s.Page().URL())
	}
	want := []entry{{"GET", "http://example.com/"}, {"GET", "http://example.com/next"}}
	if diff := cmp.Diff(want, history(s, "")); diff != "" || s.HistoryIndex() != 1 {
		t.Errorf("history (index %d) mismatch (-want +got):\n%s", s.HistoryIndex(), diff)
	}
	_, err = s.Open(context.Background(), "/loop")
	if !errors.Is(err, browse.ErrBadRequest) || !strings.Contains(err.Error(), "while loading") {
		t.Errorf("a page that navigates on every load: %v, want an error", err)
	}
}
