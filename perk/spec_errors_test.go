package perk_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

func TestErrors_HandlerErrorFormat(t *testing.T) {
	inner := errors.New("inner")
	e := &perk.HandlerError{Unit: "todo", Element: "#save", Event: "click", Handler: "onSave", Order: 3, Err: inner}
	want := `perk: unit todo: "click" on #save: handler "onSave" (order 3): inner`
	if got := e.Error(); got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if !errors.Is(e, inner) {
		t.Error("HandlerError does not unwrap to its error")
	}
}

func TestErrors_PanicError(t *testing.T) {
	inner := errors.New("inner")
	for _, tc := range []struct {
		name    string
		value   any
		wantMsg string
		isInner bool
	}{
		{"an error", inner, "panic: inner", true},
		{"a string", "bad", "panic: bad", false},
		{"a number", 42, "panic: 42", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := startUnit(t, testPage, "app", unit.Options{Methods: unit.Methods{
				"p": func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) { panic(tc.value) },
			}})
			if err := h.u.Use(context.Background(), "event.add", "ping", "p"); err != nil {
				t.Fatal(err)
			}
			err := h.trigger("ping", nil, "")
			var pe *perk.PanicError
			if !errors.As(err, &pe) {
				t.Fatalf("trigger: %v, want a *PanicError", err)
			}
			if pe.Error() != tc.wantMsg {
				t.Errorf("Error() = %q, want %q", pe.Error(), tc.wantMsg)
			}
			if errors.Is(err, inner) != tc.isInner {
				t.Errorf("errors.Is(inner) = %v, want %v", !tc.isInner, tc.isInner)
			}
			if !strings.Contains(string(pe.Stack), "spec_errors_test.go") {
				t.Errorf("the stack does not show the panicking handler:\n%s", pe.Stack)
			}
		})
	}
	t.Run("in a dispatched event: Settle reports it, other listeners still run", func(t *testing.T) {
		log := &callLog{}
		h := startUnit(t, testPage, "app", unit.Options{
			Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": ["p", "after"]}}, "this": {"handlers": {"click": "onUnit"}}}}`),
			Methods: unit.Methods{
				"p":      func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) { panic("boom") },
				"after":  log.method("after"),
				"onUnit": log.method("onUnit"),
			},
		})
		h.click("save")
		var pe *perk.PanicError
		if err := h.settle(); !errors.As(err, &pe) {
			t.Fatalf("Settle: %v, want a *PanicError", err)
		}
		// The chain of #save stopped; the unit's own listener is another
		// chain and ran.
		log.assert(t, "onUnit")
	})
}

func TestErrors_MethodNotFound(t *testing.T) {
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{
		Name:     "app",
		Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": ["missing", "after"]}}}}`),
		Methods:  log.methods("after"),
	})
	err := h.trigger("click", nil, "save")
	if !errors.Is(err, perk.ErrMethodNotFound) {
		t.Fatalf("trigger: %v, want ErrMethodNotFound", err)
	}
	for _, s := range []string{`"missing"`, "handler is not a function", "#save"} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("error %q does not contain %s", err, s)
		}
	}
	log.assert(t)
	h.click("save")
	if err := h.settle(); !errors.Is(err, perk.ErrMethodNotFound) {
		t.Errorf("Settle after a click: %v, want ErrMethodNotFound", err)
	}
	if err := h.u.Use(context.Background(), "event.triggerSync", "click", nil, h.el("save")); !errors.Is(err, perk.ErrMethodNotFound) {
		t.Errorf("triggerSync: %v, want ErrMethodNotFound", err)
	}
}

func TestErrors_NotAttached(t *testing.T) {
	doc := vdom.ParseString(testPage)
	u, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := perk.Events(u); !errors.Is(err, perk.ErrNotAttached) {
		t.Errorf("Events before Start: %v, want ErrNotAttached", err)
	}
	p := perk.NewEventPerk()
	if err := p.Trigger(context.Background(), "x", nil, nil); !errors.Is(err, perk.ErrNotAttached) {
		t.Errorf("Trigger of a new perk: %v, want ErrNotAttached", err)
	}
	if err := p.Add("x", []perk.HandlerInfo{byName("h")}, nil, nil); !errors.Is(err, perk.ErrNotAttached) {
		t.Errorf("Add of a new perk: %v, want ErrNotAttached", err)
	}
	if err := p.Detach(context.Background(), u); err != nil {
		t.Errorf("Detach of a perk never attached: %v", err)
	}
}

func TestErrors_AttachToTwoUnits(t *testing.T) {
	doc := vdom.ParseString(testPage)
	p := perk.NewEventPerk()
	a, _ := unit.New(doc, doc.GetElementByID("app"), unit.Options{Name: "a"})
	b, _ := unit.New(doc, doc.GetElementByID("outside"), unit.Options{Name: "b"})
	if err := p.Attach(context.Background(), a); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stopQuietly(t, a) })
	if err := p.Attach(context.Background(), b); err == nil || !strings.Contains(err.Error(), "attached to a") {
		t.Errorf("second Attach: %v, want an error naming the first unit", err)
	}
}

