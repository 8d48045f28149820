package perk_test

import (
	"bytes"
	"context"
	"errors"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/perk/perktest"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// goid returns the id of the calling goroutine, read from its stack header.
func goid() uint64 {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	buf = bytes.TrimPrefix(buf, []byte("goroutine "))
	id, _ := strconv.ParseUint(string(buf[:bytes.IndexByte(buf, ' ')]), 10, 64)
	return id
}

// asyncStep is a handler that finishes later on another goroutine: it
// sleeps, posts a DOM change back to the document, and then settles its
// promise with err. It logs when it starts, when the DOM work runs (and on
// which goroutine) and when it settles.
type asyncStep struct {
	doc   *vdom.Document
	log   *callLog
	owner uint64
	delay time.Duration
	err   error
	// seq orders the log lines across goroutines.
	seq *atomic.Int64
}

func (a *asyncStep) method(label string) unit.Method {
	return func(_ context.Context, _ any, _ *vdom.Event, ex unit.Ex) (vdom.Awaitable, error) {
		a.log.add(label + ":start")
		p := vdom.NewPromise()
		el := ex.Element
		go func() {
			time.Sleep(a.delay)
			a.doc.Post(func() {
				where := "owner"
				if goid() != a.owner {
					where = "elsewhere"
				}
				// DOM work, on the owner goroutine.
				if err := el.SetAttribute("data-"+label, "done"); err != nil {
					panic(err)
				}
				a.log.add(label + ":dom on " + where)
				if a.err != nil {
					p.Reject(a.err)
					return
				}
				p.Resolve()
			})
		}()
		return p, nil
	}
}

// §4.5 trigger

func TestSpec4_5_Trigger_EventName(t *testing.T) {
	type seen struct {
		Type                        string
		Custom, Bubbles, Cancelable bool
		DefaultPrevented, IsTrusted bool
		TargetIsSave, CurrentIsSave bool
	}
	var got []seen
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"save": {"handlers": {"refresh": "h"}}, "this": {"handlers": {"refresh": "parent"}}}}`),
	})
	save := h.el("save")
	h.u.SetMethod("h", unit.Sync(func(_ any, e *vdom.Event, _ unit.Ex) error {
		e.PreventDefault() // not cancelable: no effect
		got = append(got, seen{e.Type(), e.IsCustom(), e.Bubbles(), e.Cancelable(), e.DefaultPrevented(), e.IsTrusted(),
			e.Target() == vdom.EventTarget(save), e.CurrentTarget() == vdom.EventTarget(save)})
		return nil
	}))
	parent := 0
	h.u.SetMethod("parent", unit.Sync(func(any, *vdom.Event, unit.Ex) error { parent++; return nil }))
	if err := h.u.Cast(context.Background(), "event.trigger", "refresh", nil, save); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]seen{{"refresh", true, false, false, false, false, true, true}}, got); diff != "" {
		t.Errorf("event mismatch (-want +got):\n%s", diff)
	}
	if parent != 0 {
		t.Errorf("the unit's handler ran %d times: the event must not bubble", parent)
	}
	t.Run("no handler: nothing runs, no error", func(t *testing.T) {
		if err := h.u.Cast(context.Background(), "event.trigger", "nothing-here"); err != nil {
			t.Fatal(err)
		}
		if err := h.u.Use(context.Background(), "event.triggerSync", "nothing-here"); err != nil {
			t.Fatal(err)
		}
	})
}

func TestSpec4_5_Trigger_Options(t *testing.T) {
	var got []any
	h := startUnit(t, testPage, "app", unit.Options{Methods: unit.Methods{"h": unit.Sync(func(_ any, e *vdom.Event, _ unit.Ex) error {
		got = append(got, e.Detail())
		return nil
	})}})
	if err := h.u.Use(context.Background(), "event.add", "ping", "h"); err != nil {
		t.Fatal(err)
	}
	type payload struct{ N int }
	for _, tc := range []struct {
		name    string
		options any
	}{
		{"none", nil},
		{"a map", map[string]any{"id": 7, "sender": "x"}},
		{"a struct", payload{3}},
		{"a string", "text"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got = nil
			args := []any{"ping"}
			if tc.options != nil {
				args = append(args, tc.options)
			}
			if err := h.u.Cast(context.Background(), "event.trigger", args...); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([]any{tc.options}, got); diff != "" {
				t.Errorf("detail mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSpec4_5_Trigger_Element(t *testing.T) {
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"this": {"handlers": {"ping": "onUnit"}}, "save": {"handlers": {"ping": "onSave"}}}}`),
		Methods:  log.methods("onUnit", "onSave"),
	})
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		args []any
		want []string
	}{
		{"default: the unit", []any{"ping"}, []string{"onUnit"}},
		{"nil: the unit", []any{"ping", nil, nil}, []string{"onUnit"}},
		{"an element", []any{"ping", nil, h.el("save")}, []string{"onSave"}},
		{"an element without handlers", []any{"ping", nil, h.el("i1")}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := h.u.Cast(ctx, "event.trigger", tc.args...); err != nil {
				t.Fatal(err)
			}
			log.assert(t, tc.want...)
		})
	}
}

