package browse_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// chromiumRedirects is testdata/chromium/redirects.json: where Chromium
// went for each Location of a 302 answering a GET of Base, recorded by
// tools/chromium-recorder/record-redirects.mjs.
type chromiumRedirects struct {
	Chromium string
	Base     string
	Cases    []struct {
		Name, Location string
		// URL is the URL Chromium requested next ("" when none).
		URL string
		// Error is the net error that ended the navigation without a
		// request; Shown says Chromium showed the 302 response itself.
		Error, Shown string
	}
}

// standardOverChromium lists the cases where browse follows the URL
// standard rather than Chromium, and why.
var standardOverChromium = map[string]string{
	// Chromium escapes the space and requests http://evil%20example/,
	// which no name server resolves; the standard's host parser fails on
	// a forbidden code point, which browse reports.
	"space in host": "a space is a forbidden host code point",
}

// redirectOnce answers the first request with a 302 to location and every
// later one with a page titled with its URL.
func redirectOnce(location string) http.Handler {
	first := true
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if first {
			first = false
			w.Header()["Location"] = []string{location}
			w.WriteHeader(http.StatusFound)
			return
		}
		htmlPage("<title>target</title>")(w, r)
	})
}

// TestLocationAsChromium follows a 302 with each recorded Location and
// checks that the session goes where Chromium went: the same URL when
// Chromium requested an http or https URL, an ErrBadRequest error when it
// refused the redirect or left for another scheme, the 302 page when it
// showed that.
func TestLocationAsChromium(t *testing.T) {
	data, err := os.ReadFile("testdata/chromium/redirects.json")
	if err != nil {
		t.Fatal(err)
	}
	var rec chromiumRedirects
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	base, err := url.Parse(rec.Base)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Cases) < 40 {
		t.Fatalf("%d recorded cases; the recording is incomplete", len(rec.Cases))
	}
	for _, c := range rec.Cases {
		t.Run(c.Name, func(t *testing.T) {
			s, err := browse.New(browse.Options{Handler: redirectOnce(c.Location), BaseURL: base.Scheme + "://" + base.Host + "/"})
			if err != nil {
				t.Fatal(err)
			}
			p, err := s.Open(context.Background(), rec.Base)
			_, standard := standardOverChromium[c.Name]
			switch {
			case standard || c.Error != "" || (c.URL != "" && !strings.HasPrefix(c.URL, "http")):
				if p != nil || !errors.Is(err, browse.ErrBadRequest) {
					t.Errorf("Location %q: page %v, error %v; want no page and ErrBadRequest (Chromium: %s%s)",
						c.Location, pageURL(p), err, c.Error, c.URL)
				}
			case c.Shown != "":
				if p == nil || p.Status() != http.StatusFound || len(p.Redirects()) != 0 {
					t.Errorf("Location %q: page %v, error %v; want the 302 page", c.Location, pageURL(p), err)
				}
			default:
				if err != nil || p == nil || p.URL().String() != c.URL {
					t.Errorf("Location %q: page %v, error %v; want %s, as Chromium %s", c.Location, pageURL(p), err, c.URL, rec.Chromium)
				}
			}
		})
	}
}

func pageURL(p *browse.Page) string {
	if p == nil {
		return "<nil>"
	}
	return p.URL().String()
}

// TestLocationControlCharacters covers Locations with control
// characters, which only a handler can set: the session reads them as a
// client reads them from net/http's server in both modes (CR and LF
// become spaces, spaces and tabs around are trimmed), then the URL parser
// removes tabs; another control character makes the response one a
// client refuses.
func TestLocationControlCharacters(t *testing.T) {
	for _, tc := range []struct{ location, want string }{
		{"/a\n/b", "/a%20/b"},
		{"/a\r\n/b", "/a%20%20/b"},
		{"/a\t/b", "/a/b"},
		{"\t /a/b \t", "/a/b"},
		{"/a/b#\n", "/a/b#"},
		{"/a/b#\t", "/a/b#"},
		{"/a/b\x01", ""},
		{"\x00/a/b", ""},
	} {
		for _, m := range modes {
			s, base := m.session(t, redirectOnce(tc.location), browse.Options{})
			if tc.want == "" {
				// A control character: the client refuses the response.
				p, err := s.Open(context.Background(), "/start")
				var rerr *browse.RequestError
				if p != nil || !errors.As(err, &rerr) || !strings.Contains(err.Error(), "malformed MIME header line") {
					t.Errorf("%s: Location %q: page %v, error %v; want a *RequestError, malformed header", m.name, tc.location, pageURL(p), err)
				}
				continue
			}
			p, err := s.Open(context.Background(), "/start")
			if err != nil || p == nil || strings.TrimPrefix(p.URL().String(), base) != strings.TrimSuffix(tc.want, "#") {
				t.Errorf("%s: Location %q: page %v, error %v; want %s", m.name, tc.location, pageURL(p), err, base+tc.want)
			}
		}
	}
}

