package vdom

import (
	"fmt"
	"reflect"
	"unsafe"
)

// Listener receives events. Registration, de-duplication and removal compare
// Listener values with ==, so a Listener must be of a comparable type; in
// practice a pointer. Use NewListener to turn a func into one: each call
// returns a Listener with its own identity.
type Listener interface {
	HandleEvent(e *Event)
}

// FuncListener is a Listener made from a func; its identity is its pointer.
// A nil *FuncListener is taken as the DOM's null callback: adding or
// removing it does nothing.
type FuncListener struct {
	fn func(e *Event)
}

// NewListener returns a new Listener that calls fn. Two calls with the same
// fn give two different listeners, as two JavaScript closures would be.
func NewListener(fn func(e *Event)) *FuncListener { return &FuncListener{fn: fn} }

// HandleEvent calls the func.
func (l *FuncListener) HandleEvent(e *Event) { l.fn(e) }

// ListenerOptions are the DOM AddEventListenerOptions. RemoveEventListener
// reads only Capture.
type ListenerOptions struct {
	// Capture registers the listener for the capturing phase (and the target).
	Capture bool
	// Once removes the listener just before its first call.
	Once bool
	// Passive, when true, makes PreventDefault a no-op inside the listener.
	// nil selects the DOM default: passive for touchstart, touchmove, wheel
	// and mousewheel on the Window, the Document, its root element and body.
	Passive *bool
	// Signal removes the listener when aborted; an already aborted signal
	// means the listener is not added.
	Signal *AbortSignal
}

// listener is the DOM's "event listener" struct. Its identity matters: the
// dispatch snapshot holds these pointers and skips the ones marked removed.
type listener struct {
	typ string
	cb  Listener
	// fn is cb's func when cb is a *FuncListener and the registration is
	// neither once nor passive, until it is removed: dispatch calls it
	// directly, one indirect call instead of two (the interface method,
	// then the func), and takes its being set to mean that nothing else is
	// to be done or checked.
	fn      func(e *Event)
	capture bool
	once    bool
	passive bool
	removed bool
	// slot is the index's table slot of cb's chain, which holds this
	// record, or -1 (no index, or a callback that is not a pointer); it
	// lets remove take a record it found at an end of its list out of
	// the index without looking cb up. Beside the bools, so the record
	// fits 64 bytes.
	slot int32
	// abort ties the record to the AbortSignal that removes it, if any.
	abort *listenerAbort
	// sameCB links the registrations of one callback in the store's index
	// (other types or the other capture value); in the store's free list
	// it links the spare records.
	sameCB *listener
}

// indexThreshold is the list length above which a store keeps a map from
// callback to its registrations, so adding and removing stay O(1) on targets
// with many listeners. The map is keyed by the callback alone (hashing an
// interface holding a pointer is cheap; hashing the type string too was half
// the cost of an add); the few registrations of one callback are chained.
const indexThreshold = 16

// listenerStore is the event listener list of one EventTarget, kept as two
// lists: the capture registrations and the others, each in the order added.
// The DOM's single list interleaves them, but no step of dispatch observes
// the interleaving: a capture pass runs only capture listeners, a bubble
// pass only the others, and at the target the capture ones run first (DOM
// §2.9 "invoke" with phase "capturing", then "bubbling"), each in list
// order. Two lists let each pass walk only what it runs.
//
// Removal marks the record and leaves a tombstone; a list's tombstones are
// compacted away once they make up half of it, so removal is O(1) amortized
// and dispatch snapshots stay valid.
type listenerStore struct {
	capture []*listener
	bubble  []*listener
	// captureDead and bubbleDead count the tombstones of each list.
	captureDead int32
	bubbleDead  int32
	// iterating counts the dispatches walking the lists right now; they
	// are not compacted meanwhile, so their positions stay valid.
	iterating int32
	// nspare counts the records in free.
	nspare int32
	// nesting counts the dispatches in progress at a target outside any
	// document, for MaxDispatchNesting.
	nesting int
	index   *callbackIndex // made once a list is longer than indexThreshold
	// node is the Node that owns the store, set when the handle is made;
	// nil for other targets. Its document counts the adds and tracks
	// which nodes have listeners, for dispatch.
	node *Node
	// free is a list of removed records (linked by sameCB) for reuse by
	// add (see recycle).
	free *listener
}

