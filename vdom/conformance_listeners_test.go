package vdom_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/vdom"
)

// Section E of the catalog: registration (dedup, capture matching, once,
// passive, signal) and object listeners.

// opt is a short way to write optional ListenerOptions: none() is "no
// options argument", opt(o) is one.
func none() []vdom.ListenerOptions                      { return nil }
func opt(o vdom.ListenerOptions) []vdom.ListenerOptions { return []vdom.ListenerOptions{o} }

// addOpts and removeOpts call the short form for none() and the With form
// for opt(o), so each case covers the form it names.
func addOpts(x vdom.EventTarget, typ string, l vdom.Listener, o []vdom.ListenerOptions) {
	if len(o) == 0 {
		x.AddEventListener(typ, l)
		return
	}
	x.AddEventListenerWith(typ, l, o[0])
}

func removeOpts(x vdom.EventTarget, typ string, l vdom.Listener, o []vdom.ListenerOptions) {
	if len(o) == 0 {
		x.RemoveEventListener(typ, l)
		return
	}
	x.RemoveEventListenerWith(typ, l, o[0])
}

// withOthers runs f twice: once as is, and once with pad adding 20 other
// listeners of the same type (both capture values) to a target, so that
// long listener lists are covered too.
func withOthers(t *testing.T, f func(t *testing.T, pad func(x vdom.EventTarget, typ string))) {
	t.Helper()
	for _, n := range []int{0, 20} {
		t.Run(fmt.Sprintf("others=%d", n), func(t *testing.T) {
			f(t, func(x vdom.EventTarget, typ string) {
				for i := range n {
					x.AddEventListenerWith(typ, vdom.NewListener(func(*vdom.Event) {}), vdom.ListenerOptions{Capture: i%2 == 0})
				}
			})
		})
	}
}

// counter returns a listener that counts its calls.
func counter(n *int) *vdom.FuncListener {
	return vdom.NewListener(func(*vdom.Event) { *n++ })
}

