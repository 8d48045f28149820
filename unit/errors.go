package unit

import (
	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/vdom"
)

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

	// ErrBadDefinition: a Definition whose Tag is not a valid custom
	// element name or whose Selector is not made of attribute selectors.
	ErrBadDefinition = errkind.Kind("unit: bad definition")
	// ErrDefinitionExists: a Tag or Selector defined already.
	ErrDefinitionExists = errkind.Kind("unit: already defined")
	// ErrDefinitionConflict: an element that two definitions claim; it
	// gets no unit.
	ErrDefinitionConflict = errkind.Kind("unit: element matches two definitions")
	// ErrOtherDefinitions: a document attached to one Definitions and
	// asked to use another.
	ErrOtherDefinitions = errkind.Kind("unit: document uses other definitions")
	// ErrNotAttached: Upgrade on a document not attached to the
	// definitions.
	ErrNotAttached = errkind.Kind("unit: document not attached to the definitions")
)

// UpgradeError is the error of one element that definitions made, or
// tried to make, a unit of: its definition's New failed, its start
// failed, two definitions claimed it, or its unit failed to stop when
// the element left the document.
type UpgradeError struct {
	// Kind is the definition's name.
	Kind string
	// Element is the element.
	Element *vdom.Node
	// Op is what failed: "new", "start", "stop" or "match".
	Op  string
	Err error
}

func (e *UpgradeError) Error() string {
	return "unit: " + e.Op + " " + e.Kind + " on " + e.Element.String() + ": " + e.Err.Error()
}

// Unwrap returns the underlying error.
func (e *UpgradeError) Unwrap() error { return e.Err }
