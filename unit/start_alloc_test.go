//go:build !race

package unit_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// TestStartWithoutListenersAllocatesNothing: a unit without perks whose
// lifecycle events nobody listens for starts without allocating: the
// events are not made, nor their detail.
func TestStartWithoutListenersAllocatesNothing(t *testing.T) {
	const runs = 50
	var page strings.Builder
	for i := range runs + 1 {
		fmt.Fprintf(&page, `<section id="s%d"><p>%d</p></section>`, i, i)
	}
	doc := vdom.ParseString(page.String())
	units := make([]*unit.Unit, 0, runs+1)
	for i := range runs + 1 {
		u, err := unit.New(doc, doc.GetElementByID(fmt.Sprintf("s%d", i)), unit.Options{Perks: noPerks()})
		if err != nil {
			t.Fatal(err)
		}
		units = append(units, u)
	}
	ctx := context.Background()
	next := 0
	var err error
	allocs := testing.AllocsPerRun(runs, func() {
		err = units[next].Start(ctx)
		next++
	})
	if err != nil {
		t.Fatal(err)
	}
	if allocs != 0 {
		t.Errorf("Start allocated %v times, want 0", allocs)
	}
}
