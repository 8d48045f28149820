package perk_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/internal/testenv"
	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// The stress tests run in every go test; their sizes shrink under -short
// and under the race detector.

func stressSize(full, small int) int {
	if testing.Short() || raceEnabled {
		return small
	}
	return full
}

// TestStressNestingLimit has handlers fire their own event again, without
// end, through trigger, triggerSync and a plain DispatchEvent, and through
// a cycle of two elements. Each recursion ends at DefaultMaxNesting with
// ErrNestingLimit, never with a stack overflow; the handler ran exactly
// that many times; and the depth is back at zero afterwards, so the same
// recursion ends at the same depth every time.
func TestStressNestingLimit(t *testing.T) {
	defer testenv.VerifyNone(t)
	rounds := stressSize(50, 5)
	ctx := context.Background()
	for _, mode := range []string{"trigger", "triggerSync", "dispatch", "cycle"} {
		t.Run(mode, func(t *testing.T) {
			var runs int
			var h *harness
			fire := func(el *vdom.Node) error {
				switch mode {
				case "trigger":
					return h.p.Trigger(ctx, "again", nil, el)
				case "triggerSync":
					return h.p.TriggerSync(ctx, "again", nil, el)
				}
				_, err := el.DispatchEvent(vdom.NewEvent("again"))
				if err != nil {
					return err
				}
				return h.p.Settle(ctx)
			}
			h = startUnit(t, testPage, "app", unit.Options{Methods: unit.Methods{
				"again": unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
					runs++
					next := ex.Element
					if mode == "cycle" {
						next = h.el("save")
						if ex.Element == next {
							next = h.el("list")
						}
					}
					return fire(next)
				}),
			}})
			for _, id := range []string{"save", "list"} {
				if err := h.p.Add("again", []perk.HandlerInfo{byName("again")}, h.el(id), nil); err != nil {
					t.Fatal(err)
				}
			}
			for round := range rounds {
				runs = 0
				err := fire(h.el("save"))
				if !errors.Is(err, perk.ErrNestingLimit) {
					t.Fatalf("round %d: %v, want ErrNestingLimit", round, err)
				}
				var ne *perk.NestingError
				if !errors.As(err, &ne) || ne.Limit != perk.DefaultMaxNesting || ne.Event != "again" {
					t.Fatalf("round %d: %v, want a NestingError for \"again\" at %d", round, err, perk.DefaultMaxNesting)
				}
				if runs != perk.DefaultMaxNesting {
					t.Errorf("round %d: the handler ran %d times, want %d", round, runs, perk.DefaultMaxNesting)
				}
				if n := strings.Count(err.Error(), "nesting deeper than"); n != 1 {
					t.Errorf("round %d: the limit is reported %d times: %.300v", round, n, err)
				}
			}
		})
	}
}

