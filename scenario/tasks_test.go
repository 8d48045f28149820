package scenario

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// TestStepsRunThePagesTasks: the toggle and close events a click queues
// fire before the step ends, within the step, as in a browser and in
// vdomtest (TestCLIMatchesVdomtest compares the two on more pages).
func TestStepsRunThePagesTasks(t *testing.T) {
	s, err := Parse("test.json", []byte(`{"html": "<main id=\"app\"><dialog id=\"dlg\" open><form method=\"dialog\"><button>OK</button></form></dialog></main>",
		"spy": true,
		"units": [{"name": "app", "element": "#app", "settings": {"event": {"events": {"dlg": {"handlers": {"close": "onClose", "toggle": "onToggle"}}}}}}],
		"steps": [{"click": {"role": "button", "name": "OK"}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	res := s.Run(context.Background(), Options{})
	if !res.OK() {
		t.Fatalf("run failed:\n%s", text(res))
	}
	var got []string
	for _, st := range res.Steps {
		for _, it := range st.Items {
			if it.Kind == ItemCall && !it.Call.Internal {
				got = append(got, st.Path+": "+it.Call.Event+" "+it.Call.Handler)
			}
		}
	}
	want := []string{"steps[0]: toggle onToggle", "steps[0]: close onClose"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("calls by step mismatch (-want +got):\n%s", diff)
	}
}

// TestDelaysWaitForAWaitingStep: a method's delay that falls due while a
// step runs goes on in the next step that waits (settle), not in the tasks
// the step runs at its end, so that a trace does not depend on how fast
// the machine is. The click's handler takes longer than the delay.
func TestDelaysWaitForAWaitingStep(t *testing.T) {
	s, err := Parse("test.json", []byte(`{"html": "<main id=\"feed\"><p id=\"status\">idle</p><button id=\"slow\">Slow</button></main>",
		"units": [{"name": "feed", "element": "#feed",
			"settings": {"event": {"events": {"this": {"handlers": {"load": "fetch"}}, "slow": {"handlers": {"click": "slowClick"}}}}},
			"methods": {"fetch": [{"setText": "Loading", "target": "#status"}, {"wait": "1ms"}, {"setText": "Loaded", "target": "#status"}]}}],
		"steps": [
			{"triggerSync": "load"},
			{"dispatch": "click", "target": "#slow"},
			{"expect": {"target": "#status", "text": "Loading"}},
			{"settle": true},
			{"expect": {"target": "#status", "text": "Loaded"}}
		]}`))
	if err != nil {
		t.Fatal(err)
	}
	slow := unit.Sync(func(any, *vdom.Event, unit.Ex) error {
		time.Sleep(20 * time.Millisecond) // the delay falls due meanwhile
		return nil
	})
	res := s.Run(context.Background(), Options{Methods: map[string]unit.Methods{"feed": {"slowClick": slow}}})
	if !res.OK() {
		t.Fatalf("run failed:\n%s", text(res))
	}
}
