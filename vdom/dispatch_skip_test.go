package vdom_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/vdom"
)

// Ancestors whose lists hold only listeners of other types (and removed
// ones) are passed by the capture pass, but a listener that adds one of
// the event's type to them before the walk reaches them has it run, in
// order after those already there, and removed records and records of
// other types in front of a list's matching ones change nothing.
func TestDispatchPassesStructsOfOtherTypes(t *testing.T) {
	doc := vdom.ParseString(`<div id="a"><div id="b"><div id="c"><span id="t">x</span></div></div></div>`)
	a, b, c, target := doc.GetElementByID("a"), doc.GetElementByID("b"), doc.GetElementByID("c"), doc.GetElementByID("t")
	var got []string
	logger := func(label string) vdom.Listener {
		return vdom.NewListener(func(e *vdom.Event) {
			got = append(got, label+":"+e.CurrentTarget().(*vdom.Node).ID()+":"+e.EventPhase().String())
		})
	}
	capture := vdom.ListenerOptions{Capture: true}
	for _, n := range []*vdom.Node{a, b, c} {
		n.AddEventListenerWith("click", logger("click"), capture)
	}
	removed := logger("removed")
	c.AddEventListenerWith("update", removed, capture)
	c.AddEventListenerWith("click", logger("click2"), capture)
	// Taken from the middle of c's capture list: it leaves a removed
	// record between the click listeners.
	c.RemoveEventListenerWith("update", removed, capture)
	c.AddEventListenerWith("update", logger("c-own"), capture)
	a.AddEventListenerWith("update", vdom.NewListener(func(e *vdom.Event) {
		got = append(got, "adder:a:"+e.EventPhase().String())
		b.AddEventListenerWith("update", logger("added"), capture)
		c.AddEventListenerWith("update", logger("added"), capture)
	}), capture)

	if _, err := target.DispatchEvent(vdom.NewCustomEvent("update")); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"adder:a:CAPTURING_PHASE",
		"added:b:CAPTURING_PHASE",
		"c-own:c:CAPTURING_PHASE",
		"added:c:CAPTURING_PHASE",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("listener calls mismatch (-want +got):\n%s", diff)
	}

	// The click listeners still run, and only they, for a click.
	got = nil
	if _, err := target.DispatchEvent(vdom.NewEventWith("click", vdom.EventInit{Bubbles: true})); err != nil {
		t.Fatal(err)
	}
	want = []string{"click:a:CAPTURING_PHASE", "click:b:CAPTURING_PHASE", "click:c:CAPTURING_PHASE", "click2:c:CAPTURING_PHASE"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("click listener calls mismatch (-want +got):\n%s", diff)
	}
}
