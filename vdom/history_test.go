package vdom_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/vdom"
)

// historyPage parses body at http://example.com/page and records the
// popstate, hashchange, focus and blur events at its Window, each as
// "type target" (hashchange with its URLs).
func historyPage(t *testing.T, url, body string) (*vdom.Document, *[]string) {
	t.Helper()
	doc, err := vdom.Parse(strings.NewReader("<!DOCTYPE html><body>"+body), vdom.WithURL(url))
	if err != nil {
		t.Fatal(err)
	}
	var log []string
	for _, typ := range []string{"popstate", "hashchange", "focus", "blur"} {
		doc.Window().AddEventListenerWith(typ, vdom.NewListener(func(e *vdom.Event) {
			s := e.Type() + " " + describe(e.Target())
			if hc, ok := e.AsHashChange(); ok {
				s += " " + hc.OldURL + " -> " + hc.NewURL
			}
			log = append(log, s)
		}), vdom.ListenerOptions{Capture: true})
	}
	return doc, &log
}

// fakeHistory is a SessionHistory that records what it is asked and
// refuses with err when set.
type fakeHistory struct {
	added []string
	err   error
}

func (h *fakeHistory) AddEntry(url string, replace bool) error {
	if h.err != nil {
		return h.err
	}
	h.added = append(h.added, fmt.Sprintf("%s replace=%v", url, replace))
	return nil
}

func (h *fakeHistory) Length() int { return 10 + len(h.added) }

func TestFragmentLinkFiresPopState(t *testing.T) {
	doc, log := historyPage(t, "http://example.com/page", `<a id=l href="#t">go</a> <input id=t>`)
	var pop *vdom.Event
	var popURL string
	doc.Window().AddEventListener("popstate", vdom.NewListener(func(e *vdom.Event) {
		pop, popURL = e, doc.URL()
	}))
	if err := doc.GetElementByID("l").Focus(); err != nil {
		t.Fatal(err)
	}
	*log = nil
	if err := doc.GetElementByID("l").Click(); err != nil {
		t.Fatal(err)
	}
	runTasks(t, doc)
	// Chromium 148's order (testdata/browser/recorded/fragment-*.json):
	// the URL changes, popstate, the focus moves, hashchange from the
	// task queue.
	want := []string{"popstate window", "blur #l", "focus #t", "hashchange window http://example.com/page -> http://example.com/page#t"}
	if diff := cmp.Diff(want, *log); diff != "" {
		t.Errorf("events, mismatch (-want +got):\n%s", diff)
	}
	if pop == nil {
		t.Fatal("no popstate")
	}
	ps, ok := pop.AsPopState()
	type shape struct {
		Interface                            string
		IsPopState, Trusted, Bubbles, Cancel bool
		State                                any
		URL                                  string
	}
	got := shape{pop.Interface(), ok, pop.IsTrusted(), pop.Bubbles(), pop.Cancelable(), ps.State, popURL}
	if diff := cmp.Diff(shape{Interface: "PopStateEvent", IsPopState: true, Trusted: true, URL: "http://example.com/page#t"}, got); diff != "" {
		t.Errorf("popstate, mismatch (-want +got):\n%s", diff)
	}
}

