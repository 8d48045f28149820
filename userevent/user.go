package userevent

import (
	"errors"

	"github.com/eventperk/eventperk-go/internal/domext"
	"github.com/eventperk/eventperk-go/vdom"
)

// A User acts on one document. It remembers what a real user's devices
// hold between actions: the element under the pointer, the buttons and
// keys held down, the time and place of the last click (for double
// clicks). A User is not safe for concurrent use, as the document is not.
type User struct {
	doc      *vdom.Document
	opts     options
	pointer  pointerState  // pointer.go
	keyboard keyboardState // keyboard.go
	popup    popupState    // select_popup.go
}

// New returns a User of doc.
func New(doc *vdom.Document, opts ...Option) *User {
	u := &User{doc: doc}
	for _, o := range opts {
		o(&u.opts)
	}
	return u
}

// An Option changes how a User acts.
type Option func(*options)

type options struct {
	skipChecks bool
}

// SkipChecks makes actions on disabled, hidden, invisible or
// pointer-events: none elements go ahead (the events are fired at the
// element as the browser would fire them there, though a real pointer
// would not reach it) instead of returning an error that says why a user
// could not do it.
func SkipChecks() Option { return func(o *options) { o.skipChecks = true } }

// scoped runs an action. When the program links package perk, it runs it
// in perk's action scope (domext.ActionScope): the action then returns the
// errors of the unit handlers its events ran and that finished during it,
// joined after its own; work those handlers left running reports to
// perk.Settle.
//
// Within the scope, after the action, the work other layers keep pending
// for the document is finished (domext.FinishPendingWork: package htmx
// delivers the responses to the requests the action sent), so the action
// returns with it done and with its errors.
func (u *User) scoped(action func() error) error {
	run := func() error {
		err := action()
		return errors.Join(err, domext.FinishPendingWork(u.doc))
	}
	if domext.ActionScope == nil {
		return run()
	}
	return domext.ActionScope(u.doc, run)
}
