package perk_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// TestReusedChainsKeepDeferredWork: EventPerk reuses the chains of finished
// runs. A chain whose handler left work under triggerSync must not be
// reused while the work is pending: when the work fails later, Settle's
// error names the event and handler of that chain, not of whatever
// trigger ran since.
func TestReusedChainsKeepDeferredWork(t *testing.T) {
	log := &callLog{}
	slow := vdom.NewPromise()
	methods := log.methods("a1", "a2", "b1", "b2")
	methods["later"] = func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
		log.add("later")
		return slow, nil
	}
	h := startUnit(t, testPage, "app", unit.Options{
		Methods: methods,
		Settings: eventSettings(
			perk.ElementEntry{Name: "this", Handlers: []perk.EventHandlers{
				{Event: "deferring", Handlers: []perk.HandlerInfo{byName("later"), byName("a1")}},
				{Event: "plain", Handlers: []perk.HandlerInfo{byName("b1"), byName("b2")}},
			}},
			onEntry("save", "click", byName("a2")),
		),
	})
	ctx := context.Background()
	if err := h.p.TriggerSync(ctx, "deferring", nil, nil); err != nil {
		t.Fatalf("TriggerSync: %v", err)
	}
	// Runs that finish at once, which reuse chains, in both modes and
	// from a dispatched click.
	for i := range 5 {
		if err := h.p.Trigger(ctx, "plain", nil, nil); err != nil {
			t.Fatalf("Trigger %d: %v", i, err)
		}
		if err := h.p.TriggerSync(ctx, "plain", nil, nil); err != nil {
			t.Fatalf("TriggerSync %d: %v", i, err)
		}
		h.click("save")
	}
	want := []string{"later", "a1"}
	for range 5 {
		want = append(want, "b1", "b2", "b1", "b2", "a2")
	}
	log.assert(t, want...)

	boom := errors.New("boom")
	slow.Reject(boom)
	err := h.settle()
	var he *perk.HandlerError
	if !errors.As(err, &he) || !errors.Is(err, boom) {
		t.Fatalf("Settle = %v, want a *perk.HandlerError wrapping boom", err)
	}
	if he.Event != "deferring" || he.Handler != "later" {
		t.Errorf("Settle's error names event %q, handler %q; want deferring, later (%v)", he.Event, he.Handler, err)
	}
}

// TestReusedChainsInNestedTriggers: a handler that triggers again, to a few
// levels, with a failing handler at the bottom; every level's chain is
// reused for the next round, and each round runs the same handlers in the
// same order and reports the same error.
func TestReusedChainsInNestedTriggers(t *testing.T) {
	log := &callLog{}
	var h *harness
	methods := unit.Methods{}
	for level := range 4 {
		name := fmt.Sprintf("level%d", level)
		methods[name] = unit.Sync(func(_ any, e *vdom.Event, _ unit.Ex) error {
			log.add(name)
			if level == 3 {
				return errors.New("bottom")
			}
			return h.p.TriggerSync(context.Background(), fmt.Sprintf("ev%d", level+1), nil, nil)
		})
	}
	this := perk.ElementEntry{Name: "this"}
	for level := range 4 {
		this.Handlers = append(this.Handlers, perk.EventHandlers{
			Event: fmt.Sprintf("ev%d", level), Handlers: []perk.HandlerInfo{byName(fmt.Sprintf("level%d", level))},
		})
	}
	h = startUnit(t, testPage, "app", unit.Options{Methods: methods, Settings: eventSettings(this)})
	for round := range 3 {
		err := h.p.Trigger(context.Background(), "ev0", nil, nil)
		var he *perk.HandlerError
		if !errors.As(err, &he) {
			t.Fatalf("round %d: Trigger = %v, want a *perk.HandlerError", round, err)
		}
		// The outermost error is the first handler's, wrapping the
		// levels below down to the failing one.
		if he.Event != "ev0" || he.Handler != "level0" {
			t.Errorf("round %d: error names %s/%s, want ev0/level0: %v", round, he.Event, he.Handler, err)
		}
		log.assert(t, "level0", "level1", "level2", "level3")
	}
}