// listOf returns the list that holds registrations of the given capture
// value, and its tombstone count.
func (s *listenerStore) listOf(capture bool) ([]*listener, int32) {
	if capture {
		return s.capture, s.captureDead
	}
	return s.bubble, s.bubbleDead
}

// live returns the number of live registrations with the given capture
// value.
func (s *listenerStore) live(capture bool) int {
	list, dead := s.listOf(capture)
	return len(list) - int(dead)
}

func (s *listenerStore) find(typ string, cb Listener, capture bool) *listener {
	if s.index != nil {
		head, ref := s.index.lookup(cb)
		return findInChain(head, ref, typ, cb, capture)
	}
	list, _ := s.listOf(capture)
	for _, l := range list {
		if !l.removed && l.cb == cb && sameType(l.typ, typ) {
			return l
		}
	}
	return nil
}

// findInChain returns the registration of (typ, cb, capture) in the index
// chain that starts at head, which lookup returned with ref.
func findInChain(head *listener, ref cbRef, typ string, cb Listener, capture bool) *listener {
	for l := head; l != nil; l = l.sameCB {
		if ref.sameCallback(l.cb, cb) && l.capture == capture && sameType(l.typ, typ) {
			return l
		}
	}
	return nil
}

// sameType compares event types. Types nearly always come from string
// constants, which the linker stores once, so equal types usually share
// their bytes: comparing the pointers first skips the call to compare the
// bytes.
func sameType(a, b string) bool {
	return len(a) == len(b) && (unsafe.StringData(a) == unsafe.StringData(b) || a == b)
}

// add is DOM "add an event listener". The store of a node knows its node
// (s.node, set when the handle is made): the node's document counts the add
// (Document.addGen), and touch and wheel listeners are passive by default
// on the document, its root element and its body. The Window counts its
// adds and resolves its default in o before it calls; a plain Target has
// neither.
//
// Components add many listeners and add them again after removing them:
// on a target with an index, a *FuncListener whose key has its slot
// already (it was added before), with no abort signal and no default
// passive value to work out, goes in here without a call when a spare
// record is at hand, its list has room and the store has listeners
// already. addAny does every case.
func (s *listenerStore) add(typ string, cb Listener, o ListenerOptions) {
	fl, isFunc := cb.(*FuncListener)
	x := s.index
	if !isFunc || fl == nil || x == nil || o.Signal != nil || s.free == nil || (o.Passive == nil && defaultPassiveType(typ)) {
		s.addAny(typ, cb, o)
		return
	}
	// The key's slot: its home, or past it on its probe path, where a
	// quarter of the keys of a half-full table sit. A key not in the table
	// (an empty slot ends its path) goes through addAny, which makes its
	// slot.
	k := funcKey(fl)
	i := x.home(k)
	sl := &x.slots[i]
	for sl.key != k {
		if sl.key == 0 {
			s.addAny(typ, cb, o)
			return
		}
		i = (i + 1) & (len(x.slots) - 1)
		sl = &x.slots[i]
	}
	list := s.listFor(o.Capture)
	if len(*list) == cap(*list) || s.len() == 0 {
		s.addAny(typ, cb, o)
		return
	}
	if s.node != nil {
		s.node.doc.addGen++
	}
	if findInChain(sl.head, cbRef{slot: i, key: k}, typ, cb, o.Capture) != nil {
		return
	}
	l := s.free
	s.free = l.sameCB
	s.nspare--
	l.fill(typ, cb, fl.fn, o, o.Passive != nil && *o.Passive, int32(i), sl.head)
	*list = append(*list, l)
	x.relink(cbRef{slot: i, key: k}, l)
}

// fill sets every field of l, a new or spare record, for a registration.
// Field by field, each once: a composite literal is built on the stack and
// copied in 16-byte moves that stall on the byte stores just made.
func (l *listener) fill(typ string, cb Listener, fn func(*Event), o ListenerOptions, passive bool, slot int32, next *listener) {
	if o.Once || passive {
		// Dispatch calls fn directly only for a plain registration, so
		// that one check of it stands for three (see run).
		fn = nil
	}
	l.typ, l.cb, l.fn = typ, cb, fn
	l.capture, l.once, l.passive, l.removed = o.Capture, o.Once, passive, false
	l.slot, l.abort, l.sameCB = slot, nil, next
}

