//go:build !race

package perk_test

import (
	"context"
	"testing"

	"github.com/eventperk/eventperk-go/unit"
)

// TestTriggerAllocatesOnlyTheEvent: once warmed up, trigger and triggerSync
// of an event whose handlers finish at once allocate the event and
// nothing else; chains and trigger calls are reused. (The race detector
// changes allocation counts, so this file is not built under it.)
func TestTriggerAllocatesOnlyTheEvent(t *testing.T) {
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{
		Methods:  log.methods("a", "b", "c"),
		Settings: eventSettings(onEntry("this", "refresh", byName("a"), byName("b"), byName("c"))),
	})
	ctx := context.Background()
	opts := map[string]any{"id": 1}
	for _, mode := range []struct {
		name string
		fire func() error
	}{
		{"trigger", func() error { return h.p.Trigger(ctx, "refresh", opts, nil) }},
		{"triggerSync", func() error { return h.p.TriggerSync(ctx, "refresh", opts, nil) }},
	} {
		var err error
		allocs := testing.AllocsPerRun(100, func() {
			if e := mode.fire(); e != nil {
				err = e
			}
		})
		if err != nil {
			t.Fatalf("%s: %v", mode.name, err)
		}
		if allocs != 1 {
			t.Errorf("%s allocates %.1f times per run, want 1 (the event)", mode.name, allocs)
		}
		log.take()
	}
}
