package browse_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// troubleSite serves the responses a session must cope with.
func troubleSite(release <-chan struct{}) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/", htmlPage(`<title>Home</title>`))
	mux.HandleFunc("/missing", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusNotFound)
		io.WriteString(w, `<title>Not here</title><p id="msg">No such page`)
	})
	mux.HandleFunc("/big", func(w http.ResponseWriter, r *http.Request) {
		// 5 MB: <pre> and 5,000,000 letters.
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, "<pre>")
		chunk := bytes.Repeat([]byte("x"), 1000)
		for range 5000 {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	})
	mux.HandleFunc("/text", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, "<b>not markup</b>\nline 2")
	})
	mux.HandleFunc("/json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"ok": true, "name": "<x>"}`)
	})
	mux.HandleFunc("/image", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		w.Write([]byte("\x89PNG\r\n\x1a\n...."))
	})
	mux.HandleFunc("/panic", func(w http.ResponseWriter, r *http.Request) {
		panic("the database is gone")
	})
	mux.HandleFunc("/abort", func(w http.ResponseWriter, r *http.Request) {
		panic(http.ErrAbortHandler)
	})
	mux.HandleFunc("/hang", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	mux.HandleFunc("/deaf", func(w http.ResponseWriter, r *http.Request) {
		// Ignores its context: the session abandons it.
		<-release
	})
	return mux
}

func TestErrorStatusGivesThePageAndAnError(t *testing.T) {
	inBothModes(t, troubleSite(nil), browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
		p, err := s.Open(context.Background(), "/missing")
		var serr *browse.StatusError
		if !errors.As(err, &serr) || !errors.Is(err, browse.ErrStatus) {
			t.Fatalf("Open: %v, want a *StatusError", err)
		}
		want := browse.StatusError{Method: "GET", URL: mustURL(base + "/missing"), Status: 404}
		if diff := cmp.Diff(want, *serr); diff != "" {
			t.Errorf("StatusError mismatch (-want +got):\n%s", diff)
		}
		if p == nil || s.Page() != p || p.Err() != err || p.Status() != 404 {
			t.Fatalf("page %v, current %v; want the 404 page, current, with the error", p, s.Page())
		}
		if got := el(t, p.Document(), "#msg").TextContent(); got != "No such page" {
			t.Errorf("the page shows %q", got)
		}
		if !strings.Contains(err.Error(), "404 Not Found") {
			t.Errorf("message %q does not name the status", err)
		}
	})
}

func TestNonHTMLResponses(t *testing.T) {
	for _, tc := range []struct {
		path, contentType string
		// page is the document Chromium 156 shows (--dump-dom) for text
		// and JSON; other types give an empty document.
		page string
	}{
		{"/text", "text/plain; charset=utf-8", `<html><head><meta name="color-scheme" content="light dark"></head><body><pre style="word-wrap: break-word; white-space: pre-wrap;">&lt;b&gt;not markup&lt;/b&gt;
line 2</pre></body></html>`},
		{"/json", "application/json", `<html><head><meta name="color-scheme" content="light dark"><meta charset="utf-8"></head><body><pre>{"ok": true, "name": "&lt;x&gt;"}</pre><div class="json-formatter-container"></div></body></html>`},
		{"/image", "image/png", `<html><head></head><body></body></html>`},
	} {
		t.Run(tc.path, func(t *testing.T) {
			inBothModes(t, troubleSite(nil), browse.Options{}, func(t *testing.T, s *browse.Session, base string) {
				p, err := s.Open(context.Background(), tc.path)
				var nerr *browse.NotHTMLError
				if !errors.As(err, &nerr) || !errors.Is(err, browse.ErrNotHTML) || nerr.ContentType != tc.contentType {
					t.Fatalf("Open: %v, want a *NotHTMLError of %s", err, tc.contentType)
				}
				if p == nil || s.Page() != p || p.Err() != err {
					t.Fatalf("page %v; want the page, current, with the error", p)
				}
				// Both serialized by vdom, which spells void elements and
				// quotes its own way.
				want := vdom.ParseString(tc.page).DocumentElement().OuterHTML()
				if diff := cmp.Diff(want, p.Document().DocumentElement().OuterHTML()); diff != "" {
					t.Errorf("document mismatch (-want +got):\n%s", diff)
				}
				if p.Document().URL() != base+tc.path {
					t.Errorf("document URL %q", p.Document().URL())
				}
				if len(p.Body()) == 0 || p.ContentType() != tc.contentType {
					t.Errorf("Body() = %q, ContentType() = %q", p.Body(), p.ContentType())
				}
			})
		})
	}
}

