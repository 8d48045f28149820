package unit

import (
	"context"
	"errors"
	"fmt"

	"github.com/eventperk/eventperk-go/internal/domext"
	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/vdom"
)

// The library events a unit fires on itself, in order (specification §6 and
// the reference notes).
var (
	StartEvents = []string{
		"beforeApplySettings", "doApplySettings", "afterApplySettings",
		"beforeStart",
		"beforeTransform", "doTransform", "afterTransform",
		"doStart", "afterStart", "afterReady",
	}
	StopEvents = []string{"beforeStop", "doStop", "afterStop"}
)

// TriggerSpell is the spell the lifecycle fires its events with.
const TriggerSpell = "event.trigger"

// Start attaches the unit's perks and fires the start events on the unit
// with trigger, each waiting for its handlers; transform puts the inner HTML
// in place between beforeTransform and doTransform when the unit has Render
// or HTML. The first error stops the start and is returned; the unit is then
// left as far as it got (Stop undoes it). A unit that stopped, or that a
// handler stops while it starts, returns ErrStopped.
func (u *Unit) Start(ctx context.Context) error {
	switch u.state {
	case stateNew:
	case stateStopping, stateStopped:
		// A stopped unit has left its document's registry and lost its
		// perks: it cannot start again, and "already started" would
		// mislead.
		return errkind.Errorf("unit %s: %w", u.name, ErrStopped)
	default:
		return errkind.Errorf("unit %s: %w", u.name, ErrAlreadyStarted)
	}
	u.state = stateStarting
	if err := u.attachPerks(ctx); err != nil {
		return err
	}
	// One detail for all the events, made when the first of them is
	// fired for real (fire): handlers see each other's changes to it.
	var fa fireArgs
	for i, name := range StartEvents {
		fa.left = len(StartEvents) - i
		if name == "doTransform" {
			if err := u.transform(ctx); err != nil {
				return err
			}
		}
		if err := u.fire(ctx, name, &fa); err != nil {
			return err
		}
		if u.state == stateStopping || u.state == stateStopped {
			// A handler stopped the unit: its perks are detached and it
			// has left the registry, so the start ends here rather than
			// firing the remaining events plainly and marking a stopped
			// unit started.
			return errkind.Errorf("unit %s: stopped during %s: %w", u.name, name, ErrStopped)
		}
	}
	u.state = stateStarted
	return nil
}

// transform renders the unit's inner HTML, if it has a renderer.
func (u *Unit) transform(ctx context.Context) error {
	var inner string
	switch {
	case u.opts.Render != nil:
		s, err := u.opts.Render(ctx, u)
		if err != nil {
			return fmt.Errorf("unit %s: render: %w", u.name, err)
		}
		inner = s
	case u.opts.HTML != nil:
		inner = *u.opts.HTML
	default:
		return nil
	}
	if err := u.root.SetInnerHTML(inner); err != nil {
		return fmt.Errorf("unit %s: transform: %w", u.name, err)
	}
	return nil
}

// fire triggers a lifecycle event through the event perk's trigger spell, or
// dispatches it plainly when no perk provides that spell. fa holds what
// the events of one Start or Stop share.
func (u *Unit) fire(ctx context.Context, name string, fa *fireArgs) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("unit %s: %s: %w", u.name, name, err)
	}
	if fn, ok := u.spells.get(TriggerSpell); ok {
		if u.triggerNoOp != nil && u.triggerNoOp(u, name) {
			// The spell's owner says it would do nothing and return nil:
			// its arguments, and the detail, are not made.
			return nil
		}
		// Cast(ctx, TriggerSpell, name, detail) without its allocations.
		return fn(ctx, u, fa.args(u, name)...)
	}
	if domext.DispatchIsNoOp(u.root, name, false) {
		// Nobody listens: the event would run nothing and change
		// nothing, so it is not made (an allocation and a clock read
		// for each of the lifecycle's events).
		return nil
	}
	_, err := u.root.DispatchEvent(vdom.NewCustomEventWith(name, vdom.CustomEventInit{Detail: fa.detail(u)}))
	if err != nil {
		return fmt.Errorf("unit %s: %s: %w", u.name, name, err)
	}
	return nil
}

// Stop fires the stop events on the unit, detaches its perks in reverse
// order (each removes what it installed) and unregisters the unit from its
// document. It goes on after an error and returns every error joined. A unit
// that never started only detaches and unregisters. Stop on a unit that is
// stopping or stopped returns ErrStopped.
func (u *Unit) Stop(ctx context.Context) error {
	if u.state == stateStopping || u.state == stateStopped {
		return errkind.Errorf("unit %s: %w", u.name, ErrStopped)
	}
	// Stopping already counts as stopped: a stop handler that calls Stop
	// again gets ErrStopped instead of firing the stop events again, and
	// again, without end.
	was := u.state
	u.state = stateStopping
	var errs []error
	if was == stateStarted {
		var fa fireArgs
		for i, name := range StopEvents {
			fa.left = len(StopEvents) - i
			if err := u.fire(ctx, name, &fa); err != nil {
				errs = append(errs, err)
			}
		}
	}
	for i := len(u.perks) - 1; i >= 0; i-- {
		if err := u.perks[i].Detach(ctx, u); err != nil {
			errs = append(errs, fmt.Errorf("unit %s: detach %s: %w", u.name, u.perks[i].Name(), err))
		}
	}
	u.perks = nil
	if u.lists != nil {
		// The list may have lived in u.lists: a stopped unit that
		// someone still holds keeps no perk alive.
		clear(u.lists.perks[:])
	}
	u.state = stateStopped
	u.reg.remove(u)
	return errors.Join(errs...)
}

// Started reports whether Start completed and Stop was not called.
func (u *Unit) Started() bool { return u.state == stateStarted }

// fireArgs is what the lifecycle events of one Start or Stop share: their
// detail, {"settings": the unit's settings}, one map that handlers see each
// other's changes to, made when the first event needs it; and the spell
// arguments of the events left (left of them), allocated at once.
type fireArgs struct {
	d    map[string]any
	buf  []any
	left int
}

// detail returns the events' detail, made first if need be.
func (fa *fireArgs) detail(u *Unit) map[string]any {
	if fa.d == nil {
		fa.d = map[string]any{"settings": u.settings}
	}
	return fa.d
}

// args returns the trigger spell's arguments for the event name: a slice
// of its own (a spell may keep it), cut from one array made for all the
// events left.
func (fa *fireArgs) args(u *Unit, name string) []any {
	if len(fa.buf) < 2 {
		fa.buf = make([]any, 2*max(fa.left, 1))
	}
	a := fa.buf[:2:2]
	fa.buf = fa.buf[2:]
	a[0], a[1] = eventName(name), fa.detail(u)
	return a
}

// eventName returns name as an interface value, without allocating for
// the lifecycle's own event names.
func eventName(name string) any {
	switch name {
	case "beforeApplySettings":
		return "beforeApplySettings"
	case "doApplySettings":
		return "doApplySettings"
	case "afterApplySettings":
		return "afterApplySettings"
	case "beforeStart":
		return "beforeStart"
	case "beforeTransform":
		return "beforeTransform"
	case "doTransform":
		return "doTransform"
	case "afterTransform":
		return "afterTransform"
	case "doStart":
		return "doStart"
	case "afterStart":
		return "afterStart"
	case "afterReady":
		return "afterReady"
	case "beforeStop":
		return "beforeStop"
	case "doStop":
		return "doStop"
	case "afterStop":
		return "afterStop"
	}
	return name
}
