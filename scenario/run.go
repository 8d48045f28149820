package scenario

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/htmx"
	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// Options change how a scenario runs.
type Options struct {
	// Timeout bounds the whole run, overriding the scenario's own; 0 keeps
	// the scenario's, or DefaultTimeout.
	Timeout time.Duration
	// Spy turns every handler name without a method into a recorder, as
	// the scenario's "spy" does.
	Spy bool
	// Methods are Go methods by unit name (the "name" of a units entry;
	// with "each", they go to every unit of the entry). They are added to
	// the methods of the scenario's actions, and replace those of the same
	// name. Their calls are traced, with their arguments, as the others.
	Methods map[string]unit.Methods

	// Handler serves a page given as a URL in process: its requests never
	// touch the network (browse.Options.Handler). When it is nil, Client
	// sends them.
	Handler http.Handler
	// Client sends the requests of a page given as a URL when Handler is
	// nil (nil: a plain &http.Client{}); the run follows redirects and
	// keeps cookies itself.
	Client *http.Client
	// BaseURL is what a relative Page.URL resolves against; with a
	// Handler it defaults to browse.DefaultBaseURL.
	BaseURL string
	// MaxPageBytes refuses a response body longer than this (0:
	// browse.DefaultMaxBodyBytes, 4MB): the load fails with
	// browse.ErrTooLarge.
	MaxPageBytes int64
	// StayOnHost refuses every request to a host other than the first
	// page's (BaseURL's, else the page URL's): a redirect, link or form
	// that leaves it fails with browse.ErrOtherHost
	// (browse.Options.StayOnHost). Without it a run goes wherever its
	// pages and their redirects send it, as a browser does.
	StayOnHost bool
	// Header is sent with every request of a page given as a URL
	// (browse.Options.Header); a name that is not a token or a value
	// with a control character fails the load.
	Header http.Header
	// Cookies go into the session's jar before the first request, for
	// the host of the scenario's page (every path of it), as cookies an
	// earlier visit set: a page behind a sign-in loads as signed in.
	// Header and Cookies shape requests: a page read from a file, which
	// sends none, does not use them.
	Cookies []*http.Cookie
	// HTMX is how the run's pages that load htmx (a <script> whose src
	// names it) run their hx- attributes, through package htmx attached
	// to the run's session: the zero value runs each as its script's
	// name says (htmx-2.0.11.min.js, htmx.org@4), htmx 2 when it names
	// no version; Version with Force runs every such page as that
	// version; Off leaves their hx- attributes alone. Each request htmx
	// sends and each swap it makes is an item of the step during which
	// it happened (ItemHTMXRequest, ItemHTMXSwap), and shows in the
	// trace. The run sets OnResponse, OnSwap and ConfigRequest, and
	// calls those given here too.
	HTMX htmx.Options
}

// errNeverResolved rejects the work of a handler still waiting for a signal
// when the steps end, so that nothing is left hanging.
var errNeverResolved = errors.New("the steps ended before anything resolved what it waited for")

// runner runs one scenario on one fresh document. Everything in it belongs
// to the goroutine that runs the steps, which owns the document.
type runner struct {
	s       *Scenario
	ctx     context.Context
	timeout time.Duration
	spy     bool
	doc     *vdom.Document
	// goMethods are Options.Methods.
	goMethods map[string]unit.Methods
	res       *Result

	units  []*liveUnit
	byName map[string]*liveUnit
	byUnit map[*unit.Unit]*liveUnit

	cur       *StepResult
	failed    []*Call // calls that failed during the current step
	calls     map[uint64]*Call
	lastStart *Call
	callsMark int // res.Calls before it were checked by a calls expectation
	endWatch  map[uint64]*vdom.Promise
	ignore    map[*Call]bool // failures already reported another way

	waiters []*waiter
	timers  map[*timer]bool
	// draining is set while runPageTasks runs the page's tasks; a delay
	// of a method that falls due then waits in later for a step that
	// waits (tasks.go).
	draining bool
	later    []func()
	canceled *bool // the result of the last dispatch step
	// user does the user-level steps (user.go).
	user *userevent.User

	// The pages (navigate.go): the session of a page fetched from a
	// server (nil for a file), the origin the trace shortens URLs
	// against, the load that brought the page being attached, and the
	// units entries that matched on some page.
	sess    *browse.Session
	origin  string
	lastNav *Navigation
	matched map[*unitSpec]bool
}

