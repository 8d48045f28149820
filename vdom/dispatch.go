package vdom

import (
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"unsafe"

	"golang.org/x/net/html"

	"github.com/eventperk/eventperk-go/internal/errkind"
)

// pathItem is one struct of the DOM event path. A node without a wrapper has
// no listeners yet, so target and store are nil for it; invoke looks the
// wrapper up again when it reaches the item (a listener may have made one and
// added listeners to it), and ComposedPath makes it when asked.
type pathItem struct {
	target EventTarget // nil for a node that has no wrapper yet
	h      *html.Node  // the node, for nodes
	store  *listenerStore
}

// dispatchState is the scratch space of one dispatch, pooled so a dispatch
// allocates nothing of its own once warm.
type dispatchState struct {
	path []pathItem
	// curPath is the path of the dispatch this state runs (st.path, or the
	// document's cached path), for ComposedPath.
	curPath []pathItem
	errs    []error
	// The walk's position, for the recover in walk and for walk to resume
	// after a listener's panic: the pass, the struct of the path, and,
	// while the walk is in that struct (entered), the length the struct's
	// list had when it entered (n: the records it runs) and the next
	// listener (li); calling is li while a listener runs, else 0. Only
	// integers and flags: the list and the store are found again from
	// the struct (see run), so the walk stores no pointer here, each of
	// which would pay a write barrier check.
	capture bool
	at      int
	n       int
	li      int
	calling int
	// doc is the target's document (nil for targets outside documents) and
	// gen its listenGen when the path was built.
	doc *Document
	gen uint64
	// entered is true while the walk is inside the struct at: the
	// event's currentTarget is then that struct's target.
	entered bool
	// The bubble pass ends before the struct end: len(path) for an
	// event that bubbles, else 1 (the target). It need not go further
	// than stop while the document's addGen is still addGen: from stop on
	// no struct had bubble listeners when the dispatch began (see
	// pathCache.reach). Once addGen moves, stop is end.
	end    int
	stop   int
	addGen uint64
	// loop is the document whose microtask checkpoint runs after each
	// listener (the target's, the Window's), nil outside documents.
	loop *Document
}

// noEventLoop stands in, in run, for the event loop of targets outside
// documents: it has no mutation observers, and nothing gives it any.
var noEventLoop Document

// testHookWalk, when set (by a test of this package), runs each time the
// walk's loop starts (once per dispatch, and again after each listener's
// panic), so a test can make the dispatch code itself panic there. It is
// checked there and not at every struct, where the check cost two
// instructions for each of them.
var testHookWalk func()

var statePool = sync.Pool{New: func() any { return new(dispatchState) }}

// dispatch is DOM §2.9 "dispatch" for trees without shadow roots.
func dispatch(target EventTarget, e *Event) (bool, error) {
	return dispatchAs(target, e, false)
}

