package vdom

import (
	"strings"
	"unicode/utf16"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// inputTypes are the keywords of the input element's type attribute (HTML
// §4.10.5, the table of type states).
var inputTypes = map[string]bool{
	"hidden": true, "text": true, "search": true, "tel": true, "url": true, "email": true,
	"password": true, "date": true, "month": true, "week": true, "time": true,
	"datetime-local": true, "number": true, "range": true, "color": true, "checkbox": true,
	"radio": true, "file": true, "submit": true, "image": true, "reset": true, "button": true,
}

// inputType returns the type state keyword of the input h: the lower-cased
// attribute when it is a known keyword, "text" otherwise (the missing and
// invalid value default).
func inputType(h *html.Node) string {
	v, ok := attrVal(h, "type")
	return inputTypeOf(v, ok)
}

func inputTypeOf(v string, ok bool) string {
	if !ok {
		return "text"
	}
	if inputTypes[v] {
		return v
	}
	if l := strings.ToLower(v); inputTypes[l] {
		return l
	}
	return "text"
}

// valueMode is the mode of the value IDL attribute for an input type.
type valueMode uint8

const (
	modeValue valueMode = iota
	modeDefault
	modeDefaultOn
	modeFilename
)

func valueModeOf(typ string) valueMode {
	switch typ {
	case "hidden", "submit", "image", "reset", "button":
		return modeDefault
	case "checkbox", "radio":
		return modeDefaultOn
	case "file":
		return modeFilename
	}
	return modeValue
}

// Type returns the type of a form control as its DOM type attribute does:
// the input's type state keyword ("text" for a missing or unknown type),
// a button's "submit", "reset" or "button", "select-one" or
// "select-multiple", "textarea", "output", "fieldset"; "" for other nodes.
func (n *Node) Type() string {
	h := n.h
	if h.Type != html.ElementNode || h.Namespace != "" {
		return ""
	}
	switch h.DataAtom {
	case atom.Input:
		return inputType(h)
	case atom.Button:
		return buttonType(h)
	case atom.Select:
		if hasAttr(h, "multiple") {
			return "select-multiple"
		}
		return "select-one"
	case atom.Textarea:
		return "textarea"
	case atom.Output:
		return "output"
	case atom.Fieldset:
		return "fieldset"
	}
	return ""
}

// SetType sets the type attribute.
func (n *Node) SetType(v string) error { return n.SetAttribute("type", v) }

// buttonType is the button element's type state.
func buttonType(h *html.Node) string {
	v, _ := attrVal(h, "type")
	switch strings.ToLower(v) {
	case "reset":
		return "reset"
	case "button":
		return "button"
	}
	return "submit"
}

// Value returns the value of a form control as its DOM value attribute
// does: an input's value in the mode its type gives (sanitized value,
// value attribute, "on", "" for a file input), a textarea's API value, the
// value of a select's first selected option, an option's value, a button's
// value attribute, an output's text. Other nodes have "".
func (n *Node) Value() string {
	h := n.h
	if h.Type != html.ElementNode || h.Namespace != "" {
		return ""
	}
	switch h.DataAtom {
	case atom.Input:
		return n.inputValue()
	case atom.Textarea:
		return normalizeNewlines(n.rawValue())
	case atom.Select:
		for _, o := range n.settleSelect() {
			if n.doc.rawSelected(o) {
				return optionValue(o)
			}
		}
		return ""
	case atom.Option:
		return optionValue(h)
	case atom.Button, atom.Data, atom.Param:
		v, _ := attrVal(h, "value")
		return v
	case atom.Output:
		return n.TextContent()
	}
	return ""
}

func (n *Node) inputValue() string {
	typ := inputType(n.h)
	switch valueModeOf(typ) {
	case modeDefault:
		v, _ := attrVal(n.h, "value")
		return v
	case modeDefaultOn:
		if v, ok := attrVal(n.h, "value"); ok {
			return v
		}
		return "on"
	case modeFilename:
		return n.fileValue()
	}
	if st := n.doc.peek(n.h); st != nil && (st.dirtyValue || st.cleanValue) {
		return st.value
	}
	v, _ := attrVal(n.h, "value")
	return n.sanitize(typ, v)
}

// SetValue sets the value of a form control as its DOM value setter does.
// On an input in value mode it sets the value (sanitized) and the dirty
// value flag; in the default modes it sets the value attribute; on a file
// input only "" is allowed (it clears the selected files) and anything else
// is ErrInvalidState. A textarea's raw value and dirty flag, a select's
// selection (the first option with that value, none when no option has
// it), an option's or button's value attribute, an output's text are set
// likewise. Other nodes are left alone.
func (n *Node) SetValue(v string) error {
	h := n.h
	if h.Type != html.ElementNode || h.Namespace != "" {
		return nil
	}
	switch h.DataAtom {
	case atom.Input:
		typ := inputType(h)
		switch valueModeOf(typ) {
		case modeDefault, modeDefaultOn:
			return n.SetAttribute("value", v)
		case modeFilename:
			if v != "" {
				return domErrorf(ErrInvalidState, "cannot set the value of %s to %q: a file input's value can only be set to the empty string", n.describe(), v)
			}
			n.clearFiles()
			return nil
		}
		old := n.editText()
		st := n.doc.state(h)
		st.value = n.sanitize(typ, v)
		st.dirtyValue, st.cleanValue = true, false
		st.userEdit = false
		n.valueSet(old)
	case atom.Textarea:
		old := n.editText()
		st := n.doc.state(h)
		st.value, st.dirtyValue, st.userEdit = v, true, false
		n.valueSet(old)
	case atom.Select:
		n.selectByValue(v)
	case atom.Option, atom.Button, atom.Data, atom.Param:
		return n.SetAttribute("value", v)
	case atom.Output:
		st := n.doc.state(h)
		if !st.dirtyValue {
			st.value, st.dirtyValue = n.TextContent(), true
		}
		n.SetTextContent(v)
	}
	return nil
}

// setUserValue sets an input's or textarea's value as a user edit does: the
// value, the dirty value flag and the mark that tooLong and tooShort look
// for.
func (n *Node) setUserValue(v string) {
	n.doc.noteUserEdit(n.h, n.Value())
	if err := n.SetValue(v); err != nil {
		return
	}
	if st := n.doc.peek(n.h); st != nil && (isHTML(n.h, atom.Input) || isHTML(n.h, atom.Textarea)) {
		st.userEdit = true
	}
}

// DefaultValue returns the value attribute of an input, the child text of
// a textarea, the default value of an output; "" for other nodes.
func (n *Node) DefaultValue() string {
	h := n.h
	switch {
	case isHTML(h, atom.Input):
		v, _ := attrVal(h, "value")
		return v
	case isHTML(h, atom.Textarea):
		return childText(h)
	case isHTML(h, atom.Output):
		if st := n.doc.peek(h); st != nil && st.dirtyValue {
			return st.value
		}
		return n.TextContent()
	}
	return ""
}

// SetDefaultValue sets an input's value attribute, a textarea's child
// text, an output's default value; other nodes are left alone.
func (n *Node) SetDefaultValue(v string) {
	h := n.h
	switch {
	case isHTML(h, atom.Input):
		n.reflectString("value", v)
	case isHTML(h, atom.Textarea):
		n.SetTextContent(v)
	case isHTML(h, atom.Output):
		if st := n.doc.peek(h); st != nil && st.dirtyValue {
			st.value = v
			return
		}
		n.SetTextContent(v)
	}
}

// rawValue is the textarea's raw value: its child text until a program or
// the user sets the value.
func (n *Node) rawValue() string {
	if st := n.doc.peek(n.h); st != nil && st.dirtyValue {
		return st.value
	}
	return childText(n.h)
}

// childText is the DOM's child text content: the text node children only
// (one child's text is returned without a copy).
func childText(h *html.Node) string {
	var one string
	var b strings.Builder
	n := 0
	for c := h.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.TextNode {
			continue
		}
		if n == 0 {
			one = c.Data
		} else {
			if n == 1 {
				b.WriteString(one)
			}
			b.WriteString(c.Data)
		}
		n++
	}
	if n > 1 {
		return b.String()
	}
	return one
}

