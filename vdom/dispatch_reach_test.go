package vdom_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/vdom"
)

// reachPage is a target three levels down, with a logger that records
// label:currentTarget:phase.
func reachPage(t *testing.T) (doc *vdom.Document, target *vdom.Node, got *[]string, logger func(string) vdom.Listener) {
	t.Helper()
	doc = vdom.ParseString(`<div id="a"><div id="b"><span id="t">x</span></div></div>`)
	target = doc.GetElementByID("t")
	got = new([]string)
	logger = func(label string) vdom.Listener {
		return vdom.NewListener(func(e *vdom.Event) {
			name := "window"
			switch ct := e.CurrentTarget().(type) {
			case *vdom.Node:
				name = ct.ID()
			case *vdom.Document:
				name = "document"
			}
			*got = append(*got, label+":"+name+":"+e.EventPhase().String())
		})
	}
	return doc, target, got, logger
}

func dispatchBubbling(t *testing.T, target *vdom.Node, typ string) {
	t.Helper()
	if _, err := target.DispatchEvent(vdom.NewEventWith(typ, vdom.EventInit{Bubbles: true})); err != nil {
		t.Fatal(err)
	}
}

// Repeated dispatches at one target skip the ancestors that have no
// listeners for the event. A listener added during the dispatch to an
// ancestor the bubble pass has not reached yet, or to the document or
// the window, must run all the same, in that dispatch.
func TestDispatchRunsBubbleListenersAddedDuringIt(t *testing.T) {
	doc, target, got, logger := reachPage(t)
	a := doc.GetElementByID("a")
	adding := false
	target.AddEventListener("ping", vdom.NewListener(func(*vdom.Event) {
		if adding {
			a.AddEventListener("ping", logger("added"))
			doc.AddEventListener("ping", logger("added"))
			doc.Window().AddEventListener("ping", logger("added"))
		}
	}))
	// Two dispatches with nothing above the target: the second runs on
	// the remembered path.
	dispatchBubbling(t, target, "ping")
	dispatchBubbling(t, target, "ping")
	if len(*got) != 0 {
		t.Fatalf("listeners ran before any was added: %v", *got)
	}
	adding = true
	dispatchBubbling(t, target, "ping")
	want := []string{"added:a:BUBBLING_PHASE", "added:document:BUBBLING_PHASE", "added:window:BUBBLING_PHASE"}
	if diff := cmp.Diff(want, *got); diff != "" {
		t.Errorf("listener calls mismatch (-want +got):\n%s", diff)
	}
}

// The ancestors to skip depend on the event's type: ancestors listening
// for another type only must not hide those listening for this one.
func TestDispatchSkipsAncestorsPerType(t *testing.T) {
	doc, target, got, logger := reachPage(t)
	a, b := doc.GetElementByID("a"), doc.GetElementByID("b")
	a.AddEventListenerWith("pong", logger("capture"), vdom.ListenerOptions{Capture: true})
	b.AddEventListener("pong", logger("bubble"))
	target.AddEventListener("ping", logger("target"))
	// "ping" twice (its skip worked out and used), then "pong" with no
	// listener added in between.
	dispatchBubbling(t, target, "ping")
	dispatchBubbling(t, target, "ping")
	dispatchBubbling(t, target, "pong")
	dispatchBubbling(t, target, "ping")
	want := []string{
		"target:t:AT_TARGET",
		"target:t:AT_TARGET",
		"capture:a:CAPTURING_PHASE", "bubble:b:BUBBLING_PHASE",
		"target:t:AT_TARGET",
	}
	if diff := cmp.Diff(want, *got); diff != "" {
		t.Errorf("listener calls mismatch (-want +got):\n%s", diff)
	}
}

// Listeners added between dispatches, and removed ones, are seen by the
// next dispatch at the same target: on the window, on an ancestor that
// listened for another type already (neither makes a node start to
// listen), on one that did not listen at all, and on the document.
func TestDispatchSkipFollowsAddsAndRemovals(t *testing.T) {
	doc, target, got, logger := reachPage(t)
	a, b := doc.GetElementByID("a"), doc.GetElementByID("b")
	b.AddEventListener("pong", logger("pong"))
	doc.AddEventListener("pong", logger("pong"))
	target.AddEventListener("ping", logger("target"))
	step := func(name string, want ...string) {
		t.Helper()
		*got = nil
		dispatchBubbling(t, target, "ping")
		if diff := cmp.Diff(want, *got); diff != "" {
			t.Errorf("%s: listener calls mismatch (-want +got):\n%s", name, diff)
		}
	}
	step("first", "target:t:AT_TARGET")
	step("again", "target:t:AT_TARGET")

	doc.Window().AddEventListener("ping", logger("window"))
	step("window added", "target:t:AT_TARGET", "window:window:BUBBLING_PHASE")

	middle := logger("middle")
	b.AddEventListenerWith("ping", middle, vdom.ListenerOptions{Capture: true})
	step("listening ancestor added", "middle:b:CAPTURING_PHASE", "target:t:AT_TARGET", "window:window:BUBBLING_PHASE")

	top := logger("top")
	a.AddEventListener("ping", top)
	step("new ancestor added", "middle:b:CAPTURING_PHASE", "target:t:AT_TARGET", "top:a:BUBBLING_PHASE", "window:window:BUBBLING_PHASE")

	a.RemoveEventListener("ping", top)
	b.RemoveEventListenerWith("ping", middle, vdom.ListenerOptions{Capture: true})
	step("removed", "target:t:AT_TARGET", "window:window:BUBBLING_PHASE")

	doc.AddEventListenerWith("ping", logger("document"), vdom.ListenerOptions{Capture: true})
	step("document added", "document:document:CAPTURING_PHASE", "target:t:AT_TARGET", "window:window:BUBBLING_PHASE")
}
