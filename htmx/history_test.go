package htmx_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/htmx"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// histSite is an application for the history tests: / is a page that
// loads htmx from script with body and the htmx-config meta config; a
// GET of /pN answers "<p>page N</p>"; the other answers come from
// answers ("METHOD /path", with response headers before a blank line, as
// in "HX-Push-Url: /x\n\nbody"); a history restore gets the answer as a
// whole page.
// It records each request as "METHOD URI [restore]".
type histSite struct {
	script, body, config string
	answers              map[string]string
	seen                 []string
}

func (s *histSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	line := r.Method + " " + r.URL.RequestURI()
	restore := r.Header.Get("HX-History-Restore-Request") == "true"
	if restore {
		line += " restore"
	}
	s.seen = append(s.seen, line)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	meta := ""
	if s.config != "" {
		meta = `<meta name="htmx-config" content='` + s.config + `'>`
	}
	page := func(body string) string {
		return `<!DOCTYPE html><html><head><title>t</title>` + meta + `<script src="` + s.script + `"></script></head><body>` + body + `</body></html>`
	}
	if r.URL.Path == "/" {
		io.WriteString(w, page(s.body))
		return
	}
	if a, ok := s.answers[r.Method+" "+r.URL.Path]; ok {
		head, body, found := strings.Cut(a, "\n\n")
		if !found {
			head, body = "", a
		}
		for _, h := range strings.Split(head, "\n") {
			if k, v, ok := strings.Cut(h, ": "); ok {
				w.Header().Set(k, v)
			}
		}
		if restore {
			// A restore asks for the whole page.
			body = page(body)
		}
		io.WriteString(w, body)
		return
	}
	if r.Method == "GET" && strings.HasPrefix(r.URL.Path, "/p") {
		text := "<p>page " + r.URL.Path[2:] + "</p>"
		if restore {
			text = page(`<div id=out>` + text + `</div>`)
		}
		io.WriteString(w, text)
		return
	}
	http.NotFound(w, r)
}

func (s *histSite) take() []string {
	out := s.seen
	s.seen = nil
	return out
}

// histClock is the fake clock of the history tests' pages.
type histClock = vdom.FakeClock

// histSession opens the site's / with htmx attached, on a fake clock.
func histSession(t *testing.T, s *histSite) (*browse.Session, *userevent.User, *histClock) {
	t.Helper()
	return histSessionWith(t, s, htmx.Options{})
}

// histSessionWith is histSession with htmx's options.
func histSessionWith(t *testing.T, s *histSite, hopts htmx.Options) (*browse.Session, *userevent.User, *histClock) {
	t.Helper()
	sess, doc, clock := openClocked(t, s, hopts)
	s.take()
	return sess, userevent.New(doc), clock
}

// step is what the session shows after a step.
type histState struct {
	URL      string
	Out      string
	Index    int
	Entries  int
	Requests []string
}

// stateOf is the session's state once the page's settling is done.
func stateOf(t *testing.T, sess *browse.Session, s *histSite, clock *histClock) histState {
	t.Helper()
	past(t, sess, clock)
	doc := sess.Document()
	out := "no #out in " + doc.Body().OuterHTML()
	if n, _ := doc.QuerySelector("#out"); n != nil {
		out = n.InnerHTML()
	}
	return histState{URL: strings.TrimPrefix(doc.URL(), "http://example.com"), Out: out, Index: sess.HistoryIndex(),
		Entries: len(sess.History()), Requests: s.take()}
}

const pager = `<button id=b1 hx-get="/p1" hx-target="#out" hx-push-url="true">1</button>` +
	`<button id=b2 hx-get="/p2" hx-target="#out" hx-push-url="true">2</button>` +
	`<button id=b3 hx-get="/p3" hx-target="#out" hx-push-url="true">3</button><div id=out>start</div>`

