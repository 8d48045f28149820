package browse_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/internal/ratioguard"
	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
)

// TestGuardOpenHydrateSubmit guards the cost of a session over an
// in-process handler: opening the shop page with its 20 units and
// submitting its form (POST, 303, GET), against the same handler calls
// through httptest.NewRecorder plus vdom.Parse of the same bytes
// (BenchmarkOpenHydrateSubmit / BenchmarkHandlerPlusParse), with bare units
// and with units that have EventPerk, as every unit has once package perk
// is imported. Bare units measured 1.6-1.8 and EventPerk units 2.2-2.6 on
// the development machine with a load average of 4-5; before units
// skipped the lifecycle events nobody listens for, 2.1-2.3 and 2.7-3.1.
// Each request hands its handler to a goroutine and back, and on a machine
// whose threads wait for a core those handoffs cost more than the work
// around them: the session alone (no units) measured 1.4-1.6 at that load.
// The bounds, 4 and 5, leave room for a load of 10 and more: they catch a
// gross regression (twice today's cost), not a small one. See
// docs/pages.md, "Cost".
func TestGuardOpenHydrateSubmit(t *testing.T) {
	if raceEnabled {
		t.Skip("timings under the race detector say nothing about the code")
	}
	h := shopHandler()
	for _, tc := range []struct {
		name  string
		perks unit.PerkSource
		bound float64
	}{
		{"bare", noPerks{}, 4.0},
		{"EventPerk", perk.Default, 5.0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defs := itemDefs(t, tc.perks)
			ratioguard.Check(t, "Open + 20 "+tc.name+" units + submit / handler + parse", tc.bound, ratioguard.Options{Rounds: 31},
				func() { handlerPlusParse(t, h, orderBody) },
				func() { openHydrateSubmitIn(t, h, defs) })
		})
	}
}
