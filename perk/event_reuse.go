package perk

import (
	"context"

	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// Chains and trigger calls are reused. A trigger of an event with
// synchronous handlers otherwise allocates a chain, its snapshot of entries
// and a trigger call on every run, and on a page of some size the garbage
// collector's marking of the page, which that garbage sets off, costs more
// than the handlers themselves.
//
// Only chains that nothing refers to once they finish are reused: a chain
// that was waited for (its done promise), that has a follower or follows
// another, or whose handler left deferred work is pinned and left to the
// garbage collector.

// maxSpareChains bounds the chains an EventPerk keeps for reuse: one per
// phase and nesting level of the triggers that are usually in flight.
const maxSpareChains = 16

// newChain returns a chain for entries, the snapshot of l's entries for
// the phase of e, reusing a spare one when there is one. The caller sets the
// context and mode.
func (p *EventPerk) newChain(l *handlerList, e *vdom.Event, entries []*entry) *chain {
	return p.chainAt(l, e, entries, 0, senderOf(e, l.el), p.state().origin, p.u.Tracer())
}

// chainAt returns a chain over entries whose next handler is entries[idx],
// with the sender, origin and tracer the run began with.
func (p *EventPerk) chainAt(l *handlerList, e *vdom.Event, entries []*entry, idx int, sender any, origin uint64, tracer unit.Tracer) *chain {
	var c *chain
	if n := len(p.spareChains); n > 0 {
		c = p.spareChains[n-1]
		p.spareChains[n-1] = nil
		p.spareChains = p.spareChains[:n-1]
	} else {
		c = &chain{}
	}
	c.list, c.e, c.origin, c.entries, c.idx = l, e, origin, entries, idx
	c.phase, c.sender, c.tracer = e.EventPhase(), sender, tracer
	return c
}

// releaseChain hands a finished chain back for reuse unless something may
// still refer to it.
func (p *EventPerk) releaseChain(c *chain) {
	if !c.finished || c.pinned || len(p.spareChains) >= maxSpareChains {
		return
	}
	*c = chain{}
	p.spareChains = append(p.spareChains, c)
}

// newCall returns a trigger call for e, with ctx and mode: the document's
// spare one when no trigger uses it (nested triggers make their own).
func (s *docState) newCall(e *vdom.Event, ctx context.Context, mode string) *triggerCall {
	var call *triggerCall
	if !s.spareBusy {
		if s.spareCall == nil {
			s.spareCall = &triggerCall{}
		}
		call, s.spareBusy = s.spareCall, true
	} else {
		call = &triggerCall{}
	}
	call.e, call.ctx = e, ctx
	// The modes are constants: comparing them costs less than the write
	// barrier of storing one while a collection runs.
	if call.mode != mode {
		call.mode = mode
	}
	return call
}

// releaseCall is done with a finished call: the document's spare is free
// again. The spare keeps its mode (a constant) but not the event or the
// context, which may hold much.
func (s *docState) releaseCall(call *triggerCall) {
	if call != s.spareCall {
		return
	}
	if len(call.chains) > 0 {
		clear(call.chains)
		call.chains = call.chains[:0]
	}
	call.e, call.ctx = nil, nil
	s.spareBusy = false
}
