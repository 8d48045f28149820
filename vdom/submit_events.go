package vdom

// newSubmitEvent is the submit event of the form submission algorithm:
// bubbling, cancelable, with the submitter (nil when the form submits
// itself).
// TODO(typed events): a SubmitEvent with Submitter.
func newSubmitEvent(submitter *Node) *Event {
	e := &Event{typ: "submit", flags: flagInitialized, timeStamp: now()}
	e.setInit(true, true, false)
	return e
}

// focusForReport is how interactive validation reports a problem to the
// user: the first unhandled invalid control gets the focus.
// TODO(focus): Focus.
func focusForReport(n *Node) {}
