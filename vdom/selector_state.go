package vdom

import (
	"github.com/eventperk/eventperk-go/selector"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The live state the selector package asks about (selector.State): every
// read of form state and focus that a query makes goes through the two
// methods below, so that what a query depends on is in one place.

// selectorState is the Document seen as a selector.State. It is a
// conversion of *Document, so passing it to a query allocates nothing, and
// it keeps Is and Focus out of Document's own method set.
type selectorState Document

func (d *Document) selectorState() selector.State { return (*selectorState)(d) }

// Focus returns the focused element and whether it was focused from the
// keyboard (Chromium's heuristic for :focus-visible).
func (s *selectorState) Focus() (*html.Node, bool) {
	d := (*Document)(s)
	return d.focusedNode(), d.focusVisible()
}

// Is decides the pseudo-classes of HTML §4.16.3 that depend on form state
// for the elements the selector package asks about (see selector.State).
func (s *selectorState) Is(h *html.Node, pc selector.PseudoClass) bool {
	d := (*Document)(s)
	n := d.wrap(h)
	switch pc {
	case selector.PseudoChecked:
		// Checkboxes and radio buttons whose checkedness is true, options
		// whose selectedness is true. Chromium leaves out a checkbox whose
		// indeterminate flag is set, which HTML §4.16.3 does not; vdom
		// follows Chromium.
		switch h.DataAtom {
		case atom.Option:
			return n.Selected()
		case atom.Input:
			switch inputType(h) {
			case "checkbox":
				return n.Checked() && !n.Indeterminate()
			case "radio":
				return n.Checked()
			}
		}
		return false
	case selector.PseudoIndeterminate:
		// Checkboxes whose indeterminate flag is set, radio buttons whose
		// group has no checked button, progress bars without a value.
		if h.DataAtom == atom.Progress {
			return !hasAttr(h, "value")
		}
		switch inputType(h) {
		case "checkbox":
			return n.Indeterminate()
		case "radio":
			return !d.anyChecked(h)
		}
		return false
	case selector.PseudoDisabled:
		// Chromium also disables the options of a disabled select, which
		// HTML §4.16.3 does not; vdom follows Chromium.
		if h.DataAtom == atom.Option && !n.IsDisabled() {
			sel := optionSelect(h)
			return sel != nil && d.wrap(sel).IsDisabled()
		}
		return n.IsDisabled()
	case selector.PseudoValid, selector.PseudoInvalid:
		var invalid bool
		switch h.DataAtom {
		case atom.Form, atom.Fieldset:
			// A form owning, or a fieldset holding, a candidate for
			// constraint validation that does not satisfy its constraints.
			invalid = d.hasInvalidControl(n)
		default:
			if !n.WillValidate() {
				return false
			}
			invalid = !n.Validity().Valid
		}
		return invalid == (pc == selector.PseudoInvalid)
	case selector.PseudoInRange, selector.PseudoOutOfRange:
		// Candidates suffering from an underflow or an overflow, or
		// neither. HTML §4.16.3 asks for range limitations (a minimum or
		// a maximum) for both. Chromium 156 (testdata/browser) asks for
		// them only of a value that is a number: a candidate of a type
		// with numbers (number, range, date and time types) whose value
		// is empty or no number is in range whatever its limits, and one
		// whose value is a number but that has no limitations matches
		// neither. vdom does as Chromium.
		typ := inputType(h)
		if !hasNumber(typ) || !n.WillValidate() {
			return false
		}
		if _, ok := stringToNumber(typ, n.Value()); !ok {
			return pc == selector.PseudoInRange
		}
		_, hasMin := n.minimum(typ)
		_, hasMax := n.maximum(typ)
		if !hasMin && !hasMax {
			return false
		}
		v := n.Validity()
		return (v.RangeUnderflow || v.RangeOverflow) == (pc == selector.PseudoOutOfRange)
	case selector.PseudoReadWrite:
		// Mutable text fields: the readonly attribute applies, is absent,
		// and the control is not disabled.
		if h.DataAtom == atom.Input && !readonlyApplies(inputType(h)) {
			return false
		}
		return !hasAttr(h, "readonly") && !n.IsDisabled()
	case selector.PseudoPlaceholderShown:
		// A field with a placeholder attribute and no text (a number
		// field with typed text that is not a number has an empty value
		// and shows the text). Chromium matches an empty placeholder too,
		// though it shows nothing.
		if h.DataAtom == atom.Input && !placeholderApplies(inputType(h)) {
			return false
		}
		return hasAttr(h, "placeholder") && n.editText() == ""
	case selector.PseudoDefault:
		// Default buttons, checkboxes and radio buttons with the checked
		// attribute, options with the selected attribute.
		switch {
		case h.DataAtom == atom.Option:
			return n.DefaultSelected()
		case h.DataAtom == atom.Input && (inputType(h) == "checkbox" || inputType(h) == "radio"):
			return n.DefaultChecked()
		case n.isSubmitButton():
			f := n.formOwner()
			return f != nil && d.defaultButton(f) == n
		}
	case selector.PseudoTarget:
		return h == d.targetElement()
	case selector.PseudoUserValid, selector.PseudoUserInvalid:
		// HTML §4.16.3: a candidate for constraint validation whose user
		// validity is true (userValidity in form_state.go), valid or not.
		if st := d.peek(h); st == nil || !st.userValid || !n.WillValidate() {
			return false
		}
		return n.Validity().Valid == (pc == selector.PseudoUserValid)
	}
	return false
}

// targetElement is the document's target element (HTML §7.4.6.3, "find a
// potential indicated element"): for the fragment of the document's URL,
// the element with that id, else the first a element with that name, and
// failing both the same for the percent-decoded fragment; nil without a
// fragment, for an empty one and for "top" (the top of the document).
func (d *Document) targetElement() *html.Node {
	u := d.documentURL()
	if u == nil || u.Fragment == "" && u.RawFragment == "" {
		return nil
	}
	raw := u.EscapedFragment()
	for _, frag := range []string{raw, u.Fragment} {
		if frag == "" {
			continue
		}
		if el := d.GetElementByID(frag); el != nil {
			return el.h
		}
		for h := range descendants(d.Node.h) {
			if h.Type == html.ElementNode && h.DataAtom == atom.A && h.Namespace == "" {
				if v, ok := attrVal(h, "name"); ok && v == frag {
					return h
				}
			}
		}
	}
	return nil
}

// hasInvalidControl reports whether a form owns, or a fieldset holds, a
// candidate for constraint validation that does not satisfy its
// constraints.
func (d *Document) hasInvalidControl(n *Node) bool {
	invalid := func(h *html.Node) bool {
		c := d.wrap(h)
		return c.WillValidate() && !c.Validity().Valid
	}
	if n.h.DataAtom == atom.Form {
		for _, h := range d.formControls(n) {
			if invalid(h) {
				return true
			}
		}
		return false
	}
	for h := range descendants(n.h) {
		if isListed(h) && invalid(h) {
			return true
		}
	}
	return false
}

// defaultButton is a form's default button: the first submit button in
// tree order whose form owner is the form (HTML §4.10.22.1).
func (d *Document) defaultButton(form *Node) *Node {
	list := d.formControls(form)
	// The answer is kept with the list: :default asks it of every submit
	// button of the form.
	c := &d.controls
	if !c.defaultSet {
		c.defaultSet = true
		d.work.defaultScans++
		for _, h := range list {
			if d.wrap(h).isSubmitButton() {
				c.defaultButton = h
				break
			}
		}
	}
	return d.wrap(c.defaultButton)
}

// readonlyApplies reports whether the readonly attribute applies to an
// input of type typ (HTML §4.10.5, the table of attributes per type).
func readonlyApplies(typ string) bool {
	switch typ {
	case "text", "search", "url", "tel", "email", "password", "date", "month", "week", "time",
		"datetime-local", "number":
		return true
	}
	return false
}

// placeholderApplies reports whether the placeholder attribute applies to
// an input of type typ.
func placeholderApplies(typ string) bool {
	switch typ {
	case "text", "search", "url", "tel", "email", "password", "number":
		return true
	}
	return false
}
