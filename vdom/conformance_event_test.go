package vdom_test

import (
	"fmt"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

// Section A of the catalog (Event object state) and section H (CustomEvent).

// TestEV001_ConstructorDefaults is EV-001 (WPT Event-constructors.any.js,
// Event-cancelBubble.any.js, Event-returnValue.any.js, Event-type.any.js):
// a new Event has the dictionary defaults and no dispatch state.
func TestEV001_ConstructorDefaults(t *testing.T) {
	for _, typ := range []string{"test", ""} {
		t.Run(fmt.Sprintf("type=%q", typ), func(t *testing.T) {
			e := vdom.NewEvent(typ)
			if got := e.Type(); got != typ {
				t.Errorf("type = %q, want %q", got, typ)
			}
			if e.Target() != nil {
				t.Errorf("target = %s, want nil", targetName(e.Target()))
			}
			if e.SrcElement() != nil {
				t.Errorf("srcElement = %s, want nil", targetName(e.SrcElement()))
			}
			if e.CurrentTarget() != nil {
				t.Errorf("currentTarget = %s, want nil", targetName(e.CurrentTarget()))
			}
			if got := e.EventPhase(); got != vdom.PhaseNone {
				t.Errorf("eventPhase = %v, want NONE", got)
			}
			for _, c := range []struct {
				name      string
				got, want bool
			}{
				{"bubbles", e.Bubbles(), false},
				{"cancelable", e.Cancelable(), false},
				{"composed", e.Composed(), false},
				{"defaultPrevented", e.DefaultPrevented(), false},
				{"returnValue", e.ReturnValue(), true},
				{"isTrusted", e.IsTrusted(), false},
				{"cancelBubble", e.CancelBubble(), false},
			} {
				if c.got != c.want {
					t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
				}
			}
			if ts := e.TimeStamp(); ts <= 0 {
				t.Errorf("timeStamp = %v, want > 0", ts)
			}
			if p := e.ComposedPath(); len(p) != 0 {
				t.Errorf("composedPath() = %v, want []", p)
			}
		})
	}
}

// TestEV002_EventInitMembers is EV-002 (WPT Event-constructors.any.js): the
// EventInit members set bubbles and cancelable; the type is kept verbatim.
func TestEV002_EventInitMembers(t *testing.T) {
	for _, c := range []struct {
		name                string
		init                vdom.EventInit
		bubbles, cancelable bool
	}{
		{"bubbles:true,cancelable:false", vdom.EventInit{Bubbles: true, Cancelable: false}, true, false},
		{"cancelable:true", vdom.EventInit{Cancelable: true}, false, true},
		{"{}", vdom.EventInit{}, false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := vdom.NewEventWith("test", c.init)
			if e.Bubbles() != c.bubbles || e.Cancelable() != c.cancelable {
				t.Errorf("bubbles, cancelable = %v, %v; want %v, %v", e.Bubbles(), e.Cancelable(), c.bubbles, c.cancelable)
			}
		})
	}
	t.Run("type verbatim", func(t *testing.T) {
		for _, typ := range []string{"I am an event", "@", "Xx"} {
			if got := vdom.NewEvent(typ).Type(); got != typ {
				t.Errorf("NewEvent(%q).Type() = %q", typ, got)
			}
		}
	})
}

// TestEV003_EmptyTypeIsDispatchable is EV-003 (WPT Event-type-empty.any.js,
// Event-type-empty-createEvent.window.js): "" is a type like any other.
func TestEV003_EmptyTypeIsDispatchable(t *testing.T) {
	tr := newTracer()
	et := vdom.NewTarget()
	et.AddEventListener("", tr.listener("L1"))

	t.Run("NewEvent", func(t *testing.T) {
		e := vdom.NewEvent("")
		if !dispatchOK(t, et, e) {
			t.Error("dispatch returned false, want true")
		}
		diffTrace(t, []evEntry{{"L1", phAt, "ET"}}, tr.take())
		checkPost(t, e, et, false)
	})
	t.Run("CreateEvent", func(t *testing.T) {
		e, err := vdom.NewDocument().CreateEvent("Event")
		if err != nil {
			t.Fatal(err)
		}
		e.InitEvent("", false, false)
		if !dispatchOK(t, et, e) {
			t.Error("dispatch returned false, want true")
		}
		diffTrace(t, []evEntry{{"L1", phAt, "ET"}}, tr.take())
	})
}

