package vdom

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A panic in the dispatch code itself (here: where the walk's loop starts)
// used to be taken for a listener's panic: the walk resumed at
// the same position, panicked again, and so on until memory ran out. It
// must end the dispatch with an *InternalError instead.
func TestDispatchInternalPanicEndsDispatch(t *testing.T) {
	doc := ParseString(`<div id="outer"><button id="b">x</button></div>`)
	b := doc.GetElementByID("b")
	var ran []string
	b.AddEventListener("click", NewListener(func(*Event) { ran = append(ran, "target") }))
	doc.GetElementByID("outer").AddEventListener("click", NewListener(func(*Event) { ran = append(ran, "outer") }))

	calls := 0
	testHookWalk = func() {
		calls++
		// Bounded, so that without the fix the test fails instead of
		// looping until memory runs out.
		if calls <= 100 {
			panic("injected")
		}
	}
	t.Cleanup(func() { testHookWalk = nil })

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
	testHookWalk = nil
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

// A listener that adds listeners to its own target, enough for the list to
// move to a larger array, and then panics: the walk, resuming after the
// panic, finds the list again from the struct and runs the records it had
// when it entered, the later ones not.
func TestDispatchResumesAfterPanicInGrownList(t *testing.T) {
	doc := ParseString(`<button id="b">x</button>`)
	b := doc.GetElementByID("b")
	var ran []string
	added := 0
	b.AddEventListener("click", NewListener(func(*Event) {
		ran = append(ran, "first")
		for range 100 {
			b.AddEventListener("click", NewListener(func(*Event) { added++ }))
		}
		panic("after adding")
	}))
	b.AddEventListener("click", NewListener(func(e *Event) {
		ran = append(ran, "second")
		panic("again")
	}))
	b.AddEventListener("click", NewListener(func(*Event) { ran = append(ran, "third") }))
	_, err := b.DispatchEvent(NewEvent("click"))
	var got []any
	for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
		var le *ListenerError
		if !errors.As(e, &le) {
			t.Fatalf("error %v is not a *ListenerError", e)
		}
		got = append(got, le.Value)
	}
	if diff := cmp.Diff([]any{"after adding", "again"}, got); diff != "" {
		t.Errorf("listener errors (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"first", "second", "third"}, ran); diff != "" {
		t.Errorf("listeners run (-want +got):\n%s", diff)
	}
	if added != 0 {
		t.Errorf("%d listeners added during the dispatch ran in it", added)
	}
	if b.store.iterating != 0 {
		t.Errorf("the store counts %d walks after the dispatch", b.store.iterating)
	}
}
