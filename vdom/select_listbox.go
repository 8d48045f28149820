package vdom

import (
	"errors"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The selection of a listbox under the user's keys and clicks, as Chromium
// runs it (select_ui.go says what is remembered). A click on an option
// selects it alone; with Control it toggles; with Shift it selects the
// range from the anchor. The arrows select the option they reach alone;
// with Shift they extend the range; with Control they move without
// selecting, and Space toggles. The selection changes at once (at the
// mousedown, at the keydown); input and change follow, for the mouse at
// the mouseup.

// selectionMode is how a user's choice of one option changes the others.
type selectionMode uint8

const (
	modeDeselectOthers selectionMode = iota // a plain click: the option alone
	modeRange                               // Shift: from the anchor to the option
	modeToggle                              // Control: the option changes, the others stay
)

// listboxAnchor returns the anchor and the selection when it was set,
// placing the parser's anchor (the first selected option) when no user or
// script has placed one.
func (n *Node) listboxAnchor(ui *selectUI) (*html.Node, []bool) {
	if !ui.set {
		first, _ := n.selectedItem(n.listOfOptions(), false)
		return first, nil
	}
	if ui.anchor != nil && optionSelect(ui.anchor) != n.h {
		ui.anchor, ui.anchorSel = nil, nil
	}
	return ui.anchor, ui.anchorSel
}

// listboxActive returns the active option, the parser's (the first
// selected option) when no user or script has placed one.
func (n *Node) listboxActive(ui *selectUI) *html.Node {
	if !ui.set {
		first, _ := n.selectedItem(n.listOfOptions(), false)
		return first
	}
	if ui.active != nil && optionSelect(ui.active) != n.h {
		ui.active = nil
	}
	return ui.active
}

// place makes the anchor and the active option the user's (or the
// script's) from now on, starting from the parser's.
func (n *Node) place(ui *selectUI) {
	if ui.set {
		return
	}
	first, _ := n.selectedItem(n.listOfOptions(), false)
	ui.anchor, ui.active, ui.anchorSel, ui.set = first, first, nil, true
}

// setAnchor moves the anchor to o and keeps the selection of now.
func (n *Node) setAnchor(ui *selectUI, o *html.Node) {
	n.place(ui)
	ui.anchor, ui.anchorSel = o, n.selectedness()
}

// selectedness is the selectedness of each option of the select's list.
func (n *Node) selectedness() []bool {
	opts := n.settleSelect()
	out := make([]bool, len(opts))
	for i, o := range opts {
		out[i] = n.doc.rawSelected(o)
	}
	return out
}

// keepForChange keeps the selection of the list items, which the next
// listboxChanged compares with (Chromium's SaveLastSelection).
func (n *Node) keepForChange(ui *selectUI) {
	items := n.listItems()
	n.settleSelect()
	keep := ui.lastChange[:0]
	for _, it := range items {
		keep = append(keep, isHTML(it, atom.Option) && n.doc.rawSelected(it))
	}
	ui.lastChange = keep
}

// listboxChanged fires input and change when the selection differs from
// the one kept; with none kept (or a list that grew or shrank meanwhile)
// change alone fires, whatever changed, as in Chromium.
func (n *Node) listboxChanged(ui *selectUI) error {
	items := n.listItems()
	if ui.lastChange == nil || len(ui.lastChange) != len(items) {
		return n.fireChange()
	}
	changed := false
	for i, it := range items {
		on := isHTML(it, atom.Option) && n.doc.rawSelected(it)
		if on != ui.lastChange[i] {
			changed = true
			ui.lastChange[i] = on
		}
	}
	if !changed {
		return nil
	}
	return errors.Join(n.fireInput(), n.fireChange())
}

// fireInput and fireChange fire the input and change events of a user's
// change of the control (HTML §4.10.5.5: input bubbles and is composed,
// change bubbles), trusted, and mark the control's user validity.
func (n *Node) fireInput() error {
	_, err := dispatchAs(n, NewEventWith("input", EventInit{Bubbles: true, Composed: true}), true)
	return err
}

func (n *Node) fireChange() error {
	n.doc.state(n.h).userValid = true
	_, err := dispatchAs(n, NewEventWith("change", EventInit{Bubbles: true}), true)
	return err
}

// setUserSelected sets an option's selectedness as a user's choice does:
// it becomes dirty.
func (d *Document) setUserSelected(o *html.Node, on bool) {
	d.setSelectedness(o, on)
	d.state(o).dirtySel = true
}

// updateRange brings the selection of the listbox up to date with its
// anchor and active option: the usable options between them get what the
// range does (selected, or deselected after a toggle took one out); the
// others are deselected with deselectOthers, else get back what they had
// when the anchor was set.
func (n *Node) updateRange(ui *selectUI, deselectOthers bool) {
	opts := n.settleSelect()
	anchor, kept := n.listboxAnchor(ui)
	a, e := -1, -1
	for i, o := range opts {
		if o == anchor {
			a = i
		}
		if o == ui.active {
			e = i
		}
	}
	lo, hi := min(a, e), max(a, e)
	for i, o := range opts {
		switch {
		case !n.doc.usableOption(o, n.h):
		case lo <= i && i <= hi:
			n.doc.setUserSelected(o, ui.selecting)
		case deselectOthers || i >= len(kept):
			n.doc.setUserSelected(o, false)
		default:
			n.doc.setSelectedness(o, kept[i])
		}
	}
}

// deselectAllBut deselects every option of the listbox but keep (nil for
// all) and reports whether it deselected any.
func (n *Node) deselectAllBut(keep *html.Node) bool {
	any := false
	for _, o := range n.settleSelect() {
		if o != keep && n.doc.rawSelected(o) {
			n.doc.setSelectedness(o, false)
			any = true
		}
	}
	return any
}

// chooseInListbox is a user's choice of the option o of the listbox, by a
// click or by Space: the selection changes as mode says, and o becomes the
// active option (and, but for a range, the anchor).
func (n *Node) chooseInListbox(ui *selectUI, o *html.Node, mode selectionMode) {
	n.keepForChange(ui)
	n.place(ui)
	multiple := hasAttr(n.h, "multiple")
	if !multiple {
		mode = modeDeselectOthers
	}
	ui.selecting = !(mode == modeToggle && n.doc.rawSelected(o))
	if mode == modeDeselectOthers {
		n.deselectAllBut(o)
	}
	if ui.anchor == nil && mode != modeToggle {
		first, _ := n.selectedItem(n.listOfOptions(), false)
		n.setAnchor(ui, first)
	}
	if !optionDisabled(o) {
		n.doc.setUserSelected(o, ui.selecting)
	}
	if ui.anchor == nil || mode != modeRange {
		n.setAnchor(ui, o)
	}
	ui.active = o
	n.updateRange(ui, mode != modeToggle)
}

// listboxMouseDown is the default action of a mousedown of the main button
// at the option o of the listbox sel: the choice by a click (Shift: a
// range; Control: a toggle), whose input and change wait for the mouseup.
func (d *Document) listboxMouseDown(sel, o *html.Node, m *MouseEvent) {
	if actuallyDisabled(sel) || optionDisabled(o) {
		return
	}
	n := d.wrap(sel)
	mode := modeDeselectOthers
	switch {
	case m.ShiftKey:
		mode = modeRange
	case m.CtrlKey:
		mode = modeToggle
	}
	n.chooseInListbox(d.selectUIOf(sel), o, mode)
}

// listboxDrag is the default action of a mousemove with the main button
// held over the option o of the listbox sel (a drag, after a press on one
// of its options; Chromium asks only that a click or a key kept the
// selection for the next change event): a multiple select selects the
// range from the anchor to o, a single one selects o.
func (d *Document) listboxDrag(sel, o *html.Node) {
	st := d.peek(sel)
	if st == nil || st.ui == nil || st.ui.lastChange == nil || actuallyDisabled(sel) {
		return
	}
	ui, n := st.ui, d.wrap(sel)
	if !hasAttr(sel, "multiple") {
		n.setAnchor(ui, o)
		ui.active = o
		n.updateRange(ui, true)
		return
	}
	if anchor, _ := n.listboxAnchor(ui); anchor == nil {
		return
	}
	n.place(ui)
	ui.active = o
	n.updateRange(ui, false)
}

// listboxMouseUp is the default action of a mouseup of the main button in
// the listbox sel: input and change when a click on one of its options
// changed the selection.
func (d *Document) listboxMouseUp(sel *html.Node) error {
	st := d.peek(sel)
	if st == nil || st.ui == nil || st.ui.lastChange == nil {
		return nil
	}
	return d.wrap(sel).listboxChanged(st.ui)
}

// selectAllOptions is Control+a in a multiple select: every usable option
// is selected, the first the anchor and the last the active option.
func (n *Node) selectAllOptions(ui *selectUI) error {
	items := n.listItems()
	n.keepForChange(ui)
	ui.selecting = true
	n.setAnchor(ui, n.doc.nextUsable(items, n.h, -1, 1, 1))
	ui.active = n.doc.nextUsable(items, n.h, len(items), -1, 1)
	n.updateRange(ui, false)
	return n.listboxChanged(ui)
}

// listboxOption returns the option a mouse event at h is at and its
// listbox select, or nils: h inside an option of a select that shows its
// options in the page.
func listboxOption(h *html.Node) (sel, opt *html.Node) {
	for a := h; a != nil && a.Type == html.ElementNode; a = a.Parent {
		if isHTML(a, atom.Option) {
			opt = a
			continue
		}
		if isHTML(a, atom.Select) {
			if opt == nil || optionSelect(opt) != a {
				return nil, nil
			}
			return a, opt
		}
	}
	return nil, nil
}

// enclosingSelect returns the nearest select ancestor-or-self of h, nil
// when there is none.
func enclosingSelect(h *html.Node) *html.Node {
	for a := h; a != nil && a.Type == html.ElementNode; a = a.Parent {
		if isHTML(a, atom.Select) {
			return a
		}
	}
	return nil
}
