package unit

import "errors"

// Sentinel errors; the errors returned wrap them with the unit and the name
// involved, so test with errors.Is.
var (
	ErrUnknownSkill   = errors.New("unknown skill")
	ErrUnknownSpell   = errors.New("unknown spell")
	ErrDuplicateName  = errors.New("name already registered")
	ErrBadArguments   = errors.New("bad arguments")
	ErrUnitExists     = errors.New("element already has a unit")
	ErrNotStarted     = errors.New("unit not started")
	ErrAlreadyStarted = errors.New("unit already started")
	ErrStopped        = errors.New("unit stopped")
	ErrNoPerks        = errors.New("no perk source")
	ErrNotElement     = errors.New("not an element of the document")
)
