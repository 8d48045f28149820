package vdom

// EventTarget is anything events can be dispatched to: a *Node, a *Document,
// a *Window, a *Target (and types that embed one), an *AbortSignal. The
// interface is sealed by an unexported method; embed *Target or Target to make
// a type of your own an EventTarget.
type EventTarget interface {
	// AddEventListenerWith registers l for events of type typ (DOM "add an
	// event listener"). A nil l is ignored. Registering the same (typ, l,
	// capture) again does nothing; the first registration's Once and
	// Passive win.
	//
	// AddEventListener is AddEventListenerWith with the zero
	// ListenerOptions: a bubbling-phase listener, not once, passive only
	// where the DOM makes it so by default.
	AddEventListener(typ string, l Listener)
	// AddEventListenerWith is AddEventListener with options.
	AddEventListenerWith(typ string, l Listener, opts ListenerOptions)
	// RemoveEventListener removes the registration of (typ, l, false): a
	// listener added without Capture.
	RemoveEventListener(typ string, l Listener)
	// RemoveEventListenerWith removes the registration of (typ, l,
	// opts.Capture); the other options are not read.
	RemoveEventListenerWith(typ string, l Listener, opts ListenerOptions)
	// DispatchEvent runs the DOM dispatch algorithm with the receiver as
	// target. It returns false if a listener cancelled the event. The error
	// is ErrInvalidState (and no listener ran) when the event is being
	// dispatched already or was never initialized, and ErrNestingLimit (no
	// listener ran either) for a dispatch nested more than
	// MaxDispatchNesting levels deep in other dispatches; otherwise it
	// reports the listeners that panicked, each as a *ListenerError, after
	// every listener ran. A panic in vdom's own dispatch code (a bug) ends
	// the dispatch at once with an *InternalError naming it.
	DispatchEvent(e *Event) (bool, error)

	listenerStore() *listenerStore
}

// Target is a plain EventTarget with no parent, the Go form of
// `new EventTarget()`. The zero value is ready to use. A type that embeds
// Target is an EventTarget; its events report the embedded *Target as their
// target and currentTarget.
type Target struct {
	store listenerStore
}

// NewTarget returns a new plain EventTarget.
func NewTarget() *Target { return &Target{} }

// AddEventListener implements EventTarget.
func (t *Target) AddEventListener(typ string, l Listener) {
	t.store.add(typ, l, ListenerOptions{})
}

// AddEventListenerWith implements EventTarget.
func (t *Target) AddEventListenerWith(typ string, l Listener, opts ListenerOptions) {
	t.store.add(typ, l, opts)
}

// RemoveEventListener implements EventTarget.
func (t *Target) RemoveEventListener(typ string, l Listener) {
	t.store.remove(typ, l, false)
}

// RemoveEventListenerWith implements EventTarget.
func (t *Target) RemoveEventListenerWith(typ string, l Listener, opts ListenerOptions) {
	t.store.remove(typ, l, opts.Capture)
}

// DispatchEvent implements EventTarget.
func (t *Target) DispatchEvent(e *Event) (bool, error) { return dispatch(t, e) }

func (t *Target) listenerStore() *listenerStore { return &t.store }
