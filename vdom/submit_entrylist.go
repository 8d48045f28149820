package vdom

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/eventperk/eventperk-go/internal/htmltree"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// NewFormData is new FormData(form, submitter): the entry list the form
// would submit from submitter (nil: from the form itself), after the
// "formdata" event's listeners have seen it. A submitter that is not a submit
// button is an ErrType error, one of another form ErrNotFound; a form that is
// constructing its entry list already (NewFormData from a formdata
// listener) ErrInvalidState. form must be a form element (else ErrType).
// The error of listeners that panicked comes with the FormData.
func NewFormData(form, submitter *Node) (*FormData, error) {
	if form == nil || !form.isForm() {
		return nil, domErrorf(ErrType, "NewFormData needs a form element")
	}
	if submitter != nil {
		if !submitter.isSubmitButton() {
			return nil, domErrorf(ErrType, "the submitter %s is not a submit button", submitter.describe())
		}
		if submitter.Form() != form {
			return nil, domErrorf(ErrNotFound, "the submitter %s belongs to another form", submitter.describe())
		}
	}
	entries, ok, err := form.constructEntryList(submitter)
	if !ok {
		return nil, domErrorf(ErrInvalidState, "the form is constructing its entry list already")
	}
	return &FormData{entries: entries}, err
}

// AsFormData returns the FormData of a FormDataEvent (its formData), the
// "formdata" event form submission and NewFormData fire: listeners may
// change it, and the submission sends what it holds when they return.
func (e *Event) AsFormData() (*FormData, bool) {
	if e.iface != ifaceFormData {
		return nil, false
	}
	return e.detail.(*FormData), true
}

// constructEntryList is HTML §4.10.21.4 "constructing the entry list" for
// the form n with submitter (nil or the form: no submitter). ok is false
// when the form is constructing one already.
func (n *Node) constructEntryList(submitter *Node) (entries []FormDataEntry, ok bool, err error) {
	p := n.doc.page()
	// Steps 1-2.
	if p.constructing[n.h] {
		return nil, false, nil
	}
	if p.constructing == nil {
		p.constructing = make(map[*html.Node]bool)
	}
	p.constructing[n.h] = true
	defer delete(p.constructing, n.h)
	if submitter == n {
		submitter = nil
	}
	fd := &FormData{}
	// Steps 3-5: the submittable elements whose form owner is the form.
	for _, field := range n.ownedElements() {
		if field.isSubmittable() {
			fd.entries = field.appendEntries(fd.entries, submitter)
		}
	}
	// Steps 7-8: the formdata event, whose listeners may change the list.
	e := makeEvent("formdata", flagInitialized, ifaceFormData, fd)
	e.setInit(true, false, false)
	_, err = dispatchAs(n, e, true)
	// Step 10: a clone of the list.
	return slices.Clone(fd.entries), true, err
}

// appendEntries is step 5 for one field.
func (field *Node) appendEntries(list []FormDataEntry, submitter *Node) []FormDataEntry {
	h := field.h
	isInput := h.DataAtom == atom.Input
	typ := ""
	if isInput {
		typ = field.Type()
	}
	// Step 5.1: the fields that contribute nothing. The standard also
	// skips fields inside a datalist; Chromium submits them, and so does
	// vdom.
	if field.IsDisabled() {
		return list
	}
	if field.isButton() && field != submitter {
		return list
	}
	if (typ == "checkbox" || typ == "radio") && !field.Checked() {
		return list
	}
	name, hasName := field.GetAttribute("name")
	if typ != "image" && (!hasName || name == "") {
		return list
	}
	if h.DataAtom == atom.Object {
		return list // no plugins
	}
	// Step 5.2: an image button, the submitter, gives its coordinate.
	if typ == "image" {
		prefix := ""
		if name != "" {
			prefix = name + "."
		}
		var c [2]int
		if p := field.doc.pageIfAny(); p != nil {
			c = p.coords[h]
		}
		return append(list,
			FormDataEntry{Name: scalar(prefix + "x"), Value: strconv.Itoa(c[0])},
			FormDataEntry{Name: scalar(prefix + "y"), Value: strconv.Itoa(c[1])})
	}
	switch {
	case h.DataAtom == atom.Select:
		// Step 5.5: each selected option that is not disabled.
		for _, o := range field.settleSelect() {
			if field.doc.rawSelected(o) && !optionDisabled(o) {
				list = append(list, FormDataEntry{Name: scalar(name), Value: scalar(optionValue(o))})
			}
		}
	case typ == "checkbox" || typ == "radio":
		// Step 5.6: the value attribute, else "on".
		v, ok := field.GetAttribute("value")
		if !ok {
			v = "on"
		}
		list = append(list, FormDataEntry{Name: scalar(name), Value: scalar(v)})
	case typ == "file":
		// Step 5.7: one entry per selected file, or an empty file.
		files := field.Files()
		if len(files) == 0 {
			list = append(list, fileEntry(name, File{Type: "application/octet-stream"}))
		}
		for _, f := range files {
			list = append(list, fileEntry(name, f))
		}
	case typ == "hidden" && htmltree.EqualFoldASCII(name, "_charset_"):
		// Step 5.8: the encoding's name.
		list = append(list, FormDataEntry{Name: scalar(name), Value: "UTF-8"})
	case typ == "submit" && !hasAttr(h, "value"):
		// Chromium sends a submit button without a value attribute with
		// its default label (the standard's value would be "").
		list = append(list, FormDataEntry{Name: scalar(name), Value: "Submit"})
	default:
		// Step 5.9: the field's value.
		list = append(list, FormDataEntry{Name: scalar(name), Value: scalar(field.Value())})
	}
	// Step 5.11: dirname gives the directionality of the field.
	if dirname, ok := field.GetAttribute("dirname"); ok && dirname != "" && field.autoDirectionalityControl(typ) {
		list = append(list, FormDataEntry{Name: scalar(dirname), Value: field.directionality()})
	}
	return list
}

