package userevent

import (
	"errors"

	"github.com/eventperk/eventperk-go/internal/elname"
	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/vdom"
)

// keyboardState is what the keyboard holds between actions: the keys held
// down ({Shift>} in Keyboard), in the order they went down. A key held
// stays down across actions until a {/Shift} releases it, as on a real
// keyboard; its modifier flag is set on every event meanwhile.
type keyboardState struct {
	held []keyDef
}

// isHeld reports whether the key with k's code (or key value, for a key
// without a code) is down.
func (s *keyboardState) isHeld(k keyDef) bool { return s.find(k) >= 0 }

func (s *keyboardState) find(k keyDef) int {
	for i, h := range s.held {
		if h.code == k.code && (k.code != "" || h.key == k.key) {
			return i
		}
	}
	return -1
}

func (s *keyboardState) down(k keyDef) {
	if !s.isHeld(k) {
		s.held = append(s.held, k)
	}
}

func (s *keyboardState) up(k keyDef) {
	if i := s.find(k); i >= 0 {
		s.held = append(s.held[:i], s.held[i+1:]...)
	}
}

// modifier reports whether a modifier key ("Shift", "Control", "Alt",
// "Meta") is held.
func (s *keyboardState) modifier(name string) bool {
	for _, h := range s.held {
		if h.modifier() == name {
			return true
		}
	}
	return false
}

// Keyboard presses the keys of keys at the focused element (the body when
// none has focus), in user-event's syntax:
//
//   - a character types it: keydown, keypress, then the default action
//     (the character is inserted into a text field), keyup;
//   - {Enter}, {Tab}, {Escape}, {Backspace}, {Delete}, {ArrowLeft},
//     {ArrowRight}, {ArrowUp}, {ArrowDown}, {Home}, {End}, {PageUp},
//     {PageDown}, {Shift}, {Control}, {Alt}, {Meta}, {F1}..., {Space}:
//     a named key pressed and released;
//   - [KeyA], [Digit1], [ShiftLeft], ...: a key by its code; with Shift
//     held a character key types its shifted character;
//   - {Shift>} presses and holds a key, {/Shift} releases it; {a>3}
//     presses a three times (repeats) and holds it, {a>3/} then releases;
//   - {{ and [[ type a { and a [.
//
// Keys are those of a US keyboard in Chromium on Linux (Control+a selects
// all; Meta is not Command). Each key down and its up are separate
// moments, as when a finger holds a key: the tasks the key down queued
// (the document's posted tasks, a select event) run before the key up.
// Events go to the element focused at the time of each event, so a Tab
// sends its keyup to the element it focused.
//
// A malformed sequence is an ErrKeySyntax error that names the position,
// returned before any key is pressed. The other errors are those of
// listeners that panicked, and of the check of the focused element.
func (u *User) Keyboard(keys string) error {
	return u.scoped(func() error {
		strokes, err := parseKeys(keys)
		if err != nil {
			return err
		}
		if err := u.checkFocused("keyboard"); err != nil {
			return err
		}
		var errs []error
		u.strokes(&errs, strokes)
		return keyErrors("keyboard", u.doc.ActiveElement(), errs)
	})
}

// checkFocused checks the element that has focus, if any.
func (u *User) checkFocused(action string) error {
	if a := u.doc.ActiveElement(); a != nil {
		return u.check(action, a)
	}
	return nil
}

// strokes runs a parsed key sequence.
func (u *User) strokes(errs *[]error, strokes []keyStroke) {
	for _, st := range strokes {
		def := st.def
		if st.byCode && def.shifted != "" && u.keyboard.modifier("Shift") {
			def.key = def.shifted
		}
		if st.release {
			u.keyUp(errs, def)
			continue
		}
		for i := range st.repeat {
			u.keyDown(errs, def, i > 0)
		}
		if !st.hold {
			u.hold(errs)
			u.keyUp(errs, def)
		}
	}
}

