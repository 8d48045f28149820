package unit

import (
	"time"

	"github.com/eventperk/eventperk-go/vdom"
)

// TraceKind says what a TraceEvent reports.
type TraceKind uint8

const (
	// HandlerStart: a handler is about to be called.
	HandlerStart TraceKind = iota + 1
	// HandlerEnd: a handler returned, or the work it returned settled.
	HandlerEnd
	// NoTarget: a settings entry matched no element when it was installed.
	NoTarget
)

func (k TraceKind) String() string {
	switch k {
	case HandlerStart:
		return "start"
	case HandlerEnd:
		return "end"
	case NoTarget:
		return "no-target"
	}
	return "unknown"
}

// TraceEvent is what a Tracer sees of one handler call.
type TraceEvent struct {
	Kind    TraceKind
	Unit    *Unit
	Element *vdom.Node
	Event   string
	Handler string
	Order   int
	Phase   vdom.Phase
	// Mode is "trigger", "triggerSync" or "dispatch" (an event fired with
	// DispatchEvent, not through EventPerk).
	Mode string
	// Depth is the nesting of triggers: 1 for a trigger from outside a
	// handler.
	Depth int
	// Entry names the settings entry, for NoTarget.
	Entry string
	// Sender, Detail and Options are what the handler is called with: the
	// sender, the event's detail, and the handler's options from its
	// settings.
	Sender  any
	Detail  any
	Options map[string]any
	Start   time.Time
	End     time.Time
	// Deferred is true on HandlerEnd when the handler returned work that
	// finished later; End is when that work settled.
	Deferred bool
	Err      error
	// Seq numbers the call within its document, from 1; a HandlerEnd has
	// the Seq of its HandlerStart.
	Seq uint64
}

// Tracer observes handler calls. It runs on the goroutine that owns the
// document, so it may read the DOM.
type Tracer interface {
	Trace(ev TraceEvent)
}

// TracerFunc adapts a func to Tracer.
type TracerFunc func(ev TraceEvent)

// Trace calls f.
func (f TracerFunc) Trace(ev TraceEvent) { f(ev) }

// SetTracer makes t see the handler calls of every unit of doc that has no
// tracer of its own; nil turns it off.
func SetTracer(doc *vdom.Document, t Tracer) { registryOf(doc).tracer = t }

// Tracer returns the tracer that sees u's calls, or nil.
func (u *Unit) Tracer() Tracer {
	if u.opts.Tracer != nil {
		return u.opts.Tracer
	}
	return u.reg.tracer
}
