package userevent

import (
	"github.com/eventperk/eventperk-go/internal/elname"
	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/vdom"
)

// The reasons a user cannot act on an element. Errors wrap them with the
// action and the element; errors.Is finds them.
const (
	ErrDisabled     = errkind.Kind("userevent: element is disabled")
	ErrHidden       = errkind.Kind("userevent: element is not rendered")
	ErrNotConnected = errkind.Kind("userevent: element is not in the document")
	ErrNotEditable  = errkind.Kind("userevent: element is not editable")
)

// check returns why a user could not do action on el, or nil. With
// SkipChecks only a detached element (which no input can reach) is refused.
func (u *User) check(action string, el *vdom.Node) error {
	if err := u.checkReachable(action, el); err != nil {
		return err
	}
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
		return errkind.Errorf("userevent: %s %s: %w (hidden attribute, display:none, inert or inside a closed details; SkipChecks fires the events anyway)", action, elname.Of(el), ErrHidden)
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
