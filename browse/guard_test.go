package browse_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/internal/ratioguard"
	"github.com/eventperk/eventperk-go/internal/testenv"
	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
)

// TestGuardOpenHydrateSubmit guards the cost of a session over an
// in-process handler: opening the shop page with its 20 units and
// submitting its form (POST, 303, GET), against the same handler calls
// through httptest.NewRecorder plus vdom.Parse of the same bytes
// (BenchmarkOpenHydrateSubmit / BenchmarkHandlerPlusParse), with bare units
// and with units that have EventPerk, as every unit has once package perk
// is imported. With the handler on the caller's goroutine, bare units
// measured 1.4-1.7 and EventPerk units 1.7-1.8 at a load average of 1-2,
// and 1.6 and 1.8 at a load of 4.4. The bounds, 3.5 and 4, are about
// twice that: they catch a gross regression (twice today's cost), not a
// small one. See docs/pages.md, "Cost".
func TestGuardOpenHydrateSubmit(t *testing.T) {
	testenv.SkipUnlessTiming(t)
	h := shopHandler()
	for _, tc := range []struct {
		name  string
		perks unit.PerkSource
		bound float64
	}{
		{"bare", noPerks{}, 3.5},
		{"EventPerk", perk.Default, 4.0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defs := itemDefs(t, tc.perks)
			ratioguard.Check(t, "Open + 20 "+tc.name+" units + submit / handler + parse", tc.bound, ratioguard.Options{Rounds: 31},
				func() { handlerPlusParse(t, h, orderBody) },
				func() { openHydrateSubmitIn(t, h, defs) })
		})
	}
}
