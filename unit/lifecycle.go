package unit

import (
	"context"
	"errors"
	"fmt"

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
	detail := map[string]any{"settings": u.settings}
	for _, name := range StartEvents {
		if name == "doTransform" {
			if err := u.transform(ctx); err != nil {
				return err
			}
		}
		if err := u.fire(ctx, name, detail); err != nil {
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
// dispatches it plainly when no perk provides that spell.
func (u *Unit) fire(ctx context.Context, name string, detail map[string]any) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("unit %s: %s: %w", u.name, name, err)
	}
	if u.HasSpell(TriggerSpell) {
		return u.Cast(ctx, TriggerSpell, name, detail)
	}
	_, err := u.root.DispatchEvent(vdom.NewCustomEventWith(name, vdom.CustomEventInit{Detail: detail}))
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
		detail := map[string]any{"settings": u.settings}
		for _, name := range StopEvents {
			if err := u.fire(ctx, name, detail); err != nil {
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
	u.state = stateStopped
	u.reg.remove(u)
	return errors.Join(errs...)
}

// Started reports whether Start completed and Stop was not called.
func (u *Unit) Started() bool { return u.state == stateStarted }
