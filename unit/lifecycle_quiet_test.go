package unit_test

import (
	"context"
	"testing"

	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// A unit skips making the lifecycle events nobody listens for; these tests
// show that whoever listens anywhere on the event's path still gets each
// of them, with the detail shared by the events of one Start.

// Listeners on the root, and capturing listeners on its ancestors, the
// document and the Window, see every lifecycle event of a unit without
// perks, in order; the others nothing, as the events do not bubble.
func TestLifecycle_PlainDispatchReachesThePath(t *testing.T) {
	all := append(append([]string{}, unit.StartEvents...), unit.StopEvents...)
	for _, tc := range []struct {
		name    string
		target  func(doc *vdom.Document) vdom.EventTarget
		capture bool
		sees    bool
	}{
		{"root", func(doc *vdom.Document) vdom.EventTarget { return doc.GetElementByID("app") }, false, true},
		{"root capturing", func(doc *vdom.Document) vdom.EventTarget { return doc.GetElementByID("app") }, true, true},
		{"body", func(doc *vdom.Document) vdom.EventTarget { return doc.Body() }, false, false},
		{"body capturing", func(doc *vdom.Document) vdom.EventTarget { return doc.Body() }, true, true},
		{"document", func(doc *vdom.Document) vdom.EventTarget { return doc }, false, false},
		{"document capturing", func(doc *vdom.Document) vdom.EventTarget { return doc }, true, true},
		{"window", func(doc *vdom.Document) vdom.EventTarget { return doc.Window() }, false, false},
		{"window capturing", func(doc *vdom.Document) vdom.EventTarget { return doc.Window() }, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, u := newUnit(t, "app", unit.Options{Perks: noPerks()})
			var got []string
			var details []any
			l := vdom.NewListener(func(e *vdom.Event) {
				got = append(got, e.Type())
				details = append(details, e.Detail())
			})
			for _, ev := range all {
				tc.target(doc).AddEventListenerWith(ev, l, vdom.ListenerOptions{Capture: tc.capture})
			}
			ctx := context.Background()
			if err := u.Start(ctx); err != nil {
				t.Fatal(err)
			}
			if err := u.Stop(ctx); err != nil {
				t.Fatal(err)
			}
			if !tc.sees {
				if len(got) != 0 {
					t.Errorf("a listener the events do not reach saw %q", got)
				}
				return
			}
			if diff := cmp.Diff(all, got); diff != "" {
				t.Errorf("events (-want +got):\n%s", diff)
			}
			// One detail map for the start events, another for the stop
			// events, each {"settings": the unit's settings}.
			for i, d := range details {
				m, ok := d.(map[string]any)
				if !ok || len(m) != 1 {
					t.Fatalf("%s: detail %#v", all[i], d)
				}
				if _, ok := m["settings"].(unit.Settings); !ok {
					t.Errorf("%s: detail %#v", all[i], d)
				}
			}
			first := details[0].(map[string]any)
			first["seen"] = true
			for i := range unit.StartEvents {
				if details[i].(map[string]any)["seen"] != true {
					t.Errorf("%s: not the detail of %s", all[i], all[0])
				}
			}
			if details[len(unit.StartEvents)].(map[string]any)["seen"] == true {
				t.Error("the stop events share the start events' detail")
			}
		})
	}
}

// A listener added during the start by an earlier event's listener sees
// the later events: whether anyone listens is asked for each event.
func TestLifecycle_PlainDispatchListenerAddedDuringStart(t *testing.T) {
	doc, u := newUnit(t, "app", unit.Options{Perks: noPerks()})
	var got []string
	late := vdom.NewListener(func(e *vdom.Event) { got = append(got, e.Type()) })
	doc.AddEventListenerWith("beforeStart", vdom.NewListener(func(*vdom.Event) {
		doc.Body().AddEventListenerWith("afterStart", late, vdom.ListenerOptions{Capture: true})
	}), vdom.ListenerOptions{Capture: true})
	if err := u.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"afterStart"}, got); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
}

// Mutation records waiting when a unit starts are delivered when its
// first lifecycle event has been dispatched, as after any outermost
// dispatch, even when nobody listens for the event.
func TestLifecycle_PlainDispatchDeliversMutationRecords(t *testing.T) {
	doc, u := newUnit(t, "app", unit.Options{Perks: noPerks()})
	var records int
	yes := true
	mo := vdom.NewMutationObserver(func(rs []*vdom.MutationRecord, _ *vdom.MutationObserver) { records += len(rs) })
	if err := mo.Observe(doc.GetElementByID("app"), vdom.MutationObserverInit{Attributes: &yes}); err != nil {
		t.Fatal(err)
	}
	doc.GetElementByID("app").SetAttribute("data-x", "1")
	if err := u.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	if records != 1 {
		t.Errorf("%d records delivered during Start, want 1", records)
	}
}
