package browse_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
)

// FuzzResponse loads responses of any status, Content-Type, Location and
// body, and checks the session's contract: no panic; either a page that
// is current, whose status and body are the response's, or no page and
// the current page unchanged; every request recorded.
func FuzzResponse(f *testing.F) {
	f.Add(200, "text/html; charset=utf-8", "", []byte("<title>x</title>"))
	f.Add(302, "", "/next#f", []byte(""))
	f.Add(307, "text/plain", "//other.example/x", []byte("moved"))
	f.Add(301, "", "http://[::1", []byte(""))
	f.Add(303, "", "javascript:alert(1)", []byte(""))
	f.Add(404, "application/json; charset=shift_jis", "", []byte(`{"a": "\x93\xfa"}`))
	f.Add(500, "image/png", "", []byte("\x89PNG"))
	f.Add(200, "text/html; charset=utf-16le", "", []byte("\xff\xfe<\x00p\x00>\x00"))
	f.Add(200, ";;;", "", []byte("\x00\x01\x02"))
	f.Fuzz(func(t *testing.T, status int, contentType, location string, body []byte) {
		if status < 200 || status > 999 {
			status = 200 + (status%800+800)%800
		}
		h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/" {
				w.Header().Set("Content-Type", "text/html")
				w.Write([]byte("<title>target</title>"))
				return
			}
			if contentType != "" {
				w.Header().Set("Content-Type", contentType)
			}
			if location != "" {
				w.Header().Set("Location", location)
			}
			w.WriteHeader(status)
			w.Write(body)
		})
		s, err := browse.New(browse.Options{Handler: h, MaxRedirects: 3})
		if err != nil {
			t.Fatal(err)
		}
		p, err := s.Open(context.Background(), "/")
		if len(s.Requests()) == 0 {
			t.Fatalf("no request recorded")
		}
		if p == nil {
			if err == nil || s.Page() != nil || len(s.History()) != 0 {
				t.Fatalf("no page, error %v, current %v, history %v", err, s.Page(), s.History())
			}
			return
		}
		if s.Page() != p || p.Document() == nil || p.Err() != err {
			t.Fatalf("page %v not current, or without document, or Err %v != %v", p, p.Err(), err)
		}
		if status == http.StatusNoContent || status == http.StatusNotModified {
			body = nil // no body allowed, as net/http's server says
		}
		if len(p.Redirects()) == 0 && (p.Status() != status || string(p.Body()) != string(body)) {
			t.Fatalf("page status %d body %q, want %d %q", p.Status(), p.Body(), status, body)
		}
		if p.Status() >= 400 && !errors.Is(err, browse.ErrStatus) {
			t.Fatalf("status %d without ErrStatus: %v", p.Status(), err)
		}
	})
}
