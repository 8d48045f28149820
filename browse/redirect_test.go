package browse_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// redirectSite redirects /go?code=C&to=L with status C to L, and shows
// every other page with its method and path.
func redirectSite() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/go":
			code, _ := strconv.Atoi(r.URL.Query().Get("code"))
			http.SetCookie(w, &http.Cookie{Name: "hop", Value: strconv.Itoa(code), Path: "/"})
			w.Header().Set("Location", r.URL.Query().Get("to"))
			w.WriteHeader(code)
		case "/loop/a":
			http.Redirect(w, r, "/loop/b", http.StatusFound)
		case "/loop/b":
			http.Redirect(w, r, "/loop/a", http.StatusFound)
		default:
			if n, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/chain/")); err == nil {
				if n > 0 {
					http.Redirect(w, r, "/chain/"+strconv.Itoa(n-1), http.StatusFound)
					return
				}
			}
			htmlPage(`<title>`+r.Method+` `+r.URL.Path+`</title>`)(w, r)
		}
	})
}

// navigation is the request of a form that POSTs x=1 to target, or a GET.
func navigation(method, target string) vdom.NavigationRequest {
	u, err := url.Parse(target)
	if err != nil {
		panic(err)
	}
	req := vdom.NavigationRequest{Method: method, URL: u, Header: vdom.Header{}}
	if method == "POST" {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Body = []byte("x=1")
	}
	return req
}

func TestRedirectMethodRules(t *testing.T) {
	for _, tc := range []struct {
		code         int
		method       string
		wantMethod   string
		wantBodySent bool
	}{
		{301, "GET", "GET", false},
		{301, "POST", "GET", false},
		{302, "GET", "GET", false},
		{302, "POST", "GET", false},
		{303, "GET", "GET", false},
		{303, "POST", "GET", false},
		{307, "GET", "GET", false},
		{307, "POST", "POST", true},
		{308, "GET", "GET", false},
		{308, "POST", "POST", true},
	} {
		t.Run(fmt.Sprintf("%d %s", tc.code, tc.method), func(t *testing.T) {
			rec := record(redirectSite())
			inBothModes(t, rec, browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
				rec.take()
				start := fmt.Sprintf("%s/go?code=%d&to=%s", base, tc.code, url.QueryEscape("/done"))
				p, err := s.Navigate(context.Background(), navigation(tc.method, start))
				if err != nil {
					t.Fatalf("Navigate: %v", err)
				}
				got := rec.take()
				if len(got) != 2 {
					t.Fatalf("requests %v, want two", got)
				}
				first := got[0]
				hop := seen{Method: tc.wantMethod, URI: "/done", Cookie: "hop=" + strconv.Itoa(tc.code), Origin: first.Origin}
				if tc.wantBodySent {
					hop.ContentType, hop.Body = first.ContentType, first.Body
				} else {
					hop.Origin = ""
				}
				if diff := cmp.Diff(hop, got[1]); diff != "" {
					t.Errorf("redirected request mismatch (-want +got):\n%s", diff)
				}
				wantRecords := []sentRecord{
					{Method: tc.method, URL: strings.TrimPrefix(start, base), Status: tc.code},
					{Method: tc.wantMethod, URL: "/done", Status: 200},
				}
				if diff := cmp.Diff(wantRecords, records(s, base)); diff != "" {
					t.Errorf("Requests mismatch (-want +got):\n%s", diff)
				}
				if p.Method() != tc.wantMethod || p.URL().String() != base+"/done" || p.Document().Title() != tc.wantMethod+" /done" {
					t.Errorf("page %s %s %q, want %s %s", p.Method(), p.URL(), p.Document().Title(), tc.wantMethod, base+"/done")
				}
				var redirects []string
				for _, u := range p.Redirects() {
					redirects = append(redirects, u.String())
				}
				if diff := cmp.Diff([]string{start}, redirects); diff != "" {
					t.Errorf("Redirects mismatch (-want +got):\n%s", diff)
				}
				// The history keeps the final request, to send again.
				if diff := cmp.Diff([]entry{{Method: tc.wantMethod, URL: "/done"}}, history(s, base)); diff != "" {
					t.Errorf("history mismatch (-want +got):\n%s", diff)
				}
			})
		})
	}
}

func TestRedirectFragments(t *testing.T) {
	inBothModes(t, redirectSite(), browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
		// A Location without a fragment inherits the request's.
		p := mustOpen(t, s, "/go?code=302&to=/done#kept")
		if got, want := p.URL().String(), base+"/done#kept"; got != want {
			t.Errorf("fragment inherited: URL %q, want %q", got, want)
		}
		p = mustOpen(t, s, "/go?code=302&to="+url.QueryEscape("/done#own")+"#kept")
		if got, want := p.URL().String(), base+"/done#own"; got != want {
			t.Errorf("Location's own fragment: URL %q, want %q", got, want)
		}
		if got, want := p.Document().URL(), base+"/done#own"; got != want {
			t.Errorf("document URL %q, want %q", got, want)
		}
	})
}

