// Package perktest helps tests of pages that use units and EventPerk: a
// Recorder that traces every handler call of a document and asserts their
// order with a readable diff.
//
// Elements are named as the eventperk command's traces name them: "#id"
// when the element has a unique id, else a short CSS path from the nearest
// such ancestor, such as "#items > li.item:nth-child(2) > button.remove".
// A name is a selector for its element, and expectations may use any
// selector the element matches instead ("button#save", "#save").
package perktest

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/internal/elname"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// Recorder is a unit.Tracer that keeps what it sees. Like the document it
// traces, it belongs to one goroutine.
type Recorder struct {
	events []unit.TraceEvent
	names  []string // the element of each event, named when it was traced
	// IncludePerk keeps EventPerk's own lifecycle handlers in Calls; they
	// are left out by default because every unit has them.
	IncludePerk bool
	// ShowArgs adds what each handler was called with to the lines of
	// Calls, as the eventperk command's trace shows it: "  sender #app ·
	// detail {"id":7} · options {"k":"v"}", each part only when it says
	// something (a sender that is not the handler's element, a detail that
	// is not null, options that are not empty).
	ShowArgs bool
}

// Record makes a Recorder and sets it as doc's tracer.
func Record(doc *vdom.Document) *Recorder {
	r := &Recorder{}
	unit.SetTracer(doc, r)
	return r
}

// Trace implements unit.Tracer.
func (r *Recorder) Trace(ev unit.TraceEvent) {
	r.events = append(r.events, ev)
	r.names = append(r.names, elname.Of(ev.Element))
}

// Events returns everything recorded, in order.
func (r *Recorder) Events() []unit.TraceEvent { return append([]unit.TraceEvent(nil), r.events...) }

// Reset forgets what was recorded.
func (r *Recorder) Reset() { r.events, r.names = nil, nil }

// call is one handler call: its line and its element.
type call struct {
	line string
	el   *vdom.Node
	ev   unit.TraceEvent
}

func (r *Recorder) calls() []call {
	var out []call
	for i, ev := range r.events {
		if ev.Kind != unit.HandlerStart {
			continue
		}
		if !r.IncludePerk && strings.HasPrefix(ev.Handler, "EventPerk.") {
			continue
		}
		line := fmt.Sprintf("%s %s %s", ev.Event, r.names[i], ev.Handler)
		if r.ShowArgs {
			if args := argsText(ev, r.names[i]); args != "" {
				line += "  " + args
			}
		}
		out = append(out, call{line: line, el: ev.Element, ev: ev})
	}
	return out
}

// argsText is what a handler was called with, as the command's trace
// writes it.
func argsText(ev unit.TraceEvent, element string) string {
	var parts []string
	sender := describeValue(ev.Sender)
	if sender != element {
		parts = append(parts, "sender "+sender)
	}
	if ev.Detail != nil {
		parts = append(parts, "detail "+compactJSON(ev.Detail))
	}
	if len(ev.Options) > 0 {
		parts = append(parts, "options "+compactJSON(ev.Options))
	}
	return strings.Join(parts, " · ")
}

func describeValue(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case *vdom.Node:
		return elname.Of(v)
	case *vdom.Document:
		return "document"
	case *unit.Unit:
		return "unit " + v.Name()
	case fmt.Stringer:
		return v.String()
	}
	return compactJSON(v)
}

func compactJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// Calls returns one line per handler call, in the order the calls started:
// "event element handler", such as "click #save onSave", with the element
// named as the eventperk command names it (see the package doc), and, with
// ShowArgs, what the handler was called with.
func (r *Recorder) Calls() []string {
	var out []string
	for _, c := range r.calls() {
		out = append(out, c.line)
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
// want, one for one, in order. Each wanted line is "event element handler"
// (and, with ShowArgs, the arguments as Calls writes them). Its element
// matches when it is the name Calls gives, or any selector the element
// matches now, as in the eventperk command's expectations:
// "click #save onSave", "click button#save onSave" and
// "click main button onSave" all match a click on <button id="save">.
func (r *Recorder) AssertCalls(t testing.TB, want ...string) {
	t.Helper()
	if want == nil {
		want = []string{}
	}
	got := []string{}
	for i, c := range r.calls() {
		// A line that matches is shown as wanted, so that the diff shows
		// only the calls that differ.
		if i < len(want) && matches(want[i], c) {
			got = append(got, want[i])
		} else {
			got = append(got, c.line)
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("handler calls mismatch (-want +got):\n%s", diff)
	}
}

// matches reports whether a wanted line describes the call.
func matches(want string, c call) bool {
	if want == c.line {
		return true
	}
	head, args, _ := strings.Cut(want, "  ")
	_, gotArgs, _ := strings.Cut(c.line, "  ")
	if strings.TrimSpace(args) != gotArgs {
		return false
	}
	f := strings.Fields(head)
	if len(f) < 3 || f[0] != c.ev.Event || f[len(f)-1] != c.ev.Handler {
		return false
	}
	sel := strings.Join(f[1:len(f)-1], " ")
	if c.el == nil {
		return false
	}
	ok, err := c.el.Matches(sel)
	return err == nil && ok
}
