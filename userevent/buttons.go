package userevent

import (
	"fmt"

	"github.com/eventperk/eventperk-go/internal/domext"
	"github.com/eventperk/eventperk-go/internal/elname"
	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/vdom"
)

// A Button is a mouse button, by the number MouseEvent.button gives it
// (UI Events §3.4.1.1).
type Button int16

// The buttons of a mouse.
const (
	ButtonMain      Button = 0 // usually the left button
	ButtonAuxiliary Button = 1 // usually the wheel or middle button
	ButtonSecondary Button = 2 // usually the right button
)

// bit is the button's bit in MouseEvent.buttons.
func (b Button) bit() uint16 {
	switch b {
	case ButtonMain:
		return 1
	case ButtonSecondary:
		return 2
	case ButtonAuxiliary:
		return 4
	}
	return 0
}

func (b Button) String() string {
	switch b {
	case ButtonMain:
		return "the main button"
	case ButtonAuxiliary:
		return "the auxiliary button"
	case ButtonSecondary:
		return "the secondary button"
	}
	return fmt.Sprintf("button %d", int16(b))
}

// A Point is a place in an element, in CSS pixels from the top left
// corner of its box.
type Point struct{ X, Y float64 }

// PointerOptions say which button a pointer action uses and where in the
// element it happens.
type PointerOptions struct {
	// Button is the button pressed or released (ButtonMain when zero).
	Button Button
	// Offset is where in the element the pointer is. vdom has no layout:
	// the element's box is at the viewport's origin, so the events'
	// clientX and clientY are the offset, and an image button submits
	// it as its coordinate (name.x and name.y; Chromium counts it from
	// the corner of the image's content box). The zero Point is the
	// corner itself, also for the actions without options (a browser's
	// click at the middle of a 40×30 image submits 20 and 15).
	Offset Point
}

// gesture is what the pointer remembers from the moment a button went down
// with none held until the last one comes up.
type gesture struct {
	// on is the element the first button went down on, with its chain.
	on    *vdom.Node
	chain []*vdom.Node
	// compat is false when pointerdown was cancelled: no mouse event
	// follows until every button is up (Pointer Events §11.1).
	compat bool
	// clicked is set once a click or auxclick fired: a button released
	// after that fires none, and its mouseup has detail 0, as in
	// Chromium (pointer-buttons-chord).
	clicked bool
}

// ClickWith clicks el with the button of opts, at its offset: the pointer
// moves there, then the button is pressed and released as PointerDown
// and PointerUp do. With ButtonMain it is Click at a place. With the
// secondary button Chromium fires pointerdown, mousedown (which moves the
// focus), contextmenu, pointerup, mouseup and auxclick; with the auxiliary
// button pointerdown, mousedown, pointerup, mouseup, auxclick, then paste
// (Linux pastes the primary selection where the middle button clicks; see
// PointerUpWith). Neither fires click, so neither activates el.
func (u *User) ClickWith(el *vdom.Node, opts PointerOptions) error {
	return u.scoped(func() error {
		if err := u.checkButton("click", el, opts.Button, false); err != nil {
			return err
		}
		var errs []error
		u.moveAt(&errs, el, opts.Offset)
		u.buttonDown(&errs, opts.Button, 1, u.state())
		u.buttonUp(&errs, opts.Button, 1, u.state())
		return joined("click", el, errs)
	})
}

// PointerDown moves the pointer onto el and presses the main button there,
// which stays down until PointerUp releases it (PointerDownWith for
// another button or place).
func (u *User) PointerDown(el *vdom.Node) error { return u.PointerDownWith(el, PointerOptions{}) }

