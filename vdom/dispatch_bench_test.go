package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/internal/benchop"
	"github.com/eventperk/eventperk-go/vdom"
)

// BenchmarkDispatchRows is the Go side of rows W3, W4 and W5 of the
// comparison with the JavaScript DOMs (bench/compare/workloads.go), built
// the same way: W3 a bubbling click at the deepest of 32 nested elements
// of the 10k page with a distinct bubble and capture listener on each
// element of its path; W4 a CustomEvent whose detail is a struct, to 10
// listeners that read it, at #el-1000 of the 10k page, and the same with
// a map detail; W5 adding then removing 1,000 distinct listeners on one
// element.
func BenchmarkDispatchRows(b *testing.B) {
	doc := vdom.ParseString(string(pagegen.Page(10_000)))
	b.Run("W3-deep-click", func(b *testing.B) {
		target := doc.GetElementByID(pagegen.DeepestID(pagegen.Options{Elements: 10_000}))
		if target == nil {
			b.Fatal("no deep chain in the page")
		}
		calls := 0
		for n := target; n != nil && n.IsElement(); n = n.ParentNode() {
			for _, capture := range []bool{false, true} {
				l, opts := vdom.NewListener(func(*vdom.Event) { calls++ }), vdom.ListenerOptions{Capture: capture}
				n.AddEventListenerWith("click", l, opts)
				// -count runs this function again on the same document:
				// listeners left from an earlier run would run too.
				b.Cleanup(func() { n.RemoveEventListenerWith("click", l, opts) })
			}
		}
		benchop.LoopCPU(b, func() {
			calls = 0
			if _, err := target.DispatchEvent(vdom.NewEventWith("click", vdom.EventInit{Bubbles: true})); err != nil {
				b.Fatal(err)
			}
		})
		if calls != 64 {
			b.Fatalf("%d listener calls per dispatch, want 64", calls)
		}
	})
	// W4 twice: with the struct detail of the compare command's W4 row,
	// and with the map detail of its "map detail" row.
	type detail struct{ ID int }
	for _, asMap := range []bool{false, true} {
		name := "W4-custom-event"
		var d any = &detail{ID: 7}
		if asMap {
			name, d = "W4-map-detail", map[string]any{"id": 7}
		}
		b.Run(name, func(b *testing.B) {
			el := doc.GetElementByID("el-1000")
			calls := 0
			ls := make([]vdom.Listener, 10)
			for i := range ls {
				ls[i] = vdom.NewListener(func(e *vdom.Event) {
					if d, ok := e.Detail().(*detail); ok && d.ID == 7 {
						calls++
					}
				})
				if asMap {
					ls[i] = vdom.NewListener(func(e *vdom.Event) {
						if d, ok := e.Detail().(map[string]any); ok && d["id"] == 7 {
							calls++
						}
					})
				}
				el.AddEventListener("update", ls[i])
			}
			// Both runs use the same element.
			defer func() {
				for _, l := range ls {
					el.RemoveEventListener("update", l)
				}
			}()
			benchop.LoopCPU(b, func() {
				calls = 0
				if _, err := el.DispatchEvent(vdom.NewCustomEventWith("update", vdom.CustomEventInit{Detail: d})); err != nil {
					b.Fatal(err)
				}
			})
			if calls != 10 {
				b.Fatalf("%d listener calls per dispatch, want 10", calls)
			}
		})
	}
	b.Run("W5-add-remove-1000", func(b *testing.B) {
		el := vdom.ParseString(`<div id="t"></div>`).GetElementByID("t")
		ls := make([]vdom.Listener, 1000)
		for i := range ls {
			ls[i] = vdom.NewListener(func(*vdom.Event) {})
		}
		benchop.LoopCPU(b, func() {
			for _, l := range ls {
				el.AddEventListener("click", l)
			}
			for _, l := range ls {
				el.RemoveEventListener("click", l)
			}
		})
		if vdom.HasEventListener(el, "click", false) {
			b.Fatal("a listener is left after removing them all")
		}
	})
}
