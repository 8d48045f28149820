package scenario

import (
	"errors"
	"time"
)

// jsonResult is the machine form of one scenario's run, as "--json" writes
// it (docs/cli.md describes every field). A scenario that could not be
// loaded has only File, OK (false) and Errors.
type jsonResult struct {
	File       string           `json:"file"`
	Name       string           `json:"name,omitempty"`
	OK         bool             `json:"ok"`
	TimedOut   bool             `json:"timedOut,omitempty"`
	DurationMS *float64         `json:"durationMs,omitempty"`
	Steps      []jsonStep       `json:"steps,omitempty"`
	HTML       string           `json:"html,omitempty"`
	Errors     []jsonInputError `json:"errors,omitempty"`
	Warnings   []string         `json:"warnings,omitempty"`
}

// jsonStep is one step of a run.
type jsonStep struct {
	Path          string      `json:"path"`
	Kind          string      `json:"kind"`
	Title         string      `json:"title"`
	Note          string      `json:"note,omitempty"`
	OK            bool        `json:"ok"`
	Skipped       bool        `json:"skipped,omitempty"`
	Outcome       string      `json:"outcome,omitempty"`
	Error         string      `json:"error,omitempty"`
	ExpectedError string      `json:"expectedError,omitempty"`
	Failures      []string    `json:"failures,omitempty"`
	Events        []jsonEvent `json:"events"`
	Checks        []jsonCheck `json:"checks,omitempty"`
}

// jsonEvent is one thing that happened during a step: a handler call
// ("call", with its final result), the later end of a call that did not
// end at once ("end", with the call's seq), or a settings entry that
// matched no element ("noTarget").
type jsonEvent struct {
	Type       string    `json:"type"`
	Seq        uint64    `json:"seq,omitempty"`
	Unit       string    `json:"unit,omitempty"`
	Event      string    `json:"event,omitempty"`
	Element    string    `json:"element,omitempty"`
	Handler    string    `json:"handler,omitempty"`
	Order      *int      `json:"order,omitempty"`
	Phase      string    `json:"phase,omitempty"`
	Mode       string    `json:"mode,omitempty"`
	Depth      int       `json:"depth,omitempty"`
	Internal   bool      `json:"internal,omitempty"`
	Spy        bool      `json:"spy,omitempty"`
	Args       *jsonArgs `json:"args,omitempty"`
	Result     string    `json:"result,omitempty"` // "ok", "error", "pending"
	Error      string    `json:"error,omitempty"`
	Deferred   bool      `json:"deferred,omitempty"`
	DurationMS *float64  `json:"durationMs,omitempty"`
	Entry      string    `json:"entry,omitempty"`
	// Navigation is the load of a "navigate" event.
	Navigation *jsonNavigation `json:"navigation,omitempty"`
	// HTMX is what htmx did, in an "htmxRequest" or "htmxSwap" event.
	HTMX *jsonHTMX `json:"htmx,omitempty"`
}

// jsonHTMX is a request htmx sent (method, url, source, status,
// timedOut) or a swap it made (kind, target, style).
type jsonHTMX struct {
	Method   string `json:"method,omitempty"`
	URL      string `json:"url,omitempty"`
	Source   string `json:"source,omitempty"`
	Status   *int   `json:"status,omitempty"`
	TimedOut bool   `json:"timedOut,omitempty"`
	Kind     string `json:"kind,omitempty"`
	Target   string `json:"target,omitempty"`
	Style    string `json:"style,omitempty"`
}

// jsonNavigation is a page load: what asked for it, each request sent
// (redirects included) with its status, the units made on the new page.
type jsonNavigation struct {
	Cause    string `json:"cause"`
	Method   string `json:"method,omitempty"`
	URL      string `json:"url,omitempty"`
	Source   string `json:"source,omitempty"`
	Target   string `json:"target,omitempty"`
	Download bool   `json:"download,omitempty"`
	Followed bool   `json:"followed"`
	// WithinPage marks a navigation within the page, which sent nothing.
	WithinPage bool          `json:"withinPage,omitempty"`
	Requests   []jsonRequest `json:"requests,omitempty"`
	Status     int           `json:"status,omitempty"`
	Units      []string      `json:"units,omitempty"`
	Error      string        `json:"error,omitempty"`
}

// jsonRequest is one request sent; status 0 means no response.
type jsonRequest struct {
	Method string `json:"method"`
	URL    string `json:"url"`
	Status int    `json:"status"`
}

// jsonArgs are a scenario method's arguments.
type jsonArgs struct {
	Sender  string         `json:"sender"`
	Target  string         `json:"target,omitempty"`
	Detail  any            `json:"detail"`
	Options map[string]any `json:"options,omitempty"`
	This    string         `json:"this,omitempty"`
}

// jsonCheck is one checked expectation.
type jsonCheck struct {
	What   string `json:"what"`
	OK     bool   `json:"ok"`
	Detail string `json:"detail,omitempty"`
}

