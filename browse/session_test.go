package browse_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/google/go-cmp/cmp"
)

// site is a small site: pages that link to one another.
func site() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		htmlPage(`<title>Home</title>
			<a id="about" href="/about">About</a>
			<a id="blank" href="/about?t=blank" target="_blank">About (new tab)</a>
			<a id="named" href="/about?t=named" target="side">About (side)</a>
			<a id="frag" href="#top">Top</a>
			<a id="other-frag" href="/about#team">Team</a>
			<a id="dl" href="/files/report.csv" download="report.csv">Report</a>`)(w, r)
	})
	mux.HandleFunc("/about", func(w http.ResponseWriter, r *http.Request) {
		htmlPage(`<title>About `+r.URL.Query().Get("t")+`</title><a id="home" href="/">Home</a>`)(w, r)
	})
	mux.HandleFunc("/files/report.csv", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/csv")
		io.WriteString(w, "a,b\n1,2\n")
	})
	return mux
}

func TestOpenLoadsThePage(t *testing.T) {
	inBothModes(t, site(), browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
		if s.Page() != nil || s.Document() != nil || s.HistoryIndex() != -1 {
			t.Fatalf("before the first load: Page %v, Document %v, HistoryIndex %d; want nil, nil, -1", s.Page(), s.Document(), s.HistoryIndex())
		}
		p := mustOpen(t, s, "/")
		type view struct {
			Title, URL, DocURL, Method, ContentType string
			Status                                  int
			Current                                 bool
		}
		got := view{p.Document().Title(), p.URL().String(), p.Document().URL(), p.Method(), p.ContentType(), p.Status(), s.Page() == p && s.Document() == p.Document()}
		want := view{"Home", base + "/", base + "/", "GET", "text/html; charset=utf-8", 200, true}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("page mismatch (-want +got):\n%s", diff)
		}
		if !strings.Contains(string(p.Body()), "<title>Home</title>") {
			t.Errorf("Body() = %q, want the page's bytes", p.Body())
		}
		if p.Err() != nil || len(p.Redirects()) != 0 {
			t.Errorf("Err() = %v, Redirects() = %v; want none", p.Err(), p.Redirects())
		}
	})
}

func TestPageAccessorsReturnCopies(t *testing.T) {
	s, err := browse.New(browse.Options{Handler: site()})
	if err != nil {
		t.Fatal(err)
	}
	p := mustOpen(t, s, "/")
	p.URL().Path = "/changed"
	p.Header().Set("Content-Type", "changed")
	p.Body()[0] = 'X'
	if p.URL().Path != "/" || p.ContentType() != "text/html; charset=utf-8" || p.Header().Get("Content-Type") != "text/html; charset=utf-8" || p.Body()[0] == 'X' {
		t.Errorf("changing what the accessors returned changed the page: URL %v, header %v, body %q", p.URL(), p.Header(), p.Body()[:10])
	}
}

func TestLinksNavigateTheSession(t *testing.T) {
	rec := record(site())
	inBothModes(t, rec, browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
		rec.take()
		for _, tc := range []struct {
			name, link, title string
		}{
			{"plain", "#about", "About"},
			// Every target navigates the session's one window.
			{"_blank", "#blank", "About blank"},
			{"named", "#named", "About named"},
		} {
			// Only the current page can navigate: each link is clicked
			// on a fresh load of the home page.
			home := mustOpen(t, s, "/")
			if err := el(t, home.Document(), tc.link).Click(); err != nil {
				t.Fatalf("%s: Click: %v", tc.name, err)
			}
			if got := s.Document().Title(); got != tc.title {
				t.Errorf("%s: after the click the title is %q, want %q", tc.name, got, tc.title)
			}
		}
		got := rec.take()
		want := []seen{
			{Method: "GET", URI: "/"},
			{Method: "GET", URI: "/about", Referer: base + "/"},
			{Method: "GET", URI: "/"},
			{Method: "GET", URI: "/about?t=blank", Referer: base + "/"},
			{Method: "GET", URI: "/"},
			{Method: "GET", URI: "/about?t=named", Referer: base + "/"},
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("requests mismatch (-want +got):\n%s", diff)
		}
	})
}

func TestFragmentLinks(t *testing.T) {
	rec := record(site())
	inBothModes(t, rec, browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
		home := mustOpen(t, s, "/")
		rec.take()
		// A link to a fragment of the same page sends nothing.
		if err := el(t, home.Document(), "#frag").Click(); err != nil {
			t.Fatalf("Click: %v", err)
		}
		if got := rec.take(); len(got) != 0 || s.Page() != home {
			t.Errorf("a fragment link sent %v and made %v current, want nothing and the same page", got, s.Page().URL())
		}
		// A link to a fragment of another page loads that page and keeps
		// the fragment in its URL.
		if err := el(t, home.Document(), "#other-frag").Click(); err != nil {
			t.Fatalf("Click: %v", err)
		}
		if diff := cmp.Diff([]seen{{Method: "GET", URI: "/about", Referer: base + "/"}}, rec.take()); diff != "" {
			t.Errorf("requests mismatch (-want +got):\n%s", diff)
		}
		if got, want := s.Page().URL().String(), base+"/about#team"; got != want {
			t.Errorf("page URL %q, want %q", got, want)
		}
		if got, want := s.Document().URL(), base+"/about#team"; got != want {
			t.Errorf("document URL %q, want %q", got, want)
		}
	})
}

