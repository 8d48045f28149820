package vdom

import (
	"math"
	"time"
	"unsafe"
)

// Phase is an event's eventPhase (DOM §2.2).
type Phase uint8

// The values of Event.EventPhase, numbered as in the DOM.
const (
	PhaseNone      Phase = 0
	CapturingPhase Phase = 1
	AtTarget       Phase = 2
	BubblingPhase  Phase = 3
)

// String returns the DOM constant name, such as "CAPTURING_PHASE".
func (p Phase) String() string {
	switch p {
	case PhaseNone:
		return "NONE"
	case CapturingPhase:
		return "CAPTURING_PHASE"
	case AtTarget:
		return "AT_TARGET"
	case BubblingPhase:
		return "BUBBLING_PHASE"
	}
	return "Phase(" + itoa(int(p)) + ")"
}

// EventInit holds the members of the DOM EventInit dictionary.
type EventInit struct {
	Bubbles    bool
	Cancelable bool
	Composed   bool
}

// CustomEventInit holds the members of the DOM CustomEventInit dictionary.
type CustomEventInit struct {
	Bubbles    bool
	Cancelable bool
	Composed   bool
	// Detail is any Go value; listeners read it with Event.Detail.
	Detail any
}

// eventFlags are the DOM's per-event flags (DOM §2.2 "event flags") plus the
// EventInit booleans, packed so an Event stays small.
type eventFlags uint16

const (
	flagBubbles eventFlags = 1 << iota
	flagCancelable
	flagComposed
	flagStopPropagation
	flagStopImmediate
	flagCanceled
	flagInPassive
	flagDispatch
	flagInitialized
	flagTrusted
	flagCustom
)

// Event is a DOM Event or CustomEvent. Create one with NewEvent or
// NewCustomEvent and fire it with an EventTarget's DispatchEvent. An Event
// belongs to the goroutine that dispatches it.
type Event struct {
	// typPtr and typLen are the type string's data and length (Type puts
	// them together): a length of 32 bits fits beside the flags, where a
	// string's 64 would not, and keeps the Event at 64 bytes, a size class
	// below 80. A type of 4 GiB or more is kept whole behind typPtr instead
	// (longType).
	typPtr    *byte
	flags     eventFlags
	phase     Phase
	iface     eventIface // the typed event's interface (event_types.go); fits in padding
	typLen    uint32
	target    EventTarget
	timeStamp float64
	detail    any
	// dispatch is the state of the dispatch in progress, nil otherwise;
	// ComposedPath reads its path, and CurrentTarget the struct of the
	// path it stands at. (A pointer rather than the path itself, and no
	// currentTarget field, keep the Event in a smaller allocation class:
	// every dispatch allocates one.)
	dispatch *dispatchState
}

// timeOrigin is the zero of Event.TimeStamp: the process's start, the
// server-side stand-in for a browsing context's time origin.
var timeOrigin = time.Now()

func now() float64 {
	// Nanosecond resolution keeps timeStamp > 0 even for the first event.
	return float64(time.Since(timeOrigin).Nanoseconds()+1) / 1e6
}

// NewEvent returns an initialized Event of type typ that does not bubble and
// is not cancelable: NewEventWith with the zero EventInit.
func NewEvent(typ string) *Event {
	return makeEvent(typ, flagInitialized, ifaceEvent, nil)
}

// makeEvent returns a new event of type typ created now, with the flags,
// interface and detail given.
func makeEvent(typ string, flags eventFlags, iface eventIface, detail any) *Event {
	e := &Event{flags: flags, iface: iface, timeStamp: now(), detail: detail}
	e.setType(typ)
	return e
}

// longType is the typLen of an event whose type is kept whole behind
// typPtr: a type of 4 GiB or more, which typLen cannot hold.
const longType = math.MaxUint32

// maxInlineTypeLen is the longest type setType keeps as data and length; a
// variable so that a test can take the other way without a 4 GiB string.
var maxInlineTypeLen uint = longType - 1