// autoDirectionalityControl reports the "auto-directionality form-associated
// elements": textarea, and input in the Hidden, Text, Search, Telephone,
// URL, Email, Password, Submit Button, Reset Button and Button states.
func (n *Node) autoDirectionalityControl(typ string) bool {
	switch n.h.DataAtom {
	case atom.Textarea:
		return true
	case atom.Input:
		switch typ {
		case "hidden", "text", "search", "tel", "url", "email", "password", "submit", "reset", "button":
			return true
		}
	}
	return false
}

// directionality is the element's directionality (HTML §3.2.6.4), "ltr" or
// "rtl": its dir attribute, dir=auto's first strong character of the
// control's value (Hebrew, Arabic and the other right-to-left scripts count
// as R/AL, other letters as L), else its parent's, ltr at the root.
func (n *Node) directionality() string {
	for h := n.h; h != nil && h.Type == html.ElementNode; h = h.Parent {
		var dir string
		for _, a := range h.Attr {
			if a.Namespace == "" && a.Key == "dir" {
				dir = strings.ToLower(a.Val)
			}
		}
		switch dir {
		case "ltr", "rtl":
			return dir
		case "auto":
			text := ""
			if h == n.h && (h.DataAtom == atom.Input || h.DataAtom == atom.Textarea) {
				text = n.Value()
			} else {
				text = n.doc.wrap(h).TextContent()
			}
			if d := strongDirection(text); d != "" {
				return d
			}
			return "ltr"
		}
	}
	return "ltr"
}

// rtlScripts are the scripts whose letters have bidirectional type R or AL.
var rtlScripts = []*unicode.RangeTable{unicode.Hebrew, unicode.Arabic, unicode.Syriac, unicode.Thaana, unicode.Nko, unicode.Samaritan, unicode.Mandaic, unicode.Adlam}

// strongDirection returns the direction of the first strong character of s,
// "" when it has none.
func strongDirection(s string) string {
	for _, r := range s {
		if unicode.IsLetter(r) && unicode.In(r, rtlScripts...) {
			return "rtl"
		}
		if unicode.IsLetter(r) {
			return "ltr"
		}
	}
	return ""
}

// Files returns the selected files of a file input (the files IDL
// attribute), nil when none are selected.
func (n *Node) Files() []File {
	if p := n.doc.pageIfAny(); p != nil {
		return slices.Clone(p.files[n.h])
	}
	return nil
}

// SetFiles selects files in a file input, as a user choosing them in the
// file picker would (the events a user's choice fires are the caller's:
// input and change). A nil or empty list clears the selection. It is an
// ErrInvalidState error on any element other than an input of type file.
func (n *Node) SetFiles(files []File) error {
	if n.h.DataAtom != atom.Input || n.h.Namespace != "" || n.Type() != "file" {
		return domErrorf(ErrInvalidState, "SetFiles on %s, which is not a file input", n.describe())
	}
	p := n.doc.page()
	n.doc.liveChanged() // the files decide validity (valueMissing)
	if len(files) == 0 {
		delete(p.files, n.h)
		return nil
	}
	if p.files == nil {
		p.files = make(map[*html.Node][]File)
	}
	p.files[n.h] = slices.Clone(files)
	for i := range p.files[n.h] {
		p.files[n.h][i].Type = fileType(files[i].Type)
	}
	return nil
}

// hasFiles reports whether a file input has selected files.
func (n *Node) hasFiles() bool {
	p := n.doc.pageIfAny()
	return p != nil && len(p.files[n.h]) > 0
}

// fileValue is a file input's value in the filename mode: "C:\fakepath\"
// and the first selected file's name, "" when none is selected.
func (n *Node) fileValue() string {
	if p := n.doc.pageIfAny(); p != nil {
		if fs := p.files[n.h]; len(fs) > 0 {
			return `C:\fakepath\` + fs[0].Name
		}
	}
	return ""
}

// clearFiles empties a file input's list of selected files.
func (n *Node) clearFiles() {
	if p := n.doc.pageIfAny(); p != nil {
		delete(p.files, n.h)
	}
}