// dispatchAs dispatches with isTrusted set as given: false for
// DispatchEvent (dispatchEvent() step 2), true for events this package fires
// itself, as the DOM's "fire an event" does.
func dispatchAs(target EventTarget, e *Event, trusted bool) (bool, error) {
	if e == nil {
		panic("vdom: DispatchEvent of a nil event")
	}
	if e.has(flagDispatch) {
		return false, domErrorf(ErrInvalidState, "the %q event is already being dispatched", e.Type())
	}
	if !e.has(flagInitialized) {
		return false, domErrorf(ErrInvalidState, "the event was created with CreateEvent and never initialized")
	}
	// A listener that dispatches an event whose listener dispatches
	// another... would overflow the goroutine's stack, which no recover
	// can catch: the test binary dies. Browsers end such a recursion with
	// a RangeError thrown at the innermost dispatchEvent; this is the Go
	// form of it. The depth is counted per document (nodes, the Document,
	// its Window) and otherwise per target.
	doc, loop, depth := placeOf(target)
	if *depth >= MaxDispatchNesting {
		return false, fmt.Errorf("%w: the %q event was dispatched at %s from inside %d nested dispatches", ErrNestingLimit, e.Type(), describeTarget(target), *depth)
	}
	*depth++
	// dispatchEvent() step 2: events fired by the program are not trusted.
	e.setFlag(flagTrusted, trusted)
	e.flags |= flagDispatch
	e.target = target

	st := getState(doc)
	path, cached := buildPath(st, target, e)
	// The stores below are skipped when the state holds the value already,
	// as the document's own state nearly always does: a pointer store into
	// this heap object pays a write barrier while a collection runs, and
	// on a page of some size one runs for much of the time.
	if st.doc != doc {
		st.doc = doc
	}
	if doc != nil {
		st.gen = doc.listenGen
	}
	if !samePath(st.curPath, path) {
		st.curPath = path
	}
	e.dispatch = st
	// Steps 5.3, 5.9 and 5.10: a click's activation target and its
	// legacy-pre-activation behaviour. Other events pay one comparison.
	var act activation
	if e.Type() == "click" {
		act.begin(doc, path, e)
	}

	// Steps 5.13 and 5.14: the capture pass from the top down to the target,
	// then the bubble pass from the target up (ancestors only if the event
	// bubbles). The walk keeps its position in st, so that after a listener
	// panics it resumes with the next listener: one deferred recover per
	// dispatch instead of one per listener or target.
	top, bubbleTop := len(path)-1, len(path)-1
	if cached {
		top, bubbleTop = doc.lastPath.reach(doc, e.Type())
		st.addGen = doc.addGen
	}
	end := len(path)
	if !e.has(flagBubbles) {
		end = 1
	}
	st.begin(top, end, min(end, bubbleTop+1))
	if st.loop != loop {
		st.loop = loop
	}
	for !st.walk(path, e) {
		// A listener panicked: its turn is over all the same.
		st.afterListener()
	}
	// Steps 6-10: reset (currentTarget is nil once e.dispatch is); the
	// canceled flag survives.
	e.phase = PhaseNone
	e.dispatch = nil
	e.flags &^= flagDispatch | flagStopPropagation | flagStopImmediate

	var err error
	if len(st.errs) > 0 {
		err = errors.Join(st.errs...)
	}
	// The path keeps its stale pointers until overwritten: it points only
	// into the same document, and clearing it costs write barriers on every
	// dispatch. Errors may be large: drop them.
	if len(st.errs) > 0 {
		clear(st.errs)
		st.errs = st.errs[:0]
	}
	if cached {
		doc.lastPath.inUse--
	} else {
		st.path = path[:0]
	}
	putState(doc, st)
	// No defer: listeners' panics are recovered, so nothing skips this.
	*depth--
	// Step 11: activation behaviour, or legacy-canceled-activation, once
	// the dispatch is over (the events it fires are dispatches of their own).
	if act.target != nil {
		if aerr := act.end(e); aerr != nil {
			err = errors.Join(err, aerr)
		}
	}
	// An outermost dispatch is a task of its own: the observers see what
	// it and its activation behaviour changed before it returns.
	if loop != nil && loop.mo != nil && len(loop.mo.pending) > 0 {
		if errs := loop.checkpointAfterListener(nil, 0); len(errs) > 0 {
			err = errors.Join(append([]error{err}, errs...)...)
		}
	}
	return !e.has(flagCanceled), err
}

// placeOf returns, for target, its document (nil for targets outside
// documents), the document whose event loop it belongs to (its own, the
// Window's; nil outside documents), and the counter of nested dispatches
// it counts in (its document's, or its own outside documents).
func placeOf(target EventTarget) (doc, loop *Document, nesting *int) {
	switch t := target.(type) {
	case *Node:
		return t.doc, t.doc, &t.doc.nesting
	case *Document:
		return t, t, &t.nesting
	case *Window:
		return nil, t.doc, &t.doc.nesting
	}
	return nil, nil, &target.listenerStore().nesting
}

