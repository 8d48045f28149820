package vdom

import (
	"errors"
	"time"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The keys of a focused select, as Chromium on Linux runs them (recorded
// in testdata/browser, keys-select-* and keys-listbox-*).
//
// A drop-down changes its selection without opening: ArrowDown and
// ArrowRight choose the next option a user can choose (not disabled, not
// in a disabled optgroup, not hidden), ArrowUp and ArrowLeft the previous
// one, PageDown and PageUp the one three list items away (an optgroup
// counts as an item), Home and End the first and last; a key with Shift,
// Control, Alt or Meta does nothing. input and change fire when the choice
// changed. Alt+ArrowDown, Alt+ArrowUp, F4, Enter and Space (outside a
// type-ahead search) open the popup, which is Chromium's own window: vdom
// opens nothing, and package userevent plays the popup.
//
// A listbox moves its active option with ArrowDown and ArrowUp (not the
// left and right arrows), PageDown and PageUp (by its display size less
// one), Home and End, and selects that option alone; Shift extends the
// range from the anchor instead; Control (in a multiple select) moves
// without selecting, and Space, or Control+Space, then toggles the active
// option; Control+a selects all. Each change fires input and change.
// Enter submits the form through its default button.
//
// Both kinds search as a user types (type-ahead): see selectUI.typeAhead.

// selectKeyDown runs the default actions of a trusted keydown at the select
// h and reports whether it was one of the select's keys.
func (d *Document) selectKeyDown(h *html.Node, k *KeyboardEvent) (bool, error) {
	if !isHTML(h, atom.Select) || actuallyDisabled(h) {
		return false, nil
	}
	n := d.wrap(h)
	if n.isListbox() {
		return n.listboxKeyDown(k)
	}
	return n.dropDownKeyDown(k)
}

// dropDownKeyDown is the keydown of a drop-down.
func (n *Node) dropDownKeyDown(k *KeyboardEvent) (bool, error) {
	switch {
	case (k.Key == "ArrowDown" || k.Key == "ArrowUp") && k.AltKey,
		k.Key == "F4" && !k.AltKey && !k.CtrlKey:
		// These open the popup, which is the user agent's.
		n.doc.focus.picker = n.h
		return true, nil
	case k.ShiftKey || k.CtrlKey || k.AltKey || k.MetaKey:
		return false, nil
	}
	items := n.listItems()
	selected, at := n.selectedItem(items, false)
	var to *html.Node
	switch k.Key {
	case "ArrowDown", "ArrowRight":
		to = n.doc.nextUsable(items, n.h, at, 1, 1)
	case "ArrowUp", "ArrowLeft":
		to = n.doc.nextUsable(items, n.h, at, -1, 1)
	case "PageDown":
		to = n.doc.nextUsable(items, n.h, at, 1, 3)
	case "PageUp":
		to = n.doc.nextUsable(items, n.h, at, -1, 3)
	case "Home":
		to = n.doc.nextUsable(items, n.h, -1, 1, 1)
	case "End":
		to = n.doc.nextUsable(items, n.h, len(items), -1, 1)
	default:
		return false, nil
	}
	if to == nil {
		return true, nil
	}
	return true, n.chooseInDropDown(to, selected)
}

// chooseInDropDown selects the option to of a drop-down alone, as a user's
// choice (the option becomes dirty), and fires input and change when the
// selected option was not to.
func (n *Node) chooseInDropDown(to, was *html.Node) error {
	n.unselectOthers(to)
	n.doc.setUserSelected(to, true)
	if to == was {
		return nil
	}
	return errors.Join(n.fireInput(), n.fireChange())
}

// listboxKeyDown is the keydown of a listbox.
func (n *Node) listboxKeyDown(k *KeyboardEvent) (bool, error) {
	multiple := hasAttr(n.h, "multiple")
	ui := n.doc.selectUIOf(n.h)
	if multiple && k.CtrlKey && !k.ShiftKey && !k.AltKey && !k.MetaKey && (k.Key == "a" || k.Key == "A") {
		return true, n.selectAllOptions(ui)
	}
	items := n.listItems()
	page := n.displaySize() - 1
	active := n.listboxActive(ui)
	var to *html.Node
	handled := true
	switch from := itemIndex(items, active); k.Key {
	case "ArrowDown":
		if active == nil {
			_, from = n.selectedItem(items, true)
		}
		to = n.doc.nextUsable(items, n.h, from, 1, 1)
	case "ArrowUp":
		if active == nil {
			if _, from = n.selectedItem(items, false); from < 0 {
				from = len(items)
			}
		}
		to = n.doc.nextUsable(items, n.h, from, -1, 1)
	case "PageDown":
		if active == nil {
			_, from = n.selectedItem(items, true)
		}
		to = n.doc.nextUsable(items, n.h, from, 1, page)
	case "PageUp":
		if active == nil {
			if _, from = n.selectedItem(items, false); from < 0 {
				from = len(items)
			}
		}
		to = n.doc.nextUsable(items, n.h, from, -1, page)
	case "Home":
		to = n.doc.nextUsable(items, n.h, -1, 1, 1)
	case "End":
		to = n.doc.nextUsable(items, n.h, len(items), -1, 1)
	default:
		handled = false
	}
	if multiple && k.Key == " " && k.CtrlKey && active != nil {
		// Control+Space toggles the active option.
		n.chooseInListbox(ui, active, modeToggle)
		return true, n.listboxChanged(ui)
	}
	if !handled || to == nil {
		return handled, nil
	}
	n.keepForChange(ui)
	n.place(ui)
	ui.active = to
	ui.apart = multiple && k.CtrlKey
	choose := !multiple || k.ShiftKey || !ui.apart
	if choose {
		ui.selecting = true
	}
	deselectOthers := !multiple || (!k.ShiftKey && choose)
	if anchor, _ := n.listboxAnchor(ui); anchor == nil || deselectOthers {
		if deselectOthers {
			n.deselectAllBut(nil)
		}
		n.setAnchor(ui, to)
	}
	if !choose {
		return true, nil
	}
	n.updateRange(ui, deselectOthers)
	return true, n.listboxChanged(ui)
}

// selectKeyPress runs the default actions of a trusted keypress at the
// select h and reports whether it handled the key.
func (d *Document) selectKeyPress(h *html.Node, k *KeyboardEvent) (bool, error) {
	if !isHTML(h, atom.Select) || actuallyDisabled(h) {
		return false, nil
	}
	n := d.wrap(h)
	ui := d.selectUIOf(h)
	now := d.clock().Now()
	if n.isListbox() {
		switch {
		case k.Key == "Enter":
			// Implicit submission through the default button only: a
			// listbox is no field that lets its form submit itself.
			return true, n.implicitSubmit(true)
		case k.Key == " " && hasAttr(h, "multiple") && ui.apart:
			active := n.listboxActive(ui)
			if active == nil {
				_, last := n.selectedItem(n.listItems(), true)
				active = n.doc.nextUsable(n.listItems(), h, last, 1, 1)
			}
			if active != nil {
				n.chooseInListbox(ui, active, modeToggle)
				return true, n.listboxChanged(ui)
			}
		}
	} else if k.Key == "Enter" || k.Key == " " && !ui.activeSession(now) {
		// These open the popup, which is the user agent's.
		d.focus.picker = h
		return true, nil
	}
	if k.CtrlKey || k.AltKey || k.MetaKey || !typedCharacter(k.Key) {
		return false, nil
	}
	return true, n.typeAheadKey(ui, []rune(k.Key)[0], now)
}

// typeAheadKey adds c to the select's type-ahead search and chooses the
// option it finds: alone, as a user's choice; in a drop-down with input
// and change when the choice changed, in a listbox as listboxChanged says.
func (n *Node) typeAheadKey(ui *selectUI, c rune, now time.Time) error {
	items := n.listItems()
	selected, at := n.selectedItem(items, false)
	i := ui.typeAhead(items, n.h, at, c, now)
	if i < 0 {
		return nil
	}
	to := items[i]
	if !n.isListbox() {
		return n.chooseInDropDown(to, selected)
	}
	n.deselectAllBut(to)
	n.doc.setUserSelected(to, true)
	n.place(ui)
	ui.active = to
	n.setAnchor(ui, to)
	return n.listboxChanged(ui)
}