// liveUnit is one unit of the run.
type liveUnit struct {
	name string
	spec *unitSpec
	u    *unit.Unit
}

// waiter is a handler's work waiting for a signal that a step or another
// handler resolves.
type waiter struct {
	signal string
	call   *Call
	unit   *liveUnit
	work   *vdom.Promise
	resume func(err error)
	// progressed, when set, is resolved once the work went on: it waits
	// again, or it finished and the handler's end was traced.
	progressed *vdom.Promise
}

// timer is a pending delay of a handler's work.
type timer struct {
	id   vdom.TimerID
	work *vdom.Promise
}

// Run runs the scenario on a fresh copy of its page and returns what
// happened. It never returns an error: failures are in the result, and
// ctx, with the scenario's timeout, bounds every wait.
func (s *Scenario) Run(ctx context.Context, opts Options) *Result {
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = s.Timeout
	}
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	r := &runner{
		s: s, ctx: ctx, timeout: timeout, spy: opts.Spy || s.Spy, goMethods: opts.Methods,
		res:      &Result{Scenario: s},
		byName:   map[string]*liveUnit{},
		byUnit:   map[*unit.Unit]*liveUnit{},
		calls:    map[uint64]*Call{},
		endWatch: map[uint64]*vdom.Promise{},
		ignore:   map[*Call]bool{},
		timers:   map[*timer]bool{},
		matched:  map[*unitSpec]bool{},
	}
	begin := time.Now()
	r.run(opts)
	r.res.Elapsed = time.Since(begin)
	r.res.origin = r.origin
	return r.res
}

func (r *runner) run(opts Options) {
	defer r.cleanUp()
	setup := &StepResult{Path: "page", Kind: "load", Title: "load " + r.s.pageName()}
	r.begin(setup)
	if err := r.setUp(opts); err != nil {
		setup.Err = err
		r.res.Steps = append(r.res.Steps, setup)
		return
	}
	if r.s.PageURL != "" {
		// The load of a page from a server is in the trace: its
		// request, redirects and status.
		r.res.Steps = append(r.res.Steps, setup)
	}
	first := r.doc
	for _, lu := range r.units {
		if r.doc != first {
			break // a unit loaded another page as it started
		}
		if !lu.spec.start {
			continue
		}
		sr := &StepResult{Path: lu.spec.path, Kind: "start", Title: "start " + lu.name}
		r.runStep(sr, nil, func() error { return lu.u.Start(r.ctx) })
		if r.res.TimedOut {
			r.skipRest(0)
			return
		}
	}
	for i, o := range r.s.steps {
		sr := &StepResult{Path: o.path, Kind: o.kind, Title: r.title(o), Note: o.note}
		r.runStep(sr, o, func() error { return r.step(o, sr) })
		if r.res.TimedOut {
			r.skipRest(i + 1)
			return
		}
	}
	r.finish()
}

// setUp loads the page, parsing it or fetching it, and makes the units,
// all of them before any starts, so that every unit's boundary is in
// place when the first one installs its handlers.
func (r *runner) setUp(opts Options) error {
	if r.s.PageURL != "" {
		if err := r.openSession(opts); err != nil {
			return err
		}
		err := r.attach(r.sess.Document())
		r.lastNav = nil
		return err
	}
	doc, err := r.s.parsePage()
	if err != nil {
		return err
	}
	if u, err := url.Parse(fileBase); err == nil {
		r.origin = origin(u)
	}
	// The page's sheets load before its units are made, as a browser
	// loads them before the scripts after them run.
	_ = doc.LoadStyleSheets(r.ctx)
	r.noteFileSheets(doc)
	return r.attach(doc)
}

// methods makes a unit's methods from the scenario's action lists, and
// recorders for the handler names without one when spying.
func (r *runner) methods(lu *liveUnit) unit.Methods {
	ms := unit.Methods{}
	for _, m := range lu.spec.methods {
		ms[m.name] = r.method(m.actions, false)
	}
	for name, fn := range r.goMethods[lu.spec.name] {
		ms[name] = r.goMethod(fn)
	}
	if r.spy && lu.spec.settings != nil {
		for _, name := range handlerNames(lu.spec.settings) {
			if _, ok := ms[name]; !ok {
				ms[name] = r.method(nil, true)
			}
		}
	}
	return ms
}