func TestSpec4_5_Trigger_WaitsForPromise(t *testing.T) {
	log := &callLog{}
	doc := vdom.ParseString(testPage)
	step := &asyncStep{doc: doc, log: log, owner: goid(), delay: 10 * time.Millisecond}
	var order []string
	u, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{
		Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": ["first", "second", "check"]}}}}`),
		Methods: unit.Methods{
			"first":  step.method("first"),
			"second": step.method("second"),
			"check": unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
				// The DOM work the earlier handlers posted is visible.
				for _, a := range []string{"data-first", "data-second"} {
					v, _ := ex.Element.GetAttribute(a)
					order = append(order, a+"="+v)
				}
				log.add("check")
				return nil
			}),
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stopQuietly(t, u) })
	if err := u.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := u.Cast(context.Background(), "event.trigger", "click", nil, doc.GetElementByID("save")); err != nil {
		t.Fatal(err)
	}
	log.assert(t, "first:start", "first:dom on owner", "second:start", "second:dom on owner", "check")
	if diff := cmp.Diff([]string{"data-first=done", "data-second=done"}, order); diff != "" {
		t.Errorf("DOM mismatch (-want +got):\n%s", diff)
	}
}

func TestSpec4_5_Trigger_WaitsForVdomGo(t *testing.T) {
	var seq atomic.Int64
	var stamps []int64
	slow := func(d time.Duration) unit.Method {
		return func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
			stamps = append(stamps, seq.Add(1)) // start
			var end *int64 = new(int64)
			p := vdom.Go(func() error {
				time.Sleep(d)
				*end = seq.Add(1) // end, on another goroutine
				return nil
			})
			done := vdom.NewPromise()
			go func() {
				<-p.Done()
				stamps = append(stamps, *end)
				done.Resolve()
			}()
			return done, nil
		}
	}
	h := startUnit(t, testPage, "app", unit.Options{Methods: unit.Methods{"a": slow(20 * time.Millisecond), "b": slow(time.Millisecond), "c": slow(0)}})
	if err := h.u.Use(context.Background(), "event.add", "ping", []string{"a", "b", "c"}); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := h.trigger("ping", nil, ""); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < 20*time.Millisecond {
		t.Errorf("trigger returned after %v, before the first handler's work was done", d)
	}
	// start a, end a, start b, end b, start c, end c: strictly one after
	// another.
	if diff := cmp.Diff([]int64{1, 2, 3, 4, 5, 6}, stamps); diff != "" {
		t.Errorf("sequence mismatch (-want +got):\n%s", diff)
	}
}

func TestSpec4_5_Trigger_SettledAndNilAwaitables(t *testing.T) {
	log := &callLog{}
	ret := func(label string, aw vdom.Awaitable) unit.Method {
		return func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
			log.add(label)
			return aw, nil
		}
	}
	var nilPromise *vdom.Promise
	h := startUnit(t, testPage, "app", unit.Options{Methods: unit.Methods{
		"resolved": ret("resolved", vdom.Resolved()),
		"nil":      ret("nil", nil),
		"typedNil": ret("typedNil", nilPromise),
		"last":     ret("last", nil),
	}})
	if err := h.u.Use(context.Background(), "event.add", "ping", []string{"resolved", "nil", "typedNil", "last"}); err != nil {
		t.Fatal(err)
	}
	if err := h.trigger("ping", nil, ""); err != nil {
		t.Fatal(err)
	}
	log.assert(t, "resolved", "nil", "typedNil", "last")
}

