package vdom

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A panic in the dispatch code itself (here: where the walk enters a struct
// of the path) used to be taken for a listener's panic: the walk resumed at
// the same position, panicked again, and so on until memory ran out. It
// must end the dispatch with an *InternalError instead.
func TestDispatchInternalPanicEndsDispatch(t *testing.T) {
	doc := ParseString(`<div id="outer"><button id="b">x</button></div>`)
	b := doc.GetElementByID("b")
	var ran []string
	b.AddEventListener("click", NewListener(func(*Event) { ran = append(ran, "target") }))
	doc.GetElementByID("outer").AddEventListener("click", NewListener(func(*Event) { ran = append(ran, "outer") }))

	calls := 0
	testHookEnter = func() {
		calls++
		// Bounded, so that without the fix the test fails instead of
		// looping until memory runs out.
		if calls <= 100 {
			panic("injected")
		}
	}
	t.Cleanup(func() { testHookEnter = nil })

	_, err := b.DispatchEvent(NewEventWith("click", EventInit{Bubbles: true}))
	var ie *InternalError
	if !errors.As(err, &ie) {
		t.Fatalf("error %v, want an *InternalError", err)
	}
	if diff := cmp.Diff([]string{"injected", "click", "button#b"}, []string{ie.Value.(string), ie.Type, ie.Target}); diff != "" {
		t.Errorf("InternalError mismatch (-want +got):\n%s", diff)
	}
	if !strings.Contains(err.Error(), "internal error") || !strings.Contains(err.Error(), "injected") {
		t.Errorf("message %q does not name the internal panic", err)
	}
	if calls != 1 {
		t.Errorf("the dispatch code ran %d times after the panic, want it to stop at the first", calls)
	}
	if len(ran) != 0 {
		t.Errorf("listeners ran after the internal panic: %v", ran)
	}

	// The document still works: the next dispatch runs every listener.
	testHookEnter = nil
	if _, err := b.DispatchEvent(NewEventWith("click", EventInit{Bubbles: true})); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"target", "outer"}, ran); diff != "" {
		t.Errorf("listeners after recovery mismatch (-want +got):\n%s", diff)
	}
}

// A listener's panic is still a listener's: reported, and the next
// listeners run.
func TestDispatchListenerPanicGoesOn(t *testing.T) {
	doc := ParseString(`<button id="b">x</button>`)
	b := doc.GetElementByID("b")
	var ran []string
	b.AddEventListener("click", NewListener(func(*Event) { panic("boom") }))
	b.AddEventListener("click", NewListener(func(*Event) { ran = append(ran, "second") }))
	_, err := b.DispatchEvent(NewEvent("click"))
	var le *ListenerError
	if !errors.As(err, &le) || le.Value != "boom" {
		t.Fatalf("error %v, want the listener's panic", err)
	}
	if diff := cmp.Diff([]string{"second"}, ran); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}
