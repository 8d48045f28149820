package unit_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// Counter is the Go value behind each <click-counter> unit.
type Counter struct{ clicks int }

// A unit kind is defined once for a tag name; every element with that name
// becomes a unit and starts, those in the parsed page at Attach and those
// inserted later as they come in, and stops when its element leaves.
func ExampleAttach() {
	defs, err := unit.NewDefinitions(unit.Definition{
		Tag:      "click-counter",
		Settings: unit.Settings{"event": `{"events": {"this": {"handlers": {"click": "count"}}}}`},
		New: func(u *unit.Unit) (any, error) {
			c := &Counter{}
			u.SetMethod("count", unit.Sync(func(any, *vdom.Event, unit.Ex) error {
				c.clicks++
				return nil
			}))
			return c, nil
		},
	})
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	doc := vdom.ParseString(`<main id="app"><click-counter id="a"></click-counter></main>`)
	if err := unit.Attach(ctx, doc, defs); err != nil {
		panic(err)
	}
	// Inserted later: upgraded before InsertAdjacentHTML returns.
	if err := doc.GetElementByID("app").InsertAdjacentHTML(vdom.BeforeEnd, `<click-counter id="b"></click-counter>`); err != nil {
		panic(err)
	}
	for _, id := range []string{"a", "b", "b"} {
		if _, err := perk.Dispatch(ctx, doc.GetElementByID(id), vdom.NewEvent("click")); err != nil {
			panic(err)
		}
	}
	for _, u := range unit.Units(doc) {
		fmt.Printf("%s %s: %d clicks\n", u.Kind(), u.Root(), u.Instance().(*Counter).clicks)
	}
	a, _ := unit.FromElement(doc.GetElementByID("a"))
	doc.GetElementByID("a").Remove()
	fmt.Println("a started after removal:", a.Started(), "units:", len(unit.Units(doc)))
	// Output:
	// click-counter click-counter#a: 1 clicks
	// click-counter click-counter#b: 2 clicks
	// a started after removal: false units: 1
}

// A kind defined after the page was attached reaches the elements already
// there through a task of each document: here, the next RunTasks.
func ExampleDefinitions_Define() {
	defs, _ := unit.NewDefinitions()
	doc := vdom.ParseString(`<div data-unit="cart" id="cart"></div>`)
	if err := unit.Attach(context.Background(), doc, defs); err != nil {
		panic(err)
	}
	if err := defs.Define(unit.Definition{Selector: "[data-unit=cart]"}); err != nil {
		panic(err)
	}
	_, before := unit.FromElement(doc.GetElementByID("cart"))
	if _, err := doc.RunTasks(); err != nil {
		panic(err)
	}
	u, after := unit.FromElement(doc.GetElementByID("cart"))
	fmt.Println(before, after, u.Kind(), u.Started())
	fmt.Println(errors.Is(defs.Define(unit.Definition{Tag: "Cart"}), unit.ErrBadDefinition))
	// Output:
	// false true [data-unit=cart] true
	// true
}

// Upgrade makes the units of a new definition at once, and returns their
// errors.
func ExampleDefinitions_Upgrade() {
	defs, _ := unit.NewDefinitions()
	doc := vdom.ParseString(`<user-card id="u"></user-card>`)
	ctx := context.Background()
	if err := unit.Attach(ctx, doc, defs); err != nil {
		panic(err)
	}
	if err := defs.Define(unit.Definition{Tag: "user-card"}); err != nil {
		panic(err)
	}
	if err := defs.Upgrade(ctx, doc); err != nil {
		panic(err)
	}
	u, ok := unit.FromElement(doc.GetElementByID("u"))
	fmt.Println(ok, u.Started(), defs.Names())
	// Output:
	// true true [user-card]
}

// A unit that fails to start is reported with its element, and leaves the
// others alone.
func ExampleUpgradeError() {
	defs, _ := unit.NewDefinitions(
		unit.Definition{Tag: "good-box"},
		unit.Definition{Tag: "bad-box", New: func(*unit.Unit) (any, error) {
			return nil, errors.New("no data")
		}},
	)
	doc := vdom.ParseString(`<bad-box id="b"></bad-box><good-box id="g"></good-box>`)
	err := unit.Attach(context.Background(), doc, defs)
	var ue *unit.UpgradeError
	if errors.As(err, &ue) {
		fmt.Println(ue.Kind, ue.Element, ue.Op)
	}
	fmt.Println(err)
	for _, u := range unit.Units(doc) {
		fmt.Println(u, u.Started())
	}
	// Output:
	// bad-box bad-box#b new
	// unit: new bad-box on bad-box#b: no data
	// good-box#g true
}