// TestHistoryBackForward: each version's pushes, then Back and Forward
// through them. htmx 2 restores its snapshots without a request; htmx 4
// asks the server again (HX-History-Restore-Request) 1 ms later.
func TestHistoryBackForward(t *testing.T) {
	for _, c := range []struct {
		script string
		back   []string // requests of Back to /p1
	}{
		{"/htmx-2.0.11.min.js", nil},
		{"/htmx-4.0.1.min.js", []string{"GET /p1 restore"}},
	} {
		t.Run(c.script, func(t *testing.T) {
			s := &histSite{script: c.script, body: pager}
			sess, user, clock := histSession(t, s)
			ctx := context.Background()
			var got []histState
			for _, b := range []string{"#b1", "#b2"} {
				if err := user.Click(find(t, sess.Document(), b)); err != nil {
					t.Fatal(err)
				}
				got = append(got, stateOf(t, sess, s, clock))
			}
			if _, err := sess.Back(ctx); err != nil {
				t.Fatal(err)
			}
			past(t, sess, clock)
			got = append(got, stateOf(t, sess, s, clock))
			if _, err := sess.Forward(ctx); err != nil {
				t.Fatal(err)
			}
			past(t, sess, clock)
			got = append(got, stateOf(t, sess, s, clock))
			fwd := []string(nil)
			if c.back != nil {
				fwd = []string{"GET /p2 restore"}
			}
			// htmx 4 restores the whole answer into the body: the
			// restore's page has #out around the fragment.
			want := []histState{
				{URL: "/p1", Out: "<p>page 1</p>", Index: 1, Entries: 2, Requests: []string{"GET /p1"}},
				{URL: "/p2", Out: "<p>page 2</p>", Index: 2, Entries: 3, Requests: []string{"GET /p2"}},
				{URL: "/p1", Out: "<p>page 1</p>", Index: 1, Entries: 3, Requests: c.back},
				{URL: "/p2", Out: "<p>page 2</p>", Index: 2, Entries: 3, Requests: fwd},
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// past moves the clock past htmx 4's 1 ms wait before a restore and
// htmx 2's 20 ms settle.
func past(t *testing.T, sess *browse.Session, clock *histClock) {
	t.Helper()
	if err := advance(t, sess.Document(), clock, 50*time.Millisecond); err != nil {
		t.Error(err)
	}
}

// cachedURLs reads htmx 2's history cache from the session's
// sessionStorage.
func cachedURLs(t *testing.T, sess *browse.Session) []string {
	t.Helper()
	raw, ok := sess.Page().SessionStorage().Item("htmx-history-cache")
	if !ok {
		return nil
	}
	var items []htmx.HistoryItem
	if err := json.Unmarshal([]byte(raw), &items); err != nil {
		t.Fatalf("the cache does not parse: %v", err)
	}
	var out []string
	for _, it := range items {
		out = append(out, it.URL)
	}
	return out
}

// TestHistoryCacheSize: htmx 2 keeps historyCacheSize snapshots, the
// oldest dropped; each Back saves the page it leaves first, so a snapshot
// dropped meanwhile is a miss, which asks the server.
func TestHistoryCacheSize(t *testing.T) {
	s := &histSite{script: "/htmx-2.0.11.min.js", body: pager, config: `{"historyCacheSize": 2}`}
	sess, user, clock := histSession(t, s)
	for _, b := range []string{"#b1", "#b2", "#b3"} {
		if err := user.Click(find(t, sess.Document(), b)); err != nil {
			t.Fatal(err)
		}
		past(t, sess, clock)
	}
	if diff := cmp.Diff([]string{"/p1", "/p2"}, cachedURLs(t, sess)); diff != "" {
		t.Errorf("cache after three pushes, mismatch (-want +got):\n%s", diff)
	}
	s.take()
	var got []histState
	for range 2 {
		if _, err := sess.Back(context.Background()); err != nil {
			t.Fatal(err)
		}
		past(t, sess, clock)
		got = append(got, stateOf(t, sess, s, clock))
	}
	want := []histState{
		{URL: "/p2", Out: "<p>page 2</p>", Index: 2, Entries: 4},
		// /p1 went when Back saved /p3: the server restores it.
		{URL: "/p1", Out: "<p>page 1</p>", Index: 1, Entries: 4, Requests: []string{"GET /p1 restore"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	// The second Back saved /p2 again, after /p3; /p1 came from the
	// server and is saved when the page leaves it.
	if diff := cmp.Diff([]string{"/p3", "/p2"}, cachedURLs(t, sess)); diff != "" {
		t.Errorf("cache after Back twice, mismatch (-want +got):\n%s", diff)
	}
}

// TestHistoryFalseNotSaved: with hx-history="false" anywhere in the page
// htmx 2 saves no snapshot, and Back asks the server.
func TestHistoryFalseNotSaved(t *testing.T) {
	s := &histSite{script: "/htmx-2.0.11.min.js", body: `<div hx-history="false"></div>` + pager}
	sess, user, clock := histSession(t, s)
	if err := user.Click(find(t, sess.Document(), "#b1")); err != nil {
		t.Fatal(err)
	}
	if got := cachedURLs(t, sess); got != nil {
		t.Errorf("cache %v, want none", got)
	}
	s.take()
	if _, err := sess.Back(context.Background()); err != nil {
		t.Fatal(err)
	}
	past(t, sess, clock)
	got := stateOf(t, sess, s, clock)
	want := histState{URL: "/", Out: "start", Index: 0, Entries: 2, Requests: []string{"GET / restore"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

// TestHistoryResponseHeaders: HX-Push-Url: false keeps the URL an
// hx-push-url would push; HX-Replace-Url replaces the entry's URL; in
// both versions.
func TestHistoryResponseHeaders(t *testing.T) {
	for _, script := range []string{"/htmx-2.0.11.min.js", "/htmx-4.0.1.min.js"} {
		t.Run(script, func(t *testing.T) {
			s := &histSite{script: script, answers: map[string]string{
				"GET /keep":    "HX-Push-Url: false\n\n<p>kept</p>",
				"GET /replace": "HX-Replace-Url: /replaced?x=1\n\n<p>replaced</p>",
			}, body: `<button id=k hx-get="/keep" hx-target="#out" hx-push-url="true">k</button>` +
				`<button id=r hx-get="/replace" hx-target="#out">r</button><div id=out></div>`}
			sess, user, clock := histSession(t, s)
			var got []histState
			for _, b := range []string{"#k", "#r"} {
				if err := user.Click(find(t, sess.Document(), b)); err != nil {
					t.Fatal(err)
				}
				got = append(got, stateOf(t, sess, s, clock))
			}
			want := []histState{
				{URL: "/", Out: "<p>kept</p>", Index: 0, Entries: 1, Requests: []string{"GET /keep"}},
				{URL: "/replaced?x=1", Out: "<p>replaced</p>", Index: 0, Entries: 1, Requests: []string{"GET /replace"}},
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestBoostedFormPush: a boosted GET form pushes its URL with the form's
// values, a boosted POST form its action; Back goes to the entry before.
func TestBoostedFormPush(t *testing.T) {
	for _, c := range []struct {
		script string
		back   []string
	}{
		{"/htmx-2.0.11.min.js", nil},
		{"/htmx-4.0.1.min.js", []string{"GET /search?q=go restore"}},
	} {
		t.Run(c.script, func(t *testing.T) {
			s := &histSite{script: c.script, answers: map[string]string{
				"GET /search": `<form id=f2 hx-boost="true" action="/save" method="post"><button id=s2>Save</button></form><div id=out>results</div>`,
				"POST /save":  `<div id=out>saved</div>`,
			}, body: `<form id=f hx-boost="true" action="/search" method="get"><input name=q value="go"><button id=s>Go</button></form><div id=out>start</div>`}
			sess, user, clock := histSession(t, s)
			var got []histState
			for _, b := range []string{"#s", "#s2"} {
				if err := user.Click(find(t, sess.Document(), b)); err != nil {
					t.Fatal(err)
				}
				past(t, sess, clock)
				got = append(got, stateOf(t, sess, s, clock))
			}
			if _, err := sess.Back(context.Background()); err != nil {
				t.Fatal(err)
			}
			past(t, sess, clock)
			got = append(got, stateOf(t, sess, s, clock))
			want := []histState{
				{URL: "/search?q=go", Out: "results", Index: 1, Entries: 2, Requests: []string{"GET /search?q=go"}},
				{URL: "/save", Out: "saved", Index: 2, Entries: 3, Requests: []string{"POST /save"}},
				{URL: "/search?q=go", Out: "results", Index: 1, Entries: 3, Requests: c.back},
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestHistoryBadURL: a URL the page cannot push (another origin, one
// that does not parse) is the browser's SecurityError: an ErrHistory
// error naming the header, the URL and history unchanged, no swap, and
// the version's error event instead of the pushed one.
func TestHistoryBadURL(t *testing.T) {
	for _, c := range []struct {
		script, pushed string
		errEvents      []string
	}{
		{"/htmx-2.0.11.min.js", "htmx:pushedIntoHistory", []string{"htmx:error", "htmx:onLoadError"}},
		{"/htmx-4.0.1.min.js", "htmx:after:history:push", []string{"htmx:error"}},
	} {
		for _, bad := range []string{"http://other.example/x", "http://[::1"} {
			t.Run(c.script+" "+bad, func(t *testing.T) {
				s := &histSite{script: c.script, answers: map[string]string{
					"GET /x": "HX-Push-Url: " + bad + "\n\n<p>x</p>",
				}, body: `<button id=b hx-get="/x" hx-target="#out">x</button><div id=out>start</div>`}
				var events []string
				sess, user, clock := histSessionWith(t, s, htmx.Options{Trace: func(ev *vdom.Event, _ vdom.EventTarget) {
					events = append(events, ev.Type())
				}})
				err := user.Click(find(t, sess.Document(), "#b"))
				var he *htmx.Error
				if !errors.As(err, &he) || !errors.Is(err, htmx.ErrHistory) || !errors.Is(err, vdom.ErrSecurity) ||
					he.Attribute != "HX-Push-Url" || he.Value != bad {
					t.Errorf("error %v, want an ErrHistory *htmx.Error naming HX-Push-Url and %q, wrapping vdom.ErrSecurity", err, bad)
				}
				got := stateOf(t, sess, s, clock)
				want := histState{URL: "/", Out: "start", Index: 0, Entries: 1, Requests: []string{"GET /x"}}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("mismatch (-want +got):\n%s", diff)
				}
				seen := map[string]bool{}
				for _, e := range events {
					seen[e] = true
				}
				if seen[c.pushed] {
					t.Errorf("%s fired for a URL not pushed", c.pushed)
				}
				for _, e := range c.errEvents {
					if !seen[e] {
						t.Errorf("no %s; events: %v", e, events)
					}
				}
			})
		}
	}
}

// TestHistoryRestoreAsHxRequest: htmx 2's restore request carries
// HX-Request unless historyRestoreAsHxRequest is false.
func TestHistoryRestoreAsHxRequest(t *testing.T) {
	for _, c := range []struct {
		config string
		want   bool
	}{{"", true}, {`{"historyRestoreAsHxRequest": false}`, false}} {
		s := &histSite{script: "/htmx-2.0.11.min.js", body: `<div hx-history="false"></div>` + pager, config: c.config}
		sess, user, clock := histSession(t, s)
		if err := user.Click(find(t, sess.Document(), "#b1")); err != nil {
			t.Fatal(err)
		}
		if _, err := sess.Back(context.Background()); err != nil {
			t.Fatal(err)
		}
		past(t, sess, clock)
		reqs := htmx.Of(sess.Document()).Requests()
		last := reqs[len(reqs)-1]
		_, got := last.Header.Get("HX-Request")
		if !last.HistoryRestore() || got != c.want {
			t.Errorf("config %q: restore %v, HX-Request sent %v; want a restore, %v", c.config, last.HistoryRestore(), got, c.want)
		}
	}
}

// TestRedirectResolvesAsURLStandard: HX-Redirect's URL resolves as
// location.href = url does, with the URL standard's parser: in an http
// URL a backslash is a slash, so "\p7" is /p7, not a path named "\p7".
func TestRedirectResolvesAsURLStandard(t *testing.T) {
	for _, script := range []string{"/htmx-2.0.11.min.js", "/htmx-4.0.1.min.js"} {
		t.Run(script, func(t *testing.T) {
			s := &histSite{script: script, body: `<button id=b hx-get="/x" hx-target="#out">Go</button><div id=out>start</div>`,
				answers: map[string]string{"GET /x": "HX-Redirect: \\p7\n\n"}}
			sess, user, clock := histSession(t, s)
			if err := user.Click(find(t, sess.Document(), "#b")); err != nil {
				t.Fatal(err)
			}
			// The page at /p7 has no htmx to settle: the clock alone
			// runs the navigation's task.
			if err := clock.Advance(50 * time.Millisecond); err != nil {
				t.Fatal(err)
			}
			got := histState{URL: strings.TrimPrefix(sess.Document().URL(), "http://example.com"), Out: sess.Document().Body().InnerHTML(),
				Index: sess.HistoryIndex(), Entries: len(sess.History()), Requests: s.take()}
			want := histState{URL: "/p7", Out: "<p>page 7</p>", Index: 1, Entries: 2, Requests: []string{"GET /x", "GET /p7"}}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}
