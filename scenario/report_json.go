package scenario

import (
	"errors"
	"time"
)

// JSONResult is the machine form of one scenario's run, as "--json" writes
// it (docs/cli.md describes every field). A scenario that could not be
// loaded has only File, OK (false) and Errors.
type JSONResult struct {
	File       string           `json:"file"`
	Name       string           `json:"name,omitempty"`
	OK         bool             `json:"ok"`
	TimedOut   bool             `json:"timedOut,omitempty"`
	DurationMS *float64         `json:"durationMs,omitempty"`
	Steps      []JSONStep       `json:"steps,omitempty"`
	HTML       string           `json:"html,omitempty"`
	Errors     []JSONInputError `json:"errors,omitempty"`
	Warnings   []string         `json:"warnings,omitempty"`
}

// JSONStep is one step of a run.
type JSONStep struct {
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
	Events        []JSONEvent `json:"events"`
	Checks        []JSONCheck `json:"checks,omitempty"`
}

// JSONEvent is one thing that happened during a step: a handler call
// ("call", with its final result), the later end of a call that did not
// end at once ("end", with the call's seq), or a settings entry that
// matched no element ("noTarget").
type JSONEvent struct {
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
	Args       *JSONArgs `json:"args,omitempty"`
	Result     string    `json:"result,omitempty"` // "ok", "error", "pending"
	Error      string    `json:"error,omitempty"`
	Deferred   bool      `json:"deferred,omitempty"`
	DurationMS *float64  `json:"durationMs,omitempty"`
	Entry      string    `json:"entry,omitempty"`
}

// JSONArgs are a scenario method's arguments.
type JSONArgs struct {
	Sender  string         `json:"sender"`
	Target  string         `json:"target,omitempty"`
	Detail  any            `json:"detail"`
	Options map[string]any `json:"options,omitempty"`
	This    string         `json:"this,omitempty"`
}

// JSONCheck is one checked expectation.
type JSONCheck struct {
	What   string `json:"what"`
	OK     bool   `json:"ok"`
	Detail string `json:"detail,omitempty"`
}

// JSONInputError is one problem in an input file.
type JSONInputError struct {
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

// JSON returns the machine form of the result. Internal calls are left out
// unless f.Internal; durations unless f.Durations; the page unless html.
func (r *Result) JSON(f Format, html bool) JSONResult {
	out := JSONResult{File: r.Scenario.File, Name: r.Scenario.Name, OK: r.OK(), TimedOut: r.TimedOut}
	if f.Durations {
		out.DurationMS = ms(r.Elapsed)
	}
	if html {
		out.HTML = r.HTML
	}
	for _, s := range r.Steps {
		js := JSONStep{
			Path: s.Path, Kind: s.Kind, Title: s.Title, Note: s.Note, OK: s.OK(), Skipped: s.Skipped,
			Outcome: s.Outcome, ExpectedError: s.ExpectedError, Failures: s.Failures, Events: []JSONEvent{},
		}
		if s.Err != nil {
			js.Error = s.Err.Error()
		}
		for _, it := range s.Items {
			if it.Call != nil && it.Call.Internal && !f.Internal {
				continue
			}
			js.Events = append(js.Events, jsonEvent(it, f))
		}
		for _, c := range s.Checks {
			js.Checks = append(js.Checks, JSONCheck(c))
		}
		out.Steps = append(out.Steps, js)
	}
	return out
}

func jsonEvent(it Item, f Format) JSONEvent {
	switch it.Kind {
	case ItemNoTarget:
		return JSONEvent{Type: "noTarget", Unit: it.Unit, Entry: it.Entry}
	case ItemEnd:
		e := JSONEvent{Type: "end", Seq: it.Call.Seq, Handler: it.Call.Handler}
		result(&e, it.Call, f)
		return e
	}
	c := it.Call
	order := c.Order
	e := JSONEvent{
		Type: "call", Seq: c.Seq, Unit: c.Unit, Event: c.Event, Element: c.Element, Handler: c.Handler,
		Order: &order, Phase: c.Phase, Mode: c.Mode, Depth: c.Depth, Internal: c.Internal, Spy: c.Spy,
	}
	if a := c.Args; a != nil {
		e.Args = &JSONArgs{Sender: a.Sender, Target: a.Target, Detail: a.Detail, Options: a.Options, This: a.This}
	}
	result(&e, c, f)
	return e
}

func result(e *JSONEvent, c *Call, f Format) {
	switch {
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
func JSONErrors(file string, err error) []JSONInputError {
	var list InputErrors
	if !errors.As(err, &list) {
		var one *InputError
		if errors.As(err, &one) {
			list = InputErrors{one}
		}
	}
	if len(list) == 0 {
		return []JSONInputError{{File: file, Message: err.Error()}}
	}
	out := make([]JSONInputError, len(list))
	for i, e := range list {
		out[i] = JSONInputError{File: e.File, Line: e.Line, Column: e.Column, Path: e.Path, Message: e.Msg, Hint: e.Hint}
	}
	return out
}
