package userevent

import (
	"github.com/eventperk/eventperk-go/internal/elname"
	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/internal/unseen"
	"github.com/eventperk/eventperk-go/vdom"
)

// The reasons a user cannot act on an element. Errors wrap them with the
// action, the element and what causes it (the element or ancestor, and
// the rule with its sheet and line); errors.Is finds them.
const (
	ErrDisabled = errkind.Kind("userevent: element is disabled")
	// ErrHidden: the element is not rendered (display: none, the hidden
	// attribute, inert, a closed details...), or, for the actions that
	// point at it or need its focus, invisible (visibility: hidden or
	// collapse).
	ErrHidden       = errkind.Kind("userevent: element is hidden")
	ErrNotConnected = errkind.Kind("userevent: element is not in the document")
	ErrNotEditable  = errkind.Kind("userevent: element is not editable")
	// ErrPointerEventsNone: the actions that point at the element refuse
	// it when its computed pointer-events is none, its own or inherited.
	ErrPointerEventsNone = errkind.Kind("userevent: element has pointer-events: none")
)

// check returns why a user could not do action on el, or nil. With
// SkipChecks only a detached element (which no input can reach) is refused.
func (u *User) check(action string, el *vdom.Node) error {
	if err := u.checkReachable(action, el); err != nil {
		return err
	}
	return u.checkEnabled(action, el)
}

// checkEnabled refuses a disabled control, unless SkipChecks.
func (u *User) checkEnabled(action string, el *vdom.Node) error {
	if !u.opts.skipChecks && el.IsDisabled() {
		return errkind.Errorf("userevent: %s %s: %w (SkipChecks fires the events anyway)", action, elname.Of(el), ErrDisabled)
	}
	return nil
}

// checkReachable is check without the disabled rule, for actions a user
// can do to a disabled control: the pointer moves over a disabled button
// as over any other element (Chromium fires every hover event there, which
// is how tooltips of disabled buttons work).
func (u *User) checkReachable(action string, el *vdom.Node) error {
	switch {
	case el == nil:
		return errkind.Errorf("userevent: %s: no element (nil)", action)
	case el.OwnerDocument() != u.doc:
		// An element of another page: the usual cause is a page the
		// test has navigated away from, so say which pages.
		return errkind.Errorf("userevent: %s %s: %w: it belongs to another document (%s), and this User acts on %s; find the element again in that document",
			action, elname.Of(el), ErrNotConnected, docURL(el.OwnerDocument()), docURL(u.doc))
	case !el.IsConnected():
		return errkind.Errorf("userevent: %s %s: %w", action, elname.Of(el), ErrNotConnected)
	case u.opts.skipChecks:
		return nil
	case !el.IsRendered():
		return errkind.Errorf("userevent: %s %s: %w: %s (SkipChecks fires the events anyway)", action, elname.Of(el), ErrHidden, unseen.NotRendered(el))
	}
	return nil
}

// checkHit refuses an element the pointer cannot reach though it is
// rendered: Chromium's hit test, which finds the element under the
// pointer, passes over an element whose visibility is hidden or collapse
// and over one whose pointer-events is none (CSS UI 4 §5.2; inert
// elements, which HTML §6.3 makes act so, are not rendered here), so a
// real click at its place goes to the element under it. user-event
// refuses pointer-events: none as this does; a test that wants the events
// fired at the element anyway says SkipChecks. Only the actions that
// point check this: the keyboard still reaches an element with
// pointer-events: none that has the focus.
func (u *User) checkHit(action string, el *vdom.Node, hover bool) error {
	if u.opts.skipChecks {
		return nil
	}
	if why := unseen.Invisible(el); why != "" {
		return errkind.Errorf("userevent: %s %s: %w: %s; Chromium's hit test passes over an invisible element, so the pointer there reaches what is under it%s (SkipChecks fires the events anyway)",
			action, elname.Of(el), ErrHidden, why, underIt(el))
	}
	if why := unseen.NoPointerEvents(el); why != "" {
		if !hover && el.IsDisabled() {
			return errkind.Errorf("userevent: %s %s: %w (%s); Chromium's hit test passes over it, so a click there goes to what is under it%s, and the %w too (SkipChecks fires the events anyway)",
				action, elname.Of(el), ErrPointerEventsNone, why, underIt(el), ErrDisabled)
		}
		return errkind.Errorf("userevent: %s %s: %w (%s); Chromium's hit test passes over it, so the pointer there reaches what is under it%s (SkipChecks fires the events anyway)",
			action, elname.Of(el), ErrPointerEventsNone, why, underIt(el))
	}
	return nil
}

// underIt names what a pointer at el's place reaches instead, for a
// refusal: the element to act on when the test meant what a user clicks
// there (without layout, the nearest ancestor that takes pointer input).
func underIt(el *vdom.Node) string {
	if a := unseen.HitInstead(el); a != nil {
		return ", such as its nearest ancestor that takes pointer input, " + elname.Of(a)
	}
	return ""
}

// checkFocusable refuses an element that cannot take the focus for being
// invisible, for the actions that focus it without the pointer: HTML's
// focusable areas are rendered (vdom, as Chromium, does not focus an
// element with visibility hidden or collapse).
func (u *User) checkFocusable(action string, el *vdom.Node) error {
	if u.opts.skipChecks {
		return nil
	}
	if why := unseen.Invisible(el); why != "" {
		return errkind.Errorf("userevent: %s %s: %w: %s, so it cannot take the focus (SkipChecks goes ahead anyway)", action, elname.Of(el), ErrHidden, why)
	}
	return nil
}

// docURL names a document in messages by its URL.
func docURL(doc *vdom.Document) string {
	if doc == nil {
		return "none"
	}
	return doc.URL()
}
