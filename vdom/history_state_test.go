package vdom_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/vdom"
)

// stateHistory is a StateHistory that records the entries it is given.
type stateHistory struct {
	fakeHistory
	states []string
}

func (h *stateHistory) AddStateEntry(url string, state any, replace bool) error {
	if h.err != nil {
		return h.err
	}
	h.states = append(h.states, fmt.Sprintf("%s %v replace=%v", url, state, replace))
	return nil
}

func TestPushStateChangesURLWithoutEvents(t *testing.T) {
	doc, log := historyPage(t, "http://example.com/page", `<p id=t>x</p>`)
	w := doc.Window()
	*log = nil
	if err := w.PushState("one", "/other?q=1#t"); err != nil {
		t.Fatal(err)
	}
	if err := w.ReplaceState("two", "third"); err != nil {
		t.Fatal(err)
	}
	runTasks(t, doc)
	type shape struct {
		URL, Hash string
		State     any
		Length    int
		Events    []string
	}
	got := shape{doc.URL(), w.LocationHash(), w.HistoryState(), w.HistoryLength(), *log}
	// No popstate, no hashchange: the URL and history update steps fire
	// nothing; the push added an entry, the replace none.
	want := shape{URL: "http://example.com/third", State: "two", Length: 2, Events: nil}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

func TestPushStateGoesToTheStateHistory(t *testing.T) {
	doc, _ := historyPage(t, "http://example.com/page", ``)
	h := &stateHistory{}
	w := doc.Window()
	w.SetSessionHistory(h)
	if err := w.PushState(1, "/a"); err != nil {
		t.Fatal(err)
	}
	if err := w.ReplaceState(nil, ""); err != nil {
		t.Fatal(err)
	}
	want := []string{"http://example.com/a 1 replace=false", "http://example.com/a <nil> replace=true"}
	if diff := cmp.Diff(want, h.states); diff != "" {
		t.Errorf("entries, mismatch (-want +got):\n%s", diff)
	}
	// A refusal leaves the document as it was.
	h.err = errors.New("refused")
	if err := w.PushState(2, "/b"); !errors.Is(err, h.err) {
		t.Errorf("PushState refused: error %v, want the history's", err)
	}
	if doc.URL() != "http://example.com/a" || w.HistoryState() != nil {
		t.Errorf("after a refusal: URL %s, state %v; want http://example.com/a and nil", doc.URL(), w.HistoryState())
	}
}

func TestPushStateRefusesAnotherOrigin(t *testing.T) {
	for _, u := range []string{"http://other.example/x", "https://example.com/page", "http://example.com:81/", "http://[::1"} {
		doc, _ := historyPage(t, "http://example.com/page", ``)
		err := doc.Window().PushState(nil, u)
		if !errors.Is(err, vdom.ErrSecurity) {
			t.Errorf("PushState(%q): error %v, want one matching ErrSecurity", u, err)
		}
		if doc.URL() != "http://example.com/page" || doc.Window().HistoryLength() != 1 {
			t.Errorf("PushState(%q) refused: URL %s, length %d; want them unchanged", u, doc.URL(), doc.Window().HistoryLength())
		}
	}
}

func TestTraverseGivesTheEntryState(t *testing.T) {
	doc, _ := historyPage(t, "http://example.com/page", ``)
	var got []any
	doc.Window().AddEventListener("popstate", vdom.NewListener(func(e *vdom.Event) {
		ps, _ := e.AsPopState()
		got = append(got, ps.State, doc.Window().HistoryState())
	}))
	state := map[string]any{"htmx": true}
	if err := doc.Window().Traverse(vdom.Traversal{URL: "http://example.com/b", State: state}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]any{state, state}, got); diff != "" {
		t.Errorf("popstate's state and history.state, mismatch (-want +got):\n%s", diff)
	}
	// A document loaded for an entry takes its state, silently.
	got = nil
	if err := doc.Window().Traverse(vdom.Traversal{URL: "http://example.com/c", State: "s", NewDocument: true}); err != nil {
		t.Fatal(err)
	}
	if got != nil || doc.URL() != "http://example.com/b" || doc.Window().HistoryState() != "s" {
		t.Errorf("NewDocument: events %v, URL %s, state %v; want none, http://example.com/b, s", got, doc.URL(), doc.Window().HistoryState())
	}
}

func ExampleWindow_PushState() {
	doc, err := vdom.Parse(strings.NewReader("<p>list</p>"), vdom.WithURL("http://example.com/items"))
	if err != nil {
		panic(err)
	}
	w := doc.Window()
	// A script's history.pushState({page: 2}, "", "?page=2").
	if err := w.PushState(map[string]any{"page": 2}, "?page=2"); err != nil {
		panic(err)
	}
	fmt.Println(doc.URL(), w.HistoryState(), w.HistoryLength())
	err = w.PushState(nil, "https://elsewhere.example/")
	fmt.Println(errors.Is(err, vdom.ErrSecurity))
	// Output:
	// http://example.com/items?page=2 map[page:2] 2
	// true
}
