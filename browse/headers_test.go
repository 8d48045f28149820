package browse_test

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// The tests of this file check that no data of a page, a server or a
// caller can add a header line to a request the session sends.

func TestOptionsHeaderRefusesHeaderLines(t *testing.T) {
	for _, tc := range []struct {
		name   string
		header http.Header
		ok     bool
	}{
		{"plain", http.Header{"X-A": {"1"}}, true},
		{"tab inside", http.Header{"X-A": {"a\tb"}}, true},
		{"CR LF", http.Header{"X-A": {"1\r\nX-B: 2"}}, false},
		{"LF", http.Header{"X-A": {"1\nX-B: 2"}}, false},
		{"NUL", http.Header{"X-A": {"1\x00"}}, false},
		{"name with a space", http.Header{"X A": {"1"}}, false},
		{"name with a colon", http.Header{"X-A: 1\r\nX-B": {"2"}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := browse.New(browse.Options{Handler: site(), Header: tc.header})
			if tc.ok != (err == nil) || (err != nil && (!errors.Is(err, browse.ErrBadOptions) || !strings.Contains(err.Error(), "Options.Header"))) {
				t.Errorf("New with Header %q: %v; want ok %v or an ErrBadOptions error naming Options.Header", tc.header, err, tc.ok)
			}
		})
	}
}

func TestNavigationContentTypeRefusesHeaderLines(t *testing.T) {
	rec := record(site())
	inBothModes(t, rec, browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
		rec.take()
		u, err := url.Parse(base + "/")
		if err != nil {
			t.Fatal(err)
		}
		req := vdom.NavigationRequest{Method: "POST", URL: u, Header: vdom.Header{}, Body: []byte("a=1")}
		req.Header["Content-Type"] = []string{"text/plain\r\nX-Injected: 1"}
		p, err := s.Navigate(context.Background(), req)
		if p != nil || !errors.Is(err, browse.ErrBadRequest) {
			t.Errorf("Navigate with a Content-Type of two lines: %v, %v; want ErrBadRequest", p, err)
		}
		if got := rec.take(); len(got) != 0 {
			t.Errorf("the handler saw %v", got)
		}
	})
}

// TestFileTypeAddsNoHeader submits a file whose type holds a header line:
// the handler's multipart reader finds the file as application/octet-
// stream, as Chromium sends a File whose type the File API emptied.
func TestFileTypeAddsNoHeader(t *testing.T) {
	type part struct{ Name, File, Type, Extra string }
	var got []part
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == "POST" {
			mr, err := r.MultipartReader()
			if err != nil {
				http.Error(w, err.Error(), 400)
				return
			}
			for {
				p, err := mr.NextRawPart()
				if err != nil {
					break
				}
				var extra []string
				for k := range p.Header {
					if k != "Content-Disposition" && k != "Content-Type" {
						extra = append(extra, k)
					}
				}
				slices.Sort(extra)
				got = append(got, part{p.FormName(), p.FileName(), p.Header.Get("Content-Type"), strings.Join(extra, ",")})
			}
		}
		htmlPage(`<form method=post enctype=multipart/form-data><input type=file name=f><button>Send</button></form>`)(w, r)
	})
	inBothModes(t, h, browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
		got = nil
		p := mustOpen(t, s, "/")
		in := el(t, p.Document(), "input")
		if err := in.SetFiles([]vdom.File{{Name: "a.txt", Type: "text/plain\r\nX-Injected: 1", Content: []byte("x")}}); err != nil {
			t.Fatal(err)
		}
		if err := el(t, p.Document(), "button").Click(); err != nil {
			t.Fatal(err)
		}
		want := []part{{Name: "f", File: "a.txt", Type: "application/octet-stream"}}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("parts mismatch (-want +got):\n%s", diff)
		}
	})
}

// TestEnctypeWithNewlineIsTheDefault: an enctype attribute that is no
// keyword, say one holding a header line, is the default encoding.
func TestEnctypeWithNewlineIsTheDefault(t *testing.T) {
	rec := record(htmlPage("<form method=post enctype=\"multipart/form-data&#13;&#10;X-Injected: 1\"><input name=a value=1><button>Send</button></form>"))
	inBothModes(t, rec, browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
		p := mustOpen(t, s, "/")
		rec.take()
		if err := el(t, p.Document(), "button").Click(); err != nil {
			t.Fatal(err)
		}
		got := rec.take()
		if len(got) != 1 || got[0].ContentType != "application/x-www-form-urlencoded" || got[0].Body != "a=1" {
			t.Errorf("requests %+v; want one urlencoded POST of a=1", got)
		}
	})
}

