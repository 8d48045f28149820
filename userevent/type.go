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
// errors of User's checks (disabled, hidden) unless SkipChecks. A
// malformed text is an ErrKeySyntax error before anything happens.
func (u *User) Type(el *vdom.Node, text string) error {
	return u.TypeWith(el, text, TypeOptions{})
}

// TypeWith is Type with options: no click first, or another selection.
func (u *User) TypeWith(el *vdom.Node, text string, opts TypeOptions) error {
	if err := u.check("type", el); err != nil {
		return err
	}
	if editsText(el) && el.HasAttribute("readonly") && !u.opts.skipChecks {
		return errkind.Errorf("userevent: type %s: %w (readonly; SkipChecks fires the events anyway)", elname.Of(el), ErrNotEditable)
	}
	strokes, err := parseKeys(text)
	if err != nil {
		return err
	}
	var errs []error
	if !opts.SkipClick {
		u.clickForTyping(&errs, el)
	}
	switch {
	case opts.Selection != nil:
		if err := el.SelectAsUser(opts.Selection.Start, opts.Selection.End); err != nil {
			errs = append(errs, err)
		}
	case editsText(el):
		// The caret at the end, where a click past the text puts it.
		if err := el.SelectAsUser(math.MaxInt32, math.MaxInt32); err != nil {
			errs = append(errs, err)
		}
	}
	u.strokes(&errs, strokes)
	return keyErrors("type", el, errs)
}

// editsText reports the elements whose text a user edits: textarea and
// the input types text, search, url, tel, email, password and number.
func editsText(el *vdom.Node) bool {
	switch el.TagName() {
	case "TEXTAREA":
		return true
	case "INPUT":
		switch el.Type() {
		case "text", "search", "url", "tel", "email", "password", "number":
			return true
		}
	}
	return false
}

// clickForTyping is the click Type starts with: the main button pressed
// and released on el as Chromium's mouse does it (pointerdown, mousedown,
// whose default action focuses el and puts the caret at the end of its
// text, pointerup, mouseup, click). A cancelled pointerdown suppresses
// mousedown and mouseup, not the click.
func (u *User) clickForTyping(errs *[]error, el *vdom.Node) {
	win := u.doc.Window()
	init := vdom.EventInit{Bubbles: true, Cancelable: true, Composed: true}
	mouse := func(buttons uint16, detail int) vdom.MouseEvent {
		return vdom.MouseEvent{UIEvent: vdom.UIEvent{View: win, Detail: detail}, Buttons: buttons}
	}
	pointer := func(typ string, buttons uint16, pressure float64, primary bool, detail int) *vdom.Event {
		return vdom.NewPointerEvent(typ, vdom.PointerEventInit{EventInit: init, PointerEvent: vdom.PointerEvent{
			MouseEvent: mouse(buttons, detail), PointerID: 1, PointerType: "mouse", IsPrimary: primary,
			Width: 1, Height: 1, Pressure: pressure,
		}})
	}
	fire := func(e *vdom.Event) bool {
		ok, err := vdom.DispatchTrusted(el, e)
		if err != nil {
			*errs = append(*errs, err)
		}
		return ok
	}
	compat := fire(pointer("pointerdown", 1, 0.5, true, 0))
	if compat {
		fire(vdom.NewMouseEvent("mousedown", vdom.MouseEventInit{EventInit: init, MouseEvent: mouse(1, 1)}))
	}
	fire(pointer("pointerup", 0, 0, true, 0))
	if compat {
		fire(vdom.NewMouseEvent("mouseup", vdom.MouseEventInit{EventInit: init, MouseEvent: mouse(0, 1)}))
	}
	// Chromium's click is a PointerEvent whose isPrimary is false.
	fire(pointer("click", 0, 0, false, 1))
}