// A handler that triggers its own event again is stopped at the nesting
// limit, never with a stack overflow.
func TestErrors_NestingLimit_Trigger(t *testing.T) {
	for _, tc := range []struct {
		name  string
		limit int
		fire  func(ctx context.Context, p *perk.EventPerk) error
	}{
		{"trigger, default limit", 0, func(ctx context.Context, p *perk.EventPerk) error { return p.Trigger(ctx, "again", nil, nil) }},
		{"trigger, limit 5", 5, func(ctx context.Context, p *perk.EventPerk) error { return p.Trigger(ctx, "again", nil, nil) }},
		{"triggerSync", 0, func(ctx context.Context, p *perk.EventPerk) error { return p.TriggerSync(ctx, "again", nil, nil) }},
		{"by name", 0, func(ctx context.Context, p *perk.EventPerk) error {
			return p.Unit().Cast(ctx, "event.trigger", "again")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			runs := 0
			var p *perk.EventPerk
			h := startUnit(t, testPage, "app", unit.Options{Name: "app", Methods: unit.Methods{
				"again": func(ctx context.Context, _ any, _ *vdom.Event, _ unit.Ex) (vdom.Awaitable, error) {
					runs++
					return nil, tc.fire(ctx, p)
				},
			}})
			p = h.p
			p.MaxNesting = tc.limit
			if err := h.u.Use(context.Background(), "event.add", "again", "again"); err != nil {
				t.Fatal(err)
			}
			err := tc.fire(context.Background(), p)
			if !errors.Is(err, perk.ErrNestingLimit) {
				t.Fatalf("error: %v, want ErrNestingLimit", err)
			}
			var ne *perk.NestingError
			if !errors.As(err, &ne) || ne.Event != "again" || ne.Unit != "app" {
				t.Errorf("error %v: want a *NestingError for unit app, event again", err)
			}
			want := tc.limit
			if want == 0 {
				want = perk.DefaultMaxNesting
			}
			if runs != want {
				t.Errorf("the handler ran %d times, want %d", runs, want)
			}
			if len(err.Error()) > 500 {
				t.Errorf("the error repeats itself (%d bytes): %.300s...", len(err.Error()), err)
			}
			// The nesting count is back to zero: the unit goes on working.
			runs = 0
			h.u.SetMethod("again", unit.Sync(func(any, *vdom.Event, unit.Ex) error { runs++; return nil }))
			if err := h.trigger("again", nil, ""); err != nil || runs != 1 {
				t.Errorf("afterwards: trigger: %v, %d runs", err, runs)
			}
		})
	}
}

func TestErrors_NestingLimit_Dispatch(t *testing.T) {
	runs := 0
	h := startUnit(t, testPage, "app", unit.Options{Methods: unit.Methods{
		"again": unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
			runs++
			_, err := ex.Element.DispatchEvent(vdom.NewEventWith("click", vdom.EventInit{Bubbles: true}))
			return err
		}),
	}})
	if err := h.u.Use(context.Background(), "event.add", "click", "again", h.el("save")); err != nil {
		t.Fatal(err)
	}
	h.click("save")
	err := h.settle()
	if !errors.Is(err, perk.ErrNestingLimit) {
		t.Fatalf("Settle: %v, want ErrNestingLimit", err)
	}
	if runs != perk.DefaultMaxNesting {
		t.Errorf("the handler ran %d times, want %d", runs, perk.DefaultMaxNesting)
	}
}

// Two units whose handlers trigger each other's events share the limit.
func TestErrors_NestingLimit_AcrossUnits(t *testing.T) {
	doc := vdom.ParseString(testPage)
	var pa, pb *perk.EventPerk
	mk := func(id string, other **perk.EventPerk) *unit.Unit {
		u, err := unit.New(doc, doc.GetElementByID(id), unit.Options{Methods: unit.Methods{
			"bounce": func(ctx context.Context, _ any, _ *vdom.Event, _ unit.Ex) (vdom.Awaitable, error) {
				return nil, (*other).Trigger(ctx, "bounce", nil, nil)
			},
		}})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { stopQuietly(t, u) })
		if err := u.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		if err := u.Use(context.Background(), "event.add", "bounce", "bounce"); err != nil {
			t.Fatal(err)
		}
		return u
	}
	a := mk("app", &pb)
	b := mk("outside", &pa)
	pa, pb = eventsOf(t, a), eventsOf(t, b)
	if err := pa.Trigger(context.Background(), "bounce", nil, nil); !errors.Is(err, perk.ErrNestingLimit) {
		t.Fatalf("trigger: %v, want ErrNestingLimit", err)
	}
}

