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
	index      map[Listener]*listener
	// node is the Node that owns the store, nil for other targets; its
	// document tracks which nodes have listeners, for dispatch.
	node *Node
	// iterating counts the dispatches walking the list right now; the list
	// is not compacted meanwhile, so their positions stay valid.
	iterating int
	// nesting counts the dispatches in progress at a target outside any
	// document, for MaxDispatchNesting.
	nesting int
}

func (s *listenerStore) find(typ string, cb Listener, capture bool) *listener {
	if s.index != nil {
		for l := s.index[cb]; l != nil; l = l.sameCB {
			if l.capture == capture && l.typ == typ {
				return l
			}
		}
		return nil
	}
	for _, l := range s.list {
		if !l.removed && l.cb == cb && l.capture == capture && l.typ == typ {
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
	if s.find(typ, cb, o.Capture) != nil {
		return
	}
	passive := defaultPassive
	if o.Passive != nil {
		passive = *o.Passive
	}
	l := &listener{typ: typ, cb: cb, capture: o.Capture, once: o.Once, passive: passive, store: s}
	s.list = append(s.list, l)
	if s.node != nil && s.len() == 1 {
		s.node.doc.startListening(s.node)
	}
	if s.index != nil {
		s.indexAdd(l)
	} else if len(s.list) > indexThreshold {
		s.buildIndex()
	}
	if o.Signal != nil {
		l.signal = o.Signal
		// DOM: aborting removes this exact registration, not whatever
		// matches (type, callback, capture) by then.
		l.abortID = o.Signal.addAlgorithm(func() { s.removeRecord(l) })
	}
}

func (s *listenerStore) buildIndex() {
	s.index = make(map[Listener]*listener, len(s.list)*2)
	for _, l := range s.list {
		if !l.removed {
			s.indexAdd(l)
		}
	}
}

func (s *listenerStore) indexAdd(l *listener) {
	l.sameCB = s.index[l.cb]
	s.index[l.cb] = l
}

func (s *listenerStore) indexRemove(l *listener) {
	head := s.index[l.cb]
	if head == l {
		if l.sameCB == nil {
			delete(s.index, l.cb)
		} else {
			s.index[l.cb] = l.sameCB
		}
		l.sameCB = nil
		return
	}
	for prev := head; prev != nil; prev = prev.sameCB {
		if prev.sameCB == l {
			prev.sameCB = l.sameCB
			l.sameCB = nil
			return
		}
	}
}

// remove is DOM "remove an event listener" by (type, callback, capture).
func (s *listenerStore) remove(typ string, cb Listener, capture bool) {
	if cb == nil || !reflect.TypeOf(cb).Comparable() {
		return
	}
	if l := s.find(typ, cb, capture); l != nil {
		s.removeRecord(l)
	}
}

// removeRecord sets l's removed flag and takes it out of the list.
func (s *listenerStore) removeRecord(l *listener) {
	if l.removed {
		return
	}
	l.removed = true
	if s.index != nil {
		s.indexRemove(l)
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
		if !l.removed {
			live = append(live, l)
		}
	}
	clear(s.list[len(live):])
	s.list = live
	s.tombstones = 0
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
