package vdom

import "golang.org/x/net/html/atom"

// implicitSubmission is HTML §4.10.21.2 "implicit submission", run when the
// user presses Enter in the field n: a click on the form's default button
// (the first submit button in tree order whose form owner is the form)
// unless that button is disabled; with no submit button, the form submits
// itself when it has exactly one field that blocks implicit submission.
// A field without a form owner does nothing.
func (n *Node) implicitSubmission() error { return n.implicitSubmit(false) }

// implicitSubmit is implicitSubmission; with buttonOnly only the default
// button submits, as for Enter in a listbox, which Chromium does not count
// among the fields that let a form without a submit button submit itself.
func (n *Node) implicitSubmit(buttonOnly bool) error {
	form := n.Form()
	if form == nil {
		return nil
	}
	blocking := 0
	for _, c := range form.ownedElements() {
		if c.isSubmitButton() {
			// The default button.
			if c.IsDisabled() {
				return nil
			}
			return c.clickAs(true)
		}
		if c.blocksImplicitSubmission() {
			blocking++
		}
	}
	// The standard submits with at most one such field; Chromium (and the
	// intent: Enter in the one text field of a search form) only with
	// exactly one, so Enter on a checkbox of a form without text fields
	// submits nothing.
	if blocking != 1 || buttonOnly {
		return nil
	}
	return form.submitForm(form, false)
}

// blocksImplicitSubmission reports the "field that blocks implicit
// submission": an input of a text-like, date-like or number type.
func (n *Node) blocksImplicitSubmission() bool {
	if n.h.DataAtom != atom.Input || n.h.Namespace != "" {
		return false
	}
	switch n.Type() {
	case "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time", "datetime-local", "number":
		return true
	}
	return false
}
