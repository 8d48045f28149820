package vdom_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

// Sections B (the dispatchEvent contract) and C (path and phase order) of
// the catalog.

// TestEV011_ReturnValueAndCanceledFlagSurvivesDispatch is EV-011 (WPT
// Event-defaultPrevented-after-dispatch.any.js, EventTarget-add-remove-listener.any.js).
func TestEV011_ReturnValueAndCanceledFlagSurvivesDispatch(t *testing.T) {
	for _, c := range []struct {
		name   string
		cancel func(*vdom.Event)
	}{
		{"preventDefault", (*vdom.Event).PreventDefault},
		{"returnValue=false", func(e *vdom.Event) { e.SetReturnValue(false) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			et := vdom.NewTarget()
			var during []bool
			et.AddEventListenerWith("foo", vdom.NewListener(func(e *vdom.Event) {
				c.cancel(e)
				during = append(during, e.DefaultPrevented())
			}), vdom.ListenerOptions{Capture: true})
			e := vdom.NewEventWith("foo", vdom.EventInit{Bubbles: true, Cancelable: true})
			if dispatchOK(t, et, e) {
				t.Error("dispatch returned true, want false")
			}
			if len(during) != 1 || !during[0] {
				t.Errorf("defaultPrevented seen by the listener: %v, want [true]", during)
			}
			checkPost(t, e, et, true)
		})
	}
	// EventTarget-add-remove-listener.any.js: a listener added with capture
	// false is removed by RemoveEventListener without options.
	t.Run("remove without options", func(t *testing.T) {
		et := vdom.NewTarget()
		l := vdom.NewListener((*vdom.Event).PreventDefault)
		et.AddEventListenerWith("x", l, vdom.ListenerOptions{Capture: false})
		if dispatchOK(t, et, vdom.NewEventWith("x", vdom.EventInit{Cancelable: true})) {
			t.Error("dispatch with the listener returned true, want false")
		}
		et.RemoveEventListener("x", l)
		if !dispatchOK(t, et, vdom.NewEventWith("x", vdom.EventInit{Cancelable: true})) {
			t.Error("dispatch after RemoveEventListener returned false, want true")
		}
	})
}

// TestEV012_CanceledFlagPersistsOnRedispatch is EV-012 (WPT
// EventTarget-dispatchEvent-returnvalue.html).
func TestEV012_CanceledFlagPersistsOnRedispatch(t *testing.T) {
	for _, c := range []struct {
		name   string
		cancel func(*vdom.Event)
	}{
		{"preventDefault", (*vdom.Event).PreventDefault},
		{"returnValue=false", func(e *vdom.Event) { e.SetReturnValue(false) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			tt := newTTable(t)
			parent := byID(t, tt.doc, "parent")
			capture := vdom.ListenerOptions{Capture: true}
			parent.AddEventListenerWith("foo", vdom.NewListener(func(*vdom.Event) {}), capture)
			type seen struct{ defaultPrevented, returnValue bool }
			var got []seen
			tt.target.AddEventListenerWith("foo", vdom.NewListener(func(e *vdom.Event) {
				c.cancel(e)
				got = append(got, seen{e.DefaultPrevented(), e.ReturnValue()})
			}), capture)
			tt.target.AddEventListenerWith("foo", vdom.NewListener(func(*vdom.Event) {}), capture)

			evt := vdom.NewEvent("")
			evt.InitEvent("foo", true, true)
			if !dispatchOK(t, parent, evt) {
				t.Error("dispatch at #parent returned false, want true")
			}
			checkPost(t, evt, parent, false)
			if dispatchOK(t, tt.target, evt) {
				t.Error("dispatch at #target returned true, want false")
			}
			if len(got) != 1 || got[0] != (seen{true, false}) {
				t.Errorf("listener saw %+v, want [{defaultPrevented:true returnValue:false}]", got)
			}
			checkPost(t, evt, tt.target, true)
		})
	}
}

