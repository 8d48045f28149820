package browse_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/internal/ratioguard"
)

// TestGuardOpenHydrateSubmit guards the cost of a session over an
// in-process handler: opening the shop page with its 20 units and
// submitting its form (POST, 303, GET) against the same handler calls
// through httptest.NewRecorder plus vdom.Parse of the same bytes
// (BenchmarkOpenHydrateSubmit / BenchmarkHandlerPlusParse). The target
// is below 2; the bound leaves room for a loaded machine. See
// docs/pages.md, "Cost".
func TestGuardOpenHydrateSubmit(t *testing.T) {
	if raceEnabled {
		t.Skip("timings under the race detector say nothing about the code")
	}
	h := shopHandler()
	defs := itemDefs(t)
	ratioguard.Check(t, "Open + 20 units + submit / handler + parse", 3.0, ratioguard.Options{Rounds: 31},
		func() { handlerPlusParse(t, h, orderBody) },
		func() {
			sess, err := browse.New(browse.Options{Handler: h, Definitions: defs})
			if err != nil {
				t.Fatal(err)
			}
			openHydrateSubmit(t, sess)
		})
}