func TestSpec4_5_Trigger_ErrorStopsTheChain(t *testing.T) {
	boom := errors.New("boom")
	log := &callLog{}
	doc := vdom.ParseString(testPage)
	step := &asyncStep{doc: doc, log: log, owner: goid(), delay: 5 * time.Millisecond, err: boom}
	for _, tc := range []struct {
		name      string
		failing   unit.Method
		wantPanic bool
		wantLog   []string
	}{
		{"returned error", func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
			log.add("bad")
			return nil, boom
		}, false, []string{"good", "bad"}},
		{"rejected promise", func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
			log.add("bad")
			return vdom.Rejected(boom), nil
		}, false, []string{"good", "bad"}},
		{"promise rejected later", step.method("bad"), false, []string{"good", "bad:start", "bad:dom on owner"}},
		{"panic", func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
			log.add("bad")
			panic(boom)
		}, true, []string{"good", "bad"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := vdom.ParseString(testPage)
			step.doc, step.owner = doc, goid()
			u, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{
				Name:     "todo",
				Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": ["good", {"handler": "bad", "order": -1}, {"handler": "never", "order": -2}]}}}}`),
				Methods:  unit.Methods{"good": log.method("good"), "bad": tc.failing, "never": log.method("never")},
			})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { stopQuietly(t, u) })
			if err := u.Start(context.Background()); err != nil {
				t.Fatal(err)
			}
			err = u.Cast(context.Background(), "event.trigger", "click", nil, doc.GetElementByID("save"))
			log.assert(t, tc.wantLog...)
			if !errors.Is(err, boom) {
				t.Fatalf("trigger: %v, want boom", err)
			}
			var he *perk.HandlerError
			if !errors.As(err, &he) {
				t.Fatalf("trigger: %v is not a *perk.HandlerError", err)
			}
			got := perk.HandlerError{Unit: he.Unit, Element: he.Element, Event: he.Event, Handler: he.Handler, Order: he.Order}
			want := perk.HandlerError{Unit: "todo", Element: "#save", Event: "click", Handler: "bad", Order: -1}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("HandlerError mismatch (-want +got):\n%s", diff)
			}
			for _, s := range []string{"todo", "#save", `"click"`, `"bad"`, "boom"} {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("error %q does not contain %s", err, s)
				}
			}
			var pe *perk.PanicError
			if errors.As(err, &pe) != tc.wantPanic {
				t.Errorf("errors.As(*PanicError) = %v, want %v", !tc.wantPanic, tc.wantPanic)
			}
			if tc.wantPanic && (pe.Value != boom || len(pe.Stack) == 0) {
				t.Errorf("PanicError = %v with %d bytes of stack", pe.Value, len(pe.Stack))
			}
		})
	}
}

func TestSpec4_5_Trigger_ContextEndsTheWait(t *testing.T) {
	base := runtime.NumGoroutine()
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{Name: "app", Methods: unit.Methods{
		"hang": func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
			log.add("hang")
			return vdom.NewPromise(), nil // never settles
		},
		"after": log.method("after"),
	}})
	if err := h.u.Use(context.Background(), "event.add", "ping", []string{"hang", "after"}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	// "hang" never settles: the trigger returns only at the deadline.
	err := h.u.Cast(ctx, "event.trigger", "ping")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("trigger: %v, want context.DeadlineExceeded", err)
	}
	var he *perk.HandlerError
	if !errors.As(err, &he) || he.Handler != "hang" {
		t.Errorf("error %v does not name the handler \"hang\"", err)
	}
	log.assert(t, "hang")
	waitGoroutines(t, base)
	t.Run("the unit goes on working", func(t *testing.T) {
		if err := h.u.Use(ctx, "event.remove", "ping", "hang"); err != nil {
			t.Fatal(err)
		}
		if err := h.trigger("ping", nil, ""); err != nil {
			t.Fatal(err)
		}
		log.assert(t, "after")
	})
	t.Run("cancelled by a handler: the next one does not run", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		cancelling := perk.NewFunc("cancelling", unit.Sync(func(any, *vdom.Event, unit.Ex) error {
			log.add("cancelling")
			cancel()
			return nil
		}))
		if err := h.p.Add("pong", []perk.HandlerInfo{{Handler: cancelling}, {Handler: perk.MethodName("after")}}, nil, nil); err != nil {
			t.Fatal(err)
		}
		err := h.p.Trigger(ctx, "pong", nil, nil)
		var he *perk.HandlerError
		if !errors.Is(err, context.Canceled) || !errors.As(err, &he) || he.Handler != "after" {
			t.Fatalf("trigger: %v, want context.Canceled before handler after", err)
		}
		log.assert(t, "cancelling")
	})
	t.Run("cancelled before: nothing runs", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		err := h.u.Cast(ctx, "event.trigger", "ping")
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("trigger: %v, want context.Canceled", err)
		}
		log.assert(t)
	})
	t.Run("Stop after an abandoned wait", func(t *testing.T) {
		base := runtime.NumGoroutine()
		if err := h.u.Use(ctx, "event.add", "ping2", "hang"); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		if err := h.u.Cast(ctx, "event.trigger", "ping2"); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("trigger: %v", err)
		}
		log.assert(t, "hang")
		// Stop does not wait for the abandoned work; the deadline only
		// keeps a Stop that did from hanging the test.
		stopCtx, stopCancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer stopCancel()
		if err := h.u.Stop(stopCtx); err != nil {
			t.Fatalf("Stop: %v", err)
		}
		waitGoroutines(t, base)
	})
}