// TestEV045_NilListenerIsNoOp is EV-045 (WPT
// EventTarget-addEventListener.any.js, EventTarget-removeEventListener.any.js).
func TestEV045_NilListenerIsNoOp(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE html><body></body>`)
	for name, x := range map[string]vdom.EventTarget{
		"ET": vdom.NewTarget(), "div": mustCreate(t, doc, "div"), "document": doc, "window": doc.Window(),
	} {
		t.Run(name, func(t *testing.T) {
			for _, o := range [][]vdom.ListenerOptions{none(), opt(vdom.ListenerOptions{}), opt(vdom.ListenerOptions{Capture: true})} {
				addOpts(x, "x", nil, o)
				removeOpts(x, "x", nil, o)
			}
			x.AddEventListener("x", nil)
			// A registered nil listener would panic when called and show up
			// in the error.
			ok, err := x.DispatchEvent(vdom.NewEventWith("x", vdom.EventInit{Cancelable: true}))
			if !ok || err != nil {
				t.Errorf("dispatch = %v, %v; want true, nil", ok, err)
			}
		})
	}
}

// TestEV046_DedupKeyIsTypeCallbackCapture is EV-046 (WPT
// AddEventListenerOptions-passive.any.js "Equivalence of option values",
// AddEventListenerOptions-once.any.js).
func TestEV046_DedupKeyIsTypeCallbackCapture(t *testing.T) {
	for _, c := range []struct {
		name        string
		first, then []vdom.ListenerOptions
	}{
		{"(none, none)", none(), none()},
		{"({}, {passive:false})", opt(vdom.ListenerOptions{}), opt(vdom.ListenerOptions{Passive: new(false)})},
		{"({passive:true}, {passive:false})", opt(vdom.ListenerOptions{Passive: new(true)}), opt(vdom.ListenerOptions{Passive: new(false)})},
		{"(none, {passive:true})", none(), opt(vdom.ListenerOptions{Passive: new(true)})},
		{"({capture:true,passive:false}, {capture:true,passive:true})",
			opt(vdom.ListenerOptions{Capture: true, Passive: new(false)}), opt(vdom.ListenerOptions{Capture: true, Passive: new(true)})},
	} {
		t.Run(c.name, func(t *testing.T) {
			withOthers(t, func(t *testing.T, pad func(vdom.EventTarget, string)) {
				et := vdom.NewTarget()
				pad(et, "test")
				n := 0
				l := counter(&n)
				addOpts(et, "test", l, c.first)
				addOpts(et, "test", l, c.then)
				dispatchOK(t, et, vdom.NewEvent("test"))
				if n != 1 {
					t.Errorf("%d calls, want 1", n)
				}
			})
		})
	}
}

// TestEV047_CaptureTrueAndFalseAreSeparate is EV-047 (WPT
// AddEventListenerOptions-passive.any.js).
func TestEV047_CaptureTrueAndFalseAreSeparate(t *testing.T) {
	for _, c := range []struct {
		name        string
		first, then vdom.ListenerOptions
	}{
		{"({capture:true}, {capture:false,passive:false})", vdom.ListenerOptions{Capture: true}, vdom.ListenerOptions{Capture: false, Passive: new(false)}},
		{"({capture:true}, {passive:true})", vdom.ListenerOptions{Capture: true}, vdom.ListenerOptions{Passive: new(true)}},
	} {
		t.Run(c.name, func(t *testing.T) {
			et := vdom.NewTarget()
			tr := newTracer()
			l := tr.listener("L")
			et.AddEventListenerWith("test", l, c.first)
			et.AddEventListenerWith("test", l, c.then)
			dispatchOK(t, et, vdom.NewEvent("test"))
			diffTrace(t, []evEntry{{"L", phAt, "ET"}, {"L", phAt, "ET"}}, tr.take())
		})
	}
}

// TestEV048_FirstRegistrationOptionsWin is EV-048 (WPT
// AddEventListenerOptions-once.any.js; [SPEC] for passive).
func TestEV048_FirstRegistrationOptionsWin(t *testing.T) {
	t.Run("once then plain", func(t *testing.T) {
		et := vdom.NewTarget()
		n := 0
		l := counter(&n)
		et.AddEventListenerWith("test", l, vdom.ListenerOptions{Once: true})
		et.AddEventListener("test", l)
		dispatchOK(t, et, vdom.NewEvent("test"))
		if n != 1 {
			t.Errorf("first dispatch: %d calls, want 1", n)
		}
		dispatchOK(t, et, vdom.NewEvent("test"))
		if n != 1 {
			t.Errorf("second dispatch: %d calls, want still 1 (the plain add was a duplicate)", n)
		}
	})
	t.Run("passive then non-passive", func(t *testing.T) {
		et := vdom.NewTarget()
		var seen []bool
		l := vdom.NewListener(func(e *vdom.Event) {
			e.PreventDefault()
			seen = append(seen, e.DefaultPrevented())
		})
		et.AddEventListenerWith("test", l, vdom.ListenerOptions{Passive: new(true)})
		et.AddEventListenerWith("test", l, vdom.ListenerOptions{Passive: new(false)})
		e := vdom.NewEventWith("test", vdom.EventInit{Cancelable: true})
		if !dispatchOK(t, et, e) {
			t.Error("dispatch returned false, want true")
		}
		if len(seen) != 1 || seen[0] {
			t.Errorf("listener saw defaultPrevented %v, want [false]", seen)
		}
		checkPost(t, e, et, false)
	})
}

// TestEV049_RemoveMatchesCaptureOnly is EV-049 (WPT
// EventListenerOptions-capture.html testOptionEquality,
// EventTarget-add-remove-listener.any.js, AddEventListenerOptions-once.any.js).
func TestEV049_RemoveMatchesCaptureOnly(t *testing.T) {
	f, tr := vdom.ListenerOptions{Capture: false}, vdom.ListenerOptions{Capture: true}
	for _, c := range []struct {
		name        string
		add, remove []vdom.ListenerOptions
		stillCalled bool
	}{
		{"({}, false)", opt(vdom.ListenerOptions{}), opt(f), false},
		{"({capture:false}, false)", opt(vdom.ListenerOptions{Capture: false}), opt(f), false},
		{"(true, {capture:true})", opt(tr), opt(vdom.ListenerOptions{Capture: true}), false},
		{"({capture:true}, {capture:true,once:true})", opt(tr), opt(vdom.ListenerOptions{Capture: true, Once: true}), false},
		{"({once:true}, none)", opt(vdom.ListenerOptions{Once: true}), none(), false},
		{"(true, false)", opt(tr), opt(f), true},
		{"(true, {capture:false})", opt(tr), opt(vdom.ListenerOptions{Capture: false}), true},
		{"({}, true)", opt(vdom.ListenerOptions{}), opt(tr), true},
	} {
		t.Run(c.name, func(t *testing.T) {
			withOthers(t, func(t *testing.T, pad func(vdom.EventTarget, string)) {
				doc := vdom.ParseString(`<!DOCTYPE html><body></body>`)
				pad(doc, "test")
				n := 0
				l := counter(&n)
				addOpts(doc, "test", l, c.add)
				removeOpts(doc, "test", l, c.remove)
				dispatchOK(t, doc.Body(), vdom.NewEventWith("test", vdom.EventInit{Bubbles: true}))
				want := 0
				if c.stillCalled {
					want = 1
				}
				if n != want {
					t.Errorf("%d calls, want %d", n, want)
				}
			})
		})
	}
}

// TestEV050_OnceBasics is EV-050 (WPT AddEventListenerOptions-once.any.js).
func TestEV050_OnceBasics(t *testing.T) {
	et := vdom.NewTarget()
	nOnce, nNorm := 0, 0
	et.AddEventListenerWith("test", counter(&nOnce), vdom.ListenerOptions{Once: true})
	et.AddEventListener("test", counter(&nNorm))
	dispatchOK(t, et, vdom.NewEvent("test"))
	if nOnce != 1 || nNorm != 1 {
		t.Errorf("first dispatch: once %d, normal %d; want 1, 1", nOnce, nNorm)
	}
	dispatchOK(t, et, vdom.NewEvent("test"))
	if nOnce != 1 || nNorm != 2 {
		t.Errorf("second dispatch: once %d, normal %d; want 1, 2", nOnce, nNorm)
	}

	t.Run("removed before dispatch", func(t *testing.T) {
		et := vdom.NewTarget()
		n := 0
		l := counter(&n)
		et.AddEventListenerWith("test", l, vdom.ListenerOptions{Once: true})
		et.RemoveEventListener("test", l)
		dispatchOK(t, et, vdom.NewEvent("test"))
		if n != 0 {
			t.Errorf("%d calls, want 0", n)
		}
	})
}

// TestEV051_OnceRemovedBeforeInvoke is EV-051 (WPT
// AddEventListenerOptions-once.any.js; whatwg/dom#265): a nested dispatch
// from a once listener does not see it.
func TestEV051_OnceRemovedBeforeInvoke(t *testing.T) {
	et := vdom.NewTarget()
	n := 0
	et.AddEventListenerWith("test", vdom.NewListener(func(*vdom.Event) {
		n++
		if n == 1 {
			dispatchOK(t, et, vdom.NewEvent("test"))
		}
	}), vdom.ListenerOptions{Once: true})
	dispatchOK(t, et, vdom.NewEvent("test"))
	if n != 1 {
		t.Errorf("%d calls, want 1", n)
	}
}

// TestEV052_OnceListenerReaddsItself is EV-052 (WPT
// AddEventListenerOptions-once.any.js).
func TestEV052_OnceListenerReaddsItself(t *testing.T) {
	et := vdom.NewTarget()
	n := 0
	var h *vdom.FuncListener
	h = vdom.NewListener(func(*vdom.Event) {
		n++
		if n == 1 {
			et.AddEventListenerWith("test", h, vdom.ListenerOptions{Once: true})
		}
		if n <= 2 {
			dispatchOK(t, et, vdom.NewEvent("test"))
		}
	})
	et.AddEventListenerWith("test", h, vdom.ListenerOptions{Once: true})
	dispatchOK(t, et, vdom.NewEvent("test"))
	if n != 2 {
		t.Errorf("%d calls, want 2", n)
	}
}

// TestEV053_PassiveIgnoresPreventDefault is EV-053 (WPT
// AddEventListenerOptions-passive.any.js).
func TestEV053_PassiveIgnoresPreventDefault(t *testing.T) {
	for _, cancel := range []struct {
		name string
		fn   func(*vdom.Event)
	}{
		{"preventDefault", (*vdom.Event).PreventDefault},
		{"returnValue=false", func(e *vdom.Event) { e.SetReturnValue(false) }},
	} {
		for _, c := range []struct {
			name     string
			opts     []vdom.ListenerOptions
			canceled bool
		}{
			{"none", none(), true},
			{"{}", opt(vdom.ListenerOptions{}), true},
			{"{passive:false}", opt(vdom.ListenerOptions{Passive: new(false)}), true},
			{"{passive:true}", opt(vdom.ListenerOptions{Passive: new(true)}), false},
		} {
			t.Run(cancel.name+"/"+c.name, func(t *testing.T) {
				et := vdom.NewTarget()
				var seen []bool
				addOpts(et, "test", vdom.NewListener(func(e *vdom.Event) {
					cancel.fn(e)
					seen = append(seen, e.DefaultPrevented())
				}), c.opts)
				e := vdom.NewEventWith("test", vdom.EventInit{Bubbles: true, Cancelable: true})
				if got := dispatchOK(t, et, e); got != !c.canceled {
					t.Errorf("dispatch returned %v, want %v", got, !c.canceled)
				}
				if len(seen) != 1 || seen[0] != c.canceled {
					t.Errorf("listener saw defaultPrevented %v, want [%v]", seen, c.canceled)
				}
				checkPost(t, e, et, c.canceled)
			})
		}
	}
}

// TestEV054_PassiveIsPerListener is EV-054 (WPT
// AddEventListenerOptions-passive.any.js testPassiveWithOtherHandlers).
func TestEV054_PassiveIsPerListener(t *testing.T) {
	for _, c := range []struct {
		name     string
		x        vdom.ListenerOptions
		canceled bool
	}{
		{"{}", vdom.ListenerOptions{}, true},
		{"{passive:false}", vdom.ListenerOptions{Passive: new(false)}, true},
		{"{passive:true}", vdom.ListenerOptions{Passive: new(true)}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			et := vdom.NewTarget()
			d1, d2 := 0, 0
			et.AddEventListenerWith("test", counter(&d1), vdom.ListenerOptions{Passive: new(true)})
			et.AddEventListener("test", counter(&d2))
			var seen []bool
			et.AddEventListenerWith("test", vdom.NewListener(func(e *vdom.Event) {
				e.PreventDefault()
				seen = append(seen, e.DefaultPrevented())
			}), c.x)
			e := vdom.NewEventWith("test", vdom.EventInit{Bubbles: true, Cancelable: true})
			if got := dispatchOK(t, et, e); got != !c.canceled {
				t.Errorf("dispatch returned %v, want %v", got, !c.canceled)
			}
			if len(seen) != 1 || seen[0] != c.canceled {
				t.Errorf("L saw defaultPrevented %v, want [%v]", seen, c.canceled)
			}
			if d1 != 1 || d2 != 1 {
				t.Errorf("D1, D2 calls = %d, %d; want 1, 1", d1, d2)
			}
		})
	}
}

// TestEV055_PassiveFlagClearedAfterPanic is EV-055 ([SPEC] inner invoke:
// "Unset event's in passive listener flag" follows the call whatever its
// outcome).
func TestEV055_PassiveFlagClearedAfterPanic(t *testing.T) {
	et := vdom.NewTarget()
	et.AddEventListenerWith("test", vdom.NewListener(func(*vdom.Event) { panic("passive listener") }), vdom.ListenerOptions{Passive: new(true)})
	et.AddEventListener("test", vdom.NewListener((*vdom.Event).PreventDefault))
	e := vdom.NewEventWith("test", vdom.EventInit{Cancelable: true})
	ok, err := et.DispatchEvent(e)
	if ok {
		t.Error("dispatch returned true, want false")
	}
	if !e.DefaultPrevented() {
		t.Error("defaultPrevented false: the passive flag leaked past the panicking listener")
	}
	if n := len(listenerErrors(t, err)); n != 1 {
		t.Errorf("%d listener errors, want 1 (err = %v)", n, err)
	}
	checkPost(t, e, et, true)
}

// TestEV056_DefaultPassiveValue is EV-056 (WPT passive-by-default.html;
// jsdom to-upstream passive-by-default-non-node.html).
func TestEV056_DefaultPassiveValue(t *testing.T) {
	// try adds a self-removing listener with opts to x and dispatches a
	// cancelable typ there; it reports whether PreventDefault took effect.
	try := func(t *testing.T, x vdom.EventTarget, typ string, opts ...vdom.ListenerOptions) bool {
		t.Helper()
		var seen []bool
		var l *vdom.FuncListener
		l = vdom.NewListener(func(e *vdom.Event) {
			e.PreventDefault()
			seen = append(seen, e.DefaultPrevented())
			removeOpts(x, typ, l, opts)
		})
		addOpts(x, typ, l, opts)
		e := vdom.NewEventWith(typ, vdom.EventInit{Cancelable: true})
		ok := dispatchOK(t, x, e)
		if len(seen) != 1 {
			t.Fatalf("listener ran %d times, want 1", len(seen))
		}
		if ok == seen[0] {
			t.Errorf("dispatch returned %v while the listener saw defaultPrevented %v", ok, seen[0])
		}
		return seen[0]
	}
	doc := vdom.ParseString(`<!DOCTYPE html><html><body><div></div></body></html>`)
	xs := []struct {
		name string
		x    vdom.EventTarget
	}{
		{"window", doc.Window()},
		{"document", doc},
		{"documentElement", doc.DocumentElement()},
		{"body", doc.Body()},
	}
	for _, typ := range []string{"touchstart", "touchmove", "wheel", "mousewheel"} {
		for _, x := range xs {
			t.Run(typ+"/"+x.name, func(t *testing.T) {
				if try(t, x.x, typ) {
					t.Error("passive omitted: PreventDefault took effect; want passive by default")
				}
				if !try(t, x.x, typ, vdom.ListenerOptions{Passive: new(false)}) {
					t.Error("{passive:false}: PreventDefault ignored")
				}
				if try(t, x.x, typ, vdom.ListenerOptions{Passive: new(true)}) {
					t.Error("{passive:true}: PreventDefault took effect")
				}
			})
		}
		t.Run(typ+"/div", func(t *testing.T) {
			div := doc.Body().FirstChild()
			if div == nil || div.LocalName() != "div" {
				t.Fatalf("body's first child is %v, want the div", div)
			}
			if !try(t, div, typ) {
				t.Error("an ordinary div is passive by default")
			}
		})
		t.Run(typ+"/ET", func(t *testing.T) {
			if !try(t, vdom.NewTarget(), typ) {
				t.Error("a plain EventTarget is passive by default")
			}
		})
	}
	for _, x := range xs {
		t.Run("touchend/"+x.name, func(t *testing.T) {
			if !try(t, x.x, "touchend") {
				t.Error("touchend is passive by default")
			}
		})
	}
	t.Run("computed at add time", func(t *testing.T) {
		doc := vdom.ParseString(`<!DOCTYPE html><html><body></body></html>`)
		body := doc.Body()
		var seen []bool
		body.AddEventListener("wheel", vdom.NewListener(func(e *vdom.Event) {
			e.PreventDefault()
			seen = append(seen, e.DefaultPrevented())
		}))
		if _, err := doc.DocumentElement().RemoveChild(body); err != nil {
			t.Fatal(err)
		}
		dispatchOK(t, body, vdom.NewEventWith("wheel", vdom.EventInit{Cancelable: true}))
		if len(seen) != 1 || seen[0] {
			t.Errorf("listener added while the element was the body saw defaultPrevented %v, want [false]", seen)
		}
	})
}

// TestEV057_SignalAbortRemovesListener is EV-057 (WPT
// AddEventListenerOptions-signal.any.js).
func TestEV057_SignalAbortRemovesListener(t *testing.T) {
	et := vdom.NewTarget()
	c := vdom.NewAbortController()
	n := 0
	l := counter(&n)
	et.AddEventListenerWith("test", l, vdom.ListenerOptions{Signal: c.Signal()})
	dispatchOK(t, et, vdom.NewEvent("test"))
	dispatchOK(t, et, vdom.NewEvent("test"))
	if n != 2 {
		t.Errorf("before abort: %d calls, want 2", n)
	}
	c.Abort(nil)
	dispatchOK(t, et, vdom.NewEvent("test"))
	if n != 2 {
		t.Errorf("after abort: %d calls, want 2", n)
	}
	et.AddEventListenerWith("test", l, vdom.ListenerOptions{Signal: c.Signal()})
	dispatchOK(t, et, vdom.NewEvent("test"))
	if n != 2 {
		t.Errorf("after adding with an aborted signal: %d calls, want 2", n)
	}
}

// TestEV058_SignalWithRemoveOnceCapture is EV-058 (WPT
// AddEventListenerOptions-signal.any.js).
func TestEV058_SignalWithRemoveOnceCapture(t *testing.T) {
	t.Run("a/remove", func(t *testing.T) {
		et, c, n := vdom.NewTarget(), vdom.NewAbortController(), 0
		l := counter(&n)
		et.AddEventListenerWith("test", l, vdom.ListenerOptions{Signal: c.Signal()})
		et.RemoveEventListener("test", l)
		dispatchOK(t, et, vdom.NewEvent("test"))
		if n != 0 {
			t.Errorf("%d calls, want 0", n)
		}
		c.Abort(nil) // aborting after removal is harmless
	})
	t.Run("b/once+abort", func(t *testing.T) {
		et, c, n := vdom.NewTarget(), vdom.NewAbortController(), 0
		et.AddEventListenerWith("test", counter(&n), vdom.ListenerOptions{Signal: c.Signal(), Once: true})
		c.Abort(nil)
		dispatchOK(t, et, vdom.NewEvent("test"))
		if n != 0 {
			t.Errorf("%d calls, want 0", n)
		}
	})
	t.Run("c/once+remove", func(t *testing.T) {
		et, c, n := vdom.NewTarget(), vdom.NewAbortController(), 0
		l := counter(&n)
		et.AddEventListenerWith("test", l, vdom.ListenerOptions{Signal: c.Signal(), Once: true})
		et.RemoveEventListener("test", l)
		dispatchOK(t, et, vdom.NewEvent("test"))
		if n != 0 {
			t.Errorf("%d calls, want 0", n)
		}
	})
	t.Run("d/one signal, two types", func(t *testing.T) {
		et, c, n := vdom.NewTarget(), vdom.NewAbortController(), 0
		l := counter(&n)
		et.AddEventListenerWith("first", l, vdom.ListenerOptions{Signal: c.Signal(), Once: true})
		et.AddEventListenerWith("second", l, vdom.ListenerOptions{Signal: c.Signal(), Once: true})
		c.Abort(nil)
		dispatchOK(t, et, vdom.NewEvent("first"))
		dispatchOK(t, et, vdom.NewEvent("second"))
		if n != 0 {
			t.Errorf("%d calls, want 0", n)
		}
	})
	t.Run("e/capture", func(t *testing.T) {
		et, c, n := vdom.NewTarget(), vdom.NewAbortController(), 0
		et.AddEventListenerWith("test", counter(&n), vdom.ListenerOptions{Signal: c.Signal(), Capture: true})
		c.Abort(nil)
		dispatchOK(t, et, vdom.NewEvent("test"))
		if n != 0 {
			t.Errorf("%d calls, want 0", n)
		}
	})
	t.Run("f/abort removes only its own registration", func(t *testing.T) {
		// [SPEC] The abort steps "remove an event listener with eventTarget
		// and listener": that registration, not a later one that matches
		// (type, callback, capture).
		et, c, n := vdom.NewTarget(), vdom.NewAbortController(), 0
		l := counter(&n)
		et.AddEventListenerWith("test", l, vdom.ListenerOptions{Signal: c.Signal()})
		et.RemoveEventListener("test", l)
		et.AddEventListener("test", l)
		c.Abort(nil)
		dispatchOK(t, et, vdom.NewEvent("test"))
		if n != 1 {
			t.Errorf("%d calls, want 1: aborting removed a registration made without the signal", n)
		}
	})
}

// TestEV059_AbortInsideListenerSkipsLaterListeners is EV-059 (WPT
// AddEventListenerOptions-signal.any.js "Aborting from a listener does not
// call future listeners").
func TestEV059_AbortInsideListenerSkipsLaterListeners(t *testing.T) {
	et, c, n := vdom.NewTarget(), vdom.NewAbortController(), 0
	et.AddEventListenerWith("test", vdom.NewListener(func(*vdom.Event) { c.Abort(nil) }), vdom.ListenerOptions{Signal: c.Signal()})
	et.AddEventListenerWith("test", counter(&n), vdom.ListenerOptions{Signal: c.Signal()})
	dispatchOK(t, et, vdom.NewEvent("test"))
	if n != 0 {
		t.Errorf("B ran %d times, want 0", n)
	}
}

// TestEV060_AddThenAbortAndNestedAbort is EV-060 (WPT
// AddEventListenerOptions-signal.any.js).
func TestEV060_AddThenAbortAndNestedAbort(t *testing.T) {
	t.Run("a/add then abort", func(t *testing.T) {
		et, c, n := vdom.NewTarget(), vdom.NewAbortController(), 0
		b := counter(&n)
		et.AddEventListenerWith("test", vdom.NewListener(func(*vdom.Event) {
			et.AddEventListenerWith("test", b, vdom.ListenerOptions{Signal: c.Signal()})
			c.Abort(nil)
		}), vdom.ListenerOptions{Signal: c.Signal()})
		dispatchOK(t, et, vdom.NewEvent("test"))
		dispatchOK(t, et, vdom.NewEvent("test"))
		if n != 0 {
			t.Errorf("B ran %d times, want 0", n)
		}
	})
	t.Run("b/nested abort terminates", func(t *testing.T) {
		et, ac, n := vdom.NewTarget(), vdom.NewAbortController(), 0
		var b *vdom.FuncListener
		b = vdom.NewListener(func(*vdom.Event) {
			n++
			if n > 100 {
				t.Fatal("no termination")
			}
			if n > 5 {
				ac.Abort(nil)
			}
			dispatchOK(t, et, vdom.NewEvent("foo"))
		})
		et.AddEventListenerWith("foo", vdom.NewListener(func(*vdom.Event) {
			et.AddEventListenerWith("foo", b, vdom.ListenerOptions{Signal: ac.Signal()})
			dispatchOK(t, et, vdom.NewEvent("foo"))
		}), vdom.ListenerOptions{Once: true})
		dispatchOK(t, et, vdom.NewEvent("foo"))
		if n != 6 {
			t.Errorf("B ran %d times, want 6", n)
		}
	})
}

// objectListener is an EventListener object: a pointer type with a
// HandleEvent method.
type objectListener struct {
	events []*vdom.Event
	types  []string
	target []vdom.EventTarget
	src    []vdom.EventTarget
}

func (o *objectListener) HandleEvent(e *vdom.Event) {
	o.events = append(o.events, e)
	o.types = append(o.types, e.Type())
	o.target = append(o.target, e.Target())
	o.src = append(o.src, e.SrcElement())
}

// funcListenerType is a listener of a func type: not comparable, so it has
// no identity.
type funcListenerType func(*vdom.Event)

func (f funcListenerType) HandleEvent(e *vdom.Event) { f(e) }

// TestEV061_ObjectListeners is EV-061 (WPT EventListener-handleEvent.any.js;
// [SPEC] for identity).
func TestEV061_ObjectListeners(t *testing.T) {
	t.Run("HandleEvent is called", func(t *testing.T) {
		et := vdom.NewTarget()
		o := &objectListener{}
		et.AddEventListener("foo", o)
		e := vdom.NewEvent("foo")
		dispatchOK(t, et, e)
		if len(o.events) != 1 {
			t.Fatalf("HandleEvent ran %d times, want 1", len(o.events))
		}
		if o.events[0] != e || o.types[0] != "foo" || o.target[0] != vdom.EventTarget(et) || o.src[0] != vdom.EventTarget(et) {
			t.Errorf("HandleEvent saw event %p type %q target %s srcElement %s; want %p foo ET ET",
				o.events[0], o.types[0], targetName(o.target[0]), targetName(o.src[0]), e)
		}
	})
	t.Run("same object dedups", func(t *testing.T) {
		et := vdom.NewTarget()
		o := &objectListener{}
		et.AddEventListener("foo", o)
		et.AddEventListener("foo", o)
		dispatchOK(t, et, vdom.NewEvent("foo"))
		if len(o.events) != 1 {
			t.Errorf("HandleEvent ran %d times, want 1", len(o.events))
		}
		et.RemoveEventListener("foo", o)
		dispatchOK(t, et, vdom.NewEvent("foo"))
		if len(o.events) != 1 {
			t.Errorf("after removal HandleEvent ran %d times in all, want 1", len(o.events))
		}
	})
	t.Run("object and func with the same body are different", func(t *testing.T) {
		et := vdom.NewTarget()
		o := &objectListener{}
		et.AddEventListener("foo", o)
		et.AddEventListener("foo", vdom.NewListener(o.HandleEvent))
		et.AddEventListener("foo", vdom.NewListener(o.HandleEvent))
		dispatchOK(t, et, vdom.NewEvent("foo"))
		if len(o.events) != 3 {
			t.Errorf("%d calls, want 3 (three identities)", len(o.events))
		}
	})
	t.Run("non-comparable listener is rejected", func(t *testing.T) {
		// Go mapping rule 1: a func-typed listener has no identity; adding it
		// panics at once instead of deep inside a later comparison.
		et := vdom.NewTarget()
		defer func() {
			if recover() == nil {
				t.Error("AddEventListener with a func-typed listener did not panic")
			}
		}()
		et.RemoveEventListener("foo", funcListenerType(func(*vdom.Event) {}))
		et.AddEventListener("foo", funcListenerType(func(*vdom.Event) {}))
	})
}

// Section F: changing listeners and the tree during dispatch.

// TestEV062_ListenerAddedToNodeNotYetReached is EV-062 (WPT
// EventTarget-dispatchEvent-dom.window.js, EventTarget-dispatchEvent.html
// "Event listeners added during dispatch should be called").
func TestEV062_ListenerAddedToNodeNotYetReached(t *testing.T) {
	t.Run("detached b chain", func(t *testing.T) {
		doc := vdom.ParseString(`<!DOCTYPE html><body></body>`)
		outer, middle, inner := mustCreate(t, doc, "b"), mustCreate(t, doc, "b"), mustCreate(t, doc, "b")
		mustAppend(t, outer, middle)
		mustAppend(t, middle, inner)
		var got []string
		capture := vdom.ListenerOptions{Capture: true}
		l2 := vdom.NewListener(func(*vdom.Event) { got = append(got, "middle") })
		outer.AddEventListenerWith("x", vdom.NewListener(func(*vdom.Event) {
			middle.AddEventListenerWith("x", l2, capture)
			got = append(got, "outer")
		}), capture)
		dispatchOK(t, inner, vdom.NewEvent("x"))
		diffStrings(t, "calls", []string{"outer", "middle"}, got)
	})
	t.Run("parsed ancestors first touched during dispatch", func(t *testing.T) {
		// The node handles of #a and #b do not exist before the dispatch;
		// a listener makes them and adds listeners to them.
		doc := vdom.ParseString(`<!DOCTYPE html><body><div id=a><div id=b><div id=c></div></div></div></body></html>`)
		c := byID(t, doc, "c")
		tr := newTracer()
		doc.AddEventListenerWith("x", vdom.NewListener(func(*vdom.Event) {
			a := doc.GetElementByID("a")
			a.AddEventListenerWith("x", tr.listener("A"), vdom.ListenerOptions{Capture: true})
			a.FirstChild().AddEventListener("x", tr.listener("B"))
		}), vdom.ListenerOptions{Capture: true})
		e := vdom.NewEventWith("x", vdom.EventInit{Bubbles: true})
		dispatchOK(t, c, e)
		diffTrace(t, []evEntry{{"A", phCap, "#a"}, {"B", phBub, "#b"}}, tr.take())
		checkPost(t, e, c, false)
	})
}

// TestEV063_ListenerAddedToCurrentNodeRunsNextTime is EV-063 (WPT
// remove-all-listeners.any.js, .html, -dom-node.window.js, test 1).
func TestEV063_ListenerAddedToCurrentNodeRunsNextTime(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE html><body></body>`)
	for name, x := range map[string]vdom.EventTarget{"div": mustCreate(t, doc, "div"), "ET": vdom.NewTarget()} {
		t.Run(name, func(t *testing.T) {
			var n1, n2, n3 int
			l2, l3 := counter(&n2), counter(&n3)
			var l1 *vdom.FuncListener
			l1 = vdom.NewListener(func(*vdom.Event) {
				n1++
				x.RemoveEventListener("foo", l1)
				x.RemoveEventListener("foo", l2)
				x.AddEventListener("foo", l3)
			})
			x.AddEventListener("foo", l1)
			x.AddEventListener("foo", l2)
			dispatchOK(t, x, vdom.NewEvent("foo"))
			if [3]int{n1, n2, n3} != [3]int{1, 0, 0} {
				t.Errorf("after dispatch 1: (L1, L2, L3) = (%d, %d, %d), want (1, 0, 0)", n1, n2, n3)
			}
			dispatchOK(t, x, vdom.NewEvent("foo"))
			if [3]int{n1, n2, n3} != [3]int{1, 0, 1} {
				t.Errorf("after dispatch 2: (L1, L2, L3) = (%d, %d, %d), want (1, 0, 1)", n1, n2, n3)
			}
		})
	}
}

