package perk_test

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/perk/perktest"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// testPage is the page most tests run on: a unit root #app with a few
// elements, and an element outside it.
const testPage = `<main id="app">` +
	`<button id="save">Save</button>` +
	`<ul id="list"><li class="item" id="i1">a</li><li class="item" id="i2">b</li></ul>` +
	`</main>` +
	`<aside id="outside"><button id="other">Other</button></aside>`

// harness is a started unit on a parsed page.
type harness struct {
	t   *testing.T
	doc *vdom.Document
	u   *unit.Unit
	p   *perk.EventPerk
}

// startUnit parses page, makes a unit on the element with id rootID, starts
// it, and stops it when the test ends.
func startUnit(t *testing.T, page, rootID string, opts unit.Options) *harness {
	t.Helper()
	h := newUnit(t, page, rootID, opts)
	if err := h.u.Start(context.Background()); err != nil {
		t.Fatalf("Start: %v", err)
	}
	h.p = eventsOf(t, h.u)
	return h
}

// newUnit is startUnit without Start.
func newUnit(t *testing.T, page, rootID string, opts unit.Options) *harness {
	t.Helper()
	doc := vdom.ParseString(page)
	root := doc.GetElementByID(rootID)
	if root == nil {
		t.Fatalf("page has no element #%s", rootID)
	}
	if opts.Name == "" {
		opts.Name = rootID
	}
	u, err := unit.New(doc, root, opts)
	if err != nil {
		t.Fatalf("unit.New: %v", err)
	}
	t.Cleanup(func() { stopQuietly(t, u) })
	return &harness{t: t, doc: doc, u: u}
}

// stopQuietly stops u unless it is stopped already, and reports an error
// of Stop.
func stopQuietly(t *testing.T, u *unit.Unit) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := u.Stop(ctx); err != nil && !errors.Is(err, unit.ErrStopped) {
		t.Errorf("Stop: %v", err)
	}
}

func eventsOf(t *testing.T, u *unit.Unit) *perk.EventPerk {
	t.Helper()
	p, err := perk.Events(u)
	if err != nil {
		t.Fatalf("perk.Events: %v", err)
	}
	return p
}

// start starts the unit of a harness made with newUnit.
func (h *harness) start() {
	h.t.Helper()
	if err := h.u.Start(context.Background()); err != nil {
		h.t.Fatalf("Start: %v", err)
	}
	h.p = eventsOf(h.t, h.u)
}

// el returns the element with the given id.
func (h *harness) el(id string) *vdom.Node {
	h.t.Helper()
	n := h.doc.GetElementByID(id)
	if n == nil {
		h.t.Fatalf("no element #%s", id)
	}
	return n
}

// click dispatches a bubbling, cancelable click at the element with id and
// returns DispatchEvent's result.
func (h *harness) click(id string) bool {
	h.t.Helper()
	ok, err := h.el(id).DispatchEvent(vdom.NewEventWith("click", vdom.EventInit{Bubbles: true, Cancelable: true}))
	if err != nil {
		h.t.Fatalf("DispatchEvent: %v", err)
	}
	return ok
}

// settle waits for the background work of the unit's EventPerk.
func (h *harness) settle() error {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return h.p.Settle(ctx)
}

// trigger fires eventName at the element with id ("" for the unit).
func (h *harness) trigger(eventName string, options any, id string) error {
	h.t.Helper()
	var el *vdom.Node
	if id != "" {
		el = h.el(id)
	}
	return h.p.Trigger(context.Background(), eventName, options, el)
}

// callLog records handler calls by label.
type callLog struct {
	mu    sync.Mutex
	calls []string
}

func (l *callLog) add(s string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.calls = append(l.calls, s)
}

// take returns the calls so far and forgets them.
func (l *callLog) take() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	c := l.calls
	l.calls = nil
	if c == nil {
		c = []string{}
	}
	return c
}

func (l *callLog) assert(t testing.TB, want ...string) {
	t.Helper()
	if want == nil {
		want = []string{}
	}
	if diff := cmp.Diff(want, l.take()); diff != "" {
		t.Errorf("calls mismatch (-want +got):\n%s", diff)
	}
}

// method returns a synchronous method that logs label.
func (l *callLog) method(label string) unit.Method {
	return unit.Sync(func(any, *vdom.Event, unit.Ex) error {
		l.add(label)
		return nil
	})
}

// fn returns a *perk.Func named label that logs label.
func (l *callLog) fn(label string) *perk.Func { return perk.NewFunc(label, l.method(label)) }

// methods returns a synchronous logging method for each label.
func (l *callLog) methods(labels ...string) unit.Methods {
	m := unit.Methods{}
	for _, s := range labels {
		m[s] = l.method(s)
	}
	return m
}

// byName is a HandlerInfo for a unit method.
func byName(name string) perk.HandlerInfo { return perk.HandlerInfo{Handler: perk.MethodName(name)} }

// ordered is a HandlerInfo for a unit method with an order.
func ordered(name string, order int) perk.HandlerInfo {
	return perk.HandlerInfo{Handler: perk.MethodName(name), Order: order}
}

// onEntry is an element entry with the handlers of one event.
func onEntry(name, event string, hs ...perk.HandlerInfo) perk.ElementEntry {
	return perk.ElementEntry{Name: name, Handlers: []perk.EventHandlers{{Event: event, Handlers: hs}}}
}

// eventSettings wraps entries as a unit's settings.
func eventSettings(entries ...perk.ElementEntry) unit.Settings {
	return unit.Settings{"event": &perk.EventSettings{Events: entries}}
}

// jsonSettings is a unit's settings with the "event" section in JSON.
func jsonSettings(s string) unit.Settings { return unit.Settings{"event": s} }

// byIdentity compares nodes and units by pointer.
var byIdentity = cmp.Options{
	cmp.Comparer(func(a, b *vdom.Node) bool { return a == b }),
	cmp.Comparer(func(a, b *unit.Unit) bool { return a == b }),
}

// waitGoroutines polls until the number of goroutines is back to at most
// base, and fails the test if it does not get there in 600 polls 5 ms
// apart. It counts polls, not seconds: on a busy machine the goroutines
// that are ending run late, and so does each poll.
func waitGoroutines(t *testing.T, base int) {
	t.Helper()
	for range 600 {
		if runtime.NumGoroutine() <= base {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > base {
		buf := make([]byte, 1<<16)
		buf = buf[:runtime.Stack(buf, true)]
		t.Fatalf("goroutines: %d, want at most %d; stacks:\n%s", n, base, buf)
	}
}

// record sets a recorder as the tracer of h's document.
func (h *harness) record() *perktest.Recorder { return perktest.Record(h.doc) }
