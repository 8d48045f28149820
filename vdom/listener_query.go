package vdom

// HasEventListener reports whether t has a live listener for events of
// type typ registered with the given capture value. Page scripts cannot
// ask this, but browsers do: Chromium dispatches mouseenter, mouseleave
// and their pointer counterparts only at elements that listen for them
// (or under an element with a capturing listener), and code that fires
// user input as Chromium does needs the same view of the listener lists.
func HasEventListener(t EventTarget, typ string, capture bool) bool {
	if t == nil {
		return false
	}
	s := t.listenerStore()
	list, _ := s.listOf(capture)
	for _, l := range list {
		if !l.removed && sameType(l.typ, typ) {
			return true
		}
	}
	return false
}
