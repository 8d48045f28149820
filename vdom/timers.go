package vdom

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"
)

// Timers follow HTML §8.6's timer initialization steps, nesting level and
// all: a timer set by a timer task more than five levels deep (and an
// interval after its fifth run) waits at least 4ms, so a chain of zero-delay
// timers on a FakeClock moves time forward and Advance ends.

// minNestedDelay is the clamp of §8.6 step 10.
const minNestedDelay = 4 * time.Millisecond

// TimerID names a timer of one document, as the number setTimeout returns
// does; it is never 0.
type TimerID int

// Clock is the time a document's timers follow. RealClock is the default;
// a FakeClock moves only when a test advances it. The interface is sealed:
// these two are the clocks there are.
type Clock interface {
	// Now returns the clock's current time.
	Now() time.Time
	schedule(t *timer)
	unschedule(t *timer)
}

// RealClock returns the wall clock: timers fire from time.AfterFunc, which
// posts them to the document's task queue.
func RealClock() Clock { return realClock{} }

type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) schedule(t *timer) {
	d := t.doc
	t.stop = time.AfterFunc(t.due.Sub(time.Now()), func() { d.Post(func() { d.fireTimer(t) }) }).Stop
}

func (realClock) unschedule(t *timer) {
	if t.stop != nil {
		t.stop()
	}
}

// FakeClock is a clock that stands still until Advance moves it, so a test
// of delayed or debounced handlers takes no real time and runs the same way
// every time. A FakeClock serves the documents of one goroutine: Now may be
// called from any goroutine, Advance only by the goroutine that owns the
// documents using it.
type FakeClock struct {
	mu      sync.Mutex
	now     time.Time
	pending []*timer
}

// NewFakeClock returns a fake clock that reads start until advanced.
func NewFakeClock(start time.Time) *FakeClock { return &FakeClock{now: start} }

// Now returns the fake time.
func (c *FakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *FakeClock) schedule(t *timer) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.pending = append(c.pending, t)
}

func (c *FakeClock) unschedule(t *timer) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if i := slices.Index(c.pending, t); i >= 0 {
		c.pending = slices.Delete(c.pending, i, i+1)
	}
}

// Advance moves the clock forward by d (a negative d counts as 0) and runs
// each timer that falls due on the way, earliest first and, for equal due
// times, in the order they were set. Each timer runs as a task of its
// document's queue: Advance sets the clock to the timer's due time, posts
// it, and drains the queue with RunTasks, so timers set or cleared by a
// timer's callback take part if they fall due before the end of d. Advance
// must be called by the goroutine that owns the documents; it returns the
// panics of the tasks it ran, joined.
func (c *FakeClock) Advance(d time.Duration) error {
	c.mu.Lock()
	end := c.now.Add(max(d, 0))
	c.mu.Unlock()
	var errs []error
	for {
		c.mu.Lock()
		t := c.nextDue(end)
		if t == nil {
			if end.After(c.now) {
				c.now = end
			}
			c.mu.Unlock()
			return errors.Join(errs...)
		}
		if t.due.After(c.now) { // time never goes back, even when a timer advanced it
			c.now = t.due
		}
		c.mu.Unlock()
		doc := t.doc
		doc.Post(func() { doc.fireTimer(t) })
		if _, err := doc.RunTasks(); err != nil {
			errs = append(errs, err)
		}
	}
}

// nextDue removes and returns the pending timer due first, not after end.
func (c *FakeClock) nextDue(end time.Time) *timer {
	best := -1
	for i, t := range c.pending {
		if t.due.After(end) {
			continue
		}
		if best < 0 || t.due.Before(c.pending[best].due) ||
			(t.due.Equal(c.pending[best].due) && t.seq < c.pending[best].seq) {
			best = i
		}
	}
	if best < 0 {
		return nil
	}
	t := c.pending[best]
	c.pending = slices.Delete(c.pending, best, best+1)
	return t
}

// timerSeq orders timers with equal due times across documents sharing a
// fake clock.
var timerSeq struct {
	mu sync.Mutex
	n  uint64
}

func nextTimerSeq() uint64 {
	timerSeq.mu.Lock()
	defer timerSeq.mu.Unlock()
	timerSeq.n++
	return timerSeq.n
}