// Capture and bubble handlers of one element are one sequence: a bubble
// handler waits for the work of a capture handler on the same element.
func TestSpec4_5_Trigger_WaitsAcrossPhases(t *testing.T) {
	log := &callLog{}
	doc := vdom.ParseString(testPage)
	step := &asyncStep{doc: doc, log: log, owner: goid(), delay: 5 * time.Millisecond}
	u, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{
		Settings: jsonSettings(`{"events": {"save": {"handlers": {"ping": ["bubble", {"handler": "capture", "listenerOptions": {"capture": true}}]}}}}`),
		Methods:  unit.Methods{"capture": step.method("capture"), "bubble": log.method("bubble")},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stopQuietly(t, u) })
	if err := u.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := u.Cast(context.Background(), "event.trigger", "ping", nil, doc.GetElementByID("save")); err != nil {
		t.Fatal(err)
	}
	log.assert(t, "capture:start", "capture:dom on owner", "bubble")
}

// A handler may trigger another event and wait for it; the outer chain
// goes on after the inner one is done.
func TestSpec4_5_Trigger_NestedTrigger(t *testing.T) {
	log := &callLog{}
	doc := vdom.ParseString(testPage)
	step := &asyncStep{doc: doc, log: log, owner: goid(), delay: 5 * time.Millisecond}
	var p *perk.EventPerk
	u, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{
		Settings: jsonSettings(`{"events": {"this": {"handlers": {"outer": ["callInner", "outerLast"], "inner": ["innerSlow", "innerLast"]}}}}`),
		Methods: unit.Methods{
			"callInner": func(ctx context.Context, _ any, _ *vdom.Event, _ unit.Ex) (vdom.Awaitable, error) {
				log.add("callInner")
				return nil, p.Trigger(ctx, "inner", nil, nil)
			},
			"outerLast": log.method("outerLast"),
			"innerSlow": step.method("innerSlow"),
			"innerLast": log.method("innerLast"),
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stopQuietly(t, u) })
	if err := u.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	p = eventsOf(t, u)
	if err := p.Trigger(context.Background(), "outer", nil, nil); err != nil {
		t.Fatal(err)
	}
	log.assert(t, "callInner", "innerSlow:start", "innerSlow:dom on owner", "innerLast", "outerLast")
}

// §4.6 triggerSync

