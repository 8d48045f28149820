package vdom_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/vdom"
)

var epoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// fakeDoc returns a document on a fake clock and a log its timers write to,
// each entry stamped with the fake time since epoch.
func fakeDoc(t testing.TB) (*vdom.Document, *vdom.FakeClock, *[]string) {
	t.Helper()
	clock := vdom.NewFakeClock(epoch)
	doc := vdom.ParseString(`<p>`, vdom.WithClock(clock))
	return doc, clock, new([]string)
}

func logAt(clock *vdom.FakeClock, log *[]string, s string) func() {
	return func() { *log = append(*log, fmt.Sprintf("%s@%v", s, clock.Now().Sub(epoch))) }
}

func advance(t testing.TB, clock *vdom.FakeClock, d time.Duration) {
	t.Helper()
	if err := clock.Advance(d); err != nil {
		t.Fatalf("Advance(%v): %v", d, err)
	}
}

func TestTimersFireInDueOrderTiesInSetOrder(t *testing.T) {
	doc, clock, log := fakeDoc(t)
	doc.SetTimeout(30*time.Millisecond, logAt(clock, log, "c"))
	doc.SetTimeout(10*time.Millisecond, logAt(clock, log, "a"))
	doc.SetTimeout(20*time.Millisecond, logAt(clock, log, "b1"))
	doc.SetTimeout(20*time.Millisecond, logAt(clock, log, "b2"))
	doc.SetTimeout(0, logAt(clock, log, "zero"))
	doc.SetTimeout(-5*time.Second, logAt(clock, log, "negative"))
	advance(t, clock, 25*time.Millisecond)
	want := []string{"zero@0s", "negative@0s", "a@10ms", "b1@20ms", "b2@20ms"}
	if diff := cmp.Diff(want, *log); diff != "" {
		t.Errorf("after 25ms mismatch (-want +got):\n%s", diff)
	}
	if got := clock.Now().Sub(epoch); got != 25*time.Millisecond {
		t.Errorf("Now = epoch+%v, want epoch+25ms", got)
	}
	advance(t, clock, 5*time.Millisecond)
	if diff := cmp.Diff(append(want, "c@30ms"), *log); diff != "" {
		t.Errorf("after 30ms mismatch (-want +got):\n%s", diff)
	}
}

