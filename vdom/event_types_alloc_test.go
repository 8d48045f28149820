//go:build !race

package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

// TestTypedEventOneAllocation: a typed event and its members are one
// allocation, as a plain Event is. (Not built under the race detector,
// which changes allocation counts.)
func TestTypedEventOneAllocation(t *testing.T) {
	var sink *vdom.Event
	cases := map[string]func(){
		"MouseEvent":    func() { sink = vdom.NewMouseEvent("click", vdom.MouseEventInit{}) },
		"PointerEvent":  func() { sink = vdom.NewPointerEvent("click", vdom.PointerEventInit{}) },
		"KeyboardEvent": func() { sink = vdom.NewKeyboardEvent("keydown", vdom.KeyboardEventInit{}) },
		"FocusEvent":    func() { sink = vdom.NewFocusEvent("focus", vdom.FocusEventInit{}) },
	}
	for name, f := range cases {
		if n := testing.AllocsPerRun(10, f); n != 1 {
			t.Errorf("%s: %.1f allocations, want 1", name, n)
		}
	}
	_ = sink
}