// TestEV004_InitEventSetsFields is EV-004 (WPT Event-initEvent.any.js):
// initEvent sets type, bubbles and cancelable and resets the rest.
func TestEV004_InitEventSetsFields(t *testing.T) {
	check := func(t *testing.T, e *vdom.Event, typ string, bubbles, cancelable bool) {
		t.Helper()
		if e.Type() != typ || e.Bubbles() != bubbles || e.Cancelable() != cancelable {
			t.Errorf("type, bubbles, cancelable = %q, %v, %v; want %q, %v, %v",
				e.Type(), e.Bubbles(), e.Cancelable(), typ, bubbles, cancelable)
		}
		if e.DefaultPrevented() || !e.ReturnValue() || e.IsTrusted() || e.Target() != nil {
			t.Errorf("defaultPrevented %v, returnValue %v, isTrusted %v, target %s; want false, true, false, nil",
				e.DefaultPrevented(), e.ReturnValue(), e.IsTrusted(), targetName(e.Target()))
		}
	}
	for _, b := range []bool{true, false} {
		for _, c := range []bool{true, false} {
			t.Run(fmt.Sprintf("bubbles=%v,cancelable=%v", b, c), func(t *testing.T) {
				e := vdom.NewEvent("")
				e.InitEvent("type", b, c)
				check(t, e, "type", b, c)
				e.InitEvent("type 2", false, true)
				check(t, e, "type 2", false, true)
			})
		}
	}
	t.Run("defaults", func(t *testing.T) {
		e := vdom.NewEventWith("x", vdom.EventInit{Bubbles: true, Cancelable: true})
		e.InitEvent("type", false, false)
		check(t, e, "type", false, false)
	})
	t.Run("target reset", func(t *testing.T) {
		// DOM "initialize an event": set event's target to null.
		e := vdom.NewEvent("type")
		dispatchOK(t, vdom.NewTarget(), e)
		if e.Target() == nil {
			t.Fatal("target is nil after dispatch")
		}
		e.InitEvent("type", false, false)
		check(t, e, "type", false, false)
	})
}

// TestEV005_InitEventClearsStopAndCanceledFlags is EV-005 (WPT
// Event-initEvent.any.js, Event-cancelBubble.any.js,
// Event-defaultPrevented.any.js, Event-returnValue.any.js).
func TestEV005_InitEventClearsStopAndCanceledFlags(t *testing.T) {
	for _, c := range []struct {
		name string
		stop func(*vdom.Event)
	}{
		{"a/stopPropagation", (*vdom.Event).StopPropagation},
		{"b/stopImmediatePropagation", (*vdom.Event).StopImmediatePropagation},
		{"c/cancelBubble", func(e *vdom.Event) { e.SetCancelBubble(true) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := vdom.NewEvent("type")
			c.stop(e)
			if !e.CancelBubble() {
				t.Fatal("cancelBubble false after stopping")
			}
			e.InitEvent("type", false, false)
			if e.CancelBubble() {
				t.Error("cancelBubble true after InitEvent")
			}
			tr := newTracer()
			et := vdom.NewTarget()
			et.AddEventListener("type", tr.listener("L1"))
			if !dispatchOK(t, et, e) {
				t.Error("dispatch returned false, want true")
			}
			diffTrace(t, []evEntry{{"L1", phAt, "ET"}}, tr.take())
		})
	}
	for _, c := range []struct {
		name   string
		cancel func(*vdom.Event)
	}{
		{"d/preventDefault", (*vdom.Event).PreventDefault},
		{"d/returnValue=false", func(e *vdom.Event) { e.SetReturnValue(false) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := vdom.NewEventWith("foo", vdom.EventInit{Cancelable: true})
			c.cancel(e)
			if !e.DefaultPrevented() {
				t.Fatal("defaultPrevented false after cancelling a cancelable event")
			}
			e.InitEvent("foo", true, true)
			if e.DefaultPrevented() || !e.ReturnValue() {
				t.Errorf("after InitEvent: defaultPrevented %v, returnValue %v; want false, true", e.DefaultPrevented(), e.ReturnValue())
			}
		})
	}
}