// TestEV013_PreventDefaultBeforeDispatch is EV-013 ([SPEC]: dispatch never
// clears the canceled flag).
func TestEV013_PreventDefaultBeforeDispatch(t *testing.T) {
	e := vdom.NewEventWith("x", vdom.EventInit{Cancelable: true})
	e.PreventDefault()
	et := vdom.NewTarget()
	var seen []bool
	et.AddEventListener("x", vdom.NewListener(func(e *vdom.Event) { seen = append(seen, e.DefaultPrevented()) }))
	if dispatchOK(t, et, e) {
		t.Error("dispatch returned true, want false")
	}
	if len(seen) != 1 || !seen[0] {
		t.Errorf("listener saw defaultPrevented %v, want [true]", seen)
	}
	checkPost(t, e, et, true)
}

// TestEV014_ListenerPreventDefaultOnNonCancelable is EV-014 (WPT
// non-cancelable-when-passive/synthetic-events-cancelable.html, Event rows;
// Event-defaultPrevented.any.js). The listener is on a detached div, so the
// default passive value plays no part.
func TestEV014_ListenerPreventDefaultOnNonCancelable(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE html><body></body>`)
	for _, typ := range []string{"wheel", "touchstart", "touchmove", "touchend", "touchcancel", "mousewheel"} {
		t.Run(typ, func(t *testing.T) {
			div := mustCreate(t, doc, "div")
			var seen []bool
			div.AddEventListener(typ, vdom.NewListener(func(e *vdom.Event) {
				e.PreventDefault()
				seen = append(seen, e.DefaultPrevented())
			}))
			e := vdom.NewEvent(typ)
			if !dispatchOK(t, div, e) {
				t.Error("dispatch returned false, want true")
			}
			if len(seen) != 1 || seen[0] {
				t.Errorf("listener saw defaultPrevented %v, want [false]", seen)
			}
			checkPost(t, e, div, false)
		})
	}
}

// TestEV015_RedispatchWhileDispatchingIsInvalidState is EV-015 (WPT
// EventTarget-dispatchEvent.any.js, -dom.window.js, .html).
func TestEV015_RedispatchWhileDispatchingIsInvalidState(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE html><body></body>`)
	for _, c := range []struct {
		name string
		et   vdom.EventTarget
		x    vdom.EventTarget
	}{
		{"ET then another ET", vdom.NewTarget(), vdom.NewTarget()},
		{"detached div then document", mustCreate(t, doc, "div"), doc},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := vdom.NewEvent("type")
			xCalls, l1Calls := 0, 0
			c.x.AddEventListener("type", vdom.NewListener(func(*vdom.Event) { xCalls++ }))
			c.et.AddEventListener("type", vdom.NewListener(func(ev *vdom.Event) {
				l1Calls++
				for _, tgt := range []vdom.EventTarget{c.et, c.x} {
					ok, err := tgt.DispatchEvent(ev)
					if !errors.Is(err, vdom.ErrInvalidState) {
						t.Errorf("nested dispatch at %s: err = %v, want ErrInvalidState", targetName(tgt), err)
					}
					if ok {
						t.Errorf("nested dispatch at %s returned true", targetName(tgt))
					}
				}
				if ev.Target() != c.et || ev.CurrentTarget() != c.et || ev.EventPhase() != vdom.AtTarget {
					t.Errorf("failed nested dispatch changed the event: target %s currentTarget %s phase %v",
						targetName(ev.Target()), targetName(ev.CurrentTarget()), ev.EventPhase())
				}
			}))
			if !dispatchOK(t, c.et, e) {
				t.Error("outer dispatch returned false, want true")
			}
			if l1Calls != 1 {
				t.Errorf("L1 ran %d times, want 1", l1Calls)
			}
			if xCalls != 0 {
				t.Errorf("the failed dispatch at X ran %d listeners, want 0", xCalls)
			}
			checkPost(t, e, c.et, false)
		})
	}
}