// afterListener is "clean up after running a callback" for a listener: the
// microtask checkpoint, when the dispatch is the outermost one. The
// panics of observer callbacks join the dispatch's errors.
func (st *dispatchState) afterListener() {
	if d := st.loop; d != nil && d.mo != nil && len(d.mo.pending) > 0 {
		st.errs = d.checkpointAfterListener(st.errs, 1)
	}
}

// getState takes the scratch space of a dispatch: the document's own one
// when free (no pool round trip), else one from the pool (nested dispatches,
// targets outside documents). The document's state stays in d.spare, in use
// or not, and a flag tells which: handing it out and back then writes no
// pointer. Its doc and loop are d for every dispatch it serves (placeOf
// gives a node or document target its document as both), so they keep it.
func getState(d *Document) *dispatchState {
	if d != nil && !d.spareBusy {
		d.spareBusy = true
		if d.spare == nil {
			d.spare = &dispatchState{doc: d, loop: d}
		}
		return d.spare
	}
	return statePool.Get().(*dispatchState)
}

func putState(d *Document, st *dispatchState) {
	if d != nil && st == d.spare {
		d.spareBusy = false
		return
	}
	st.doc, st.loop = nil, nil
	statePool.Put(st)
}

// samePath reports whether a and b are the same slice (start, length and
// capacity), so that storing b over a would change nothing.
func samePath(a, b []pathItem) bool {
	return len(a) == len(b) && cap(a) == cap(b) && (len(a) == 0 || &a[0] == &b[0])
}

// MaxDispatchNesting is how deeply dispatches may nest: a listener that
// dispatches an event, whose listener dispatches another, and so on.
// DispatchEvent refuses the dispatch that would go deeper with an error
// matching ErrNestingLimit, and no listener runs for it.
const MaxDispatchNesting = 1000

// ErrNestingLimit is matched by the error of a dispatch refused at
// MaxDispatchNesting.
const ErrNestingLimit = errkind.Kind("vdom: dispatches nested more than 1000 levels deep")

// buildPath returns the event path for target: the target, then each parent
// as DOM "get the parent" gives it. The path is fixed here, before any
// listener runs, so listeners that move nodes do not change it. For a node
// target the path lives in the document's path cache when it is free
// (cached is then true and the caller must release it); otherwise in st.
func buildPath(st *dispatchState, target EventTarget, e *Event) (path []pathItem, cached bool) {
	var n *Node
	switch t := target.(type) {
	case *Node:
		n = t
	case *Document:
		n = &t.Node
	default:
		return append(st.path[:0], pathItem{target: target, store: target.listenerStore()}), false
	}
	doc := n.doc
	withWindow := doc.window != nil && e.Type() != "load"
	c := &doc.lastPath
	if c.target == target && c.treeVer == doc.treeVer && c.gen == doc.listenGen && c.withWindow == withWindow {
		c.inUse++
		return c.items, true
	}
	// A cache still used by an outer dispatch must not be overwritten.
	if c.inUse == 0 {
		path = c.items[:0]
	} else {
		path = st.path[:0]
	}
	path = append(path, pathItem{target: target, h: n.h, store: &n.store})
	lookup := len(doc.listening) > 0
	for h := n.h.Parent; h != nil; h = h.Parent {
		if h == doc.Node.h {
			path = append(path, pathItem{target: doc, h: h, store: &doc.Node.store})
			continue
		}
		var w *Node
		if lookup {
			w = doc.listening[h].node()
		}
		if w != nil {
			path = append(path, pathItem{target: w, h: h, store: &w.store})
		} else {
			path = append(path, pathItem{h: h})
		}
	}
	// A Document's parent is its Window, except for "load" (HTML "get the
	// parent" for Document) and for documents without a browsing context.
	if last := path[len(path)-1]; last.h == doc.Node.h && withWindow {
		path = append(path, pathItem{target: doc.window, store: &doc.window.store})
	}
	if c.inUse > 0 {
		return path, false
	}
	c.target, c.treeVer, c.gen, c.withWindow, c.items = target, doc.treeVer, doc.listenGen, withWindow, path
	c.reachKnown = false
	c.inUse++
	return path, true
}