// method is the Go handler that runs a list of actions. The tracer has just
// announced the call (perk traces a call right before making it), so the
// call it saw last is this one, and the arguments go with it.
func (r *runner) method(actions []*op, spy bool) unit.Method {
	return func(ctx context.Context, sender any, e *vdom.Event, ex unit.Ex) (vdom.Awaitable, error) {
		h := &hcall{sender: sender, e: e, ex: ex, call: r.lastStart, unit: r.byUnit[ex.Unit]}
		r.lastStart = nil
		if h.call != nil {
			h.call.Args = r.args(sender, e, ex)
			h.call.Spy = spy
		}
		work := vdom.NewPromise()
		suspended, err := r.runFrom(h, actions, work)
		switch {
		case err != nil:
			return nil, err
		case suspended:
			return work, nil
		}
		return nil, nil
	}
}

// goMethod wraps a Go method so that its calls carry their arguments in
// the result, as the scenario's own methods do.
func (r *runner) goMethod(fn unit.Method) unit.Method {
	return func(ctx context.Context, sender any, e *vdom.Event, ex unit.Ex) (vdom.Awaitable, error) {
		if c := r.lastStart; c != nil {
			r.lastStart = nil
			c.Args = r.args(sender, e, ex)
		}
		return fn(ctx, sender, e, ex)
	}
}

func (r *runner) args(sender any, e *vdom.Event, ex unit.Ex) *Args {
	a := &Args{Sender: describeValue(sender), Detail: jsonForm(e.Detail())}
	if t, ok := e.Target().(*vdom.Node); ok && t != ex.Element {
		a.Target = describe(t)
	}
	if len(ex.Options) > 0 {
		a.Options, _ = jsonForm(ex.Options).(map[string]any)
	}
	if ex.This != nil && ex.This != any(ex.Unit) {
		if s, ok := jsonForm(ex.This).(string); ok {
			a.This = s
		} else {
			a.This = compactJSON(jsonForm(ex.This))
		}
	}
	return a
}

// jsonForm turns a handler argument into what JSON can hold: elements
// become their names.
func jsonForm(v any) any {
	switch v := v.(type) {
	case nil, string, bool, int64, float64, int:
		return v
	case *vdom.Node:
		return describe(v)
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = jsonForm(x)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = jsonForm(x)
		}
		return out
	case unit.Settings:
		// The lifecycle events carry the unit's settings; the scenario
		// shows them already, and a trace line is no place to repeat them.
		names := make([]string, 0, len(v))
		for k := range v {
			names = append(names, k)
		}
		slices.Sort(names)
		return "(the unit's settings: " + strings.Join(names, ", ") + ")"
	case json.RawMessage:
		if jv, err := parseJSON(v); err == nil {
			return jv.toAny()
		}
	}
	if b, err := json.Marshal(v); err == nil {
		if jv, err := parseJSON(b); err == nil {
			return jv.toAny()
		}
	}
	return describeValue(v)
}

// trace is the document's tracer: it turns handler calls into the result's
// calls and the current step's items.
func (r *runner) trace(ev unit.TraceEvent) {
	switch ev.Kind {
	case unit.HandlerStart:
		c := &Call{
			Seq: ev.Seq, Event: ev.Event, Element: describe(ev.Element), Handler: ev.Handler,
			Order: ev.Order, Phase: phaseName(ev.Phase), Mode: ev.Mode, Depth: ev.Depth, Start: ev.Start,
			Internal: strings.HasPrefix(ev.Handler, "EventPerk."), el: ev.Element,
		}
		if ev.Unit != nil {
			c.Unit = ev.Unit.Name()
		}
		r.calls[ev.Seq] = c
		r.res.Calls = append(r.res.Calls, c)
		r.lastStart = c
		r.cur.Items = append(r.cur.Items, Item{Kind: ItemCall, Call: c})
	case unit.HandlerEnd:
		c := r.calls[ev.Seq]
		if c == nil {
			return
		}
		c.Ended, c.End, c.Deferred, c.Err = true, ev.End, ev.Deferred, ev.Err
		if n := len(r.cur.Items); n > 0 && r.cur.Items[n-1].Kind == ItemCall && r.cur.Items[n-1].Call == c {
			c.Inline = true
		} else {
			r.cur.Items = append(r.cur.Items, Item{Kind: ItemEnd, Call: c})
		}
		if c.Err != nil && !r.ignore[c] {
			r.failed = append(r.failed, c)
		}
		if p := r.endWatch[ev.Seq]; p != nil {
			delete(r.endWatch, ev.Seq)
			p.Resolve()
		}
	case unit.NoTarget:
		name := ""
		if ev.Unit != nil {
			name = ev.Unit.Name()
		}
		// EventPerk installs in two passes when a unit starts (doApplySettings
		// and afterTransform), and reports an entry without target in each;
		// once per step says it.
		for _, it := range r.cur.Items {
			if it.Kind == ItemNoTarget && it.Unit == name && it.Entry == ev.Entry {
				return
			}
		}
		r.cur.Items = append(r.cur.Items, Item{Kind: ItemNoTarget, Unit: name, Entry: ev.Entry})
	}
}