// addAny is add for every case.
func (s *listenerStore) addAny(typ string, cb Listener, o ListenerOptions) {
	at := s.node
	if at != nil {
		at.doc.addGen++
	}
	if o.Signal != nil && o.Signal.Aborted() {
		return
	}
	fl, isFunc := cb.(*FuncListener)
	if cb == nil || isFunc && fl == nil {
		// DOM step 2: a null callback adds nothing. A nil
		// *FuncListener has no func to call: it is taken as null.
		return
	}
	if !isFunc {
		mustBeComparable(cb)
	}
	// With an index, cb's slot is looked up once and used again below to
	// link the new record.
	var head *listener
	var ref cbRef
	if s.index != nil {
		head, ref = s.index.lookup(cb)
		if findInChain(head, ref, typ, cb, o.Capture) != nil {
			return
		}
	} else if s.find(typ, cb, o.Capture) != nil {
		return
	}
	passive := false
	if o.Passive != nil {
		passive = *o.Passive
	} else if at != nil && defaultPassiveType(typ) {
		passive = at.topLevel()
	}
	var fn func(*Event)
	if isFunc {
		fn = fl.fn
	}
	// With an index, the record goes at the head of cb's chain.
	slot, next := int32(-1), (*listener)(nil)
	if s.index != nil {
		slot, next = int32(ref.slot), head
	}
	l := s.newRecord()
	l.fill(typ, cb, fn, o, passive, slot, next)
	var n int
	if o.Capture {
		c := cap(s.capture)
		s.capture = append(s.capture, l)
		n = len(s.capture)
		if s.index != nil && cap(s.capture) != c {
			s.index.base[1] = s.capture[:0]
		}
	} else {
		c := cap(s.bubble)
		s.bubble = append(s.bubble, l)
		n = len(s.bubble)
		if s.index != nil && cap(s.bubble) != c {
			s.index.base[0] = s.bubble[:0]
		}
	}
	if s.node != nil && s.len() == 1 {
		s.node.doc.startListening(s.node)
	}
	if s.index != nil {
		if !s.index.relink(ref, l) {
			s.index.setHead(ref, cb, l)
		}
	} else if n > indexThreshold {
		s.buildIndex()
	}
	if o.Signal != nil {
		// DOM: aborting removes this exact registration, not whatever
		// matches (type, callback, capture) by then.
		a := &listenerAbort{signal: o.Signal, l: l, s: s}
		a.id = o.Signal.addAlgorithm(a.run)
		l.abort = a
	}
}

// listenerAbort is the abort algorithm of a registration made with a
// signal.
type listenerAbort struct {
	signal *AbortSignal
	id     uint32 // the algorithm's id in signal
	l      *listener
	s      *listenerStore
}

// run removes the registration. Its record is reused once removed: it
// removes it only while the record is still this registration.
func (a *listenerAbort) run() {
	if a.l.abort == a {
		a.s.removeRecord(a.l)
	}
}

func (s *listenerStore) buildIndex() {
	s.index = newCallbackIndex((len(s.capture) + len(s.bubble)) * 2)
	s.index.base = [2][]*listener{s.bubble[:0], s.capture[:0]}
	for _, list := range [2][]*listener{s.capture, s.bubble} {
		for _, l := range list {
			if !l.removed {
				s.index.add(l)
			}
		}
	}
}

