package vdom

// ClipboardEvent holds what vdom keeps of the Clipboard API's
// ClipboardEvent (copy, cut, paste): the text of its clipboardData.
// clipboardData is a DataTransfer in a browser; vdom has no DataTransfer,
// and a page's paste listener usually reads only its text.
type ClipboardEvent struct {
	// Text is clipboardData.getData("text/plain"): the text pasted, ""
	// when there is none.
	Text string
}

// ClipboardEventInit holds the members of the ClipboardEventInit
// dictionary.
type ClipboardEventInit struct {
	EventInit
	ClipboardEvent
}

// NewClipboardEvent returns an initialized ClipboardEvent, the Go form of
// new ClipboardEvent(typ, init). A user's paste is one with Bubbles,
// Cancelable and Composed, dispatched with DispatchTrusted before the
// edit (see EditAsUser with InputInsertFromPaste).
func NewClipboardEvent(typ string, init ClipboardEventInit) *Event {
	o := &struct {
		ev Event
		m  ClipboardEvent
	}{m: init.ClipboardEvent}
	return newTyped(&o.ev, typ, ifaceClipboard, &o.m, init.EventInit)
}

// AsClipboard returns the members of a ClipboardEvent; false for other
// events.
func (e *Event) AsClipboard() (ClipboardEvent, bool) {
	if e.iface != ifaceClipboard {
		return ClipboardEvent{}, false
	}
	return *e.detail.(*ClipboardEvent), true
}
