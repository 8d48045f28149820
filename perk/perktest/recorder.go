// Package perktest helps tests of pages that use units and EventPerk: a
// Recorder that traces every handler call of a document and asserts their
// order with a readable diff.
package perktest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// Recorder is a unit.Tracer that keeps what it sees. Like the document it
// traces, it belongs to one goroutine.
type Recorder struct {
	events []unit.TraceEvent
	// IncludePerk keeps EventPerk's own lifecycle handlers in Calls; they
	// are left out by default because every unit has them.
	IncludePerk bool
}

// Record makes a Recorder and sets it as doc's tracer.
func Record(doc *vdom.Document) *Recorder {
	r := &Recorder{}
	unit.SetTracer(doc, r)
	return r
}

// Trace implements unit.Tracer.
func (r *Recorder) Trace(ev unit.TraceEvent) { r.events = append(r.events, ev) }

// Events returns everything recorded, in order.
func (r *Recorder) Events() []unit.TraceEvent { return append([]unit.TraceEvent(nil), r.events...) }

// Reset forgets what was recorded.
func (r *Recorder) Reset() { r.events = nil }

// Calls returns one line per handler call, in the order the calls started:
// "event element handler", such as "click button#save onSave".
func (r *Recorder) Calls() []string {
	var out []string
	for _, ev := range r.events {
		if ev.Kind != unit.HandlerStart {
			continue
		}
		if !r.IncludePerk && strings.HasPrefix(ev.Handler, "EventPerk.") {
			continue
		}
		out = append(out, fmt.Sprintf("%s %s %s", ev.Event, ev.Element, ev.Handler))
	}
	return out
}

// Errors returns the errors of the calls that failed, in order.
func (r *Recorder) Errors() []error {
	var out []error
	for _, ev := range r.events {
		if ev.Kind == unit.HandlerEnd && ev.Err != nil {
			out = append(out, ev.Err)
		}
	}
	return out
}

// AssertCalls fails t, with a diff, unless the recorded calls are exactly
// want (see Calls for the format).
func (r *Recorder) AssertCalls(t testing.TB, want ...string) {
	t.Helper()
	if want == nil {
		want = []string{}
	}
	got := r.Calls()
	if got == nil {
		got = []string{}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("handler calls mismatch (-want +got):\n%s", diff)
	}
}
