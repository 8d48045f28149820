package browse_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/vdom"
)

// mode is one of the two ways a session reaches the handler.
type mode struct {
	name string
	// session returns a session over h with opts, and the base URL its
	// pages have.
	session func(t *testing.T, h http.Handler, opts browse.Options) (*browse.Session, string)
}

var modes = []mode{
	{"handler", func(t *testing.T, h http.Handler, opts browse.Options) (*browse.Session, string) {
		t.Helper()
		opts.Handler = h
		s, err := browse.New(opts)
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		return s, "http://example.com"
	}},
	{"server", func(t *testing.T, h http.Handler, opts browse.Options) (*browse.Session, string) {
		t.Helper()
		srv := httptest.NewServer(h)
		t.Cleanup(srv.Close)
		opts.BaseURL = srv.URL + "/"
		opts.Client = srv.Client()
		s, err := browse.New(opts)
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		return s, srv.URL
	}},
}

// inBothModes runs f once over the handler in process and once over an
// httptest server.
func inBothModes(t *testing.T, h http.Handler, opts browse.Options, f func(t *testing.T, s *browse.Session, base string)) {
	t.Helper()
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			s, base := m.session(t, h, opts)
			f(t, s, base)
		})
	}
}

// seen is what a handler saw of one request.
type seen struct {
	Method, URI, ContentType, Body string
	Referer, Origin, Cookie        string
}

// recorder is a handler wrapper that records the requests its handler
// sees.
type recorder struct {
	mu   sync.Mutex
	reqs []seen
	h    http.Handler
}

func record(h http.Handler) *recorder { return &recorder{h: h} }

func (rec *recorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	rec.mu.Lock()
	rec.reqs = append(rec.reqs, seen{
		Method: r.Method, URI: r.RequestURI, ContentType: r.Header.Get("Content-Type"), Body: string(body),
		Referer: r.Header.Get("Referer"), Origin: r.Header.Get("Origin"), Cookie: r.Header.Get("Cookie"),
	})
	rec.mu.Unlock()
	r.Body = io.NopCloser(strings.NewReader(string(body)))
	rec.h.ServeHTTP(w, r)
}

// take returns the requests recorded and forgets them.
func (rec *recorder) take() []seen {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	out := rec.reqs
	rec.reqs = nil
	return out
}

// htmlPage answers every request with page.
func htmlPage(page string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, page)
	}
}

// mustOpen opens rawURL and fails the test on an error.
func mustOpen(t *testing.T, s *browse.Session, rawURL string) *browse.Page {
	t.Helper()
	p, err := s.Open(context.Background(), rawURL)
	if err != nil {
		t.Fatalf("Open(%q): %v", rawURL, err)
	}
	return p
}

// el returns the element sel selects in doc, failing the test when there
// is none.
func el(t *testing.T, doc *vdom.Document, sel string) *vdom.Node {
	t.Helper()
	if doc == nil {
		t.Fatalf("no document to select %q in", sel)
	}
	n, err := doc.QuerySelector(sel)
	if err != nil || n == nil {
		t.Fatalf("QuerySelector(%q) = %v, %v; page: %s", sel, n, err, doc.DocumentElement().OuterHTML())
	}
	return n
}

// mustURL parses raw, a URL a test writes.
func mustURL(raw string) *url.URL {
	u, err := url.Parse(raw)
	if err != nil {
		panic(err)
	}
	return u
}

// sentRecord is a RequestRecord with its URL as text, and entry a
// HistoryEntry, for comparisons with cmp.
type (
	sentRecord struct {
		Method, URL string
		Status      int
	}
	entry struct{ Method, URL string }
)

// records returns the session's requests with base cut from their URLs.
func records(s *browse.Session, base string) []sentRecord {
	var out []sentRecord
	for _, r := range s.Requests() {
		out = append(out, sentRecord{r.Method, strings.TrimPrefix(r.URL.String(), base), r.Status})
	}
	return out
}

// history returns the session's history with base cut from the URLs.
func history(s *browse.Session, base string) []entry {
	var out []entry
	for _, e := range s.History() {
		out = append(out, entry{e.Method, strings.TrimPrefix(e.URL.String(), base)})
	}
	return out
}
