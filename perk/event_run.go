package perk

import (
	"context"
	"errors"
	"fmt"
	"github.com/eventperk/eventperk-go/internal/elname"
	"runtime/debug"
	"time"

	"github.com/eventperk/eventperk-go/internal/domext"
	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// Modes of a run, as traces show them.
const (
	modeTrigger     = "trigger"
	modeTriggerSync = "triggerSync"
	modeDispatch    = "dispatch"
)

// docState is the trigger state shared by every EventPerk of one document:
// which events are being fired by trigger (and how), and how deep triggers
// nest right now.
type docState struct {
	// calls are the triggers in progress, innermost last; a short stack
	// searched from the top is cheaper than a map for the usual depth.
	calls []*triggerCall
	depth int
	seq   uint64
	// spareCall is the document's reusable call, kept in place while a
	// trigger uses it (spareBusy) so that taking and returning it write
	// no pointer (event_reuse.go).
	spareCall *triggerCall
	spareBusy bool
	// valid are the settings last found valid, newest first
	// (event_settings_memo.go).
	valid [validMemos]*settingsShape
	// origin tags the handler chains started now with the Dispatch call
	// that led to them (0: none), so that Dispatch returns their errors
	// and leaves the others to Settle; lastOrigin numbers those calls.
	origin, lastOrigin uint64
}

// originErr is an error of background work with the origin of its chain.
type originErr struct {
	origin uint64
	err    error
}

type docStateKey struct{}

// callFor returns the trigger in progress that fired e, or nil.
func (s *docState) callFor(e *vdom.Event) *triggerCall {
	for i := len(s.calls) - 1; i >= 0; i-- {
		if s.calls[i].e == e {
			return s.calls[i]
		}
	}
	return nil
}

// push puts call on the stack of triggers in progress. A pointer store
// into the stack pays a write barrier while a collection runs: push skips
// it when the slot past the end holds call already (see pop), as it does
// for the document's spare call.
func (s *docState) push(call *triggerCall) {
	n := len(s.calls)
	if n == cap(s.calls) {
		s.calls = append(s.calls, call)
		return
	}
	s.calls = s.calls[:n+1]
	if s.calls[n] != call {
		s.calls[n] = call
	}
}

func (s *docState) pop(call *triggerCall) {
	if n := len(s.calls); n > 0 && s.calls[n-1] == call {
		// The usual case: the innermost call ends first. The spare call
		// stays in the slot past the end (spareCall keeps it anyway), so
		// that the next push finds it there and writes nothing; another
		// call is cleared so that it is not kept alive.
		if call != s.spareCall {
			s.calls[n-1] = nil
		}
		s.calls = s.calls[:n-1]
		return
	}
	for i := len(s.calls) - 1; i >= 0; i-- {
		if s.calls[i] == call {
			s.calls = append(s.calls[:i], s.calls[i+1:]...)
			return
		}
	}
}

// state returns the document's trigger state, looked up once per perk.
func (p *EventPerk) state() *docState {
	if p.st == nil {
		p.st = stateOf(p.u.Document())
	}
	return p.st
}

func stateOf(doc *vdom.Document) *docState {
	if s, ok := domext.Value(doc, docStateKey{}).(*docState); ok {
		return s
	}
	s := &docState{}
	domext.SetValue(doc, docStateKey{}, s)
	return s
}

// triggerCall is one trigger or triggerSync in progress: the native
// listeners it reaches read its context and mode, and leave their chains
// with it to be awaited.
type triggerCall struct {
	e      *vdom.Event
	ctx    context.Context
	mode   string
	chains []*chain
}

// nativeListener is the one DOM listener per element, event and phase that
// runs the element's ordered handler list.
type nativeListener struct {
	list *handlerList
}

// isCapture reports whether nl is its list's capture listener.
func (nl *nativeListener) isCapture() bool { return nl == &nl.list.natives[1] }

// HandleEvent snapshots the handlers of this phase and runs them as a chain:
// with trigger's waiting, unless the event comes from triggerSync.
func (nl *nativeListener) HandleEvent(e *vdom.Event) {
	l := nl.list
	p := l.p
	if p.u == nil {
		return
	}
	capture := nl.isCapture()
	if capture {
		l.failed = nil // a new dispatch of this event, or another event
	} else if l.failed == e {
		// The capture chain of this element failed at once (an error,
		// a panic, already settled work that failed, the nesting limit):
		// the rest of the element's sequence does not run, as it does not
		// when the capture chain fails later (see chain.finish).
		l.failed = nil
		return
	}
	snap := l.snapshot(capture)
	if len(snap.entries) == 0 {
		return
	}
	st := p.state()
	if snap.stopProp {
		// After this element's handlers of this phase ran (or, waiting
		// for work, started), the event goes no further along its path.
		defer e.StopPropagation()
	}
	call := st.callFor(e)
	if len(p.running) == 0 && st.depth < p.maxNesting() && p.u.Tracer() == nil {
		// Nothing to wait for before these handlers and nobody tracing:
		// run them directly (event_direct.go).
		c := p.runDirect(l, e, snap.entries, call)
		if c != nil {
			nl.finished(c, e)
		}
		return
	}
	c := p.newChain(l, e, snap.entries)
	c.join(call)
	// Capture and bubble handlers of one element form one sequence: the
	// bubble chain waits for a capture chain of the same event still
	// running. A capture chain that has not finished by now is suspended,
	// so it is in p.running. Looking there rather than in the trigger's
	// chains covers dispatched events too, which run with trigger's
	// waiting: without it, the bubble handlers of a clicked element ran
	// while the work of its capture handlers was still pending.
	var before *chain
	if len(p.running) > 0 { // usually empty
		for prev := range p.running {
			if prev.list == l && prev.e == e && !prev.finished {
				before = prev
			}
		}
	}
	if before != nil {
		before.follower = c
		before.pinned, c.pinned = true, true
		p.markRunning(c)
		return
	}
	c.start()
	nl.finished(c, e)
}

// finished follows up the chain that ran this listener's handlers for e,
// or started to: a capture chain that failed at once stops the element's
// bubble handlers, and a finished background chain is done with.
func (nl *nativeListener) finished(c *chain, e *vdom.Event) {
	if nl.isCapture() && c.finished && c.err != nil {
		nl.list.failed = e
	}
	if c.background {
		// Nobody reads a finished background chain: its error, if any,
		// is in bgErrs already.
		nl.list.p.releaseChain(c)
	}
}

// join makes c part of the trigger call that fired its event, with the
// call's context and mode; without a call (an event dispatched directly,
// such as a test's click), c gets trigger's waiting, in the background:
// Settle and Stop collect the outcome.
func (c *chain) join(call *triggerCall) {
	if call != nil {
		c.setContext(call.ctx, call.mode)
		call.chains = append(call.chains, c)
		return
	}
	c.setContext(context.Background(), modeDispatch)
	c.background = true
}

// senderOf is the detail's "sender" when the trigger options give one, else
// the element the handlers are on.
func senderOf(e *vdom.Event, el *vdom.Node) any {
	if m, ok := e.Detail().(map[string]any); ok {
		if s, ok := m["sender"]; ok && s != nil {
			return s
		}
	}
	return el
}

// listensAt reports whether the perk's handlers of eventName on el have a
// native listener installed that is not one of the perk's own lifecycle
// handlers alone: then dispatching the event runs that listener, and fire
// need not ask whether the dispatch would do nothing (the question's answer
// is no, and asking walks the element's DOM listeners). A false answer
// only means that fire asks.
func (p *EventPerk) listensAt(el *vdom.Node, eventName string) bool {
	for l := p.head(el); l != nil; l = l.next {
		if l.event == eventName {
			return (l.active[0] || l.active[1]) && !ownOnly(l)
		}
	}
	return false
}

// ownOnly reports whether l holds nothing but one of the perk's own
// lifecycle handlers, the case onlyOwnNoOp looks at.
func ownOnly(l *handlerList) bool {
	return len(l.entries) == 1 && (l.entries[0].handler == onApply || l.entries[0].handler == onTransform)
}

func (p *EventPerk) maxNesting() int {
	if p.MaxNesting > 0 {
		return p.MaxNesting
	}
	return DefaultMaxNesting
}

// chain runs a snapshot of handlers one after another. With trigger's
// waiting, a handler that returns unfinished work suspends the chain; a
// watcher goroutine resumes it on the document's goroutine, through
// Document.Post, when the work settles.
type chain struct {
	list *handlerList
	e    *vdom.Event
	// entries is the snapshot of the list's phase (handlerList.snapshot),
	// shared with the list and other chains: never written.
	entries []*entry
	idx     int
	phase   vdom.Phase
	sender  any
	ctx     context.Context
	mode    string
	// cancellable: ctx can end (its Done is not nil), so it is checked
	// before each handler.
	cancellable bool

	background bool   // not awaited by a trigger: Settle collects it
	follower   *chain // starts when this one finishes without error

	origin    uint64 // see docState.origin
	finished  bool
	abandoned bool
	// pinned marks a chain that something other than its run may still
	// refer to after it finishes, so it is not reused (see releaseChain).
	pinned    bool
	err       error
	done      *vdom.Promise    // made only when someone must wait
	stop      chan struct{}    // closed when abandoned, ends the watcher
	waitingOn *entry           // the handler whose work the chain waits for
	waitTrace *unit.TraceEvent // its trace start, ended if the wait is abandoned
	tracer    unit.Tracer      // looked up once per chain
}

func (c *chain) perk() *EventPerk { return c.list.p }

// setContext sets the context and mode the chain runs with.
func (c *chain) setContext(ctx context.Context, mode string) {
	c.ctx, c.mode, c.cancellable = ctx, mode, ctx.Done() != nil
}

// start runs the chain from the top, counting it in the nesting depth.
func (c *chain) start() {
	p := c.perk()
	st := p.state()
	if st.depth >= p.maxNesting() {
		c.finish(&NestingError{Unit: p.u.Name(), Event: c.e.Type(), Limit: p.maxNesting()})
		return
	}
	st.depth++
	defer func() { st.depth-- }()
	c.run()
}

// run calls the chain's handlers from idx on, until one fails, returns
// work to wait for, or the last one returns. One deferred recover covers
// every handler of the run: a handler's panic ends the chain as an error
// does, so there is no run to resume after it. Panics outside a handler
// (a tracer's, say) are not the handler's and go on up, as they always did.
func (c *chain) run() {
	p := c.perk()
	st := p.state()
	// en is the handler being called, tr its trace and prevOrigin the
	// origin to restore, for the recover below; calling is true while the
	// handler runs.
	var en *entry
	var tr *unit.TraceEvent
	prevOrigin := st.origin
	passiveWas, passiveSet, calling := false, false, false
	defer func() {
		if !calling {
			return
		}
		if r := recover(); r != nil {
			if passiveSet {
				domext.SetPassive(c.e, passiveWas)
			}
			st.origin = prevOrigin
			err := &PanicError{Value: r, Stack: debug.Stack()}
			c.traceEnd(tr, err, false)
			c.finish(c.handlerErr(en, err))
		}
	}()
	for c.idx < len(c.entries) {
		if c.abandoned {
			return
		}
		en = c.entries[c.idx]
		c.idx++
		if en.removed {
			// Removed after the snapshot and before its turn: skipped, as
			// the DOM skips removed listeners.
			continue
		}
		if c.cancellable {
			if err := c.ctx.Err(); err != nil {
				c.finish(c.handlerErr(en, err))
				return
			}
		}
		if en.once {
			c.list.removeEntry(en)
		}
		tr = nil
		if c.tracer != nil {
			tr = c.traceStart(en)
		}
		fn := en.resolve(p.u)
		var aw vdom.Awaitable
		var err error
		if fn == nil {
			err = errkind.Errorf("%w", ErrMethodNotFound)
		} else {
			// What the handler starts belongs to this chain's origin.
			prevOrigin = st.origin
			st.origin = c.origin
			if en.passive {
				passiveWas, passiveSet = domext.SetPassive(c.e, true), true
			}
			// ex goes by value: handlers may keep it, and it costs no
			// allocation.
			calling = true
			aw, err = fn(c.ctx, c.sender, c.e, en.exValue())
			calling = false
			if passiveSet {
				domext.SetPassive(c.e, passiveWas)
				passiveSet = false
			}
			st.origin = prevOrigin
			if aw != nil && isNilAwaitable(aw) {
				aw = nil
			}
		}
		if err == nil && aw == nil {
			if tr != nil {
				c.traceEnd(tr, nil, false)
			}
			continue
		}
		if !c.outcome(en, tr, aw, err) {
			return
		}
	}
	c.finish(nil)
}

// outcome deals with what handler en returned other than (nil, nil), and
// reports whether the chain goes on with the next handler: an error ends
// it, work that settled at once is waited for no further, triggerSync
// leaves pending work behind, and trigger suspends the chain until it
// settles.
func (c *chain) outcome(en *entry, tr *unit.TraceEvent, aw vdom.Awaitable, err error) bool {
	p := c.perk()
	if err != nil {
		c.traceEnd(tr, err, false)
		c.finish(c.handlerErr(en, err))
		return false
	}
	select {
	case <-aw.Done():
		err := aw.Err()
		c.traceEnd(tr, err, true)
		if err != nil && c.mode == modeTriggerSync {
			// triggerSync does not wait for work, so work that has
			// failed already must not stop the chain either: Settle
			// reports it, as it reports work that fails later.
			// Stopping here made the outcome depend on how fast the
			// work failed.
			p.bgErrs = append(p.bgErrs, originErr{c.origin, c.handlerErr(en, err)})
			return true
		}
		if err != nil {
			c.finish(c.handlerErr(en, err))
			return false
		}
		return true
	default:
	}
	if c.mode == modeTriggerSync {
		p.deferWork(c, en, tr, aw)
		return true
	}
	c.suspend(en, tr, aw)
	return false
}

// resolve returns the func en calls, nil for a method the unit does not
// have. A MethodName is resolved at run time, as the specification says;
// the cache only skips the map lookup while no method has changed.
func (en *entry) resolve(u *unit.Unit) unit.Method {
	if en.fn != nil {
		return en.fn
	}
	// The cache first: reading the name means loading the string the
	// handler interface boxes, a second pointer to follow for every
	// handler of every trigger.
	v := u.MethodsVersion()
	if en.method != nil && en.methodVer == v {
		return en.method
	}
	if h, ok := en.handler.(MethodName); ok {
		m, _ := u.Method(string(h))
		en.method, en.methodVer = m, v
		return m
	}
	return nil
}

// exValue returns the handler's third argument.
func (en *entry) exValue() unit.Ex {
	if en.ex.Options == nil {
		en.exOptions()
	}
	return en.ex
}

// isNilAwaitable catches a typed nil (a nil *vdom.Promise returned as an
// Awaitable), which would otherwise panic when waited on.
func isNilAwaitable(aw vdom.Awaitable) bool {
	p, ok := aw.(*vdom.Promise)
	return ok && p == nil
}

// suspend parks the chain until aw settles.
func (c *chain) suspend(en *entry, tr *unit.TraceEvent, aw vdom.Awaitable) {
	p := c.perk()
	c.waitingOn, c.waitTrace = en, tr
	c.ensureDone()
	if c.stop == nil {
		c.stop = make(chan struct{})
	}
	p.markRunning(c)
	doc := p.u.Document()
	stop, perkStop := c.stop, p.stopChan()
	go func() {
		select {
		case <-aw.Done():
			doc.Post(func() { c.resume(en, tr, aw) })
		case <-stop:
		case <-perkStop:
		}
	}()
}

// resume goes on after the awaited work settled; it runs as a document task.
func (c *chain) resume(en *entry, tr *unit.TraceEvent, aw vdom.Awaitable) {
	if c.abandoned || c.finished {
		return
	}
	c.waitingOn, c.waitTrace = nil, nil
	err := aw.Err()
	c.traceEnd(tr, err, true)
	if err != nil {
		c.finish(c.handlerErr(en, err))
		return
	}
	st := c.perk().state()
	st.depth++
	defer func() { st.depth-- }()
	c.run()
}

func (c *chain) ensureDone() *vdom.Promise {
	c.pinned = true
	if c.done == nil {
		c.done = vdom.NewPromise()
		if c.finished {
			c.settleDone()
		}
	}
	return c.done
}

func (c *chain) settleDone() {
	if c.err != nil {
		c.done.Reject(c.err)
	} else {
		c.done.Resolve()
	}
}

// finish ends the chain, then starts its follower unless it failed.
func (c *chain) finish(err error) {
	if c.finished {
		return
	}
	p := c.perk()
	c.finished, c.err = true, err
	delete(p.running, c)
	if c.done != nil {
		c.settleDone()
	}
	if c.background && err != nil {
		p.bgErrs = append(p.bgErrs, originErr{c.origin, err})
	}
	if f := c.follower; f != nil {
		delete(p.running, f)
		if err != nil {
			// The element's handlers are one sequence; it stopped here.
			f.finished = true
			if f.done != nil {
				f.done.Resolve()
			}
			return
		}
		f.start()
	}
}

// abandon stops a chain that will not be waited for any more: the trigger's
// context ended, or the unit is stopping.
func (c *chain) abandon(err error) {
	if c.finished {
		return
	}
	c.abandoned = true
	if c.stop != nil {
		close(c.stop)
	}
	en := c.waitingOn
	if en == nil && c.idx > 0 {
		en = c.entries[c.idx-1]
	}
	if en != nil {
		err = c.handlerErr(en, err)
	}
	// The tracer saw the awaited handler start: it sees it end, with why.
	c.traceEnd(c.waitTrace, err, true)
	c.waitTrace = nil
	if f := c.follower; f != nil {
		f.abandon(err)
	}
	bg := c.background
	c.background = false // the caller reports this error itself
	c.finish(err)
	c.background = bg
}

func (c *chain) handlerErr(en *entry, err error) error {
	var ne *NestingError
	if errors.As(err, &ne) {
		// Already names the event; wrapping it at every level of a deep
		// recursion would repeat the same words many times.
		return err
	}
	return &HandlerError{
		Unit: c.perk().u.Name(), Element: elname.Of(c.list.el), Event: c.e.Type(),
		Handler: en.ex.Handler, Order: en.order, Err: err,
	}
}

// traceStart tells the tracer a handler starts; nil when nobody traces.
func (c *chain) traceStart(en *entry) *unit.TraceEvent {
	p := c.perk()
	t := c.tracer
	if t == nil {
		return nil
	}
	st := p.state()
	st.seq++
	ev := unit.TraceEvent{
		Kind: unit.HandlerStart, Unit: p.u, Element: c.list.el, Event: c.e.Type(),
		Handler: en.ex.Handler, Order: en.order, Phase: c.phase,
		Mode: c.mode, Depth: st.depth, Start: time.Now(), Seq: st.seq,
		Sender: c.sender, Detail: c.e.Detail(), Options: en.exOptions(),
	}
	t.Trace(ev)
	return &ev
}

func (c *chain) traceEnd(tr *unit.TraceEvent, err error, deferred bool) {
	if tr == nil {
		return
	}
	t := c.tracer
	if t == nil {
		return
	}
	ev := *tr
	ev.Kind, ev.End, ev.Err, ev.Deferred = unit.HandlerEnd, time.Now(), err, deferred
	t.Trace(ev)
}

// deferredWork is work a handler returned under triggerSync: not waited
// for, but tracked until it settles so its outcome is traced and its error
// reaches Settle.
type deferredWork struct {
	c  *chain
	en *entry
	tr *unit.TraceEvent
	aw vdom.Awaitable
	// settled is resolved on the document's goroutine once the outcome of
	// aw is recorded: Settle waits for it, not for aw, whose settling
	// only starts the hand-over.
	settled *vdom.Promise
}

func (p *EventPerk) deferWork(c *chain, en *entry, tr *unit.TraceEvent, aw vdom.Awaitable) {
	c.pinned = true // w refers to it until the work settles
	w := &deferredWork{c: c, en: en, tr: tr, aw: aw, settled: vdom.NewPromise()}
	p.deferred = append(p.deferred, w)
	doc, stop := p.u.Document(), p.stopChan()
	go func() {
		select {
		case <-aw.Done():
			doc.Post(func() { p.settleDeferred(w) })
		case <-stop:
		}
	}()
}

func (p *EventPerk) settleDeferred(w *deferredWork) {
	defer w.settled.Resolve()
	if p.u == nil {
		// Posted just before the perk was detached: nobody collects it.
		return
	}
	for i, x := range p.deferred {
		if x == w {
			p.deferred = append(p.deferred[:i], p.deferred[i+1:]...)
			break
		}
	}
	err := w.aw.Err()
	w.c.traceEnd(w.tr, err, true)
	if err != nil {
		p.bgErrs = append(p.bgErrs, originErr{w.c.origin, w.c.handlerErr(w.en, err)})
	}
}

// Settle waits, running the document's tasks, until the work that nobody
// awaited has settled: work returned by handlers under triggerSync, and
// handler chains of events dispatched directly. It returns their errors
// (each once) and ctx's error if ctx ended the wait. The package's Settle
// does it for every unit of a document.
func (p *EventPerk) Settle(ctx context.Context) error {
	return p.settle(ctx, func(uint64) bool { return true })
}

// settle is Settle returning only the errors whose origin take accepts;
// the others stay for a later Settle.
func (p *EventPerk) settle(ctx context.Context, take func(origin uint64) bool) error {
	if p.u == nil {
		return nil
	}
	doc, name := p.u.Document(), p.u.Name()
	for {
		if p.u == nil {
			// Detached by a handler that ran while we waited: Detach has
			// dealt with what was left.
			break
		}
		var wait vdom.Awaitable
		switch {
		case len(p.deferred) > 0:
			// Waiting for the work itself would spin until the watcher
			// had posted its outcome, and for ever if it never does (the
			// perk was detached meanwhile), without looking at ctx.
			wait = p.deferred[0].settled
		default:
			for c := range p.running {
				if c.background || c.mode == modeDispatch {
					wait = c.ensureDone()
					break
				}
			}
		}
		if wait == nil {
			break
		}
		switch err := doc.Await(ctx, wait); {
		case err == nil:
		case ctx.Err() != nil:
			return errors.Join(append(p.takeBgErrs(take), fmt.Errorf("perk: unit %s: settle: %w", name, err))...)
		case !errors.Is(err, wait.Err()):
			// A posted task panicked. It was dropped before; RunTasks
			// below reports the same panics, so report this one too.
			p.bgErrs = append(p.bgErrs, originErr{err: err})
		}
		// The settled work's continuation is a posted task: run it.
		if _, err := doc.RunTasks(); err != nil {
			p.bgErrs = append(p.bgErrs, originErr{err: err})
		}
	}
	return errors.Join(p.takeBgErrs(take)...)
}

// takeBgErrs removes and returns the background errors whose origin take
// accepts.
func (p *EventPerk) takeBgErrs(take func(origin uint64) bool) []error {
	var errs []error
	kept := p.bgErrs[:0]
	for _, e := range p.bgErrs {
		if take(e.origin) {
			errs = append(errs, e.err)
		} else {
			kept = append(kept, e)
		}
	}
	clear(p.bgErrs[len(kept):])
	p.bgErrs = kept
	return errs
}

// pending reports whether background work or chains are still running.
func (p *EventPerk) pending() bool {
	if p.u == nil {
		return false
	}
	if len(p.deferred) > 0 {
		return true
	}
	for c := range p.running {
		if c.background || c.mode == modeDispatch {
			return true
		}
	}
	return false
}

// Trigger fires eventName at element (nil: the unit) as a CustomEvent that
// does not bubble and is not cancelable, with options as its detail, and
// returns when every handler of the element for that event has finished,
// each one started only after the previous one, including work it returned
// to finish later (specification §4.5). The first error or panic stops the
// chain and is returned as a *HandlerError naming the unit, element, event
// and handler. When ctx ends first, Trigger stops the chain and returns
// ctx's error, likewise named.
func (p *EventPerk) Trigger(ctx context.Context, eventName string, options any, element *vdom.Node) error {
	return p.fire(ctx, eventName, options, element, modeTrigger)
}

// TriggerSync fires like Trigger but calls each handler without waiting for
// work the previous one returned (specification §4.6). Errors a handler
// returns or panics with are still returned and stop the chain; the outcome
// of the work is traced and reported by Settle.
func (p *EventPerk) TriggerSync(ctx context.Context, eventName string, options any, element *vdom.Node) error {
	return p.fire(ctx, eventName, options, element, modeTriggerSync)
}

func (p *EventPerk) fire(ctx context.Context, eventName string, options any, el *vdom.Node, mode string) error {
	if p.u == nil {
		return errkind.Errorf("perk: %s %q: %w", mode, eventName, ErrNotAttached)
	}
	// Read the name now: a handler may stop the unit, and so detach the
	// perk, before this returns.
	uname := p.u.Name()
	if el == nil {
		el = p.u.Root()
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("perk: unit %s: %s %q on %s: %w", uname, mode, eventName, elname.Of(el), err)
	}
	doc := p.u.Document()
	st := p.state()
	if st.depth >= p.maxNesting() {
		return &NestingError{Unit: uname, Event: eventName, Limit: p.maxNesting()}
	}
	if !p.listensAt(el, eventName) {
		if domext.DispatchIsNoOp(el, eventName, false) {
			// No handler and no listener anywhere on the event's path:
			// the event would run nothing and change nothing, so it is
			// not made. A unit's lifecycle events mostly go this way.
			return nil
		}
		if p.onlyOwnNoOp(el, eventName) {
			return nil
		}
	}
	e := vdom.NewCustomEventWith(eventName, vdom.CustomEventInit{Detail: options})
	call := st.newCall(e, ctx, mode)
	st.push(call)
	_, derr := el.DispatchEvent(e)
	st.pop(call)
	var errs []error
	if derr != nil {
		errs = append(errs, fmt.Errorf("perk: unit %s: %s %q on %s: %w", uname, mode, eventName, elname.Of(el), derr))
	}
	for i, c := range call.chains {
		for !c.finished {
			done := c.ensureDone()
			switch err := doc.Await(ctx, done); {
			case err == nil || errors.Is(err, done.Err()):
				// The chain finished; its own error is c.err.
			case ctx.Err() == nil:
				// A task posted to the document panicked while we waited.
				// It is not this chain's failure: stopping the chain for it
				// broke the promise that each handler runs after the
				// previous one. Report it and go on waiting.
				errs = append(errs, fmt.Errorf("perk: unit %s: %s %q on %s: while waiting: %w", uname, mode, eventName, elname.Of(el), err))
			default:
				// ctx ended: stop what is left.
				for _, rest := range call.chains[i:] {
					rest.abandon(err)
				}
			}
		}
		if c.err != nil {
			errs = append(errs, c.err)
		}
	}
	for _, c := range call.chains {
		p.releaseChain(c)
	}
	st.releaseCall(call)
	return errors.Join(errs...)
}