func TestSpec4_6_TriggerSync_DoesNotWait(t *testing.T) {
	log := &callLog{}
	release := make(chan struct{})
	var pending []*vdom.Promise
	h := startUnit(t, testPage, "app", unit.Options{Methods: unit.Methods{
		"slow": func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
			log.add("slow:start")
			p := vdom.NewPromise()
			pending = append(pending, p)
			go func() {
				<-release
				p.Resolve()
			}()
			return p, nil
		},
		"next": unit.Sync(func(_ any, e *vdom.Event, _ unit.Ex) error {
			log.add("next")
			if m, ok := e.Detail().(map[string]any); ok {
				if _, leaked := m["async"]; leaked {
					t.Error("triggerSync leaked an \"async\" key into the detail")
				}
			}
			return nil
		}),
	}})
	if err := h.u.Use(context.Background(), "event.add", "ping", []string{"slow", "next"}); err != nil {
		t.Fatal(err)
	}
	rec := h.record()
	if err := h.u.Use(context.Background(), "event.triggerSync", "ping", map[string]any{"x": 1}); err != nil {
		t.Fatal(err)
	}
	// Both ran, and the slow work is still pending.
	log.assert(t, "slow:start", "next")
	if len(pending) != 1 {
		t.Fatalf("%d pending promises", len(pending))
	}
	select {
	case <-pending[0].Done():
		t.Fatal("the work settled before it was released")
	default:
	}
	close(release)
	if err := h.settle(); err != nil {
		t.Fatal(err)
	}
	var deferred []string
	for _, ev := range rec.Events() {
		if ev.Kind == unit.HandlerEnd {
			deferred = append(deferred, ev.Handler+":"+strconv.FormatBool(ev.Deferred)+":"+ev.Mode)
		}
	}
	if diff := cmp.Diff([]string{"next:false:triggerSync", "slow:true:triggerSync"}, deferred); diff != "" {
		t.Errorf("traced ends mismatch (-want +got):\n%s", diff)
	}
}

