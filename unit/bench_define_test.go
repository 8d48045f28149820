package unit_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// hydratePage is a server-rendered page with 20 units, each with a button
// whose click its settings wire to a method, amid ordinary markup.
func hydratePage() string {
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html><html><head><title>cart</title></head><body><header><nav><a href="/">home</a></nav></header><main>`)
	for i := range 20 {
		fmt.Fprintf(&b, `<section class="row"><h2>Item %d</h2><cart-line id="line%d" data-sku="%d">`+
			`<span class="qty">1</span><button id="add%d" class="add">+</button></cart-line><p>notes</p></section>`, i, i, i, i)
	}
	b.WriteString(`</main><footer>end</footer></body></html>`)
	return b.String()
}

// BenchmarkHydrate parses a page and attaches definitions that make and
// start its 20 units; "parse" alone is the baseline, so hydration costs
// the difference, and "parse+new+start" makes the same units by hand. The
// settings are given as JSON (decoded for each unit) and as Go values
// (shared).
func BenchmarkHydrate(b *testing.B) {
	page := hydratePage()
	noop := unit.Sync(func(any, *vdom.Event, unit.Ex) error { return nil })
	goSettings := &perk.EventSettings{Events: []perk.ElementEntry{{Name: "adds", RootNode: "button.add",
		Handlers: []perk.EventHandlers{{Event: "click", Handlers: []perk.HandlerInfo{{Handler: perk.MethodName("add")}}}}}}}
	ctx := context.Background()
	b.Run("parse", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			vdom.ParseString(page)
		}
	})
	for _, tc := range []struct {
		name     string
		settings any
	}{
		{"json", `{"events": {"adds": {"rootNode": "button.add", "handlers": {"click": "add"}}}}`},
		{"go", goSettings},
	} {
		defs := mustDefs(b, unit.Definition{Tag: "cart-line",
			Settings: unit.Settings{"event": tc.settings},
			Methods:  unit.Methods{"add": noop}})
		// The same units made by hand: what definitions add is the
		// difference.
		b.Run("parse+new+start/"+tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				doc := vdom.ParseString(page)
				els, err := doc.QuerySelectorAll("cart-line")
				if err != nil {
					b.Fatal(err)
				}
				for _, el := range els {
					u, err := unit.New(doc, el, unit.Options{Settings: unit.Settings{"event": tc.settings}, Methods: unit.Methods{"add": noop}})
					if err != nil {
						b.Fatal(err)
					}
					if err := u.Start(ctx); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
		b.Run("parse+attach/"+tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				doc := vdom.ParseString(page)
				if err := unit.Attach(ctx, doc, defs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