// TestEV064_RemovedListenerNotYetRunIsSkipped is EV-064 (WPT
// remove-all-listeners test 1; servo/servo#25479).
func TestEV064_RemovedListenerNotYetRunIsSkipped(t *testing.T) {
	withOthers(t, func(t *testing.T, pad func(vdom.EventTarget, string)) {
		et := vdom.NewTarget()
		n := 0
		l2 := counter(&n)
		et.AddEventListener("foo", vdom.NewListener(func(*vdom.Event) { et.RemoveEventListener("foo", l2) }))
		pad(et, "foo")
		et.AddEventListener("foo", l2)
		dispatchOK(t, et, vdom.NewEvent("foo"))
		if n != 0 {
			t.Errorf("L2 ran %d times, want 0", n)
		}
	})
}

// TestEV065_RemovedAndReaddedNotCalledThisDispatch is EV-065 ([SPEC]: the
// snapshot holds the old, removed registration; the new one is not in it).
func TestEV065_RemovedAndReaddedNotCalledThisDispatch(t *testing.T) {
	withOthers(t, func(t *testing.T, pad func(vdom.EventTarget, string)) {
		et := vdom.NewTarget()
		pad(et, "foo")
		tr := newTracer()
		l2 := tr.listener("L2")
		first := true
		l1 := tr.listener("L1", func(*vdom.Event) {
			if first {
				first = false
				et.RemoveEventListener("foo", l2)
				et.AddEventListener("foo", l2)
			}
		})
		et.AddEventListener("foo", l1)
		et.AddEventListener("foo", l2)
		dispatchOK(t, et, vdom.NewEvent("foo"))
		diffTrace(t, []evEntry{{"L1", phAt, "ET"}}, tr.take())
		dispatchOK(t, et, vdom.NewEvent("foo"))
		diffTrace(t, []evEntry{{"L1", phAt, "ET"}, {"L2", phAt, "ET"}}, tr.take())
	})
}

