package vdom_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/vdom"
)

// fragmentPage parses body into a page at http://example.com/page and
// records the hashchange, beforematch, toggle and focus events it sees,
// each as "type target" (hashchange with its URLs).
func fragmentPage(t *testing.T, url, body string) (*vdom.Document, *[]string) {
	t.Helper()
	doc, err := vdom.Parse(strings.NewReader("<!DOCTYPE html><body>"+body), vdom.WithURL(url))
	if err != nil {
		t.Fatal(err)
	}
	var log []string
	for _, typ := range []string{"hashchange", "beforematch", "toggle", "focus", "blur"} {
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

// pageURLs is what a page says of its URL.
type pageURLs struct {
	URL, Hash, Target string
	History           int
}

func urlsOf(t *testing.T, doc *vdom.Document) pageURLs {
	t.Helper()
	target, err := doc.QuerySelector(":target")
	if err != nil {
		t.Fatal(err)
	}
	p := pageURLs{URL: doc.URL(), Hash: doc.Window().LocationHash(), History: doc.Window().HistoryLength()}
	if target != nil {
		p.Target = describe(target)
	}
	return p
}

func TestFragmentLinkClick(t *testing.T) {
	doc, log := fragmentPage(t, "http://example.com/page",
		`<a id=l href="#t">go</a> <button id=b1>b1</button> <div id=t>target</div> <button id=b2>b2</button>`)
	if err := doc.GetElementByID("l").Focus(); err != nil {
		t.Fatal(err)
	}
	*log = nil
	if err := doc.GetElementByID("l").Click(); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(pageURLs{URL: "http://example.com/page#t", Hash: "#t", Target: "#t", History: 2}, urlsOf(t, doc)); diff != "" {
		t.Errorf("after the click, mismatch (-want +got):\n%s", diff)
	}
	// The div is not focusable: the link lost the focus at once; the
	// hashchange waits for the task queue.
	if diff := cmp.Diff([]string{"blur #l"}, *log); diff != "" {
		t.Errorf("events before the tasks run, mismatch (-want +got):\n%s", diff)
	}
	if _, err := doc.RunTasks(); err != nil {
		t.Fatal(err)
	}
	want := []string{"blur #l", "hashchange window http://example.com/page -> http://example.com/page#t"}
	if diff := cmp.Diff(want, *log); diff != "" {
		t.Errorf("events, mismatch (-want +got):\n%s", diff)
	}
	// The div is the starting point of sequential navigation.
	if got := doc.NextFocusable(nil, false); got == nil || got.ID() != "l" {
		t.Fatalf("NextFocusable(nil) = %v: the test's page changed", got)
	}
	tab(t, doc, false)
	if got := doc.ActiveElement().ID(); got != "b2" {
		t.Errorf("Tab after the fragment navigation focused %q, want b2 (the button after the target)", got)
	}
}

// tab presses Tab (Shift+Tab when back) at the focused element.
func tab(t *testing.T, doc *vdom.Document, back bool) {
	t.Helper()
	k := vdom.KeyboardEvent{Key: "Tab", Code: "Tab", ShiftKey: back}
	e := vdom.NewKeyboardEvent("keydown", vdom.KeyboardEventInit{EventInit: vdom.EventInit{Bubbles: true, Cancelable: true}, KeyboardEvent: k})
	if _, err := vdom.DispatchTrusted(doc.ActiveElement(), e); err != nil {
		t.Fatal(err)
	}
}

func TestFragmentNavigationCases(t *testing.T) {
	tests := []struct {
		name, url, body, link string
		focusFirst            string // the element focused before the click
		want                  pageURLs
		focused               string // the active element after
		events                []string
	}{
		{
			name: "focusable target gets the focus",
			body: `<a id=l href="#t">go</a><input id=t>`, link: "l", focusFirst: "l",
			want:    pageURLs{URL: "http://example.com/page#t", Hash: "#t", Target: "#t", History: 2},
			focused: "t", events: []string{"blur #l", "focus #t", "hashchange window http://example.com/page -> http://example.com/page#t"},
		},
		{
			name: "missing target changes only the URL",
			body: `<a id=l href="#nowhere">go</a>`, link: "l", focusFirst: "l",
			want:    pageURLs{URL: "http://example.com/page#nowhere", Hash: "#nowhere", History: 2},
			focused: "l", events: []string{"hashchange window http://example.com/page -> http://example.com/page#nowhere"},
		},
		{
			name: "top with no element named top",
			body: `<a id=l href="#top">go</a>`, link: "l", focusFirst: "l",
			want:    pageURLs{URL: "http://example.com/page#top", Hash: "#top", History: 2},
			focused: "l", events: []string{"hashchange window http://example.com/page -> http://example.com/page#top"},
		},
		{
			name: "empty fragment",
			body: `<a id=l href="#">go</a>`, link: "l", focusFirst: "l",
			want:    pageURLs{URL: "http://example.com/page#", Hash: "", History: 2},
			focused: "l", events: []string{"hashchange window http://example.com/page -> http://example.com/page#"},
		},
		{
			name: "from the empty fragment to none is a navigation",
			url:  "http://example.com/page#", body: `<a id=l href="page">go</a>`, link: "l",
			want: pageURLs{URL: "http://example.com/page#", History: 1}, focused: "body",
		},
		{
			name: "same fragment again replaces the entry, fires no hashchange, focuses again",
			url:  "http://example.com/page#t", body: `<a id=l href="#t">go</a><input id=t>`, link: "l", focusFirst: "l",
			want:    pageURLs{URL: "http://example.com/page#t", Hash: "#t", Target: "#t", History: 1},
			focused: "t", events: []string{"blur #l", "focus #t"},
		},
		{
			name: "a name",
			body: `<a id=l href="#n">go</a><a name=n>n</a>`, link: "l",
			want:    pageURLs{URL: "http://example.com/page#n", Hash: "#n", Target: "body > a:nth-of-type(2)", History: 2},
			focused: "body", events: []string{"hashchange window http://example.com/page -> http://example.com/page#n"},
		},
		{
			name: "percent-encoded",
			body: `<a id=l href="#caf%C3%A9">go</a><input id="café">`, link: "l",
			want:    pageURLs{URL: "http://example.com/page#caf%C3%A9", Hash: "#caf%C3%A9", Target: "#café", History: 2},
			focused: "café", events: []string{"focus #café", "hashchange window http://example.com/page -> http://example.com/page#caf%C3%A9"},
		},
		{
			name: "another query is a navigation",
			body: `<a id=l href="?q=1#t">go</a><input id=t>`, link: "l",
			want: pageURLs{URL: "http://example.com/page", History: 1}, focused: "body",
		},
		{
			name: "closed details opens",
			body: `<a id=l href="#t">go</a><details id=d><summary>s</summary><input id=t></details>`, link: "l",
			want:    pageURLs{URL: "http://example.com/page#t", Hash: "#t", Target: "#t", History: 2},
			focused: "t", events: []string{"focus #t", "hashchange window http://example.com/page -> http://example.com/page#t", "toggle #d"},
		},
		{
			name: "hidden until found is revealed",
			body: `<a id=l href="#t">go</a><div id=h hidden=until-found><p id=t>x</p></div>`, link: "l",
			want:    pageURLs{URL: "http://example.com/page#t", Hash: "#t", Target: "#t", History: 2},
			focused: "body", events: []string{"beforematch #h", "hashchange window http://example.com/page -> http://example.com/page#t"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url := tt.url
			if url == "" {
				url = "http://example.com/page"
			}
			doc, log := fragmentPage(t, url, tt.body)
			if tt.focusFirst != "" {
				if err := doc.GetElementByID(tt.focusFirst).Focus(); err != nil {
					t.Fatal(err)
				}
			}
			*log = nil
			if err := doc.GetElementByID(tt.link).Click(); err != nil {
				t.Fatal(err)
			}
			if _, err := doc.RunTasks(); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, urlsOf(t, doc)); diff != "" {
				t.Errorf("URL, mismatch (-want +got):\n%s", diff)
			}
			if got := describe(doc.ActiveElement()); got != "#"+tt.focused && got != tt.focused {
				t.Errorf("active element %s, want %s", got, tt.focused)
			}
			if diff := cmp.Diff(tt.events, *log); diff != "" {
				t.Errorf("events, mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFragmentNavigationRequests(t *testing.T) {
	doc, _ := fragmentPage(t, "http://example.com/page", `<a id=same href="#t">same</a><a id=q href="?q=1#t">query</a><a id=abs href="http://example.com/page#u">absolute</a>`)
	for _, id := range []string{"same", "q", "abs"} {
		if err := doc.GetElementByID(id).Click(); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	for _, n := range doc.Window().Navigations() {
		got = append(got, n.URL.String())
	}
	if diff := cmp.Diff([]string{"http://example.com/page?q=1"}, got); diff != "" {
		t.Errorf("requests, mismatch (-want +got):\n%s", diff)
	}
	if got := doc.URL(); got != "http://example.com/page#u" {
		t.Errorf("URL %s, want the absolute link's fragment", got)
	}
}

func TestFragmentNavigationWithoutWindow(t *testing.T) {
	doc, err := vdom.Parse(strings.NewReader(`<a id=l href="#t">go</a><input id=t>`), vdom.WithURL("http://example.com/"), vdom.WithoutWindow())
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.GetElementByID("l").Click(); err != nil {
		t.Fatal(err)
	}
	if doc.URL() != "http://example.com/" || doc.ActiveElement().ID() == "t" {
		t.Errorf("a document without a window navigated: URL %s, focus %s", doc.URL(), describe(doc.ActiveElement()))
	}
}

func TestFragmentBeforematchRemovesTarget(t *testing.T) {
	doc, _ := fragmentPage(t, "http://example.com/page", `<a id=l href="#t">go</a><div id=h hidden=until-found><input id=t></div>`)
	h := doc.GetElementByID("h")
	h.AddEventListener("beforematch", vdom.NewListener(func(*vdom.Event) { doc.GetElementByID("t").Remove() }))
	if err := doc.GetElementByID("l").Click(); err != nil {
		t.Fatal(err)
	}
	if h.HasAttribute("hidden") {
		t.Error("hidden stayed after beforematch")
	}
	if got := describe(doc.ActiveElement()); got != "#l" && got != "body" {
		t.Errorf("focus went to %s", got)
	}
}

func TestFragmentWithURLEmptyFragment(t *testing.T) {
	doc, err := vdom.Parse(strings.NewReader(``), vdom.WithURL("http://example.com/a#"))
	if err != nil {
		t.Fatal(err)
	}
	if got := doc.URL(); got != "http://example.com/a#" {
		t.Errorf("URL %q, want the empty fragment kept", got)
	}
	if got := doc.Window().LocationHash(); got != "" {
		t.Errorf("LocationHash %q, want \"\"", got)
	}
}

func TestHashChangeEvent(t *testing.T) {
	e := vdom.NewHashChangeEvent("hashchange", vdom.HashChangeEventInit{HashChangeEvent: vdom.HashChangeEvent{OldURL: "a", NewURL: "b"}})
	hc, ok := e.AsHashChange()
	if !ok || hc.OldURL != "a" || hc.NewURL != "b" || e.Interface() != "HashChangeEvent" {
		t.Errorf("AsHashChange = %+v, %v; interface %s", hc, ok, e.Interface())
	}
	if _, ok := vdom.NewEvent("x").AsHashChange(); ok {
		t.Error("a plain Event reads as a HashChangeEvent")
	}
	c, err := vdom.ParseString("").CreateEvent("HashChangeEvent")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := c.AsHashChange(); !ok || c.Interface() != "HashChangeEvent" {
		t.Errorf("CreateEvent(HashChangeEvent) gave %s", c.Interface())
	}
}
