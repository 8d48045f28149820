package userevent

import (
	"github.com/eventperk/eventperk-go/internal/elname"
	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/vdom"
)

// Paste pastes text at the focused element (the body when none has
// focus) as a user's paste does in Chromium (recorded: type-paste-*): a
// trusted paste ClipboardEvent (bubbling, cancelable, composed; its Text
// is the clipboardData's text), then, unless a listener cancelled it and
// when the element is a textarea or text field, the edit: beforeinput of
// type insertFromPaste with the text as data, the text replacing the
// selection, input with the text that went in. A single-line field turns
// line breaks into spaces, a number field drops what is not part of a
// number, maxlength cuts the text; input fires even when nothing went in.
// A readonly field gets the paste event only. No key events fire (a
// user's Control+v has a keydown and a keyup around these).
//
// It is ErrNotEditable for a readonly textarea or text field, and the
// errors of User's checks of the focused element.
func (u *User) Paste(text string) error {
	return u.scoped(func() error {
		target := u.doc.ActiveElement()
		if target != nil {
			if err := u.check("paste", target); err != nil {
				return err
			}
			if target.IsTextControl() && target.HasAttribute("readonly") && !u.opts.skipChecks {
				return errkind.Errorf("userevent: paste into %s: %w (readonly; SkipChecks fires the paste event anyway)", elname.Of(target), ErrNotEditable)
			}
		}
		var errs []error
		var t vdom.EventTarget = u.doc
		if target != nil {
			t = target
		}
		paste := vdom.NewClipboardEvent("paste", vdom.ClipboardEventInit{
			EventInit:      vdom.EventInit{Bubbles: true, Cancelable: true, Composed: true},
			ClipboardEvent: vdom.ClipboardEvent{Text: text},
		})
		ok, err := vdom.DispatchTrusted(t, paste)
		if err != nil {
			errs = append(errs, err)
		}
		// A listener may have moved the focus: the text goes where the
		// paste event went, if that is still the focused element.
		if ok && target != nil && target.IsTextControl() && u.doc.ActiveElement() == target {
			if _, err := target.EditAsUser(vdom.InputInsertFromPaste, text); err != nil {
				errs = append(errs, err)
			}
		}
		return keyErrors("paste", target, errs)
	})
}