// TestEV016_UninitializedEventCannotBeDispatched is EV-016 (WPT
// EventTarget-dispatchEvent-dom.window.js, EventTarget-dispatchEvent.html).
func TestEV016_UninitializedEventCannotBeDispatched(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE html><body></body>`)
	calls := 0
	doc.AddEventListener("x", vdom.NewListener(func(*vdom.Event) { calls++ }))
	doc.AddEventListener("", vdom.NewListener(func(*vdom.Event) { calls++ }))
	for _, iface := range []string{"Event", "Events", "HTMLEvents", "CustomEvent"} {
		t.Run(iface, func(t *testing.T) {
			calls = 0
			e, err := doc.CreateEvent(iface)
			if err != nil {
				t.Fatalf("CreateEvent(%q): %v", iface, err)
			}
			if e.Type() != "" {
				t.Errorf("type = %q, want empty", e.Type())
			}
			ok, err := doc.DispatchEvent(e)
			if !errors.Is(err, vdom.ErrInvalidState) {
				t.Errorf("dispatch of an uninitialized event: err = %v, want ErrInvalidState", err)
			}
			if ok || calls != 0 {
				t.Errorf("dispatch of an uninitialized event returned %v and ran %d listeners; want false, 0", ok, calls)
			}
			e.InitEvent("x", false, false)
			if !dispatchOK(t, doc, e) {
				t.Error("dispatch after InitEvent returned false, want true")
			}
			if calls != 1 {
				t.Errorf("dispatch after InitEvent ran %d listeners, want 1", calls)
			}
		})
	}
}

// TestEV017_IsTrustedFalseForDispatchEvent is EV-017 (WPT
// Event-initEvent.any.js, Event-constructors.any.js).
func TestEV017_IsTrustedFalseForDispatchEvent(t *testing.T) {
	doc := vdom.ParseString(tABCHTML)
	c := byID(t, doc, "c")
	var seen []bool
	l := vdom.NewListener(func(e *vdom.Event) { seen = append(seen, e.IsTrusted()) })
	for _, x := range []vdom.EventTarget{doc.Window(), doc, byID(t, doc, "a"), c} {
		x.AddEventListenerWith("x", l, vdom.ListenerOptions{Capture: true})
		x.AddEventListener("x", l)
	}
	created, err := doc.CreateEvent("Event")
	if err != nil {
		t.Fatal(err)
	}
	created.InitEvent("x", true, false)
	for name, e := range map[string]*vdom.Event{
		"NewEvent":       vdom.NewEventWith("x", vdom.EventInit{Bubbles: true}),
		"NewCustomEvent": vdom.NewCustomEventWith("x", vdom.CustomEventInit{Bubbles: true}),
		"CreateEvent":    created,
	} {
		t.Run(name, func(t *testing.T) {
			seen = nil
			dispatchOK(t, c, e)
			if len(seen) != 8 {
				t.Errorf("%d listener calls, want 8", len(seen))
			}
			for i, trusted := range seen {
				if trusted {
					t.Errorf("call %d saw isTrusted true", i)
				}
			}
			if e.IsTrusted() {
				t.Error("isTrusted true after dispatch")
			}
		})
	}
}

// TestEV018_ListenerReceivesSameEventObject is EV-018 (WPT
// EventTarget-constructible.any.js).
func TestEV018_ListenerReceivesSameEventObject(t *testing.T) {
	et := vdom.NewTarget()
	e := vdom.NewEvent("foo")
	calls := 0
	l := vdom.NewListener(func(arg *vdom.Event) {
		calls++
		if arg != e {
			t.Errorf("listener got event %p, want the dispatched %p", arg, e)
		}
	})
	et.AddEventListener("foo", l)
	dispatchOK(t, et, e)
	dispatchOK(t, et, e)
	if calls != 2 {
		t.Errorf("%d calls after two dispatches, want 2", calls)
	}
	et.RemoveEventListener("foo", l)
	dispatchOK(t, et, e)
	if calls != 2 {
		t.Errorf("%d calls after removal, want 2", calls)
	}
}

// TestEV019_StateAfterDispatch is EV-019 (WPT Event-dispatch-click.html
// "event state during post-click handling", Event-cancelBubble.any.js,
// Event-defaultPrevented-after-dispatch.any.js).
func TestEV019_StateAfterDispatch(t *testing.T) {
	doc := vdom.ParseString(tABCHTML)
	c := byID(t, doc, "c")
	bCalls := 0
	byID(t, doc, "b").AddEventListener("x", vdom.NewListener(func(*vdom.Event) { bCalls++ }))
	c.AddEventListener("x", vdom.NewListener((*vdom.Event).StopPropagation))
	e := vdom.NewEventWith("x", vdom.EventInit{Bubbles: true})
	if !dispatchOK(t, c, e) {
		t.Error("dispatch returned false, want true")
	}
	if bCalls != 0 {
		t.Errorf("#b listener ran %d times after stopPropagation at #c, want 0", bCalls)
	}
	checkPost(t, e, c, false)
}

// TestEV020_ComposedPathLightTree is EV-020 ([SPEC] DOM composedPath(); WPT
// Event-dispatch-click.html for the empty path after dispatch).
func TestEV020_ComposedPathLightTree(t *testing.T) {
	t.Run("connected", func(t *testing.T) {
		doc := vdom.ParseString(tABCHTML)
		c := byID(t, doc, "c")
		tr := newTracer()
		paths := map[string][]string{}
		for id, x := range map[string]vdom.EventTarget{"L1": c, "L2": byID(t, doc, "b"), "L3": doc} {
			x.AddEventListener("x", vdom.NewListener(func(e *vdom.Event) {
				paths[id] = tr.namesOf(e.ComposedPath())
			}))
		}
		e := vdom.NewEventWith("x", vdom.EventInit{Bubbles: true})
		dispatchOK(t, c, e)
		want := []string{"#c", "#b", "#a", "#body", "#html", "document", "window"}
		for _, id := range []string{"L1", "L2", "L3"} {
			diffStrings(t, id+" composedPath", want, paths[id])
		}
		checkPost(t, e, c, false)
	})
	t.Run("ET", func(t *testing.T) {
		et := vdom.NewTarget()
		var got []vdom.EventTarget
		et.AddEventListener("x", vdom.NewListener(func(e *vdom.Event) { got = e.ComposedPath() }))
		e := vdom.NewEvent("x")
		dispatchOK(t, et, e)
		if len(got) != 1 || got[0] != vdom.EventTarget(et) {
			t.Errorf("composedPath() = %v, want [ET]", got)
		}
		checkPost(t, e, et, false)
	})
	t.Run("detached", func(t *testing.T) {
		doc := vdom.ParseString(`<!DOCTYPE html><body></body>`)
		a, b, c := mustCreate(t, doc, "div"), mustCreate(t, doc, "div"), mustCreate(t, doc, "div")
		mustSetID(t, a, "a")
		mustSetID(t, b, "b")
		mustSetID(t, c, "c")
		mustAppend(t, a, b)
		mustAppend(t, b, c)
		tr := newTracer()
		var got []string
		a.AddEventListener("x", vdom.NewListener(func(e *vdom.Event) { got = tr.namesOf(e.ComposedPath()) }))
		e := vdom.NewEventWith("x", vdom.EventInit{Bubbles: true})
		dispatchOK(t, c, e)
		diffStrings(t, "composedPath", []string{"#c", "#b", "#a"}, got)
		checkPost(t, e, c, false)
	})
}

// registerEverywhere registers l on every object of C, once with capture
// and once without, in capture order.
func registerEverywhere(tt *tTable, typ string, l vdom.Listener) {
	for _, x := range tt.chain {
		x.AddEventListenerWith(typ, l, vdom.ListenerOptions{Capture: true})
		x.AddEventListenerWith(typ, l, vdom.ListenerOptions{Capture: false})
	}
}

// TestEV021_FullCaptureTargetBubbleTrace is EV-021 (WPT
// Event-dispatch-bubbles-true.html, "In window.document with click event").
func TestEV021_FullCaptureTargetBubbleTrace(t *testing.T) {
	tt := newTTable(t)
	tr := newTracer()
	registerEverywhere(tt, "click", tr.listener("L"))
	evt := vdom.NewEvent("")
	evt.InitEvent("click", true, true)
	if !dispatchOK(t, tt.target, evt) {
		t.Error("dispatch returned false, want true")
	}
	want := []evEntry{
		{"L", phCap, "window"}, {"L", phCap, "document"}, {"L", phCap, "#html"}, {"L", phCap, "#body"},
		{"L", phCap, "#table"}, {"L", phCap, "#tbody"}, {"L", phCap, "#parent"},
		{"L", phAt, "#target"}, {"L", phAt, "#target"},
		{"L", phBub, "#parent"}, {"L", phBub, "#tbody"}, {"L", phBub, "#table"}, {"L", phBub, "#body"},
		{"L", phBub, "#html"}, {"L", phBub, "document"}, {"L", phBub, "window"},
	}
	diffTrace(t, want, tr.take())
	checkPost(t, evt, tt.target, false)
}

// TestEV022_DocumentWithoutBrowsingContextStopsAtDocument is EV-022 (WPT
// Event-dispatch-bubbles-true.html, "cloneNode(true)", "new Document()",
// "createHTMLDocument()").
func TestEV022_DocumentWithoutBrowsingContextStopsAtDocument(t *testing.T) {
	withTable := func(t *testing.T, doc *vdom.Document) {
		t.Helper()
		body := doc.Body()
		mustSetID(t, doc.DocumentElement(), "html")
		mustSetID(t, body, "body")
		if err := body.SetInnerHTML(tTableBody); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		name string
		make func(t *testing.T, main *vdom.Document) (chain []vdom.EventTarget)
	}{
		{"CreateHTMLDocument", func(t *testing.T, _ *vdom.Document) []vdom.EventTarget {
			doc := vdom.CreateHTMLDocument("title")
			withTable(t, doc)
			return tTableOf(t, doc).chain
		}},
		{"NewDocument+AppendChild(clone)", func(t *testing.T, main *vdom.Document) []vdom.EventTarget {
			doc := vdom.NewDocument()
			mustAppend(t, &doc.Node, main.DocumentElement().CloneNode(true))
			return tTableOf(t, doc).chain
		}},
		{"CloneDocument(true)", func(t *testing.T, main *vdom.Document) []vdom.EventTarget {
			return tTableOf(t, main.CloneDocument(true)).chain
		}},
		{"document.CloneNode(true)", func(t *testing.T, main *vdom.Document) []vdom.EventTarget {
			root := main.CloneNode(true)
			chain := []vdom.EventTarget{root}
			for _, id := range []string{"html", "body", "table", "tbody", "parent", "target"} {
				chain = append(chain, findID(t, root, id))
			}
			return chain
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			main := newTTable(t)
			tr := newTracer()
			l := tr.listener("L")
			main.doc.Window().AddEventListenerWith("click", l, vdom.ListenerOptions{Capture: true})
			main.doc.Window().AddEventListener("click", l)
			chain := c.make(t, main.doc)
			if len(chain) != 7 {
				t.Fatalf("chain has %d objects, want 7 (no window)", len(chain))
			}
			tt := &tTable{chain: chain, target: chain[len(chain)-1].(*vdom.Node)}
			registerEverywhere(tt, "click", l)
			evt := vdom.NewEvent("")
			evt.InitEvent("click", true, true)
			if !dispatchOK(t, tt.target, evt) {
				t.Error("dispatch returned false, want true")
			}
			diffTrace(t, fullTrace("L", tt.names()), tr.take())
			checkPost(t, evt, tt.target, false)
		})
	}
}

// TestEV023_LoadDoesNotPropagateToWindow is EV-023 (WPT
// Event-dispatch-bubbles-true.html "with load event"; [SPEC] HTML "get the
// parent" of a Document returns null for load).
func TestEV023_LoadDoesNotPropagateToWindow(t *testing.T) {
	for _, c := range []struct {
		typ        string
		withWindow bool
	}{
		{"load", false},
		{"click", true}, // the contrast
	} {
		t.Run(c.typ, func(t *testing.T) {
			tt := newTTable(t)
			tr := newTracer()
			registerEverywhere(tt, c.typ, tr.listener("L"))
			evt := vdom.NewEvent("")
			evt.InitEvent(c.typ, true, true)
			dispatchOK(t, tt.target, evt)
			names := tt.names()
			if !c.withWindow {
				names = names[1:]
			}
			diffTrace(t, fullTrace("L", names), tr.take())
			checkPost(t, evt, tt.target, false)
		})
	}
}

// TestEV024_BubblesFalse is EV-024 (WPT Event-dispatch-bubbles-false.html).
func TestEV024_BubblesFalse(t *testing.T) {
	tt := newTTable(t)
	tr := newTracer()
	registerEverywhere(tt, "click", tr.listener("L"))
	evt := vdom.NewEvent("")
	evt.InitEvent("click", false, true)
	dispatchOK(t, tt.target, evt)
	names := tt.names()
	want := append(entries("L", phCap, names[:7]...), entries("L", phAt, "#target", "#target")...)
	diffTrace(t, want, tr.take())
	checkPost(t, evt, tt.target, false)
}

// TestEV025_OmittedCaptureIsNonCapture is EV-025 (WPT
// Event-dispatch-omitted-capture.html).
func TestEV025_OmittedCaptureIsNonCapture(t *testing.T) {
	tt := newTTable(t)
	tr := newTracer()
	l := tr.listener("L")
	for _, x := range tt.chain {
		x.AddEventListener("foo", l)
	}
	evt := vdom.NewEventWith("foo", vdom.EventInit{Bubbles: true})
	dispatchOK(t, tt.target, evt)
	want := append([]evEntry{{"L", phAt, "#target"}}, entries("L", phBub, reversed(tt.names()[:7])...)...)
	diffTrace(t, want, tr.take())
	checkPost(t, evt, tt.target, false)

	for _, x := range tt.chain {
		x.RemoveEventListener("foo", l)
	}
	dispatchOK(t, tt.target, vdom.NewEventWith("foo", vdom.EventInit{Bubbles: true}))
	diffTrace(t, nil, tr.take())
}

// TestEV026_AtTargetCaptureListenersFirst is EV-026 (WPT
// Event-dispatch-order-at-target.html): capture listeners run before
// non-capture ones at the target, whatever the registration order.
func TestEV026_AtTargetCaptureListenersFirst(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE html><body></body>`)
	el := mustCreate(t, doc, "div")
	mustSetID(t, el, "el")
	tr := newTracer()
	el.AddEventListener("click", tr.listener("B"))
	el.AddEventListenerWith("click", tr.listener("C"), vdom.ListenerOptions{Capture: true})
	for _, bubbles := range []bool{true, false} {
		t.Run(fmt.Sprintf("bubbles=%v", bubbles), func(t *testing.T) {
			e := vdom.NewEventWith("click", vdom.EventInit{Bubbles: bubbles})
			dispatchOK(t, el, e)
			diffTrace(t, []evEntry{{"C", phAt, "#el"}, {"B", phAt, "#el"}}, tr.take())
			checkPost(t, e, el, false)
		})
	}
}