// keyTarget is where key events go: the focused element, the body when
// none has focus, the document when there is no body.
func (u *User) keyTarget() vdom.EventTarget {
	if a := u.doc.ActiveElement(); a != nil {
		return a
	}
	return u.doc
}

// keyDown fires keydown of def, and keypress when the key types a
// character (without Control, Alt or Meta) or is Enter, unless keydown was
// cancelled or was an Enter at a link (which keydown followed).
func (u *User) keyDown(errs *[]error, def keyDef, repeat bool) {
	if u.popupOpen() {
		// The popup of a drop-down select takes the keyboard.
		u.keyboard.down(def)
		u.popupKeyDown(errs, def)
		return
	}
	if def.modifier() != "" {
		// A modifier's own keydown has its flag set.
		u.keyboard.down(def)
	}
	target := u.keyTarget()
	ok := u.fireKey(errs, target, "keydown", def, repeat)
	if def.modifier() == "" {
		u.keyboard.down(def)
	}
	if u.openedPopup() || !ok {
		return
	}
	typing := def.types() && !u.keyboard.modifier("Control") && !u.keyboard.modifier("Alt") && !u.keyboard.modifier("Meta")
	if def.key == "Enter" {
		typing = !isLink(target)
	}
	if typing {
		u.fireKey(errs, u.keyTarget(), "keypress", def, repeat)
		u.openedPopup()
	}
}

// openedPopup opens the popup of a drop-down select when the key's
// default action asked for it, and reports whether it did; the popup then
// takes the key's keyup too.
func (u *User) openedPopup() bool { return u.takePicker(nil) }

// keyUp fires keyup of def at the element focused now and releases it,
// unless the popup of a drop-down select takes it.
func (u *User) keyUp(errs *[]error, def keyDef) {
	u.keyboard.up(def)
	if u.popupOpen() {
		return
	}
	u.fireKey(errs, u.keyTarget(), "keyup", def, false)
}

// hold lets the document's tasks run while a key is down.
func (u *User) hold(errs *[]error) {
	if _, err := u.doc.RunTasks(); err != nil {
		*errs = append(*errs, err)
	}
}

// fireKey dispatches a trusted KeyboardEvent of def at t, with the
// modifiers held, and reports whether it was not cancelled.
func (u *User) fireKey(errs *[]error, t vdom.EventTarget, typ string, def keyDef, repeat bool) bool {
	k := vdom.KeyboardEvent{
		UIEvent:  vdom.UIEvent{View: u.doc.Window()},
		Key:      def.key,
		Code:     def.code,
		Location: def.location,
		CtrlKey:  u.keyboard.modifier("Control"),
		ShiftKey: u.keyboard.modifier("Shift"),
		AltKey:   u.keyboard.modifier("Alt"),
		MetaKey:  u.keyboard.modifier("Meta"),
		Repeat:   repeat,
		KeyCode:  def.keyCode,
	}
	if typ == "keypress" {
		// keypress carries the character's code in both legacy fields.
		c := uint([]rune(def.key)[0])
		if def.key == "Enter" {
			c = '\r'
		}
		k.KeyCode, k.CharCode = c, c
	}
	e := vdom.NewKeyboardEvent(typ, vdom.KeyboardEventInit{
		EventInit:     vdom.EventInit{Bubbles: true, Cancelable: true, Composed: true},
		KeyboardEvent: k,
	})
	ok, err := vdom.DispatchTrusted(t, e)
	if err != nil {
		*errs = append(*errs, err)
	}
	return ok
}

// isLink reports a link Enter follows on keydown: a or area with href.
func isLink(t vdom.EventTarget) bool {
	n, ok := t.(*vdom.Node)
	// TagName is upper-case for HTML elements only.
	return ok && (n.TagName() == "A" || n.TagName() == "AREA") && n.HasAttribute("href")
}

// keyErrors wraps the errors of an action's events, naming the action
// and the element.
func keyErrors(action string, el *vdom.Node, errs []error) error {
	if len(errs) == 0 {
		return nil
	}
	return errkind.Errorf("userevent: %s %s: %w", action, elname.Of(el), errors.Join(errs...))
}
