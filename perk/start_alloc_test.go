//go:build !race

package perk_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// TestStartAllocationsPerEntry: once the settings have been seen valid,
// starting a unit allocates one object per element entry with one handler:
// the handler list, with its first entry inside. (The DOM's listener store
// reuses what the previous unit's listeners left; New, Stop and the fixed
// part of Start are the same for both counts and cancel out.)
func TestStartAllocationsPerEntry(t *testing.T) {
	const n = 40
	var page strings.Builder
	page.WriteString(`<main id="app">`)
	for i := range n {
		fmt.Fprintf(&page, `<p><button id="b%d">%d</button></p>`, i, i)
	}
	page.WriteString(`</main>`)
	doc := vdom.ParseString(page.String())
	root := doc.GetElementByID("app")
	onClick := unit.Sync(func(any, *vdom.Event, unit.Ex) error { return nil })
	allocs := func(entries int) float64 {
		s := &perk.EventSettings{}
		for i := range entries {
			s.Events = append(s.Events, onEntry(fmt.Sprintf("b%d", i), "click", byName("onClick")))
		}
		return startStopAllocs(t, 50, doc, root, unit.Options{Settings: unit.Settings{"event": s}, Methods: unit.Methods{"onClick": onClick}})
	}
	base, full := allocs(1), allocs(n+1)
	perEntry := (full - base) / n
	t.Logf("%.0f allocations with 1 entry, %.0f with %d: %.2f per entry", base, full, n+1, perEntry)
	if perEntry > 1.5 {
		t.Errorf("%.2f allocations per entry, want 1 (the handler list with its entry)", perEntry)
	}
}

// startStopAllocs returns the allocations of making, starting and
// stopping a unit with opts on root, averaged over runs; an error of any
// of the three fails the test.
func startStopAllocs(t *testing.T, runs int, doc *vdom.Document, root *vdom.Node, opts unit.Options) float64 {
	t.Helper()
	ctx := context.Background()
	var err error
	a := testing.AllocsPerRun(runs, func() {
		u, e := unit.New(doc, root, opts)
		if e == nil {
			e = u.Start(ctx)
			if e == nil {
				e = u.Stop(ctx)
			}
		}
		if e != nil {
			err = e
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return a
}
