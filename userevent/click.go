package userevent

import "github.com/eventperk/eventperk-go/vdom"

// Click clicks el with the main mouse button, as a user does: the pointer
// moves onto el (see Hover; the moves fire even when it is there already,
// as a hand on a mouse is never quite still), then pointerdown, mousedown
// (whose default action moves the focus), pointerup, mouseup and click,
// whose default action is el's activation behaviour (a checkbox toggles, a
// link is followed, a form is submitted, a label clicks its control).
//
// The events are those of Chromium 156's mouse: pointerId 1, pointerType
// "mouse", width and height 1, pressure 0.5 while the button is down;
// mousedown, mouseup and click have detail 1, and click is a PointerEvent
// whose isPrimary is false. While the button is down the document's tasks
// run (see vdom.Document.RunTasks), as a person's press lasts a moment: a
// selectionchange that the mousedown queued fires before mouseup. A
// cancelled pointerdown suppresses mousedown
// and mouseup (and so the focus move), not the click. At a disabled
// control Chromium dispatches the pointer events but no mousedown, mouseup
// or click (the focus still moves away).
//
// Like every pointer action, Click refuses, unless SkipChecks, an element
// the pointer cannot reach (see Errors in the package doc): one not
// rendered or invisible (ErrHidden), one with pointer-events: none
// (ErrPointerEventsNone), and an option of a drop-down select (ErrHidden:
// it is shown in the select's popup, not in the page; SelectOptions
// chooses it).
//
// Each Click is a click of its own (detail 1): two Clicks in a row are
// not a double click, as a test's steps are not a user's quick fingers.
// DblClick is the double click.
func (u *User) Click(el *vdom.Node) error {
	return u.scoped(func() error {
		if err := u.checkButton("click", el, ButtonMain, false); err != nil {
			return err
		}
		var errs []error
		u.moveAt(&errs, el, Point{})
		u.pressRelease(&errs, 1, u.state())
		return joined("click", el, errs)
	})
}

// DblClick double-clicks el: the pointer moves onto el, then two clicks as
// Click fires them, the second with detail 2 on mousedown, mouseup and
// click (pointerdown and pointerup have detail 0), then dblclick, a
// MouseEvent with detail 2, at the element both clicks went to. Each
// click's default actions run: a checkbox toggles twice, a details'
// summary opens and closes it again. The document's tasks run between
// the two clicks, as in the moment between a person's clicks, so the
// toggle event of the first click comes before the second. In a text
// field the second mousedown selects the word at the end of the text
// (vdom has no layout to find the word under the pointer: a double click
// past the end of the text selects that one) and select follows the
// dblclick; on a label the second click does not focus the labeled
// control again, and the focus stays off it, as in Chromium.
func (u *User) DblClick(el *vdom.Node) error {
	return u.scoped(func() error {
		if err := u.checkPointer("double-click", el, false); err != nil {
			return err
		}
		var errs []error
		u.moveAt(&errs, el, Point{})
		first := u.pressRelease(&errs, 1, u.state())
		// A tenth of a second passes between a person's two clicks:
		// the tasks the first queued (a details' toggle, a
		// hashchange) run.
		u.hold(&errs)
		second := u.pressRelease(&errs, 2, u.state())
		if first.clicked != nil && first.clicked == second.clicked && u.connected(second.clicked) {
			u.fire(&errs, second.clicked, u.mouseEvent("dblclick", 0, u.state(), 2, nil))
		}
		return joined("double-click", el, errs)
	})
}