// setType sets the event's type to typ.
func (e *Event) setType(typ string) {
	if uint(len(typ)) > maxInlineTypeLen {
		e.setLongType(typ)
		return
	}
	e.typPtr, e.typLen = unsafe.StringData(typ), uint32(len(typ))
}

// setLongType is setType for a type too long for typLen: it keeps the
// string whole behind typPtr. Out of line, so that making an event stays
// small enough to be inlined.
//
//go:noinline
func (e *Event) setLongType(typ string) {
	whole := new(string)
	*whole = typ
	e.typPtr, e.typLen = (*byte)(unsafe.Pointer(whole)), longType
}

// NewEventWith returns an initialized Event of type typ with the members of
// init, as `new Event(typ, init)` does.
func NewEventWith(typ string, init EventInit) *Event {
	// makeEvent written out: it is too large to be inlined, and this is
	// how most events are made.
	e := &Event{flags: flagInitialized, timeStamp: now()}
	e.setType(typ)
	e.setInit(init.Bubbles, init.Cancelable, init.Composed)
	return e
}

// NewCustomEvent returns an initialized CustomEvent of type typ that does not
// bubble, is not cancelable and has a nil detail: NewCustomEventWith with the
// zero CustomEventInit.
func NewCustomEvent(typ string) *Event {
	return makeEvent(typ, flagInitialized|flagCustom, ifaceEvent, nil)
}

// NewCustomEventWith returns an initialized CustomEvent of type typ with the
// members of init, as `new CustomEvent(typ, init)` does.
func NewCustomEventWith(typ string, init CustomEventInit) *Event {
	// makeEvent written out, as in NewEventWith.
	e := &Event{flags: flagInitialized | flagCustom, timeStamp: now(), detail: init.Detail}
	e.setType(typ)
	e.setInit(init.Bubbles, init.Cancelable, init.Composed)
	return e
}

func (e *Event) setInit(bubbles, cancelable, composed bool) {
	e.setFlag(flagBubbles, bubbles)
	e.setFlag(flagCancelable, cancelable)
	e.setFlag(flagComposed, composed)
}

func (e *Event) setFlag(f eventFlags, on bool) {
	if on {
		e.flags |= f
	} else {
		e.flags &^= f
	}
}

func (e *Event) has(f eventFlags) bool { return e.flags&f != 0 }

// Type returns the event's type, such as "click". Types are case-sensitive.
func (e *Event) Type() string {
	if e.typLen == longType {
		return *(*string)(unsafe.Pointer(e.typPtr))
	}
	return unsafe.String(e.typPtr, e.typLen)
}

// Target returns the object the event was dispatched to, or nil before the
// first dispatch. It keeps its value after dispatch.
func (e *Event) Target() EventTarget { return e.target }

// SrcElement is the legacy alias of Target.
func (e *Event) SrcElement() EventTarget { return e.target }

// CurrentTarget returns the object whose listener is running, nil outside
// dispatch.
func (e *Event) CurrentTarget() EventTarget {
	if st := e.dispatch; st != nil && st.entered {
		return st.curPath[st.at].target
	}
	return nil
}

// EventPhase returns the phase of the dispatch, PhaseNone outside dispatch.
func (e *Event) EventPhase() Phase { return e.phase }

// Bubbles reports whether the event goes through the bubbling phase.
func (e *Event) Bubbles() bool { return e.has(flagBubbles) }

// Cancelable reports whether PreventDefault can cancel the event.
func (e *Event) Cancelable() bool { return e.has(flagCancelable) }

// Composed reports the composed flag. Without shadow trees it has no effect
// on the path.
func (e *Event) Composed() bool { return e.has(flagComposed) }

// DefaultPrevented reports whether the event was cancelled. Dispatch does not
// reset it; InitEvent does.
func (e *Event) DefaultPrevented() bool { return e.has(flagCanceled) }