func TestDownloadLinksAreFetchedNotNavigated(t *testing.T) {
	inBothModes(t, site(), browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
		home := mustOpen(t, s, "/")
		if err := el(t, home.Document(), "#dl").Click(); err != nil {
			t.Fatalf("Click: %v", err)
		}
		if s.Page() != home || len(s.History()) != 1 {
			t.Errorf("the download navigated: page %v, history %v", s.Page().URL(), s.History())
		}
		dls := s.Downloads()
		if len(dls) != 1 {
			t.Fatalf("Downloads() = %v, want one", dls)
		}
		d := dls[0]
		got := fmt.Sprintf("%s %s %d %s %q", d.URL, d.Name, d.Status, d.Header.Get("Content-Type"), d.Body)
		want := fmt.Sprintf("%s/files/report.csv report.csv 200 text/csv %q", base, "a,b\n1,2\n")
		if got != want {
			t.Errorf("download %s, want %s", got, want)
		}
	})
}

func TestBaseHrefResolvesLinksAndForms(t *testing.T) {
	rec := record(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		htmlPage(`<base href="/docs/v2/"><title>`+r.URL.Path+`</title>
			<a id="rel" href="guide">Guide</a>
			<form id="f" action="search"><input name="q" value="x"></form>`)(w, r)
	}))
	inBothModes(t, rec, browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
		p := mustOpen(t, s, "/start/page")
		rec.take()
		if err := el(t, p.Document(), "#rel").Click(); err != nil {
			t.Fatal(err)
		}
		if err := el(t, s.Document(), "#f").RequestSubmit(nil); err != nil {
			t.Fatal(err)
		}
		want := []seen{
			{Method: "GET", URI: "/docs/v2/guide", Referer: base + "/start/page"},
			{Method: "GET", URI: "/docs/v2/search?q=x", Referer: base + "/docs/v2/guide"},
		}
		if diff := cmp.Diff(want, rec.take()); diff != "" {
			t.Errorf("requests mismatch (-want +got):\n%s", diff)
		}
	})
}

func TestHistory(t *testing.T) {
	rec := record(site())
	inBothModes(t, rec, browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
		ctx := context.Background()
		if _, err := s.Back(ctx); !errors.Is(err, browse.ErrNoHistory) {
			t.Errorf("Back before any load: %v, want ErrNoHistory", err)
		}
		if _, err := s.Reload(ctx); !errors.Is(err, browse.ErrNoHistory) {
			t.Errorf("Reload before any load: %v, want ErrNoHistory", err)
		}
		mustOpen(t, s, "/")
		if err := el(t, s.Document(), "#about").Click(); err != nil {
			t.Fatal(err)
		}
		mustOpen(t, s, "/about?t=3")
		check := func(step string, index int, title string, entries ...string) {
			t.Helper()
			var want []entry
			for _, e := range entries {
				want = append(want, entry{Method: "GET", URL: e})
			}
			if diff := cmp.Diff(want, history(s, base)); diff != "" {
				t.Errorf("%s: history mismatch (-want +got):\n%s", step, diff)
			}
			if s.HistoryIndex() != index || s.Document().Title() != title {
				t.Errorf("%s: index %d, title %q; want %d, %q", step, s.HistoryIndex(), s.Document().Title(), index, title)
			}
		}
		check("after three loads", 2, "About 3", "/", "/about", "/about?t=3")
		if _, err := s.Back(ctx); err != nil {
			t.Fatal(err)
		}
		check("back", 1, "About", "/", "/about", "/about?t=3")
		if _, err := s.Back(ctx); err != nil {
			t.Fatal(err)
		}
		check("back again", 0, "Home", "/", "/about", "/about?t=3")
		if _, err := s.Back(ctx); !errors.Is(err, browse.ErrNoHistory) {
			t.Errorf("Back at the first entry: %v, want ErrNoHistory", err)
		}
		if _, err := s.Forward(ctx); err != nil {
			t.Fatal(err)
		}
		check("forward", 1, "About", "/", "/about", "/about?t=3")
		if _, err := s.Reload(ctx); err != nil {
			t.Fatal(err)
		}
		check("reload", 1, "About", "/", "/about", "/about?t=3")
		// A new navigation drops the forward entries.
		if err := el(t, s.Document(), "#home").Click(); err != nil {
			t.Fatal(err)
		}
		check("a click after back", 2, "Home", "/", "/about", "/")
		if _, err := s.Forward(ctx); !errors.Is(err, browse.ErrNoHistory) {
			t.Errorf("Forward at the last entry: %v, want ErrNoHistory", err)
		}
		// Each traversal sent its request again.
		var uris []string
		for _, r := range rec.take() {
			uris = append(uris, r.URI)
		}
		want := []string{"/", "/about", "/about?t=3", "/about", "/", "/about", "/about", "/"}
		if diff := cmp.Diff(want, uris); diff != "" {
			t.Errorf("requests mismatch (-want +got):\n%s", diff)
		}
	})
}

