package vdom

import (
	"errors"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// DispatchTrusted dispatches e at t as the user agent dispatches the events
// of user input: isTrusted is true for it. Then, unless a listener
// cancelled it, it runs the default actions Chromium runs for trusted
// input events:
//
//   - mousedown, with any button as in Chromium: the focus moves to the
//     nearest focusable ancestor-or-self of the target (see IsFocusable);
//     when there is none the focused element loses focus, and the target
//     becomes the starting point of the next Tab.
//   - keydown of Tab (without Ctrl, Alt or Meta): the focus moves to
//     NextFocusable, backward with Shift; past the last element it leaves
//     the document (the viewport gets it: blur and focusout fire), and
//     the next Tab starts over at the first, as in Chromium, whose browser
//     takes the focus in between. Focus moved so matches :focus-visible.
//   - keydown of Enter (not a repeat) at a link (a or area with href): a
//     click. Chromium then fires no keypress; the caller should not.
//   - keypress of Enter at a button, an input of type submit, reset,
//     button, image, file or color, or the summary of a details: a click;
//     at a text field a user edited: change.
//   - keyup of Space at those and at checkboxes and radios, when the
//     keydown of Space made it active (a keydown of Space whose default
//     was prevented does not): a click.
//   - at a text control (textarea; input of type text, search, url, tel,
//     email, password, number) that is not disabled, text editing as
//     Chromium's editor does it (see EditAsUser): a keypress of a
//     character types it, a keypress of Enter breaks a textarea's line,
//     a keydown of Backspace or Delete deletes (with Control a word), of
//     an arrow key, Home or End moves the caret (Shift extends the
//     selection, Control moves by words), of Control+a selects all, of
//     Escape clears a search field. A mousedown puts the
//     caret at the end of the text; a Tab that focuses an input selects
//     its text.
//   - keydown of an arrow key at a radio button: the next (ArrowDown,
//     ArrowRight) or previous (ArrowUp, ArrowLeft) radio of its group,
//     wrapping around, gets the focus and a click.
//   - at a select, the keys of its user interface (select_keys.go):
//     keydown of the arrows, PageUp, PageDown, Home and End changes the
//     choice of a drop-down or moves in a listbox (with Shift and
//     Control as a listbox takes them), keypress of a character searches
//     the options by label (type-ahead on the document's clock), Enter in
//     a listbox submits its form, and input and change follow a change;
//     the keys that open a drop-down's popup open nothing (package
//     userevent plays it). A mousedown of the main button at an option
//     of a listbox chooses it (Control toggles, Shift selects a range),
//     a mousemove with the button held extends the choice, and the
//     mouseup fires input and change when it changed.
//   - keydown of ArrowUp or ArrowDown at a number field steps it as its
//     spin button does (beforeinput, input, change); the arrows, PageUp,
//     PageDown, Home and End at a range slider move it (input, change)
//     (input_step_keys.go).
//   - mousedown with Shift at the focused text control extends its
//     selection to the end of its text (where a click lands without
//     layout).
//
// A mousedown, mouseup, click, dblclick, auxclick or contextmenu
// (MouseEvent or PointerEvent) at a disabled button, input, select,
// textarea or option, or inside one, is not dispatched, as in Chromium: no listener
// sees it and no activation behaviour runs, but the mousedown still moves
// the focus; the result is then true. (DispatchEvent still dispatches
// such events: that is a program's own event.)
//
// The clicks are trusted PointerEvents with pointerId -1, pointerType ""
// and no coordinates (Pointer Events: a click no pointing device caused),
// with the key event's modifier keys, dispatched at the element, so its
// activation behaviour runs. Disabled controls are not clicked.
//
// Firing the events themselves (keydown, then keypress only for keys that
// produce a character and for Enter, then keyup; mousedown, mouseup,
// click) is the caller's job: DispatchTrusted runs the default actions of
// what it is given. The result and error are DispatchEvent's, with the
// panics of listeners run by the default actions joined to the error.
func DispatchTrusted(t EventTarget, e *Event) (bool, error) {
	var ok bool
	var err error
	if n, isNode := t.(*Node); isNode && e.isMouseEvent() && inDisabledControl(n.h) && notAtDisabled(e.Type()) {
		// Chromium dispatches no mousedown, mouseup or click at a
		// disabled form control or inside one; its default actions
		// (the focus moving on mousedown) still happen.
		ok = true
	} else if ok, err = dispatchAs(t, e, true); !ok {
		return ok, err
	}
	var d *Document
	var h *html.Node // the target node, nil for the Document
	switch x := t.(type) {
	case *Node:
		d = x.doc
		if !x.isDocument() {
			h = x.h
		}
	case *Document:
		d = x
	default:
		return ok, err
	}
	d.autofocus()
	var derr error
	switch e.iface {
	case ifaceMouse, ifacePointer:
		derr = d.mouseDefaults(h, e)
		d.mouseCaret(h, e)
	case ifaceKeyboard:
		derr = d.keyDefaults(h, e)
	}
	if derr != nil {
		err = errors.Join(err, derr)
	}
	return ok, err
}

// notAtDisabled reports the mouse event types Chromium does not dispatch
// at disabled form controls (pointer events, mouseover and mousemove it
// does).
func notAtDisabled(typ string) bool {
	switch typ {
	case "mousedown", "mouseup", "click", "dblclick", "auxclick", "contextmenu":
		return true
	}
	return false
}

// inDisabledControl reports whether h is, or is inside, a button, input,
// select or textarea that is actually disabled, or a disabled option (a
// disabled fieldset alone does not count: the text in it gets its mouse
// events).
func inDisabledControl(h *html.Node) bool {
	for a := h; a != nil && a.Type != html.DocumentNode; a = a.Parent {
		if a.Type != html.ElementNode || a.Namespace != "" {
			continue
		}
		switch a.DataAtom {
		case atom.Button, atom.Input, atom.Select, atom.Textarea:
			if actuallyDisabled(a) {
				return true
			}
		case atom.Option:
			// A disabled option (or one of a disabled optgroup) gets
			// none either (pointer-listbox-click-disabled).
			if optionDisabled(a) {
				return true
			}
		}
	}
	return false
}

// mouseDefaults runs the default actions of trusted mouse events.
func (d *Document) mouseDefaults(h *html.Node, e *Event) error {
	switch e.Type() {
	case "mousedown":
		err := d.mouseFocus(h)
		if m, _ := e.AsMouse(); m.Button == 0 {
			if sel, opt := listboxOption(h); sel != nil && d.wrap(sel).isListbox() {
				d.listboxMouseDown(sel, opt, &m)
			} else if sel := enclosingSelect(h); sel != nil && !actuallyDisabled(sel) && !d.wrap(sel).isListbox() {
				// The drop-down's popup opens, which is the user
				// agent's (see selectKeyDown).
				d.focus.picker = sel
			}
		}
		return err
	case "mousemove":
		if m, _ := e.AsMouse(); m.Buttons&1 != 0 {
			if sel, opt := listboxOption(h); sel != nil && d.wrap(sel).isListbox() {
				d.listboxDrag(sel, opt)
			}
		}
	case "mouseup":
		if m, _ := e.AsMouse(); m.Button == 0 {
			if sel := enclosingSelect(h); sel != nil && d.wrap(sel).isListbox() {
				return d.listboxMouseUp(sel)
			}
		}
	}
	return nil
}

// mouseFocus is the focus move of a mousedown at h.
func (d *Document) mouseFocus(h *html.Node) error {
	// Any button: Chromium 156 moves the focus on a secondary or
	// auxiliary button's mousedown too.
	// HTML §6.6.4: a click on a focusable area focuses it ("click
	// focusable" is every focusable area here, as in Chromium on Linux).
	// A click that moves no focus leaves :focus-visible's memory of the
	// last focus move as it was (moveFocus keeps it), as in Chromium.
	for a := h; a != nil && a.Type != html.DocumentNode; a = a.Parent {
		if a.Type == html.ElementNode && d.focusable(a) {
			if d.focus.node == a {
				return nil
			}
			return d.moveFocus(a, focusMouse, false)
		}
	}
	// Nothing focusable: the viewport gets the focus, and the click sets
	// the sequential focus navigation starting point (HTML §6.6.5).
	var err error
	if d.focus.node != nil {
		err = d.moveFocus(nil, focusMouse, false)
	}
	if h != nil && d.connected(h) {
		d.focus.start = h
	}
	return err
}

// keyTarget is what an element does with the activation keys.
type keyTarget uint8

const (
	keyNone      keyTarget = iota
	keyButton              // Enter on keypress, Space on keyup: click
	keyCheckable           // Space on keyup: click (Enter submits the form)
	keyLink                // Enter on keydown: click
	keyTextField           // Enter submits the form
)

// keyTargetOf classifies the element the key events are dispatched at.
func keyTargetOf(h *html.Node) keyTarget {
	if h == nil || h.Type != html.ElementNode || h.Namespace != "" || actuallyDisabled(h) {
		return keyNone
	}
	switch h.DataAtom {
	case atom.Button:
		return keyButton
	case atom.Summary:
		if h.Parent != nil && isHTML(h.Parent, atom.Details) && detailsSummary(h.Parent) == h {
			return keyButton
		}
	case atom.A, atom.Area:
		if hasAttr(h, "href") {
			return keyLink
		}
	case atom.Input:
		switch inputType(h) {
		case "submit", "reset", "button", "image", "file", "color":
			return keyButton
		case "checkbox", "radio":
			return keyCheckable
		case "hidden":
			return keyNone
		}
		return keyTextField
	}
	return keyNone
}

// keyDefaults runs the default actions of trusted keyboard events.
func (d *Document) keyDefaults(h *html.Node, e *Event) error {
	k := e.detail.(*KeyboardEvent)
	switch e.Type() {
	case "keydown":
		// A key press makes a later focus() show focus again (Chromium's
		// :focus-visible heuristic).
		d.focus.byMouse = false
		if handled, err := d.stepKeyDown(h, k); handled {
			return err
		}
		if handled, err := d.editKeyDown(h, k); handled {
			return err
		}
		if handled, err := d.selectKeyDown(h, k); handled {
			return err
		}
		switch {
		case k.Key == "Tab" && !k.CtrlKey && !k.AltKey && !k.MetaKey:
			return d.sequentialNavigation(k.ShiftKey)
		case k.Key == "Enter" && !k.Repeat && keyTargetOf(h) == keyLink:
			return d.keyboardClick(h, k)
		case k.Key == " ":
			if t := keyTargetOf(h); t == keyButton || t == keyCheckable {
				d.focus.spaceActive = h
			}
		case k.Key == "ArrowDown" || k.Key == "ArrowRight" || k.Key == "ArrowUp" || k.Key == "ArrowLeft":
			if keyTargetOf(h) == keyCheckable && inputType(h) == "radio" {
				return d.radioArrow(h, k.Key == "ArrowDown" || k.Key == "ArrowRight", k)
			}
		}
	case "keypress":
		if handled, err := d.editKeyPress(h, k); handled {
			return err
		}
		if handled, err := d.selectKeyPress(h, k); handled {
			return err
		}
		if k.Key != "Enter" && k.CharCode != '\r' {
			return nil
		}
		switch keyTargetOf(h) {
		case keyButton:
			return d.keyboardClick(h, k)
		case keyTextField:
			// Chromium's editor runs first: Enter is an insertLineBreak
			// edit, which a single-line field refuses, but its
			// beforeinput fires (cancelable; cancelling it changes
			// nothing that follows). A readonly field is not editable:
			// no beforeinput (testdata/browser, submit-implicit-readonly).
			var err error
			if editableTextInput(h) && !hasAttr(h, "readonly") {
				err = d.fireBeforeInput(h, "insertLineBreak")
			}
			// Enter commits a user's edit of a text field: change
			// fires, as in Chromium, before implicit submission (which
			// a panicking listener does not stop).
			if d.focus.edits != nil {
				err = errors.Join(err, errors.Join(d.commitUserEdit(nil, h)...))
			}
			// Implicit submission (HTML §4.10.21.2).
			return errors.Join(err, d.wrap(h).implicitSubmission())
		case keyCheckable:
			// Implicit submission from a checkbox or a radio.
			return d.wrap(h).implicitSubmission()
		}
	case "keyup":
		if k.Key != " " {
			return nil
		}
		active := d.focus.spaceActive
		d.focus.spaceActive = nil
		if active != nil && active == h {
			if t := keyTargetOf(h); t == keyButton || t == keyCheckable {
				return d.keyboardClick(h, k)
			}
		}
	}
	return nil
}

// radioArrow moves within a radio button group as Chromium's arrow keys
// do: to the next (or previous) focusable radio of the group in tree order,
// wrapping around, which gets the focus and a click (so it becomes checked
// and fires input and change). Left is previous whatever the direction of
// the text.
func (d *Document) radioArrow(h *html.Node, forward bool, k *KeyboardEvent) error {
	var group []*html.Node
	at := -1
	for _, r := range d.radioMembers(h) {
		if r == h {
			at = len(group)
		} else if !d.focusable(r) {
			continue
		}
		group = append(group, r)
	}
	if at < 0 || len(group) < 2 {
		return nil
	}
	step := 1
	if !forward {
		step = len(group) - 1
	}
	to := group[(at+step)%len(group)]
	if err := d.moveFocus(to, focusKeyboard, false); err != nil {
		return errors.Join(err, d.keyboardClick(to, k))
	}
	return d.keyboardClick(to, k)
}

// sequentialNavigation moves the focus as Tab (Shift+Tab when backward)
// does (HTML §6.6.5).
func (d *Document) sequentialNavigation(backward bool) error {
	var from *Node
	switch {
	case d.focus.node != nil:
		from = d.wrap(d.focus.node)
	case d.focus.start != nil && d.connected(d.focus.start):
		from = d.wrap(d.focus.start)
	}
	d.focus.start = nil
	next := d.NextFocusable(from, backward)
	if next == nil {
		// Past the end the focus leaves the document, and the next
		// Tab starts over.
		// Chromium's browser window takes the focus then: the Window
		// gets blur, and focus again when focus comes back.
		err := d.moveFocus(nil, focusKeyboard, false)
		d.focus.start = nil
		if d.window != nil && !d.focus.windowBlurred && d.focus.node == nil {
			d.focus.windowBlurred = true
			err = errors.Join(err, d.fireWindowFocusEvent("blur"))
		}
		return err
	}
	err := d.moveFocus(next.h, focusKeyboard, false)
	d.tabSelect(next.h)
	return err
}

// keyboardClick dispatches the click a key press makes: a trusted
// PointerEvent with pointerId -1 and no coordinates, bubbling, cancelable
// and composed, with the key event's modifier keys.
func (d *Document) keyboardClick(h *html.Node, k *KeyboardEvent) error {
	click := NewPointerEvent("click", PointerEventInit{
		EventInit: EventInit{Bubbles: true, Cancelable: true, Composed: true},
		PointerEvent: PointerEvent{
			MouseEvent: MouseEvent{
				UIEvent: UIEvent{View: d.window},
				CtrlKey: k.CtrlKey, ShiftKey: k.ShiftKey, AltKey: k.AltKey, MetaKey: k.MetaKey,
			},
			PointerID: -1,
		},
	})
	_, err := dispatchAs(d.wrap(h), click, true)
	return err
}

// editableTextInput reports the input types whose value Chromium edits as
// text (its inner editor), where key presses become beforeinput edits.
func editableTextInput(h *html.Node) bool {
	switch inputType(h) {
	case "text", "search", "url", "tel", "email", "password", "number":
		return true
	}
	return false
}

// fireBeforeInput fires the trusted beforeinput InputEvent of an edit of
// the kind inputType at h: bubbling, cancelable, composed, with no data
// (Chromium's data is null for insertLineBreak).
func (d *Document) fireBeforeInput(h *html.Node, inputType string) error {
	init := InputEventInit{EventInit: EventInit{Bubbles: true, Cancelable: true, Composed: true}}
	init.View = d.window
	init.InputType = inputType
	_, err := dispatchAs(d.wrap(h), NewInputEvent("beforeinput", init), true)
	return err
}