// TestEV027_OrderOnPlainEventTarget is EV-027 (WPT
// EventTarget-dispatchEvent.any.js, -dom.window.js with a detached <b>).
func TestEV027_OrderOnPlainEventTarget(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE html><body></body>`)
	for name, x := range map[string]vdom.EventTarget{
		"ET":         vdom.NewTarget(),
		"detached b": mustCreate(t, doc, "b"),
	} {
		t.Run(name, func(t *testing.T) {
			tr := newTracer()
			tr.named(x, "X")
			x.AddEventListenerWith("x", tr.listener("L1"), vdom.ListenerOptions{Capture: true})
			x.AddEventListenerWith("x", tr.listener("L2"), vdom.ListenerOptions{Capture: false})
			x.AddEventListenerWith("x", tr.listener("L3"), vdom.ListenerOptions{Capture: true})
			e := vdom.NewEvent("x")
			dispatchOK(t, x, e)
			diffTrace(t, []evEntry{{"L1", phAt, "X"}, {"L3", phAt, "X"}, {"L2", phAt, "X"}}, tr.take())
			checkPost(t, e, x, false)
		})
	}
}

// TestEV028_PhaseOrderAcrossTwoNodes is EV-028 (WPT Event-dispatch-order.html).
func TestEV028_PhaseOrderAcrossTwoNodes(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE html><body><div id=parent><div id=child></div></div></body>`)
	parent, child := byID(t, doc, "parent"), byID(t, doc, "child")
	tr := newTracer()
	parent.AddEventListenerWith("click", tr.listener("L1"), vdom.ListenerOptions{Capture: true})
	child.AddEventListener("click", tr.listener("L2"))
	parent.AddEventListener("click", tr.listener("L3"))
	e := vdom.NewEventWith("click", vdom.EventInit{Bubbles: true})
	dispatchOK(t, child, e)
	diffTrace(t, []evEntry{{"L1", phCap, "#parent"}, {"L2", phAt, "#child"}, {"L3", phBub, "#parent"}}, tr.take())
	checkPost(t, e, child, false)
}

