package htmx_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/htmx"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// clocked opens / of h on a fake clock with htmx attached, recording the
// htmx events the engine fires (htmx 2's kebab-case repeats left out).
func clocked(t *testing.T, h http.Handler, o htmx.Options) (*vdom.Document, *vdom.FakeClock, *[]string) {
	t.Helper()
	var events []string
	o.Trace = func(ev *vdom.Event, target vdom.EventTarget) {
		if strings.Contains(ev.Type(), "-") {
			return
		}
		events = append(events, ev.Type())
	}
	_, doc, clock := openClocked(t, h, o)
	return doc, clock, &events
}

// advance moves the clock and lets the engine finish what is due,
// returning its errors.
func advance(t *testing.T, doc *vdom.Document, clock *vdom.FakeClock, d time.Duration) error {
	t.Helper()
	if err := clock.Advance(d); err != nil {
		t.Fatal(err)
	}
	return htmx.Of(doc).Settle()
}

// TestTimeout2 follows htmx 2's XMLHttpRequest timeout (hx-request's
// timeout, else config.timeout): a response held past it is dropped,
// the XHR's timeout events fire (htmx:timeout after htmx:afterRequest,
// each after an htmx:error), the indicator goes, and the error wraps
// context.DeadlineExceeded. A response that comes in time is swapped.
func TestTimeout2(t *testing.T) {
	for _, c := range []struct {
		name, head, button string
		want               time.Duration
	}{
		{"hx-request", "", `hx-request='{"timeout": 500}'`, 500 * time.Millisecond},
		{"inherited hx-request", "", `hx-request='"timeout": 500'`, 500 * time.Millisecond},
		{"config.timeout", `<meta name="htmx-config" content='{"timeout": 500}'>`, "", 500 * time.Millisecond},
	} {
		t.Run(c.name, func(t *testing.T) {
			body := c.head + `<button id=b hx-get="/x" hx-target="#out" ` + c.button + `>go</button><div id=out>old</div>`
			var held []*htmx.Request
			doc, clock, events := clocked(t, site("/htmx-2.0.11.min.js", body, map[string]string{"GET /x": "new"}),
				htmx.Options{Hold: func(r *htmx.Request) bool { held = append(held, r); return true }})
			if err := userevent.New(doc).Click(find(t, doc, "#b")); err != nil {
				t.Fatal(err)
			}
			if len(held) != 1 || held[0].Timeout != c.want {
				t.Fatalf("held %v, want one request with a timeout of %v", held, c.want)
			}
			*events = nil
			if err := advance(t, doc, clock, c.want-time.Millisecond); err != nil {
				t.Fatalf("before the timeout: %v", err)
			}
			if len(*events) != 0 || held[0].TimedOut() {
				t.Fatalf("before the timeout: events %v, timed out %v", *events, held[0].TimedOut())
			}
			err := advance(t, doc, clock, time.Millisecond)
			if !errors.Is(err, htmx.ErrRequest) || !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("at the timeout: error %v, want ErrRequest wrapping context.DeadlineExceeded", err)
			}
			want := []string{"htmx:xhr:loadend", "htmx:error", "htmx:afterRequest", "htmx:error", "htmx:timeout", "htmx:xhr:loadend"}
			if diff := cmp.Diff(want, *events); diff != "" {
				t.Errorf("events, mismatch (-want +got):\n%s", diff)
			}
			if !held[0].TimedOut() || !held[0].Aborted() || len(htmx.Of(doc).Held()) != 0 {
				t.Errorf("TimedOut %v, Aborted %v, still held %v", held[0].TimedOut(), held[0].Aborted(), htmx.Of(doc).Held())
			}
			if got := doc.Body().InnerHTML(); !strings.Contains(got, `<button id="b" hx-get="/x" hx-target="#out"`) || strings.Contains(got, "htmx-request") || !strings.Contains(got, ">old<") {
				t.Errorf("body %s: want the old content, no htmx-request", got)
			}
		})
	}
}

