package perk_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// failing returns a method that fails with err at once, or, with later,
// through work that fails on another goroutine.
func failing(err error, later bool) unit.Method {
	return func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
		if !later {
			return nil, err
		}
		pr := vdom.NewPromise()
		time.AfterFunc(time.Millisecond, func() { pr.Reject(err) })
		return pr, nil
	}
}

func clickEvent() *vdom.Event {
	return vdom.NewEventWith("click", vdom.EventInit{Bubbles: true, Cancelable: true})
}

// handlerNames lists the handlers of the *perk.HandlerErrors in err.
func handlerNames(err error) []string {
	var out []string
	var walk func(error)
	walk = func(err error) {
		var he *perk.HandlerError
		if h, ok := err.(*perk.HandlerError); ok {
			out = append(out, h.Handler)
			return
		}
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			for _, e := range j.Unwrap() {
				walk(e)
			}
			return
		}
		if errors.As(err, &he) {
			out = append(out, he.Handler)
		}
	}
	if err != nil {
		walk(err)
	}
	return out
}

func TestDispatchReturnsUnitHandlerErrors(t *testing.T) {
	now, later := errors.New("fails now"), errors.New("fails later")
	for _, tc := range []struct {
		name string
		m    unit.Method
		want error
	}{
		{"a handler that fails", failing(now, false), now},
		{"work that fails later", failing(later, true), later},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := startUnit(t, testPage, "app", unit.Options{
				Methods:  unit.Methods{"onSave": tc.m},
				Settings: eventSettings(onEntry("save", "click", byName("onSave"))),
			})
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			ok, err := perk.Dispatch(ctx, h.el("save"), clickEvent())
			if !ok {
				t.Error("Dispatch reported a cancelled event")
			}
			if !errors.Is(err, tc.want) {
				t.Fatalf("Dispatch: %v, want the handler's error", err)
			}
			if diff := cmp.Diff([]string{"onSave"}, handlerNames(err)); diff != "" {
				t.Errorf("handlers in the error mismatch (-want +got):\n%s", diff)
			}
			// Returned once: nothing is left for Settle.
			if err := perk.Settle(ctx, h.doc); err != nil {
				t.Errorf("Settle after Dispatch: %v", err)
			}
		})
	}
}

// Dispatch returns the errors of its own dispatch; those of an earlier
// DispatchEvent stay for Settle, which collects them for the whole
// document, every unit.
func TestDispatchAndSettleKeepErrorsApart(t *testing.T) {
	first, second, other := errors.New("first"), errors.New("second"), errors.New("other unit")
	n := 0
	page := testPage + `<section id="side"><button id="go">Go</button></section>`
	h := startUnit(t, page, "app", unit.Options{
		Methods: unit.Methods{"onSave": func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
			n++
			if n == 1 {
				return nil, first
			}
			return nil, second
		}},
		Settings: eventSettings(onEntry("save", "click", byName("onSave"))),
	})
	side, err := unit.New(h.doc, h.doc.GetElementByID("side"), unit.Options{
		Methods:  unit.Methods{"onGo": failing(other, true)},
		Settings: eventSettings(onEntry("go", "click", byName("onGo"))),
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := side.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer stopQuietly(t, side)

	// A plain DispatchEvent returns nil: the unit handler's error waits.
	if _, err := h.el("save").DispatchEvent(clickEvent()); err != nil {
		t.Fatalf("DispatchEvent: %v", err)
	}
	if _, err := h.el("go").DispatchEvent(clickEvent()); err != nil {
		t.Fatalf("DispatchEvent: %v", err)
	}
	_, err = perk.Dispatch(ctx, h.el("save"), clickEvent())
	if !errors.Is(err, second) || errors.Is(err, first) || errors.Is(err, other) {
		t.Errorf("Dispatch: %v, want only the error of its own dispatch", err)
	}
	err = perk.Settle(ctx, h.doc)
	if !errors.Is(err, first) || !errors.Is(err, other) || errors.Is(err, second) {
		t.Errorf("Settle: %v, want the earlier errors of both units", err)
	}
}
