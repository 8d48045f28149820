package unit

import (
	"context"

	"github.com/eventperk/eventperk-go/vdom"
)

// Method is the Go shape of a unit method used as an event handler: the
// specification's (sender, e, ex), with the context of the trigger first.
//
//   - sender is the detail's "sender" when the trigger options carry one,
//     else the element the handler is installed on;
//   - e is the event; for events fired with trigger, e.Detail() holds the
//     trigger options;
//   - ex holds the handler's own options, the unit, and the receiver the
//     handler is bound to.
//
// A handler that finishes later returns an Awaitable (a *vdom.Promise, say):
// trigger waits for it before the next handler starts; triggerSync does not.
// A handler that is done returns (nil, nil). A non-nil error stops the chain.
type Method func(ctx context.Context, sender any, e *vdom.Event, ex Ex) (vdom.Awaitable, error)

// Ex is the third handler argument. It is passed by value: a handler may
// keep it, and passing it costs no allocation.
type Ex struct {
	// Unit is the unit the handler belongs to.
	Unit *Unit
	// This is the receiver the handler is bound to: the unit, or the bindTo
	// object given to event.add.
	This any
	// Element is the element the handler is installed on.
	Element *vdom.Node
	// Options are the handler's "options" from its settings, never nil.
	Options map[string]any
	// Handler names the handler, for messages: the method name, or the name
	// given to the Func.
	Handler string
	// Order is the handler's order.
	Order int
}

// Sync adapts a handler that always finishes before it returns.
func Sync(fn func(sender any, e *vdom.Event, ex Ex) error) Method {
	return func(_ context.Context, sender any, e *vdom.Event, ex Ex) (vdom.Awaitable, error) {
		return nil, fn(sender, e, ex)
	}
}
