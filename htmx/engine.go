package htmx

import (
	"errors"
	"strings"
	"time"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/vdom"
)

// Engine runs htmx on one page's document: it has processed the
// document's hx- attributes, listens for their triggers, sends their
// requests through the page's session and swaps the responses. An Engine
// belongs to the goroutine that owns its document, as the document does.
type Engine struct {
	b    *behaviour
	opts Options
	sess *browse.Session
	page *browse.Page
	doc  *vdom.Document
	cfg  config
	// exts are the htmx 4 extensions the page loads (by file name).
	exts map[string]bool

	states map[*vdom.Node]*elemState

	errs     []error
	reported int

	// sent lists every request sent, oldest first; ready the answered
	// ones waiting to be delivered, in the order they arrived; held
	// those Options.Hold keeps back.
	sent       []*Request
	ready      []*Request
	held       []*Request
	pumpPosted bool

	// handled lists, per event, the elements it triggered (htmx 2's
	// handledFor), until the engine settles.
	handled map[*vdom.Event][]*vdom.Node

	// History (history*.go): seenURL is the document's URL when the
	// engine last saw it change (htmx 4 tells a traversal within one
	// URL's fragments from another); currentPath is htmx 2's
	// currentPathForHistory; restoredElts are htmx 2's
	// hx-trigger="restored" elements; restoreReq is htmx 4's history
	// request in flight.
	seenURL      string
	currentPath  string
	restoredElts []*vdom.Node
	restoreReq   *Request

	// names caches the names built from others on every event and
	// attribute lookup: htmx 2's kebab-case event names (kebabOf) and the
	// attribute names under the data- or htmx 4's configured prefix
	// (prefixedName). Both sets are small: htmx's own names and the
	// events of a page's HX-Trigger headers.
	kebab, prefixed map[string]string
	sel4            selectors4
}

// selectors4 are htmx 4's selectors under the configured prefix, made
// when first used.
type selectors4 struct{ action, ignore string }

// elemState is what htmx keeps per element (htmx 2's internal data,
// htmx 4's _htmx and _htmx_state).
type elemState struct {
	// initialized: the element's triggers are wired (htmx 2:
	// firstInitCompleted; htmx 4: initialized). initHash is htmx 2's hash
	// of the attributes the element was initialized with.
	initialized bool
	initHash    uint32
	hashed      bool
	// powered: htmx 4 marked the element data-htmx-powered.
	powered bool
	// listeners are the element's trigger listeners, removed at cleanup.
	listeners []listenerReg
	triggers  []*trigger
	boosted   bool
	// The request in flight on this element and the queued ones (htmx
	// 2's xhr, abortable and queuedRequests; htmx 4's request queue).
	inflight  *Request
	abortable bool
	queued    []func()
	rq        *requestQueue
	// requestCount counts the requests whose indicator or disabled
	// element this is (htmx 2 shares one count; htmx 4 has rc and dc).
	requestCount int
	disableCount int
	// lastButtonClicked is a form's submitter (htmx 2).
	lastButtonClicked *vdom.Node
	buttonTracking    bool
	// Timers of the triggers: delay, throttle, polling.
	delayed       vdom.TimerID
	throttle      vdom.TimerID
	pollTimer     vdom.TimerID
	cancelled     bool
	loaded        bool
	triggeredOnce bool
	// lastValue remembers values for the changed modifier, per trigger.
	lastValue map[*trigger]map[*vdom.Node]string
	// abortListener: htmx 4 listens for htmx:abort on the element.
	abortListener bool
	// onRefused: the element's hx-on attributes were reported.
	onRefused bool
}

// listenerReg is one listener the engine added.
type listenerReg struct {
	on      vdom.EventTarget
	typ     string
	l       vdom.Listener
	capture bool
}

func newEngine(b *behaviour, o Options, s *browse.Session, p *browse.Page) *Engine {
	return &Engine{b: b, opts: o, sess: s, page: p, doc: p.Document(), states: map[*vdom.Node]*elemState{}, exts: map[string]bool{}}
}

// Version returns the htmx the engine runs.
func (e *Engine) Version() Version { return e.b.version }

// Document returns the document the engine runs on.
func (e *Engine) Document() *vdom.Document { return e.doc }