// IsTrusted reports whether the user agent fired the event. Events fired with
// DispatchEvent are never trusted.
func (e *Event) IsTrusted() bool { return e.has(flagTrusted) }

// TimeStamp returns the creation time in milliseconds since the process's
// time origin, always > 0.
func (e *Event) TimeStamp() float64 { return e.timeStamp }

// Detail returns the CustomEvent detail, nil for a plain Event and for the
// typed events (whose UIEvent detail AsUI returns).
func (e *Event) Detail() any {
	if e.iface != ifaceEvent {
		return nil
	}
	return e.detail
}

// IsCustom reports whether the event is a CustomEvent.
func (e *Event) IsCustom() bool { return e.has(flagCustom) }

// StopPropagation stops the event from reaching further objects on its path;
// the other listeners of the current object still run.
func (e *Event) StopPropagation() { e.flags |= flagStopPropagation }

// StopImmediatePropagation also skips the remaining listeners of the current
// object.
func (e *Event) StopImmediatePropagation() {
	e.flags |= flagStopPropagation | flagStopImmediate
}

// CancelBubble reports the stop-propagation flag.
func (e *Event) CancelBubble() bool { return e.has(flagStopPropagation) }

// SetCancelBubble(true) is StopPropagation; SetCancelBubble(false) does
// nothing, as in the DOM.
func (e *Event) SetCancelBubble(v bool) {
	if v {
		e.flags |= flagStopPropagation
	}
}

// PreventDefault cancels the event if it is cancelable and the running
// listener is not passive.
func (e *Event) PreventDefault() { e.setCanceled() }

// ReturnValue is the legacy inverse of DefaultPrevented.
func (e *Event) ReturnValue() bool { return !e.has(flagCanceled) }

// SetReturnValue(false) is PreventDefault; SetReturnValue(true) does nothing.
func (e *Event) SetReturnValue(v bool) {
	if !v {
		e.setCanceled()
	}
}

// setCanceled is DOM "set the canceled flag".
func (e *Event) setCanceled() {
	if e.has(flagCancelable) && !e.has(flagInPassive) {
		e.flags |= flagCanceled
	}
}

// InitEvent re-initializes the event (DOM initEvent; JavaScript's optional
// bubbles and cancelable default to false, pass false for them here). It
// does nothing while the event is being dispatched.
func (e *Event) InitEvent(typ string, bubbles, cancelable bool) {
	if e.has(flagDispatch) {
		return
	}
	e.initialize(typ, bubbles, cancelable)
}

// InitCustomEvent re-initializes a CustomEvent with a new detail. It does
// nothing while the event is being dispatched, and on the typed events
// (MouseEvent and the others), which have no such method.
func (e *Event) InitCustomEvent(typ string, bubbles, cancelable bool, detail any) {
	if e.has(flagDispatch) || e.iface != ifaceEvent {
		return
	}
	e.initialize(typ, bubbles, cancelable)
	e.detail = detail
}

// initialize is DOM "initialize an event".
func (e *Event) initialize(typ string, bubbles, cancelable bool) {
	e.flags |= flagInitialized
	e.flags &^= flagStopPropagation | flagStopImmediate | flagCanceled | flagTrusted
	e.target = nil
	e.setType(typ)
	e.setFlag(flagBubbles, bubbles)
	e.setFlag(flagCancelable, cancelable)
}

// ComposedPath returns the objects the event passes through, target first and
// the top (the Window) last. It is empty outside dispatch.
func (e *Event) ComposedPath() []EventTarget {
	st := e.dispatch
	if st == nil || len(st.curPath) == 0 {
		return []EventTarget{}
	}
	path := st.curPath
	out := make([]EventTarget, len(path))
	for i := range path {
		if path[i].target == nil {
			path[i].target = st.doc.wrap(path[i].h)
		}
		out[i] = path[i].target
	}
	return out
}
