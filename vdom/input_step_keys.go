package vdom

import (
	"errors"
	"math"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The keys that step number fields and range sliders, as Chromium on Linux
// runs them (recorded in testdata/browser, keys-number-* and keys-range-*;
// HTML leaves a control's user interface to the user agent).
//
// In a number field (not readonly) ArrowUp and ArrowDown, with or without
// modifiers, step the value as its spin button does: by the allowed step
// (1 for step="any", with no snapping to a grid), from the step base,
// within min and max. An empty or unreadable value counts as 0, first
// brought within reach of min and max; a value below min (above max) goes
// to min (max) on the key toward it and stays on the other. A step fires a
// cancelable beforeinput (insertText, the new value as data), then input
// and change, which commits the field: leaving it fires no change again.
// A move back into range fires input and change without beforeinput.
// PageUp, PageDown, Home and End step nothing.
//
// On a range slider (disabled or not, readonly or not: readonly does not
// apply to range) ArrowUp and ArrowRight step up, ArrowDown and ArrowLeft
// down (left and right swap when its directionality is rtl), by the
// allowed step (a hundredth of the range for step="any"); PageUp and
// PageDown move by a tenth of the range, at least a step; Home and End go
// to min and max. The new value is kept within the range and on the step
// as the value sanitization does; when it differs, input and change fire.

// stepKeyDown runs the stepping default actions of a trusted keydown at the
// input h and reports whether the key was one of them.
func (d *Document) stepKeyDown(h *html.Node, k *KeyboardEvent) (bool, error) {
	if !isHTML(h, atom.Input) || actuallyDisabled(h) {
		return false, nil
	}
	switch inputType(h) {
	case "number":
		if k.Key != "ArrowUp" && k.Key != "ArrowDown" {
			return false, nil
		}
		if hasAttr(h, "readonly") {
			return true, nil
		}
		dir := 1
		if k.Key == "ArrowDown" {
			dir = -1
		}
		return true, d.wrap(h).spinNumber(dir)
	case "range":
		return d.wrap(h).rangeKey(k.Key)
	}
	return false, nil
}

// spinNumber steps a number field by one step up (dir 1) or down (-1), as
// its spin button does.
func (n *Node) spinNumber(dir int) error {
	const typ = "number"
	step, ok := n.allowedStep(typ)
	snap := ok
	if !ok {
		// step="any": the default step, from wherever the value is.
		def, scale, _ := stepParams(typ)
		step = def * scale
	}
	lo, hasLo, hi, hasHi := n.stepBounds(typ)
	if !hasLo {
		lo = math.Inf(-1)
	}
	if !hasHi {
		hi = math.Inf(1)
	}
	current, valid := stringToNumber(typ, n.Value())
	if !valid {
		// Chromium starts an empty field from 0, moved so that the first
		// step lands within min and max; that value is set at once.
		current = 0
		diff := step * float64(dir)
		if current < lo-diff {
			current = lo - diff
		}
		if current > hi-diff {
			current = hi - diff
		}
		n.setStepValue(current)
	}
	switch {
	case dir > 0 && current < lo:
		return n.commitStep(lo, false)
	case dir < 0 && current > hi:
		return n.commitStep(hi, false)
	case dir > 0 && current >= hi, dir < 0 && current <= lo:
		return nil
	}
	value, ok := n.applyStep(typ, step, current, true, float64(dir), snap)
	if !ok {
		return nil
	}
	return n.commitStep(value, true)
}

// setStepValue sets a number field's value to f as a user's step does,
// without events.
func (n *Node) setStepValue(f float64) {
	s := numberToString(inputType(n.h), f)
	if s != n.Value() {
		n.doc.noteUserEdit(n.h, n.Value())
		n.setEditedText(s)
	}
}

// commitStep sets the value of a stepped number field to f and fires what
// Chromium fires: beforeinput first when asked (whose cancellation leaves
// the value), then input and change when the value changed. The change
// commits the field's edits: leaving it fires no second change.
func (n *Node) commitStep(f float64, beforeInput bool) error {
	s := numberToString(inputType(n.h), f)
	if beforeInput {
		init := InputEventInit{EventInit: EventInit{Bubbles: true, Cancelable: true, Composed: true}}
		init.View = n.doc.window
		init.InputType, init.Data = InputInsertText, &s
		ok, err := dispatchAs(n, NewInputEvent("beforeinput", init), true)
		if !ok || err != nil {
			return err
		}
	}
	if s == n.Value() {
		return nil
	}
	n.setStepValue(f)
	delete(n.doc.focus.edits, n.h)
	return errors.Join(n.fireInput(), n.fireChange())
}

// rangeKey runs the key of a range slider and reports whether it was one.
func (n *Node) rangeKey(key string) (bool, error) {
	lo, hi := n.rangeBounds()
	step, ok := n.allowedStep("range")
	if !ok {
		step = (hi - lo) / 100
	}
	big := math.Max((hi-lo)/10, step)
	current, _ := parseFloatValue(n.Value())
	up, down := "ArrowRight", "ArrowLeft"
	if n.directionality() == "rtl" {
		up, down = down, up
	}
	var next float64
	switch key {
	case "ArrowUp", up:
		next = current + step
	case "ArrowDown", down:
		next = current - step
	case "PageUp":
		next = current + big
	case "PageDown":
		next = current - big
	case "Home":
		next = lo
	case "End":
		next = hi
	default:
		return false, nil
	}
	s := n.sanitizeRange(formatNumber(roundLike(next, current, step, lo)))
	if s == n.Value() {
		return true, nil
	}
	n.doc.noteUserEdit(n.h, n.Value())
	n.setEditedText(s)
	delete(n.doc.focus.edits, n.h)
	return true, errors.Join(n.fireInput(), n.fireChange())
}