// TestEV066_NestedDispatchWithOnce is EV-066 (WPT remove-all-listeners test
// 2; whatwg/dom#1323, PR #1324).
func TestEV066_NestedDispatchWithOnce(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE html><body></body>`)
	div := mustCreate(t, doc, "div")
	var n1, n2, n3 int
	l3 := counter(&n3)
	once := vdom.ListenerOptions{Once: true}
	div.AddEventListenerWith("foo", vdom.NewListener(func(*vdom.Event) {
		n1++
		dispatchOK(t, div, vdom.NewEvent("foo"))
		if [3]int{n1, n2, n3} != [3]int{1, 1, 0} {
			t.Errorf("after the nested dispatch: (L1, L2, L3) = (%d, %d, %d), want (1, 1, 0)", n1, n2, n3)
		}
		div.AddEventListener("foo", l3)
	}), once)
	div.AddEventListenerWith("foo", counter(&n2), once)
	dispatchOK(t, div, vdom.NewEvent("foo"))
	if [3]int{n1, n2, n3} != [3]int{1, 1, 0} {
		t.Errorf("after the outer dispatch: (L1, L2, L3) = (%d, %d, %d), want (1, 1, 0)", n1, n2, n3)
	}
	dispatchOK(t, div, vdom.NewEvent("foo"))
	if [3]int{n1, n2, n3} != [3]int{1, 1, 1} {
		t.Errorf("after the next dispatch: (L1, L2, L3) = (%d, %d, %d), want (1, 1, 1)", n1, n2, n3)
	}
}

// TestEV067_HandlersChangedDuringDispatch is EV-067 (WPT
// Event-dispatch-handlers-changed.html).
func TestEV067_HandlersChangedDuringDispatch(t *testing.T) {
	for _, withWindow := range []bool{true, false} {
		t.Run(fmt.Sprintf("window=%v", withWindow), func(t *testing.T) {
			var doc *vdom.Document
			if withWindow {
				doc = vdom.ParseString(tTableHTML)
			} else {
				doc = vdom.ParseString(tTableHTML, vdom.WithoutWindow())
			}
			tt := tTableOf(t, doc)
			tr := newTracer()
			scratch := map[vdom.EventTarget]int{}
			capture, bubble := vdom.ListenerOptions{Capture: true}, vdom.ListenerOptions{Capture: false}
			h := make([]*vdom.FuncListener, 4)
			for i := range h {
				h[i] = vdom.NewListener(func(e *vdom.Event) {
					tr.record(fmt.Sprint(i), e)
					x := e.CurrentTarget()
					if e.EventPhase() != phBub && scratch[x] != 1 {
						x.RemoveEventListenerWith("bar", h[0], capture)
						x.AddEventListenerWith("bar", h[2], capture)
						scratch[x] = 1
					}
					if e.EventPhase() != phCap && scratch[x] != 3 {
						x.RemoveEventListenerWith("bar", h[0], bubble)
						x.AddEventListenerWith("bar", h[3], bubble)
						scratch[x] = 3
					}
				})
			}
			for _, x := range tt.chain {
				x.AddEventListenerWith("bar", h[0], capture)
				x.AddEventListenerWith("bar", h[1], bubble)
			}
			evt := vdom.NewEvent("")
			evt.InitEvent("bar", true, true)
			dispatchOK(t, tt.target, evt)

			c := tt.names()
			n := len(c)
			var want []evEntry
			want = append(want, entries("0", phCap, c[:n-1]...)...)
			want = append(want, evEntry{"0", phAt, "#target"}, evEntry{"1", phAt, "#target"}, evEntry{"3", phAt, "#target"})
			want = append(want, entries("1", phBub, reversed(c[:n-1])...)...)
			diffTrace(t, want, tr.take())
			checkPost(t, evt, tt.target, false)
		})
	}
}

// TestEV068_TargetSnapshottedOncePerPass is EV-068 ([SPEC], derived from
// WPT Event-dispatch-handlers-changed.html; lightpanda PR #2945).
func TestEV068_TargetSnapshottedOncePerPass(t *testing.T) {
	for _, bubbles := range []bool{true, false} {
		t.Run(fmt.Sprintf("bubbles=%v", bubbles), func(t *testing.T) {
			doc := vdom.ParseString(`<!DOCTYPE html><body></body>`)
			div := mustCreate(t, doc, "div")
			mustSetID(t, div, "t")
			tr := newTracer()
			b, b2 := tr.listener("B"), tr.listener("B2")
			div.AddEventListenerWith("x", tr.listener("C", func(*vdom.Event) {
				div.AddEventListener("x", b)
				div.AddEventListenerWith("x", b2, vdom.ListenerOptions{Capture: true})
			}), vdom.ListenerOptions{Capture: true})
			e := vdom.NewEventWith("x", vdom.EventInit{Bubbles: bubbles})
			dispatchOK(t, div, e)
			diffTrace(t, []evEntry{{"C", phAt, "#t"}, {"B", phAt, "#t"}}, tr.take())
			checkPost(t, e, div, false)
		})
	}
}

// TestEV069_BubbleListenerAddedDuringCapture is EV-069 ([SPEC]).
func TestEV069_BubbleListenerAddedDuringCapture(t *testing.T) {
	for _, c := range []struct {
		bubbles bool
		want    []evEntry
	}{
		{true, []evEntry{{"L1", phCap, "#a"}, {"L2", phBub, "#a"}}},
		{false, []evEntry{{"L1", phCap, "#a"}}},
	} {
		t.Run(fmt.Sprintf("bubbles=%v", c.bubbles), func(t *testing.T) {
			doc := vdom.ParseString(tABCHTML)
			a, cNode := byID(t, doc, "a"), byID(t, doc, "c")
			tr := newTracer()
			l2 := tr.listener("L2")
			a.AddEventListenerWith("x", tr.listener("L1", func(*vdom.Event) { a.AddEventListener("x", l2) }), vdom.ListenerOptions{Capture: true})
			e := vdom.NewEventWith("x", vdom.EventInit{Bubbles: c.bubbles})
			dispatchOK(t, cNode, e)
			diffTrace(t, c.want, tr.take())
			checkPost(t, e, cNode, false)
		})
	}
}

// pathFixed is EV-070/EV-071: the first listener changes where #target is;
// the trace is still EV-021's.
func pathFixed(t *testing.T, change func(t *testing.T, tt *tTable, parent, row *vdom.Node)) *tTable {
	t.Helper()
	tt := newTTable(t)
	parent, row := byID(t, tt.doc, "parent"), byID(t, tt.doc, "row")
	tr := newTracer()
	registerEverywhere(tt, "foo", tr.listener("L", func(*vdom.Event) {
		if tt.target.ParentNode() == parent {
			change(t, tt, parent, row)
		}
	}))
	evt := vdom.NewEvent("")
	evt.InitEvent("foo", true, true)
	dispatchOK(t, tt.target, evt)
	diffTrace(t, fullTrace("L", tt.names()), tr.take())
	checkPost(t, evt, tt.target, false)
	return tt
}

// TestEV070_PathFixedWhenTargetMoved is EV-070 (WPT
// Event-dispatch-target-moved.html).
func TestEV070_PathFixedWhenTargetMoved(t *testing.T) {
	var row *vdom.Node
	tt := pathFixed(t, func(t *testing.T, tt *tTable, parent, r *vdom.Node) {
		row = r
		removed, err := parent.RemoveChild(tt.target)
		if err != nil {
			t.Fatal(err)
		}
		mustAppend(t, r, removed)
	})
	if row == nil || tt.target.ParentNode() != row {
		t.Errorf("#target's parent is %s after dispatch, want #row", targetName(tt.target.ParentNode()))
	}
}

// TestEV071_PathFixedWhenTargetRemoved is EV-071 (WPT
// Event-dispatch-target-removed.html).
func TestEV071_PathFixedWhenTargetRemoved(t *testing.T) {
	tt := pathFixed(t, func(t *testing.T, tt *tTable, parent, _ *vdom.Node) {
		if _, err := parent.RemoveChild(tt.target); err != nil {
			t.Fatal(err)
		}
	})
	if p := tt.target.ParentNode(); p != nil {
		t.Errorf("#target's parent is %s after dispatch, want none", targetName(p))
	}
}

// TestEV072_ReentrantDispatchOfDifferentEvent is EV-072 (WPT
// Event-dispatch-reenter.html).
func TestEV072_ReentrantDispatchOfDifferentEvent(t *testing.T) {
	tt := newTTable(t)
	table := byID(t, tt.doc, "table")
	type rec struct {
		Type   string
		Phase  vdom.Phase
		Target string
	}
	var got []rec
	var l *vdom.FuncListener
	l = vdom.NewListener(func(e *vdom.Event) {
		got = append(got, rec{e.Type(), e.EventPhase(), targetName(e.CurrentTarget())})
		if e.CurrentTarget() == vdom.EventTarget(table) && e.Type() == "foo" {
			e2 := vdom.NewEvent("")
			e2.InitEvent("bar", true, true)
			dispatchOK(t, tt.target, e2)
			checkPost(t, e2, vdom.EventTarget(tt.target), false)
			// Each Event has its own state: the outer one is untouched.
			if e.EventPhase() != phCap || e.CurrentTarget() != vdom.EventTarget(table) || e.Target() != vdom.EventTarget(tt.target) {
				t.Errorf("outer event after the nested dispatch: phase %v currentTarget %s target %s; want CAPTURING_PHASE #table #target",
					e.EventPhase(), targetName(e.CurrentTarget()), targetName(e.Target()))
			}
		}
	})
	for _, x := range tt.chain {
		x.AddEventListenerWith("foo", l, vdom.ListenerOptions{Capture: true})
		x.AddEventListenerWith("bar", l, vdom.ListenerOptions{Capture: false})
	}
	evt := vdom.NewEvent("")
	evt.InitEvent("foo", false, true)
	dispatchOK(t, tt.target, evt)

	want := []rec{
		{"foo", phCap, "window"}, {"foo", phCap, "document"}, {"foo", phCap, "#html"}, {"foo", phCap, "#body"}, {"foo", phCap, "#table"},
		{"bar", phAt, "#target"}, {"bar", phBub, "#parent"}, {"bar", phBub, "#tbody"}, {"bar", phBub, "#table"},
		{"bar", phBub, "#body"}, {"bar", phBub, "#html"}, {"bar", phBub, "document"}, {"bar", phBub, "window"},
		{"foo", phCap, "#tbody"}, {"foo", phCap, "#parent"}, {"foo", phAt, "#target"},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("trace mismatch (-want +got):\n%s", d)
	}
	checkPost(t, evt, tt.target, false)
}

// TestEV073_TypeMatchingIsExact is EV-073 (WPT Event-dispatch-reenter.html;
// [SPEC] inner invoke "if event's type is not listener's type, continue").
func TestEV073_TypeMatchingIsExact(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE html><body></body>`)
	div := mustCreate(t, doc, "div")
	tr := newTracer()
	for id, typ := range map[string]string{"La": "foo", "Lb": "Foo", "Lc": "foo ", "Ld": "bar", "Le": ""} {
		div.AddEventListener(typ, tr.listener(id))
	}
	dispatchOK(t, div, vdom.NewEvent("foo"))
	diffTrace(t, []evEntry{{"La", phAt, "div"}}, tr.take())
	dispatchOK(t, div, vdom.NewEvent(""))
	diffTrace(t, []evEntry{{"Le", phAt, "div"}}, tr.take())
}

