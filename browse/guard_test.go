package browse_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/internal/ratioguard"
)

// TestGuardOpenHydrateSubmit guards the cost of a session over an
// in-process handler: opening the shop page with its 20 (bare) units and
// submitting its form (POST, 303, GET), against the same handler calls
// through httptest.NewRecorder plus vdom.Parse of the same bytes
// (BenchmarkOpenHydrateSubmit/units=bare / BenchmarkHandlerPlusParse). It
// measured 1.8-2.0 on the development machine with a load average of
// 2-4, and 2.0-2.5 with one of 7-13: each request hands its handler to a
// goroutine and back, and on a machine whose threads wait for a core
// those handoffs cost more than the work around them. The bound, 5,
// leaves room for that load: it catches a gross regression (two and a
// half times today's cost at ordinary load), not a small one. See
// docs/pages.md, "Cost".
func TestGuardOpenHydrateSubmit(t *testing.T) {
	if raceEnabled {
		t.Skip("timings under the race detector say nothing about the code")
	}
	h := shopHandler()
	defs := itemDefs(t, noPerks{})
	ratioguard.Check(t, "Open + 20 units + submit / handler + parse", 5.0, ratioguard.Options{Rounds: 31},
		func() { handlerPlusParse(t, h, orderBody) },
		func() { openHydrateSubmitIn(t, h, defs) })
}