func TestNewRejectsBadOptions(t *testing.T) {
	h := site()
	for _, tc := range []struct {
		name  string
		opts  browse.Options
		field string
	}{
		{"relative base URL", browse.Options{Handler: h, BaseURL: "/x"}, "Options.BaseURL"},
		{"base URL of another scheme", browse.Options{BaseURL: "ftp://example.com/"}, "Options.BaseURL"},
		{"base URL that does not parse", browse.Options{BaseURL: "http://[::1"}, "Options.BaseURL"},
		{"negative redirects", browse.Options{Handler: h, MaxRedirects: -1}, "Options.MaxRedirects"},
		{"negative body limit", browse.Options{Handler: h, MaxBodyBytes: -1}, "Options.MaxBodyBytes"},
		{"negative timeout", browse.Options{Handler: h, Timeout: -1}, "Options.Timeout"},
		{"handler and client", browse.Options{Handler: h, Client: &http.Client{}}, "Options.Client"},
		{"isolation without a handler", browse.Options{BaseURL: "http://example.com/", IsolateHandler: true}, "Options.IsolateHandler"},
		{"nil parse option", browse.Options{Handler: h, ParseOptions: nil}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := browse.New(tc.opts)
			if tc.field == "" {
				if err != nil {
					t.Fatalf("New: %v, want no error", err)
				}
				return
			}
			if s != nil || !errors.Is(err, browse.ErrBadOptions) || !strings.Contains(err.Error(), tc.field) {
				t.Errorf("New = %v, %v; want an ErrBadOptions error naming %s", s, err, tc.field)
			}
		})
	}
}

// Without a Handler BaseURL is optional: absolute URLs open, relative ones
// are an error.
func TestNoBaseURL(t *testing.T) {
	srv := httptest.NewServer(site())
	defer srv.Close()
	s, err := browse.New(browse.Options{Client: srv.Client()})
	if err != nil {
		t.Fatal(err)
	}
	if p := mustOpen(t, s, srv.URL+"/about"); p.Document().Title() != "About" {
		t.Errorf("title %q", p.Document().Title())
	}
	p, err := s.Open(context.Background(), "/about")
	if p != nil || !errors.Is(err, browse.ErrBadRequest) || !strings.Contains(err.Error(), "Options.BaseURL") {
		t.Errorf("Open of a relative URL without BaseURL = %v, %v; want an ErrBadRequest error naming Options.BaseURL", p, err)
	}
	if _, err := s.Cookies("/"); !errors.Is(err, browse.ErrBadRequest) {
		t.Errorf("Cookies of a relative URL without BaseURL: %v, want ErrBadRequest", err)
	}
}

func TestOpenRejectsBadURLs(t *testing.T) {
	s, err := browse.New(browse.Options{Handler: site()})
	if err != nil {
		t.Fatal(err)
	}
	// "http:///path" is not bad: the URL parser reads it as http://path/,
	// as Chromium does.
	for _, raw := range []string{"mailto:a@example.com", "ftp://example.com/", "http://[::1", "https:///", "http://exa mple.com/"} {
		p, err := s.Open(context.Background(), raw)
		if p != nil || !errors.Is(err, browse.ErrBadRequest) || !strings.Contains(err.Error(), raw) {
			t.Errorf("Open(%q) = %v, %v; want an ErrBadRequest error naming the URL", raw, p, err)
		}
	}
	if len(s.Requests()) != 0 {
		t.Errorf("bad URLs sent requests: %v", s.Requests())
	}
}

// A <base href> on another host moves the page's links there: in process
// the handler gets them, with that Host and a cross-origin Referer.
func TestBaseHrefOnAnotherHost(t *testing.T) {
	type req struct{ Host, URI, Referer string }
	var got []req
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, req{r.Host, r.RequestURI, r.Header.Get("Referer")})
		htmlPage(`<base href="https://cdn.example/app/"><a href="page?x=1">page</a>`)(w, r)
	})
	s, err := browse.New(browse.Options{Handler: h})
	if err != nil {
		t.Fatal(err)
	}
	mustOpen(t, s, "/start")
	if err := el(t, s.Document(), "a").Click(); err != nil {
		t.Fatal(err)
	}
	want := []req{{"example.com", "/start", ""}, {"cdn.example", "/app/page?x=1", "http://example.com/"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("requests mismatch (-want +got):\n%s", diff)
	}
	if got := s.Page().URL().String(); got != "https://cdn.example/app/page?x=1" {
		t.Errorf("page URL %s", got)
	}
}