func TestSpec4_6_TriggerSync_SameHandlersSameOrder(t *testing.T) {
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"save": {"handlers": {"ping": ["c", {"handler": "a", "order": 2}, {"handler": "b", "order": 1}, {"handler": "d", "order": -1}]}}}}`),
		Methods:  log.methods("a", "b", "c", "d"),
	})
	if err := h.trigger("ping", nil, "save"); err != nil {
		t.Fatal(err)
	}
	viaTrigger := log.take()
	if err := h.u.Use(context.Background(), "event.triggerSync", "ping", nil, h.el("save")); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(viaTrigger, log.take()); diff != "" {
		t.Errorf("triggerSync order mismatch with trigger's (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"a", "b", "c", "d"}, viaTrigger); diff != "" {
		t.Errorf("order mismatch (-want +got):\n%s", diff)
	}
}

func TestSpec4_6_TriggerSync_Errors(t *testing.T) {
	boom := errors.New("boom")
	later := errors.New("later")
	log := &callLog{}
	release := make(chan struct{})
	h := startUnit(t, testPage, "app", unit.Options{Name: "app", Methods: unit.Methods{
		"fails": func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
			log.add("fails")
			return nil, boom
		},
		"failsLater": func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
			log.add("failsLater")
			return vdom.Go(func() error { <-release; return later }), nil
		},
		"panics": func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
			log.add("panics")
			panic("oops")
		},
		"after": log.method("after"),
	}})
	ctx := context.Background()
	t.Run("returned error: returned, chain stopped", func(t *testing.T) {
		if err := h.u.Use(ctx, "event.add", "a", []string{"fails", "after"}); err != nil {
			t.Fatal(err)
		}
		err := h.p.TriggerSync(ctx, "a", nil, nil)
		var he *perk.HandlerError
		if !errors.Is(err, boom) || !errors.As(err, &he) || he.Handler != "fails" {
			t.Fatalf("TriggerSync: %v, want boom from handler fails", err)
		}
		log.assert(t, "fails")
	})
	t.Run("panic: returned, chain stopped", func(t *testing.T) {
		if err := h.u.Use(ctx, "event.add", "b", []string{"panics", "after"}); err != nil {
			t.Fatal(err)
		}
		err := h.u.Use(ctx, "event.triggerSync", "b")
		var pe *perk.PanicError
		if !errors.As(err, &pe) || pe.Value != "oops" {
			t.Fatalf("triggerSync: %v, want a PanicError", err)
		}
		log.assert(t, "panics")
	})
	t.Run("work that fails later: Settle and the tracer report it", func(t *testing.T) {
		rec := h.record()
		if err := h.u.Use(ctx, "event.add", "c", []string{"failsLater", "after"}); err != nil {
			t.Fatal(err)
		}
		if err := h.u.Use(ctx, "event.triggerSync", "c"); err != nil {
			t.Fatalf("triggerSync: %v", err)
		}
		log.assert(t, "failsLater", "after")
		close(release)
		err := h.settle()
		var he *perk.HandlerError
		if !errors.Is(err, later) || !errors.As(err, &he) || he.Handler != "failsLater" || he.Event != "c" {
			t.Fatalf("Settle: %v, want later from failsLater", err)
		}
		if diff := cmp.Diff([]string{"later"}, errorStrings(rec.Errors())); diff != "" {
			t.Errorf("traced errors mismatch (-want +got):\n%s", diff)
		}
		if err := h.settle(); err != nil {
			t.Errorf("second Settle: %v, want nil (each error once)", err)
		}
	})
	// Work that has failed by the time the handler returns is work too:
	// the chain goes on and Settle reports it, as for work that fails
	// later. It used to stop the chain, so whether the handlers after it
	// ran depended on how fast the work failed.
	t.Run("work that failed already: the same", func(t *testing.T) {
		rec := h.record()
		failed := perk.NewFunc("failed", func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
			log.add("failed")
			return vdom.Rejected(later), nil
		})
		if err := h.p.Add("d", []perk.HandlerInfo{{Handler: failed}, byName("after")}, nil, nil); err != nil {
			t.Fatal(err)
		}
		if err := h.u.Use(ctx, "event.triggerSync", "d"); err != nil {
			t.Fatalf("triggerSync: %v", err)
		}
		log.assert(t, "failed", "after")
		err := h.settle()
		var he *perk.HandlerError
		if !errors.Is(err, later) || !errors.As(err, &he) || he.Handler != "failed" || he.Event != "d" {
			t.Fatalf("Settle: %v, want later from failed", err)
		}
		if diff := cmp.Diff([]string{"later"}, errorStrings(rec.Errors())); diff != "" {
			t.Errorf("traced errors mismatch (-want +got):\n%s", diff)
		}
	})
}

func errorStrings(errs []error) []string {
	var out []string
	for _, e := range errs {
		out = append(out, e.Error())
	}
	return out
}

// Events dispatched directly run the handlers with trigger's waiting, in
// the background; Settle collects them.
func TestDispatch_RunsHandlersWithWaiting(t *testing.T) {
	log := &callLog{}
	doc := vdom.ParseString(testPage)
	step := &asyncStep{doc: doc, log: log, owner: goid(), delay: 5 * time.Millisecond}
	u, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{
		Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": ["slow", "after"]}}}}`),
		Methods:  unit.Methods{"slow": step.method("slow"), "after": log.method("after")},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stopQuietly(t, u) })
	if err := u.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	rec := perktest.Record(doc)
	if _, err := doc.GetElementByID("save").DispatchEvent(vdom.NewEventWith("click", vdom.EventInit{Bubbles: true})); err != nil {
		t.Fatal(err)
	}
	log.assert(t, "slow:start") // "after" waits
	if err := eventsOf(t, u).Settle(context.Background()); err != nil {
		t.Fatal(err)
	}
	log.assert(t, "slow:dom on owner", "after")
	for _, ev := range rec.Events() {
		if ev.Mode != "dispatch" {
			t.Errorf("trace mode %q, want dispatch", ev.Mode)
		}
	}
}

func TestDispatch_SettleReturnsErrors(t *testing.T) {
	boom := errors.New("boom")
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": ["bad", "after"]}}}}`),
		Methods: unit.Methods{
			"bad": func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
				log.add("bad")
				return vdom.Go(func() error { time.Sleep(time.Millisecond); return boom }), nil
			},
			"after": log.method("after"),
		},
	})
	h.click("save")
	err := h.settle()
	var he *perk.HandlerError
	if !errors.Is(err, boom) || !errors.As(err, &he) || he.Handler != "bad" || he.Event != "click" {
		t.Fatalf("Settle: %v, want boom from bad", err)
	}
	log.assert(t, "bad")
	t.Run("a synchronous error too", func(t *testing.T) {
		h.u.SetMethod("bad", func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) { return nil, boom })
		h.click("save")
		if err := h.settle(); !errors.Is(err, boom) {
			t.Fatalf("Settle: %v, want boom", err)
		}
	})
	t.Run("Stop reports what nobody collected", func(t *testing.T) {
		h.click("save")
		err := h.u.Stop(context.Background())
		if !errors.Is(err, boom) {
			t.Fatalf("Stop: %v, want boom", err)
		}
	})
}

