// Package domext gives this module's packages the few vdom operations they
// need and users do not: per-document values (the units of a page, the
// trigger state of EventPerk) and the passive flag of an event.
//
// Package vdom sets the functions when it is initialized; this package
// cannot import vdom, which imports it, so documents and events are passed
// as any: a *vdom.Document and a *vdom.Event.
package domext

var (
	// Value returns the value stored under key on doc, or nil.
	Value func(doc, key any) any
	// SetValue stores v under key on doc; a nil v deletes the key.
	SetValue func(doc, key, v any)
	// SetPassive sets whether e runs as in a passive listener, where
	// PreventDefault does nothing, and returns the previous setting: a
	// layer that runs its own list of handlers inside one listener (as
	// EventPerk does) gives each handler its own passive option with it.
	SetPassive func(e any, on bool) (was bool)
)
