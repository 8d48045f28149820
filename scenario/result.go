package scenario

import (
	"time"

	"github.com/eventperk/eventperk-go/vdom"
)

// Result is what one run of a scenario did: every step with the handler
// calls it caused and the checks it made, and the page afterwards.
type Result struct {
	Scenario *Scenario
	// Steps are in the order they ran: the units that start by themselves
	// first, then the scenario's steps, then "end", which waits for work
	// still running and reports what never finished.
	Steps []*StepResult
	// Calls are every handler call, in the order they started.
	Calls []*Call
	// HTML is the page after the run.
	HTML string
	// TimedOut is set when the scenario's time ran out; the steps after
	// the one that was waiting did not run.
	TimedOut bool
	// Elapsed is how long the run took.
	Elapsed time.Duration
}

// OK reports whether every step went as the scenario said: no unexpected
// error, every expectation held.
func (r *Result) OK() bool {
	for _, s := range r.Steps {
		if !s.OK() {
			return false
		}
	}
	return !r.TimedOut
}

// ExitCode is ExitOK or ExitFailed.
func (r *Result) ExitCode() int {
	if r.OK() {
		return ExitOK
	}
	return ExitFailed
}

// StepResult is one step of a run.
type StepResult struct {
	// Path is the step's JSON path, such as "steps[3]"; "units[0]" for a
	// unit that starts by itself, "end" for the wait at the end.
	Path string
	// Kind is the step's kind, such as "dispatch"; Title says what it did,
	// such as `dispatch "click" at #add`.
	Kind  string
	Title string
	Note  string
	// Items are what happened during the step, in order: calls starting,
	// work finishing later, entries that matched no element.
	Items []Item
	// Outcome is what the step itself returned, such as "not canceled".
	Outcome string
	// Err is the step's failure: its own error, or the first handler
	// error it caused, unless the scenario expected it.
	Err error
	// Failures are further problems: more handler errors, work that never
	// finished.
	Failures []string
	// ExpectedError is the error the step was expected to fail with and
	// did.
	ExpectedError string
	// Checks are the results of an expect step.
	Checks  []Check
	Skipped bool
}

// OK reports whether the step went as the scenario said.
func (s *StepResult) OK() bool {
	if s.Err != nil || len(s.Failures) > 0 {
		return false
	}
	for _, c := range s.Checks {
		if !c.OK {
			return false
		}
	}
	return true
}

// ItemKind says what an Item reports.
type ItemKind uint8

const (
	// ItemCall: a handler was called.
	ItemCall ItemKind = iota + 1
	// ItemEnd: a handler that returned work to finish later finished, or
	// one that called others before it returned.
	ItemEnd
	// ItemNoTarget: a settings entry matched no element when installed.
	ItemNoTarget
)

// Item is one thing that happened during a step.
type Item struct {
	Kind ItemKind
	Call *Call
	// Unit and Entry name the settings entry of an ItemNoTarget.
	Unit, Entry string
}

// Call is one handler call.
type Call struct {
	Seq     uint64
	Unit    string
	Event   string
	Element string // the element the handler is on, named by describe
	Handler string
	Order   int
	Phase   string // "capture", "target", "bubble"
	Mode    string // "trigger", "triggerSync", "dispatch"
	Depth   int
	// Internal marks EventPerk's own lifecycle handlers.
	Internal bool
	// Spy marks a handler name without a method, recorded because of --spy.
	Spy bool
	// Args are the arguments of a scenario method; nil for handlers that
	// are not the scenario's (EventPerk's own).
	Args *Args

	Start, End time.Time
	// Ended: the handler returned and its work, if any, settled.
	Ended bool
	// Deferred: the handler returned work that finished later.
	Deferred bool
	// Inline: nothing happened between the start and the end, so a trace
	// shows both on one line.
	Inline bool
	Err    error

	el *vdom.Node // for expectations that name the element by a selector
}

// Duration is how long the call took, its work included.
func (c *Call) Duration() time.Duration {
	if !c.Ended {
		return 0
	}
	return c.End.Sub(c.Start)
}

// Args are what a handler received.
type Args struct {
	// Sender is the sender, named; Target the event's target when it is
	// not the element the handler is on (a delegated event).
	Sender string
	Target string
	// Detail is e.detail (the trigger options), Options the handler's
	// options from the settings, in JSON form (elements named).
	Detail  any
	Options map[string]any
	// This is the receiver when event.add bound the handler to something
	// other than the unit.
	This string
}

// Check is one checked expectation.
type Check struct {
	// What says what was checked, such as `text of #count is "1"`.
	What string
	OK   bool
	// Detail explains a failure: what was found instead, a diff.
	Detail string
}
