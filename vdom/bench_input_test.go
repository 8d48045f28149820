package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/vdom"
)

// BenchmarkTrustedTab: one Tab in the 10k page, a trusted keydown whose
// default action walks the page for the sequential focus order and moves
// the focus (blur, focusout, focus, focusin).
func BenchmarkTrustedTab(b *testing.B) {
	doc := vdom.ParseString(string(pagegen.Page(10_000)))
	if len(doc.SequentialFocusOrder()) == 0 {
		b.Fatal("nothing focusable in the page")
	}
	b.ReportAllocs()
	for b.Loop() {
		e := vdom.NewKeyboardEvent("keydown", vdom.KeyboardEventInit{
			EventInit:     vdom.EventInit{Bubbles: true, Cancelable: true, Composed: true},
			KeyboardEvent: vdom.KeyboardEvent{Key: "Tab"},
		})
		if _, err := vdom.DispatchTrusted(doc.ActiveElement(), e); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFocus: focus moving between two inputs of the 10k page.
func BenchmarkFocus(b *testing.B) {
	doc := vdom.ParseString(string(pagegen.Page(10_000)) + `<input id="bench-a"><input id="bench-b">`)
	x, y := doc.GetElementByID("bench-a"), doc.GetElementByID("bench-b")
	b.ReportAllocs()
	for b.Loop() {
		if err := x.Focus(); err != nil {
			b.Fatal(err)
		}
		x, y = y, x
	}
}
