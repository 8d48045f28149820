package userevent

import (
	"errors"

	"github.com/eventperk/eventperk-go/internal/elname"
	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/vdom"
)

// pointerState is what the mouse holds between actions.
type pointerState struct {
	// over is the element under the pointer, nil before the first move.
	over *vdom.Node
	// chain is over and its ancestors up to the document node, as they
	// were when the pointer reached over: when a listener removes over,
	// the pointer is over the nearest of them still in the document.
	chain []*vdom.Node
	// x and y are where in over the pointer is (its client coordinates,
	// over's box being at the viewport's origin without layout).
	x, y float64
	// The buttons held and the press they make (buttons.go).
	buttons uint16
	gesture gesture
}

// ErrPrevented is the reason an action could not finish: the page
// cancelled the event whose default action the user needed (a mousedown
// that would open a select's popup, a click that would open a file
// chooser). The events up to it have been fired.
const ErrPrevented = errkind.Kind("userevent: the page prevented the default action")

// press is the state of the mouse and the keyboard while events are
// fired: the buttons held (MouseEvent.buttons bits), the modifier keys
// held, and where in its element the pointer is.
type press struct {
	buttons                uint16
	ctrl, shift, alt, meta bool
	x, y                   float64
}

// state is the press of now: the buttons the pointer holds, the modifier
// keys the keyboard holds, the pointer's place.
func (u *User) state() press {
	k := &u.keyboard
	return press{
		buttons: u.pointer.buttons,
		ctrl:    k.modifier("Control"), shift: k.modifier("Shift"), alt: k.modifier("Alt"), meta: k.modifier("Meta"),
		x: u.pointer.x, y: u.pointer.y,
	}
}

// The mouse Chromium reports for the protocol's mouse: pointerId 1, a
// primary "mouse" pointer of 1×1 CSS pixels, pressure 0.5 while a button is
// down (Pointer Events §4.1.2 for hardware without pressure), 0 otherwise.
const mousePointerID = 1

// mouseInit is the MouseEvent part of the events: the button whose state
// changed, the buttons held, the click count, the modifier keys and the
// place (the client coordinates: without layout an element's box is at
// the viewport's origin).
func (u *User) mouseInit(button int16, p press, detail int) vdom.MouseEvent {
	return vdom.MouseEvent{
		UIEvent: vdom.UIEvent{View: u.doc.Window(), Detail: detail},
		Button:  button, Buttons: p.buttons,
		CtrlKey: p.ctrl, ShiftKey: p.shift, AltKey: p.alt, MetaKey: p.meta,
		ClientX: p.x, ClientY: p.y, ScreenX: p.x, ScreenY: p.y,
	}
}

// pointerEvent builds a PointerEvent of the mouse. Boundary and move
// events have button -1 (no button changed) and detail 0, as Chromium's.
// click, auxclick and contextmenu have isPrimary false and pressure 0 in
// Chromium, whatever Pointer Events says and whatever is held.
func (u *User) pointerEvent(typ string, button int16, p press, detail int, related vdom.EventTarget) *vdom.Event {
	m := u.mouseInit(button, p, detail)
	m.RelatedTarget = related
	pe := vdom.PointerEvent{MouseEvent: m, PointerID: mousePointerID, PointerType: "mouse", IsPrimary: true, Width: 1, Height: 1}
	switch typ {
	case "click", "auxclick", "contextmenu":
		pe.IsPrimary = false
	default:
		if p.buttons != 0 {
			pe.Pressure = 0.5
		}
	}
	return vdom.NewPointerEvent(typ, vdom.PointerEventInit{EventInit: eventInit(typ), PointerEvent: pe})
}

// mouseEvent builds a MouseEvent of the button (0 where a pointer event's
// is -1: MouseEvent has no "no button").
func (u *User) mouseEvent(typ string, button int16, p press, detail int, related vdom.EventTarget) *vdom.Event {
	m := u.mouseInit(max(button, 0), p, detail)
	m.RelatedTarget = related
	return vdom.NewMouseEvent(typ, vdom.MouseEventInit{EventInit: eventInit(typ), MouseEvent: m})
}

// eventInit gives the flags of each type (UI Events, Pointer Events):
// enter and leave neither bubble nor can be cancelled.
func eventInit(typ string) vdom.EventInit {
	switch typ {
	case "mouseenter", "mouseleave", "pointerenter", "pointerleave":
		return vdom.EventInit{}
	}
	return vdom.EventInit{Bubbles: true, Cancelable: true, Composed: true}
}