// PointerDownWith moves the pointer to the offset of el (the moves carry
// the buttons held) and presses the button of opts. With no button held
// Chromium fires pointerdown, then mousedown (whose default actions move
// the focus, choose an option of a listbox, put the caret in a text
// field) unless pointerdown was cancelled; a button pressed while another
// is held fires a pointermove with that button instead of pointerdown
// (Pointer Events' chorded buttons), then mousedown. The main button makes
// the element it went down on match :active, with its ancestors, until it
// is released (vdom.Document.SetActiveTarget). The secondary button
// fires contextmenu after its mousedown. Pressing a button already held
// is an error.
func (u *User) PointerDownWith(el *vdom.Node, opts PointerOptions) error {
	return u.scoped(func() error {
		if err := u.checkButton("press", el, opts.Button, false); err != nil {
			return err
		}
		var errs []error
		u.moveAt(&errs, el, opts.Offset)
		u.buttonDown(&errs, opts.Button, 1, u.state())
		return joined("press", el, errs)
	})
}

// PointerUp moves the pointer onto el and releases the main button
// (PointerUpWith for another button or place).
func (u *User) PointerUp(el *vdom.Node) error { return u.PointerUpWith(el, PointerOptions{}) }

// PointerUpWith moves the pointer to the offset of el (the moves carry the
// buttons held) and releases the button of opts, which must be held. The
// last button up fires pointerup, a button released while another is held
// a pointermove; mouseup follows unless pointerdown was cancelled. Then
// click (the main button) or auxclick (the others) fires at the element
// that contains both the one the first button went down on and el, unless
// one of them left the document, or is a disabled control, or a button
// released earlier in the same press already clicked. After an auxclick
// of the auxiliary button comes paste, Linux's paste of the primary
// selection: the text a user last selected in a text field of the
// document (with the keyboard, or Shift and a click), which, when the
// paste is not cancelled, goes into the text field clicked.
func (u *User) PointerUpWith(el *vdom.Node, opts PointerOptions) error {
	return u.scoped(func() error {
		if err := u.checkButton("release", el, opts.Button, true); err != nil {
			return err
		}
		var errs []error
		u.moveAt(&errs, el, opts.Offset)
		u.buttonUp(&errs, opts.Button, 1, u.state())
		return joined("release", el, errs)
	})
}

// checkButton checks a pointer action with button b on el: the checks of
// checkPointer, a known button, held (release) or not held (press).
func (u *User) checkButton(action string, el *vdom.Node, b Button, release bool) error {
	if err := u.checkPointer(action, el, false); err != nil {
		return err
	}
	switch held := u.pointer.buttons&b.bit() != 0; {
	case b.bit() == 0:
		return errkind.Errorf("userevent: %s %s: %s is not a mouse button (ButtonMain, ButtonAuxiliary, ButtonSecondary)", action, elname.Of(el), b)
	case release && !held:
		return errkind.Errorf("userevent: %s %s: %s is not down (PointerDown presses it)", action, elname.Of(el), b)
	case !release && held:
		return errkind.Errorf("userevent: %s %s: %s is down already (PointerUp releases it)", action, elname.Of(el), b)
	}
	return nil
}

// moveAt moves the pointer to the point at of el.
func (u *User) moveAt(errs *[]error, el *vdom.Node, at Point) {
	u.pointer.x, u.pointer.y = at.X, at.Y
	u.moveTo(errs, el, u.state())
}

