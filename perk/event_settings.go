package perk

import "github.com/eventperk/eventperk-go/unit"

// EventSettings is the "event" section of a unit's settings (specification
// §2): which handlers go on which elements for which events. Entries keep
// their order, which decides the order of handlers of equal Order on one
// element.
//
// Build it in Go, or decode it from JSON with DecodeEventSettings. JSON takes
// both the full format and the shortened format of the specification:
//
//	{"events": {
//	    "save":  {"handlers": {"click": "onSave"}},
//	    "this":  {"handlers": {"doStart": ["init", {"handler": "load", "order": 10}]}},
//	    "items": {"rootNode": "li.item", "handlers": {"click": {
//	        "handler": "onItem", "listenerOptions": {"capture": true},
//	        "options": {"mode": "select"}}}}
//	}}
type EventSettings struct {
	Events []ElementEntry
}

// ElementEntry is event.events.<elementName>.
type ElementEntry struct {
	// Name is <elementName>: without RootNode, the id of the target element
	// inside the unit (any string works, also ids that are not CSS
	// identifiers); "this" is the unit itself. With RootNode it only labels
	// the entry.
	Name string
	// RootNode, when set, is a selector for the targets, scoped to the unit:
	// every compound must match inside it, and elements inside nested units
	// are left out. "this" means the unit itself.
	RootNode string
	// Handlers lists, per event name, the handlers to install.
	Handlers []EventHandlers
}

// EventHandlers is event.events.<elementName>.handlers.<eventName>.
type EventHandlers struct {
	// Event is the event name, a library event or a DOM event name.
	Event string
	// Handlers are installed in this order.
	Handlers []HandlerInfo
}

// HandlerInfo is one handler definition (specification §2.3).
type HandlerInfo struct {
	// Handler is the handler: a MethodName, looked up on the unit each time
	// the event runs, or a *Func, which must exist when it is installed.
	Handler Handler
	// ListenerOptions keep their DOM meaning for this handler.
	ListenerOptions *ListenerOptions
	// Options reach the handler as ex.Options.
	Options map[string]any
	// Order: a higher order runs earlier; equal orders run in installation
	// order.
	Order int
}

// ListenerOptions are the DOM listener options a handler can have.
type ListenerOptions struct {
	// Capture runs the handler in the capture phase (and at the target,
	// before the non-capture handlers).
	Capture bool
	// Once removes the handler after its first run.
	Once bool
	// Passive makes PreventDefault a no-op inside the handler; nil is the
	// DOM default for the event and element.
	Passive *bool
}

// Handler is a handler reference: a MethodName or a *Func. Handlers compare
// with ==, which is how remove finds the registration to take away.
type Handler interface {
	// HandlerName names the handler in traces and errors.
	HandlerName() string
	isHandler()
}

// MethodName refers to a unit method by name. It is resolved each time the
// event runs, so the method may be set or replaced after installation; a
// missing method is an error then.
type MethodName string

// HandlerName returns the method name.
func (m MethodName) HandlerName() string { return string(m) }
func (MethodName) isHandler()            {}

// Func is a Go func used as a handler. Its identity is its pointer: keep the
// *Func to remove the handler later. Two NewFunc calls with the same func give
// two different handlers.
type Func struct {
	name string
	fn   unit.Method
}

// NewFunc returns a handler that calls fn; name labels it in traces and
// errors.
func NewFunc(name string, fn unit.Method) *Func { return &Func{name: name, fn: fn} }

// HandlerName returns the name given to NewFunc.
func (f *Func) HandlerName() string {
	if f == nil {
		return "<nil func>"
	}
	return f.name
}
func (*Func) isHandler() {}

// Method returns the func (nil for a nil *Func).
func (f *Func) Method() unit.Method {
	if f == nil {
		return nil
	}
	return f.fn
}
