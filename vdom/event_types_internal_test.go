package vdom

import (
	"testing"
	"unsafe"
)

// The typed events hang off the Event's detail slot and a byte of its
// padding: the Event must not grow (64 bytes, the 64-byte size class), or
// every dispatch of every event would allocate more.
func TestTypedEventSize(t *testing.T) {
	if got := unsafe.Sizeof(Event{}); got != 64 {
		t.Errorf("unsafe.Sizeof(Event{}) = %d, want 64", got)
	}
}

func TestTypedIsMouseEvent(t *testing.T) {
	cases := []struct {
		name string
		e    *Event
		want bool
	}{
		{"MouseEvent", NewMouseEvent("click", MouseEventInit{}), true},
		{"PointerEvent", NewPointerEvent("click", PointerEventInit{}), true},
		{"Event", NewEvent("click"), false},
		{"CustomEvent with a MouseEvent detail", NewCustomEventWith("click", CustomEventInit{Detail: &MouseEvent{}}), false},
		{"UIEvent", NewUIEvent("click", UIEventInit{}), false},
		{"KeyboardEvent", NewKeyboardEvent("click", KeyboardEventInit{}), false},
		{"FocusEvent", NewFocusEvent("click", FocusEventInit{}), false},
	}
	for _, c := range cases {
		if got := c.e.isMouseEvent(); got != c.want {
			t.Errorf("%s: isMouseEvent() = %v, want %v", c.name, got, c.want)
		}
	}
}

// :focus-visible as Chromium decides it: keyboard focus shows, mouse focus
// on something other than a text field does not, and a program's focus()
// shows unless the last focus a user made was with the mouse.
func TestTrustedFocusVisible(t *testing.T) {
	const page = `<button id="b1">1</button><button id="b2">2</button><input id="text"><input type="checkbox" id="check"><p id="p">p</p>`
	down := func(doc *Document, id string) {
		if _, err := DispatchTrusted(doc.GetElementByID(id), NewMouseEvent("mousedown", MouseEventInit{EventInit: EventInit{Bubbles: true, Cancelable: true}})); err != nil {
			t.Fatal(err)
		}
	}
	tab := func(doc *Document) {
		if _, err := DispatchTrusted(doc, NewKeyboardEvent("keydown", KeyboardEventInit{KeyboardEvent: KeyboardEvent{Key: "Tab"}})); err != nil {
			t.Fatal(err)
		}
	}
	focus := func(doc *Document, id string) { _ = doc.GetElementByID(id).Focus() }
	cases := []struct {
		name string
		do   func(*Document)
		want bool
	}{
		{"nothing focused", func(*Document) {}, false},
		{"focus() on a fresh page", func(d *Document) { focus(d, "b1") }, true},
		{"mouse on a button", func(d *Document) { down(d, "b1") }, false},
		{"mouse on a checkbox", func(d *Document) { down(d, "check") }, false},
		{"mouse on a text field", func(d *Document) { down(d, "text") }, true},
		{"focus() after a mouse focus", func(d *Document) { down(d, "b1"); focus(d, "b2") }, false},
		{"focus() on a text field after a mouse focus", func(d *Document) { down(d, "b1"); focus(d, "text") }, true},
		{"FocusVisible after a mouse focus", func(d *Document) {
			down(d, "b1")
			_ = d.GetElementByID("b2").FocusWith(FocusOptions{FocusVisible: true})
		}, true},
		{"Tab", func(d *Document) { tab(d) }, true},
		{"Tab after a mouse focus", func(d *Document) { down(d, "b1"); tab(d) }, true},
		{"focus() after Tab", func(d *Document) { tab(d); focus(d, "b2") }, true},
		{"focus() after a key press following a mouse focus", func(d *Document) {
			down(d, "b1")
			_, _ = DispatchTrusted(d.GetElementByID("b1"), NewKeyboardEvent("keydown", KeyboardEventInit{KeyboardEvent: KeyboardEvent{Key: "a"}}))
			focus(d, "b2")
		}, true},
		{"mouse on text after a keyboard focus clears focus", func(d *Document) { tab(d); down(d, "p") }, false},
	}
	for _, c := range cases {
		doc := ParseString(page)
		c.do(doc)
		if got := doc.focusVisible(); got != c.want {
			t.Errorf("%s: focusVisible() = %v, want %v (focused %v)", c.name, got, c.want, doc.focusedNode())
		}
	}
}

// The memory of the last focus move behind :focus-visible, as recorded in
// Chromium 156: a click that moves no focus changes nothing, a program's
// focus does not reset it.
func TestTrustedFocusVisibleMemory(t *testing.T) {
	d := ParseString(`<button id="b1">1</button><button id="b2">2</button><input id="text">`)
	down := func(id string) {
		_, _ = DispatchTrusted(d.GetElementByID(id), NewMouseEvent("mousedown", MouseEventInit{EventInit: EventInit{Bubbles: true}}))
	}
	_ = d.GetElementByID("b1").Focus()
	down("b1") // already focused: no focus move
	_ = d.GetElementByID("text").Focus()
	_ = d.GetElementByID("b2").Focus()
	if !d.focusVisible() {
		t.Error("after a click on the focused button, a program's focus() does not show focus; Chromium shows it")
	}
	down("b1") // a focus move by mouse
	_ = d.GetElementByID("text").Focus()
	_ = d.GetElementByID("b2").Focus()
	if d.focusVisible() {
		t.Error("after a focus move by mouse and a program's focus on a text field, focus() on a button shows focus; Chromium does not")
	}
}
