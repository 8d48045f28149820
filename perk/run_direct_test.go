package perk_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// Handlers that finish at once run without a chain until one of them
// returns something to keep; these tests cover the hand-over to a chain
// in the middle of a run.

// TestPanicInPassiveHandler: a passive handler that panics stops its
// element's handlers with a PanicError, and the listeners after them can
// cancel the event: being passive does not outlive the handler.
func TestPanicInPassiveHandler(t *testing.T) {
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": [
			{"handler": "boom", "listenerOptions": {"passive": true}}, "after"]}}}}`),
		Methods: unit.Methods{
			"boom":  unit.Sync(func(any, *vdom.Event, unit.Ex) error { panic("boom") }),
			"after": unit.Sync(func(any, *vdom.Event, unit.Ex) error { t.Error("handler after the panic ran"); return nil }),
		},
	})
	var prevented bool
	h.el("save").AddEventListener("click", vdom.NewListener(func(e *vdom.Event) {
		e.PreventDefault()
		prevented = e.DefaultPrevented()
	}))
	notCancelled, err := perk.Dispatch(context.Background(), h.el("save"), vdom.NewEventWith("click", vdom.EventInit{Bubbles: true, Cancelable: true}))
	var pe *perk.PanicError
	if !errors.As(err, &pe) || pe.Value != "boom" {
		t.Fatalf("Dispatch: %v, want the handler's PanicError", err)
	}
	if !prevented || notCancelled {
		t.Errorf("the listener after the panicking passive handler: prevented %v, DispatchEvent %v; want prevented, false", prevented, notCancelled)
	}
}

// TestChainTakesOverMidRun: handlers before and after one that returns
// pending work run in order under trigger (the rest waits for the work) and
// under triggerSync (the rest does not), and an error after the hand-over
// stops the rest.
func TestChainTakesOverMidRun(t *testing.T) {
	for _, mode := range []string{"trigger", "triggerSync"} {
		t.Run(mode, func(t *testing.T) {
			log := &callLog{}
			var work *vdom.Promise
			methods := log.methods("a", "c", "e")
			methods["b"] = func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
				log.add("b")
				work = vdom.NewPromise()
				return work, nil
			}
			methods["d"] = unit.Sync(func(any, *vdom.Event, unit.Ex) error { log.add("d"); return errors.New("d failed") })
			h := startUnit(t, testPage, "app", unit.Options{
				Settings: eventSettings(onEntry("this", "go", byName("a"), byName("b"), byName("c"), byName("d"), byName("e"))),
				Methods:  methods,
			})
			ctx := context.Background()
			var err error
			if mode == "trigger" {
				// The work settles from a task, while trigger waits.
				h.doc.Post(func() { log.add("settle"); work.Resolve() })
				err = h.p.Trigger(ctx, "go", nil, nil)
			} else {
				err = h.p.TriggerSync(ctx, "go", nil, nil)
				log.add("returned")
				work.Resolve()
				if serr := h.settle(); serr != nil {
					t.Errorf("Settle: %v", serr)
				}
			}
			var he *perk.HandlerError
			if !errors.As(err, &he) || he.Handler != "d" {
				t.Errorf("%s: %v, want d's HandlerError", mode, err)
			}
			want := map[string][]string{
				"trigger":     {"a", "b", "settle", "c", "d"},
				"triggerSync": {"a", "b", "c", "d", "returned"},
			}[mode]
			if diff := cmp.Diff(want, log.take()); diff != "" {
				t.Errorf("calls (-want +got):\n%s", diff)
			}
		})
	}
}

// TestPanicMidRunNamesItsHandler: a handler that panics after others
// returned is the one the error names, with its order, and the handlers
// after it do not run; the next trigger runs them all again from the
// first.
func TestPanicMidRunNamesItsHandler(t *testing.T) {
	log := &callLog{}
	methods := log.methods("a", "b", "d")
	boom := true
	methods["c"] = unit.Sync(func(any, *vdom.Event, unit.Ex) error {
		log.add("c")
		if boom {
			panic("c exploded")
		}
		return nil
	})
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: eventSettings(onEntry("this", "go", ordered("a", 4), ordered("b", 3), ordered("c", 2), ordered("d", 1))),
		Methods:  methods,
	})
	err := h.p.TriggerSync(context.Background(), "go", nil, nil)
	var he *perk.HandlerError
	var pe *perk.PanicError
	if !errors.As(err, &he) || he.Handler != "c" || he.Order != 2 || !errors.As(err, &pe) || pe.Value != "c exploded" {
		t.Fatalf("TriggerSync: %v, want c's HandlerError (order 2) wrapping its PanicError", err)
	}
	if diff := cmp.Diff([]string{"a", "b", "c"}, log.take()); diff != "" {
		t.Errorf("calls (-want +got):\n%s", diff)
	}
	boom = false
	if err := h.p.TriggerSync(context.Background(), "go", nil, nil); err != nil {
		t.Fatalf("second TriggerSync: %v", err)
	}
	if diff := cmp.Diff([]string{"a", "b", "c", "d"}, log.take()); diff != "" {
		t.Errorf("calls of the second trigger (-want +got):\n%s", diff)
	}
}
