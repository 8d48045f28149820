package vdom_test

import (
	"fmt"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

// Section D of the catalog: stopping propagation.

// stopBeforeDispatch dispatches, at T-table's #target, an event that stop
// has stopped before dispatch, to the 16 registrations of EV-021: nothing
// runs, and a second dispatch of the same event runs everything.
func stopBeforeDispatch(t *testing.T, stop func(*vdom.Event)) {
	t.Helper()
	tt := newTTable(t)
	tr := newTracer()
	registerEverywhere(tt, "foo", tr.listener("L"))
	evt := vdom.NewEvent("")
	evt.InitEvent("foo", true, true)
	stop(evt)
	if !dispatchOK(t, tt.target, evt) {
		t.Error("dispatch returned false, want true")
	}
	diffTrace(t, nil, tr.take())
	checkPost(t, evt, tt.target, false)

	dispatchOK(t, tt.target, evt)
	diffTrace(t, fullTrace("L", tt.names()), tr.take())
	checkPost(t, evt, tt.target, false)
}

// TestEV033_StopPropagationBeforeDispatch is EV-033 (WPT
// Event-dispatch-propagation-stopped.html, Event-propagation.window.js,
// Event-propagation-dom-node.window.js).
func TestEV033_StopPropagationBeforeDispatch(t *testing.T) {
	stopBeforeDispatch(t, (*vdom.Event).StopPropagation)
}

// TestEV034_CancelBubbleBeforeDispatch is EV-034 (WPT
// Event-dispatch-bubble-canceled.html, Event-propagation.window.js).
func TestEV034_CancelBubbleBeforeDispatch(t *testing.T) {
	stopBeforeDispatch(t, func(e *vdom.Event) { e.SetCancelBubble(true) })
}

// TestEV035_StopImmediatePropagationBeforeDispatch is EV-035 (WPT
// Event-propagation.window.js, Event-propagation-dom-node.window.js,
// Event-propagation-EventTarget.any.js).
func TestEV035_StopImmediatePropagationBeforeDispatch(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE html><head></head><body></body>`)
	for name, x := range map[string]vdom.EventTarget{"document.head": doc.Head(), "ET": vdom.NewTarget()} {
		t.Run(name, func(t *testing.T) {
			calls := 0
			x.AddEventListener("test", vdom.NewListener(func(*vdom.Event) { calls++ }))
			e := vdom.NewEvent("test")
			e.StopImmediatePropagation()
			dispatchOK(t, x, e)
			if calls != 0 {
				t.Errorf("first dispatch: %d calls, want 0", calls)
			}
			if e.CancelBubble() {
				t.Error("cancelBubble still true after the first dispatch")
			}
			dispatchOK(t, x, e)
			if calls != 1 {
				t.Errorf("second dispatch: %d calls, want 1", calls)
			}
			checkPost(t, e, x, false)
			e = vdom.NewEvent("test")
			e.StopImmediatePropagation()
			e.InitEvent("test", false, false)
			dispatchOK(t, x, e)
			if calls != 2 {
				t.Errorf("dispatch after InitEvent: %d calls, want 2", calls)
			}
		})
	}
}

// TestEV036_PlainTargetStopBeforeDispatch is EV-036. It is DIVERGENT from
// WPT (divergent-wpt): Event-propagation-EventTarget.any.js expects a plain
// EventTarget's listener to run even though stopPropagation() or
// cancelBubble = true was called before dispatch. This test encodes the DOM
// Standard instead: step 4 of "invoke" ("If event's stop propagation flag is
// set, then return") applies to every struct of the path, the lone target
// of a plain EventTarget included, so the listener does not run; jsdom and
// the DOM-node twin of that WPT file (Event-propagation-dom-node.window.js)
// agree.
func TestEV036_PlainTargetStopBeforeDispatch(t *testing.T) {
	for _, c := range []struct {
		name string
		stop func(*vdom.Event)
	}{
		{"stopPropagation", (*vdom.Event).StopPropagation},
		{"cancelBubble=true", func(e *vdom.Event) { e.SetCancelBubble(true) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			et := vdom.NewTarget()
			calls := 0
			et.AddEventListener("test", vdom.NewListener(func(*vdom.Event) { calls++ }))
			e := vdom.NewEvent("test")
			c.stop(e)
			dispatchOK(t, et, e)
			if calls != 0 {
				t.Errorf("first dispatch: %d calls, want 0 (DOM invoke step 4)", calls)
			}
			checkPost(t, e, et, false)
			dispatchOK(t, et, e)
			if calls != 1 {
				t.Errorf("second dispatch: %d calls, want 1", calls)
			}
		})
	}
}

// TestEV037_StopPropagationSparesSameNodeListeners is EV-037 (WPT
// Event-cancelBubble-dom.html; whatwg/dom#759).
func TestEV037_StopPropagationSparesSameNodeListeners(t *testing.T) {
	for _, c := range []struct {
		name string
		stop func(*vdom.Event)
	}{
		{"stopPropagation", (*vdom.Event).StopPropagation},
		{"cancelBubble=true", func(e *vdom.Event) { e.SetCancelBubble(true) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc := vdom.ParseString(tABCHTML)
			b, cNode := byID(t, doc, "b"), byID(t, doc, "c")
			tr := newTracer()
			b.AddEventListener("bar", tr.listener("L1", c.stop))
			b.AddEventListener("bar", tr.listener("L2"))
			byID(t, doc, "a").AddEventListener("bar", tr.listener("L3"))
			e := vdom.NewEventWith("bar", vdom.EventInit{Bubbles: true})
			dispatchOK(t, cNode, e)
			diffTrace(t, []evEntry{{"L1", phBub, "#b"}, {"L2", phBub, "#b"}}, tr.take())
			checkPost(t, e, cNode, false)
		})
	}
}

// TestEV038_CancelBubbleFalseInsideListenerIsNoOp is EV-038 (WPT
// Event-cancelBubble-dom.html).
func TestEV038_CancelBubbleFalseInsideListenerIsNoOp(t *testing.T) {
	doc := vdom.ParseString(tABCHTML)
	c := byID(t, doc, "c")
	tr := newTracer()
	byID(t, doc, "b").AddEventListener("bar", tr.listener("L1", func(e *vdom.Event) {
		e.SetCancelBubble(true)
		e.SetCancelBubble(false)
		if !e.CancelBubble() {
			t.Error("cancelBubble = false cleared the stop propagation flag")
		}
	}))
	byID(t, doc, "a").AddEventListener("bar", tr.listener("L3"))
	e := vdom.NewEventWith("bar", vdom.EventInit{Bubbles: true})
	dispatchOK(t, c, e)
	diffTrace(t, []evEntry{{"L1", phBub, "#b"}}, tr.take())
	checkPost(t, e, c, false)
}

// TestEV039_StopInCapturePhase is EV-039 (WPT Event-cancelBubble-dom.html
// "qux"): stopping in a capture listener stops the deeper capture listeners
// and the target.
func TestEV039_StopInCapturePhase(t *testing.T) {
	doc := vdom.ParseString(tABCHTML)
	c := byID(t, doc, "c")
	tr := newTracer()
	capture := vdom.ListenerOptions{Capture: true}
	byID(t, doc, "a").AddEventListenerWith("qux", tr.listener("L1", func(e *vdom.Event) { e.SetCancelBubble(true) }), capture)
	byID(t, doc, "b").AddEventListenerWith("qux", tr.listener("L2"), capture)
	c.AddEventListener("qux", tr.listener("L3"))
	e := vdom.NewEvent("qux")
	dispatchOK(t, c, e)
	diffTrace(t, []evEntry{{"L1", phCap, "#a"}}, tr.take())
	checkPost(t, e, c, false)
}

// TestEV040_StopImmediatePropagationSkipsRemaining is EV-040 (WPT
// Event-stopImmediatePropagation.any.js, -dom.html).
func TestEV040_StopImmediatePropagationSkipsRemaining(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE html><html id=html><body id=body><div id=target></div></body></html>`)
	div := byID(t, doc, "target")
	for name, x := range map[string]vdom.EventTarget{"ET": vdom.NewTarget(), "div#target": div} {
		t.Run(name, func(t *testing.T) {
			tr := newTracer()
			tr.named(x, "X")
			var cancelBubble []bool
			x.AddEventListener("test", tr.listener("L1", func(e *vdom.Event) {
				e.StopImmediatePropagation()
				cancelBubble = append(cancelBubble, e.CancelBubble())
			}))
			x.AddEventListener("test", tr.listener("L2"))
			// [SPEC] On a node, the ancestors are not reached either.
			anc := tr.listener("A")
			for _, y := range []vdom.EventTarget{doc.Window(), doc, doc.Body()} {
				y.AddEventListener("test", anc)
			}
			e := vdom.NewEventWith("test", vdom.EventInit{Bubbles: true})
			dispatchOK(t, x, e)
			diffTrace(t, []evEntry{{"L1", phAt, "X"}}, tr.take())
			if len(cancelBubble) != 1 || !cancelBubble[0] {
				t.Errorf("cancelBubble after stopImmediatePropagation: %v, want [true]", cancelBubble)
			}
			checkPost(t, e, x, false)
		})
	}
}