// TestEV029_CaptureFlagDecidesPhaseOnAncestor is EV-029 (WPT
// EventListenerOptions-capture.html).
func TestEV029_CaptureFlagDecidesPhaseOnAncestor(t *testing.T) {
	for _, c := range []struct {
		name  string
		opts  []vdom.ListenerOptions
		phase vdom.Phase
	}{
		{"capture:true", []vdom.ListenerOptions{{Capture: true}}, phCap},
		{"none", nil, phBub},
		{"{}", []vdom.ListenerOptions{{}}, phBub},
		{"capture:false", []vdom.ListenerOptions{{Capture: false}}, phBub},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc := vdom.ParseString(`<!DOCTYPE html><body></body>`)
			tr := newTracer()
			addOpts(doc, "test", tr.listener("L"), c.opts)
			e := vdom.NewEventWith("test", vdom.EventInit{Bubbles: true})
			dispatchOK(t, doc.Body(), e)
			diffTrace(t, []evEntry{{"L", c.phase, "document"}}, tr.take())
			checkPost(t, e, doc.Body(), false)
		})
	}
}

// TestEV030_DetachedSubtree is EV-030 (WPT EventTarget-dispatchEvent-dom.window.js,
// Event-dispatch-detached-click.html).
func TestEV030_DetachedSubtree(t *testing.T) {
	t.Run("lone element", func(t *testing.T) {
		doc := vdom.ParseString(`<!DOCTYPE html><body></body>`)
		el := mustCreate(t, doc, "somerandomelement")
		tr := newTracer()
		var targets, srcs []vdom.EventTarget
		el.AddEventListenerWith("click", tr.listener("L1", func(e *vdom.Event) {
			targets = append(targets, e.Target())
			srcs = append(srcs, e.SrcElement())
		}), vdom.ListenerOptions{Capture: true})
		docCalls := 0
		doc.AddEventListenerWith("click", vdom.NewListener(func(*vdom.Event) { docCalls++ }), vdom.ListenerOptions{Capture: true})
		evt := vdom.NewEvent("")
		evt.InitEvent("click", true, true)
		dispatchOK(t, el, evt)
		diffTrace(t, []evEntry{{"L1", phAt, "somerandomelement"}}, tr.take())
		if len(targets) != 1 || targets[0] != vdom.EventTarget(el) || srcs[0] != vdom.EventTarget(el) {
			t.Errorf("listener saw target %v srcElement %v, want the element", targets, srcs)
		}
		if docCalls != 0 {
			t.Errorf("document listener ran %d times, want 0", docCalls)
		}
		checkPost(t, evt, el, false)
	})
	t.Run("detached b chain", func(t *testing.T) {
		doc := vdom.ParseString(`<!DOCTYPE html><body></body>`)
		outer, middle, inner := mustCreate(t, doc, "b"), mustCreate(t, doc, "b"), mustCreate(t, doc, "b")
		mustSetID(t, outer, "outer")
		mustSetID(t, middle, "middle")
		mustSetID(t, inner, "inner")
		mustAppend(t, outer, middle)
		mustAppend(t, middle, inner)
		tr := newTracer()
		l := tr.listener("L")
		for _, x := range []vdom.EventTarget{doc.Window(), doc, doc.DocumentElement(), doc.Body(), outer, middle, inner} {
			x.AddEventListenerWith("x", l, vdom.ListenerOptions{Capture: true})
			x.AddEventListener("x", l)
		}
		e := vdom.NewEventWith("x", vdom.EventInit{Bubbles: true})
		dispatchOK(t, inner, e)
		want := []evEntry{
			{"L", phCap, "#outer"}, {"L", phCap, "#middle"}, {"L", phAt, "#inner"}, {"L", phAt, "#inner"},
			{"L", phBub, "#middle"}, {"L", phBub, "#outer"},
		}
		diffTrace(t, want, tr.take())
		checkPost(t, e, inner, false)
	})
	t.Run("DocumentFragment", func(t *testing.T) {
		// [SPEC] A fragment has no parent: the path ends there.
		doc := vdom.ParseString(`<!DOCTYPE html><body></body>`)
		frag := doc.CreateDocumentFragment()
		div := mustCreate(t, doc, "div")
		mustAppend(t, frag, div)
		tr := newTracer()
		l := tr.listener("L")
		for _, x := range []vdom.EventTarget{doc.Window(), doc, frag, div} {
			x.AddEventListenerWith("x", l, vdom.ListenerOptions{Capture: true})
			x.AddEventListener("x", l)
		}
		e := vdom.NewEventWith("x", vdom.EventInit{Bubbles: true})
		dispatchOK(t, div, e)
		want := []evEntry{
			{"L", phCap, "#document-fragment"}, {"L", phAt, "div"}, {"L", phAt, "div"}, {"L", phBub, "#document-fragment"},
		}
		diffTrace(t, want, tr.take())
		checkPost(t, e, div, false)
	})
}

