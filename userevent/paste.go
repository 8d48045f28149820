package userevent

import (
	"github.com/eventperk/eventperk-go/internal/elname"
	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/vdom"
)

// Paste pastes text at the focused element (the body when none has
// focus) as a user's paste does: a trusted paste event (bubbling,
// cancelable, composed; an Event, as vdom has no ClipboardEvent and no
// clipboardData), then, unless a listener cancelled it and when the
// element is a textarea or text field, the edit: beforeinput and input
// of type insertFromPaste (with null data, as in Chromium), the text
// replacing the selection. A single-line field turns line breaks into
// spaces and maxlength cuts the text, as when typing. No key events fire.
//
// It is ErrNotEditable for a readonly textarea or text field, and the
// errors of User's checks of the focused element.
func (u *User) Paste(text string) error {
	target := u.doc.ActiveElement()
	if target != nil {
		if err := u.check("paste", target); err != nil {
			return err
		}
		if editsText(target) && target.HasAttribute("readonly") && !u.opts.skipChecks {
			return errkind.Errorf("userevent: paste into %s: %w (readonly; SkipChecks fires the paste event anyway)", elname.Of(target), ErrNotEditable)
		}
	}
	var errs []error
	var t vdom.EventTarget = u.doc
	if target != nil {
		t = target
	}
	paste := vdom.NewEventWith("paste", vdom.EventInit{Bubbles: true, Cancelable: true, Composed: true})
	ok, err := vdom.DispatchTrusted(t, paste)
	if err != nil {
		errs = append(errs, err)
	}
	// A listener may have moved the focus: the text goes where the
	// paste event went, if that is still the focused element.
	if ok && target != nil && editsText(target) && u.doc.ActiveElement() == target {
		if _, err := target.EditAsUser(vdom.InputInsertFromPaste, text); err != nil {
			errs = append(errs, err)
		}
	}
	return keyErrors("paste", target, errs)
}