func TestRedirectLimitAndLoop(t *testing.T) {
	inBothModes(t, redirectSite(), browse.Options{MaxRedirects: 3}, func(t *testing.T, s *browse.Session, base string) {
		p := mustOpen(t, s, "/chain/3")
		if len(p.Redirects()) != 3 || p.Document().Title() != "GET /chain/0" {
			t.Errorf("three redirects: %d redirects, title %q", len(p.Redirects()), p.Document().Title())
		}
		before := s.Page()
		p, err := s.Open(context.Background(), "/chain/4")
		var rerr *browse.RedirectError
		if p != nil || !errors.Is(err, browse.ErrTooManyRedirects) || !errors.As(err, &rerr) {
			t.Fatalf("four redirects: %v, %v; want a *RedirectError", p, err)
		}
		want := []string{base + "/chain/4", base + "/chain/3", base + "/chain/2", base + "/chain/1", base + "/chain/0"}
		var chain []string
		for _, u := range rerr.Chain {
			chain = append(chain, u.String())
		}
		if diff := cmp.Diff(want, chain); diff != "" || rerr.Limit != 3 || rerr.Method != "GET" {
			t.Errorf("RedirectError %+v; chain mismatch (-want +got):\n%s", rerr, diff)
		}
		if s.Page() != before || len(s.History()) != 1 {
			t.Errorf("a failed load changed the session: page %v, history %v", s.Page().URL(), s.History())
		}
		_, err = s.Open(context.Background(), "/loop/a")
		if !errors.As(err, &rerr) {
			t.Fatalf("loop: %v, want a *RedirectError", err)
		}
		if !strings.Contains(err.Error(), "/loop/a -> "+base+"/loop/b -> "+base+"/loop/a") {
			t.Errorf("the loop's error %q does not show the loop", err)
		}
	})
}

func TestDefaultRedirectLimitIsChromiums(t *testing.T) {
	s, err := browse.New(browse.Options{Handler: redirectSite()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Open(context.Background(), "/chain/20"); err != nil {
		t.Errorf("20 redirects: %v, want none", err)
	}
	if _, err := s.Open(context.Background(), "/chain/21"); !errors.Is(err, browse.ErrTooManyRedirects) {
		t.Errorf("21 redirects: %v, want ErrTooManyRedirects", err)
	}
}

func TestRedirectToBadLocation(t *testing.T) {
	inBothModes(t, redirectSite(), browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
		for _, loc := range []string{"mailto:a@example.com", "http://[::1"} {
			p, err := s.Open(context.Background(), "/go?code=302&to="+url.QueryEscape(loc))
			if p != nil || !errors.Is(err, browse.ErrBadRequest) || !strings.Contains(err.Error(), loc) {
				t.Errorf("redirect to %q: %v, %v; want an ErrBadRequest error naming it", loc, p, err)
			}
		}
		// A redirect status without Location is the page.
		p, err := s.Open(context.Background(), "/go?code=302")
		if p == nil || p.Status() != 302 || s.Page() != p {
			t.Errorf("302 without Location: %v, %v; want the 302 page", p, err)
		}
		// Its empty body, without a Content-Type, is sniffed as text.
		if !errors.Is(err, browse.ErrNotHTML) {
			t.Errorf("302 without Location: %v; want ErrNotHTML", err)
		}
	})
}

// TestStayOnHost: with Options.StayOnHost a redirect, a link, a form and
// Open that leave the base URL's host fail with ErrOtherHost, and nothing
// is sent there; the same host under another scheme, or with its default
// port written out, is the same host.
func TestStayOnHost(t *testing.T) {
	rec := record(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/away":
			http.Redirect(w, r, "http://evil.example/x", http.StatusFound)
		case "/home":
			http.Redirect(w, r, "https://EXAMPLE.com:443/", http.StatusFound)
		default:
			htmlPage(`<a id=link href="//evil.example/">x</a><form id=form action="http://evil.example:8080/"><button>go</button></form>`)(w, r)
		}
	}))
	s, err := browse.New(browse.Options{Handler: rec, StayOnHost: true})
	if err != nil {
		t.Fatal(err)
	}
	home := mustOpen(t, s, "/")
	for _, tc := range []struct {
		name string
		load func() error
	}{
		{"redirect", func() error { _, err := s.Open(context.Background(), "/away"); return err }},
		{"link", func() error { return el(t, home.Document(), "#link").Click() }},
		{"form", func() error { return el(t, home.Document(), "button").Click() }},
		{"Open", func() error { _, err := s.Open(context.Background(), "http://evil.example/"); return err }},
	} {
		rec.take()
		err := tc.load()
		if !errors.Is(err, browse.ErrOtherHost) || !strings.Contains(err.Error(), "evil.example") {
			t.Errorf("%s: %v; want an ErrOtherHost error naming evil.example", tc.name, err)
		}
		for _, r := range rec.take() {
			if tc.name != "redirect" || r.URI != "/away" {
				t.Errorf("%s: the handler saw %+v", tc.name, r)
			}
		}
		if s.Page() != home {
			t.Errorf("%s: the page changed to %v", tc.name, s.Page().URL())
		}
	}
	if p, err := s.Open(context.Background(), "/home"); err != nil || p.URL().String() != "https://example.com/" {
		t.Errorf("redirect to https on the same host: %v, %v", pageURL(p), err)
	}
	if _, err := browse.New(browse.Options{Client: http.DefaultClient, StayOnHost: true}); !errors.Is(err, browse.ErrBadOptions) {
		t.Errorf("StayOnHost without a BaseURL: %v, want ErrBadOptions", err)
	}
}
