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

// BenchmarkAttachParsed attaches definitions to a page parsed beforehand,
// so that it times the making and starting of the 20 units alone: bare
// units (no perks), units with EventPerk and no settings (what every unit
// gets once package perk is imported), and units whose settings wire a
// click. Each definition's New reads and writes an attribute, as a small
// unit does. The pages are parsed in batches with the timer stopped.
func BenchmarkAttachParsed(b *testing.B) {
	page := hydratePage()
	ctx := context.Background()
	noop := unit.Sync(func(any, *vdom.Event, unit.Ex) error { return nil })
	newFn := func(u *unit.Unit) (any, error) {
		sku, _ := u.Root().GetAttribute("data-sku")
		u.Root().SetAttribute("data-ready", sku)
		return nil, nil
	}
	settings := &perk.EventSettings{Events: []perk.ElementEntry{{Name: "adds", RootNode: "button.add",
		Handlers: []perk.EventHandlers{{Event: "click", Handlers: []perk.HandlerInfo{{Handler: perk.MethodName("add")}}}}}}}
	for _, tc := range []struct {
		name string
		def  unit.Definition
	}{
		{"bare", unit.Definition{Tag: "cart-line", Perks: nothing{}, New: newFn}},
		{"eventperk", unit.Definition{Tag: "cart-line", Perks: perk.Default, New: newFn}},
		{"eventperk+settings", unit.Definition{Tag: "cart-line", Perks: perk.Default, New: newFn,
			Settings: unit.Settings{"event": settings}, Methods: unit.Methods{"add": noop}}},
	} {
		defs := mustDefs(b, tc.def)
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			var docs []*vdom.Document
			for b.Loop() {
				if len(docs) == 0 {
					b.StopTimer()
					docs = make([]*vdom.Document, 256)
					for i := range docs {
						docs[i] = vdom.ParseString(page)
					}
					b.StartTimer()
				}
				doc := docs[len(docs)-1]
				docs = docs[:len(docs)-1]
				if err := unit.Attach(ctx, doc, defs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// nothing is a PerkSource that equips units with nothing, and records
// nothing (as noPerks does, which would grow with every unit).
type nothing struct{}

func (nothing) PerksFor([]string) ([]unit.Perk, error) { return nil, nil }