// TestResponseHeaderAsOverHTTP: a handler's header reaches the session in
// process as it would over HTTP: a newline in a Set-Cookie or a
// Content-Type adds no header, invalid names are dropped.
func TestResponseHeaderAsOverHTTP(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Content-Type"] = []string{"text/html\r\nSet-Cookie: injected=1"}
		w.Header()["Set-Cookie"] = []string{"a=1\r\nSet-Cookie: injected=2"}
		w.Header()["X bad"] = []string{"1"}
		w.Write([]byte("<title>t</title>"))
	})
	inBothModes(t, h, browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
		p, _ := s.Open(context.Background(), "/")
		if p == nil {
			t.Fatal("no page")
		}
		if got := p.Header().Get("Content-Type"); got != "text/html  Set-Cookie: injected=1" {
			t.Errorf("Content-Type %q", got)
		}
		if _, ok := p.Header()["X bad"]; ok {
			t.Errorf("a field with an invalid name arrived: %v", p.Header())
		}
		cs, err := s.Cookies("/")
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, c := range cs {
			names = append(names, c.Name)
		}
		if diff := cmp.Diff([]string{"a"}, names); diff != "" {
			t.Errorf("cookie names mismatch (-want +got):\n%s", diff)
		}
	})
}

func withoutFragment(u *url.URL) string {
	v := *u
	v.Fragment, v.RawFragment = "", ""
	return v.String()
}

// linkTarget returns where a link with href goes from a page at base, as
// vdom resolves it: the URL of the navigation a click asks for, or "" when
// the click navigates nowhere (a URL that does not parse, javascript:, a
// fragment of the page itself).
func linkTarget(t testing.TB, base, href string) string {
	t.Helper()
	doc, err := vdom.Parse(strings.NewReader(`<a>link</a>`), vdom.WithURL(base))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := doc.QuerySelector("a")
	a.SetAttribute("href", href)
	if err := a.Click(); err != nil {
		t.Fatal(err)
	}
	navs := doc.Window().Navigations()
	if len(navs) != 1 {
		return ""
	}
	return navs[0].URL.String()
}

