package userevent

// Tab presses Tab at the focused element: keydown, whose default action
// moves the focus to the next element in the sequential focus order (a
// text field it focuses has its text selected), then keyup at the element
// that has the focus now. Past the last element the focus leaves the
// document. It returns the errors of listeners that panicked and of the
// check of the focused element.
func (u *User) Tab() error { return u.tab("tab", false) }

// ShiftTab presses Shift+Tab: Shift down, Tab (keydown and keyup with
// shiftKey, the focus moving to the previous element), Shift up. With
// Shift already held (Keyboard("{Shift>}")) only Tab is pressed.
func (u *User) ShiftTab() error { return u.tab("shift-tab", true) }

func (u *User) tab(action string, shift bool) error {
	return u.scoped(func() error {
		if err := u.checkFocused(action); err != nil {
			return err
		}
		var errs []error
		shiftKey := namedKeys["Shift"]
		press := shift && !u.keyboard.modifier("Shift")
		if press {
			u.keyDown(&errs, shiftKey, false)
		}
		tab := namedKeys["Tab"]
		u.keyDown(&errs, tab, false)
		u.hold(&errs)
		u.keyUp(&errs, tab)
		if press {
			u.keyUp(&errs, shiftKey)
		}
		return keyErrors(action, u.doc.ActiveElement(), errs)
	})
}