// TestRefererOfAPageWithNewlines: a page URL with an encoded CR LF gives a
// Referer with the encoded bytes, on one line.
func TestRefererOfAPageWithNewlines(t *testing.T) {
	rec := record(htmlPage(`<a href="/next">next</a>`))
	inBothModes(t, rec, browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
		p := mustOpen(t, s, "/a%0D%0AX-Injected:%201")
		rec.take()
		if err := el(t, p.Document(), "a").Click(); err != nil {
			t.Fatal(err)
		}
		got := rec.take()
		if want := base + "/a%0D%0AX-Injected:%201"; len(got) != 1 || got[0].Referer != want {
			t.Errorf("requests %+v; want one with Referer %s", got, want)
		}
	})
}

// TestPasswordsAreRedactedEverywhere: a URL's password shows as "xxxxx"
// in Requests, History and Downloads alike.
func TestPasswordsAreRedactedEverywhere(t *testing.T) {
	h := htmlPage(`<a href="/file" download>file</a>`)
	s, err := browse.New(browse.Options{Handler: h})
	if err != nil {
		t.Fatal(err)
	}
	p := mustOpen(t, s, "http://ada:secret@example.com/")
	if err := el(t, p.Document(), "a").Click(); err != nil {
		t.Fatal(err)
	}
	var shown []string
	for _, r := range s.Requests() {
		shown = append(shown, "request "+r.URL.String())
	}
	for _, e := range s.History() {
		shown = append(shown, "history "+e.URL.String())
	}
	for _, d := range s.Downloads() {
		shown = append(shown, "download "+d.URL.String())
	}
	want := []string{
		"request http://ada:xxxxx@example.com/",
		"request http://ada:xxxxx@example.com/file",
		"history http://ada:xxxxx@example.com/",
		"download http://ada:xxxxx@example.com/file",
	}
	if diff := cmp.Diff(want, shown); diff != "" {
		t.Errorf("URLs mismatch (-want +got):\n%s", diff)
	}
}

// TestURLsAreCopies: the URLs Requests, History, Downloads and Page give
// are the caller's to change; the session's own stay as they were.
func TestURLsAreCopies(t *testing.T) {
	h := htmlPage(`<a href="/file" download>file</a>`)
	s, err := browse.New(browse.Options{Handler: h})
	if err != nil {
		t.Fatal(err)
	}
	p := mustOpen(t, s, "http://ada:secret@example.com/")
	if err := el(t, p.Document(), "a").Click(); err != nil {
		t.Fatal(err)
	}
	s.Requests()[0].URL.Path = "/changed"
	s.Requests()[0].URL.User = nil
	s.History()[0].URL.Path = "/changed"
	s.Downloads()[0].URL.Path = "/changed"
	p.URL().Path = "/changed"
	got := []string{
		s.Requests()[0].URL.String(), s.History()[0].URL.String(),
		s.Downloads()[0].URL.String(), p.URL().String(),
	}
	want := []string{
		"http://ada:xxxxx@example.com/", "http://ada:xxxxx@example.com/",
		"http://ada:xxxxx@example.com/file", "http://ada:secret@example.com/",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("URLs after the caller changed its copies (-want +got):\n%s", diff)
	}
}

// TestNavigationHeaderAgreesWithHTTPHeader checks that vdom.Header files
// a field under the name net/http's Header files it under, for names of
// every kind up to three bytes from letters of both cases, a digit,
// hyphens, other token bytes and bytes no field name may hold, and that
// http.Header(h) reads what the navigation request's header holds.
func TestNavigationHeaderAgreesWithHTTPHeader(t *testing.T) {
	alphabet := []string{"a", "Z", "1", "-", "_", "~", " ", ":", "\xc3\xa9", "\x00"}
	keys := []string{"content-type", "CONTENT-TYPE", "sec-fetch-mode", "x-forwarded-for"}
	for _, a := range alphabet {
		for _, b := range alphabet {
			for _, c := range alphabet {
				keys = append(keys, a, a+b, a+b+c)
			}
		}
	}
	for _, k := range keys {
		vh, hh := vdom.Header{}, http.Header{}
		vh.Set(k, "1")
		vh.Add(k, "2")
		hh.Set(k, "1")
		hh.Add(k, "2")
		if diff := cmp.Diff(hh, http.Header(vh)); diff != "" {
			t.Errorf("Set then Add of %q: mismatch (-net/http +vdom):\n%s", k, diff)
		}
		if got, want := vh.Get(k), hh.Get(k); got != want {
			t.Errorf("Get(%q) = %q, net/http's %q", k, got, want)
		}
	}
}
