package scenario

import (
	"errors"
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
	// Warnings are what went wrong without stopping the run: the style
	// sheets the pages linked or imported that did not load, each with
	// the page, the sheet's URL and the reason.
	Warnings []string

	origin string // scheme://host of the first page, for shorter URLs
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

// ExitCode is ExitOK or ExitFailed, or ExitBadInput when the page could
// not be loaded from its server (LoadError).
func (r *Result) ExitCode() int {
	switch {
	case r.OK():
		return ExitOK
	case r.LoadError() != nil:
		return ExitBadInput
	}
	return ExitFailed
}

// LoadError is the input error of a scenario whose page, a URL, could not
// be loaded: it names the file, the position of "page", the URL and what
// went wrong (a status, a type that is not HTML, a limit, no response),
// and errors.Is finds ErrBadInput and the browse error behind it. It is
// nil when the page loaded.
func (r *Result) LoadError() *InputError {
	if len(r.Steps) == 0 || r.Steps[0].Kind != "load" {
		return nil
	}
	var ie *InputError
	if errors.As(r.Steps[0].Err, &ie) {
		return ie
	}
	return nil
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
	// ItemNavigation: a page was loaded, or, on a page read from a file,
	// a navigation was asked for and recorded.
	ItemNavigation
	// ItemHTMXRequest: htmx sent a request from the page and took its
	// response in (or its timeout passed).
	ItemHTMXRequest
	// ItemHTMXSwap: htmx swapped content into the page.
	ItemHTMXSwap
)

// Item is one thing that happened during a step.
type Item struct {
	Kind ItemKind
	Call *Call
	// Unit and Entry name the settings entry of an ItemNoTarget.
	Unit, Entry string
	// Navigation is the load of an ItemNavigation.
	Navigation *Navigation
	// HTMXRequest and HTMXSwap are what htmx did, for ItemHTMXRequest
	// and ItemHTMXSwap.
	HTMXRequest *HTMXRequest
	HTMXSwap    *HTMXSwap
}

// Navigation is one page load of a run: the scenario's page, a link
// followed, a form submitted, or a step that opens a URL or goes through
// the history. On a page that was not fetched from a server, a link or a
// form only asks for it: Followed is false and nothing was sent.
type Navigation struct {
	// Cause is "load" (the scenario's page), "link", "form", "open",
	// "back", "forward" or "reload".
	Cause string
	// Method and URL are those of the first request, URL absolute and
	// without a fragment; for a navigation within the page, Method is ""
	// and URL is the page's new URL, with its fragment.
	Method, URL string
	// Source names the element that asked (a link, a form), "" for the
	// steps and the scenario's page.
	Source string
	// Target is the browsing context the link or form named (a target or
	// formtarget attribute, such as "_blank"); every target loads in the
	// run's one window.
	Target string
	// Download reports a link with a download attribute: the resource is
	// fetched, and the page stays.
	Download bool
	// Followed is true when the request was sent.
	Followed bool
	// WithinPage reports a step that moved within the current page, to
	// another entry or fragment of its document (open of the page's URL
	// with another fragment, back or forward between entries a link
	// within the page made): nothing was sent, and the page stays.
	WithinPage bool
	// Requests are the requests sent, in order, each redirect its own.
	Requests []Request
	// Status is the status of the last response, 0 without one.
	Status int
	// Units are the units made on the page the load brought.
	Units []string
	// Err is the load's error: an error status, a response that is not
	// HTML, too many redirects, too large, no response.
	Err error
}

// Request is one request a run sent to a server.
type Request struct {
	// Method and URL are the request's, URL absolute, without fragment
	// and password.
	Method, URL string
	// Status is the response's status, 0 when none came.
	Status int
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
	// Abandoned: the run left the page before the call finished, as a
	// browser drops a page's scripts when it navigates.
	Abandoned bool
	Err       error

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
