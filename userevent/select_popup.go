package userevent

import (
	"github.com/eventperk/eventperk-go/internal/domext"
	"github.com/eventperk/eventperk-go/vdom"
)

// The popup of a drop-down select. Chromium shows a drop-down's options in
// a window of its own, which a mousedown on the select opens (and a second
// one closes), and so do Alt+ArrowDown, Alt+ArrowUp, F4, Enter and Space
// (outside a type-ahead search) at the focused select; vdom's default
// actions say when (domext.TakePicker). While it is open the popup takes
// the keyboard: the page sees no key event, not even the keyup of the key
// that opened it, until a key closes it. ArrowDown and ArrowUp move the
// highlight through the options a user can choose, Home and End to the
// first and last. Enter chooses the highlighted option: input and change
// at the select when the choice changed, then the popup's click at the
// select; Escape closes it keeping the highlighted option too, with input
// and change but no click (recorded: keys-select-popup-*). The keyup of
// Enter or Escape goes to the page. Other keys do nothing in the popup.
// A press of a mouse button anywhere closes it without a choice.

// popupState is the open popup of a drop-down select.
type popupState struct {
	// sel is the select whose popup is open, nil when none is.
	sel *vdom.Node
	// at is the option highlighted.
	at *vdom.Node
}

// takePicker opens the popup vdom's default actions asked for, if any,
// unless it is the popup of was, which the same press closed (a second
// mousedown on the select). It reports whether one opened.
func (u *User) takePicker(was *vdom.Node) bool {
	req, _ := domext.TakePicker(u.doc).(*vdom.Node)
	if req == nil || req == was {
		return false
	}
	var at *vdom.Node
	if opts := req.SelectedOptions(); len(opts) > 0 {
		at = opts[0]
	}
	u.popup = popupState{sel: req, at: at}
	return true
}

// popupOpen reports whether a popup is open, closing one whose select
// left the document or stopped being a drop-down meanwhile.
func (u *User) popupOpen() bool {
	if u.popup.sel == nil {
		return false
	}
	if !u.connected(u.popup.sel) || u.popup.sel.Multiple() || u.popup.sel.DisplaySize() > 1 || u.popup.sel.IsDisabled() {
		u.popup = popupState{}
		return false
	}
	return true
}

// popupKeyDown runs a key's keydown in the open popup.
func (u *User) popupKeyDown(errs *[]error, def keyDef) {
	sel := u.popup.sel
	switch def.key {
	case "ArrowDown", "ArrowUp", "Home", "End":
		if to := popupMove(sel, u.popup.at, def.key); to != nil {
			u.popup.at = to
		}
	case "Enter", "Escape":
		at := u.popup.at
		u.popup = popupState{}
		u.choosePopup(errs, sel, at, def.key == "Enter")
	}
}

// popupMove returns the option the key moves the highlight to, nil when
// it stays.
func popupMove(sel, at *vdom.Node, key string) *vdom.Node {
	opts := sel.Options()
	i := -1
	for j, o := range opts {
		if o == at {
			i = j
		}
	}
	usable := func(o *vdom.Node) bool { return !optionDisabled(o) && o.IsRendered() }
	switch key {
	case "ArrowDown":
		for j := i + 1; j < len(opts); j++ {
			if usable(opts[j]) {
				return opts[j]
			}
		}
	case "ArrowUp":
		for j := i - 1; j >= 0; j-- {
			if usable(opts[j]) {
				return opts[j]
			}
		}
	case "Home":
		for _, o := range opts {
			if usable(o) {
				return o
			}
		}
	case "End":
		for j := len(opts) - 1; j >= 0; j-- {
			if usable(opts[j]) {
				return opts[j]
			}
		}
	}
	return nil
}

// choosePopup is the choice of opt in the popup of sel as the popup
// closes: input and change when opt was not the selected option, then,
// when the popup closed on a choice (Enter, a click in it), the click
// Chromium's popup fires at its select (a PointerEvent with pointerId 0,
// pointerType "" and button -1).
func (u *User) choosePopup(errs *[]error, sel, opt *vdom.Node, click bool) {
	if opt != nil && u.connected(opt) && !opt.Selected() {
		opt.SetSelected(true)
		u.fireInputChange(errs, sel)
	}
	if !click || !u.connected(sel) {
		return
	}
	e := vdom.NewPointerEvent("click", vdom.PointerEventInit{
		EventInit:    eventInit("click"),
		PointerEvent: vdom.PointerEvent{MouseEvent: vdom.MouseEvent{UIEvent: vdom.UIEvent{View: u.doc.Window()}, Button: -1}},
	})
	u.fire(errs, sel, e)
}