// Errors returns every error the engine has found so far, oldest first:
// attribute values that do not parse, selectors that find nothing,
// features that need JavaScript, responses it cannot use. Each is an
// *Error.
func (e *Engine) Errors() []error { return append([]error(nil), e.errs...) }

// Settle finishes what the engine has pending now: it runs the timers
// due at the current time (on a vdom.FakeClock; the real clock runs them
// itself) and the document's tasks, which deliver the responses that
// have arrived (a held response waits for Release), until nothing is left
// at this moment. It returns the errors found since they were last
// returned (by Settle, a user's action or the page's load), joined, and
// the errors of the tasks it ran. A user's action (package userevent)
// and vdomtest's waits call it, so a test rarely needs to.
func (e *Engine) Settle() error {
	var errs []error
	for range maxSettleRounds {
		ran := e.runDueTimers(&errs)
		n, err := e.doc.RunTasks()
		if err != nil {
			errs = append(errs, err)
		}
		if !ran && n == 0 {
			break
		}
	}
	// No dispatch of this engine's is running when Settle is called
	// (it runs between a user's actions): the per-event records go.
	e.handled = nil
	if err := e.takeErrors(); err != nil {
		errs = append([]error{err}, errs...)
	}
	return errors.Join(errs...)
}

// maxSettleRounds bounds Settle's rounds of timers and tasks: work that
// keeps making work at the same moment (a zero-delay timer that sets
// another) stops there.
const maxSettleRounds = 10000

// runDueTimers runs the timers due now on a fake clock and reports
// whether there were any.
func (e *Engine) runDueTimers(errs *[]error) bool {
	fc, ok := e.doc.Clock().(*vdom.FakeClock)
	if !ok {
		return false
	}
	due, ok := e.doc.NextTimer()
	if !ok || due.After(fc.Now()) {
		return false
	}
	if err := fc.Advance(0); err != nil {
		*errs = append(*errs, err)
	}
	return true
}

// report records an error of the engine.
func (e *Engine) report(err error) {
	if err != nil {
		e.errs = append(e.errs, err)
	}
}

// takeErrors returns the errors not yet returned, joined.
func (e *Engine) takeErrors() error {
	if e.reported >= len(e.errs) {
		return nil
	}
	err := errors.Join(e.errs[e.reported:]...)
	e.reported = len(e.errs)
	return err
}

// state returns the state of el, making it.
func (e *Engine) state(el *vdom.Node) *elemState {
	st := e.states[el]
	if st == nil {
		st = &elemState{}
		e.states[el] = st
	}
	return st
}

// stateIfAny returns the state of el, nil for none.
func (e *Engine) stateIfAny(el *vdom.Node) *elemState { return e.states[el] }

// active reports whether the engine's page is still the session's: a
// page left behind sends and swaps nothing more.
func (e *Engine) active() bool { return e.sess == nil || e.sess.Page() == e.page }

// setTimeout runs fn after d on the document's clock.
func (e *Engine) setTimeout(d time.Duration, fn func()) vdom.TimerID {
	return e.doc.SetTimeout(d, func() {
		if e.active() {
			fn()
		}
	})
}

// after runs fn after d, or at once when d is not positive (htmx's
// "if (delay > 0) setTimeout(...) else ...").
func (e *Engine) after(d time.Duration, fn func()) {
	if d > 0 {
		e.setTimeout(d, fn)
		return
	}
	fn()
}

// listen adds a listener the engine owns to on.
func (e *Engine) listen(st *elemState, on vdom.EventTarget, typ string, fn func(ev *vdom.Event), capture bool) {
	l := vdom.NewListener(fn)
	addListener(on, typ, l, capture)
	if st != nil {
		st.listeners = append(st.listeners, listenerReg{on: on, typ: typ, l: l, capture: capture})
	}
}

func addListener(on vdom.EventTarget, typ string, l vdom.Listener, capture bool) {
	opts := vdom.ListenerOptions{Capture: capture}
	switch t := on.(type) {
	case *vdom.Node:
		t.AddEventListenerWith(typ, l, opts)
	case *vdom.Document:
		t.AddEventListenerWith(typ, l, opts)
	case *vdom.Window:
		t.AddEventListenerWith(typ, l, opts)
	}
}

