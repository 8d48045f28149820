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
func (p *EventPerk) runDirect(l *handlerList, e *vdom.Event, entries []*entry, call *triggerCall) (c *chain) {
	st := p.state()
	ctx := context.Background()
	if call != nil {
		ctx = call.ctx
	}
	cancellable := ctx.Done() != nil
	sender := senderOf(e, l.el)
	origin := st.origin
	// chainFrom makes the chain whose next handler is entries[idx].
	chainFrom := func(idx int) *chain {
		c := p.chainAt(l, e, entries, idx, sender, origin, nil)
		c.join(call)
		return c
	}
	var en *entry
	idx := 0
	passiveWas, passiveSet, calling := false, false, false
	st.depth++
	defer func() {
		if calling {
			if r := recover(); r != nil {
				if passiveSet {
					domext.SetPassive(e, passiveWas)
				}
				st.origin = origin
				c = chainFrom(idx)
				c.finish(c.handlerErr(en, &PanicError{Value: r, Stack: debug.Stack()}))
			}
		}
		st.depth--
	}()
	for idx < len(entries) {
		en = entries[idx]
		idx++
		if en.removed {
			// Removed after the snapshot and before its turn: skipped, as
			// the DOM skips removed listeners.
			continue
		}
		if cancellable {
			if err := ctx.Err(); err != nil {
				c = chainFrom(idx)
				c.finish(c.handlerErr(en, err))
				return c
			}
		}
		if en.once {
			l.removeEntry(en)
		}
		fn := en.resolve(p.u)
		if fn == nil {
			c = chainFrom(idx)
			c.outcome(en, nil, nil, errkind.Errorf("%w", ErrMethodNotFound))
			return c
		}
		// What the handler starts belongs to the run's origin.
		st.origin = origin
		if en.passive {
			passiveWas, passiveSet = domext.SetPassive(e, true), true
		}
		calling = true
		aw, err := fn(ctx, sender, e, en.exValue())
		calling = false
		if passiveSet {
			domext.SetPassive(e, passiveWas)
			passiveSet = false
		}
		st.origin = origin
		if aw != nil && isNilAwaitable(aw) {
			aw = nil
		}
		if err == nil && aw == nil {
			continue
		}
		c = chainFrom(idx)
		if c.outcome(en, nil, aw, err) {
			c.run()
		}
		return c
	}
	return nil
}