// normalizeNewlines replaces CRLF and lone CR with LF.
func normalizeNewlines(s string) string {
	if !strings.Contains(s, "\r") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

// TextLength returns the length of an input's value or a textarea's API
// value in UTF-16 code units, as the DOM counts; 0 for other nodes.
func (n *Node) TextLength() int {
	if !isHTML(n.h, atom.Input) && !isHTML(n.h, atom.Textarea) {
		return 0
	}
	return utf16Len(n.Value())
}

func utf16Len(s string) int {
	l := 0
	for _, r := range s {
		l += utf16.RuneLen(r)
	}
	return l
}

// Checked returns the checkedness of an input element; false for other
// nodes.
func (n *Node) Checked() bool {
	if !isHTML(n.h, atom.Input) {
		return false
	}
	return n.checkedness()
}

func (n *Node) checkedness() bool {
	d := n.doc
	if inputType(n.h) == "radio" {
		d.forms()
		d.settleRadios(treeRoot(n.h))
	}
	return d.radioChecked(n.h)
}

// SetChecked sets the checkedness of an input and its dirty checkedness
// flag, as the DOM checked setter does: a radio button checked this way
// unchecks the others of its group. No events fire. Other nodes are left
// alone.
func (n *Node) SetChecked(on bool) {
	if isHTML(n.h, atom.Input) {
		n.setCheckedness(on, true)
	}
}

// setCheckedness sets an input's checkedness, and its dirty checkedness
// flag when dirty is true, and applies the radio group rule: a radio
// button that becomes checked unchecks the others of its group. No events.
func (n *Node) setCheckedness(on bool, dirty bool) {
	d := n.doc
	if inputType(n.h) != "radio" {
		d.writeChecked(n.h, on, dirty)
		return
	}
	d.forms()
	d.settleRadios(treeRoot(n.h))
	if on {
		d.checkRadio(n.h, dirty)
	} else {
		d.writeChecked(n.h, false, dirty)
	}
}

// DefaultChecked reports whether an input has the checked attribute.
func (n *Node) DefaultChecked() bool { return isHTML(n.h, atom.Input) && hasAttr(n.h, "checked") }

// SetDefaultChecked adds or removes the checked attribute; while the
// checkedness is not dirty it follows.
func (n *Node) SetDefaultChecked(on bool) { n.reflectBool("checked", on) }

// Indeterminate returns an input's indeterminate flag, which only scripts
// set and which changes neither the checkedness nor submission.
func (n *Node) Indeterminate() bool {
	st := n.doc.peek(n.h)
	return st != nil && st.indeterminate
}

// SetIndeterminate sets an input's indeterminate flag; other nodes are left
// alone.
func (n *Node) SetIndeterminate(on bool) {
	if isHTML(n.h, atom.Input) {
		n.doc.state(n.h).indeterminate = on
	}
}

// inputTypeChanged runs the input element's type change steps (HTML
// §4.10.5, "when an input element's type attribute changes state").
func (n *Node) inputTypeChanged(from, to string) {
	fm, tm := valueModeOf(from), valueModeOf(to)
	st := n.doc.peek(n.h)
	if fm == modeValue && tm == modeValue && (st == nil || !st.dirtyValue) {
		// The value stays, sanitized again by the new type: the value the
		// old type made of the attribute, not the attribute.
		old := ""
		if st != nil && st.cleanValue {
			old = st.value
		} else {
			v, _ := attrVal(n.h, "value")
			old = n.sanitize(from, v)
		}
		st = n.doc.state(n.h)
		st.value, st.cleanValue = n.sanitize(to, old), true
		return
	}
	if st != nil {
		st.cleanValue = false
	}
	switch {
	case fm == modeValue && (tm == modeDefault || tm == modeDefaultOn):
		// The value moves into the value attribute.
		if st != nil && st.dirtyValue {
			v := st.value
			st.dirtyValue, st.value = false, ""
			if v != "" {
				n.reflectString("value", v)
			}
		}
	case fm != modeValue && tm == modeValue:
		// From a default mode the value attribute becomes the value; from
		// the filename mode the value becomes empty: either way, as the
		// value of a clean control.
		if st != nil {
			st.dirtyValue, st.value = false, ""
		}
	}
	// The value sanitization algorithm of the new type.
	if st != nil && st.dirtyValue && tm == modeValue {
		st.value = n.sanitize(to, st.value)
	}
	if to == "radio" {
		n.radioChanged()
	}
}
