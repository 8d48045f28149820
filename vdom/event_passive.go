package vdom

// RunPassive runs fn as a passive listener runs: PreventDefault and
// SetReturnValue(false) do nothing inside it. A layer that runs its own list
// of handlers inside one listener (as EventPerk does) uses it to give each
// handler its own passive option. The flag is cleared afterwards even if fn
// panics.
func (e *Event) RunPassive(fn func()) {
	was := e.has(flagInPassive)
	e.flags |= flagInPassive
	defer func() { e.setFlag(flagInPassive, was) }()
	fn()
}