// pathCache is the event path of a document's last node target. Repeated
// dispatches at one element (a test clicking the same button, a benchmark)
// then skip the walk up the tree and its map lookups. Any move or removal of
// a node, and any node starting to listen, makes it stale.
type pathCache struct {
	target     EventTarget
	treeVer    uint64
	gen        uint64
	withWindow bool
	items      []pathItem
	// inUse counts the dispatches running on items: while it is not zero a
	// miss builds elsewhere instead of overwriting them.
	inUse int
	// captureTop and bubbleTop are the highest structs of items with
	// listeners of each kind for events of type reachType (0, the target,
	// when no ancestor has any), as they stood when the document's addGen
	// was reachGen (reachKnown).
	captureTop, bubbleTop int
	reachType             string
	reachGen              uint64
	reachKnown            bool
}

// reach returns where the passes over the cached path must go for an
// event of type typ: the capture pass starts at captureTop and the bubble
// pass need not go past bubbleTop. Most ancestors of a target have no
// listeners for the event (most have no handle: their store is nil), and
// stepping over them was a tenth of a dispatch to one element of a page. The answer is worked out again after any
// listener was added in the document (addGen); a listener removed since
// only leaves the walk a struct with nothing to run. A listener added
// during the dispatch changes addGen, and the walk then goes to the end
// of the bubble pass (see walk); the capture pass begins before any
// listener runs, so its start is always right.
func (c *pathCache) reach(doc *Document, typ string) (captureTop, bubbleTop int) {
	if !c.reachKnown || c.reachGen != doc.addGen || !sameType(c.reachType, typ) {
		c.captureTop, c.bubbleTop = 0, 0
		for i := 1; i < len(c.items); i++ {
			s := c.items[i].store
			if s == nil {
				continue
			}
			if listsType(s.capture, typ) {
				c.captureTop = i
			}
			if listsType(s.bubble, typ) {
				c.bubbleTop = i
			}
		}
		c.reachType, c.reachGen, c.reachKnown = typ, doc.addGen, true
	}
	return c.captureTop, c.bubbleTop
}

// listsType reports whether list holds a listener for events of type typ
// that is not removed.
func listsType(list []*listener, typ string) bool {
	for _, l := range list {
		if l != nil && !l.removed && sameType(l.typ, typ) {
			return true
		}
	}
	return false
}

// begin sets the walk at the top of the capture pass, the struct top of
// the path, and bounds the bubble pass (see dispatchState.end).
func (st *dispatchState) begin(top, end, stop int) {
	st.capture, st.at, st.li, st.entered = true, top, 0, false
	st.end, st.stop = end, stop
	st.calling = 0
}

// walk runs the passes from where they stand. It returns true when they are
// done, or ended by a panic of the dispatch code itself, and false after
// recording a listener's panic (the caller calls it again to go on).
//
// The recover is here and the passes are in run, so that the deferred
// function captures none of run's variables: captured, they would live in
// memory, and every listener's turn would store and load them there,
// about a tenth of a click through 64 listeners. run leaves what the
// recover needs in st (see dispatchState).
func (st *dispatchState) walk(path []pathItem, e *Event) (done bool) {
	defer func() {
		if r := recover(); r != nil {
			done = st.recovered(path, e, r)
		}
	}()
	return st.run(path, e)
}