// fire dispatches e at t as trusted input, so vdom runs its default
// actions. A listener's panic is reported in the error; the action goes
// on, as the browser's does after a script error.
func (u *User) fire(errs *[]error, t *vdom.Node, e *vdom.Event) bool {
	ok, err := vdom.DispatchTrusted(t, e)
	if err != nil {
		*errs = append(*errs, err)
	}
	return ok
}

// checkPointer is check for the actions that point at el, which must also
// be where a mouse can reach it: an element, not in the popup of a
// drop-down select (which is not part of the page), and hit by Chromium's
// hit test (checkHit: not invisible, not pointer-events: none). Moving
// the pointer over a disabled control is no error (hover=true), pressing
// it is.
func (u *User) checkPointer(action string, el *vdom.Node, hover bool) error {
	if el != nil && el.NodeType() != vdom.ElementNode {
		// The browser's hit test finds elements; text belongs to its
		// parent.
		return errkind.Errorf("userevent: %s %s: not an element (the pointer is over elements; use its parent)", action, elname.Of(el))
	}
	if err := u.checkReachable(action, el); err != nil {
		return err
	}
	if u.opts.skipChecks {
		return nil
	}
	for a := el; a != nil; a = a.ParentElement() {
		if a.LocalName() == "select" {
			if a != el && !a.Multiple() && a.DisplaySize() <= 1 {
				return errkind.Errorf("userevent: %s %s: %w (it is in the popup of the drop-down select %s, which is not part of the page; SelectOptions chooses it)", action, elname.Of(el), ErrHidden, elname.Of(a))
			}
			break
		}
	}
	// The hit test comes before the disabled rule, as in Chromium: a
	// disabled control the pointer cannot hit gets no event at all.
	if err := u.checkHit(action, el, hover); err != nil {
		return err
	}
	if hover {
		return nil
	}
	return u.checkEnabled(action, el)
}

// chainOf is n and its ancestors up to the document node.
func chainOf(n *vdom.Node) []*vdom.Node {
	var out []*vdom.Node
	for a := n; a != nil; a = a.ParentNode() {
		out = append(out, a)
	}
	return out
}

// connected reports whether n is in the User's document.
func (u *User) connected(n *vdom.Node) bool {
	return n != nil && n.IsConnected() && n.OwnerDocument() == u.doc
}

// nearestConnected is n when it is in the document, else the nearest of
// the ancestors it had that still is.
func (u *User) nearestConnected(n *vdom.Node, chain []*vdom.Node) *vdom.Node {
	if u.connected(n) {
		return n
	}
	for _, a := range chain {
		if u.connected(a) {
			return a
		}
	}
	return nil
}

// refreshOver brings the pointer up to date when a script removed the
// element under it: the pointer is then over the nearest ancestor still in
// the document, and Chromium says so with pointerover and mouseover there,
// whose relatedTarget is that same element (it stands in for the removed
// one), with the buttons held now; nothing is left or entered.
func (u *User) refreshOver(errs *[]error, p press) {
	ptr := &u.pointer
	if ptr.over == nil || u.connected(ptr.over) {
		return
	}
	a := u.nearestConnected(nil, ptr.chain)
	ptr.over, ptr.chain = a, chainOf(a)
	u.doc.SetHoverTarget(a)
	if a == nil {
		return
	}
	u.fire(errs, a, u.pointerEvent("pointerover", -1, p, 0, a))
	u.fire(errs, a, u.mouseEvent("mouseover", -1, p, 0, a))
}

// moveTo moves the pointer onto el as Chromium does for a mouse move that
// ends over el: the pointer boundary events (pointerout at the old
// element, pointerleave up the old chain to the common ancestor,
// pointerover at el, pointerenter down to el), the mouse boundary events
// in the same order, then pointermove and mousemove at el. Enter and
// leave are dispatched only where Chromium dispatches them (see
// dispatchEnterLeave). Moving within el fires only the moves.
func (u *User) moveTo(errs *[]error, el *vdom.Node, p press) {
	u.refreshOver(errs, p)
	// Chromium's hit test sets the hover state on every move, before
	// the boundary events fire: their listeners see el match :hover,
	// and el matches it again when a script moved it while the pointer
	// stayed over it (the document's hover then fell to the parent it
	// was removed from).
	u.doc.SetHoverTarget(el)
	old := u.pointer.over
	if old != el {
		// The chains are taken now, as Chromium takes them: the tree
		// may have changed since the pointer reached old.
		oldChain := chainOf(old)
		newChain := chainOf(el)
		u.pointer.over, u.pointer.chain = el, newChain
		u.boundary(errs, "pointer", old, oldChain, el, newChain, p)
		u.boundary(errs, "mouse", old, oldChain, el, newChain, p)
	}
	u.fire(errs, el, u.pointerEvent("pointermove", -1, p, 0, nil))
	u.fire(errs, el, u.mouseEvent("mousemove", -1, p, 0, nil))
}

