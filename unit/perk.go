package unit

import (
	"context"
	"sync/atomic"
)

// Perk extends a unit (specification §1: "a perk"). One Perk value serves
// one unit: a PerkSource makes a fresh one for each unit it equips.
//
// Attach installs what the perk brings: skills and spells (AddSkill,
// AddSpell) and its own lifecycle handlers. Detach undoes all of it. The
// contract is declared here, where units consume it; package perk holds the
// perks and their registry.
type Perk interface {
	// Name names the perk in errors, such as "EventPerk".
	Name() string
	// Section is the settings section the perk reads, such as "event"; a
	// unit whose settings have that section gets the perk automatically.
	Section() string
	// Priority orders attachment: lower first.
	Priority() int
	// Attach installs the perk on u; it is called once, before Start fires
	// any event.
	Attach(ctx context.Context, u *Unit) error
	// Detach removes everything Attach and the perk's skills installed.
	Detach(ctx context.Context, u *Unit) error
}

// PerkSource provides the perks of a unit.
type PerkSource interface {
	// PerksFor returns new perks for a unit whose settings have these
	// sections: the core perks every unit gets and the perks whose section
	// is present, in priority order. An unknown section is an error.
	PerksFor(sections []string) ([]Perk, error)
}

// defaultPerks holds the source SetDefaultPerks set, boxed so that nil
// can be stored; every unit made without a source reads it, without a
// lock.
var defaultPerks atomic.Pointer[perkSourceBox]

type perkSourceBox struct{ src PerkSource }

// SetDefaultPerks sets the PerkSource used by units whose Options do not
// name one. Package perk sets its registry here when it is imported.
func SetDefaultPerks(s PerkSource) { defaultPerks.Store(&perkSourceBox{s}) }

// DefaultPerks returns the PerkSource set by SetDefaultPerks, or nil.
func DefaultPerks() PerkSource {
	if b := defaultPerks.Load(); b != nil {
		return b.src
	}
	return nil
}