func phaseName(p vdom.Phase) string {
	switch p {
	case vdom.CapturingPhase:
		return "capture"
	case vdom.AtTarget:
		return "target"
	case vdom.BubblingPhase:
		return "bubble"
	}
	return "none"
}

func (r *runner) begin(sr *StepResult) {
	r.cur = sr
	r.failed = nil
}

// runStep runs one step and decides its outcome: its own error, the
// handler errors it caused, and whether the scenario expected them.
func (r *runner) runStep(sr *StepResult, o *op, do func() error) {
	r.begin(sr)
	r.repostTimers()
	err := do()
	if ferr := r.followPage(); ferr != nil {
		err = errors.Join(err, ferr)
	}
	if terr := r.runPageTasks(); terr != nil {
		err = errors.Join(err, terr)
	}
	r.res.Steps = append(r.res.Steps, sr)
	if r.ctx.Err() != nil {
		r.res.TimedOut = true
		sr.Err = r.timeoutError(sr)
		return
	}
	err = withoutTraced(err, r.failed)
	var errs []error
	if err != nil {
		errs = append(errs, err)
	}
	for _, c := range r.failed {
		if err != nil && errors.Is(err, c.Err) {
			continue // the step's own error already says it
		}
		errs = append(errs, &callError{c})
	}
	for i, e := range errs {
		if errors.Is(e, perk.ErrMethodNotFound) && !r.spy {
			errs[i] = fmt.Errorf("%w (define the method in the scenario, or run with --spy to record its calls)", e)
		}
	}
	if o != nil && o.expectError != nil {
		want := *o.expectError
		for _, e := range errs {
			if strings.Contains(e.Error(), want) {
				sr.ExpectedError = e.Error()
				return
			}
		}
		if len(errs) == 0 {
			sr.Err = fmt.Errorf("expected an error containing %s, but the step succeeded", quoteJSON(want))
			return
		}
		sr.Err = fmt.Errorf("expected an error containing %s, got: %w", quoteJSON(want), errors.Join(errs...))
		return
	}
	if len(errs) > 0 {
		sr.Err = errs[0]
		for _, e := range errs[1:] {
			sr.Failures = append(sr.Failures, e.Error())
		}
	}
}

// withoutTraced returns err without the unit handler errors that the
// trace recorded as failed calls. A user's action returns the errors of
// the handlers it set off (package userevent); the step reports them as
// the failed calls of its trace instead, in the trace's words, as it
// reports those of a dispatched event.
func withoutTraced(err error, failed []*Call) error {
	if len(failed) == 0 {
		return err
	}
	_, out := dropTraced(err, failed)
	return out
}

// dropTraced is withoutTraced, reporting whether it dropped anything.
func dropTraced(err error, failed []*Call) (bool, error) {
	if err == nil {
		return false, nil
	}
	j, ok := err.(interface{ Unwrap() []error })
	if !ok {
		var he *perk.HandlerError
		if errors.As(err, &he) {
			for _, c := range failed {
				if c.Err != nil && errors.Is(err, c.Err) {
					return true, nil
				}
			}
		}
		return false, err
	}
	var kept []error
	dropped := false
	for _, e := range j.Unwrap() {
		d, w := dropTraced(e, failed)
		dropped = dropped || d
		if w != nil {
			kept = append(kept, w)
		}
	}
	if !dropped {
		return false, err
	}
	return true, errors.Join(kept...)
}

// callError is a handler failure seen in the trace, such as one of an
// event dispatched to the page, which nobody returns.
type callError struct{ c *Call }

func (e *callError) Error() string {
	return fmt.Sprintf("handler %s (%s on %s, unit %s) failed: %v", e.c.Handler, e.c.Event, e.c.Element, e.c.Unit, e.c.Err)
}

func (e *callError) Unwrap() error { return e.c.Err }

