package userevent

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/eventperk/eventperk-go/internal/elname"
	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/internal/unseen"
	"github.com/eventperk/eventperk-go/vdom"
)

// SelectOptions chooses options of the select sel, each named by its value
// or, when no option has that value, by its label (the label attribute or
// its text), as a user does with the mouse:
//
//   - A drop-down (no multiple, display size 1) takes exactly one value:
//     Click on the select opens its popup (the default action of the
//     mousedown; a cancelled mousedown opens none, and SelectOptions
//     returns an error wrapping ErrPrevented), and the choice in the popup
//     fires what Chromium fires at the select when its popup closes on a
//     choice: input and change when the selection changed, then a click
//     (a PointerEvent with pointerId 0, pointerType "" and button -1). The
//     popup's own events are not the page's.
//   - A listbox (multiple, or a display size above 1) gets a click on each
//     option, the pointer moving to it first: the option gets the mouse
//     events, the select gets the focus, and after mouseup, when the
//     selection changed, the select gets input and change. In a multiple
//     select Ctrl is held through the clicks (keydown of Control before
//     them at the focused element, keyup after) so that each option is
//     added to the selection (an option selected already gets no click,
//     as a Ctrl-click would take it out); in a single-choice listbox each
//     option named is clicked, and the last ends selected.
//
// A value that names no option is an error listing the options there are;
// a disabled option (or one in a disabled optgroup) is an error, as a user
// cannot choose it, and so is a hidden one (ErrHidden, unless SkipChecks).
// As the choice is made with the mouse, a select the pointer cannot
// reach is refused as Click refuses it (invisible: ErrHidden;
// pointer-events: none: ErrPointerEventsNone), and so is an option of a
// listbox that is. (user-event instead sets the selection without the
// pointer events when the select has pointer-events: none; a user would
// need the keyboard: Tab to the select, then Keyboard's arrow keys.)
// All are found before any event fires.
func (u *User) SelectOptions(sel *vdom.Node, values ...string) error {
	return u.selectOptions("select options", sel, values, true)
}

// DeselectOptions takes options out of the selection of a multiple select,
// as a user does by clicking each selected one with Ctrl held (see
// SelectOptions for how values name options and what the clicks fire). An
// option named that is not selected needs no click and gets none; when
// none is selected, no event fires. Only a multiple select lets a user
// deselect: on any other select it is an error.
func (u *User) DeselectOptions(sel *vdom.Node, values ...string) error {
	return u.selectOptions("deselect options", sel, values, false)
}

func (u *User) selectOptions(action string, sel *vdom.Node, values []string, on bool) error {
	return u.scoped(func() error {
		// A drop-down opens on a click of the select; a listbox's options
		// are clicked, and inherit the select's pointer-events and
		// visibility: the pointer must reach the select (Click's checks).
		if err := u.checkPointer(action, sel, false); err != nil {
			return err
		}
		if sel.LocalName() != "select" {
			return errkind.Errorf("userevent: %s %s: not a select element", action, elname.Of(sel))
		}
		if len(values) == 0 {
			return errkind.Errorf("userevent: %s %s: no values given", action, elname.Of(sel))
		}
		opts, err := findOptions(action, sel, values)
		if err != nil {
			return err
		}
		for i, o := range opts {
			if !u.opts.skipChecks && !o.IsRendered() {
				return errkind.Errorf("userevent: %s %s: option %q: %w: %s (a user does not see it)", action, elname.Of(sel), values[i], ErrHidden, unseen.NotRendered(o))
			}
		}
		listbox := sel.Multiple() || sel.DisplaySize() > 1
		if listbox {
			for _, o := range opts {
				if err := u.checkHit(action+" "+elname.Of(sel)+": option", o, false); err != nil {
					return err
				}
			}
		}
		switch {
		case !on && !sel.Multiple():
			return errkind.Errorf("userevent: %s %s: only the options of a multiple select can be deselected", action, elname.Of(sel))
		case !listbox && len(opts) != 1:
			return errkind.Errorf("userevent: %s %s: a drop-down select takes one value, got %d (%s)", action, elname.Of(sel), len(values), quoteAll(values))
		}
		var errs []error
		if listbox {
			u.clickOptions(&errs, sel, opts, on)
			return joined(action, sel, errs)
		}
		u.moveAt(&errs, sel, Point{})
		if u.popup.sel == sel {
			// Its popup is open already: a click would close it.
			u.popup = popupState{}
		}
		u.pressRelease(&errs, 1, u.state())
		switch {
		case disabledControl(sel):
			errs = append(errs, errkind.Errorf("the popup did not open: %w", ErrDisabled))
			return joined(action, sel, errs)
		case u.popup.sel != sel:
			errs = append(errs, errkind.Errorf("the popup did not open: %w", ErrPrevented))
			return joined(action, sel, errs)
		}
		u.popup = popupState{}
		// The user's choice in the popup, which shows the options as they are
		// now: the page's listeners may have changed them.
		if !u.connected(sel) || !slices.Contains(sel.Options(), opts[0]) || optionDisabled(opts[0]) {
			errs = append(errs, errkind.Errorf("the option %q is no longer there to choose: the page changed the select while its popup opened", values[0]))
			return joined(action, sel, errs)
		}
		u.choosePopup(&errs, sel, opts[0], true)
		return joined(action, sel, errs)
	})
}

