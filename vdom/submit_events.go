package vdom

// newSubmitEvent is the submit event of the form submission algorithm: a
// SubmitEvent, bubbling, cancelable, with the submitter (nil when the form
// submits itself).
func newSubmitEvent(submitter *Node) *Event {
	return NewSubmitEvent("submit", SubmitEventInit{
		EventInit:   EventInit{Bubbles: true, Cancelable: true},
		SubmitEvent: SubmitEvent{Submitter: submitter},
	})
}

// focusForReport is how interactive validation reports a problem to the
// user: Chromium focuses the first unhandled invalid control (and shows
// its validation message beside it).
func focusForReport(n *Node) error { return n.Focus() }
