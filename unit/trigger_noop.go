package unit

import "github.com/eventperk/eventperk-go/internal/domext"

// The perk that provides the trigger spell can tell the unit when the
// spell would do nothing for a lifecycle event (most have no handler
// anywhere); the unit then skips making the spell's arguments and the
// events' detail, which nobody would see.
func init() {
	domext.SetTriggerNoOp = func(u any, noop func(u any, event string) bool) {
		u.(*Unit).triggerNoOp = noop
	}
}
