package userevent_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// A unit handler that an action sets off and that fails during the action
// fails the action: the action returns its error, and perk.Settle does not
// return it again. Work the handler leaves running reports to perk.Settle,
// as before; so does a failing handler of an event dispatched directly.
func TestActionReturnsUnitHandlerErrors(t *testing.T) {
	errInput := errors.New("input rejected")
	errLater := errors.New("saved too late")
	later := vdom.NewPromise()
	doc := vdom.ParseString(`<form id="app"><input id="name"><button id="save" type="button">Save</button></form>`)
	u, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{
		Settings: unit.Settings{"event": json.RawMessage(`{"events": {
			"name": {"handlers": {"input": "onInput"}},
			"save": {"handlers": {"click": "onSave"}}
		}}`)},
		Methods: unit.Methods{
			"onInput": unit.Sync(func(any, *vdom.Event, unit.Ex) error { return errInput }),
			"onSave": func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
				return later, nil
			},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := u.Start(ctx); err != nil {
		t.Fatal(err)
	}
	user := userevent.New(doc)
	name := doc.GetElementByID("name")

	err = user.Type(name, "ab")
	var herr *perk.HandlerError
	if !errors.Is(err, errInput) || !errors.As(err, &herr) || herr.Handler != "onInput" {
		t.Fatalf("Type: %v, want the onInput handler's error", err)
	}
	if name.Value() != "ab" {
		t.Errorf("value %q: the failing handler stopped the typing", name.Value())
	}
	if err := perk.Settle(ctx, doc); err != nil {
		t.Errorf("Settle after Type returned the errors again: %v", err)
	}

	// Work still running when the action returns reports to Settle.
	if err := user.Click(doc.GetElementByID("save")); err != nil {
		t.Fatalf("Click: %v, want nil while onSave's work runs", err)
	}
	later.Reject(errLater)
	if err := perk.Settle(ctx, doc); !errors.Is(err, errLater) {
		t.Errorf("Settle: %v, want onSave's work's error", err)
	}

	// A direct dispatch leaves the handlers' errors to Settle, as before.
	if _, err := name.DispatchEvent(vdom.NewEvent("input")); err != nil {
		t.Errorf("DispatchEvent: %v, want nil (the unit's error goes to Settle)", err)
	}
	if err := perk.Settle(ctx, doc); !errors.Is(err, errInput) {
		t.Errorf("Settle after DispatchEvent: %v, want onInput's error", err)
	}
}
