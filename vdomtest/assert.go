package vdomtest

import (
	"net/url"
	"slices"
	"strings"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/eventperk/eventperk-go/a11y"
	"github.com/eventperk/eventperk-go/vdom"
)

// Assertions. Each fails the test (t.Fatal) with what was expected and what
// was found, as a go-cmp diff (-want +got) where the values are more than a
// word, followed by a print of the element. A nil element fails the test
// too: it says which assertion got none.

// ExpectText asserts that el's text content, with white space collapsed to
// single spaces and trimmed at both ends, is want.
func (s *Screen) ExpectText(el *vdom.Node, want string) {
	s.t.Helper()
	if !s.present("ExpectText", el) {
		return
	}
	if got := NormalizeSpace(el.TextContent()); got != want {
		s.failf(el, "vdomtest: ExpectText(%s): text mismatch (-want +got):\n%s", describe(el), cmp.Diff(want, got))
	}
}

// ExpectTextContains asserts that el's text content, with white space
// collapsed, contains part.
func (s *Screen) ExpectTextContains(el *vdom.Node, part string) {
	s.t.Helper()
	if !s.present("ExpectTextContains", el) {
		return
	}
	if got := NormalizeSpace(el.TextContent()); !strings.Contains(got, part) {
		s.failf(el, "vdomtest: ExpectTextContains(%s): text %q does not contain %q", describe(el), got, part)
	}
}

// NormalizeSpace collapses every run of white space in text to one space
// and trims both ends: the text a reader sees, and the text ExpectText
// compares.
func NormalizeSpace(text string) string { return strings.Join(strings.Fields(text), " ") }

// ExpectValue asserts that the value of el (an input, textarea, select,
// output, button or option) is want, as vdom.Node.Value gives it: for a
// select, the value of its first selected option; for an output, its text.
func (s *Screen) ExpectValue(el *vdom.Node, want string) {
	s.t.Helper()
	if !s.present("ExpectValue", el) {
		return
	}
	if !hasValue(el) {
		s.failf(el, "vdomtest: ExpectValue(%s): a %s has no value; want an input, textarea, select, output, button or option", describe(el), el.LocalName())
		return
	}
	if got := el.Value(); got != want {
		s.failf(el, "vdomtest: ExpectValue(%s): value mismatch (-want +got):\n%s", describe(el), cmp.Diff(want, got))
	}
}

func hasValue(el *vdom.Node) bool {
	switch el.LocalName() {
	case "input", "textarea", "select", "output", "button", "option":
		return true
	}
	return false
}

// ExpectSelected asserts that the selected options of the select el have
// the values want, in order (for a multiple select, all of them).
func (s *Screen) ExpectSelected(el *vdom.Node, want ...string) {
	s.t.Helper()
	if !s.present("ExpectSelected", el) {
		return
	}
	if el.LocalName() != "select" {
		s.failf(el, "vdomtest: ExpectSelected(%s): a %s, not a select", describe(el), el.LocalName())
		return
	}
	got := []string{}
	for _, o := range el.SelectedOptions() {
		got = append(got, o.Value())
	}
	if want == nil {
		want = []string{}
	}
	if !slices.Equal(got, want) {
		s.failf(el, "vdomtest: ExpectSelected(%s): selected values mismatch (-want +got):\n%s", describe(el), cmp.Diff(want, got))
	}
}

// ExpectChecked asserts whether el is checked: a checkbox or radio input by
// its checkedness, another element by aria-checked="true" (a switch, a
// menuitemcheckbox). An element that can be neither fails the test.
func (s *Screen) ExpectChecked(el *vdom.Node, want bool) {
	s.t.Helper()
	if !s.present("ExpectChecked", el) {
		return
	}
	var got bool
	switch aria, hasARIA := el.GetAttribute("aria-checked"); {
	case el.LocalName() == "input" && (el.Type() == "checkbox" || el.Type() == "radio"):
		got = el.Checked()
	case hasARIA:
		got = strings.EqualFold(strings.TrimSpace(aria), "true")
	default:
		s.failf(el, "vdomtest: ExpectChecked(%s): not a checkbox or radio button, and no aria-checked", describe(el))
		return
	}
	if got != want {
		s.failf(el, "vdomtest: ExpectChecked(%s): checked is %t, want %t", describe(el), got, want)
	}
}

// ExpectDisabled asserts whether el is disabled as HTML says: a control
// with the disabled attribute or inside a disabled fieldset (outside its
// legend), an option in a disabled optgroup (vdom.Node.IsDisabled).
// aria-disabled does not count: it changes what a screen reader says, not
// what a user can do.
func (s *Screen) ExpectDisabled(el *vdom.Node, want bool) {
	s.t.Helper()
	if !s.present("ExpectDisabled", el) {
		return
	}
	if got := el.IsDisabled(); got != want {
		s.failf(el, "vdomtest: ExpectDisabled(%s): disabled is %t, want %t", describe(el), got, want)
	}
}

// ExpectRequired asserts whether el is required, as a screen reader is
// told (a11y.State.Required): a form control with the required attribute,
// or aria-required="true" on a role that takes it (jest-dom's
// toBeRequired).
func (s *Screen) ExpectRequired(el *vdom.Node, want bool) {
	s.t.Helper()
	if !s.present("ExpectRequired", el) {
		return
	}
	if got := a11y.States(el).Required; got != want {
		s.failf(el, "vdomtest: ExpectRequired(%s): required is %t, want %t", describe(el), got, want)
	}
}

