package perk

import (
	"context"
	"runtime/debug"

	"github.com/eventperk/eventperk-go/internal/domext"
	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/vdom"
)

// Handlers that finish at once are the common case: every library event of
// a unit's start, and most events that trigger fires. For them a chain
// object is bookkeeping that nothing reads: nobody waits for it, it has no
// follower and it leaves nothing behind. runDirect runs them with the
// chain's state in local variables, and makes the chain only when a handler
// gives it something to keep (an error, a panic, work to wait for or to
// leave pending), from then on running exactly as chain.run does. On a
// page of some size, the chain's pointer writes also cost garbage
// collection write barriers whenever a collection runs.

// runDirect runs entries, the snapshot of l's entries for the phase e is
// in, as a chain that joins call (see chain.join) would. It
// returns that chain, or nil when every handler returned (nil, nil) and
// there is nothing to follow up. The caller has checked that no chain runs
// already (so none can be this one's predecessor), that the nesting limit
// is not reached, and that nobody traces.
//
// The recover is here and the loop in runHandlers, so that the deferred
// function captures none of the loop's variables: captured, they would
// live in memory, and every handler's turn would store and load them
// there. runHandlers leaves what the recover needs in run.
func (p *EventPerk) runDirect(l *handlerList, e *vdom.Event, entries []*entry, call *triggerCall) (c *chain) {
	st := p.state()
	var run directRun
	st.depth++
	defer func() {
		if run.calling > 0 {
			if r := recover(); r != nil {
				if run.passiveSet {
					domext.SetPassive(e, run.passiveWas)
				}
				st.origin = run.origin
				c = p.joinedChain(l, e, entries, run.calling, run.sender, run.origin, call)
				c.finish(c.handlerErr(entries[run.calling-1], &PanicError{Value: r, Stack: debug.Stack()}))
			}
		}
		st.depth--
	}()
	return p.runHandlers(&run, l, e, entries, call)
}

// directRun is where runHandlers stands, for runDirect's recover: the
// run's sender and origin; while a handler runs, calling, the index of
// the next entry (the handler's is calling-1; 0 between handlers); and
// the event's passive flag to put back. Only calling changes for each
// handler, and it is an integer: a pointer stored there would pay a write
// barrier check twice per handler.
type directRun struct {
	sender     any
	origin     uint64
	calling    int
	passiveSet bool
	passiveWas bool
}

// joinedChain makes the chain of the run whose next handler is
// entries[idx], joined to call.
func (p *EventPerk) joinedChain(l *handlerList, e *vdom.Event, entries []*entry, idx int, sender any, origin uint64, call *triggerCall) *chain {
	c := p.chainAt(l, e, entries, idx, sender, origin, nil)
	c.join(call)
	return c
}

// runHandlers is runDirect's loop.
func (p *EventPerk) runHandlers(run *directRun, l *handlerList, e *vdom.Event, entries []*entry, call *triggerCall) *chain {
	st := p.state()
	ctx := context.Background()
	if call != nil {
		ctx = call.ctx
	}
	cancellable := ctx.Done() != nil
	sender := senderOf(e, l.el)
	origin := st.origin
	run.sender, run.origin = sender, origin
	for idx := 0; idx < len(entries); {
		en := entries[idx]
		idx++
		if en.removed {
			// Removed after the snapshot and before its turn: skipped, as
			// the DOM skips removed listeners.
			continue
		}
		if cancellable {
			if err := ctx.Err(); err != nil {
				c := p.joinedChain(l, e, entries, idx, sender, origin, call)
				c.finish(c.handlerErr(en, err))
				return c
			}
		}
		if en.once {
			l.removeEntry(en)
		}
		fn := en.resolve(p.u)
		if fn == nil {
			c := p.joinedChain(l, e, entries, idx, sender, origin, call)
			c.outcome(en, nil, nil, errkind.Errorf("%w", ErrMethodNotFound))
			return c
		}
		// What the handler starts belongs to the run's origin.
		st.origin = origin
		run.calling = idx
		var aw vdom.Awaitable
		var err error
		if !en.passive {
			aw, err = fn(ctx, sender, e, en.exValue())
		} else {
			was := domext.SetPassive(e, true)
			run.passiveWas, run.passiveSet = was, true
			aw, err = fn(ctx, sender, e, en.exValue())
			domext.SetPassive(e, was)
			run.passiveSet = false
		}
		run.calling = 0
		st.origin = origin
		if err == nil && aw == nil {
			continue
		}
		if c := p.handedOver(l, e, entries, idx, sender, origin, call, en, aw, err); c != nil {
			return c
		}
	}
	return nil
}

// handedOver deals with a handler of a direct run that returned something
// to keep: it makes the run's chain, gives it the handler's outcome, runs
// the rest when that lets it, and returns the chain. A typed nil
// Awaitable with no error is nothing to keep: it returns nil, and the run
// goes on. Out of runHandlers' loop, so that the loop keeps nothing of
// the outcome across its calls.
func (p *EventPerk) handedOver(l *handlerList, e *vdom.Event, entries []*entry, idx int, sender any, origin uint64, call *triggerCall, en *entry, aw vdom.Awaitable, err error) *chain {
	if aw != nil && isNilAwaitable(aw) {
		aw = nil
	}
	if err == nil && aw == nil {
		return nil
	}
	c := p.joinedChain(l, e, entries, idx, sender, origin, call)
	if c.outcome(en, nil, aw, err) {
		c.run()
	}
	return c
}