func TestDispatch_SettleHonoursContext(t *testing.T) {
	base := runtime.NumGoroutine()
	h := startUnit(t, testPage, "app", unit.Options{Methods: unit.Methods{
		"hang": func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
			return vdom.NewPromise(), nil
		},
	}})
	if err := h.u.Use(context.Background(), "event.add", "click", "hang", h.el("save")); err != nil {
		t.Fatal(err)
	}
	h.click("save")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if err := h.p.Settle(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Settle: %v, want DeadlineExceeded", err)
	}
	ctx2, cancel2 := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel2()
	if err := h.u.Stop(ctx2); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Stop: %v, want DeadlineExceeded", err)
	}
	waitGoroutines(t, base)
}

// A dispatched event runs the capture and bubble handlers of one element
// as one sequence, as trigger does: the bubble handlers of an element wait
// for the work of its capture handlers. Handlers of different elements do
// not wait for each other.
func TestDispatch_WaitsAcrossPhases(t *testing.T) {
	log := &callLog{}
	doc := vdom.ParseString(testPage)
	step := &asyncStep{doc: doc, log: log, owner: goid(), delay: 5 * time.Millisecond}
	u, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{
		Settings: jsonSettings(`{"events": {
			"save": {"handlers": {"click": ["saveBubble", {"handler": "saveCapture", "listenerOptions": {"capture": true}}]}},
			"this": {"handlers": {"click": ["appBubble", {"handler": "appCapture", "listenerOptions": {"capture": true}}]}}
		}}`),
		Methods: unit.Methods{
			"saveCapture": step.method("saveCapture"), "saveBubble": log.method("saveBubble"),
			"appCapture": step.method("appCapture"), "appBubble": log.method("appBubble"),
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stopQuietly(t, u) })
	if err := u.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := doc.GetElementByID("save").DispatchEvent(vdom.NewEventWith("click", vdom.EventInit{Bubbles: true})); err != nil {
		t.Fatal(err)
	}
	// Both capture handlers started; no bubble handler yet.
	if diff := cmp.Diff([]string{"appCapture:start", "saveCapture:start"}, log.take()); diff != "" {
		t.Errorf("calls during dispatch mismatch (-want +got):\n%s", diff)
	}
	if err := eventsOf(t, u).Settle(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := log.take()
	pos := map[string]int{}
	for i, s := range got {
		pos[s] = i
	}
	for _, pair := range [][2]string{{"saveCapture:dom on owner", "saveBubble"}, {"appCapture:dom on owner", "appBubble"}} {
		a, okA := pos[pair[0]]
		b, okB := pos[pair[1]]
		if !okA || !okB || a > b {
			t.Errorf("%q must come before %q: %q", pair[0], pair[1], got)
		}
	}
}

// Settle runs the document's tasks while it waits, and reports those that
// panic.
func TestDispatch_SettleReportsPanickingTasks(t *testing.T) {
	var doc *vdom.Document
	h := startUnit(t, testPage, "app", unit.Options{Methods: unit.Methods{
		"work": func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
			p := vdom.NewPromise()
			go func() {
				doc.Post(func() { panic("task broke") })
				time.Sleep(5 * time.Millisecond)
				doc.Post(p.Resolve)
			}()
			return p, nil
		},
	}})
	doc = h.doc
	if err := h.u.Use(context.Background(), "event.add", "click", "work", h.el("save")); err != nil {
		t.Fatal(err)
	}
	h.click("save")
	err := h.settle()
	var te *vdom.TaskError
	if !errors.As(err, &te) || te.Value != "task broke" {
		t.Fatalf("Settle: %v, want the task's panic", err)
	}
	if err := h.settle(); err != nil {
		t.Errorf("second Settle: %v", err)
	}
}

