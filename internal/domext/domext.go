// Package domext gives this module's packages the few vdom operations they
// need and users do not: per-document values (the units of a page, the
// trigger state of EventPerk), the passive flag of an event, whether a
// dispatch would do anything, a document's change counter, the scope in
// which a user's action collects the errors of unit handlers, and the
// work other layers finish at the end of an action.
//
// Package vdom sets the functions when it is initialized; this package
// cannot import vdom, which imports it, so documents and events are passed
// as any: a *vdom.Document and a *vdom.Event.
package domext

import (
	"errors"

	"golang.org/x/net/html"
)

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
	// DispatchIsNoOp reports whether dispatching a new untrusted event of
	// type typ at node (a *vdom.Node), bubbling or not, would run no
	// listener and change nothing (no activation behaviour, no nesting
	// error, no mutation records to deliver), so that a layer firing
	// events nobody may listen for can skip making them.
	DispatchIsNoOp func(node any, typ string, bubbles bool) bool
	// DispatchRunsOnly is DispatchIsNoOp, except that at node listeners
	// of typ whose callback is only (a vdom.Listener) are allowed: it
	// reports whether the dispatch would run those and nothing else.
	DispatchRunsOnly func(node any, typ string, bubbles bool, only any) bool
	// TreeVersion returns doc's change counter: it changes whenever the
	// tree, an attribute or character data of doc changes, so equal
	// values mean nothing changed in between.
	TreeVersion func(doc any) uint64
	// SetTriggerNoOp is set by package unit: it gives the unit u (a
	// *unit.Unit) noop, which reports whether its trigger spell, as
	// registered now, would do nothing at all for the lifecycle event
	// named event at the unit's root (no error either), so that the unit
	// can skip making the spell's arguments. Adding or removing the
	// trigger spell forgets it.
	SetTriggerNoOp func(u any, noop func(u any, event string) bool)
	// ActionScope is set by package perk, when a program links it: it
	// runs run, a user's action on doc (a *vdom.Document), and returns
	// run's error joined with the errors of the unit handlers that the
	// events dispatched during run ran and that have finished by the time
	// run returns; their other work goes on and reports to perk.Settle.
	// Package userevent runs each action through it, so that an action
	// returns the errors of the handlers it set off.
	ActionScope func(doc any, run func() error) error
	// PrimarySelection returns the text a user last selected in a text
	// control of doc (a *vdom.Document): Linux's primary selection,
	// which package userevent pastes on a middle click.
	PrimarySelection func(doc any) string
	// TakePicker returns the drop-down select (a *vdom.Node) whose popup
	// a user's mousedown or key at doc asked to open since the last
	// call, or nil, and forgets it: package userevent plays the popup,
	// which is the browser's own window.
	TakePicker func(doc any) any
	// ComputedStyle returns the computed style (a *css.Style) of h, an
	// element of doc's tree (a *vdom.Document), as the document keeps
	// it: package a11y reads what the sheets make of each element it
	// passes, without the walk up that a vdom.ComputedStyle makes to
	// check that its element is connected.
	ComputedStyle func(doc any, h *html.Node) any
	// GeneratedPseudoStyle is ComputedStyle for h's ::before (pseudo
	// "before") or ::after ("after") when the pseudo-element is
	// generated (css.Cascade.PseudoStyle), else nil: its content and
	// display give an accessible name its generated text.
	GeneratedPseudoStyle func(doc any, h *html.Node, pseudo string) any
	// HasNoBox is set by package vdom: it reports an element that has no
	// box whatever its style, by its kind and its parent's (a param or a
	// noembed, an SVG title, desc, style, script or stop, an SVG element
	// SVG does not define, a
	// child of a video or audio, an HTML element in SVG outside a
	// foreignObject), as Chromium renders them: package a11y leaves
	// them out of the accessibility tree.
	HasNoBox func(h *html.Node) bool
	// TransformText returns s, a text h renders (its own or that of its
	// ::before or ::after), with the text-transform of style applied as
	// vdom's InnerText applies it: upper and lower case in h's language,
	// capitalize from the character before s, prev (0 at the start of a
	// text, ' ' after white space). style is the *css.Style the text is
	// rendered in (h's or its pseudo-element's); nil looks h's computed
	// style up.
	TransformText func(doc any, h *html.Node, style any, s string, prev rune) string
)

// pendingWork are the functions AddPendingWork registered.
var pendingWork []func(doc any) error

// AddPendingWork registers finish, a layer's way to complete the work it
// keeps pending for a document (a *vdom.Document): package htmx delivers
// the responses that have arrived and runs the timers due now, and
// returns the errors that arose since it was last asked. Packages call it
// from init; it is not safe to call concurrently with FinishPendingWork.
func AddPendingWork(finish func(doc any) error) {
	pendingWork = append(pendingWork, finish)
}

// FinishPendingWork runs every registered finish on doc and returns their
// errors joined. Package userevent calls it at the end of each action
// (inside ActionScope), so an action returns with the work it started
// done; vdomtest calls it whenever it waits for a page.
func FinishPendingWork(doc any) error {
	var errs []error
	for _, f := range pendingWork {
		if err := f(doc); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
