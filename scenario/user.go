package scenario

import (
	"fmt"
	"strings"

	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// The user-level steps: click, type, select, tab... as a user does them,
// through package userevent, so that every event a browser fires for the
// input fires, and vdom's default actions (focus, text editing,
// activation, submission) follow. One userevent.User acts for the whole
// run: it remembers where the pointer is and which keys are held, as a
// person's mouse and keyboard do between two steps.

// isUser reports the kinds of the user-level steps.
func (o *op) isUser() bool {
	switch o.kind {
	case "click", "dblclick", "hover", "unhover", "type", "clear", "select", "deselect", "tab", "keyboard", "paste", "upload":
		return true
	}
	return false
}

// userStep runs a user-level step. The error of an action refused
// (disabled, hidden, not editable) or of a query that finds no element or
// several is the step's error, as userevent and query word it.
func (r *runner) userStep(o *op, sr *StepResult) error {
	u := r.user
	switch o.kind {
	case "tab":
		var err error
		if o.shift {
			err = u.ShiftTab()
		} else {
			err = u.Tab()
		}
		sr.Outcome = "focus on " + describeFocus(r.doc.ActiveElement())
		return err
	case "keyboard":
		return u.Keyboard(o.arg)
	case "paste":
		err := u.Paste(o.arg)
		if el := r.doc.ActiveElement(); el != nil && el.IsTextControl() {
			sr.Outcome = "value " + quoteShort(el.Value())
		}
		return err
	}
	el, err := r.single(o.target)
	if err != nil {
		return err
	}
	switch o.kind {
	case "click":
		return u.Click(el)
	case "dblclick":
		return u.DblClick(el)
	case "hover":
		return u.Hover(el)
	case "unhover":
		return u.Unhover(el)
	case "type":
		err = u.TypeWith(el, o.arg, userevent.TypeOptions{SkipClick: o.skipClick, Selection: o.selection})
		if el.IsTextControl() {
			sr.Outcome = "value " + quoteShort(el.Value())
		}
		return err
	case "clear":
		err = u.Clear(el)
		sr.Outcome = "value " + quoteShort(el.Value())
		return err
	case "select", "deselect":
		if o.kind == "select" {
			err = u.SelectOptions(el, o.values...)
		} else {
			err = u.DeselectOptions(el, o.values...)
		}
		if el.LocalName() == "select" {
			sr.Outcome = "selected: " + selectedValues(el)
		}
		return err
	case "upload":
		return u.Upload(el, o.files...)
	}
	return fmt.Errorf("%s cannot run here", quoteJSON(o.kind))
}

// single resolves the target of a user-level step: the one element a
// query finds, or the one element a selector matches; a user acts on one
// element, and a selector that matches several says which to pick.
func (r *runner) single(t target) (*vdom.Node, error) {
	if t.q != nil {
		return t.q.Get(&r.doc.Node)
	}
	els, err := r.doc.QuerySelectorAll(t.sel)
	switch {
	case err != nil:
		return nil, err
	case len(els) == 0:
		return nil, noElement(r.doc, t)
	case len(els) > 1:
		return nil, fmt.Errorf("target %s matches %d elements (%s, %s, ...); a user acts on one: make the selector match one, or use a query",
			quoteJSON(t.text), len(els), describe(els[0]), describe(els[1]))
	}
	return els[0], nil
}

// selectedValues lists the values of a select's selected options.
func selectedValues(sel *vdom.Node) string {
	opts := sel.SelectedOptions()
	if len(opts) == 0 {
		return "none"
	}
	q := make([]string, len(opts))
	for i, o := range opts {
		q[i] = quoteShort(o.Value())
	}
	return strings.Join(q, ", ")
}

// userTitle says what a user-level step does.
func userTitle(o *op) string {
	switch o.kind {
	case "tab":
		if o.shift {
			return "tab backwards (shift+tab)"
		}
		return "tab"
	case "keyboard":
		// Key sequences are short, and every key of them counts.
		return "keyboard " + quoteJSON(o.arg)
	case "paste":
		return "paste " + quoteShort(o.arg)
	case "type":
		s := "type " + quoteShort(o.arg) + " into " + o.target.text
		if o.selection != nil {
			s += fmt.Sprintf(" over %d..%d", o.selection.Start, o.selection.End)
		}
		if o.skipClick {
			s += " (no click first)"
		}
		return s
	case "select", "deselect":
		q := make([]string, len(o.values))
		for i, v := range o.values {
			q[i] = quoteShort(v)
		}
		return o.kind + " " + strings.Join(q, ", ") + " in " + o.target.text
	case "upload":
		names := make([]string, len(o.files))
		for i, f := range o.files {
			names[i] = f.Name
			if f.Type != "" {
				names[i] += " (" + f.Type + ")"
			}
		}
		return "upload " + strings.Join(names, ", ") + " to " + o.target.text
	}
	return o.kind + " " + o.target.text
}
