package vdomtest

import (
	"fmt"

	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// User actions. Each acts through s's User (package userevent: the events
// Chromium fires for the same input, with the page's default actions) and
// fails the test with the action's error: an element a user could not act
// on (disabled, hidden, detached) says why, a listener that panicked says
// where, a unit handler that failed during the action says which. Then it
// waits, up to ActionWait, for the work the page's unit
// handlers started, and fails the test with their errors; work still
// running then is left to Settle, WaitFor and the Find queries.

// Click clicks el with the primary button.
func (s *Screen) Click(el *vdom.Node) {
	s.t.Helper()
	s.act(fmt.Sprintf("Click(%s)", describe(el)), el, func() error { return s.actor().Click(el) })
}

// ClickWith clicks el with another button or at a place in it (see
// userevent.User.ClickWith): the secondary button fires contextmenu and
// auxclick, not click.
func (s *Screen) ClickWith(el *vdom.Node, opts userevent.PointerOptions) {
	s.t.Helper()
	s.act(fmt.Sprintf("ClickWith(%s, %s)", describe(el), opts.Button), el, func() error { return s.actor().ClickWith(el, opts) })
}

// PointerDown presses the main button on el and holds it until PointerUp:
// a press on one element and a release on another click the element that
// contains both.
func (s *Screen) PointerDown(el *vdom.Node) {
	s.t.Helper()
	s.act(fmt.Sprintf("PointerDown(%s)", describe(el)), el, func() error { return s.actor().PointerDown(el) })
}

// PointerDownWith presses the button of opts on el at its offset.
func (s *Screen) PointerDownWith(el *vdom.Node, opts userevent.PointerOptions) {
	s.t.Helper()
	s.act(fmt.Sprintf("PointerDownWith(%s, %s)", describe(el), opts.Button), el, func() error { return s.actor().PointerDownWith(el, opts) })
}

// PointerUp releases the main button over el.
func (s *Screen) PointerUp(el *vdom.Node) {
	s.t.Helper()
	s.act(fmt.Sprintf("PointerUp(%s)", describe(el)), el, func() error { return s.actor().PointerUp(el) })
}

// PointerUpWith releases the button of opts over el at its offset.
func (s *Screen) PointerUpWith(el *vdom.Node, opts userevent.PointerOptions) {
	s.t.Helper()
	s.act(fmt.Sprintf("PointerUpWith(%s, %s)", describe(el), opts.Button), el, func() error { return s.actor().PointerUpWith(el, opts) })
}

// DblClick double-clicks el.
func (s *Screen) DblClick(el *vdom.Node) {
	s.t.Helper()
	s.act(fmt.Sprintf("DblClick(%s)", describe(el)), el, func() error { return s.actor().DblClick(el) })
}

// Hover moves the pointer onto el.
func (s *Screen) Hover(el *vdom.Node) {
	s.t.Helper()
	s.act(fmt.Sprintf("Hover(%s)", describe(el)), el, func() error { return s.actor().Hover(el) })
}

// Unhover moves the pointer off el.
func (s *Screen) Unhover(el *vdom.Node) {
	s.t.Helper()
	s.act(fmt.Sprintf("Unhover(%s)", describe(el)), el, func() error { return s.actor().Unhover(el) })
}

// SelectOptions selects the options of the select (or listbox) el whose
// value or label is one of values.
func (s *Screen) SelectOptions(el *vdom.Node, values ...string) {
	s.t.Helper()
	s.act(fmt.Sprintf("SelectOptions(%s, %q)", describe(el), values), el, func() error { return s.actor().SelectOptions(el, values...) })
}

// DeselectOptions deselects the options of the multiple select el whose
// value or label is one of values.
func (s *Screen) DeselectOptions(el *vdom.Node, values ...string) {
	s.t.Helper()
	s.act(fmt.Sprintf("DeselectOptions(%s, %q)", describe(el), values), el, func() error { return s.actor().DeselectOptions(el, values...) })
}

// Upload gives the file input el the files, as a user choosing them.
func (s *Screen) Upload(el *vdom.Node, files ...vdom.File) {
	s.t.Helper()
	s.act(fmt.Sprintf("Upload(%s)", describe(el)), el, func() error { return s.actor().Upload(el, files...) })
}

// act runs an action on el (nil: the focused element), fails the test
// with its error, and waits for the unit handler work it started.
func (s *Screen) act(what string, el *vdom.Node, action func() error) {
	s.t.Helper()
	if err := s.stale(el); err != nil {
		s.t.Fatalf("vdomtest: %s: %v", what, err)
		return
	}
	if err := action(); err != nil {
		s.t.Fatalf("vdomtest: %s: %v", what, err)
		return
	}
	wait := s.cfg.actionWait
	if _, fake := s.document().Clock().(*vdom.FakeClock); fake {
		wait = min(wait, fakeActionWait)
	}
	if err := s.settleNow(wait); err != nil {
		s.t.Fatalf("vdomtest: after %s: %v", what, err)
	}
}

// stale returns why a Screen of Follow cannot act on el, an element of a
// page that is no longer current, or nil. Its User acts on the current
// page, where el is not: the message says so and what to do, as a
// browse.Session says when an element of a page it has left asks to
// navigate (browse.ErrInactivePage).
func (s *Screen) stale(el *vdom.Node) error {
	if s.follow == nil || s.user != nil || el == nil {
		return nil
	}
	cur := s.document()
	was := el.OwnerDocument()
	if was == nil || was == cur {
		return nil
	}
	return fmt.Errorf("the element is on a page that is no longer current (%s, loaded before the current page, %s); find the element again: Follow's queries search the current page",
		was.URL(), cur.URL())
}