// TestStressNeverFinishingHandler fires, again and again, a chain whose
// second handler returns work that never finishes, directly and from a
// nested trigger, with a short deadline: each trigger returns the
// deadline's error naming that handler, the third handler never runs, the
// watcher goroutines end, the unit keeps working, and Stop returns.
func TestStressNeverFinishingHandler(t *testing.T) {
	defer testenv.VerifyNone(t)
	rounds := stressSize(200, 20)
	var h *harness
	log := &callLog{}
	h = startUnit(t, testPage, "app", unit.Options{Methods: unit.Methods{
		"first": log.method("first"),
		"hang": func(ctx context.Context, _ any, _ *vdom.Event, _ unit.Ex) (vdom.Awaitable, error) {
			log.add("hang")
			if a, ok := ctx.(*armedDeadline); ok {
				a.arm(2 * time.Millisecond)
			}
			return vdom.NewPromise(), nil
		},
		"third": log.method("third"),
		"outer": func(ctx context.Context, _ any, _ *vdom.Event, ex unit.Ex) (vdom.Awaitable, error) {
			log.add("outer")
			return nil, h.p.Trigger(ctx, "ping", nil, h.el("save"))
		},
	}})
	if err := h.p.Add("ping", []perk.HandlerInfo{ordered("first", 2), ordered("hang", 1), ordered("third", 0)}, h.el("save"), nil); err != nil {
		t.Fatal(err)
	}
	if err := h.p.Add("outer", []perk.HandlerInfo{byName("outer"), byName("third")}, nil, nil); err != nil {
		t.Fatal(err)
	}
	for round := range rounds {
		// The deadline is armed by the handler that hangs, so a slow or
		// loaded machine cannot let it pass before the trigger starts.
		ctx := newArmedDeadline()
		cancel := ctx.expire
		event, want := "ping", []string{"first", "hang"}
		if round%2 == 1 {
			event, want = "outer", []string{"outer", "first", "hang"}
		}
		var el *vdom.Node
		if event == "ping" {
			el = h.el("save")
		}
		// "hang" never finishes: Trigger returns only at the deadline.
		err := h.p.Trigger(ctx, event, nil, el)
		cancel()
		var he *perk.HandlerError
		if !errors.Is(err, context.DeadlineExceeded) || !errors.As(err, &he) {
			t.Fatalf("round %d: %v, want a HandlerError with the deadline", round, err)
		}
		if !strings.Contains(err.Error(), `handler "hang"`) {
			t.Errorf("round %d: %v does not name the handler that never finished", round, err)
		}
		log.assert(t, want...)
	}
	// Dispatched: the chain goes on in the background, Settle gives up at
	// its deadline.
	if _, err := h.el("save").DispatchEvent(vdom.NewEvent("ping")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Millisecond)
	defer cancel()
	if err := h.p.Settle(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Settle: %v, want the deadline", err)
	}
	log.assert(t, "first", "hang")
	stopCtx, stopCancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer stopCancel()
	if err := h.u.Stop(stopCtx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Stop: %v, want the deadline of the work it waited for", err)
	}
}

// TestStressPanicAtEveryPosition makes the handler at each position of a
// chain panic, or fail, or return work that fails, through trigger,
// triggerSync and a dispatch: the handlers before it ran, none after it,
// and the error names that handler and carries the panic.
func TestStressPanicAtEveryPosition(t *testing.T) {
	defer testenv.VerifyNone(t)
	const n = 6
	boom := errors.New("boom")
	failures := []string{"panic", "error", "work fails", "work panics"}
	for _, mode := range []string{"trigger", "triggerSync", "dispatch"} {
		for _, how := range failures {
			for pos := range n {
				t.Run(fmt.Sprintf("%s/%s/%d", mode, how, pos), func(t *testing.T) {
					log := &callLog{}
					methods := unit.Methods{}
					var chain []perk.HandlerInfo
					var want []string
					for i := range n {
						name := fmt.Sprintf("h%d", i)
						fail := i == pos
						methods[name] = func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
							log.add(name)
							if !fail {
								return vdom.Go(func() error { return nil }), nil
							}
							switch how {
							case "panic":
								panic(boom)
							case "error":
								return nil, boom
							case "work fails":
								return vdom.Go(func() error { return boom }), nil
							}
							return vdom.Go(func() error { panic(boom) }), nil
						}
						chain = append(chain, ordered(name, n-i))
						// triggerSync does not wait for work: a handler
						// whose work fails does not stop the chain there.
						if i <= pos || mode == "triggerSync" && (how == "work fails" || how == "work panics") {
							want = append(want, name)
						}
					}
					h := startUnit(t, testPage, "app", unit.Options{Methods: methods})
					if err := h.p.Add("ping", chain, h.el("save"), nil); err != nil {
						t.Fatal(err)
					}
					ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
					defer cancel()
					var err error
					switch mode {
					case "trigger":
						err = h.p.Trigger(ctx, "ping", nil, h.el("save"))
					case "triggerSync":
						err = h.p.TriggerSync(ctx, "ping", nil, h.el("save"))
						if serr := h.p.Settle(ctx); serr != nil {
							err = errors.Join(err, serr)
						}
					default:
						if _, derr := h.el("save").DispatchEvent(vdom.NewEvent("ping")); derr != nil {
							t.Fatal(derr)
						}
						err = h.p.Settle(ctx)
					}
					log.assert(t, want...)
					var he *perk.HandlerError
					if !errors.As(err, &he) || he.Handler != fmt.Sprintf("h%d", pos) || he.Event != "ping" || he.Unit != "app" {
						t.Fatalf("error %v, want a HandlerError for h%d", err, pos)
					}
					if !errors.Is(err, boom) {
						t.Errorf("error %v does not wrap the failure", err)
					}
					var pe *perk.PanicError
					var te *vdom.TaskError
					switch how {
					case "panic":
						if !errors.As(err, &pe) || len(pe.Stack) == 0 {
							t.Errorf("error %v carries no PanicError with a stack", err)
						}
					case "work panics":
						if !errors.As(err, &te) {
							t.Errorf("error %v carries no TaskError", err)
						}
					}
					// The unit goes on: the next trigger runs every handler.
					h.u.SetMethod(fmt.Sprintf("h%d", pos), log.method(fmt.Sprintf("h%d", pos)))
					if err := h.p.Trigger(ctx, "ping", nil, h.el("save")); err != nil {
						t.Fatalf("next trigger: %v", err)
					}
					if got := log.take(); len(got) != n {
						t.Errorf("next trigger ran %v, want all %d handlers", got, n)
					}
				})
			}
		}
	}
}