// timeoutError says which step ran out of time and what it was waiting for.
func (r *runner) timeoutError(sr *StepResult) error {
	var waiting []string
	for _, w := range r.waiters {
		if w.call != nil {
			s := fmt.Sprintf("%s (%s on %s) waits for %s", w.call.Handler, w.call.Event, w.call.Element, quoteJSON(w.signal))
			if !slices.Contains(waiting, s) {
				waiting = append(waiting, s)
			}
		}
	}
	for _, c := range r.res.Calls {
		if !c.Ended && !c.Internal && !c.Abandoned && !hasWaiter(r.waiters, c) {
			waiting = append(waiting, fmt.Sprintf("%s (%s on %s) has not finished", c.Handler, c.Event, c.Element))
		}
	}
	msg := fmt.Sprintf("%s: timed out after %s", sr.Path, r.timeout)
	if len(waiting) > 0 {
		msg += ": " + strings.Join(waiting, "; ")
	}
	for _, w := range r.waiters {
		if w.call != nil {
			msg += fmt.Sprintf(" (a step that resolves %s cannot run while %s waits; fire the event with triggerSync or dispatch instead)", quoteJSON(w.signal), sr.Path)
			break
		}
	}
	return errors.New(msg)
}

func hasWaiter(ws []*waiter, c *Call) bool {
	for _, w := range ws {
		if w.call == c {
			return true
		}
	}
	return false
}

// skipRest records the steps that did not run after a timeout.
func (r *runner) skipRest(from int) {
	for _, o := range r.s.steps[from:] {
		r.res.Steps = append(r.res.Steps, &StepResult{Path: o.path, Kind: o.kind, Title: r.title(o), Note: o.note, Skipped: true})
	}
}

// finish waits for the work still running and reports what never finished:
// handlers waiting for a signal no step resolved fail the scenario.
func (r *runner) finish() {
	sr := &StepResult{Path: "end", Kind: "end", Title: "wait for work still running"}
	r.runStep(sr, nil, func() error {
		var failures []string
		for _, w := range r.takeWaiters("") {
			if w.call != nil {
				r.ignore[w.call] = true
				failures = append(failures, fmt.Sprintf("handler %s (%s on %s) still waited for %s when the steps ended",
					w.call.Handler, w.call.Event, w.call.Element, quoteJSON(w.signal)))
			}
			w.work.Reject(errNeverResolved)
		}
		var errs []error
		for _, lu := range r.units {
			if !lu.u.Started() {
				continue
			}
			if err := r.settle(lu); err != nil {
				errs = append(errs, err)
			}
		}
		sr.Failures = append(sr.Failures, failures...)
		sr.Failures = append(sr.Failures, r.unmatchedUnits()...)
		return errors.Join(errs...)
	})
	var b bytes.Buffer
	if err := r.doc.Render(&b); err == nil {
		r.res.HTML = b.String()
	}
}

// settle waits for a unit's work that nobody awaits, and returns the
// errors that are not handler failures, which the trace reports already.
func (r *runner) settle(lu *liveUnit) error {
	p, err := perk.Events(lu.u)
	if err != nil {
		return nil // stopped: nothing runs any more
	}
	err = p.Settle(r.ctx)
	if err == nil || r.ctx.Err() != nil {
		return nil
	}
	var rest []error
	for _, e := range flatten(err) {
		var he *perk.HandlerError
		if !errors.As(e, &he) {
			rest = append(rest, e)
		}
	}
	return errors.Join(rest...)
}

func flatten(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []error
		for _, e := range j.Unwrap() {
			out = append(out, flatten(e)...)
		}
		return out
	}
	return []error{err}
}

// cleanUp settles what is left, so that no goroutine waits for ever on work
// of this run: pending delays and signals fail.
func (r *runner) cleanUp() {
	for t := range r.timers {
		r.doc.ClearTimeout(t.id)
		t.work.Reject(errNeverResolved)
	}
	r.timers = nil
	for _, w := range r.waiters {
		w.work.Reject(errNeverResolved)
	}
	r.waiters = nil
	if r.doc != nil {
		unit.SetTracer(r.doc, nil)
	}
}

// takeWaiters removes and returns the waiters for signal ("" for all).
func (r *runner) takeWaiters(signal string) []*waiter {
	var out, keep []*waiter
	for _, w := range r.waiters {
		if signal == "" || w.signal == signal {
			out = append(out, w)
		} else {
			keep = append(keep, w)
		}
	}
	r.waiters = keep
	return out
}