// ExpectInvalid asserts whether el is invalid, as a screen reader is told
// (a11y.State.Invalid): aria-invalid, else a form control whose value as
// it stands fails its constraints; a text field that is only required and
// empty is not invalid until the user types, as in Chromium (jest-dom's
// toBeInvalid and toBeValid).
func (s *Screen) ExpectInvalid(el *vdom.Node, want bool) {
	s.t.Helper()
	if !s.present("ExpectInvalid", el) {
		return
	}
	if got := a11y.States(el).Invalid; got != want {
		s.failf(el, "vdomtest: ExpectInvalid(%s): invalid is %t, want %t", describe(el), got, want)
	}
}

// ExpectFocused asserts that el is the document's focused element.
func (s *Screen) ExpectFocused(el *vdom.Node) {
	s.t.Helper()
	if !s.present("ExpectFocused", el) {
		return
	}
	if got := s.document().ActiveElement(); got != el {
		s.failf(el, "vdomtest: ExpectFocused(%s): the focus is on %s", describe(el), describe(got))
	}
}

// ExpectAttribute asserts that el has the attribute name with the value
// want.
func (s *Screen) ExpectAttribute(el *vdom.Node, name, want string) {
	s.t.Helper()
	if !s.present("ExpectAttribute", el) {
		return
	}
	got, ok := el.GetAttribute(name)
	switch {
	case !ok:
		s.failf(el, "vdomtest: ExpectAttribute(%s, %q): no such attribute; want %q", describe(el), name, want)
	case got != want:
		s.failf(el, "vdomtest: ExpectAttribute(%s, %q): value mismatch (-want +got):\n%s", describe(el), name, cmp.Diff(want, got))
	}
}

// ExpectNoAttribute asserts that el does not have the attribute name.
func (s *Screen) ExpectNoAttribute(el *vdom.Node, name string) {
	s.t.Helper()
	if !s.present("ExpectNoAttribute", el) {
		return
	}
	if got, ok := el.GetAttribute(name); ok {
		s.failf(el, "vdomtest: ExpectNoAttribute(%s, %q): the attribute is there, with %q", describe(el), name, got)
	}
}

// ExpectClass asserts that el has every one of the classes.
func (s *Screen) ExpectClass(el *vdom.Node, classes ...string) {
	s.t.Helper()
	if !s.present("ExpectClass", el) {
		return
	}
	var missing []string
	for _, c := range classes {
		if !el.ClassList().Contains(c) {
			missing = append(missing, c)
		}
	}
	if len(missing) > 0 {
		s.failf(el, "vdomtest: ExpectClass(%s): missing %q; class=%q", describe(el), missing, el.ClassName())
	}
}

// ExpectNoClass asserts that el has none of the classes.
func (s *Screen) ExpectNoClass(el *vdom.Node, classes ...string) {
	s.t.Helper()
	if !s.present("ExpectNoClass", el) {
		return
	}
	var there []string
	for _, c := range classes {
		if el.ClassList().Contains(c) {
			there = append(there, c)
		}
	}
	if len(there) > 0 {
		s.failf(el, "vdomtest: ExpectNoClass(%s): has %q; class=%q", describe(el), there, el.ClassName())
	}
}

// present fails the test when el is nil.
func (s *Screen) present(assertion string, el *vdom.Node) bool {
	s.t.Helper()
	if el == nil {
		s.t.Fatalf("vdomtest: %s: no element (nil)", assertion)
		return false
	}
	return true
}

// ExpectFormValues asserts the entries a submission of form would send,
// without a submit button, as url.Values: a file is its file name. form
// may also be a control, for its form owner.
func (s *Screen) ExpectFormValues(form *vdom.Node, want url.Values) {
	s.t.Helper()
	entries, ok := s.formEntries("ExpectFormValues", form)
	if !ok {
		return
	}
	got := url.Values{}
	for _, e := range entries {
		v := e.Value
		if e.File != nil {
			v = e.File.Name
		}
		got.Add(e.Name, v)
	}
	if want == nil {
		want = url.Values{}
	}
	if d := cmp.Diff(want, got); d != "" {
		s.failf(form, "vdomtest: ExpectFormValues(%s): form values mismatch (-want +got):\n%s", describe(form), d)
	}
}

// ExpectFormEntries asserts the entry list a submission of form would send,
// without a submit button, in order, files with their name, type and
// content. form may also be a control, for its form owner.
func (s *Screen) ExpectFormEntries(form *vdom.Node, want []vdom.FormDataEntry) {
	s.t.Helper()
	got, ok := s.formEntries("ExpectFormEntries", form)
	if !ok {
		return
	}
	if d := cmp.Diff(want, got, cmpopts.EquateEmpty()); d != "" {
		s.failf(form, "vdomtest: ExpectFormEntries(%s): entries mismatch (-want +got):\n%s", describe(form), d)
	}
}

// FormEntries returns the entry list a submission of form (or of a
// control's form owner) would send without a submit button, and fails the
// test when there is no form.
func (s *Screen) FormEntries(form *vdom.Node) []vdom.FormDataEntry {
	s.t.Helper()
	entries, _ := s.formEntries("FormEntries", form)
	return entries
}

func (s *Screen) formEntries(assertion string, el *vdom.Node) ([]vdom.FormDataEntry, bool) {
	s.t.Helper()
	if !s.present(assertion, el) {
		return nil, false
	}
	form := el
	if el.LocalName() != "form" {
		if form = el.Form(); form == nil {
			s.failf(el, "vdomtest: %s(%s): neither a form nor a control of one", assertion, describe(el))
			return nil, false
		}
	}
	fd, err := vdom.NewFormData(form, nil)
	if err != nil {
		s.failf(form, "vdomtest: %s(%s): %v", assertion, describe(form), err)
		return nil, false
	}
	entries := []vdom.FormDataEntry{}
	for e := range fd.Entries() {
		entries = append(entries, e)
	}
	return entries, true
}
