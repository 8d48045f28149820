package vdom

import (
	"testing"
	"unsafe"
)

// The typed events hang off the Event's detail slot and a byte of its
// padding: the Event must not grow (88 bytes, the 96-byte size class), or
// every dispatch of every event would allocate more.
func TestTypedEventSize(t *testing.T) {
	if got := unsafe.Sizeof(Event{}); got != 88 {
		t.Errorf("unsafe.Sizeof(Event{}) = %d, want 88", got)
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
		{"CustomEvent with a MouseEvent detail", NewCustomEvent("click", CustomEventInit{Detail: &MouseEvent{}}), false},
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
