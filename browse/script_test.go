package browse_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// scriptSeen is what a handler reads of a script's request.
type scriptSeen struct {
	Method, URI, Body                          string
	Accept, ContentType, Origin, Referer, XOne string
}

func scriptHandler(seen *[]scriptSeen) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		*seen = append(*seen, scriptSeen{r.Method, r.RequestURI, string(body), r.Header.Get("Accept"),
			r.Header.Get("Content-Type"), r.Header.Get("Origin"), r.Header.Get("Referer"), r.Header.Get("X-One")})
		switch r.URL.Path {
		case "/moved":
			http.Redirect(w, r, "/final", http.StatusSeeOther)
		case "/keep":
			http.Redirect(w, r, "/final", http.StatusTemporaryRedirect)
		case "/final":
			w.Header().Set("X-Final", "yes")
			fmt.Fprint(w, "final")
		case "/missing":
			http.NotFound(w, r)
		default:
			htmlPage(`<p>page</p>`)(w, r)
		}
	}
}

func TestPageFetchSendsAsAScript(t *testing.T) {
	var seen []scriptSeen
	s, err := browse.New(browse.Options{Handler: scriptHandler(&seen)})
	if err != nil {
		t.Fatal(err)
	}
	p := mustOpen(t, s, "/list?page=1")
	seen = nil
	resp, err := p.Fetch(browse.FetchRequest{Method: "put", URL: "moved", Header: http.Header{"X-One": {"1"}, "Content-Type": {"text/plain"}}, Body: []byte("x=1")})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(&browse.FetchResponse{URL: mustURL("http://example.com/final"), Redirected: true, Status: 200,
		Header: resp.Header, Body: []byte("final")}, resp); diff != "" || resp.Header.Get("X-Final") != "yes" {
		t.Errorf("response mismatch (-want +got):\n%s%v", diff, resp.Header)
	}
	// The 303 turns PUT into GET, dropping the body and its Content-Type
	// but not the request's other fields.
	want := []scriptSeen{
		{"PUT", "/moved", "x=1", "*/*", "text/plain", "http://example.com", "http://example.com/list?page=1", "1"},
		{"GET", "/final", "", "*/*", "", "", "http://example.com/list?page=1", "1"},
	}
	if diff := cmp.Diff(want, seen); diff != "" {
		t.Errorf("requests mismatch (-want +got):\n%s", diff)
	}
	seen = nil
	if _, err := p.Fetch(browse.FetchRequest{Method: "DELETE", URL: "/keep", Header: http.Header{"Accept": {"text/html"}}, Body: []byte("b")}); err != nil {
		t.Fatal(err)
	}
	want = []scriptSeen{
		{"DELETE", "/keep", "b", "text/html", "", "http://example.com", "http://example.com/list?page=1", ""},
		{"DELETE", "/final", "b", "text/html", "", "http://example.com", "http://example.com/list?page=1", ""},
	}
	if diff := cmp.Diff(want, seen); diff != "" {
		t.Errorf("307 requests mismatch (-want +got):\n%s", diff)
	}
	var recs []sentRecord
	var fetched []bool
	for _, r := range s.Requests() {
		recs = append(recs, sentRecord{r.Method, r.URL.Path, r.Status})
		fetched = append(fetched, r.Fetch)
	}
	if diff := cmp.Diff([]bool{false, true, true, true, true}, fetched); diff != "" {
		t.Errorf("Fetch flags mismatch (-want +got):\n%s\n%v", diff, recs)
	}
	if got := len(s.History()); got != 1 {
		t.Errorf("history has %d entries, want 1: a script's request is no navigation", got)
	}
	resp, err = p.Fetch(browse.FetchRequest{URL: "/missing"})
	if err != nil || resp.Status != 404 {
		t.Errorf("Fetch of a missing page = %v, %v; want a 404 response and no error", resp, err)
	}
}

