package userevent

import (
	"math"

	"github.com/eventperk/eventperk-go/internal/elname"
	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/vdom"
)

// TypeOptions change how TypeWith types.
type TypeOptions struct {
	// SkipClick types without clicking el first: the keys go to the
	// element that has focus, which el should be.
	SkipClick bool
	// Selection, when set, is the selection to type over, in UTF-16
	// code units of el's text (clamped to it): the caret when Start
	// equals End. Unset, the caret is at the end of the text.
	Selection *Selection
}

// Selection is a range of a text control's text, in UTF-16 code units
// as the DOM counts them.
type Selection struct {
	Start, End int
}

// Type clicks el, puts the caret at the end of its text and types text,
// which is in Keyboard's syntax ("hello{Enter}", "{Backspace}x"), as a
// user does: for each character keydown, keypress, beforeinput, the edit,
// input, keyup, as Chromium fires them. The page's listeners and vdom's
// default actions decide what happens: a cancelled keydown or beforeinput
// types nothing, maxlength stops the text, Enter submits a form (implicit
// submission), Tab moves the focus on.
//
// vdom edits the text of textareas and of inputs of type text, search,
// url, tel, email, password and number; at another element (a
// contenteditable one included) the keys fire and nothing is edited.
//
// It is ErrNotEditable for a readonly textarea or text field, and the
// errors of User's checks unless SkipChecks: disabled, hidden and, for
// the click it starts with, invisible or pointer-events: none
// (ErrPointerEventsNone); TypeWith with SkipClick types into a focused
// element with pointer-events: none, as a keyboard does. A malformed
// text is an ErrKeySyntax error before anything happens.
func (u *User) Type(el *vdom.Node, text string) error {
	return u.TypeWith(el, text, TypeOptions{})
}

// TypeWith is Type with options: no click first, or another selection.
func (u *User) TypeWith(el *vdom.Node, text string, opts TypeOptions) error {
	return u.scoped(func() error {
		// Without SkipClick the text goes where the click puts the focus,
		// so el must be where the pointer can click it; with SkipClick
		// the keys go to the focused element, which an element with
		// pointer-events: none can be.
		if opts.SkipClick {
			if err := u.check("type", el); err != nil {
				return err
			}
			if err := u.checkFocusable("type", el); err != nil {
				return err
			}
		} else if err := u.checkPointer("type", el, false); err != nil {
			return err
		}
		if el.IsTextControl() && el.HasAttribute("readonly") && !u.opts.skipChecks {
			return errkind.Errorf("userevent: type %s: %w (readonly; SkipChecks fires the events anyway)", elname.Of(el), ErrNotEditable)
		}
		strokes, err := parseKeys(text)
		if err != nil {
			return err
		}
		var errs []error
		if !opts.SkipClick {
			// The click a user starts with: the pointer moves onto el, and
			// the mousedown focuses it and puts the caret at the end.
			if err := u.Click(el); err != nil {
				errs = append(errs, err)
			}
		}
		switch {
		case opts.Selection != nil:
			if err := el.SelectAsUser(opts.Selection.Start, opts.Selection.End); err != nil {
				errs = append(errs, err)
			}
		case el.IsTextControl():
			// The caret at the end, where a click past the text puts it.
			if err := el.SelectAsUser(math.MaxInt32, math.MaxInt32); err != nil {
				errs = append(errs, err)
			}
		}
		u.strokes(&errs, strokes)
		return keyErrors("type", el, errs)
	})
}
