package vdom

// Window is the top of the event path of a document that has a browsing
// context: a listener on it sees every bubbling event of the document except
// "load", as in a browser. Documents made by Parse have one; NewDocument,
// CreateHTMLDocument and clones do not.
type Window struct {
	doc   *Document
	store listenerStore
}

// Document returns the window's document.
func (w *Window) Document() *Document { return w.doc }

// AddEventListener implements EventTarget.
func (w *Window) AddEventListener(typ string, l Listener) {
	w.AddEventListenerWith(typ, l, ListenerOptions{})
}

// AddEventListenerWith implements EventTarget.
func (w *Window) AddEventListenerWith(typ string, l Listener, opts ListenerOptions) {
	w.doc.addGen++
	if opts.Passive == nil && defaultPassiveType(typ) {
		opts.Passive = &passiveByDefault
	}
	w.store.add(typ, l, opts)
}

// passiveByDefault is the Passive option of the Window's touch and wheel
// listeners added without one. It is only read.
var passiveByDefault = true

// RemoveEventListener implements EventTarget.
func (w *Window) RemoveEventListener(typ string, l Listener) {
	w.store.remove(typ, l, false)
}

// RemoveEventListenerWith implements EventTarget.
func (w *Window) RemoveEventListenerWith(typ string, l Listener, opts ListenerOptions) {
	w.store.remove(typ, l, opts.Capture)
}

// DispatchEvent implements EventTarget.
func (w *Window) DispatchEvent(e *Event) (bool, error) { return dispatch(w, e) }

func (w *Window) listenerStore() *listenerStore { return &w.store }