func TestPageFetchRefuses(t *testing.T) {
	var seen []scriptSeen
	s, err := browse.New(browse.Options{Handler: scriptHandler(&seen)})
	if err != nil {
		t.Fatal(err)
	}
	p := mustOpen(t, s, "/")
	for _, req := range []browse.FetchRequest{
		{Method: "TRACE", URL: "/"},
		{Method: "GET X", URL: "/"},
		{URL: "ftp://example.com/"},
		{URL: "/", Header: http.Header{"X-Bad": {"a\nb"}}},
	} {
		if _, err := p.Fetch(req); !errors.Is(err, browse.ErrBadRequest) {
			t.Errorf("Fetch(%+v) = %v, want ErrBadRequest", req, err)
		}
	}
	mustOpen(t, s, "/other")
	if _, err := p.Fetch(browse.FetchRequest{URL: "/"}); !errors.Is(err, browse.ErrInactivePage) {
		t.Errorf("Fetch from a left page = %v, want ErrInactivePage", err)
	}
	if err := p.Reload(); !errors.Is(err, browse.ErrInactivePage) {
		t.Errorf("Reload of a left page = %v, want ErrInactivePage", err)
	}
	if err := p.Navigate(vdom.NavigationRequest{Method: "GET", URL: mustURL("http://example.com/x")}); !errors.Is(err, browse.ErrInactivePage) {
		t.Errorf("Navigate from a left page = %v, want ErrInactivePage", err)
	}
}

func TestPageNavigateAndReload(t *testing.T) {
	var seen []scriptSeen
	s, err := browse.New(browse.Options{Handler: scriptHandler(&seen)})
	if err != nil {
		t.Fatal(err)
	}
	p := mustOpen(t, s, "/a")
	if err := p.Navigate(vdom.NavigationRequest{Method: "GET", URL: mustURL("http://example.com/b")}); err != nil {
		t.Fatal(err)
	}
	if err := s.Page().Reload(); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]entry{{"GET", "/a"}, {"GET", "/b"}}, history(s, "http://example.com")); diff != "" {
		t.Errorf("history mismatch (-want +got):\n%s", diff)
	}
	if got := seen[len(seen)-1].URI; got != "/b" || len(seen) != 3 {
		t.Errorf("requests %v, want /a, /b and /b again", seen)
	}
}

func TestPageHooks(t *testing.T) {
	var calls []string
	hookErr := errors.New("hook failed")
	opts := browse.Options{
		Handler: htmlPage(`<title>T</title><a href="/next">next</a>`),
		PageHooks: []browse.PageHook{
			func(ctx context.Context, s *browse.Session, p *browse.Page) error {
				if s.Page() != p || ctx == nil {
					t.Errorf("hook runs on %v, the session shows %v", p.URL(), s.Page().URL())
				}
				calls = append(calls, "first "+p.URL().Path+" "+p.Document().Title())
				return nil
			},
			func(ctx context.Context, s *browse.Session, p *browse.Page) error {
				calls = append(calls, "second "+p.URL().Path)
				return hookErr
			},
		},
	}
	s, err := browse.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Open(context.Background(), "/")
	if !errors.Is(err, hookErr) || !errors.Is(p.Err(), hookErr) {
		t.Errorf("Open = %v, page error %v; want the hook's error", err, p.Err())
	}
	if err := el(t, s.Document(), "a").Click(); !errors.Is(err, hookErr) {
		t.Errorf("Click = %v, want the hook's error of the next page", err)
	}
	if diff := cmp.Diff([]string{"first / T", "second /", "first /next T", "second /next"}, calls); diff != "" {
		t.Errorf("calls mismatch (-want +got):\n%s", diff)
	}
	if _, err := browse.New(browse.Options{Handler: opts.Handler, PageHooks: []browse.PageHook{nil}}); !errors.Is(err, browse.ErrBadOptions) {
		t.Errorf("New with a nil hook = %v, want ErrBadOptions", err)
	}
}

// A hook that navigates leaves the hooks after it to the page it loaded.
func TestPageHookThatNavigates(t *testing.T) {
	var calls []string
	opts := browse.Options{
		Handler: htmlPage(`<p>x</p>`),
		PageHooks: []browse.PageHook{
			func(ctx context.Context, s *browse.Session, p *browse.Page) error {
				calls = append(calls, "first "+p.URL().Path)
				if p.URL().Path == "/" {
					return p.Navigate(vdom.NavigationRequest{Method: "GET", URL: mustURL("http://example.com/next")})
				}
				return nil
			},
			func(ctx context.Context, s *browse.Session, p *browse.Page) error {
				calls = append(calls, "second "+p.URL().Path)
				return nil
			},
		},
	}
	s, err := browse.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	mustOpen(t, s, "/")
	if diff := cmp.Diff([]string{"first /", "first /next", "second /next"}, calls); diff != "" {
		t.Errorf("calls mismatch (-want +got):\n%s", diff)
	}
}