// TestRaceTriggerTaskLoop has many goroutines post work while the owner
// waits in trigger for a handler's promise: the tasks mutate the page and
// fire triggerSync, every handler and task runs on the owner goroutine,
// and the race detector (go test -race) sees the document touched by one
// goroutine only.
func TestRaceTriggerTaskLoop(t *testing.T) {
	defer testenv.VerifyNone(t)
	posters, perPoster := 8, stressSize(250, 50)
	var h *harness
	var owner uint64
	var wrongGoroutine, bumps int
	h = startUnit(t, testPage, "app", unit.Options{Methods: unit.Methods{
		"bump": unit.Sync(func(any, *vdom.Event, unit.Ex) error {
			if goid() != owner {
				wrongGoroutine++
			}
			bumps++
			return nil
		}),
		"gather": func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
			if goid() != owner {
				wrongGoroutine++
			}
			done := vdom.NewPromise()
			var wg sync.WaitGroup
			list := h.el("list")
			for p := range posters {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for k := range perPoster {
						h.doc.Post(func() {
							if goid() != owner {
								wrongGoroutine++
							}
							li, err := h.doc.CreateElement("li")
							if err != nil {
								panic(err)
							}
							li.SetTextContent(fmt.Sprint(p, k))
							if _, err := list.AppendChild(li); err != nil {
								panic(err)
							}
							if err := h.p.TriggerSync(context.Background(), "bump", nil, nil); err != nil {
								panic(err)
							}
						})
					}
				}()
			}
			go func() {
				wg.Wait()
				h.doc.Post(done.Resolve)
			}()
			return done, nil
		},
	}})
	owner = goid()
	for _, ev := range []string{"gather", "bump"} {
		if err := h.p.Add(ev, []perk.HandlerInfo{byName(ev)}, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := h.p.Trigger(ctx, "gather", nil, nil); err != nil {
		t.Fatalf("trigger: %v", err)
	}
	if got, want := h.el("list").ChildElementCount(), 2+posters*perPoster; got != want {
		t.Errorf("the list has %d items, want %d", got, want)
	}
	if bumps != posters*perPoster || wrongGoroutine != 0 {
		t.Errorf("%d bumps (want %d), %d calls on another goroutine", bumps, posters*perPoster, wrongGoroutine)
	}
}

// armedDeadline is a context whose deadline starts counting only when arm
// is called; its error is then context.DeadlineExceeded, as a timeout's.
type armedDeadline struct {
	context.Context
	done chan struct{}
	once sync.Once
}

func newArmedDeadline() *armedDeadline {
	return &armedDeadline{Context: context.Background(), done: make(chan struct{})}
}

func (c *armedDeadline) arm(d time.Duration) { time.AfterFunc(d, c.expire) }

func (c *armedDeadline) expire() { c.once.Do(func() { close(c.done) }) }

func (c *armedDeadline) Done() <-chan struct{} { return c.done }

func (c *armedDeadline) Err() error {
	select {
	case <-c.done:
		return context.DeadlineExceeded
	default:
		return nil
	}
}