// FuzzLocation redirects to any Location and checks that the session
// resolves it as vdom resolves the same href of a link on the page that
// redirected: the same URL (fragment aside) when that is http or https,
// an ErrBadRequest error and no page when the link goes to another scheme
// or nowhere, except for a fragment of the page itself, which the session
// requests again. A blank Location is no redirect; one with a control
// character other than tab, CR and LF is a response the client refuses.
func FuzzLocation(f *testing.F) {
	for _, seed := range []string{
		"/\\evil.example/x", "//evil.example", "\\\\evil.example", "/\t/evil.example", " /x", "http:evil",
		"https:/\\evil", "http://b\u00fccher.example/", "", "../../x", "/%2e%2e/x", "http://0x7f.1/",
		"http://[::ffff:1.2.3.4]/", "http://a:99999/", "javascript:alert(1)", "#f", "?q", "http:",
		"http://evil.example\\@example.com/", "http://a%2Fb/", "\x00/x", "http://xn--/", "http://1.2.3.4.5/",
	} {
		f.Add(seed)
	}
	const base = "http://example.com/a/b?q=1"
	f.Fuzz(func(t *testing.T, location string) {
		if strings.Trim(location, " \t\r\n") == "" {
			return // no redirect: TestLocationAsChromium's "empty" case
		}
		s, err := browse.New(browse.Options{Handler: redirectOnce(location)})
		if err != nil {
			t.Fatal(err)
		}
		p, err := s.Open(context.Background(), base)
		if strings.ContainsFunc(location, func(r rune) bool { return (r < ' ' && r != '\t' && r != '\r' && r != '\n') || r == 0x7f }) {
			// A response a client refuses, as over HTTP.
			var rerr *browse.RequestError
			if p != nil || !errors.As(err, &rerr) {
				t.Fatalf("Location %q: page %v, error %v; want a *RequestError", location, pageURL(p), err)
			}
			return
		}
		// The href is the Location as a client receives it.
		link := linkTarget(t, base, strings.Trim(strings.NewReplacer("\r", " ", "\n", " ").Replace(location), " \t"))
		switch {
		case strings.HasPrefix(link, "http:") || strings.HasPrefix(link, "https:"):
			if err != nil || p == nil || withoutFragment(p.URL()) != link {
				t.Fatalf("Location %q: page %v, error %v; the link goes to %s", location, pageURL(p), err, link)
			}
		case p != nil && withoutFragment(p.URL()) == base:
			// A fragment of the page itself: the link scrolls, the
			// redirect requests the page again.
		default:
			if p != nil || !errors.Is(err, browse.ErrBadRequest) {
				t.Fatalf("Location %q: page %v, error %v; the link goes to %q, so want ErrBadRequest", location, pageURL(p), err, link)
			}
		}
	})
}

// TestLongLocationIsCut redirects to megabyte Locations: the error line
// shows the first 200 bytes and says how long the value was, whether the
// Location does not parse or names a page that fails.
func TestLongLocationIsCut(t *testing.T) {
	long := strings.Repeat("a", 1<<20)
	for _, tc := range []struct {
		name, location string
		want           error
	}{
		{"does not parse", "http://[" + long, browse.ErrBadRequest},
		{"not http", "mailto:" + long, browse.ErrBadRequest},
		{"a page that fails", "/" + long, browse.ErrStatus},
		{"a loop", "/x?" + long, browse.ErrTooManyRedirects},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/a" || strings.HasPrefix(r.URL.RawQuery, "aaa") {
					w.Header().Set("Location", tc.location)
					w.WriteHeader(http.StatusFound)
					return
				}
				http.NotFound(w, r)
			})
			s, err := browse.New(browse.Options{Handler: h, MaxRedirects: 2})
			if err != nil {
				t.Fatal(err)
			}
			_, err = s.Open(context.Background(), "/a")
			if !errors.Is(err, tc.want) {
				t.Fatalf("error %.300v; want %v", err, tc.want)
			}
			msg := err.Error()
			if len(msg) > 2000 || !strings.Contains(msg, "bytes in all]") {
				t.Errorf("error line of %d bytes: %.400s", len(msg), msg)
			}
		})
	}
}

func TestTwoLocations(t *testing.T) {
	for _, tc := range []struct {
		name      string
		locations []string
		want      string // "" for ErrBadRequest
	}{
		{"same twice", []string{"/x", " /x"}, "http://example.com/x"},
		{"different", []string{"/x", "//evil.example/"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			first := true
			h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if first {
					first = false
					w.Header()["Location"] = tc.locations
					w.WriteHeader(http.StatusFound)
					return
				}
				htmlPage("<title>target</title>")(w, r)
			})
			s, err := browse.New(browse.Options{Handler: h})
			if err != nil {
				t.Fatal(err)
			}
			p, err := s.Open(context.Background(), "/a")
			if tc.want == "" {
				if p != nil || !errors.Is(err, browse.ErrBadRequest) || !strings.Contains(err.Error(), "2 different Location headers") {
					t.Errorf("page %v, error %v; want an ErrBadRequest error naming both", pageURL(p), err)
				}
				return
			}
			if err != nil || p == nil || p.URL().String() != tc.want {
				t.Errorf("page %v, error %v; want %s", pageURL(p), err, tc.want)
			}
		})
	}
}
