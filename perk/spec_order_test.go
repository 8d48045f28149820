package perk_test

import (
	"context"
	"testing"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// §2.3 order and §6.2 rule 2.

func TestSpec2_3_Order_HigherRunsEarlier(t *testing.T) {
	for _, tc := range []struct {
		name     string
		handlers []perk.HandlerInfo
		want     []string
	}{
		{"ascending declared", []perk.HandlerInfo{ordered("a", 1), ordered("b", 2), ordered("c", 3)}, []string{"c", "b", "a"}},
		{"descending declared", []perk.HandlerInfo{ordered("a", 3), ordered("b", 2), ordered("c", 1)}, []string{"a", "b", "c"}},
		{"negative", []perk.HandlerInfo{ordered("a", -5), ordered("b", -1), ordered("c", -10)}, []string{"b", "a", "c"}},
		{"large", []perk.HandlerInfo{ordered("a", 1000), ordered("b", 1<<30), ordered("c", -(1 << 30))}, []string{"b", "a", "c"}},
		{"mixed", []perk.HandlerInfo{ordered("a", 0), ordered("b", 10), ordered("c", -10), ordered("d", 5)}, []string{"b", "d", "a", "c"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			log := &callLog{}
			h := startUnit(t, testPage, "app", unit.Options{
				Settings: eventSettings(onEntry("save", "click", tc.handlers...)),
				Methods:  log.methods("a", "b", "c", "d"),
			})
			if err := h.trigger("click", nil, "save"); err != nil {
				t.Fatal(err)
			}
			log.assert(t, tc.want...)
		})
	}
}

// Spec: 2.3 order
func TestSpec2_3_Order_DefaultIsZero(t *testing.T) {
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": [
			{"handler": "minus", "order": -1}, "plain", {"handler": "zero", "order": 0}, {"handler": "plus", "order": 1}
		]}}}}`),
		Methods: log.methods("minus", "plain", "zero", "plus"),
	})
	if err := h.trigger("click", nil, "save"); err != nil {
		t.Fatal(err)
	}
	log.assert(t, "plus", "plain", "zero", "minus")
}

func TestSpec2_3_Order_TiesRunInInstallationOrder(t *testing.T) {
	log := &callLog{}
	f := log.fn("f")
	h := startUnit(t, testPage, "app", unit.Options{
		// Entries and events keep their order in the settings; the unit's
		// "this" entry comes after the element entries here.
		Settings: jsonSettings(`{"events": {
			"save": {"handlers": {"click": ["s1", "s2"]}},
			"items": {"rootNode": "#save", "handlers": {"click": ["r1", {"handler": "r0", "order": 0}]}}
		}}`),
		Methods: log.methods("s1", "s2", "r1", "r0", "late1", "late2"),
	})
	for _, args := range [][]any{{"click", "late1", h.el("save")}, {"click", []any{f, "late2"}, h.el("save")}} {
		if err := h.u.Use(context.Background(), "event.add", args...); err != nil {
			t.Fatal(err)
		}
	}
	for range 2 { // stable across runs
		if err := h.trigger("click", nil, "save"); err != nil {
			t.Fatal(err)
		}
		log.assert(t, "s1", "s2", "r1", "r0", "late1", "f", "late2")
	}
}

// A handler added later with a higher order runs before those installed
// earlier: the order holds across settings, add and every element entry
// that reaches the element.
func TestSpec2_3_Order_AcrossSettingsAndAdd(t *testing.T) {
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {
			"save": {"handlers": {"click": [{"handler": "settings5", "order": 5}, "settings0"]}},
			"buttons": {"rootNode": "button", "handlers": {"click": {"handler": "selected3", "order": 3}}}
		}}`),
		Methods: log.methods("settings5", "settings0", "selected3", "added9", "added0", "addedMinus"),
	})
	for _, hi := range []perk.HandlerInfo{ordered("added9", 9), ordered("added0", 0), ordered("addedMinus", -1)} {
		if err := h.p.Add("click", []perk.HandlerInfo{hi}, h.el("save"), nil); err != nil {
			t.Fatal(err)
		}
	}
	h.click("save") // dispatched: the same list
	if err := h.settle(); err != nil {
		t.Fatal(err)
	}
	log.assert(t, "added9", "settings5", "selected3", "settings0", "added0", "addedMinus")
}

// EventPerk's own lifecycle handlers are in the same lists: a handler for
// doApplySettings with a higher order runs before the perk's handler (and
// so before the settings' handlers exist), one with a lower order after it.
func TestSpec2_3_Order_PerkLifecycleHandlersShareTheList(t *testing.T) {
	log := &callLog{}
	h := newUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": "onSave"}}}}`),
		Methods:  log.methods("onSave"),
	})
	rec := h.record()
	rec.IncludePerk = true
	ctx := context.Background()
	// Attach EventPerk before Start, so handlers can be added first; Start
	// then finds it attached and does not attach another.
	if err := h.u.Attach(ctx, perk.NewEventPerk()); err != nil {
		t.Fatal(err)
	}
	saveHas := func(label string) unit.Method {
		return unit.Sync(func(_ any, _ *vdom.Event, _ unit.Ex) error {
			// Is the settings' click handler on #save yet? Fire and see.
			log.add(label)
			return eventsOf(t, h.u).TriggerSync(ctx, "click", nil, h.el("save"))
		})
	}
	if err := h.u.Use(ctx, "event.add", "doApplySettings", []perk.HandlerInfo{
		{Handler: perk.NewFunc("early", saveHas("early")), Order: 1},
		{Handler: perk.NewFunc("late", saveHas("late")), Order: -1},
	}); err != nil {
		t.Fatal(err)
	}
	if err := h.u.Start(ctx); err != nil {
		t.Fatal(err)
	}
	var calls []string
	for _, c := range rec.Calls() {
		if len(c) > len("doApplySettings") && c[:len("doApplySettings")] == "doApplySettings" {
			calls = append(calls, c)
		}
	}
	log.assert(t, "early", "late", "onSave")
	rec.Reset()
	if len(calls) != 3 || calls[0] != "doApplySettings #app early" ||
		calls[1] != "doApplySettings #app EventPerk.doApplySettings" || calls[2] != "doApplySettings #app late" {
		t.Errorf("doApplySettings calls = %q, want early, EventPerk.doApplySettings, late", calls)
	}
	if len(h.u.Perks()) != 1 {
		t.Errorf("perks: %d, want 1", len(h.u.Perks()))
	}
}

func TestSpec6_2_Rule2_DescendingOrderOnEveryPath(t *testing.T) {
	handlers := []perk.HandlerInfo{ordered("low", -1), byName("mid"), ordered("high", 1)}
	want := []string{"high", "mid", "low"}
	for _, tc := range []struct {
		name string
		fire func(h *harness) error
	}{
		{"trigger", func(h *harness) error { return h.trigger("click", nil, "save") }},
		{"triggerSync", func(h *harness) error {
			return h.u.Use(context.Background(), "event.triggerSync", "click", nil, h.el("save"))
		}},
		{"dispatch", func(h *harness) error { h.click("save"); return h.settle() }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			log := &callLog{}
			h := startUnit(t, testPage, "app", unit.Options{
				Settings: eventSettings(onEntry("save", "click", handlers...)),
				Methods:  log.methods("low", "mid", "high"),
			})
			if err := tc.fire(h); err != nil {
				t.Fatal(err)
			}
			log.assert(t, want...)
		})
	}
}
