package unit_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/perk/perktest"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// A unit renders its HTML during Start and runs the handlers its settings
// declare; Stop fires the stop events and removes them.
func ExampleUnit_Start() {
	doc := vdom.ParseString(`<main id="app"></main>`)
	html := `<button id="save">Save</button>`
	log := unit.Sync(func(_ any, e *vdom.Event, ex unit.Ex) error {
		fmt.Printf("%s on %s (%d children)\n", e.Type(), ex.Element, ex.Element.ChildElementCount())
		return nil
	})
	u, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{
		Name: "app",
		HTML: &html,
		Settings: unit.Settings{"event": `{"events": {
			"this": {"handlers": {"beforeTransform": "log", "afterTransform": "log", "afterReady": "log", "doStop": "log"}},
			"save": {"handlers": {"click": "log"}}
		}}`},
		Methods: unit.Methods{"log": log},
	})
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	if err := u.Start(ctx); err != nil {
		panic(err)
	}
	if err := u.Cast(ctx, "event.trigger", "click", nil, doc.GetElementByID("save")); err != nil {
		panic(err)
	}
	if err := u.Stop(ctx); err != nil {
		panic(err)
	}
	fmt.Println(errors.Is(u.Stop(ctx), unit.ErrStopped))
	// Output:
	// beforeTransform on main#app (0 children)
	// afterTransform on main#app (1 children)
	// afterReady on main#app (1 children)
	// click on button#save (0 children)
	// doStop on main#app (1 children)
	// true
}

// Select finds elements inside the unit; nested units keep theirs unless
// Penetrate is given.
func ExampleUnit_Select() {
	doc := vdom.ParseString(`<div class="page"><main id="app">` +
		`<p class="note" id="n1"></p>` +
		`<section id="widget"><p class="note" id="n2"></p></section>` +
		`</main></div>`)
	app, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{})
	if err != nil {
		panic(err)
	}
	if _, err := unit.New(doc, doc.GetElementByID("widget"), unit.Options{}); err != nil {
		panic(err)
	}
	show := func(sel string, opts ...unit.SelectOption) {
		els, err := app.Select(sel, opts...)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-12q %v\n", sel, els)
	}
	show(".note")
	show(".note", unit.Penetrate())
	show("section")
	show(".page .note") // .page is outside the unit
	// Output:
	// ".note"      [p#n1]
	// ".note"      [p#n1 p#n2]
	// "section"    [section#widget]
	// ".page .note" []
}

// Of finds the unit an element belongs to.
func ExampleOf() {
	doc := vdom.ParseString(`<main id="app"><section id="widget"><button id="b"></button></section></main>`)
	if _, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{Name: "app"}); err != nil {
		panic(err)
	}
	if _, err := unit.New(doc, doc.GetElementByID("widget"), unit.Options{Name: "widget"}); err != nil {
		panic(err)
	}
	u, _ := unit.Of(doc.GetElementByID("b"))
	fmt.Println(u.Name())
	_, err := unit.New(doc, doc.GetElementByID("widget"), unit.Options{})
	fmt.Println(errors.Is(err, unit.ErrUnitExists))
	// Output:
	// widget
	// true
}

// A tracer sees every handler call of a document, in order.
func ExampleSetTracer() {
	doc := vdom.ParseString(`<main id="app"></main>`)
	rec := perktest.Record(doc) // calls unit.SetTracer(doc, rec)
	u, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{})
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	if err := u.Attach(ctx, perk.NewEventPerk()); err != nil {
		panic(err)
	}
	seen := perk.NewFunc("seen", unit.Sync(func(any, *vdom.Event, unit.Ex) error { return nil }))
	for _, ev := range unit.StartEvents {
		if err := u.Use(ctx, "event.add", ev, seen); err != nil {
			panic(err)
		}
	}
	if err := u.Start(ctx); err != nil {
		panic(err)
	}
	for _, c := range rec.Calls() {
		fmt.Println(c)
	}
	// Output:
	// beforeApplySettings #app seen
	// doApplySettings #app seen
	// afterApplySettings #app seen
	// beforeStart #app seen
	// beforeTransform #app seen
	// doTransform #app seen
	// afterTransform #app seen
	// doStart #app seen
	// afterStart #app seen
	// afterReady #app seen
}

// UnitsVersion tells a cache built from a document's units whether it is
// still good: it changes when a unit is made or stopped.
func ExampleUnitsVersion() {
	doc := vdom.ParseString(`<main id="app"><section id="widget"></section></main>`)
	before := unit.UnitsVersion(doc)
	u, err := unit.New(doc, doc.GetElementByID("widget"), unit.Options{Name: "widget"})
	if err != nil {
		panic(err)
	}
	made := unit.UnitsVersion(doc)
	fmt.Println(made != before, unit.UnitsVersion(doc) == made)
	if err := u.Stop(context.Background()); err != nil {
		panic(err)
	}
	fmt.Println(unit.UnitsVersion(doc) != made)
	// Output:
	// true true
	// true
}