func TestTooLargeResponse(t *testing.T) {
	inBothModes(t, troubleSite(nil), browse.Options{MaxBodyBytes: 5_000_004}, func(t *testing.T, s *browse.Session, base string) {
		home := mustOpen(t, s, "/")
		p, err := s.Open(context.Background(), "/big")
		var terr *browse.TooLargeError
		if p != nil || !errors.As(err, &terr) || !errors.Is(err, browse.ErrTooLarge) {
			t.Fatalf("Open(/big) = %v, %v; want a *TooLargeError", p, err)
		}
		if diff := cmp.Diff(browse.TooLargeError{Method: "GET", URL: mustURL(base + "/big"), Limit: 5_000_004}, *terr); diff != "" {
			t.Errorf("TooLargeError mismatch (-want +got):\n%s", diff)
		}
		if s.Page() != home || len(s.History()) != 1 {
			t.Errorf("a failed load changed the session")
		}
	})
	// The default limit, 4 MiB, refuses it too; a limit of its size reads
	// it.
	s, err := browse.New(browse.Options{Handler: troubleSite(nil)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Open(context.Background(), "/big"); !errors.Is(err, browse.ErrTooLarge) {
		t.Errorf("with the default limit: %v, want ErrTooLarge", err)
	}
	inBothModes(t, troubleSite(nil), browse.Options{MaxBodyBytes: 5_000_005}, func(t *testing.T, s *browse.Session, base string) {
		p := mustOpen(t, s, "/big")
		if len(p.Body()) != 5_000_005 {
			t.Errorf("body of %d bytes, want 5,000,005", len(p.Body()))
		}
		if n := len(el(t, p.Document(), "pre").TextContent()); n != 5_000_000 {
			t.Errorf("the page shows %d letters, want 5,000,000", n)
		}
	})
}

func TestHandlerPanic(t *testing.T) {
	s, err := browse.New(browse.Options{Handler: troubleSite(nil)})
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Open(context.Background(), "/panic")
	var perr *browse.PanicError
	if !errors.As(err, &perr) || !errors.Is(err, browse.ErrHandlerPanic) {
		t.Fatalf("Open: %v, want a *PanicError", err)
	}
	if perr.Value != "the database is gone" || perr.Method != "GET" || perr.URL.String() != "http://example.com/panic" {
		t.Errorf("PanicError %+v", perr)
	}
	if !bytes.Contains(perr.Stack, []byte("troubleSite")) {
		t.Errorf("the stack does not show the handler:\n%s", perr.Stack)
	}
	if p == nil || s.Page() != p || p.Status() != 500 || p.Err() != err {
		t.Fatalf("page %v; want the 500 page, current, with the error", p)
	}
	if got := p.Document().Title(); got != "500 Internal Server Error" {
		t.Errorf("title %q", got)
	}
	if got := el(t, p.Document(), "pre").TextContent(); got != "handler panicked: the database is gone" {
		t.Errorf("the page shows %q", got)
	}
}

func TestHandlerAbort(t *testing.T) {
	s, err := browse.New(browse.Options{Handler: troubleSite(nil)})
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Open(context.Background(), "/abort")
	var rerr *browse.RequestError
	if p != nil || !errors.Is(err, http.ErrAbortHandler) || !errors.As(err, &rerr) || errors.Is(err, browse.ErrHandlerPanic) {
		t.Fatalf("Open(/abort) = %v, %v; want a *RequestError of http.ErrAbortHandler", p, err)
	}
	if diff := cmp.Diff([]sentRecord{{Method: "GET", URL: "/abort"}}, records(s, "http://example.com")); diff != "" {
		t.Errorf("Requests mismatch (-want +got):\n%s", diff)
	}
}

func TestTimeoutAndCancellation(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	// The Timeout bounds the load of the home page too: half a second
	// lets a busy machine load it, and is what /hang waits.
	inBothModes(t, troubleSite(release), browse.Options{Timeout: 500 * time.Millisecond}, func(t *testing.T, s *browse.Session, base string) {
		home := mustOpen(t, s, "/")
		// /hang returns only when its request's context ends (release is
		// closed after the test), so Open returns at all only because the
		// session's Timeout ended the load: no clock needs reading.
		p, err := s.Open(context.Background(), "/hang")
		var rerr *browse.RequestError
		if p != nil || !errors.Is(err, context.DeadlineExceeded) || !errors.As(err, &rerr) || rerr.URL.String() != base+"/hang" {
			t.Fatalf("Open(/hang) = %v, %v; want a *RequestError of context.DeadlineExceeded", p, err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		p, err = s.Open(ctx, "/")
		if p != nil || !errors.Is(err, context.Canceled) {
			t.Fatalf("Open with a cancelled context = %v, %v; want context.Canceled", p, err)
		}
		if s.Page() != home || len(s.History()) != 1 {
			t.Errorf("a failed load changed the session")
		}
	})
}

// With IsolateHandler, a handler that ignores its context is abandoned
// when the load's context ends.
func TestAbandonedHandler(t *testing.T) {
	release := make(chan struct{})
	s, err := browse.New(browse.Options{Handler: troubleSite(release), Timeout: 20 * time.Millisecond, IsolateHandler: true})
	if err != nil {
		t.Fatal(err)
	}
	// /deaf returns only once release is closed, after Open: Open returns
	// because the load gave up on the handler at its Timeout.
	_, err = s.Open(context.Background(), "/deaf")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Open(/deaf): %v, want context.DeadlineExceeded", err)
	}
	// The handler that ignores its context runs on until it returns; the
	// package's leak check passes once it does.
	close(release)
}

// Without IsolateHandler the handler runs on the caller's goroutine: one
// that ignores its context holds the load until it returns, and the load
// then fails with the context's error, with no page.
func TestHandlerThatIgnoresItsContextHoldsTheLoad(t *testing.T) {
	const sleep = 60 * time.Millisecond
	var caller, handler uint64
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		handler = goroutineID()
		time.Sleep(sleep)
		w.Write([]byte("<title>late</title>"))
	})
	s, err := browse.New(browse.Options{Handler: h, Timeout: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	caller = goroutineID()
	start := time.Now()
	p, err := s.Open(context.Background(), "/")
	if d := time.Since(start); d < sleep {
		t.Errorf("the load returned after %v, before the handler did (%v)", d, sleep)
	}
	var rerr *browse.RequestError
	if p != nil || !errors.Is(err, context.DeadlineExceeded) || !errors.As(err, &rerr) {
		t.Fatalf("Open = %v, %v; want a *RequestError of context.DeadlineExceeded", p, err)
	}
	if caller == 0 || handler != caller {
		t.Errorf("the handler ran on goroutine %d, the caller is %d", handler, caller)
	}
	if s.Page() != nil {
		t.Errorf("a load past its deadline made a page")
	}
}

// A context that has ended before the request is not served: the handler
// is not called.
func TestEndedContextCallsNoHandler(t *testing.T) {
	for _, isolate := range []bool{false, true} {
		called := false
		h := http.HandlerFunc(func(http.ResponseWriter, *http.Request) { called = true })
		s, err := browse.New(browse.Options{Handler: h, IsolateHandler: isolate})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := s.Open(ctx, "/"); !errors.Is(err, context.Canceled) || called {
			t.Errorf("isolate %v: Open with an ended context: %v, handler called %v; want context.Canceled and no call", isolate, err, called)
		}
	}
}

// goroutineID is the id of the calling goroutine, from its stack header
// ("goroutine 7 [running]:").
func goroutineID() uint64 {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	var id uint64
	fmt.Sscanf(string(buf), "goroutine %d ", &id)
	return id
}

func TestInvalidStatusCodeIsTheHandlersPanic(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(42) })
	s, err := browse.New(browse.Options{Handler: h})
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Open(context.Background(), "/")
	var perr *browse.PanicError
	if !errors.As(err, &perr) || perr.Value != "invalid WriteHeader code 42" || p.Status() != 500 {
		t.Errorf("WriteHeader(42): %v, want the *PanicError net/http's server would log", err)
	}
}

// Over HTTP a handler's panic is the server's: net/http's server closes
// the connection, and the load fails without a page.
func TestHandlerPanicOverHTTP(t *testing.T) {
	srv := httptest.NewUnstartedServer(troubleSite(nil))
	srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	srv.Start()
	defer srv.Close()
	s, err := browse.New(browse.Options{BaseURL: srv.URL, Client: srv.Client()})
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Open(context.Background(), "/panic")
	var rerr *browse.RequestError
	if p != nil || !errors.As(err, &rerr) || errors.Is(err, browse.ErrHandlerPanic) {
		t.Errorf("Open(/panic) over HTTP = %v, %v; want a *RequestError", p, err)
	}
}

// An isolated handler that ends its goroutine (runtime.Goexit, as
// t.FailNow does) gives no response: the load fails with a *RequestError
// that says so, as over HTTP net/http's server closes the connection, and
// leaves no page. Over HTTP the same handler gives a *RequestError too.
func TestIsolatedHandlerGoexit(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<title>half</title>"))
		runtime.Goexit()
	})
	s, err := browse.New(browse.Options{Handler: h, IsolateHandler: true})
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Open(context.Background(), "/")
	var rerr *browse.RequestError
	if p != nil || !errors.As(err, &rerr) || !strings.Contains(err.Error(), "runtime.Goexit") {
		t.Errorf("Open = %v, %v; want no page and a *RequestError naming runtime.Goexit", p, err)
	}
	if s.Page() != nil || len(s.History()) != 0 {
		t.Errorf("a load without a response made a page")
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	s, err = browse.New(browse.Options{BaseURL: srv.URL, Client: srv.Client()})
	if err != nil {
		t.Fatal(err)
	}
	if p, err := s.Open(context.Background(), "/"); p != nil || !errors.As(err, &rerr) {
		t.Errorf("over HTTP: Open = %v, %v; want no page and a *RequestError", p, err)
	}
}
