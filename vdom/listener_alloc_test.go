//go:build !race

package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

// TestAddRemoveListenerReusesRecords: a target whose listeners come and go
// reuses the records of removed listeners, so once warmed up adding and
// removing allocates nothing. (The race detector changes allocation
// counts, so this file is not built under it.)
func TestAddRemoveListenerReusesRecords(t *testing.T) {
	el := vdom.ParseString(`<div id="t"></div>`).GetElementByID("t")
	ls := make([]vdom.Listener, 100)
	for i := range ls {
		ls[i] = vdom.NewListener(func(*vdom.Event) {})
	}
	allocs := testing.AllocsPerRun(20, func() {
		for _, l := range ls {
			el.AddEventListener("click", l)
		}
		for _, l := range ls {
			el.RemoveEventListener("click", l)
		}
	})
	if allocs != 0 {
		t.Errorf("adding and removing %d listeners allocates %.1f times, want 0", len(ls), allocs)
	}
}

// Removing in reverse order, and in an order that leaves tombstones in
// the middle of the list, reuses the records as well: records taken from
// an end of the list are recycled at once, the others at compaction.
func TestAddRemoveListenerReusesRecordsAnyOrder(t *testing.T) {
	el := vdom.ParseString(`<div id="t"></div>`).GetElementByID("t")
	ls := make([]vdom.Listener, 100)
	for i := range ls {
		ls[i] = vdom.NewListener(func(*vdom.Event) {})
	}
	orders := map[string]func(i int) int{
		"reverse":       func(i int) int { return len(ls) - 1 - i },
		"odd-then-even": func(i int) int { return (2*i + 1) % (len(ls) + 1) },
	}
	for name, at := range orders {
		allocs := testing.AllocsPerRun(20, func() {
			for _, l := range ls {
				el.AddEventListener("click", l)
			}
			for i := range ls {
				el.RemoveEventListener("click", ls[at(i)])
			}
		})
		if allocs != 0 {
			t.Errorf("%s: adding and removing %d listeners allocates %.1f times, want 0", name, len(ls), allocs)
		}
		if vdom.HasEventListener(el, "click", false) {
			t.Errorf("%s: a listener is left after removing them all", name)
		}
	}
}

// Mutations of a page without a MutationObserver allocate nothing for it.
func TestUnobservedMutationsDoNotAllocate(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE html><body><div id=a></div>`)
	a := doc.GetElementByID("a")
	span, err := doc.CreateElement("span")
	if err != nil {
		t.Fatal(err)
	}
	text := doc.CreateTextNode("a")
	allocs := testing.AllocsPerRun(100, func() {
		if _, err := a.AppendChild(span); err != nil {
			t.Fatal(err)
		}
		span.Remove()
		if err := a.SetAttribute("data-x", "1"); err != nil {
			t.Fatal(err)
		}
		a.RemoveAttribute("data-x")
		text.SetData("b")
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run of unobserved mutations, want 0", allocs)
	}
}

// TestDispatchDoesNotAllocate: once warm, a dispatch allocates nothing of
// its own (the Event is the caller's): not for the path, the walk over
// capture and bubble listeners, passive listeners, nor for the Window and
// Document on the path.
func TestDispatchDoesNotAllocate(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE html><body><div id=a><p id=b><span id=c>x</span></p></div>`)
	calls := 0
	l := vdom.NewListener(func(*vdom.Event) { calls++ })
	passive := true
	for _, id := range []string{"a", "b", "c"} {
		n := doc.GetElementByID(id)
		n.AddEventListenerWith("click", l, vdom.ListenerOptions{Capture: true})
		n.AddEventListener("click", l)
		n.AddEventListenerWith("custom", l, vdom.ListenerOptions{Passive: &passive})
	}
	doc.AddEventListener("click", l)
	doc.Window().AddEventListenerWith("click", l, vdom.ListenerOptions{Capture: true})
	target := doc.GetElementByID("c")
	click := vdom.NewEventWith("click", vdom.EventInit{Bubbles: true})
	custom := vdom.NewCustomEventWith("custom", vdom.CustomEventInit{Bubbles: true, Detail: 7})
	allocs := testing.AllocsPerRun(100, func() {
		if _, err := target.DispatchEvent(click); err != nil {
			t.Fatal(err)
		}
		if _, err := target.DispatchEvent(custom); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("dispatching two events allocates %.1f times, want 0", allocs)
	}
	// 3 capture + 3 bubble + the Document + the Window for the click, 3 for
	// the custom event, per run (AllocsPerRun runs once more to warm up).
	if want := 101 * (8 + 3); calls != want {
		t.Errorf("%d listener calls, want %d", calls, want)
	}
}
