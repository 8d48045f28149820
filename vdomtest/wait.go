package vdomtest

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/eventperk/eventperk-go/internal/domext"
	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdom"
)

// Waiting for the page. A page under test does work after an action
// returns: unit handlers that return work to finish later, tasks that
// goroutines post to the document, timers. Settle waits until all of it is
// done; WaitFor retries a check until it passes, as Testing Library's
// waitFor; the Find queries are Get retried that way. On a document with a
// FakeClock they move the clock from timer to timer (never further than
// FakeLimit past where it was), since fake time moves only when the test
// moves it; on the real clock they wait, up to Timeout.

// Settle waits until the page is idle: the posted tasks have run, every
// unit's handler work has finished (perk.Settle), and no timer is due
// within reach: on a FakeClock it advances the clock to each next timer,
// up to FakeLimit; on the real clock it waits for the timers that fall due
// before Timeout ends. It fails the test with the errors of the handlers
// and tasks that ran, or when the units are still busy at the end of
// Timeout. Timers further away (a session timeout, an interval) stay.
func (s *Screen) Settle() {
	s.t.Helper()
	if err := s.settle(); err != nil {
		s.t.Fatalf("vdomtest: Settle: %v", err)
	}
}

// AdvanceTime moves the document's FakeClock by d, running the timers that
// fall due on the way and then the units' work they started, and fails the
// test when a timer, task or handler failed, or when the document runs on
// the real clock.
func (s *Screen) AdvanceTime(d time.Duration) {
	s.t.Helper()
	fake, ok := s.document().Clock().(*vdom.FakeClock)
	if !ok {
		s.t.Fatal("vdomtest: AdvanceTime: the document runs on the real clock; parse it with vdom.WithClock(vdom.NewFakeClock(...))")
		return
	}
	err := fake.Advance(d)
	if err == nil {
		err = s.settleNow(fakeActionWait)
	}
	if err != nil {
		s.t.Fatalf("vdomtest: AdvanceTime(%v): %v", d, err)
	}
}

// WaitFor calls check until it returns nil, letting the page work between
// calls (tasks, units' handlers, timers: see Settle), and fails the test
// with check's last error when Timeout (and, on a FakeClock, FakeLimit)
// runs out first. A handler or task that fails meanwhile fails the test
// at once.
func (s *Screen) WaitFor(check func() error) {
	s.t.Helper()
	if check == nil {
		s.t.Fatal("vdomtest: WaitFor: no check (nil)")
		return
	}
	if err := s.waitFor(check); err != nil {
		s.t.Fatalf("vdomtest: WaitFor: %v", err)
	}
}

// Find returns the one element q finds under s's root, waiting for it as
// WaitFor does (Testing Library's findBy): it fails the test with the
// query's error when Timeout runs out first.
func (s *Screen) Find(q query.Query) *vdom.Node {
	s.t.Helper()
	var el *vdom.Node
	err := s.waitFor(func() (err error) {
		el, err = q.Get(s.rootNode())
		return err
	})
	if err != nil {
		s.t.Fatalf("vdomtest: Find: %v", err)
		return nil
	}
	return el
}

// FindAll returns the elements q finds under s's root once there is at
// least one, waiting for them as WaitFor does.
func (s *Screen) FindAll(q query.Query) []*vdom.Node {
	s.t.Helper()
	var els []*vdom.Node
	err := s.waitFor(func() (err error) {
		els, err = q.All(s.rootNode())
		return err
	})
	if err != nil {
		s.t.Fatalf("vdomtest: FindAll: %v", err)
		return nil
	}
	return els
}

// FindByText is Find(query.ByText(text, opts...)).
func (s *Screen) FindByText(text string, opts ...query.TextOption) *vdom.Node {
	s.t.Helper()
	return s.Find(query.ByText(text, opts...))
}

