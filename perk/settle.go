package perk

import (
	"context"
	"errors"

	"github.com/eventperk/eventperk-go/internal/domext"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// Dispatch dispatches e at target, as target.DispatchEvent does, then waits
// (running the document's tasks, as long as ctx allows) until the
// background work of the document's units has settled: that of the unit
// handlers this dispatch ran, and everything they started, with the rest.
// It returns DispatchEvent's result and every error of that dispatch
// joined: those of the DOM listeners and those of the unit handlers,
// including the work they returned to finish later, and ctx's error if it
// ended the wait. Errors of other work stay for Settle.
//
// It is the call tests use to click and see what failed.
func Dispatch(ctx context.Context, target vdom.EventTarget, e *vdom.Event) (bool, error) {
	doc := documentOf(target)
	if doc == nil {
		return target.DispatchEvent(e)
	}
	st := stateOf(doc)
	st.lastOrigin++
	token := st.lastOrigin
	prev := st.origin
	st.origin = token
	ok, err := target.DispatchEvent(e)
	st.origin = prev
	serr := settleDocument(ctx, doc, func(origin uint64) bool { return origin == token })
	return ok, errors.Join(err, serr)
}

func init() { domext.ActionScope = actionScope }

// actionScope runs run, a user's action on the document d (package
// userevent), as Dispatch runs one dispatch: the unit handler chains that
// the action's events start carry an origin of their own, and the errors
// of those that have finished when run returns come back with run's
// error, so that an action returns the errors of the handlers it set off.
// Unlike Dispatch it does not wait (an action has no context): work still
// running keeps its origin, and its errors go to Settle.
func actionScope(d any, run func() error) error {
	doc, _ := d.(*vdom.Document)
	if doc == nil || len(unit.Units(doc)) == 0 {
		return run()
	}
	st := stateOf(doc)
	st.lastOrigin++
	token := st.lastOrigin
	prev := st.origin
	st.origin = token
	err := func() error {
		defer func() { st.origin = prev }()
		return run()
	}()
	errs := []error{err}
	for _, u := range unit.Units(doc) {
		if p, perr := Events(u); perr == nil {
			errs = append(errs, p.takeBgErrs(func(origin uint64) bool { return origin == token })...)
		}
	}
	return errors.Join(errs...)
}

// Settle waits, running the document's tasks, until the background work of
// every unit of doc has settled (see EventPerk.Settle), and returns all of
// its errors, and ctx's error if ctx ended the wait.
func Settle(ctx context.Context, doc *vdom.Document) error {
	return settleDocument(ctx, doc, func(uint64) bool { return true })
}

func settleDocument(ctx context.Context, doc *vdom.Document, take func(uint64) bool) error {
	var errs []error
	for {
		// Work settled in one unit may start work in another: go round
		// until none is left.
		var busy bool
		for _, u := range unit.Units(doc) {
			p, err := Events(u)
			if err != nil {
				continue // not started, or stopped: nothing runs
			}
			if err := p.settle(ctx, take); err != nil {
				errs = append(errs, err)
			}
			if ctx.Err() != nil {
				return errors.Join(errs...)
			}
		}
		for _, u := range unit.Units(doc) {
			if p, err := Events(u); err == nil && p.pending() {
				busy = true
			}
		}
		if !busy {
			return errors.Join(errs...)
		}
	}
}

// documentOf returns the document target belongs to, or nil.
func documentOf(target vdom.EventTarget) *vdom.Document {
	switch t := target.(type) {
	case *vdom.Document:
		return t
	case *vdom.Node:
		return t.OwnerDocument()
	case *vdom.Window:
		return t.Document()
	}
	return nil
}
