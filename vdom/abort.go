package vdom

// AbortController aborts its AbortSignal (DOM §3.1).
type AbortController struct {
	signal *AbortSignal
}

// NewAbortController returns a controller with a fresh signal.
func NewAbortController() *AbortController {
	return &AbortController{signal: &AbortSignal{}}
}

// Signal returns the controller's signal.
func (c *AbortController) Signal() *AbortSignal { return c.signal }

// Abort aborts the signal with reason (nil gives ErrAbort). It runs the
// signal's abort steps, which remove the listeners registered with it, and
// fires a trusted "abort" event at the signal. It returns the panics of the
// signal's "abort" listeners, as DispatchEvent does; aborting an aborted
// signal does nothing. Like every DOM call, it belongs to the goroutine that
// owns the targets the signal is used with.
func (c *AbortController) Abort(reason any) error { return c.signal.abort(reason) }

// AbortSignal tells listeners and operations that they are no longer wanted.
// It is an EventTarget that receives an "abort" event when aborted.
type AbortSignal struct {
	Target
	aborted    bool
	reason     any
	nextID     uint32
	algorithms []abortAlgorithm
}

type abortAlgorithm struct {
	id uint32
	fn func()
}

// Aborted reports whether the signal was aborted.
func (s *AbortSignal) Aborted() bool { return s.aborted }

// Reason returns the abort reason, nil while not aborted.
func (s *AbortSignal) Reason() any { return s.reason }

// Err returns nil while not aborted, the reason when it is an error, and
// ErrAbort otherwise.
func (s *AbortSignal) Err() error {
	if !s.aborted {
		return nil
	}
	if err, ok := s.reason.(error); ok {
		return err
	}
	return ErrAbort
}

// DispatchEvent implements EventTarget with the signal as target.
func (s *AbortSignal) DispatchEvent(e *Event) (bool, error) { return dispatch(s, e) }

func (s *AbortSignal) addAlgorithm(fn func()) uint32 {
	s.nextID++
	s.algorithms = append(s.algorithms, abortAlgorithm{id: s.nextID, fn: fn})
	return s.nextID
}

func (s *AbortSignal) removeAlgorithm(id uint32) {
	for i, a := range s.algorithms {
		if a.id == id {
			s.algorithms = append(s.algorithms[:i], s.algorithms[i+1:]...)
			return
		}
	}
}

// abort is DOM "signal abort".
func (s *AbortSignal) abort(reason any) error {
	if s.aborted {
		return nil
	}
	s.aborted = true
	if reason == nil {
		reason = ErrAbort
	}
	s.reason = reason
	algorithms := s.algorithms
	s.algorithms = nil
	for _, a := range algorithms {
		a.fn()
	}
	// DOM "signal abort" fires a trusted "abort" event.
	_, err := dispatchAs(s, NewEvent("abort"), true)
	return err
}
