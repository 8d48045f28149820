package vdom

import (
	"cmp"
	"fmt"
	"runtime/debug"
	"slices"

	"github.com/eventperk/eventperk-go/internal/errkind"
)

// The one microtask vdom has is the mutation observer microtask: Go code
// has no promise jobs. A checkpoint runs it at the moments a browser's
// JavaScript stack would be empty (MutationObserver's doc lists them);
// inTask, the dispatch nesting and mutationState.delivering say whether
// some callback is still running.

// MaxMutationRounds is how many times in a row one checkpoint notifies the
// observers: each round after the first delivers the records that the
// callbacks of the round before queued. An observer whose callback changes
// what it observes would otherwise keep the checkpoint going for ever, as
// it hangs a browser's tab; here the checkpoint stops with an error
// matching ErrMutationLoop, and the records still queued wait for the next
// checkpoint.
const MaxMutationRounds = 1000

// ErrMutationLoop is matched by the error of a checkpoint that stopped at
// MaxMutationRounds.
const ErrMutationLoop = errkind.Kind("vdom: MutationObserver callbacks kept changing what they observe")

// checkpointAtRest runs the microtask checkpoint when no callback runs: not
// inside a dispatch, a task or an observer callback. RunTasks and Await call
// it before the first task and after each.
func (d *Document) checkpointAtRest(errs []error) []error {
	if d.mo == nil || len(d.mo.pending) == 0 || d.nesting > 0 || d.inTask > 0 || d.mo.delivering > 0 {
		return errs
	}
	return d.notifyMutationObservers(errs)
}

// checkpointAfterListener runs the microtask checkpoint after a listener
// of an outermost dispatch returns (the dispatch itself still counts in
// d.nesting) and at its end.
func (d *Document) checkpointAfterListener(errs []error, nesting int) []error {
	if d.mo == nil || len(d.mo.pending) == 0 || d.nesting != nesting || d.inTask > 0 || d.mo.delivering > 0 {
		return errs
	}
	return d.notifyMutationObservers(errs)
}

// notifyMutationObservers is DOM "notify mutation observers" (§4.3), run
// until no observer is pending (the callbacks may queue more records, which
// a browser's microtask checkpoint also delivers before it ends). Each
// panic of a callback is appended to errs as a *MutationCallbackError.
func (d *Document) notifyMutationObservers(errs []error) []error {
	s := d.mo
	for round := 0; len(s.pending) > 0; round++ {
		if round == MaxMutationRounds {
			return append(errs, fmt.Errorf("%w: %d rounds of notifications in one checkpoint; the records left wait for the next one", ErrMutationLoop, round))
		}
		notify := s.pending
		s.pending = nil
		// Observers are notified in the order they were made, not in the
		// order they got records.
		slices.SortFunc(notify, func(a, b *MutationObserver) int { return cmp.Compare(a.seq, b.seq) })
		for _, mo := range notify {
			records := mo.records
			mo.records = nil
			mo.dropTransients(func(*registration) bool { return true })
			mo.transients = nil
			if len(records) > 0 {
				if err := d.invokeObserver(mo, records); err != nil {
					errs = append(errs, err)
				}
			}
		}
	}
	return errs
}

// invokeObserver calls mo's callback, recovering a panic as DOM "invoke"
// with "report" reports an exception.
func (d *Document) invokeObserver(mo *MutationObserver, records []*MutationRecord) (err error) {
	s := d.mo
	s.delivering++
	defer func() {
		s.delivering--
		if r := recover(); r != nil {
			err = &MutationCallbackError{Records: len(records), Value: r, Stack: debug.Stack()}
		}
	}()
	mo.callback(records, mo)
	return nil
}