// TestEV031_ElementOfAnotherDocument is EV-031 (WPT
// Event-dispatch-other-document.html).
func TestEV031_ElementOfAnotherDocument(t *testing.T) {
	main := vdom.ParseString(`<!DOCTYPE html><body></body>`)
	mainCalls := 0
	main.Window().AddEventListenerWith("foo", vdom.NewListener(func(*vdom.Event) { mainCalls++ }), vdom.ListenerOptions{Capture: true})
	doc2 := vdom.CreateHTMLDocument("Demo")
	el := mustCreate(t, doc2, "div")
	var targets, srcs []vdom.EventTarget
	el.AddEventListener("foo", vdom.NewListener(func(e *vdom.Event) {
		targets = append(targets, e.Target())
		srcs = append(srcs, e.SrcElement())
	}))
	mustAppend(t, doc2.Body(), el)
	e := vdom.NewEvent("foo")
	dispatchOK(t, el, e)
	if len(targets) != 1 {
		t.Fatalf("listener ran %d times, want 1", len(targets))
	}
	if targets[0] != vdom.EventTarget(el) || srcs[0] != vdom.EventTarget(el) {
		t.Errorf("target %s srcElement %s, want the div", targetName(targets[0]), targetName(srcs[0]))
	}
	if mainCalls != 0 {
		t.Errorf("the other document's window saw the event %d times", mainCalls)
	}
	checkPost(t, e, el, false)
}