// TestTimeoutInTime: a response released before the timeout is swapped,
// and the timer does not fire later.
func TestTimeoutInTime(t *testing.T) {
	for _, script := range []string{"/htmx-2.0.11.min.js", "/htmx-4.0.1.min.js"} {
		var held []*htmx.Request
		body := `<meta name="htmx-config" content='{"timeout": 500, "defaultTimeout": 500}'><button id=b hx-get="/x" hx-target="#out">go</button><div id=out>old</div>`
		if strings.Contains(script, "2.0") {
			body = strings.Replace(body, `, "defaultTimeout": 500`, "", 1)
		} else {
			body = strings.Replace(body, `"timeout": 500, `, "", 1)
		}
		doc, clock, _ := clocked(t, site(script, body, map[string]string{"GET /x": "new"}),
			htmx.Options{Hold: func(r *htmx.Request) bool { held = append(held, r); return true }})
		if err := userevent.New(doc).Click(find(t, doc, "#b")); err != nil {
			t.Fatal(err)
		}
		if err := advance(t, doc, clock, 499*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		if err := htmx.Of(doc).Release(held[0]); err != nil {
			t.Fatalf("%s: Release: %v", script, err)
		}
		if err := advance(t, doc, clock, time.Second); err != nil {
			t.Errorf("%s: after the response: %v", script, err)
		}
		if got := find(t, doc, "#out").TextContent(); got != "new" || held[0].TimedOut() {
			t.Errorf("%s: #out %q, timed out %v; want the response swapped", script, got, held[0].TimedOut())
		}
	}
}

// TestTimeoutSlowHandler: on the real clock a handler that takes longer
// than the timeout gives a response that comes too late.
func TestTimeoutSlowHandler(t *testing.T) {
	h := site("/htmx-2.0.11.min.js", `<button id=b hx-get="/x" hx-request='{"timeout": 1}' hx-target="#out">go</button><div id=out>old</div>`, nil)
	slow := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/x" {
			time.Sleep(20 * time.Millisecond)
			io.WriteString(w, "late")
			return
		}
		h.ServeHTTP(w, r)
	})
	_, doc := open(t, slow, htmx.Options{})
	err := userevent.New(doc).Click(find(t, doc, "#b"))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Click = %v, want the timeout's error", err)
	}
	if got := find(t, doc, "#out").TextContent(); got != "old" {
		t.Errorf("#out %q: the late response was swapped", got)
	}
}

// TestRequestNoHeaders: hx-request's noHeaders sends none of htmx 2's
// header fields; a form body goes as text/plain, as XMLHttpRequest sends
// a string without a Content-Type.
func TestRequestNoHeaders(t *testing.T) {
	var got http.Header
	h := site("/htmx-2.0.11.min.js", `<div hx-request='{"noHeaders": true}'><button id=b hx-post="/x" hx-vals='{"a": "1"}' hx-target="#out">go</button></div><div id=out>old</div>`, nil)
	rec := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/x" {
			got = r.Header.Clone()
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, "new")
			return
		}
		h.ServeHTTP(w, r)
	})
	_, doc := open(t, rec, htmx.Options{})
	if err := userevent.New(doc).Click(find(t, doc, "#b")); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Hx-Request", "Hx-Trigger", "Hx-Target", "Hx-Current-Url"} {
		if v, ok := got[name]; ok {
			t.Errorf("%s: %q sent with noHeaders", name, v)
		}
	}
	if ct := got.Get("Content-Type"); ct != "text/plain;charset=UTF-8" {
		t.Errorf("Content-Type %q, want text/plain;charset=UTF-8", ct)
	}
}

// TestRequestOptionsErrors: hx-request values htmx 2 cannot use name
// the element, the attribute and where.
func TestRequestOptionsErrors(t *testing.T) {
	for _, c := range []struct {
		value string
		kind  error
		sent  bool
	}{
		{`{"timeout": 100`, htmx.ErrSyntax, false},
		{`unset`, htmx.ErrSyntax, false},
		{`{"timout": 100}`, htmx.ErrSyntax, true},
		{`js:{timeout: 100}`, htmx.ErrNeedsJavaScript, true},
	} {
		sent := false
		h := site("/htmx-2.0.11.min.js", `<button id=b hx-get="/x" hx-request='`+c.value+`'>go</button>`, nil)
		rec := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/x" {
				sent = true
			}
			h.ServeHTTP(w, r)
		})
		_, doc := open(t, rec, htmx.Options{})
		err := userevent.New(doc).Click(find(t, doc, "#b"))
		var he *htmx.Error
		if !errors.Is(err, c.kind) || !errors.As(err, &he) || he.Attribute != "hx-request" || he.Element == nil || he.Element.ID() != "b" {
			t.Errorf("hx-request=%s: error %v, want %v naming button#b's hx-request", c.value, err, c.kind)
		}
		if sent != c.sent {
			t.Errorf("hx-request=%s: sent %v, want %v", c.value, sent, c.sent)
		}
	}
}