// remove is DOM "remove an event listener" by (type, callback, capture).
//
// Components remove their listeners in the order they added them or in
// reverse: the registration is then the first or the last record of its
// list, and its index slot is in the record. remove takes that case here,
// without a call, when no dispatch walks the lists, the record has no
// abort signal to cancel and the list keeps other records (so it keeps its
// start, and the store its listeners); removeAny takes every other case.
// Equal type and data words make two callbacks equal; when they differ,
// removeAny's lookup decides.
func (s *listenerStore) remove(typ string, cb Listener, capture bool) {
	if s.index != nil && s.iterating == 0 {
		if list, _ := s.listOf(capture); len(list) > 1 {
			var end *listener
			front := false
			if l := list[0]; l.isRegistration(typ, cb) {
				end, front = l, true
			} else if l := list[len(list)-1]; l.isRegistration(typ, cb) {
				end = l
			}
			if end != nil && end.abort == nil {
				// dropEnd, less what this case never needs: markRemoved
				// without an abort signal, the list's start kept.
				s.index.unlinkAt(end)
				end.removed, end.fn = true, nil
				cutEnd(s.listFor(end.capture), front)
				s.recycle(end)
				return
			}
		}
	}
	s.removeAny(typ, cb, capture)
}

// removeAny is remove for every case.
func (s *listenerStore) removeAny(typ string, cb Listener, capture bool) {
	if cb == nil {
		return
	}
	if _, isFunc := cb.(*FuncListener); !isFunc && !reflect.TypeOf(cb).Comparable() {
		return
	}
	if s.index == nil {
		if l := s.find(typ, cb, capture); l != nil {
			s.removeRecord(l)
		}
		return
	}
	head, ref := s.index.lookup(cb)
	if l := findInChain(head, ref, typ, cb, capture); l != nil {
		s.index.unlink(ref, head, l)
		s.dropRecord(l)
	}
}

// isRegistration reports whether l, a record of the list of the capture
// value looked for, is the live indexed registration of (typ, cb).
func (l *listener) isRegistration(typ string, cb Listener) bool {
	return l.slot >= 0 && !l.removed && sameIface(l.cb, cb) && sameType(l.typ, typ)
}

// removeRecord sets l's removed flag and takes it out of the list.
func (s *listenerStore) removeRecord(l *listener) {
	if l.removed {
		return
	}
	if s.index != nil {
		s.index.remove(l)
	}
	s.dropRecord(l)
}

// dropRecord is removeRecord for a live record that is out of the index
// already: remove unlinks it with the slot it looked up, saving a second
// lookup.
func (s *listenerStore) dropRecord(l *listener) {
	if s.iterating == 0 {
		if list := s.listFor(l.capture); (*list)[len(*list)-1] == l {
			s.dropEnd(l, false)
			return
		} else if (*list)[0] == l && s.index != nil {
			s.dropEnd(l, true)
			return
		}
	}
	s.markRemoved(l)
	// Only the list that gained a tombstone can need compacting (the
	// other one is compacted by the walk that held it off, if any).
	if l.capture {
		s.captureDead++
		if s.iterating == 0 && int(s.captureDead)*2 >= len(s.capture) {
			s.capture = s.compact(s.capture)
			s.captureDead = 0
		}
	} else {
		s.bubbleDead++
		if s.iterating == 0 && int(s.bubbleDead)*2 >= len(s.bubble) {
			s.bubble = s.compact(s.bubble)
			s.bubbleDead = 0
		}
	}
	s.stoppedListening()
}

// markRemoved sets l's removed flag, clears its fn (dispatch checks the
// flag only where fn is nil) and cancels its abort algorithm.
func (s *listenerStore) markRemoved(l *listener) {
	l.removed, l.fn = true, nil
	if a := l.abort; a != nil {
		a.signal.removeAlgorithm(a.id)
		l.abort = nil
	}
}

// stoppedListening tells the owner's document when the store has no
// listeners left.
func (s *listenerStore) stoppedListening() {
	if s.node != nil && s.len() == 0 {
		s.node.doc.stopListening(s.node)
	}
}

// listFor returns the list that holds registrations of the given capture
// value.
func (s *listenerStore) listFor(capture bool) *[]*listener {
	if capture {
		return &s.capture
	}
	return &s.bubble
}

// dropEnd is dropRecord for a record at the front (only in a store with
// an index) or at the back of its list, while no dispatch walks the lists:
// it takes l out of the list and recycles it at once. Components tear
// their listeners down in the order they added them or in reverse; taking
// those from the ends leaves no tombstone, so the list needs no
// compaction, whose pass over every record cost more than the removals
// themselves. The first record is taken off by moving the list's start,
// which needs the array's start (kept by the index) to take the room back
// once the list is empty.
func (s *listenerStore) dropEnd(l *listener, front bool) {
	s.markRemoved(l)
	list := s.listFor(l.capture)
	cutEnd(list, front)
	if len(*list) == 0 && s.index != nil {
		*list = s.index.base[b2i(l.capture)]
	}
	s.recycle(l)
	s.stoppedListening()
}

