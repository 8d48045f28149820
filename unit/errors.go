package unit

import "github.com/eventperk/eventperk-go/internal/errkind"

// Sentinel errors, constants for errors.Is. Each text starts with "unit: ",
// as those of vdom and perk start with their package's name; the errors
// returned wrap them with the unit and the name involved.
const (
	ErrUnknownSkill   = errkind.Kind("unit: unknown skill")
	ErrUnknownSpell   = errkind.Kind("unit: unknown spell")
	ErrDuplicateName  = errkind.Kind("unit: name already registered")
	ErrBadArguments   = errkind.Kind("unit: bad arguments")
	ErrUnitExists     = errkind.Kind("unit: element already has a unit")
	ErrNotStarted     = errkind.Kind("unit: unit not started")
	ErrAlreadyStarted = errkind.Kind("unit: unit already started")
	ErrStopped        = errkind.Kind("unit: unit stopped")
	ErrNoPerks        = errkind.Kind("unit: no perk source")
	ErrNotElement     = errkind.Kind("unit: not an element of the document")
)