// A handler that stops its unit while Settle waits for other work: Settle
// returns once the perk is detached, within its context.
func TestDispatch_SettleWhenAHandlerStopsTheUnit(t *testing.T) {
	release := make(chan struct{})
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"this": {"handlers": {"ping": "pending"}}, "save": {"handlers": {"click": ["slow", "stopper"]}}}}`),
		Methods: unit.Methods{
			"pending": func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
				return vdom.Go(func() error { <-release; return nil }), nil
			},
			"slow": func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
				return vdom.Go(func() error { time.Sleep(5 * time.Millisecond); return nil }), nil
			},
			"stopper": unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
				// Stop without waiting for the pending work.
				ctx, cancel := context.WithCancel(context.Background())
				cancel()
				if err := ex.Unit.Stop(ctx); !errors.Is(err, context.Canceled) {
					t.Errorf("Stop: %v, want context.Canceled", err)
				}
				time.AfterFunc(10*time.Millisecond, func() { close(release) })
				return nil
			}),
		},
	})
	if err := h.u.Use(context.Background(), "event.triggerSync", "ping"); err != nil {
		t.Fatal(err)
	}
	h.click("save")
	returned := make(chan struct{})
	defer close(returned)
	go func() {
		select {
		case <-returned:
		case <-time.After(10 * time.Second):
			panic("Settle did not return within 10s although its context ends after 2s")
		}
	}()
	// A Settle that waited past the perk's detachment for work that
	// never ends would fail with the deadline.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := h.p.Settle(ctx); err != nil {
		t.Errorf("Settle: %v", err)
	}
}

// A task posted to the document that panics while trigger waits does not
// stop the chain; trigger reports it.
func TestSpec4_5_Trigger_UnrelatedTaskPanic(t *testing.T) {
	log := &callLog{}
	var doc *vdom.Document
	h := startUnit(t, testPage, "app", unit.Options{Methods: unit.Methods{
		"slow": func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
			log.add("slow")
			p := vdom.NewPromise()
			go func() {
				doc.Post(func() { panic("elsewhere") })
				time.Sleep(5 * time.Millisecond)
				p.Resolve()
			}()
			return p, nil
		},
		"next": log.method("next"),
	}})
	doc = h.doc
	if err := h.u.Use(context.Background(), "event.add", "ping", []string{"slow", "next"}); err != nil {
		t.Fatal(err)
	}
	err := h.trigger("ping", nil, "")
	log.assert(t, "slow", "next")
	var te *vdom.TaskError
	if !errors.As(err, &te) || te.Value != "elsewhere" {
		t.Errorf("trigger: %v, want the task's panic reported", err)
	}
	var he *perk.HandlerError
	if errors.As(err, &he) {
		t.Errorf("trigger: %v blames handler %s", err, he.Handler)
	}
}

// Work returned under triggerSync that never settles: Settle and Stop end
// with their context, and no goroutine is left watching it.
func TestSpec4_6_TriggerSync_WorkThatNeverSettles(t *testing.T) {
	base := runtime.NumGoroutine()
	h := startUnit(t, testPage, "app", unit.Options{Methods: unit.Methods{
		"hang": func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
			return vdom.NewPromise(), nil
		},
	}})
	if err := h.u.Use(context.Background(), "event.add", "ping", "hang"); err != nil {
		t.Fatal(err)
	}
	if err := h.u.Use(context.Background(), "event.triggerSync", "ping"); err != nil {
		t.Fatal(err)
	}
	for _, end := range []func(context.Context) error{h.p.Settle, h.u.Stop} {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
		err := end(ctx)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("error: %v, want context.DeadlineExceeded", err)
		}
	}
	waitGoroutines(t, base)
}

// The unit stops while trigger waits (a task posted to the document stops
// it, then panics): trigger returns, with both told, and does not crash.
func TestSpec4_5_Trigger_UnitStoppedWhileWaiting(t *testing.T) {
	var doc *vdom.Document
	var u *unit.Unit
	h := startUnit(t, testPage, "app", unit.Options{Methods: unit.Methods{
		"slow": func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
			doc.SetTimeout(time.Millisecond, func() {
				if err := u.Stop(context.Background()); err != nil {
					t.Errorf("Stop: %v", err)
				}
				panic("after stop")
			})
			return vdom.NewPromise(), nil
		},
	}})
	doc, u = h.doc, h.u
	if err := h.u.Use(context.Background(), "event.add", "ping", "slow"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := h.p.Trigger(ctx, "ping", nil, nil)
	var te *vdom.TaskError
	if !errors.Is(err, unit.ErrStopped) || !errors.As(err, &te) {
		t.Errorf("trigger: %v, want unit.ErrStopped and the task's panic", err)
	}
}