// boundary fires the out, leave, over and enter events of one kind
// ("pointer" or "mouse") for the move from old to el.
func (u *User) boundary(errs *[]error, kind string, old *vdom.Node, oldChain []*vdom.Node, el *vdom.Node, newChain []*vdom.Node, p press) {
	event := func(typ string, related *vdom.Node) *vdom.Event {
		var rel vdom.EventTarget
		if related != nil {
			rel = related
		}
		if kind == "pointer" {
			return u.pointerEvent(typ, -1, p, 0, rel)
		}
		return u.mouseEvent(typ, -1, p, 0, rel)
	}
	// The chains end at the document node; what they share is neither
	// left nor entered.
	i, j := len(oldChain), len(newChain)
	for i > 0 && j > 0 && oldChain[i-1] == newChain[j-1] {
		i, j = i-1, j-1
	}
	if u.connected(old) {
		u.fire(errs, old, event(kind+"out", el))
		leave := kind + "leave"
		all := anyCapturing(oldChain, leave)
		for _, n := range oldChain[:i] {
			if all || listens(n, leave) {
				u.fire(errs, n, event(leave, el))
			}
		}
	}
	u.fire(errs, el, event(kind+"over", old))
	// Chromium looks for capturing enter listeners after the leave
	// events ran: their listeners may have added one.
	enter := kind + "enter"
	all := anyCapturing(newChain, enter)
	for k := j - 1; k >= 0; k-- {
		if all || listens(newChain[k], enter) {
			u.fire(errs, newChain[k], event(enter, old))
		}
	}
}

// listens reports whether n has a listener for typ. Chromium dispatches
// the enter and leave events only at such nodes, unless a node of the
// chain listens for them in the capture phase; a listener on the Window
// does not count.
func listens(n *vdom.Node, typ string) bool {
	return vdom.HasEventListener(n, typ, false) || vdom.HasEventListener(n, typ, true)
}

func anyCapturing(chain []*vdom.Node, typ string) bool {
	for _, n := range chain {
		if vdom.HasEventListener(n, typ, true) {
			return true
		}
	}
	return false
}

// clickResult says what a press and release of the main button did.
type clickResult struct {
	// mousedown is true when a mousedown was dispatched and not
	// cancelled: its default actions (focus, a select's popup) ran.
	mousedown bool
	// clicked is the element the click went to, nil when there was none
	// (the element pressed on was removed, or it is a disabled control);
	// clickOK is false when a listener cancelled the click.
	clicked *vdom.Node
	clickOK bool
}

// pressRelease presses and releases the main button where the pointer is,
// as the count-th click of a series (detail), with the modifier keys of p
// (see buttonDown and buttonUp). The button stays down a moment, as a
// person's press does: the document's tasks run in between (a
// selectionchange the mousedown's focus or caret queued), as they do while
// a key is held.
func (u *User) pressRelease(errs *[]error, count int, p press) clickResult {
	res := u.buttonDown(errs, ButtonMain, count, p)
	u.hold(errs)
	up := u.buttonUp(errs, ButtonMain, count, p)
	res.clicked, res.clickOK = up.clicked, up.clickOK
	return res
}

// disabledControl reports whether Chromium dispatches no mouse button
// events at n: a disabled button, input, select, textarea or option, or an
// element inside one.
func disabledControl(n *vdom.Node) bool {
	for a := n; a != nil; a = a.ParentElement() {
		switch a.LocalName() {
		case "button", "input", "select", "textarea", "option":
			if a.IsDisabled() {
				return true
			}
		}
	}
	return false
}

// commonAncestor is the nearest inclusive ancestor of a that contains b.
func commonAncestor(a, b *vdom.Node) *vdom.Node {
	for n := a; n != nil; n = n.ParentNode() {
		if n.Contains(b) {
			return n
		}
	}
	return nil
}

// joined is the error of an action: the listeners' panics it met, with
// the action and element named.
func joined(action string, el *vdom.Node, errs []error) error {
	if len(errs) == 0 {
		return nil
	}
	return errkind.Errorf("userevent: %s %s: %w", action, elname.Of(el), errors.Join(errs...))
}