// TestEV006_InitDoesNothingDuringDispatch is EV-006 (WPT
// Event-initEvent.any.js "must not have an effect during dispatching",
// Event-init-while-dispatching.any.js).
func TestEV006_InitDoesNothingDuringDispatch(t *testing.T) {
	e := vdom.NewEvent("type")
	et := vdom.NewTarget()
	type seen struct {
		Type                string
		Bubbles, Cancelable bool
	}
	var got []seen
	et.AddEventListener("type", vdom.NewListener(func(ev *vdom.Event) {
		ev.InitEvent("type2", true, true)
		got = append(got, seen{ev.Type(), ev.Bubbles(), ev.Cancelable()})
	}))
	if !dispatchOK(t, et, e) {
		t.Error("dispatch returned false, want true")
	}
	if len(got) != 1 {
		t.Fatalf("listener ran %d times, want 1", len(got))
	}
	if got[0] != (seen{"type", false, false}) {
		t.Errorf("during dispatch after InitEvent: %+v, want {type false false}", got[0])
	}
	if e.Type() != "type" || e.Bubbles() || e.Cancelable() {
		t.Errorf("after dispatch: type %q bubbles %v cancelable %v; want type false false", e.Type(), e.Bubbles(), e.Cancelable())
	}
	checkPost(t, e, et, false)
}

// TestEV007_PhaseConstants is EV-007 (WPT Event-constants.any.js).
func TestEV007_PhaseConstants(t *testing.T) {
	for _, c := range []struct {
		p    vdom.Phase
		want uint8
		name string
	}{
		{vdom.PhaseNone, 0, "NONE"},
		{vdom.CapturingPhase, 1, "CAPTURING_PHASE"},
		{vdom.AtTarget, 2, "AT_TARGET"},
		{vdom.BubblingPhase, 3, "BUBBLING_PHASE"},
	} {
		if uint8(c.p) != c.want {
			t.Errorf("%s = %d, want %d", c.name, c.p, c.want)
		}
		if c.p.String() != c.name {
			t.Errorf("Phase(%d).String() = %q, want %q", c.want, c.p.String(), c.name)
		}
	}
}

// TestEV008_PreventDefaultNonCancelableOutsideDispatch is EV-008 (WPT
// Event-defaultPrevented.any.js, Event-returnValue.any.js).
func TestEV008_PreventDefaultNonCancelableOutsideDispatch(t *testing.T) {
	for _, c := range []struct {
		name   string
		cancel func(*vdom.Event)
	}{
		{"preventDefault", (*vdom.Event).PreventDefault},
		{"returnValue=false", func(e *vdom.Event) { e.SetReturnValue(false) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := vdom.NewEventWith("foo", vdom.EventInit{Bubbles: true})
			c.cancel(e)
			if e.DefaultPrevented() || !e.ReturnValue() || e.Cancelable() {
				t.Errorf("defaultPrevented %v, returnValue %v, cancelable %v; want false, true, false",
					e.DefaultPrevented(), e.ReturnValue(), e.Cancelable())
			}
		})
	}
}

