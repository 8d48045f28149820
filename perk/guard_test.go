package perk_test

import (
	"context"
	"testing"

	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/internal/ratioguard"
	"github.com/eventperk/eventperk-go/internal/testenv"
	"github.com/eventperk/eventperk-go/vdom"
)

// TestGuardTrigger is the regression guard of a trigger: a trigger of an
// event with 10 synchronous handlers against the plain DOM path it builds
// on, a CustomEvent dispatched to 10 listeners on an element of the same
// kind of page, measured alternately (internal/ratioguard). Measured about
// 2.2-2.7 (medians of 31 rounds) on the development machine under load;
// the bound is about twice that. See
// docs/performance.md, "Regression guard".
func TestGuardTrigger(t *testing.T) {
	testenv.SkipUnlessTiming(t)
	p, calls := startedUnit(t, 10)
	ctx := context.Background()
	opts := map[string]any{"id": 1}

	doc := vdom.ParseString(string(pagegen.Page(10_000)))
	el := doc.GetElementByID("el-1000")
	plain := 0
	for range 10 {
		el.AddEventListener("refresh", vdom.NewListener(func(e *vdom.Event) {
			if e.Detail() != nil {
				plain++
			}
		}))
	}
	ratioguard.Check(t, "Trigger, 10 handlers / DispatchEvent, 10 listeners", 5.0, ratioguard.Options{Rounds: 31},
		func() {
			if _, err := el.DispatchEvent(vdom.NewCustomEventWith("refresh", vdom.CustomEventInit{Detail: opts})); err != nil {
				t.Fatal(err)
			}
		},
		func() {
			if err := p.Trigger(ctx, "refresh", opts, nil); err != nil {
				t.Fatal(err)
			}
		})
	if plain == 0 || *calls == 0 || plain%10 != 0 || *calls%10 != 0 {
		t.Fatalf("%d listener calls and %d handler calls: each dispatch and trigger must call all 10", plain, *calls)
	}
}
