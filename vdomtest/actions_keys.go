package vdomtest

import (
	"fmt"

	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// The keyboard's actions; see actions.go.

// Type clicks el and types text at the end of its value, in user-event's
// keyboard syntax ("{Enter}", "{Backspace}", "{Shift>}A{/Shift}"; "{{" and
// "[[" for the brackets themselves).
func (s *Screen) Type(el *vdom.Node, text string) {
	s.t.Helper()
	s.act(fmt.Sprintf("Type(%s, %q)", describe(el), text), el, func() error { return s.actor().Type(el, text) })
}

// TypeWith types text into el as Type does, with options (no click first,
// another caret position, ...).
func (s *Screen) TypeWith(el *vdom.Node, text string, opts userevent.TypeOptions) {
	s.t.Helper()
	s.act(fmt.Sprintf("TypeWith(%s, %q)", describe(el), text), el, func() error { return s.actor().TypeWith(el, text, opts) })
}

// Clear selects the whole value of the editable el and deletes it.
func (s *Screen) Clear(el *vdom.Node) {
	s.t.Helper()
	s.act(fmt.Sprintf("Clear(%s)", describe(el)), el, func() error { return s.actor().Clear(el) })
}

// Tab presses Tab: the focus moves to the next element of the sequential
// focus order.
func (s *Screen) Tab() {
	s.t.Helper()
	s.act("Tab()", nil, s.actor().Tab)
}

// ShiftTab presses Shift+Tab: the focus moves back.
func (s *Screen) ShiftTab() {
	s.t.Helper()
	s.act("ShiftTab()", nil, s.actor().ShiftTab)
}

// Keyboard presses keys at the focused element, in user-event's keyboard
// syntax.
func (s *Screen) Keyboard(keys string) {
	s.t.Helper()
	s.act(fmt.Sprintf("Keyboard(%q)", keys), nil, func() error { return s.actor().Keyboard(keys) })
}

// Paste pastes text at the focused element.
func (s *Screen) Paste(text string) {
	s.t.Helper()
	s.act(fmt.Sprintf("Paste(%q)", text), nil, func() error { return s.actor().Paste(text) })
}