// recovered deals with a panic that interrupted run, and returns what walk
// returns.
func (st *dispatchState) recovered(path []pathItem, e *Event, r any) bool {
	e.flags &^= flagInPassive
	if st.calling == 0 {
		// Not a listener's panic: going on would run the same code from
		// the same position and panic again, forever. End the dispatch
		// and report it.
		if st.entered {
			path[st.at].store.iterating--
			st.entered = false
		}
		st.errs = append(st.errs, &InternalError{
			Type:   e.Type(),
			Target: describeTarget(e.target),
			Value:  r,
			Stack:  debug.Stack(),
		})
		return true
	}
	// DOM "report the exception", then go on with the next listener; the
	// passive flag is cleared whatever happened.
	st.li, st.calling = st.calling, 0
	if e.has(flagStopImmediate) {
		st.li = st.n
	}
	st.errs = append(st.errs, &ListenerError{
		Type:          e.Type(),
		Phase:         e.phase,
		CurrentTarget: describeTarget(e.CurrentTarget()),
		Value:         r,
		Stack:         debug.Stack(),
	})
	return false
}

// run is walk's loop over the passes.
func (st *dispatchState) run(path []pathItem, e *Event) bool {
	// The position within a struct, in locals. Resuming after a
	// listener's panic, the struct's list is found again as it stood when
	// the walk entered the struct: while a walk is in a store the store
	// does not compact or cut its lists, so its first n records stay
	// where they were (listeners added meanwhile go past them, perhaps
	// into a larger array that starts with the same records).
	var list []*listener
	var store *listenerStore
	li := st.li
	if st.entered {
		store = path[st.at].store
		l, _ := store.listOf(st.capture)
		list = l[:st.n]
	}
	// No listener can change these during the dispatch (InitEvent does
	// nothing while the event is being dispatched). loop is never nil
	// here, so that the check after each listener is one load: targets
	// outside documents get noEventLoop, whose observers never exist.
	loop, typ := st.loop, e.Type()
	typData := unsafe.StringData(typ)
	if loop == nil {
		loop = &noEventLoop
	}
	if testHookWalk != nil {
		testHookWalk()
	}
	for {
		if list == nil {
			// Between targets: move to the next struct of the path that
			// has listeners for this pass. The position stays in locals
			// while the walk steps over structs with nothing to run
			// (ancestors without capture listeners, in the capture pass
			// of nearly every event), and goes back into st before
			// anything can read it: a listener, lateStore.
			at, capture := st.at, st.capture
			var s *listenerStore
			for {
				if capture && at < 0 {
					capture, at = false, 0
				}
				if !capture && at >= st.stop {
					// Past stop, the walk goes on only when a listener
					// was added since the dispatch began (st.doc is then
					// set: outside documents stop is end).
					if at >= st.end || st.doc.addGen == st.addGen {
						st.at, st.capture = at, capture
						return true
					}
					st.stop = st.end
				}
				// DOM "invoke" for the struct at at, written out here
				// rather than called: it runs for every struct of both
				// passes.
				item := &path[at]
				s = item.store
				if s == nil && item.h != nil && st.doc.listenGen != st.gen {
					s = st.lateStore(item)
				}
				if s != nil && !e.has(flagStopPropagation) {
					// Only the listeners of this pass's kind run here:
					// the capture list in the capture pass, the other in
					// the bubble pass (both at the target, capture
					// first).
					l, dead := s.capture, s.captureDead
					if !capture {
						l, dead = s.bubble, s.bubbleDead
					}
					if len(l) != int(dead) {
						list = l
						break
					}
				}
				if capture {
					at--
				} else {
					at++
				}
			}
			st.at, st.capture = at, capture
			// DOM "inner invoke" iterates over a clone of the listener
			// list. The store gives the same guarantees without copying:
			// while it is being iterated it does not compact, so the
			// first n records stay where they are; listeners added
			// meanwhile are appended past n and not visited; listeners
			// removed meanwhile carry their removed flag and are skipped.
			s.iterating++
			st.entered, st.n = true, len(list)
			store = s
			switch {
			case at == 0:
				e.phase = AtTarget
			case capture:
				e.phase = CapturingPhase
			default:
				e.phase = BubblingPhase
			}
			li = 0
		}
		// DOM "inner invoke" over the target's listeners. li moves past a
		// listener before it runs, so a panic resumes after it.
		for li < len(list) {
			l := list[li]
			li++
			if lt := l.typ; unsafe.StringData(lt) != typData || len(lt) != len(typ) {
				// Not the same bytes in memory: compared out of line,
				// so that the check that nearly always settles it, the
				// pointers', has no call beside it.
				if !sameTypeBytes(lt, typ) {
					continue
				}
			}
			if l.fn != nil {
				// A func, neither once nor passive, and not removed (see
				// listener.fn).
				st.calling = li
				l.fn(e)
			} else {
				if l.removed {
					continue
				}
				if l.once {
					store.removeRecord(l)
				}
				if l.passive {
					e.flags |= flagInPassive
				}
				st.calling = li
				l.cb.HandleEvent(e)
				e.flags &^= flagInPassive
			}
			st.calling = 0
			if loop.mo != nil {
				// Checked here, not in afterListener, which is too large
				// to inline: a page without observers pays this check.
				st.afterListener()
			}
			if e.has(flagStopImmediate) {
				break
			}
		}
		store.iterating--
		st.entered = false
		if store.captureDead|store.bubbleDead != 0 {
			store.maybeCompact()
		}
		list, store = nil, nil
		st.next()
	}
}