// clickOptions clicks options of a listbox as a user does: vdom's default
// action of each click's mousedown, unless cancelled, changes the
// selection (the option alone in a single-choice listbox; toggled, with
// Ctrl, in a multiple one), and of its mouseup fires input and change when
// it changed.
//
// In a multiple select, where a Ctrl-click toggles, an option already as
// wanted gets no click; when none needs one, nothing is pressed at all.
func (u *User) clickOptions(errs *[]error, sel *vdom.Node, opts []*vdom.Node, on bool) {
	ctrl := sel.Multiple()
	if ctrl {
		opts = slices.DeleteFunc(slices.Clone(opts), func(o *vdom.Node) bool { return o.Selected() == on })
		if len(opts) == 0 {
			return
		}
		u.modifierKey(errs, "keydown", true)
	}
	for _, o := range opts {
		u.pointer.x, u.pointer.y = 0, 0
		p := u.state()
		p.ctrl = p.ctrl || ctrl
		u.moveTo(errs, o, p)
		u.pressRelease(errs, 1, p)
	}
	if ctrl {
		u.modifierKey(errs, "keyup", false)
	}
}

// modifierKey fires the keydown or keyup of the left Control key at the
// focused element (the body when none is): Ctrl held for a multiple
// select's clicks. ctrlKey is true on its keydown and false on its keyup,
// as in Chromium.
func (u *User) modifierKey(errs *[]error, typ string, ctrl bool) {
	target := u.doc.ActiveElement()
	if target == nil {
		return
	}
	k := vdom.KeyboardEvent{
		UIEvent: vdom.UIEvent{View: u.doc.Window()},
		Key:     "Control", Code: "ControlLeft", Location: vdom.KeyLocationLeft, CtrlKey: ctrl,
		KeyCode: namedKeys["Control"].keyCode,
	}
	u.fire(errs, target, vdom.NewKeyboardEvent(typ, vdom.KeyboardEventInit{EventInit: eventInit(typ), KeyboardEvent: k}))
}

// fireInputChange fires what a user's change of a control's value fires
// (HTML: "fire an event named input ... bubbles and composed", then
// change, which bubbles).
func (u *User) fireInputChange(errs *[]error, el *vdom.Node) {
	u.fire(errs, el, vdom.NewEventWith("input", vdom.EventInit{Bubbles: true, Composed: true}))
	u.fire(errs, el, vdom.NewEventWith("change", vdom.EventInit{Bubbles: true}))
}

// findOptions finds the option each value names: by value first, then
// by label, as a person names an option by what is written on it.
func findOptions(action string, sel *vdom.Node, values []string) ([]*vdom.Node, error) {
	options := sel.Options()
	var out []*vdom.Node
	var errs []error
	for _, v := range values {
		i := slices.IndexFunc(options, func(o *vdom.Node) bool { return o.Value() == v })
		if i < 0 {
			i = slices.IndexFunc(options, func(o *vdom.Node) bool { return o.Label() == v || o.Text() == v })
		}
		switch {
		case i < 0:
			errs = append(errs, fmt.Errorf("no option has the value or label %q", v))
		case optionDisabled(options[i]):
			errs = append(errs, fmt.Errorf("option %q is disabled", v))
		default:
			out = append(out, options[i])
		}
	}
	if len(errs) > 0 {
		return nil, errkind.Errorf("userevent: %s %s: %w; the options are %s", action, elname.Of(sel), errors.Join(errs...), describeOptions(options))
	}
	return out, nil
}

// optionDisabled reports an option a user cannot choose: disabled itself
// or in a disabled optgroup.
func optionDisabled(o *vdom.Node) bool {
	if o.HasAttribute("disabled") {
		return true
	}
	p := o.ParentElement()
	return p != nil && p.LocalName() == "optgroup" && p.HasAttribute("disabled")
}

// describeOptions lists options for an error: value, label when it
// differs, and whether disabled.
func describeOptions(options []*vdom.Node) string {
	if len(options) == 0 {
		return "none"
	}
	parts := make([]string, 0, len(options))
	for _, o := range options {
		s := fmt.Sprintf("%q", o.Value())
		if l := o.Label(); l != o.Value() {
			s += fmt.Sprintf(" (%q)", l)
		}
		if optionDisabled(o) {
			s += " disabled"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

func quoteAll(values []string) string {
	q := make([]string, len(values))
	for i, v := range values {
		q[i] = fmt.Sprintf("%q", v)
	}
	return strings.Join(q, ", ")
}