// buttonDown presses b where the pointer is, as the count-th click of a
// series (mousedown's detail): pointerdown when no other button is held
// (a pointermove with the button when one is), mousedown unless a
// pointerdown was cancelled, contextmenu for the secondary button. p has
// the modifier keys; the buttons come from the pointer.
func (u *User) buttonDown(errs *[]error, b Button, count int, p press) clickResult {
	var res clickResult
	ptr := &u.pointer
	p.buttons = ptr.buttons
	// A press anywhere closes the popup of a drop-down select without a
	// choice (on the select itself, its mousedown does not open it again).
	was := u.popup.sel
	u.popup = popupState{}
	u.refreshOver(errs, p)
	target := ptr.over
	if target == nil {
		return res
	}
	first := ptr.buttons == 0
	ptr.buttons |= b.bit()
	p.buttons = ptr.buttons
	if b == ButtonMain {
		// The element pressed on is being activated (:active) while the
		// main button is held; Chromium sets it before the pointerdown.
		u.doc.SetActiveTarget(target)
	}
	if first {
		ptr.gesture = gesture{on: target, chain: ptr.chain}
		ptr.gesture.compat = u.fire(errs, target, u.pointerEvent("pointerdown", int16(b), p, 0, nil))
	} else {
		u.fire(errs, target, u.pointerEvent("pointermove", int16(b), p, 0, nil))
	}
	if ptr.gesture.compat {
		// A pointerdown listener may have removed the element: the
		// mousedown goes to what is left of the chain.
		if md := u.nearestConnected(target, ptr.chain); md != nil {
			if u.fire(errs, md, u.mouseEvent("mousedown", int16(b), p, count, nil)) && !disabledControl(md) {
				res.mousedown = true
			}
			u.takePicker(was)
		}
	}
	if b == ButtonSecondary {
		// Linux opens the context menu on the press.
		if at := u.nearestConnected(target, ptr.chain); at != nil {
			u.fire(errs, at, u.pointerEvent("contextmenu", int16(b), p, 0, nil))
		}
	}
	return res
}

// buttonUp releases b where the pointer is (see PointerUpWith).
func (u *User) buttonUp(errs *[]error, b Button, count int, p press) clickResult {
	var res clickResult
	ptr := &u.pointer
	p.buttons = ptr.buttons
	u.refreshOver(errs, p)
	ptr.buttons &^= b.bit()
	p.buttons = ptr.buttons
	if b == ButtonMain {
		u.doc.SetActiveTarget(nil) // the activation ends with the press
	}
	g := &ptr.gesture
	defer func() {
		if ptr.buttons == 0 {
			ptr.gesture = gesture{}
		}
	}()
	released := ptr.over
	if released == nil {
		return res
	}
	if ptr.buttons == 0 {
		u.fire(errs, released, u.pointerEvent("pointerup", int16(b), p, 0, nil))
	} else {
		u.fire(errs, released, u.pointerEvent("pointermove", int16(b), p, 0, nil))
	}
	detail := count
	if g.clicked {
		detail = 0
	}
	if g.compat {
		u.fire(errs, released, u.mouseEvent("mouseup", int16(b), p, detail, nil))
	}
	if g.clicked || !u.connected(g.on) || !u.connected(released) {
		return res
	}
	clicked := commonAncestor(g.on, released)
	if disabledControl(clicked) {
		// Chromium dispatches no click at a disabled control.
		return res
	}
	g.clicked = true
	res.clicked = clicked
	typ := "click"
	if b != ButtonMain {
		typ = "auxclick"
	}
	res.clickOK = u.fire(errs, clicked, u.pointerEvent(typ, int16(b), p, count, nil))
	if b == ButtonAuxiliary {
		u.pastePrimary(errs, clicked)
	}
	return res
}

// pastePrimary is Linux's middle-click paste at el: a paste event with the
// primary selection, and, unless it was cancelled, the text goes into el
// when el is the focused text field.
func (u *User) pastePrimary(errs *[]error, el *vdom.Node) {
	text := domext.PrimarySelection(u.doc)
	paste := vdom.NewClipboardEvent("paste", vdom.ClipboardEventInit{
		EventInit:      vdom.EventInit{Bubbles: true, Cancelable: true, Composed: true},
		ClipboardEvent: vdom.ClipboardEvent{Text: text},
	})
	if !u.fire(errs, el, paste) || text == "" || !el.IsTextControl() || u.doc.ActiveElement() != el || el.HasAttribute("readonly") {
		return
	}
	if _, err := el.EditAsUser(vdom.InputInsertFromPaste, text); err != nil {
		*errs = append(*errs, err)
	}
}