type timer struct {
	doc    *Document
	id     TimerID
	fn     func()
	delay  time.Duration
	repeat bool
	due    time.Time
	seq    uint64
	stop   func() bool
	// level is the timer nesting level of the timer's task.
	level int
}

// timerTable is a document's map of active timers (HTML's "map of active
// timers").
type timerTable struct {
	clock  Clock
	last   TimerID
	active map[TimerID]*timer
	// running is the nesting level of the timer task running now, 0 when
	// the running task is not a timer's.
	running int
}

func (d *Document) clock() Clock {
	if d.timers.clock == nil {
		return realClock{}
	}
	return d.timers.clock
}

// WithClock parses into a document whose timers follow c; nil means the
// real clock.
func WithClock(c Clock) ParseOption { return func(cfg *parseConfig) { cfg.clock = c } }

// SetClock makes the document's timers follow c (nil: the real clock). It
// panics if the document has active timers, which would otherwise be left
// on the old clock.
func (d *Document) SetClock(c Clock) {
	if len(d.timers.active) > 0 {
		panic(fmt.Sprintf("vdom: SetClock with %d active timers", len(d.timers.active)))
	}
	d.timers.clock = c
}

// Clock returns the clock the document's timers follow.
func (d *Document) Clock() Clock { return d.clock() }

// SetTimeout runs fn once, as a task of the document, after delay on the
// document's clock, like window.setTimeout; a negative delay counts as 0.
// It must be called by the goroutine that owns the document. Timers fall due
// in order of due time, and timers with the same due time in the order they
// were set, on a FakeClock, where a timer runs when the test calls Advance.
// With the real clock a timer runs when the owner next waits (Await) or
// drains the queue (RunTasks) after time.AfterFunc fires it, so timers due
// at the same moment may run in either order.
func (d *Document) SetTimeout(delay time.Duration, fn func()) TimerID {
	return d.setTimer(delay, fn, false)
}

// SetInterval runs fn every delay on the document's clock until cleared,
// like window.setInterval; a negative delay counts as 0, and from its sixth
// run on a delay under 4ms counts as 4ms, as HTML's nesting level says.
func (d *Document) SetInterval(delay time.Duration, fn func()) TimerID {
	return d.setTimer(delay, fn, true)
}

// ClearTimeout cancels the timer id if it is still active; an unknown id,
// 0, or a timer that has already run does nothing. It may be called from a
// timer's own callback, and cancels an interval too, as in HTML.
func (d *Document) ClearTimeout(id TimerID) {
	t := d.timers.active[id]
	if t == nil {
		return
	}
	delete(d.timers.active, id)
	d.clock().unschedule(t)
}

// ClearInterval is ClearTimeout: HTML clears both kinds from one map.
func (d *Document) ClearInterval(id TimerID) { d.ClearTimeout(id) }

// setTimer is HTML §8.6's timer initialization steps.
func (d *Document) setTimer(delay time.Duration, fn func(), repeat bool) TimerID {
	if fn == nil {
		fn = func() {}
	}
	if d.timers.active == nil {
		d.timers.active = make(map[TimerID]*timer)
	}
	d.timers.last++
	t := &timer{doc: d, id: d.timers.last, fn: fn, delay: max(delay, 0), repeat: repeat, level: d.timers.running}
	d.timers.active[t.id] = t
	d.scheduleTimer(t)
	return t.id
}

// scheduleTimer is steps 10 to 12 for a new timer (level: the running
// task's nesting level) and for an interval's next run (level: its own).
func (d *Document) scheduleTimer(t *timer) {
	delay := t.delay
	if t.level > 5 && delay < minNestedDelay {
		delay = minNestedDelay
	}
	t.level++
	c := d.clock()
	t.due = c.Now().Add(delay)
	t.seq = nextTimerSeq()
	c.schedule(t)
}

// fireTimer is the task a timer posts when it falls due: it runs the
// callback unless the timer was cleared meanwhile, then reschedules an
// interval that its callback did not clear.
func (d *Document) fireTimer(t *timer) {
	if d.timers.active[t.id] != t {
		return
	}
	if !t.repeat {
		delete(d.timers.active, t.id)
	}
	outer := d.timers.running
	d.timers.running = t.level
	defer func() {
		d.timers.running = outer
		if t.repeat && d.timers.active[t.id] == t {
			d.scheduleTimer(t)
		}
	}()
	t.fn()
}
