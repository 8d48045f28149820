package perk_test

// The README's unit example, as a user writes it in a test file of their
// own. TestDocsExamplesCompiled checks that the README shows this code.

import (
	"encoding/json"
	"testing"

	_ "github.com/eventperk/eventperk-go/perk" // EventPerk: the "event" settings need it
	"github.com/eventperk/eventperk-go/perk/perktest"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

func TestSave(t *testing.T) {
	ctx := t.Context()
	doc := vdom.ParseString(`<main id="app"><button id="save">Save</button>` +
		`<ul><li class="item">one</li></ul></main>`) // the server-rendered page
	u, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{
		Settings: unit.Settings{"event": json.RawMessage(`{"events": {
			"save":  {"handlers": {"click": "onSave"}},
			"items": {"rootNode": "li.item", "handlers": {"click": {"handler": "onItem", "order": 10}}}
		}}`)},
		Methods: unit.Methods{
			"onSave": unit.Sync(func(sender any, e *vdom.Event, ex unit.Ex) error { return nil }),
			"onItem": unit.Sync(func(sender any, e *vdom.Event, ex unit.Ex) error { return nil }),
		},
	})
	if err != nil {
		t.Fatal(err) // bad settings, or a section whose perk is not imported
	}
	rec := perktest.Record(doc)
	if err := u.Start(ctx); err != nil { // installs the handlers on the server-rendered HTML
		t.Fatal(err)
	}
	save := doc.GetElementByID("save")
	if err := u.Cast(ctx, "event.trigger", "click", map[string]any{"id": 7}, save); err != nil {
		t.Fatal(err) // the errors of the handlers trigger ran
	}
	rec.AssertCalls(t, "click #save onSave") // elements named as the eventperk trace names them, or any selector
}