// TestEV032_TextNodeTarget is EV-032 ([SPEC]; Event-dispatch-click.html
// dispatches at Text children).
func TestEV032_TextNodeTarget(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE html><body><div id=p>hello</div></body>`)
	p := byID(t, doc, "p")
	text := p.FirstChild()
	if text == nil || text.NodeType() != vdom.TextNode {
		t.Fatalf("#p's first child is %v, want a Text node", text)
	}
	tr := newTracer()
	var targets []vdom.EventTarget
	rec := func(e *vdom.Event) { targets = append(targets, e.Target()) }
	p.AddEventListener("x", tr.listener("L1", rec))
	p.AddEventListenerWith("x", tr.listener("L2", rec), vdom.ListenerOptions{Capture: true})
	for _, c := range []struct {
		bubbles bool
		want    []evEntry
	}{
		{true, []evEntry{{"L2", phCap, "#p"}, {"L1", phBub, "#p"}}},
		{false, []evEntry{{"L2", phCap, "#p"}}},
	} {
		t.Run(fmt.Sprintf("bubbles=%v", c.bubbles), func(t *testing.T) {
			targets = nil
			e := vdom.NewEventWith("x", vdom.EventInit{Bubbles: c.bubbles})
			dispatchOK(t, text, e)
			diffTrace(t, c.want, tr.take())
			for i, tg := range targets {
				if tg != vdom.EventTarget(text) {
					t.Errorf("call %d: target %s, want the Text node", i, targetName(tg))
				}
			}
			checkPost(t, e, text, false)
		})
	}
}
