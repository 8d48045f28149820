package browse_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// brokenLinks is a page whose link and forms lead to a 404.
func brokenLinks() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/", htmlPage(`<a id="link" href="/gone">gone</a><form id="form" action="/gone"><button>go</button></form>
		<a id="dl" href="/gone" download>file</a>`))
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
	})
	mux.HandleFunc("/gone", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusNotFound)
		w.Write([]byte(`<title>Gone</title>`))
	})
	return mux
}

func TestTheCallThatNavigatedReturnsTheLoadsError(t *testing.T) {
	for _, tc := range []struct {
		name string
		act  func(doc *vdom.Document) error
	}{
		{"Node.Click", func(doc *vdom.Document) error { return doc.GetElementByID("link").Click() }},
		{"userevent Click", func(doc *vdom.Document) error { return userevent.New(doc).Click(doc.GetElementByID("link")) }},
		{"RequestSubmit", func(doc *vdom.Document) error { return doc.GetElementByID("form").RequestSubmit(nil) }},
		{"Submit", func(doc *vdom.Document) error { return doc.GetElementByID("form").Submit() }},
		{"userevent Click on a submit button", func(doc *vdom.Document) error {
			b, _ := doc.QuerySelector("button")
			return userevent.New(doc).Click(b)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := browse.New(browse.Options{Handler: brokenLinks()})
			if err != nil {
				t.Fatal(err)
			}
			err = tc.act(mustOpen(t, s, "/").Document())
			var serr *browse.StatusError
			if !errors.As(err, &serr) || serr.Status != 404 {
				t.Fatalf("the call returned %v, want the load's *StatusError", err)
			}
			if s.Document().Title() != "Gone" || s.Page().Err() == nil {
				t.Errorf("the 404 page is not current: %q", s.Document().Title())
			}
		})
	}
}

func TestDownloadOfAnErrorStatus(t *testing.T) {
	s, err := browse.New(browse.Options{Handler: brokenLinks()})
	if err != nil {
		t.Fatal(err)
	}
	home := mustOpen(t, s, "/")
	err = home.Document().GetElementByID("dl").Click()
	if !errors.Is(err, browse.ErrStatus) {
		t.Errorf("Click on a download link to a 404: %v, want ErrStatus", err)
	}
	if d := s.Downloads(); len(d) != 1 || d[0].Status != 404 || s.Page() != home {
		t.Errorf("Downloads() = %+v, page %v; want the 404 recorded and no navigation", d, s.Page().URL())
	}
}

func TestOptionsContextBoundsPageNavigations(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	s, err := browse.New(browse.Options{Handler: brokenLinks(), Context: ctx})
	if err != nil {
		t.Fatal(err)
	}
	home := mustOpen(t, s, "/")
	cancel()
	// Open has its own context; the page's click has Options.Context.
	err = home.Document().GetElementByID("link").Click()
	if !errors.Is(err, context.Canceled) || s.Page() != home {
		t.Errorf("a click after Options.Context ended: %v, page %v; want context.Canceled and no navigation", err, s.Page().URL())
	}
}

func TestNavigateRejectsBadRequests(t *testing.T) {
	s, err := browse.New(browse.Options{Handler: brokenLinks()})
	if err != nil {
		t.Fatal(err)
	}
	u := func(raw string) *url.URL {
		v, err := url.Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, tc := range []struct {
		name string
		req  vdom.NavigationRequest
		want string
	}{
		{"nil URL", vdom.NavigationRequest{Method: "GET"}, "nil URL"},
		{"PUT", vdom.NavigationRequest{Method: "PUT", URL: u("http://example.com/")}, `method "PUT"`},
		{"relative URL", vdom.NavigationRequest{Method: "GET", URL: u("/x")}, "/x is not an http or https URL"},
		{"file URL", vdom.NavigationRequest{Method: "GET", URL: u("file:///etc/passwd")}, "file:///etc/passwd"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := s.Navigate(context.Background(), tc.req)
			if p != nil || !errors.Is(err, browse.ErrBadRequest) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Navigate = %v, %v; want an ErrBadRequest error containing %q", p, err, tc.want)
			}
		})
	}
	if len(s.Requests()) != 0 {
		t.Errorf("bad requests were sent: %v", s.Requests())
	}
	//lint:ignore SA1012 a nil context is the input under test
	if _, err := s.Open(nil, "/"); !errors.Is(err, browse.ErrBadRequest) { //nolint:staticcheck
		t.Errorf("Open with a nil context: %v, want ErrBadRequest", err)
	}
}

func TestOptionsHeaderReplacesDefaults(t *testing.T) {
	var got http.Header
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.Header.Clone()
		htmlPage(`ok`)(w, r)
	})
	s, err := browse.New(browse.Options{Handler: h, Header: http.Header{"User-Agent": {"test-agent"}, "Accept": {"text/html"}, "Accept-Language": {"fr"}}})
	if err != nil {
		t.Fatal(err)
	}
	mustOpen(t, s, "/")
	want := http.Header{"User-Agent": {"test-agent"}, "Accept": {"text/html"}, "Accept-Language": {"fr"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("headers mismatch (-want +got):\n%s", diff)
	}
}

func TestTransportErrorsAndClientTimeout(t *testing.T) {
	srv := httptest.NewServer(brokenLinks())
	client := srv.Client()
	// Long enough for the first load on a busy machine: /slow waits for
	// the deadline, whatever it is.
	client.Timeout = time.Second
	s, err := browse.New(browse.Options{BaseURL: srv.URL, Client: client})
	if err != nil {
		t.Fatal(err)
	}
	home := mustOpen(t, s, "/")
	// The Client's Timeout bounds each request.
	p, err := s.Open(context.Background(), "/slow")
	if p != nil || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Open(/slow) with a client timeout = %v, %v; want context.DeadlineExceeded", p, err)
	}
	srv.Close()
	p, err = s.Open(context.Background(), "/")
	var rerr *browse.RequestError
	if p != nil || !errors.As(err, &rerr) || rerr.URL.String() != srv.URL+"/" {
		t.Errorf("Open on a closed server = %v, %v; want a *RequestError naming the URL", p, err)
	}
	if s.Page() != home {
		t.Errorf("a failed load changed the current page")
	}
	recs := s.Requests()
	if last := recs[len(recs)-1]; last.Status != 0 {
		t.Errorf("the failed request is recorded with status %d, want 0", last.Status)
	}
}

func TestHandlerSeesWriteErrorPastTheLimit(t *testing.T) {
	var writeErr error
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, writeErr = w.Write(make([]byte, 200))
	})
	s, err := browse.New(browse.Options{Handler: h, MaxBodyBytes: 100})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Open(context.Background(), "/"); !errors.Is(err, browse.ErrTooLarge) {
		t.Errorf("Open: %v, want ErrTooLarge", err)
	}
	if writeErr == nil {
		t.Errorf("the handler's Write past the limit returned no error")
	}
}

// A page the session has left cannot navigate it: a click on a link of an
// earlier page's document is refused with ErrInactivePage, sends nothing,
// and leaves the current page and the history as they were.
func TestALeftPageCannotNavigate(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/", htmlPage(`<title>Home</title><a id="next" href="/next">next</a><form id="f" action="/next"><button>go</button></form>
		<a id="dl" href="/next" download>file</a>`))
	mux.HandleFunc("/next", htmlPage(`<title>Next</title>`))
	inBothModes(t, record(mux), browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
		home := mustOpen(t, s, "/").Document()
		if err := home.GetElementByID("next").Click(); err != nil {
			t.Fatal(err)
		}
		wantRequests, wantHistory := records(s, base), history(s, base)
		for name, act := range map[string]func() error{
			"link":     home.GetElementByID("next").Click,
			"form":     func() error { return home.GetElementByID("f").RequestSubmit(nil) },
			"download": home.GetElementByID("dl").Click,
		} {
			err := act()
			if !errors.Is(err, browse.ErrInactivePage) {
				t.Errorf("%s on the left page: %v, want ErrInactivePage", name, err)
				continue
			}
			for _, want := range []string{base + "/next", "asked for by " + base + "/", "the current page is " + base + "/next"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("%s: the error %q does not say %q", name, err, want)
				}
			}
		}
		if s.Document().Title() != "Next" {
			t.Errorf("the current page is %q, want Next", s.Document().Title())
		}
		if diff := cmp.Diff(wantRequests, records(s, base)); diff != "" {
			t.Errorf("requests sent for the left page (-before +after):\n%s", diff)
		}
		if diff := cmp.Diff(wantHistory, history(s, base)); diff != "" {
			t.Errorf("history changed (-before +after):\n%s", diff)
		}
		if len(s.Downloads()) != 0 {
			t.Errorf("downloads: %v", s.Downloads())
		}
	})
}