// Section G: exceptions in listeners.

// TestEV074_PanicDoesNotStopDispatch is EV-074 (WPT
// EventTarget-dispatchEvent.any.js, -dom.window.js, .html;
// Event-dispatch-throwing.html).
func TestEV074_PanicDoesNotStopDispatch(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE html><body></body>`)
	for name, x := range map[string]vdom.EventTarget{"ET": vdom.NewTarget(), "detached div": mustCreate(t, doc, "div")} {
		t.Run(name, func(t *testing.T) {
			var got []string
			x.AddEventListener("type", vdom.NewListener(func(*vdom.Event) {
				got = append(got, "First")
				panic(errors.New("first listener fails"))
			}))
			x.AddEventListener("type", vdom.NewListener(func(*vdom.Event) { got = append(got, "Second") }))
			e := vdom.NewEvent("type")
			var ok bool
			var err error
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("a listener panic escaped DispatchEvent: %v", r)
					}
				}()
				ok, err = x.DispatchEvent(e)
			}()
			diffStrings(t, "calls", []string{"First", "Second"}, got)
			if !ok {
				t.Error("dispatch returned false, want true")
			}
			errs := listenerErrors(t, err)
			if len(errs) != 1 {
				t.Fatalf("%d listener errors, want exactly 1 (err = %v)", len(errs), err)
			}
			if errs[0].Type != "type" || errs[0].Phase != phAt {
				t.Errorf("ListenerError type %q phase %v; want type AT_TARGET", errs[0].Type, errs[0].Phase)
			}
			checkPost(t, e, x, false)
		})
	}
}

// TestEV075_SinglePanickingListener is EV-075 (WPT
// Event-dispatch-throwing.html; [SPEC] later listeners and ancestors run).
func TestEV075_SinglePanickingListener(t *testing.T) {
	doc := vdom.ParseString(tABCHTML)
	c := byID(t, doc, "c")
	tr := newTracer()
	cause := errors.New("boom")
	c.AddEventListener("x", tr.listener("T", func(*vdom.Event) { panic(cause) }))
	c.AddEventListener("x", tr.listener("After"))
	byID(t, doc, "a").AddEventListener("x", tr.listener("A"))
	doc.Window().AddEventListener("x", tr.listener("W"))
	e := vdom.NewEventWith("x", vdom.EventInit{Bubbles: true, Cancelable: true})
	ok, err := c.DispatchEvent(e)
	if !ok {
		t.Error("dispatch returned false, want true")
	}
	diffTrace(t, []evEntry{{"T", phAt, "#c"}, {"After", phAt, "#c"}, {"A", phBub, "#a"}, {"W", phBub, "window"}}, tr.take())
	errs := listenerErrors(t, err)
	if len(errs) != 1 {
		t.Fatalf("%d listener errors, want exactly 1 (err = %v)", len(errs), err)
	}
	if !errors.Is(err, cause) {
		t.Errorf("errors.Is(err, cause) = false; err = %v", err)
	}
	if le := errs[0]; le.Value != cause || le.Type != "x" || le.Phase != phAt || le.CurrentTarget == "" || len(le.Stack) == 0 {
		t.Errorf("ListenerError = {Type %q Phase %v CurrentTarget %q Value %v, %d stack bytes}; want x, AT_TARGET, the #c div, the panic value, a stack",
			le.Type, le.Phase, le.CurrentTarget, le.Value, len(le.Stack))
	}
	checkPost(t, e, c, false)
}

// A nil *FuncListener (a typed nil in the Listener interface) has no func
// to call: adding it is a no-op, as adding nil is, on every kind of
// target, and removing it and dispatching afterwards are no-ops too.
func TestNilFuncListenerIsNoOp(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE html><body></body>`)
	for name, x := range map[string]vdom.EventTarget{
		"ET": vdom.NewTarget(), "div": mustCreate(t, doc, "div"), "document": doc, "window": doc.Window(),
	} {
		t.Run(name, func(t *testing.T) {
			var l *vdom.FuncListener
			// Past the index threshold too, where add takes its fast path.
			calls := 0
			for range 20 {
				x.AddEventListener("x", counter(&calls))
			}
			for _, o := range [][]vdom.ListenerOptions{none(), opt(vdom.ListenerOptions{}), opt(vdom.ListenerOptions{Capture: true})} {
				addOpts(x, "x", l, o)
				addOpts(x, "x", l, o)
			}
			ok, err := x.DispatchEvent(vdom.NewEventWith("x", vdom.EventInit{Cancelable: true}))
			if !ok || err != nil {
				t.Errorf("dispatch = %v, %v; want true, nil", ok, err)
			}
			if calls != 20 {
				t.Errorf("%d listener calls, want the 20 real listeners'", calls)
			}
			for _, o := range [][]vdom.ListenerOptions{none(), opt(vdom.ListenerOptions{Capture: true})} {
				removeOpts(x, "x", l, o)
			}
		})
	}
}