// sameTypeBytes is sameType, kept out of line for run.
//
//go:noinline
func sameTypeBytes(a, b string) bool { return a == b }

// next moves to the following struct of the current pass.
func (st *dispatchState) next() {
	if st.capture {
		st.at--
	} else {
		st.at++
	}
}

// lateStore returns the store of a node that had no handle when the path
// was built, if it has one now: an earlier listener may have made one and
// added listeners to it. DOM "invoke" step 5 and "inner invoke" read the
// invocation target's event listener list when the struct is reached, not
// when the path is built. walk calls it only when listenGen tells that
// some node started listening since the path was built: only then can the
// lookup find something. It stays out of line: walk rarely needs it.
//
//go:noinline
func (st *dispatchState) lateStore(item *pathItem) *listenerStore {
	w := st.doc.listening[item.h].node()
	if w == nil {
		return nil
	}
	item.target, item.store = w, &w.store
	return item.store
}

// ListenerError reports a listener that panicked during dispatch.
type ListenerError struct {
	Type          string // the event type
	Phase         Phase  // the phase the listener ran in
	CurrentTarget string // the object the listener was registered on, described for people
	Value         any    // what the listener panicked with
	Stack         []byte // the listener's stack at the panic
}

func (e *ListenerError) Error() string {
	return fmt.Sprintf("vdom: listener for %q on %s panicked in %s: %v", e.Type, e.CurrentTarget, e.Phase, e.Value)
}

// Unwrap returns the panic value when it is an error.
func (e *ListenerError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}

// InternalError reports a panic in this package's own dispatch code, not in
// a listener: a bug of vdom. The dispatch ends at the panic; the listeners
// after that point do not run.
type InternalError struct {
	Type   string // the event type
	Target string // the event's target, described for people
	Value  any    // what the code panicked with
	Stack  []byte // the stack at the panic
}

func (e *InternalError) Error() string {
	return fmt.Sprintf("vdom: internal error: dispatch of %q at %s ended by a panic: %v", e.Type, e.Target, e.Value)
}

// Unwrap returns the panic value when it is an error.
func (e *InternalError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}

// describeTarget names a target for error messages: "window", "document",
// "div#id" or the node name.
func describeTarget(t EventTarget) string {
	switch t := t.(type) {
	case nil:
		return "<nil>"
	case *Window:
		return "window"
	case *Document:
		return "document"
	case *Node:
		return t.describe()
	case *AbortSignal:
		return "AbortSignal"
	}
	return fmt.Sprintf("%T", t)
}