// cutEnd takes the first or the last record off list.
func cutEnd(list *[]*listener, front bool) {
	if n := len(*list); front {
		(*list)[0] = nil
		*list = (*list)[1:n]
	} else {
		(*list)[n-1] = nil
		*list = (*list)[:n-1]
	}
}

// b2i is 1 for true and 0 for false: the index of the capture list in
// callbackIndex.base.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// maybeCompact drops a list's tombstones once they are half of it, unless
// a dispatch is walking the lists.
func (s *listenerStore) maybeCompact() {
	if s.iterating != 0 {
		return
	}
	if s.captureDead > 0 && int(s.captureDead)*2 >= len(s.capture) {
		s.capture = s.compact(s.capture)
		s.captureDead = 0
	}
	if s.bubbleDead > 0 && int(s.bubbleDead)*2 >= len(s.bubble) {
		s.bubble = s.compact(s.bubble)
		s.bubbleDead = 0
	}
}

// compact returns list without its removed records, which it recycles.
// The live records move to the start of the list's array, taking back the
// room that removals from the front (dropEnd) left before the list.
func (s *listenerStore) compact(list []*listener) []*listener {
	live, end := list[:0], len(list)
	if s.index != nil && len(list) > 0 {
		if base := s.index.base[b2i(list[0].capture)]; cap(base) > cap(list) {
			// The list starts past its array's start (cap(base) -
			// cap(list) records were taken from its front).
			live, end = base, cap(base)-cap(list)+len(list)
		}
	}
	for _, l := range list {
		if l.removed {
			s.recycle(l)
		} else {
			live = append(live, l)
		}
	}
	clear(live[len(live):end])
	return live
}

// maxSpareRecords bounds the removed records a store keeps for reuse.
const maxSpareRecords = 1024

// recycle keeps a removed record, being compacted out of its list, for
// reuse by add. Nothing refers to them any more: the list does not, the
// index unlinked them, no dispatch walks the list (compaction waits for
// that), and the abort algorithm of a record checks that the record is
// still its registration. Reusing them spares an allocation per add, and
// with it most of the garbage collector's work, on targets whose listeners
// come and go.
func (s *listenerStore) recycle(l *listener) {
	if s.nspare < maxSpareRecords {
		// Only the pointers are cleared, so that a spare record keeps
		// nothing alive: add sets every field again.
		l.typ, l.cb, l.fn, l.abort, l.sameCB = "", nil, nil, nil, s.free
		s.free = l
		s.nspare++
	}
}

// newRecord returns a spare record or a new one. A store with an index
// (many listeners) takes new records from blocks it allocates, so that its
// records lie side by side in memory instead of wherever the heap put
// them: adding and removing many listeners then walks memory in order.
func (s *listenerStore) newRecord() *listener {
	if l := s.free; l != nil {
		s.free = l.sameCB
		s.nspare--
		return l
	}
	if s.index != nil {
		return s.index.newRecord()
	}
	return &listener{}
}

// len returns the number of live registrations.
func (s *listenerStore) len() int {
	return len(s.capture) + len(s.bubble) - int(s.captureDead) - int(s.bubbleDead)
}

// mustBeComparable panics for listener types that == cannot compare, such as
// func types: comparing them would panic later, deep inside dispatch.
func mustBeComparable(cb Listener) {
	if t := reflect.TypeOf(cb); !t.Comparable() {
		panic(fmt.Sprintf("vdom: listener of type %s is not comparable; wrap a func with vdom.NewListener", t))
	}
}

// defaultPassive is the DOM "default passive value" for the event types that
// browsers make passive by default on top-level targets.
func defaultPassiveType(typ string) bool {
	switch typ {
	case "touchstart", "touchmove", "wheel", "mousewheel":
		return true
	}
	return false
}