// TestEV009_PreventDefaultCancelableOutsideDispatch is EV-009 (WPT
// Event-defaultPrevented.any.js, Event-returnValue.any.js).
func TestEV009_PreventDefaultCancelableOutsideDispatch(t *testing.T) {
	for _, c := range []struct {
		name   string
		cancel func(*vdom.Event)
	}{
		{"preventDefault", (*vdom.Event).PreventDefault},
		{"returnValue=false", func(e *vdom.Event) { e.SetReturnValue(false) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := vdom.NewEventWith("foo", vdom.EventInit{Cancelable: true})
			c.cancel(e)
			if !e.DefaultPrevented() || e.ReturnValue() {
				t.Errorf("defaultPrevented %v, returnValue %v; want true, false", e.DefaultPrevented(), e.ReturnValue())
			}
			e.SetReturnValue(true)
			if !e.DefaultPrevented() || e.ReturnValue() {
				t.Errorf("after returnValue=true: defaultPrevented %v, returnValue %v; want true, false (no-op)",
					e.DefaultPrevented(), e.ReturnValue())
			}
		})
	}
}

// TestEV010_CancelBubbleAccessor is EV-010 (WPT Event-cancelBubble.any.js).
func TestEV010_CancelBubbleAccessor(t *testing.T) {
	if vdom.NewEvent("x").CancelBubble() {
		t.Error("new event: cancelBubble true")
	}
	e := vdom.NewEvent("x")
	e.StopPropagation()
	if !e.CancelBubble() {
		t.Error("after stopPropagation: cancelBubble false")
	}
	e = vdom.NewEvent("x")
	e.StopImmediatePropagation()
	if !e.CancelBubble() {
		t.Error("after stopImmediatePropagation: cancelBubble false")
	}
	e = vdom.NewEvent("x")
	e.SetCancelBubble(true)
	if !e.CancelBubble() {
		t.Error("after cancelBubble=true: cancelBubble false")
	}
	e = vdom.NewEvent("x")
	e.StopPropagation()
	e.SetCancelBubble(false)
	if !e.CancelBubble() {
		t.Error("cancelBubble=false after stopPropagation cleared the flag; it must be a no-op")
	}
}

// TestEV076_CustomEventDefaultsAndDetail is EV-076 (WPT CustomEvent.any.js,
// Event-constructors.any.js).
func TestEV076_CustomEventDefaultsAndDetail(t *testing.T) {
	e := vdom.NewCustomEvent("foo")
	if e.Type() != "foo" || e.Bubbles() || e.Cancelable() || e.Detail() != nil {
		t.Errorf("NewCustomEvent(foo): type %q bubbles %v cancelable %v detail %v; want foo false false nil",
			e.Type(), e.Bubbles(), e.Cancelable(), e.Detail())
	}
	if !e.IsCustom() {
		t.Error("NewCustomEvent: IsCustom false")
	}
	e = vdom.NewCustomEventWith("$", vdom.CustomEventInit{Detail: 54, Cancelable: true})
	if e.Type() != "$" || e.Bubbles() || !e.Cancelable() || e.Detail() != 54 {
		t.Errorf("NewCustomEvent($, {detail:54, cancelable:true}): type %q bubbles %v cancelable %v detail %v",
			e.Type(), e.Bubbles(), e.Cancelable(), e.Detail())
	}
	if vdom.NewEvent("foo").Detail() != nil || vdom.NewEvent("foo").IsCustom() {
		t.Error("a plain Event has a detail or claims to be a CustomEvent")
	}
}