func TestTimerNotDueDoesNotRun(t *testing.T) {
	doc, clock, log := fakeDoc(t)
	doc.SetTimeout(time.Second, logAt(clock, log, "late"))
	advance(t, clock, time.Second-time.Nanosecond)
	if len(*log) != 0 {
		t.Fatalf("ran before due: %v", *log)
	}
	if n, err := doc.RunTasks(); n != 0 || err != nil {
		t.Errorf("RunTasks = %d, %v; fake timers are not tasks until due", n, err)
	}
	advance(t, clock, time.Nanosecond)
	if diff := cmp.Diff([]string{"late@1s"}, *log); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

func TestClearTimeout(t *testing.T) {
	doc, clock, log := fakeDoc(t)
	var later vdom.TimerID
	doc.SetTimeout(10*time.Millisecond, func() {
		logAt(clock, log, "first")()
		doc.ClearTimeout(later) // due at the same time, set after: not run
	})
	later = doc.SetTimeout(10*time.Millisecond, logAt(clock, log, "cleared by first"))
	gone := doc.SetTimeout(5*time.Millisecond, logAt(clock, log, "cleared before"))
	doc.ClearTimeout(gone)
	doc.ClearTimeout(gone)   // twice is harmless
	doc.ClearTimeout(0)      // as is 0
	doc.ClearInterval(12345) // and an unknown id
	advance(t, clock, time.Second)
	if diff := cmp.Diff([]string{"first@10ms"}, *log); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

func TestSetIntervalRepeatsUntilCleared(t *testing.T) {
	doc, clock, log := fakeDoc(t)
	n := 0
	var id vdom.TimerID
	id = doc.SetInterval(10*time.Millisecond, func() {
		n++
		logAt(clock, log, fmt.Sprint("tick", n))()
		if n == 3 {
			doc.ClearInterval(id) // from its own callback
		}
	})
	doc.SetTimeout(15*time.Millisecond, logAt(clock, log, "between"))
	advance(t, clock, 25*time.Millisecond)
	advance(t, clock, time.Hour)
	want := []string{"tick1@10ms", "between@15ms", "tick2@20ms", "tick3@30ms"}
	if diff := cmp.Diff(want, *log); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

// HTML §8.6 step 10: past nesting level 5 a delay under 4ms becomes 4ms,
// for intervals (each run nests one deeper) and for chains of timeouts.
func TestNestedTimersAreClampedTo4ms(t *testing.T) {
	doc, clock, log := fakeDoc(t)
	id := doc.SetInterval(0, logAt(clock, log, "i"))
	advance(t, clock, 20*time.Millisecond)
	doc.ClearInterval(id)
	want := []string{"i@0s", "i@0s", "i@0s", "i@0s", "i@0s", "i@0s", "i@4ms", "i@8ms", "i@12ms", "i@16ms", "i@20ms"}
	if diff := cmp.Diff(want, *log); diff != "" {
		t.Errorf("interval mismatch (-want +got):\n%s", diff)
	}

	*log = nil
	var chain func()
	chain = func() {
		logAt(clock, log, "c")()
		if len(*log) < 8 {
			doc.SetTimeout(time.Millisecond, chain)
		}
	}
	doc.SetTimeout(time.Millisecond, chain)
	advance(t, clock, time.Second)
	want = []string{"c@21ms", "c@22ms", "c@23ms", "c@24ms", "c@25ms", "c@26ms", "c@30ms", "c@34ms"}
	if diff := cmp.Diff(want, *log); diff != "" {
		t.Errorf("chain mismatch (-want +got):\n%s", diff)
	}
}

func TestClearTimeoutClearsIntervalAndViceVersa(t *testing.T) {
	doc, clock, log := fakeDoc(t)
	doc.ClearTimeout(doc.SetInterval(time.Millisecond, logAt(clock, log, "interval")))
	doc.ClearInterval(doc.SetTimeout(time.Millisecond, logAt(clock, log, "timeout")))
	advance(t, clock, time.Second)
	if len(*log) != 0 {
		t.Errorf("cleared timers ran: %v", *log)
	}
}

func TestTimersSetFromTimersRunWithinTheSameAdvance(t *testing.T) {
	doc, clock, log := fakeDoc(t)
	doc.SetTimeout(10*time.Millisecond, func() {
		logAt(clock, log, "outer")()
		doc.SetTimeout(0, logAt(clock, log, "inner zero"))
		doc.SetTimeout(5*time.Millisecond, logAt(clock, log, "inner 5ms"))
		doc.SetTimeout(time.Second, logAt(clock, log, "inner 1s"))
	})
	doc.SetTimeout(12*time.Millisecond, logAt(clock, log, "sibling"))
	advance(t, clock, 100*time.Millisecond)
	want := []string{"outer@10ms", "inner zero@10ms", "sibling@12ms", "inner 5ms@15ms"}
	if diff := cmp.Diff(want, *log); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

func TestTimerIDsAreDistinctAndNonZero(t *testing.T) {
	doc, _, _ := fakeDoc(t)
	seen := map[vdom.TimerID]bool{}
	for range 5 {
		id := doc.SetTimeout(time.Second, nil)
		if id == 0 || seen[id] {
			t.Fatalf("id %d repeated or zero", id)
		}
		seen[id] = true
	}
}

func TestAdvanceReportsTimerPanics(t *testing.T) {
	doc, clock, log := fakeDoc(t)
	doc.SetTimeout(time.Millisecond, func() { panic("boom") })
	doc.SetTimeout(2*time.Millisecond, logAt(clock, log, "after"))
	var te *vdom.TaskError
	if err := clock.Advance(time.Second); !errors.As(err, &te) {
		t.Fatalf("Advance error = %v, want a *TaskError", err)
	}
	if diff := cmp.Diff([]string{"after@2ms"}, *log); diff != "" {
		t.Errorf("the next timer still runs, mismatch (-want +got):\n%s", diff)
	}
}

func TestSetClockWithActiveTimersPanics(t *testing.T) {
	doc := vdom.NewDocument()
	doc.SetClock(vdom.NewFakeClock(epoch))
	id := doc.SetTimeout(time.Second, nil)
	defer func() {
		if recover() == nil {
			t.Error("SetClock with an active timer did not panic")
		}
		doc.ClearTimeout(id)
		doc.SetClock(nil) // no timers left: allowed
		if _, ok := doc.Clock().(*vdom.FakeClock); ok {
			t.Error("SetClock(nil) kept the fake clock")
		}
	}()
	doc.SetClock(vdom.RealClock())
}

// Await with only fake timers pending does not move fake time: it waits for
// the awaitable or ctx.
func TestAwaitDoesNotAdvanceFakeTime(t *testing.T) {
	doc, clock, log := fakeDoc(t)
	doc.SetTimeout(time.Millisecond, logAt(clock, log, "timer"))
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if err := doc.Await(ctx, vdom.NewPromise()); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Await = %v, want the deadline", err)
	}
	if len(*log) != 0 || !clock.Now().Equal(epoch) {
		t.Errorf("fake time moved: %v, %v", *log, clock.Now())
	}
}

func TestRealClockIntervalAndClear(t *testing.T) {
	doc := vdom.NewDocument()
	done := vdom.NewPromise()
	n := 0
	var id vdom.TimerID
	id = doc.SetInterval(time.Millisecond, func() {
		n++
		if n == 3 {
			doc.ClearInterval(id)
			done.Resolve()
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := doc.Await(ctx, done); err != nil {
		t.Fatal(err)
	}
	wait := vdom.NewPromise()
	doc.SetTimeout(5*time.Millisecond, wait.Resolve)
	if err := doc.Await(ctx, wait); err != nil {
		t.Fatal(err)
	}
	if n != 3 {
		t.Errorf("interval ran %d times, want 3", n)
	}
}

// A search box that queries only once typing pauses for 300ms: the test
// types, advances fake time, and sees exactly one search, without waiting.
func ExampleFakeClock_debounce() {
	clock := vdom.NewFakeClock(time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC))
	doc := vdom.ParseString(`<input id="q">`, vdom.WithClock(clock))
	q := doc.GetElementByID("q")
	var pending vdom.TimerID
	q.AddEventListener("input", vdom.NewListener(func(*vdom.Event) {
		doc.ClearTimeout(pending)
		pending = doc.SetTimeout(300*time.Millisecond, func() {
			v, _ := q.GetAttribute("value")
			fmt.Printf("search %q at %s\n", v, clock.Now().Format("15:04:05.000"))
		})
	}))
	for _, v := range []string{"g", "go", "gop"} {
		q.SetAttribute("value", v)
		q.DispatchEvent(vdom.NewEvent("input"))
		clock.Advance(100 * time.Millisecond) // typing: no search yet
	}
	clock.Advance(time.Second)
	// Output:
	// search "gop" at 09:00:00.500
}
