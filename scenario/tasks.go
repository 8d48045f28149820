package scenario

import "errors"

// The page's tasks. A browser runs the tasks a user's action queues (the
// toggle event of a details or dialog, a dialog's close event, the focus
// fixup when the focused element stops being focusable) as soon as the
// action's own task ends: HTML §8.1.7.3, the event loop takes the oldest
// task on each turn. So every step ends by running the tasks queued on
// the current page, as vdomtest's actions do, and the handlers those tasks
// call are part of the step that caused them.
//
// One kind of task waits for a step that waits: the delays ("wait") of the
// scenario's own methods. Their timers are real, and one that fell due
// while a slow step ran would otherwise move its work into that step on a
// busy machine and out of it on an idle one. A step that waits for work
// (trigger, resolve, settle, the end) runs them, as before, so a trace is
// the same on every run.

// runPageTasks runs the tasks queued on the current page, following the
// page a task loads, and returns the errors of the tasks (a listener that
// panicked in an event a task fired).
func (r *runner) runPageTasks() error {
	var errs []error
	for n := 0; r.doc != nil; n++ {
		doc := r.doc
		r.draining = true
		ran, err := doc.RunTasks()
		r.draining = false
		if err != nil {
			errs = append(errs, err)
		}
		if ferr := r.followPage(); ferr != nil {
			errs = append(errs, ferr)
		}
		if ran == 0 || r.doc == doc || n == maxPagesPerStep {
			break
		}
	}
	return errors.Join(errs...)
}

// repostTimers queues again the delays that fell due while the page's
// tasks ran, for the next wait of a step to run them.
func (r *runner) repostTimers() {
	later := r.later
	r.later = nil
	for _, due := range later {
		r.doc.Post(due)
	}
}
