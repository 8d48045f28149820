package vdom

import "time"

// NextTimer returns the due time of the document's active timer that falls
// due first, on the document's clock, and whether it has any: a test
// helper that waits for a page to go idle advances a FakeClock to it, or
// sleeps until it on the real clock. An interval counts with its next run.
// It must be called by the goroutine that owns the document.
func (d *Document) NextTimer() (due time.Time, ok bool) {
	for _, t := range d.timers.active {
		if !ok || t.due.Before(due) {
			due, ok = t.due, true
		}
	}
	return due, ok
}