func TestSessionHistoryTakesFragmentEntries(t *testing.T) {
	doc, log := historyPage(t, "http://example.com/page", `<a id=a href="#a">a</a> <a id=b href="#b">b</a> <a id=e href="#">e</a> <div id=a>a</div>`)
	h := &fakeHistory{}
	doc.Window().SetSessionHistory(h)
	for _, id := range []string{"a", "b", "b", "e"} {
		if err := doc.GetElementByID(id).Click(); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{
		"http://example.com/page#a replace=false",
		"http://example.com/page#b replace=false",
		"http://example.com/page#b replace=true",
		"http://example.com/page# replace=false",
	}
	if diff := cmp.Diff(want, h.added); diff != "" {
		t.Errorf("entries, mismatch (-want +got):\n%s", diff)
	}
	if got := doc.Window().HistoryLength(); got != 14 {
		t.Errorf("HistoryLength = %d, want the session history's 14", got)
	}

	// A session history that refuses (a page the session has left)
	// stops the navigation before anything changes.
	refused := errors.New("refused")
	h.err = refused
	runTasks(t, doc)
	*log = nil
	err := doc.GetElementByID("a").Click()
	if !errors.Is(err, refused) {
		t.Errorf("Click = %v, want the session history's error", err)
	}
	runTasks(t, doc)
	if got := doc.URL(); got != "http://example.com/page#" {
		t.Errorf("URL after a refused navigation = %q, want it unchanged", got)
	}
	if len(*log) != 0 {
		t.Errorf("a refused navigation fired %q", *log)
	}

	// Without a session history the Window counts again.
	doc.Window().SetSessionHistory(nil)
	if got := doc.Window().HistoryLength(); got != 1 {
		t.Errorf("HistoryLength without a session history = %d, want 1 (the Window counted nothing while one kept the entries)", got)
	}
}

func TestTraverse(t *testing.T) {
	body := `<a id=l1 href="#s1">s1</a> <a id=l2 href="#s2">s2</a> <div id=s1>s1</div> <input id=s2>`
	tests := []struct {
		name    string
		to      vdom.Traversal
		want    pageURLs
		focused string
		events  []string
	}{
		{
			name:    "back restoring the scroll position keeps the focus",
			to:      vdom.Traversal{URL: "http://example.com/page#s1"},
			want:    pageURLs{URL: "http://example.com/page#s1", Hash: "#s1", Target: "#s1", History: 3},
			focused: "s2",
			events:  []string{"popstate window", "hashchange window http://example.com/page#s2 -> http://example.com/page#s1"},
		},
		{
			name:    "back scrolling to the fragment moves the focus",
			to:      vdom.Traversal{URL: "http://example.com/page#s1", ScrollToFragment: true},
			want:    pageURLs{URL: "http://example.com/page#s1", Hash: "#s1", Target: "#s1", History: 3},
			focused: "body",
			events:  []string{"popstate window", "blur #s2", "hashchange window http://example.com/page#s2 -> http://example.com/page#s1"},
		},
		{
			name:    "to the entry without fragment",
			to:      vdom.Traversal{URL: "http://example.com/page", ScrollToFragment: true},
			want:    pageURLs{URL: "http://example.com/page", History: 3},
			focused: "s2",
			events:  []string{"popstate window", "hashchange window http://example.com/page#s2 -> http://example.com/page"},
		},
		{
			name:    "to an entry of the same fragment fires no hashchange",
			to:      vdom.Traversal{URL: "http://example.com/page#s2"},
			want:    pageURLs{URL: "http://example.com/page#s2", Hash: "#s2", Target: "#s2", History: 3},
			focused: "s2",
			events:  []string{"popstate window"},
		},
		{
			name:    "to the empty fragment",
			to:      vdom.Traversal{URL: "http://example.com/page#"},
			want:    pageURLs{URL: "http://example.com/page#", History: 3},
			focused: "s2",
			events:  []string{"popstate window", "hashchange window http://example.com/page#s2 -> http://example.com/page#"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc, log := historyPage(t, "http://example.com/page", body)
			for _, id := range []string{"l1", "l2"} {
				if err := doc.GetElementByID(id).Click(); err != nil {
					t.Fatal(err)
				}
			}
			runTasks(t, doc)
			if got := doc.ActiveElement().ID(); got != "s2" {
				t.Fatalf("the link to #s2 focused %q: the test's page changed", got)
			}
			*log = nil
			if err := doc.Window().Traverse(tc.to); err != nil {
				t.Fatal(err)
			}
			runTasks(t, doc)
			if diff := cmp.Diff(tc.want, urlsOf(t, doc)); diff != "" {
				t.Errorf("after the traversal, mismatch (-want +got):\n%s", diff)
			}
			if got := describe(doc.ActiveElement()); got != "#"+tc.focused && got != tc.focused {
				t.Errorf("focused %s, want %s", got, tc.focused)
			}
			if diff := cmp.Diff(tc.events, *log); diff != "" {
				t.Errorf("events, mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestTraverseBadURL(t *testing.T) {
	doc, log := historyPage(t, "http://example.com/page#a", `<div id=a></div>`)
	for _, raw := range []string{"", "page#b", "http://[::1/x"} {
		err := doc.Window().Traverse(vdom.Traversal{URL: raw})
		if !errors.Is(err, vdom.ErrSyntax) || !strings.Contains(err.Error(), fmt.Sprintf("%q", raw)) {
			t.Errorf("Traverse(%q) = %v, want an ErrSyntax error naming the URL", raw, err)
		}
	}
	runTasks(t, doc)
	if doc.URL() != "http://example.com/page#a" || len(*log) != 0 {
		t.Errorf("after failed traversals: URL %q, events %q; want both unchanged", doc.URL(), *log)
	}
}

func TestNavigateToFragment(t *testing.T) {
	doc, log := historyPage(t, "http://example.com/page?q=1#a", `<input id=a> <input id=b>`)
	h := &fakeHistory{}
	doc.Window().SetSessionHistory(h)
	// As for a URL typed in Chromium's address bar: the URL the document
	// has already adds an entry, and a focusable target gets the focus.
	for _, raw := range []string{"http://example.com/page?q=1#b", "http://example.com/page?q=1#b"} {
		if err := doc.Window().NavigateToFragment(raw); err != nil {
			t.Fatal(err)
		}
	}
	runTasks(t, doc)
	want := []string{"http://example.com/page?q=1#b replace=false", "http://example.com/page?q=1#b replace=false"}
	if diff := cmp.Diff(want, h.added); diff != "" {
		t.Errorf("entries, mismatch (-want +got):\n%s", diff)
	}
	wantEvents := []string{"popstate window", "focus #b", "popstate window", "hashchange window http://example.com/page?q=1#a -> http://example.com/page?q=1#b"}
	if diff := cmp.Diff(wantEvents, *log); diff != "" {
		t.Errorf("events, mismatch (-want +got):\n%s", diff)
	}
	*log = nil
	for _, raw := range []string{
		"http://example.com/page?q=2#b", // another query: a page to load
		"http://example.com/page?q=1",   // no fragment
		"/page?q=1#b",                   // not absolute
		"http://[::1",
	} {
		err := doc.Window().NavigateToFragment(raw)
		if !errors.Is(err, vdom.ErrSyntax) || !strings.Contains(err.Error(), fmt.Sprintf("%q", raw)) {
			t.Errorf("NavigateToFragment(%q) = %v, want an ErrSyntax error naming the URL", raw, err)
		}
	}
	runTasks(t, doc)
	if doc.URL() != "http://example.com/page?q=1#b" || len(*log) != 0 || len(h.added) != 2 {
		t.Errorf("after refused navigations: URL %q, events %q, entries %q; want all unchanged", doc.URL(), *log, h.added)
	}
}

func TestScrollToFragment(t *testing.T) {
	tests := []struct {
		name, url, body string
		focused         string
		open            bool // whether the details element is open after
	}{
		{name: "focusable target", url: "http://example.com/p#t", body: `<input id=t>`, focused: "#t"},
		{name: "target in closed details", url: "http://example.com/p#t", body: `<details id=d><summary>s</summary><input id=t></details>`, focused: "#t", open: true},
		{name: "unfocusable target", url: "http://example.com/p#t", body: `<div id=t>t</div>`, focused: "body"},
		{name: "no fragment", url: "http://example.com/p", body: `<input id=t>`, focused: "body"},
		{name: "top", url: "http://example.com/p#top", body: `<input id=t>`, focused: "body"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc, log := historyPage(t, tc.url, tc.body)
			if err := doc.Window().ScrollToFragment(); err != nil {
				t.Fatal(err)
			}
			runTasks(t, doc)
			if got := describe(doc.ActiveElement()); got != tc.focused {
				t.Errorf("focused %s, want %s", got, tc.focused)
			}
			if d := doc.GetElementByID("d"); d != nil && d.HasAttribute("open") != tc.open {
				t.Errorf("details open = %v, want %v", d.HasAttribute("open"), tc.open)
			}
			for _, e := range *log {
				if strings.HasPrefix(e, "popstate") || strings.HasPrefix(e, "hashchange") {
					t.Errorf("ScrollToFragment fired %q: it navigates nowhere", e)
				}
			}
			if got := doc.Window().HistoryLength(); got != 1 {
				t.Errorf("HistoryLength = %d, want 1", got)
			}
		})
	}
}
