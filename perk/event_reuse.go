package perk

import "github.com/eventperk/eventperk-go/vdom"

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

// newChain returns a chain for the entries of l that run in the capture or
// bubble phase of e, reusing a spare one when there is one. The caller sets
// ctx and mode.
func (p *EventPerk) newChain(l *handlerList, e *vdom.Event, capture bool) *chain {
	var c *chain
	if n := len(p.spareChains); n > 0 {
		c = p.spareChains[n-1]
		p.spareChains[n-1] = nil
		p.spareChains = p.spareChains[:n-1]
	} else {
		c = &chain{}
	}
	c.list, c.e, c.origin = l, e, p.state().origin
	for _, en := range l.entries {
		if en.capture == capture {
			c.entries = append(c.entries, en)
		}
	}
	c.phase, c.sender, c.tracer = e.EventPhase(), senderOf(e, l.el), p.u.Tracer()
	return c
}

// releaseChain hands a finished chain back for reuse unless something may
// still refer to it.
func (p *EventPerk) releaseChain(c *chain) {
	if !c.finished || c.pinned || len(p.spareChains) >= maxSpareChains {
		return
	}
	entries := c.entries
	clear(entries)
	*c = chain{entries: entries[:0]}
	p.spareChains = append(p.spareChains, c)
}

// newCall returns a trigger call for e, reusing the document's spare one.
func (s *docState) newCall(e *vdom.Event) *triggerCall {
	call := s.spareCall
	if call == nil {
		call = &triggerCall{}
	}
	s.spareCall = nil
	call.e = e
	return call
}

// releaseCall keeps a finished call as the document's spare.
func (s *docState) releaseCall(call *triggerCall) {
	chains := call.chains
	clear(chains)
	*call = triggerCall{chains: chains[:0]}
	s.spareCall = call
}
