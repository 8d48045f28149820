package userevent

import "github.com/eventperk/eventperk-go/vdom"

// Hover moves the pointer onto el, as a user moving the mouse over it:
// Chromium's pointerout and mouseout at the element the pointer was over,
// pointerleave and mouseleave up from it to the ancestor it shares with
// el, pointerover and mouseover at el, pointerenter and mouseenter down
// from that ancestor to el, then pointermove and mousemove at el (pointer
// events of each kind first, then the mouse events). Over a disabled
// control these all fire too, as in Chromium, so Hover and Unhover refuse
// no disabled element; they refuse, as Click does, one that is hidden,
// invisible, detached or has pointer-events: none, which the pointer
// cannot be over.
//
// As in Chromium, enter and leave events are dispatched only at elements
// with a listener for them, or at every element of the chain when one of
// them (or the document) listens in the capture phase: a listener on the
// Window alone sees none.
//
// el and its ancestors match :hover from the boundary events on
// (vdom.Document.SetHoverTarget), so the rules of a page's style sheets
// for :hover apply, as a menu shown on hover.
//
// The pointer stays over el until the next action moves it; a listener
// that removes el leaves it over el's nearest ancestor still in the
// document, which the next action reports first with pointerover and
// mouseover there.
func (u *User) Hover(el *vdom.Node) error {
	return u.scoped(func() error {
		if err := u.checkPointer("hover", el, true); err != nil {
			return err
		}
		var errs []error
		u.moveAt(&errs, el, Point{})
		return joined("hover", el, errs)
	})
}

// Unhover moves the pointer off el to an empty area of the page: the html
// element, which is what Chromium finds under a mouse moved outside the
// body's box. So el and its ancestors below html get the leave events,
// html gets pointerover and mouseover, then the moves. Wherever the
// pointer was, it ends over the html element.
func (u *User) Unhover(el *vdom.Node) error {
	return u.scoped(func() error {
		if err := u.checkPointer("unhover", el, true); err != nil {
			return err
		}
		html := u.doc.DocumentElement()
		if html == nil {
			return joined("unhover", el, nil)
		}
		var errs []error
		u.moveAt(&errs, html, Point{})
		return joined("unhover", el, errs)
	})
}