// TestEV077_InitCustomEvent is EV-077 (WPT CustomEvent-createEvent.window.js,
// Event-init-while-dispatching.any.js).
func TestEV077_InitCustomEvent(t *testing.T) {
	created, err := vdom.NewDocument().CreateEvent("CustomEvent")
	if err != nil {
		t.Fatal(err)
	}
	for name, e := range map[string]*vdom.Event{
		"CreateEvent":    created,
		"NewCustomEvent": vdom.NewCustomEventWith("x", vdom.CustomEventInit{Bubbles: true, Cancelable: true, Detail: "old"}),
	} {
		t.Run(name, func(t *testing.T) {
			e.InitCustomEvent("foo", false, false, nil)
			if e.Type() != "foo" || e.Bubbles() || e.Cancelable() || e.Detail() != nil {
				t.Errorf("after InitCustomEvent(foo): type %q bubbles %v cancelable %v detail %v; want foo false false nil",
					e.Type(), e.Bubbles(), e.Cancelable(), e.Detail())
			}
			if !e.IsCustom() {
				t.Error("IsCustom false")
			}

			et := vdom.NewTarget()
			calls := 0
			et.AddEventListener("foo", vdom.NewListener(func(ev *vdom.Event) {
				calls++
				ev.InitCustomEvent("type2", true, true, 1)
				if ev.Type() != "foo" || ev.Bubbles() || ev.Cancelable() || ev.Detail() != nil {
					t.Errorf("InitCustomEvent during dispatch changed the event: type %q bubbles %v cancelable %v detail %v",
						ev.Type(), ev.Bubbles(), ev.Cancelable(), ev.Detail())
				}
			}))
			if !dispatchOK(t, et, e) {
				t.Error("dispatch returned false, want true")
			}
			if calls != 1 {
				t.Errorf("listener ran %d times, want 1", calls)
			}
			if e.Detail() != nil || e.Type() != "foo" {
				t.Errorf("after dispatch: type %q detail %v; want foo nil", e.Type(), e.Detail())
			}
			checkPost(t, e, et, false)
		})
	}
}

// emitter is a Go type that is an EventTarget by embedding vdom.Target, the
// Go form of `class Emitter extends EventTarget`.
type emitter struct {
	vdom.Target
}

func (m *emitter) On(typ string, l vdom.Listener)  { m.AddEventListener(typ, l) }
func (m *emitter) Off(typ string, l vdom.Listener) { m.RemoveEventListener(typ, l) }

// Dispatch fires a CustomEvent with m itself as target.
func (m *emitter) Dispatch(typ string, detail any) (bool, error) {
	return vdom.DispatchForTest(m, vdom.NewCustomEventWith(typ, vdom.CustomEventInit{Detail: detail}))
}

// TestEV078_CustomEventOnEmbeddedTarget is EV-078 (WPT CustomEvent.any.js,
// EventTarget-constructible.any.js "can be subclassed").
func TestEV078_CustomEventOnEmbeddedTarget(t *testing.T) {
	m := &emitter{}
	detail := &struct{ n int }{7}
	calls := 0
	l := vdom.NewListener(func(e *vdom.Event) {
		calls++
		if e.Type() != "ping" || e.Detail() != detail {
			t.Errorf("listener saw type %q detail %v; want ping %v", e.Type(), e.Detail(), detail)
		}
		if e.Target() != vdom.EventTarget(m) || e.CurrentTarget() != vdom.EventTarget(m) {
			t.Errorf("target %T, currentTarget %T; want the *emitter", e.Target(), e.CurrentTarget())
		}
	})
	m.On("ping", l)
	for range 2 {
		if ok, err := m.Dispatch("ping", detail); !ok || err != nil {
			t.Errorf("Dispatch = %v, %v; want true, nil", ok, err)
		}
	}
	if calls != 2 {
		t.Errorf("after two dispatches: %d calls, want 2", calls)
	}
	m.Off("ping", l)
	if ok, err := m.Dispatch("ping", detail); !ok || err != nil {
		t.Errorf("Dispatch = %v, %v; want true, nil", ok, err)
	}
	if calls != 2 {
		t.Errorf("after Off: %d calls, want 2", calls)
	}

	t.Run("promoted DispatchEvent targets the embedded Target", func(t *testing.T) {
		m := &emitter{}
		var target vdom.EventTarget
		m.On("x", vdom.NewListener(func(e *vdom.Event) { target = e.Target() }))
		dispatchOK(t, m, vdom.NewEvent("x"))
		if target != vdom.EventTarget(&m.Target) {
			t.Errorf("target = %T %p, want the embedded *vdom.Target %p", target, target, &m.Target)
		}
	})
}