// settle is Settle returning its error.
func (s *Screen) settle() error {
	deadline := time.Now().Add(s.cfg.timeout)
	fake, _ := s.document().Clock().(*vdom.FakeClock)
	var start time.Time
	if fake != nil {
		start = fake.Now()
	}
	for {
		due, timers := s.document().NextTimer()
		wait := time.Until(deadline)
		if fake != nil && timers {
			// Work that waits for a fake timer cannot finish before the
			// clock moves: look briefly, then move it.
			wait = min(wait, fakeActionWait)
		}
		if err := s.settleFor(wait); err != nil {
			switch {
			case !errors.Is(err, errBusy):
				return err
			case fake == nil || !timers:
				return fmt.Errorf("%w after %v", err, s.cfg.timeout)
			}
		}
		due, timers = s.document().NextTimer()
		switch {
		case !timers:
			return nil
		case fake != nil:
			if due.Sub(start) > s.cfg.fakeLimit {
				return nil
			}
			if err := fake.Advance(due.Sub(fake.Now())); err != nil {
				return err
			}
		default:
			if due.After(deadline) {
				return nil
			}
			if err := s.sleepUntil(due, deadline); err != nil {
				return err
			}
		}
	}
}

// errBusy says that the units' work did not finish in the time given.
var errBusy = errors.New("the units' handlers are still busy")

// settleNow runs the posted tasks and waits up to wait for the units'
// handler work; work still running then stays pending without an error.
func (s *Screen) settleNow(wait time.Duration) error {
	if err := s.settleFor(wait); err != nil && !errors.Is(err, errBusy) {
		return err
	}
	return nil
}

// settleFor runs the posted tasks and waits up to wait for the units'
// handler work. It returns the errors of the tasks and handlers, or
// errBusy when work is left at the end of wait.
func (s *Screen) settleFor(wait time.Duration) error {
	if _, err := s.document().RunTasks(); err != nil {
		return err
	}
	// The work other layers keep pending (package htmx: responses that
	// arrived, timers due now) and its errors.
	if err := domext.FinishPendingWork(s.document()); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	err := perk.Settle(ctx, s.document())
	if err == nil {
		return nil
	}
	if ctx.Err() == nil {
		return err
	}
	// The deadline's own error is one of the joined ones: keep the others.
	var rest []error
	for _, e := range unjoin(err) {
		if !errors.Is(e, context.DeadlineExceeded) {
			rest = append(rest, e)
		}
	}
	if len(rest) > 0 {
		return errors.Join(rest...)
	}
	return errBusy
}

// unjoin returns the errors joined in err, or err alone.
func unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []error
		for _, e := range j.Unwrap() {
			out = append(out, unjoin(e)...)
		}
		return out
	}
	return []error{err}
}

// sleepUntil waits in real time until t (at most until deadline), running
// the document's posted tasks meanwhile.
func (s *Screen) sleepUntil(t, deadline time.Time) error {
	if t.After(deadline) {
		t = deadline
	}
	d := time.Until(t)
	if d <= 0 {
		_, err := s.document().RunTasks()
		return err
	}
	wake := vdom.NewPromise()
	timer := time.AfterFunc(d, wake.Resolve)
	defer timer.Stop()
	return s.document().Await(context.Background(), wake)
}

// waitFor is WaitFor returning its error.
func (s *Screen) waitFor(check func() error) error {
	deadline := time.Now().Add(s.cfg.timeout)
	fake, _ := s.document().Clock().(*vdom.FakeClock)
	var start time.Time
	if fake != nil {
		start = fake.Now()
	}
	for {
		last := check()
		if last == nil {
			return nil
		}
		if err := s.settleNow(fakeActionWait); err != nil {
			return fmt.Errorf("while waiting: %w", err)
		}
		if last = check(); last == nil {
			return nil
		}
		if fake != nil {
			if due, ok := s.document().NextTimer(); ok && due.Sub(start) <= s.cfg.fakeLimit {
				if err := fake.Advance(due.Sub(fake.Now())); err != nil {
					return fmt.Errorf("while waiting: %w", err)
				}
				continue
			}
		}
		if !time.Now().Before(deadline) {
			if fake != nil {
				return fmt.Errorf("%w\n(still failing after %v, and after moving the fake clock %v)", last, s.cfg.timeout, fake.Now().Sub(start))
			}
			return fmt.Errorf("%w\n(still failing after %v)", last, s.cfg.timeout)
		}
		if err := s.sleepUntil(time.Now().Add(s.cfg.poll), deadline); err != nil {
			return fmt.Errorf("while waiting: %w", err)
		}
	}
}
