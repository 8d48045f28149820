package perk

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// fire skips the DOM's no-op check when listensAt finds the perk's own
// listener installed for the event. The unit's root keeps its handler
// lists apart from the other elements' (rootLists), and listensAt must
// look there too: it once looked only at the other elements', so every
// trigger on a root paid for the check.
func TestListensAtFindsHandlersOnRootAndElements(t *testing.T) {
	doc := vdom.ParseString(`<section id="root"><button id="b">x</button></section>`)
	root := doc.GetElementByID("root")
	noop := unit.Sync(func(any, *vdom.Event, unit.Ex) error { return nil })
	u, err := unit.New(doc, root, unit.Options{
		Settings: unit.Settings{"event": &EventSettings{Events: []ElementEntry{
			{Name: "this", Handlers: []EventHandlers{{Event: "refresh", Handlers: []HandlerInfo{{Handler: MethodName("h")}}}}},
			{Name: "b", Handlers: []EventHandlers{{Event: "click", Handlers: []HandlerInfo{{Handler: MethodName("h")}}}}},
		}}},
		Methods: unit.Methods{"h": noop},
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := u.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	p, err := Events(u)
	if err != nil {
		t.Fatal(err)
	}
	type ask struct {
		el    string
		event string
	}
	got := map[ask]bool{}
	for _, a := range []ask{{"root", "refresh"}, {"root", "click"}, {"b", "click"}, {"b", "refresh"}} {
		got[a] = p.listensAt(doc.GetElementByID(a.el), a.event)
	}
	want := map[ask]bool{{"root", "refresh"}: true, {"root", "click"}: false, {"b", "click"}: true, {"b", "refresh"}: false}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("listensAt mismatch (-want +got):\n%s", diff)
	}
}
