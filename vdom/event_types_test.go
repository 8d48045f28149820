package vdom_test

import (
	"errors"
	"math"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// identity compares the DOM objects inside typed events by identity, as
// JavaScript's === does.
var identity = cmp.Options{
	cmp.Comparer(func(a, b *vdom.Node) bool { return a == b }),
	cmp.Comparer(func(a, b *vdom.Window) bool { return a == b }),
	cmp.Comparer(func(a, b *vdom.Document) bool { return a == b }),
}

// typedView is what a listener can read of an event: its interface, the
// EventInit flags, and whatever each As method returns.
type typedView struct {
	Interface                     string
	Bubbles, Cancelable, Composed bool
	UI                            *vdom.UIEvent
	Mouse                         *vdom.MouseEvent
	Pointer                       *vdom.PointerEvent
	Keyboard                      *vdom.KeyboardEvent
	Input                         *vdom.InputEvent
	Focus                         *vdom.FocusEvent
	Submit                        *vdom.SubmitEvent
}

func viewOf(e *vdom.Event) typedView {
	v := typedView{Interface: e.Interface(), Bubbles: e.Bubbles(), Cancelable: e.Cancelable(), Composed: e.Composed()}
	if u, ok := e.AsUI(); ok {
		v.UI = &u
	}
	if m, ok := e.AsMouse(); ok {
		v.Mouse = &m
	}
	if p, ok := e.AsPointer(); ok {
		v.Pointer = &p
	}
	if k, ok := e.AsKeyboard(); ok {
		v.Keyboard = &k
	}
	if i, ok := e.AsInput(); ok {
		v.Input = &i
	}
	if f, ok := e.AsFocus(); ok {
		v.Focus = &f
	}
	if s, ok := e.AsSubmit(); ok {
		v.Submit = &s
	}
	return v
}

func TestTypedEventConstructors(t *testing.T) {
	doc := vdom.ParseString(`<form id="f"><button id="b">Go</button></form>`)
	btn, win := doc.GetElementByID("b"), doc.Window()
	// UI Events and Pointer Events dictionary defaults.
	defaultPointer := vdom.PointerEvent{Width: 1, Height: 1, AltitudeAngle: math.Pi / 2}
	mouse := vdom.MouseEvent{
		UIEvent: vdom.UIEvent{View: win, Detail: 2},
		ScreenX: 10, ScreenY: 20, ClientX: 1.5, ClientY: 2.5,
		CtrlKey: true, ShiftKey: true, AltKey: true, MetaKey: true,
		Button: 2, Buttons: 3, RelatedTarget: btn,
	}
	pointer := vdom.PointerEvent{
		MouseEvent: mouse, PointerID: 7, Width: 3, Height: 4, Pressure: 0.5,
		TangentialPressure: 0.25, TiltX: 10, TiltY: -10, Twist: 90,
		AltitudeAngle: 1, AzimuthAngle: 2, PointerType: "pen", IsPrimary: true,
	}
	key := vdom.KeyboardEvent{
		UIEvent: vdom.UIEvent{View: win}, Key: "Enter", Code: "NumpadEnter",
		Location: vdom.KeyLocationNumpad, CtrlKey: true, ShiftKey: true, AltKey: true, MetaKey: true,
		Repeat: true, IsComposing: true, CharCode: 13, KeyCode: 13,
	}
	input := vdom.InputEvent{UIEvent: vdom.UIEvent{View: win}, Data: new("a"), InputType: "insertText", IsComposing: true}
	focus := vdom.FocusEvent{UIEvent: vdom.UIEvent{View: win}, RelatedTarget: btn}
	all := vdom.EventInit{Bubbles: true, Cancelable: true, Composed: true}
	cases := []struct {
		name string
		e    *vdom.Event
		want typedView
	}{
		{"UIEvent defaults", vdom.NewUIEvent("x", vdom.UIEventInit{}),
			typedView{Interface: "UIEvent", UI: &vdom.UIEvent{}}},
		{"UIEvent init", vdom.NewUIEvent("x", vdom.UIEventInit{EventInit: all, UIEvent: vdom.UIEvent{View: win, Detail: 3}}),
			typedView{Interface: "UIEvent", Bubbles: true, Cancelable: true, Composed: true, UI: &vdom.UIEvent{View: win, Detail: 3}}},
		{"MouseEvent defaults", vdom.NewMouseEvent("click", vdom.MouseEventInit{}),
			typedView{Interface: "MouseEvent", UI: &vdom.UIEvent{}, Mouse: &vdom.MouseEvent{}}},
		{"MouseEvent init", vdom.NewMouseEvent("click", vdom.MouseEventInit{EventInit: all, MouseEvent: mouse}),
			typedView{Interface: "MouseEvent", Bubbles: true, Cancelable: true, Composed: true, UI: &mouse.UIEvent, Mouse: &mouse}},
		{"PointerEvent defaults", vdom.NewPointerEvent("pointerdown", vdom.PointerEventInit{}),
			typedView{Interface: "PointerEvent", UI: &vdom.UIEvent{}, Mouse: &vdom.MouseEvent{}, Pointer: &defaultPointer}},
		{"PointerEvent init", vdom.NewPointerEvent("pointerdown", vdom.PointerEventInit{EventInit: all, PointerEvent: pointer}),
			typedView{Interface: "PointerEvent", Bubbles: true, Cancelable: true, Composed: true, UI: &mouse.UIEvent, Mouse: &mouse, Pointer: &pointer}},
		{"KeyboardEvent defaults", vdom.NewKeyboardEvent("keydown", vdom.KeyboardEventInit{}),
			typedView{Interface: "KeyboardEvent", UI: &vdom.UIEvent{}, Keyboard: &vdom.KeyboardEvent{}}},
		{"KeyboardEvent init", vdom.NewKeyboardEvent("keydown", vdom.KeyboardEventInit{EventInit: all, KeyboardEvent: key}),
			typedView{Interface: "KeyboardEvent", Bubbles: true, Cancelable: true, Composed: true, UI: &key.UIEvent, Keyboard: &key}},
		{"InputEvent defaults", vdom.NewInputEvent("input", vdom.InputEventInit{}),
			typedView{Interface: "InputEvent", UI: &vdom.UIEvent{}, Input: &vdom.InputEvent{}}},
		{"InputEvent init", vdom.NewInputEvent("beforeinput", vdom.InputEventInit{EventInit: all, InputEvent: input}),
			typedView{Interface: "InputEvent", Bubbles: true, Cancelable: true, Composed: true, UI: &input.UIEvent, Input: &input}},
		{"FocusEvent defaults", vdom.NewFocusEvent("focus", vdom.FocusEventInit{}),
			typedView{Interface: "FocusEvent", UI: &vdom.UIEvent{}, Focus: &vdom.FocusEvent{}}},
		{"FocusEvent init", vdom.NewFocusEvent("focusin", vdom.FocusEventInit{EventInit: all, FocusEvent: focus}),
			typedView{Interface: "FocusEvent", Bubbles: true, Cancelable: true, Composed: true, UI: &focus.UIEvent, Focus: &focus}},
		{"SubmitEvent defaults", vdom.NewSubmitEvent("submit", vdom.SubmitEventInit{}),
			typedView{Interface: "SubmitEvent", Submit: &vdom.SubmitEvent{}}},
		{"SubmitEvent init", vdom.NewSubmitEvent("submit", vdom.SubmitEventInit{EventInit: all, SubmitEvent: vdom.SubmitEvent{Submitter: btn}}),
			typedView{Interface: "SubmitEvent", Bubbles: true, Cancelable: true, Composed: true, Submit: &vdom.SubmitEvent{Submitter: btn}}},
		{"Event has no typed members", vdom.NewEvent("x"), typedView{Interface: "Event"}},
		{"CustomEvent with a typed detail is no MouseEvent", vdom.NewCustomEventWith("x", vdom.CustomEventInit{Detail: &mouse}),
			typedView{Interface: "CustomEvent"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if diff := cmp.Diff(c.want, viewOf(c.e), identity); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
			if c.e.IsTrusted() || c.e.DefaultPrevented() || c.e.TimeStamp() <= 0 {
				t.Errorf("isTrusted %v, defaultPrevented %v, timeStamp %v; want false, false, > 0",
					c.e.IsTrusted(), c.e.DefaultPrevented(), c.e.TimeStamp())
			}
		})
	}
}

// A typed event's members are read in a listener; the CustomEvent detail
// stays nil for it.
func TestTypedEventInListener(t *testing.T) {
	doc := vdom.ParseString(`<div id="d"><button id="b">x</button></div>`)
	div, btn := doc.GetElementByID("d"), doc.GetElementByID("b")
	type seen struct {
		Interface string
		Target    vdom.EventTarget
		Mouse     vdom.MouseEvent
		IsMouse   bool
		Detail    any
	}
	var got []seen
	div.AddEventListener("click", vdom.NewListener(func(e *vdom.Event) {
		m, ok := e.AsMouse()
		got = append(got, seen{e.Interface(), e.Target(), m, ok, e.Detail()})
	}))
	init := vdom.MouseEventInit{EventInit: vdom.EventInit{Bubbles: true}, MouseEvent: vdom.MouseEvent{ClientX: 3, Button: 1, Buttons: 4}}
	if _, err := btn.DispatchEvent(vdom.NewMouseEvent("click", init)); err != nil {
		t.Fatal(err)
	}
	if _, err := btn.DispatchEvent(vdom.NewPointerEvent("click", vdom.PointerEventInit{EventInit: init.EventInit, PointerEvent: vdom.PointerEvent{MouseEvent: init.MouseEvent}})); err != nil {
		t.Fatal(err)
	}
	want := []seen{
		{"MouseEvent", btn, init.MouseEvent, true, nil},
		{"PointerEvent", btn, init.MouseEvent, true, nil},
	}
	if diff := cmp.Diff(want, got, identity); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

func TestTypedCreateEvent(t *testing.T) {
	doc := vdom.NewDocument()
	cases := []struct {
		name string
		want string // the interface, "" for ErrNotSupported
	}{
		{"Event", "Event"}, {"events", "Event"}, {"HTMLEvents", "Event"}, {"SVGEvents", "Event"},
		{"CustomEvent", "CustomEvent"},
		{"UIEvent", "UIEvent"}, {"UIEvents", "UIEvent"}, {"uievents", "UIEvent"},
		{"MouseEvent", "MouseEvent"}, {"MOUSEEVENTS", "MouseEvent"},
		{"KeyboardEvent", "KeyboardEvent"}, {"FocusEvent", "FocusEvent"},
		// Not in the DOM's table: NotSupportedError, as in Chromium.
		{"KeyboardEvents", "KeyboardEvent"}, // Chromium's, not the DOM's
		{"PointerEvent", ""}, {"InputEvent", ""}, {"SubmitEvent", ""},
		{"FocusEvents", ""}, {"WheelEvent", ""}, {"Unknown", ""}, {"", ""},
		// "\u212a" is the Kelvin sign, which only Unicode lower-casing
		// turns into "k".
		{"\u212aeyboardEvent", ""},
		// In the table, not implemented.
		{"CompositionEvent", ""}, {"DragEvent", ""}, {"TouchEvent", ""}, {"MessageEvent", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e, err := doc.CreateEvent(c.name)
			if c.want == "" {
				if !errors.Is(err, vdom.ErrNotSupported) || e != nil {
					t.Fatalf("CreateEvent(%q) = %v, %v; want nil, ErrNotSupported", c.name, e, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("CreateEvent(%q): %v", c.name, err)
			}
			if e.Interface() != c.want {
				t.Errorf("Interface() = %q, want %q", e.Interface(), c.want)
			}
			// Uninitialized: the dispatch is refused.
			if _, err := doc.DispatchEvent(e); !errors.Is(err, vdom.ErrInvalidState) {
				t.Errorf("dispatch before init: err = %v, want ErrInvalidState", err)
			}
			e.InitEvent("x", true, false)
			if _, err := doc.DispatchEvent(e); err != nil {
				t.Errorf("dispatch after InitEvent: %v", err)
			}
			if e.Interface() != c.want {
				t.Errorf("after InitEvent Interface() = %q, want %q", e.Interface(), c.want)
			}
		})
	}
}

func TestTypedLegacyInit(t *testing.T) {
	doc := vdom.ParseString(`<p id="p"></p>`)
	p, win := doc.GetElementByID("p"), doc.Window()
	t.Run("InitMouseEvent", func(t *testing.T) {
		e, err := doc.CreateEvent("MouseEvents")
		if err != nil {
			t.Fatal(err)
		}
		m := vdom.MouseEvent{UIEvent: vdom.UIEvent{View: win, Detail: 1}, ScreenX: 1, ScreenY: 2, ClientX: 3, ClientY: 4,
			CtrlKey: true, MetaKey: true, Button: 2, Buttons: 7, RelatedTarget: p}
		e.InitMouseEvent("mousedown", true, true, m)
		want := m
		want.Buttons = 0 // initMouseEvent has no buttons argument
		got, ok := e.AsMouse()
		if !ok || e.Type() != "mousedown" || !e.Bubbles() || !e.Cancelable() {
			t.Errorf("AsMouse ok %v, type %q, bubbles %v, cancelable %v", ok, e.Type(), e.Bubbles(), e.Cancelable())
		}
		if diff := cmp.Diff(want, got, identity); diff != "" {
			t.Errorf("mismatch (-want +got):\n%s", diff)
		}
	})
	t.Run("InitKeyboardEvent", func(t *testing.T) {
		e := vdom.NewKeyboardEvent("keyup", vdom.KeyboardEventInit{KeyboardEvent: vdom.KeyboardEvent{Code: "KeyA", Repeat: true}})
		e.InitKeyboardEvent("keydown", true, false, vdom.KeyboardEvent{UIEvent: vdom.UIEvent{View: win, Detail: 9},
			Key: "a", Code: "ignored", Location: vdom.KeyLocationLeft, ShiftKey: true})
		want := vdom.KeyboardEvent{UIEvent: vdom.UIEvent{View: win}, Key: "a", Code: "KeyA", Location: vdom.KeyLocationLeft, ShiftKey: true, Repeat: true}
		got, _ := e.AsKeyboard()
		if diff := cmp.Diff(want, got, identity); diff != "" {
			t.Errorf("mismatch (-want +got):\n%s", diff)
		}
	})
	t.Run("InitUIEvent", func(t *testing.T) {
		e := vdom.NewFocusEvent("focus", vdom.FocusEventInit{FocusEvent: vdom.FocusEvent{RelatedTarget: p}})
		e.InitUIEvent("blur", false, false, win, 4)
		want := vdom.FocusEvent{UIEvent: vdom.UIEvent{View: win, Detail: 4}, RelatedTarget: p}
		got, _ := e.AsFocus()
		if diff := cmp.Diff(want, got, identity); diff != "" || e.Type() != "blur" {
			t.Errorf("type %q; mismatch (-want +got):\n%s", e.Type(), diff)
		}
	})
	t.Run("wrong interface does nothing", func(t *testing.T) {
		e := vdom.NewEvent("x")
		e.InitMouseEvent("y", true, true, vdom.MouseEvent{})
		e.InitKeyboardEvent("y", true, true, vdom.KeyboardEvent{})
		e.InitUIEvent("y", true, true, nil, 1)
		s := vdom.NewSubmitEvent("submit", vdom.SubmitEventInit{})
		s.InitUIEvent("y", true, true, nil, 1)
		if e.Type() != "x" || s.Type() != "submit" {
			t.Errorf("types %q, %q; want x, submit", e.Type(), s.Type())
		}
	})
	t.Run("InitCustomEvent keeps a typed event's members", func(t *testing.T) {
		e := vdom.NewMouseEvent("click", vdom.MouseEventInit{MouseEvent: vdom.MouseEvent{Button: 1}})
		e.InitCustomEvent("other", true, true, "detail")
		m, ok := e.AsMouse()
		if !ok || m.Button != 1 || e.Detail() != nil || e.Type() != "click" {
			t.Errorf("after InitCustomEvent: AsMouse %v %v, Detail %v, type %q", m, ok, e.Detail(), e.Type())
		}
	})
	t.Run("no init during dispatch", func(t *testing.T) {
		e := vdom.NewMouseEvent("click", vdom.MouseEventInit{})
		p.AddEventListener("click", vdom.NewListener(func(e *vdom.Event) {
			e.InitMouseEvent("changed", true, true, vdom.MouseEvent{Button: 2})
		}))
		if _, err := p.DispatchEvent(e); err != nil {
			t.Fatal(err)
		}
		if m, _ := e.AsMouse(); e.Type() != "click" || m.Button != 0 {
			t.Errorf("InitMouseEvent during dispatch changed the event: type %q, button %d", e.Type(), m.Button)
		}
	})
}

// The orientation given one way is derived the other way, with the
// values Chromium 156 gives for the same PointerEventInit.
func TestTypedPointerOrientation(t *testing.T) {
	cases := []struct {
		tiltX, tiltY      int
		altitude, azimuth float64
		wantTiltX         int
		wantTiltY         int
		wantAlt, wantAz   float64
	}{
		{30, 0, 0, 0, 30, 0, 1.0471975511965979, 0},
		{30, 45, 0, 0, 30, 45, 0.7137243789447657, 1.0471975511965976},
		{-20, 10, 0, 0, -20, 10, 1.1864747974457859, 2.6904586899445775},
		{0, -40, 0, 0, 0, -40, 0.8726646259971648, 4.71238898038469},
		{90, 0, 0, 0, 90, 0, 0, 0},
		{10, 90, 0, 0, 10, 90, 0, 0},
		{-30, 0, 0, 0, -30, 0, 1.0471975511965979, 3.141592653589793},
		{0, 0, 1, 2, -15, 30, 1, 2},
		{0, 0, 0.5, 0, 61, 0, 0.5, 0},
		{0, 0, 0, 1, 90, 90, 0, 1},
		{0, 0, 1.2, 4, -14, -16, 1.2, 4},
		{0, 0, 0, 0, 0, 0, math.Pi / 2, 0},
		{5, 5, 1, 1, 5, 5, 1, 1}, // both given: kept
	}
	near := cmp.Comparer(func(a, b float64) bool { return math.Abs(a-b) < 1e-12 })
	for _, c := range cases {
		e := vdom.NewPointerEvent("pointermove", vdom.PointerEventInit{PointerEvent: vdom.PointerEvent{
			TiltX: c.tiltX, TiltY: c.tiltY, AltitudeAngle: c.altitude, AzimuthAngle: c.azimuth}})
		p, _ := e.AsPointer()
		got := []any{p.TiltX, p.TiltY, p.AltitudeAngle, p.AzimuthAngle}
		want := []any{c.wantTiltX, c.wantTiltY, c.wantAlt, c.wantAz}
		if diff := cmp.Diff(want, got, near); diff != "" {
			t.Errorf("tilt %d,%d angles %v,%v: mismatch (-want +got):\n%s", c.tiltX, c.tiltY, c.altitude, c.azimuth, diff)
		}
	}
}