// jsonInputError is one problem in an input file.
type jsonInputError struct {
	File    string `json:"file"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Path    string `json:"path,omitempty"`
	Message string `json:"message"`
	Hint    string `json:"hint,omitempty"`
}

func ms(d time.Duration) *float64 {
	v := float64(d.Microseconds()) / 1000
	return &v
}

// toJSON returns the machine form of the result, as "eventperk run --json"
// writes it. Internal calls are left out
// unless f.Internal; durations unless f.Durations; the page unless html.
func (r *Result) toJSON(f Format, html bool) jsonResult {
	out := jsonResult{File: r.Scenario.File, Name: r.Scenario.Name, OK: r.OK(), TimedOut: r.TimedOut, Warnings: r.Warnings}
	if f.Durations {
		out.DurationMS = ms(r.Elapsed)
	}
	if html {
		out.HTML = r.HTML
	}
	for _, s := range r.Steps {
		js := jsonStep{
			Path: s.Path, Kind: s.Kind, Title: s.Title, Note: s.Note, OK: s.OK(), Skipped: s.Skipped,
			Outcome: s.Outcome, ExpectedError: s.ExpectedError, Failures: s.Failures, Events: []jsonEvent{},
		}
		if s.Err != nil {
			js.Error = s.Err.Error()
		}
		for _, it := range s.Items {
			if it.Call != nil && it.Call.Internal && !f.Internal {
				continue
			}
			js.Events = append(js.Events, eventJSON(it, f))
		}
		for _, c := range s.Checks {
			js.Checks = append(js.Checks, jsonCheck(c))
		}
		out.Steps = append(out.Steps, js)
	}
	return out
}

func eventJSON(it Item, f Format) jsonEvent {
	switch it.Kind {
	case ItemNoTarget:
		return jsonEvent{Type: "noTarget", Unit: it.Unit, Entry: it.Entry}
	case ItemNavigation:
		n := it.Navigation
		jn := &jsonNavigation{
			Cause: n.Cause, Method: n.Method, URL: n.URL, Source: n.Source, Target: n.Target,
			Download: n.Download, Followed: n.Followed, WithinPage: n.WithinPage, Status: n.Status, Units: n.Units,
		}
		for _, rq := range n.Requests {
			jn.Requests = append(jn.Requests, jsonRequest(rq))
		}
		if n.Err != nil {
			jn.Error = n.Err.Error()
		}
		return jsonEvent{Type: "navigate", Navigation: jn}
	case ItemHTMXRequest:
		rq := it.HTMXRequest
		status := rq.Status
		return jsonEvent{Type: "htmxRequest", HTMX: &jsonHTMX{Method: rq.Method, URL: rq.URL, Source: rq.Source, Status: &status, TimedOut: rq.TimedOut}}
	case ItemHTMXSwap:
		s := it.HTMXSwap
		return jsonEvent{Type: "htmxSwap", HTMX: &jsonHTMX{Kind: s.Kind, Target: s.Target, Style: s.Style}}
	case ItemEnd:
		e := jsonEvent{Type: "end", Seq: it.Call.Seq, Handler: it.Call.Handler}
		result(&e, it.Call, f)
		return e
	}
	c := it.Call
	order := c.Order
	e := jsonEvent{
		Type: "call", Seq: c.Seq, Unit: c.Unit, Event: c.Event, Element: c.Element, Handler: c.Handler,
		Order: &order, Phase: c.Phase, Mode: c.Mode, Depth: c.Depth, Internal: c.Internal, Spy: c.Spy,
	}
	if a := c.Args; a != nil {
		e.Args = &jsonArgs{Sender: a.Sender, Target: a.Target, Detail: a.Detail, Options: a.Options, This: a.This}
	}
	result(&e, c, f)
	return e
}

func result(e *jsonEvent, c *Call, f Format) {
	switch {
	case c.Abandoned:
		e.Result = "abandoned"
		return
	case !c.Ended:
		e.Result = "pending"
		return
	case c.Err != nil:
		e.Result, e.Error = "error", c.Err.Error()
	default:
		e.Result = "ok"
	}
	e.Deferred = c.Deferred
	if f.Durations {
		e.DurationMS = ms(c.Duration())
	}
}

// JSONErrors is the machine form of a load error: every InputError, or the
// error itself when it is not about input.
func jsonErrors(file string, err error) []jsonInputError {
	var list InputErrors
	if !errors.As(err, &list) {
		var one *InputError
		if errors.As(err, &one) {
			list = InputErrors{one}
		}
	}
	if len(list) == 0 {
		return []jsonInputError{{File: file, Message: err.Error()}}
	}
	out := make([]jsonInputError, len(list))
	for i, e := range list {
		out[i] = jsonInputError{File: e.File, Line: e.Line, Column: e.Column, Path: e.Path, Message: e.Msg, Hint: e.Hint}
	}
	return out
}
