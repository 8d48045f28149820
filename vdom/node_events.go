package vdom

// AddEventListener implements EventTarget. Touch and wheel listeners on the
// document's root element and body are passive by default, as in browsers.
func (n *Node) AddEventListener(typ string, l Listener) {
	n.AddEventListenerWith(typ, l, ListenerOptions{})
}

// AddEventListenerWith implements EventTarget, with the default passive
// option of AddEventListener. It is one call, which the compiler inlines:
// adding and removing many listeners is bound by the instructions each
// takes.
func (n *Node) AddEventListenerWith(typ string, l Listener, opts ListenerOptions) {
	n.store.add(typ, l, opts)
}

// topLevel reports whether n is the document, its root element or its
// body: the nodes where touch and wheel listeners are passive by default.
func (n *Node) topLevel() bool {
	return n.isDocument() || n == n.doc.DocumentElement() || n == n.doc.Body()
}

// RemoveEventListener implements EventTarget.
func (n *Node) RemoveEventListener(typ string, l Listener) {
	n.store.remove(typ, l, false)
}

// RemoveEventListenerWith implements EventTarget.
func (n *Node) RemoveEventListenerWith(typ string, l Listener, opts ListenerOptions) {
	n.store.remove(typ, l, opts.Capture)
}

// DispatchEvent implements EventTarget. The path is the node, its ancestors,
// then the Document and its Window when the node is connected.
func (n *Node) DispatchEvent(e *Event) (bool, error) {
	if n.isDocument() {
		return dispatch(n.doc, e)
	}
	return dispatch(n, e)
}

func (n *Node) listenerStore() *listenerStore { return &n.store }