// TestEV041_StopPropagationInCaptureAtTargetSuppressesBubble is EV-041 (WPT
// Event-stopPropagation-cancel-bubbling.html; whatwg/dom#916): the target is
// invoked once per pass, and the second invocation sees the flag.
func TestEV041_StopPropagationInCaptureAtTargetSuppressesBubble(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE html><body></body>`)
	div := mustCreate(t, doc, "div")
	tr := newTracer()
	div.AddEventListenerWith("click", tr.listener("C", (*vdom.Event).StopPropagation), vdom.ListenerOptions{Capture: true})
	div.AddEventListener("click", tr.listener("B"))
	e := vdom.NewEventWith("click", vdom.EventInit{Bubbles: true, Cancelable: true})
	dispatchOK(t, div, e)
	diffTrace(t, []evEntry{{"C", phAt, "div"}}, tr.take())
	checkPost(t, e, div, false)
}

// reusedEventStops is EV-042/EV-043: one event dispatched three times, a
// listener on #parent stopping it each time it is reached.
func reusedEventStops(t *testing.T, stop func(*vdom.Event)) {
	t.Helper()
	for _, withWindow := range []bool{true, false} {
		t.Run(fmt.Sprintf("window=%v", withWindow), func(t *testing.T) {
			const page = `<!DOCTYPE html><body><div id=parent><input id=target type=hidden></div></body>`
			var doc *vdom.Document
			if withWindow {
				doc = vdom.ParseString(page)
			} else {
				doc = vdom.ParseString(page, vdom.WithoutWindow())
			}
			parent, target := byID(t, doc, "parent"), byID(t, doc, "target")
			tr := newTracer()
			l := tr.listener("L", func(e *vdom.Event) {
				if e.CurrentTarget() == vdom.EventTarget(parent) {
					stop(e)
				}
			})
			xs := []vdom.EventTarget{target, parent, doc}
			if withWindow {
				xs = append(xs, doc.Window())
			}
			for _, x := range xs {
				x.AddEventListener("foo", l)
			}
			evt := vdom.NewEvent("")
			evt.InitEvent("foo", true, true)

			dispatchOK(t, target, evt)
			diffTrace(t, []evEntry{{"L", phAt, "#target"}, {"L", phBub, "#parent"}}, tr.take())
			checkPost(t, evt, target, false)

			dispatchOK(t, parent, evt)
			diffTrace(t, []evEntry{{"L", phAt, "#parent"}}, tr.take())
			checkPost(t, evt, parent, false)

			dispatchOK(t, doc, evt)
			want := []evEntry{{"L", phAt, "document"}}
			if withWindow {
				want = append(want, evEntry{"L", phBub, "window"})
			}
			diffTrace(t, want, tr.take())
			checkPost(t, evt, doc, false)
		})
	}
}

// TestEV042_ReusedEventWithStopPropagation is EV-042 (WPT
// Event-dispatch-multiple-stopPropagation.html).
func TestEV042_ReusedEventWithStopPropagation(t *testing.T) {
	reusedEventStops(t, (*vdom.Event).StopPropagation)
}

// TestEV043_ReusedEventWithCancelBubble is EV-043 (WPT
// Event-dispatch-multiple-cancelBubble.html).
func TestEV043_ReusedEventWithCancelBubble(t *testing.T) {
	reusedEventStops(t, func(e *vdom.Event) { e.SetCancelBubble(true) })
}

// TestEV044_OnceWithStopImmediatePropagation is EV-044 (WPT
// AddEventListenerOptions-once.any.js).
func TestEV044_OnceWithStopImmediatePropagation(t *testing.T) {
	et := vdom.NewTarget()
	var order []string
	for _, id := range []string{"L1", "L2", "L3", "L4"} {
		et.AddEventListenerWith("test", vdom.NewListener(func(e *vdom.Event) {
			order = append(order, id)
			e.StopImmediatePropagation()
		}), vdom.ListenerOptions{Once: true})
	}
	for i := range 4 {
		before := len(order)
		dispatchOK(t, et, vdom.NewEvent("test"))
		if n := len(order) - before; n != 1 {
			t.Errorf("dispatch %d ran %d listeners, want 1", i+1, n)
		}
	}
	diffStrings(t, "listener order", []string{"L1", "L2", "L3", "L4"}, order)
	dispatchOK(t, et, vdom.NewEvent("test"))
	if len(order) != 4 {
		t.Errorf("a fifth dispatch ran a listener: %v", order)
	}
}
