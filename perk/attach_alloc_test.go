//go:build !race

package perk_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// noPerks equips a unit with nothing.
type noPerks struct{}

func (noPerks) PerksFor([]string) ([]unit.Perk, error) { return nil, nil }

// TestAttachAllocations: what EventPerk adds to making and starting a unit
// whose settings declare no handlers, as a page's plain units do. The
// perk's skills and spell are shared by every perk, its empty settings and
// its own two handler lists come with it, and the lists of the unit's
// root need no table; the unit holds its first perks, spells and values
// itself, and the registry hands out the perks without locking or
// sorting: what is left is the perk, the list the registry returns it in,
// the unit's table of skills, and what the DOM allocates for the two
// native listeners on the root. The lifecycle events nobody handles cost
// nothing: the unit asks the perk first, and makes neither the events'
// detail nor the trigger spell's arguments.
func TestAttachAllocations(t *testing.T) {
	doc := vdom.ParseString(`<main><section id="root"><p>text</p></section></main>`)
	root := doc.GetElementByID("root")
	allocs := func(perks unit.PerkSource) float64 {
		return startStopAllocs(t, 100, doc, root, unit.Options{Perks: perks})
	}
	bare, withPerk := allocs(noPerks{}), allocs(perk.Default)
	t.Logf("bare unit %.0f allocations, with EventPerk %.0f", bare, withPerk)
	const want = 6
	if extra := withPerk - bare; extra > want {
		t.Errorf("EventPerk adds %.0f allocations to a unit without event settings, want at most %d", extra, want)
	}
}
