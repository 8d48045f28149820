package vdom

import (
	"fmt"
	"reflect"
)

// Listener receives events. Registration, de-duplication and removal compare
// Listener values with ==, so a Listener must be of a comparable type; in
// practice a pointer. Use NewListener to turn a func into one: each call
// returns a Listener with its own identity.
type Listener interface {
	HandleEvent(e *Event)
}

// FuncListener is a Listener made from a func; its identity is its pointer.
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
	typ     string
	cb      Listener
	capture bool
	once    bool
	passive bool
	removed bool
	abortID uint32 // beside the bools, so the record fits 64 bytes
	signal  *AbortSignal
	store   *listenerStore
	// sameCB links the registrations of one callback in the store's index
	// (other types or the other capture value).
	sameCB *listener
}

// indexThreshold is the list length above which a store keeps a map from
// callback to its registrations, so adding and removing stay O(1) on targets
// with many listeners. The map is keyed by the callback alone (hashing an
// interface holding a pointer is cheap; hashing the type string too was half
// the cost of an add); the few registrations of one callback are chained.
const indexThreshold = 16

// listenerStore is the event listener list of one EventTarget. Removal marks
// the record and leaves a tombstone; tombstones are compacted away once they
// make up half the list, so removal is O(1) amortized and dispatch snapshots
// stay valid.
type listenerStore struct {
	list       []*listener
	tombstones int
	// captures counts the live capture registrations, so a pass that has
	// none to run at this target skips the walk over the list.
	captures int
	index    *callbackIndex // made once the list is longer than indexThreshold
	// node is the Node that owns the store, nil for other targets; its
	// document tracks which nodes have listeners, for dispatch.
	node *Node
	// iterating counts the dispatches walking the list right now; the list
	// is not compacted meanwhile, so their positions stay valid.
	iterating int
	// spare holds removed records for reuse by add (see recycle).
	spare []*listener
	// nesting counts the dispatches in progress at a target outside any
	// document, for MaxDispatchNesting.
	nesting int
}

func (s *listenerStore) find(typ string, cb Listener, capture bool) *listener {
	if s.index != nil {
		return findInChain(s.index.head(cb), typ, cb, capture)
	}
	for _, l := range s.list {
		if !l.removed && l.cb == cb && l.capture == capture && l.typ == typ {
			return l
		}
	}
	return nil
}

// findInChain returns the registration of (typ, cb, capture) in the index
// chain that starts at head.
func findInChain(head *listener, typ string, cb Listener, capture bool) *listener {
	for l := head; l != nil; l = l.sameCB {
		if l.cb == cb && l.capture == capture && l.typ == typ {
			return l
		}
	}
	return nil
}

// add is DOM "add an event listener"; defaultPassive is the target's default
// passive value for typ.
func (s *listenerStore) add(typ string, cb Listener, o ListenerOptions, defaultPassive bool) {
	if o.Signal != nil && o.Signal.Aborted() {
		return
	}
	if cb == nil {
		return
	}
	mustBeComparable(cb)
	var head *listener // of cb's index chain, looked up once
	if s.index != nil {
		head = s.index.head(cb)
		if findInChain(head, typ, cb, o.Capture) != nil {
			return
		}
	} else if s.find(typ, cb, o.Capture) != nil {
		return
	}
	passive := defaultPassive
	if o.Passive != nil {
		passive = *o.Passive
	}
	l := s.newRecord()
	*l = listener{typ: typ, cb: cb, capture: o.Capture, once: o.Once, passive: passive, store: s}
	s.list = append(s.list, l)
	if l.capture {
		s.captures++
	}
	if s.node != nil && s.len() == 1 {
		s.node.doc.startListening(s.node)
	}
	if s.index != nil {
		l.sameCB = head
		s.index.setHead(cb, l)
	} else if len(s.list) > indexThreshold {
		s.buildIndex()
	}
	if o.Signal != nil {
		l.signal = o.Signal
		// DOM: aborting removes this exact registration, not whatever
		// matches (type, callback, capture) by then.
		sig := o.Signal
		var id uint32
		id = sig.addAlgorithm(func() {
			// The record is reused once removed and compacted away:
			// remove it only while it is still this registration.
			if l.signal == sig && l.abortID == id {
				s.removeRecord(l)
			}
		})
		l.abortID = id
	}
}

func (s *listenerStore) buildIndex() {
	s.index = newCallbackIndex(len(s.list) * 2)
	for _, l := range s.list {
		if !l.removed {
			s.index.add(l)
		}
	}
}

// remove is DOM "remove an event listener" by (type, callback, capture).
func (s *listenerStore) remove(typ string, cb Listener, capture bool) {
	if cb == nil || !reflect.TypeOf(cb).Comparable() {
		return
	}
	if s.index == nil {
		if l := s.find(typ, cb, capture); l != nil {
			s.removeRecord(l)
		}
		return
	}
	head := s.index.head(cb)
	if l := findInChain(head, typ, cb, capture); l != nil {
		s.index.unlink(head, l)
		s.dropRecord(l)
	}
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
// already: remove unlinks it with the chain head it looked up, saving a
// second lookup.
func (s *listenerStore) dropRecord(l *listener) {
	l.removed = true
	if l.capture {
		s.captures--
	}
	if l.signal != nil {
		l.signal.removeAlgorithm(l.abortID)
		l.signal = nil
	}
	s.tombstones++
	s.maybeCompact()
	if s.node != nil && s.len() == 0 {
		s.node.doc.stopListening(s.node)
	}
}

// maybeCompact drops the tombstones once they are half the list, unless a
// dispatch is walking it.
func (s *listenerStore) maybeCompact() {
	if s.iterating == 0 && s.tombstones > 0 && s.tombstones*2 >= len(s.list) {
		s.compact()
	}
}

func (s *listenerStore) compact() {
	live := s.list[:0]
	for _, l := range s.list {
		if l.removed {
			s.recycle(l)
		} else {
			live = append(live, l)
		}
	}
	clear(s.list[len(live):])
	s.list = live
	s.tombstones = 0
}

// maxSpareRecords bounds the removed records a store keeps for reuse.
const maxSpareRecords = 1024

// recycle keeps a removed record, being compacted out of the list, for reuse
// by add. Nothing refers to them any more: the list does not, the index
// unlinked them, no dispatch walks the list (compaction waits for that),
// and the abort algorithm of a record checks that the record is still its
// registration. Reusing them spares an allocation per add, and with it
// most of the garbage collector's work, on targets whose listeners come
// and go.
func (s *listenerStore) recycle(l *listener) {
	if len(s.spare) < maxSpareRecords {
		*l = listener{}
		s.spare = append(s.spare, l)
	}
}

// newRecord returns a spare record or a new one.
func (s *listenerStore) newRecord() *listener {
	if n := len(s.spare); n > 0 {
		l := s.spare[n-1]
		s.spare[n-1] = nil
		s.spare = s.spare[:n-1]
		return l
	}
	return &listener{}
}

// len returns the number of live registrations.
func (s *listenerStore) len() int { return len(s.list) - s.tombstones }

// removeAll drops every registration (used when a target is discarded).
func (s *listenerStore) removeAll() {
	for _, l := range s.list {
		if !l.removed {
			s.removeRecord(l)
		}
	}
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
