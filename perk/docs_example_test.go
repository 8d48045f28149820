package perk_test

// The Go examples of README.md, docs/ and the package documentation, as
// code that compiles and runs. TestDocsExamplesCompiled checks that every
// Go block of the docs appears in a Go file of the module, as here.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/perk/perktest"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// README.md, "A short example".
func readmeDelegation() error {
	doc := vdom.ParseString(`<ul id="items"><li><button class="remove">×</button></li></ul>`)
	items := doc.GetElementByID("items")

	// Event delegation: one listener on the list handles every button in it.
	items.AddEventListener("click", vdom.NewListener(func(e *vdom.Event) {
		btn := e.Target().(*vdom.Node)
		if btn.ClassList().Contains("remove") {
			btn.ParentNode().Remove() // its <li>
		}
	}))

	btn := items.MustQuerySelector("button.remove") // panics if nothing matches
	if _, err := btn.DispatchEvent(vdom.NewEventWith("click", vdom.EventInit{Bubbles: true})); err != nil {
		return err // a listener panicked
	}
	fmt.Println(items.OuterHTML()) // <ul id="items"></ul>
	return nil
}

func Example_readmeDelegation() {
	if err := readmeDelegation(); err != nil {
		fmt.Println(err)
	}
	// Output: <ul id="items"></ul>
}

// vdom's package documentation.
func vdomPackageDoc() error {
	doc := vdom.ParseString(`<button id="save">Save</button>`)
	btn := doc.GetElementByID("save")
	btn.AddEventListener("click", vdom.NewListener(func(e *vdom.Event) {
		fmt.Println("clicked", e.Target())
	}))
	if _, err := btn.DispatchEvent(vdom.NewEventWith("click", vdom.EventInit{Bubbles: true})); err != nil {
		return err // a listener panicked
	}
	return nil
}

func Example_vdomPackageDoc() {
	if err := vdomPackageDoc(); err != nil {
		fmt.Println(err)
	}
	// Output: clicked button#save
}

// perk's package documentation.
func perkPackageDoc(ctx context.Context, doc *vdom.Document) error {
	u, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{
		Settings: unit.Settings{"event": &perk.EventSettings{Events: []perk.ElementEntry{
			{Name: "save", Handlers: []perk.EventHandlers{
				{Event: "click", Handlers: []perk.HandlerInfo{{Handler: perk.MethodName("onSave")}}},
			}},
		}}},
		Methods: unit.Methods{"onSave": unit.Sync(func(sender any, e *vdom.Event, ex unit.Ex) error {
			return nil
		})},
	})
	if err != nil {
		return err // invalid settings, a section without its perk
	}
	if err := u.Start(ctx); err != nil { // doApplySettings installs the handlers
		return err
	}
	return u.Cast(ctx, "event.trigger", "click", nil, doc.GetElementByID("save"))
}

func TestPerkPackageDoc(t *testing.T) {
	doc := vdom.ParseString(`<main id="app"><button id="save">Save</button></main>`)
	if err := perkPackageDoc(t.Context(), doc); err != nil {
		t.Fatal(err)
	}
}

// docs/eventperk.md, "Units in one minute".
func unitsInOneMinute(ctx context.Context, resp *http.Response, settingsJSON json.RawMessage) error {
	doc, err := vdom.Parse(resp.Body) // a server-rendered page
	if err != nil {
		return err
	}
	u, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{
		Settings: unit.Settings{"event": settingsJSON}, // or *perk.EventSettings
		Methods: unit.Methods{
			"onSave": unit.Sync(func(sender any, e *vdom.Event, ex unit.Ex) error {
				// sender: the element; e.Detail(): the trigger options
				return nil
			}),
		},
	})
	if err != nil {
		return err // invalid settings, a section without its perk
	}
	if err := u.Start(ctx); err != nil { // installs the handlers (hydration)
		return err
	}
	save := doc.GetElementByID("save")
	if _, err := perk.Dispatch(ctx, save, vdom.NewEventWith("click", vdom.EventInit{Bubbles: true})); err != nil {
		return err // the errors of the listeners and unit handlers the click ran
	}
	return u.Cast(ctx, "event.trigger", "saved", map[string]any{"id": 7}, save)
}

func TestUnitsInOneMinute(t *testing.T) {
	resp := &http.Response{Body: io.NopCloser(strings.NewReader(`<main id="app"><button id="save">Save</button></main>`))}
	settings := json.RawMessage(`{"events": {"save": {"handlers": {"click": "onSave"}}}}`)
	if err := unitsInOneMinute(t.Context(), resp, settings); err != nil {
		t.Fatal(err)
	}
	// An error comes back from the call that ran the handler.
	resp = &http.Response{Body: io.NopCloser(strings.NewReader(`<main id="app"><button id="save">Save</button></main>`))}
	settings = json.RawMessage(`{"events": {"save": {"handlers": {"click": "onMissing"}}}}`)
	if err := unitsInOneMinute(t.Context(), resp, settings); !strings.Contains(fmt.Sprint(err), "onMissing") {
		t.Errorf("error %v, want the missing handler named", err)
	}
}

// docs/eventperk.md, "Go".
func goSettings() *perk.EventSettings {
	logClick := perk.NewFunc("logClick", unit.Sync(func(sender any, e *vdom.Event, ex unit.Ex) error { return nil }))
	settings := &perk.EventSettings{Events: []perk.ElementEntry{
		{Name: "save", Handlers: []perk.EventHandlers{
			{Event: "click", Handlers: []perk.HandlerInfo{
				{Handler: perk.MethodName("onSave"), Order: 10, Options: map[string]any{"confirm": true}},
				{Handler: logClick}, // a *perk.Func from perk.NewFunc
			}},
		}},
		{Name: "items", RootNode: "li.item", Handlers: []perk.EventHandlers{
			{Event: "click", Handlers: []perk.HandlerInfo{{
				Handler:         perk.MethodName("onItem"),
				ListenerOptions: &perk.ListenerOptions{Capture: true},
			}}},
		}},
	}}
	return settings
}

func TestGoSettings(t *testing.T) {
	if err := goSettings().Validate(); err != nil {
		t.Fatal(err)
	}
}

// docs/eventperk.md, "Tracing".
func TestTracing(t *testing.T) {
	ctx := t.Context()
	doc := vdom.ParseString(`<main id="app"><button id="save">Save</button></main>`)
	u, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{
		Settings: unit.Settings{"event": `{"events": {
			"save": {"handlers": {"click": "onSave"}},
			"this": {"handlers": {"saved": "refreshList"}}}}`},
		Methods: unit.Methods{
			"onSave": func(ctx context.Context, _ any, _ *vdom.Event, ex unit.Ex) (vdom.Awaitable, error) {
				return nil, ex.Unit.Cast(ctx, "event.trigger", "saved")
			},
			"refreshList": unit.Sync(func(any, *vdom.Event, unit.Ex) error { return nil }),
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := u.Start(ctx); err != nil {
		t.Fatal(err)
	}
	click := vdom.NewEventWith("click", vdom.EventInit{Bubbles: true})

	rec := perktest.Record(doc)
	if _, err := perk.Dispatch(ctx, doc.GetElementByID("save"), click); err != nil {
		t.Fatal(err)
	}
	rec.AssertCalls(t,
		"click #save onSave",
		"saved #app refreshList",
	)
}