func removeListener(r listenerReg) {
	opts := vdom.ListenerOptions{Capture: r.capture}
	switch t := r.on.(type) {
	case *vdom.Node:
		t.RemoveEventListenerWith(r.typ, r.l, opts)
	case *vdom.Document:
		t.RemoveEventListenerWith(r.typ, r.l, opts)
	case *vdom.Window:
		t.RemoveEventListenerWith(r.typ, r.l, opts)
	}
}

// dispatch fires a CustomEvent named typ at target with detail, as
// htmx's events are: cancelable, composed, bubbling unless told. It
// returns false when a listener cancelled it. A listener's panic is the
// engine's error.
func (e *Engine) dispatch(target vdom.EventTarget, typ string, detail any, bubbles bool) bool {
	ev := vdom.NewCustomEventWith(typ, vdom.CustomEventInit{Bubbles: bubbles, Cancelable: true, Composed: true, Detail: detail})
	if e.opts.Trace != nil {
		e.opts.Trace(ev, target)
	}
	ok, err := target.DispatchEvent(ev)
	if err != nil {
		e.report(err)
	}
	return ok
}

// fire dispatches one of htmx's events as the engine's version does:
// htmx 2 fires htmx:error first for an event whose detail carries an
// error and repeats a camelCase event in kebab case unless cancelled;
// htmx 4 fires at the document when the element has left it. A nil
// target is the document.
func (e *Engine) fire(target vdom.EventTarget, name string, d *Detail) bool {
	return e.fireWith(target, name, d, true)
}

func (e *Engine) fireWith(target vdom.EventTarget, name string, d *Detail, bubbles bool) bool {
	if name == "" {
		return true
	}
	if d == nil {
		d = &Detail{}
	}
	if e.b.v4 {
		if n, ok := target.(*vdom.Node); !ok || n == nil || !n.IsConnected() {
			target = e.doc
		}
		return e.dispatch(target, name, d, bubbles)
	}
	if n, ok := target.(*vdom.Node); ok && n == nil {
		target = e.doc
	}
	if d.Error != "" {
		e.fire(target, e.b.ev.error, &Detail{ErrorInfo: d})
	}
	ok := e.dispatch(target, name, d, bubbles)
	if k := e.kebabOf(name); ok && k != name {
		ok = e.dispatch(target, k, d, bubbles)
	}
	return ok
}

// fireValue dispatches an event with a detail of any value: the events
// of HX-Trigger headers, whose details are JSON values.
func (e *Engine) fireValue(target vdom.EventTarget, name string, detail any) bool {
	if e.b.v4 {
		if n, ok := target.(*vdom.Node); !ok || n == nil || !n.IsConnected() {
			target = e.doc
		}
		return e.dispatch(target, name, detail, true)
	}
	ok := e.dispatch(target, name, detail, true)
	if k := e.kebabOf(name); ok && k != name {
		ok = e.dispatch(target, k, detail, true)
	}
	return ok
}

// swapping tells Options.OnSwap of a swap about to be made, once
// nothing can stop it: while the target is still where it was, so that
// an observer can name it.
func (e *Engine) swapping(kind string, target *vdom.Node, style string) {
	if e.opts.OnSwap != nil && style != "none" {
		e.opts.OnSwap(Swap{Kind: kind, Target: target, Style: style})
	}
}

// kebabOf is kebabName(name), made once per engine and name: htmx 2
// dispatches every camelCase event twice, so each dispatch asks.
func (e *Engine) kebabOf(name string) string {
	if k, ok := e.kebab[name]; ok {
		return k
	}
	k := kebabName(name)
	if e.kebab == nil {
		e.kebab = make(map[string]string)
	}
	e.kebab[name] = k
	return k
}

// kebabName is htmx 2's kebab-case form of an event name:
// "htmx:afterSwap" → "htmx:after-swap"; a name without capitals is
// returned as it is.
func kebabName(s string) string {
	upper := strings.IndexFunc(s, func(r rune) bool { return r >= 'A' && r <= 'Z' })
	if upper < 0 {
		return s
	}
	b := make([]byte, 0, len(s)+8)
	b = append(b, s[:upper]...)
	for i := upper; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			if i > 0 && (s[i-1] >= 'a' && s[i-1] <= 'z' || s[i-1] >= '0' && s[i-1] <= '9') {
				b = append(b, '-')
			}
			b = append(b, c+'a'-'A')
			continue
		}
		b = append(b, c)
	}
	return string(b)
}