// Trigger nesting through awaited work still counts.
func TestErrors_NestingLimit_ThroughAwaitedWork(t *testing.T) {
	runs := 0
	var p *perk.EventPerk
	h := startUnit(t, testPage, "app", unit.Options{Methods: unit.Methods{
		"wait": func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
			return vdom.Go(func() error { time.Sleep(time.Microsecond); return nil }), nil
		},
		"again": func(ctx context.Context, _ any, _ *vdom.Event, _ unit.Ex) (vdom.Awaitable, error) {
			runs++
			return nil, p.Trigger(ctx, "again", nil, nil)
		},
	}})
	p = h.p
	p.MaxNesting = 8
	if err := h.u.Use(context.Background(), "event.add", "again", []string{"wait", "again"}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := p.Trigger(ctx, "again", nil, nil); !errors.Is(err, perk.ErrNestingLimit) {
		t.Fatalf("trigger: %v, want ErrNestingLimit", err)
	}
	if runs != 8 {
		t.Errorf("runs = %d, want 8", runs)
	}
}

// A capture handler's error stops the element's bubble handlers too: they
// are one sequence.
func TestErrors_CaptureErrorStopsBubbleHandlers(t *testing.T) {
	boom := errors.New("boom")
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"save": {"handlers": {"ping": ["bubble", {"handler": "capture", "listenerOptions": {"capture": true}}]}}}}`),
		Methods: unit.Methods{
			"capture": func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
				log.add("capture")
				return vdom.Go(func() error { return boom }), nil
			},
			"bubble": log.method("bubble"),
		},
	})
	if err := h.trigger("ping", nil, "save"); !errors.Is(err, boom) {
		t.Fatalf("trigger: %v, want boom", err)
	}
	log.assert(t, "capture")
}

// A capture handler that fails at once (an error, a panic, work that has
// already failed) stops the element's bubble handlers as well, whether the
// event comes from trigger or from a dispatch. The bubble chain used to run
// when the capture chain had finished before the dispatch reached it: only
// a capture chain still waiting held it back, so the outcome depended on
// how fast the work of the capture handler failed.
func TestErrors_CaptureErrorStopsBubbleHandlersAtOnce(t *testing.T) {
	boom := errors.New("boom")
	failures := map[string]func() (vdom.Awaitable, error){
		"error":    func() (vdom.Awaitable, error) { return nil, boom },
		"panic":    func() (vdom.Awaitable, error) { panic(boom) },
		"rejected": func() (vdom.Awaitable, error) { return vdom.Rejected(boom), nil },
	}
	for name, fail := range failures {
		for _, mode := range []string{"trigger", "dispatch"} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				log := &callLog{}
				h := startUnit(t, testPage, "app", unit.Options{
					Settings: jsonSettings(`{"events": {"save": {"handlers": {"ping": ["bubble", {"handler": "capture", "listenerOptions": {"capture": true}}]}}}}`),
					Methods: unit.Methods{
						"capture": func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
							log.add("capture")
							return fail()
						},
						"bubble": log.method("bubble"),
					},
				})
				var err error
				if mode == "trigger" {
					err = h.trigger("ping", nil, "save")
				} else {
					if _, derr := h.el("save").DispatchEvent(vdom.NewEvent("ping")); derr != nil {
						t.Fatalf("DispatchEvent: %v", derr)
					}
					err = h.settle()
				}
				if !errors.Is(err, boom) {
					t.Errorf("error %v, want boom", err)
				}
				if n := strings.Count(fmt.Sprint(err), "boom"); n != 1 {
					t.Errorf("error reports %d failures, want 1: %v", n, err)
				}
				log.assert(t, "capture")
				// The next event runs the whole sequence again.
				h.u.SetMethod("capture", log.method("capture"))
				if err := h.trigger("ping", nil, "save"); err != nil {
					t.Fatalf("second trigger: %v", err)
				}
				log.assert(t, "capture", "bubble")
			})
		}
	}
}

// Errors from several elements reached by one trigger are all returned.
func TestErrors_EveryFailingElementReported(t *testing.T) {
	h := startUnit(t, testPage, "app", unit.Options{Methods: unit.Methods{
		"fail": func(_ context.Context, _ any, _ *vdom.Event, ex unit.Ex) (vdom.Awaitable, error) {
			return nil, fmt.Errorf("fail on %s", ex.Element.ID())
		},
	}})
	capture := []perk.HandlerInfo{{Handler: perk.MethodName("fail"), ListenerOptions: &perk.ListenerOptions{Capture: true}}}
	if err := h.p.Add("ping", capture, nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := h.p.Add("ping", capture, h.el("list"), nil); err != nil {
		t.Fatal(err)
	}
	err := h.trigger("ping", nil, "i1")
	var got []string
	for _, s := range []string{"fail on app", "fail on list"} {
		if strings.Contains(fmt.Sprint(err), s) {
			got = append(got, s)
		}
	}
	if diff := cmp.Diff([]string{"fail on app", "fail on list"}, got); diff != "" {
		t.Errorf("errors mismatch (-want +got):\n%s\nerror: %v", diff, err)
	}
}
