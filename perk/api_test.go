package perk_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

type ctxKey struct{}

// Use("event.triggerSync") passes its context to the handlers it calls.
func TestUseTriggerSyncPassesContext(t *testing.T) {
	var got []any
	h := startUnit(t, testPage, "app", unit.Options{
		Methods: unit.Methods{"onPing": func(ctx context.Context, _ any, _ *vdom.Event, _ unit.Ex) (vdom.Awaitable, error) {
			got = append(got, ctx.Value(ctxKey{}))
			return nil, nil
		}},
		Settings: eventSettings(onEntry("this", "ping", byName("onPing"))),
	})
	ctx := context.WithValue(context.Background(), ctxKey{}, "from Use")
	if err := h.u.Use(ctx, "event.triggerSync", "ping"); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]any{"from Use"}, got); diff != "" {
		t.Errorf("context values seen by the handler mismatch (-want +got):\n%s", diff)
	}
}

// Skills, spells and perk.Events exist from Start: before it, the errors
// say so.
func TestBeforeStartErrorsSaySo(t *testing.T) {
	h := newUnit(t, testPage, "app", unit.Options{})
	ctx := context.Background()
	for name, err := range map[string]error{
		"Use":  h.u.Use(ctx, "event.add", "click", "onSave"),
		"Cast": h.u.Cast(ctx, "event.trigger", "click"),
		"Events": func() error {
			_, err := perk.Events(h.u)
			return err
		}(),
	} {
		if err == nil || !strings.Contains(err.Error(), "Start") {
			t.Errorf("%s before Start: %v, want an error that says perks attach at Start", name, err)
		}
	}
	h.start()
	if err := h.u.Use(ctx, "event.add", "click", "onSave"); err != nil {
		t.Errorf("Use after Start: %v", err)
	}
}

// A settings error names the unit once.
func TestSettingsErrorNamesUnitOnce(t *testing.T) {
	h := newUnit(t, testPage, "app", unit.Options{
		Name:     "main#app",
		Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": {"hanlder": "onSave"}}}}}`),
	})
	err := h.u.Start(context.Background())
	if !errors.Is(err, perk.ErrInvalidSettings) {
		t.Fatalf("Start: %v, want ErrInvalidSettings", err)
	}
	if n := strings.Count(err.Error(), "main#app"); n != 1 {
		t.Errorf("the error names the unit %d times, want once:\n%v", n, err)
	}
}

// Settings from JSON and the same settings written in Go compare equal:
// integers are ints in both.
func TestJSONSettingsEqualGoSettings(t *testing.T) {
	fromJSON, err := perk.DecodeEventSettings([]byte(`{"events": {"save": {"handlers": {"click":
		{"handler": "onSave", "order": 2, "options": {"id": 7, "ids": [1, 2], "ratio": 0.5, "nested": {"n": -3}}}}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	fromGo := &perk.EventSettings{Events: []perk.ElementEntry{{Name: "save", Handlers: []perk.EventHandlers{
		{Event: "click", Handlers: []perk.HandlerInfo{{
			Handler: perk.MethodName("onSave"), Order: 2,
			Options: map[string]any{"id": 7, "ids": []any{1, 2}, "ratio": 0.5, "nested": map[string]any{"n": -3}},
		}}},
	}}}}
	if diff := cmp.Diff(fromGo, fromJSON, byIdentity); diff != "" {
		t.Errorf("settings mismatch (-go +json):\n%s", diff)
	}
}

// A handler entry's options.stopPropagation stops the event after the
// element's handlers ran: the other handlers of that element still run, a
// bubbling ancestor's handler and a plain listener above do not.
func TestOptionsStopPropagation(t *testing.T) {
	for _, tc := range []struct {
		name     string
		settings unit.Settings
		want     []string
	}{
		{"JSON", jsonSettings(`{"events": {
			"save": {"handlers": {"click": [{"handler": "a", "options": {"stopPropagation": true}}, "b"]}},
			"this": {"handlers": {"click": "outer"}}}}`), []string{"a", "b"}},
		{"Go", eventSettings(
			onEntry("save", "click", perk.HandlerInfo{Handler: perk.MethodName("a"), Options: map[string]any{"stopPropagation": true}}, byName("b")),
			onEntry("this", "click", byName("outer")),
		), []string{"a", "b"}},
		{"false does not stop", jsonSettings(`{"events": {
			"save": {"handlers": {"click": [{"handler": "a", "options": {"stopPropagation": false}}, "b"]}},
			"this": {"handlers": {"click": "outer"}}}}`), []string{"a", "b", "outer", "document"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			log := &callLog{}
			h := startUnit(t, testPage, "app", unit.Options{Methods: log.methods("a", "b", "outer"), Settings: tc.settings})
			h.doc.AddEventListener("click", vdom.NewListener(func(*vdom.Event) { log.add("document") }))
			h.click("save")
			if err := h.settle(); err != nil {
				t.Fatal(err)
			}
			log.assert(t, tc.want...)
		})
	}
}
