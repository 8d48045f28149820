package browse_test

import (
	"net/http"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// requestView is what a handler reads of a request.
type requestView struct {
	Method, RequestURI, Host, RemoteAddr, Proto, URL string
	ContentLength                                    int64
	Header                                           http.Header
	TLS                                              bool
}

func TestHandlerRequestsLookLikeServerRequests(t *testing.T) {
	var got []requestView
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Header.Del("Accept-Encoding") // added by the server mode's transport
		got = append(got, requestView{r.Method, r.RequestURI, r.Host, r.RemoteAddr, r.Proto, r.URL.String(), r.ContentLength, r.Header, r.TLS != nil})
		htmlPage(`<form method="post" action="/save?x=1"><input name="a" value="b"></form>`)(w, r)
	})
	s, err := browse.New(browse.Options{Handler: h, BaseURL: "https://shop.example/app/", Header: http.Header{"X-Test": {"1"}}})
	if err != nil {
		t.Fatal(err)
	}
	mustOpen(t, s, "list?page=2")
	if err := el(t, s.Document(), "form").RequestSubmit(nil); err != nil {
		t.Fatal(err)
	}
	accept := "text/html,application/xhtml+xml,application/xml;q=0.9,image/jxl,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7"
	want := []requestView{
		{"GET", "/app/list?page=2", "shop.example", "192.0.2.1:1234", "HTTP/1.1", "/app/list?page=2", 0,
			http.Header{"Accept": {accept}, "User-Agent": {"eventperk-browse/1"}, "X-Test": {"1"}}, true},
		{"POST", "/save?x=1", "shop.example", "192.0.2.1:1234", "HTTP/1.1", "/save?x=1", 3,
			http.Header{"Accept": {accept}, "User-Agent": {"eventperk-browse/1"}, "X-Test": {"1"},
				"Content-Type": {"application/x-www-form-urlencoded"}, "Content-Length": {"3"},
				"Origin": {"https://shop.example"}, "Referer": {"https://shop.example/app/list?page=2"}}, true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("requests mismatch (-want +got):\n%s", diff)
	}
}

// The same request reaches a real server with the same headers.
func TestServerRequestsCarryTheSameHeaders(t *testing.T) {
	var got []http.Header
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, r.Header)
		htmlPage(`<a href="/next">next</a>`)(w, r)
	})
	inBothModes(t, h, browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
		got = nil
		mustOpen(t, s, "/")
		if err := el(t, s.Document(), "a").Click(); err != nil {
			t.Fatal(err)
		}
		want := []http.Header{
			{"Accept": {"text/html,application/xhtml+xml,application/xml;q=0.9,image/jxl,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7"}, "User-Agent": {"eventperk-browse/1"}},
			{"Accept": {"text/html,application/xhtml+xml,application/xml;q=0.9,image/jxl,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7"}, "User-Agent": {"eventperk-browse/1"}, "Referer": {base + "/"}},
		}
		ignore := cmpopts.IgnoreMapEntries(func(k string, _ []string) bool { return k == "Accept-Encoding" })
		if diff := cmp.Diff(want, got, ignore); diff != "" {
			t.Errorf("headers mismatch (-want +got):\n%s", diff)
		}
	})
}

func TestRefererPolicy(t *testing.T) {
	var referers []string
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		referers = append(referers, r.Header.Get("Referer"))
		htmlPage(`<a id="same" href="/b?q=1#f">same</a><a id="other" href="https://other.example/x">other</a><a id="down" href="http://shop.example/plain">http</a>`)(w, r)
	})
	s, err := browse.New(browse.Options{Handler: h, BaseURL: "https://shop.example/"})
	if err != nil {
		t.Fatal(err)
	}
	for _, link := range []string{"#same", "#other"} {
		mustOpen(t, s, "/a?secret=1#frag")
		if err := el(t, s.Document(), link).Click(); err != nil {
			t.Fatal(err)
		}
	}
	mustOpen(t, s, "/a")
	if err := el(t, s.Document(), "#down").Click(); err != nil {
		t.Fatal(err)
	}
	// strict-origin-when-cross-origin: the URL without fragment to the
	// same origin, the origin to another, nothing from https to http.
	want := []string{"", "https://shop.example/a?secret=1", "", "https://shop.example/", "", ""}
	if diff := cmp.Diff(want, referers); diff != "" {
		t.Errorf("Referer mismatch (-want +got):\n%s", diff)
	}
}

// The response a handler writes reaches the page as a server would send
// it: informational statuses skipped, the header as it was when the
// status was written, the type sniffed from a body written without one.
func TestHandlerResponsesAsAServerSendsThem(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/hints", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Link", "</style.css>; rel=preload")
		w.WriteHeader(http.StatusEarlyHints)
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("X-Before", "1")
		w.WriteHeader(http.StatusCreated)
		w.Header().Set("X-After", "1") // too late: not sent
		w.Write([]byte(`<title>made</title>`))
	})
	mux.HandleFunc("/sniffed", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`<!DOCTYPE html><title>sniffed</title>`))
	})
	inBothModes(t, mux, browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
		p := mustOpen(t, s, "/hints")
		if p.Status() != http.StatusCreated || p.Header().Get("X-Before") != "1" || p.Header().Get("X-After") != "" || p.Document().Title() != "made" {
			t.Errorf("status %d, header %v, title %q; want 201 with X-Before only", p.Status(), p.Header(), p.Document().Title())
		}
		p = mustOpen(t, s, "/sniffed")
		if p.ContentType() != "text/html; charset=utf-8" || p.Document().Title() != "sniffed" {
			t.Errorf("content type %q, title %q; want the sniffed text/html", p.ContentType(), p.Document().Title())
		}
	})
}
