package userevent

import (
	"math"

	"github.com/eventperk/eventperk-go/internal/elname"
	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/vdom"
)

// Clear empties a textarea or text field as user-event's clear does: el
// gets the focus, all its text is selected (select fires when that is a
// range), and the selection is deleted as Backspace deletes it
// (beforeinput and input, deleteContentBackward). No key events fire. The
// deletion is the user's, so change fires when el loses focus.
//
// It is ErrNotEditable for an element that is not a textarea or text
// field, or is readonly; an error when el cannot take the focus (a focus
// listener moved it elsewhere); the errors of User's checks (disabled,
// hidden, and invisible: visibility hidden or collapse, which cannot take
// the focus). No pointer is used, so pointer-events does not count, as in
// user-event.
func (u *User) Clear(el *vdom.Node) error {
	return u.scoped(func() error {
		if err := u.check("clear", el); err != nil {
			return err
		}
		if err := u.checkFocusable("clear", el); err != nil {
			return err
		}
		if !el.IsTextControl() {
			return errkind.Errorf("userevent: clear %s: %w (only a textarea or a text field has text to clear)", elname.Of(el), ErrNotEditable)
		}
		if el.HasAttribute("readonly") {
			return errkind.Errorf("userevent: clear %s: %w (readonly)", elname.Of(el), ErrNotEditable)
		}
		var errs []error
		if err := el.Focus(); err != nil {
			errs = append(errs, err)
		}
		if u.doc.ActiveElement() != el {
			errs = append(errs, errkind.Errorf("userevent: clear %s: it did not get the focus, which is at %s (a listener moved it, or it cannot be focused)", elname.Of(el), elname.Of(u.doc.ActiveElement())))
			return keyErrors("clear", el, errs)
		}
		if err := el.SelectAsUser(0, math.MaxInt32); err != nil {
			errs = append(errs, err)
		}
		if _, err := el.EditAsUser(vdom.InputDeleteContentBackward, ""); err != nil {
			errs = append(errs, err)
		}
		return keyErrors("clear", el, errs)
	})
}
