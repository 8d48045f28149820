package selector

import (
	"strconv"
	"strings"

	"github.com/eventperk/eventperk-go/internal/htmltree"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Static is the State of a tree read as markup: every form control is in
// the state its attributes give it, as just after parsing, and nothing has
// focus. The queries of [Selector] without [Selector.WithState] use it. It
// follows HTML §4.16.3 with these approximations:
//
//   - :checked is the checked attribute of a checkbox or radio button
//     (when several radio buttons of a group have it, all match), and the
//     selectedness a select gives its options after parsing: in a select
//     that is not multiple, the last option with the selected attribute,
//     else for a drop-down box the first that is not disabled.
//   - :indeterminate is a radio button whose group (same name, same form
//     ancestor or form attribute) has no checked attribute, and a progress
//     element without a value attribute; a checkbox's indeterminate flag
//     exists only in a live document.
//   - :valid and :invalid check constraints of attributes only: a required
//     control whose value attribute (a textarea's text, a select's
//     selected option) is empty or that is unchecked; other constraints
//     (type, pattern, length, range, step) are left to the State of a
//     document. A form counts the controls inside it or naming it with a
//     form attribute.
//   - :in-range and :out-of-range compare the value attribute of number
//     inputs with their min and max, and of date and time inputs as
//     strings of the same length; range inputs are always in range (the
//     value sanitization clamps them).
//   - :default finds a form's default button among the submit buttons
//     inside it or naming it with a form attribute.
//   - :focus, :focus-within and :focus-visible never match, nor do :hover
//     and :active (there is no pointer).
var Static State = staticState{}

type staticState struct{}

func (staticState) Focus() (*html.Node, bool) { return nil, false }

// Is answers for one element; a query asks Static through the facts it
// keeps for its whole length (staticFacts).
func (staticState) Is(n *html.Node, pc PseudoClass) bool { return new(staticFacts).is(n, pc) }

// is is Static's answer, from the facts f finds once per tree.
func (f *staticFacts) is(n *html.Node, pc PseudoClass) bool {
	switch pc {
	case PseudoChecked:
		return f.checked(n)
	case PseudoIndeterminate:
		if n.DataAtom == atom.Progress {
			return !hasAttr(n, "value")
		}
		return inputType(n) == "radio" && !f.groupChecked(n)
	case PseudoDisabled:
		return actuallyDisabled(n)
	case PseudoValid, PseudoInvalid:
		var invalid bool
		switch n.DataAtom {
		case atom.Form, atom.Fieldset:
			invalid = f.hasInvalidControl(n)
		default:
			if !staticCandidate(n) {
				return false
			}
			invalid = f.valueMissing(n)
		}
		return invalid == (pc == PseudoInvalid)
	case PseudoInRange, PseudoOutOfRange:
		out, applies := staticRange(n)
		return applies && out == (pc == PseudoOutOfRange)
	case PseudoReadWrite:
		if n.DataAtom == atom.Input && !readonlyApplies(inputType(n)) {
			return false
		}
		return !hasAttr(n, "readonly") && !actuallyDisabled(n)
	case PseudoPlaceholderShown:
		if n.DataAtom == atom.Input && !placeholderApplies(inputType(n)) {
			return false
		}
		return hasAttr(n, "placeholder") && staticValue(n) == ""
	case PseudoDefault:
		switch n.DataAtom {
		case atom.Option:
			return hasAttr(n, "selected")
		case atom.Input:
			if t := inputType(n); t == "checkbox" || t == "radio" {
				return hasAttr(n, "checked")
			}
		}
		return isSubmitButton(n) && f.defaultButton(f.formOwner(n)) == n
	}
	return false
}

func (f *staticFacts) checked(n *html.Node) bool {
	if n.DataAtom == atom.Option {
		// The selectedness a freshly parsed select gives its options: a
		// select that is not multiple shows one, see findSelectedOption.
		sel := n.Parent
		if sel != nil && sel.DataAtom == atom.Optgroup && sel.Namespace == "" {
			sel = sel.Parent
		}
		if sel == nil || sel.DataAtom != atom.Select || sel.Namespace != "" || hasAttr(sel, "multiple") {
			return hasAttr(n, "selected")
		}
		return f.selectedOption(sel) == n
	}
	t := inputType(n)
	return (t == "checkbox" || t == "radio") && hasAttr(n, "checked")
}

// actuallyDisabled is HTML §4.16.3's "actually disabled", from attributes:
// a form control or fieldset with a disabled attribute or inside a disabled
// fieldset but not in its first legend (§4.10.18.5, §4.10.15), an optgroup
// with the attribute, an option with it or in a disabled optgroup, and, as
// in Chromium, an option of a disabled select.
func actuallyDisabled(n *html.Node) bool {
	if hasAttr(n, "disabled") {
		return true
	}
	switch n.DataAtom {
	case atom.Optgroup:
		return false
	case atom.Option:
		p := n.Parent
		if p != nil && p.DataAtom == atom.Optgroup && p.Namespace == "" {
			if hasAttr(p, "disabled") {
				return true
			}
			p = p.Parent
		}
		// Chromium also disables the options of a disabled select.
		return p != nil && p.DataAtom == atom.Select && p.Namespace == "" && actuallyDisabled(p)
	}
	for c, p := n, n.Parent; p != nil && p.Type == html.ElementNode; c, p = p, p.Parent {
		if p.DataAtom == atom.Fieldset && p.Namespace == "" && hasAttr(p, "disabled") && c != firstLegend(p) {
			return true
		}
	}
	return false
}

func firstLegend(fieldset *html.Node) *html.Node {
	for c := fieldset.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.DataAtom == atom.Legend && c.Namespace == "" {
			return c
		}
	}
	return nil
}

// staticCandidate reports whether n is a candidate for constraint
// validation (HTML §4.10.20.1): a submittable element that is not barred
// (by its type, readonly, disabled, or a datalist ancestor).
func staticCandidate(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Input:
		// Image buttons and readonly inputs of every type are barred, as
		// in Chromium.
		switch inputType(n) {
		case "hidden", "reset", "button", "image":
			return false
		}
		if hasAttr(n, "readonly") {
			return false
		}
	case atom.Button:
		if !isSubmitButton(n) {
			return false
		}
	case atom.Textarea:
		if hasAttr(n, "readonly") {
			return false
		}
	case atom.Select:
	default:
		return false
	}
	if actuallyDisabled(n) {
		return false
	}
	for p := n.Parent; p != nil; p = p.Parent {
		if p.DataAtom == atom.Datalist && p.Namespace == "" {
			return false
		}
	}
	return true
}

// valueMissing is "suffering from being missing" as far as
// attributes tell (HTML §4.10.5.3.4, §4.10.7, §4.10.11).
func (f *staticFacts) valueMissing(n *html.Node) bool {
	if !hasAttr(n, "required") || !requiredApplies(n) {
		return false
	}
	switch n.DataAtom {
	case atom.Select:
		sel := f.selectedOption(n)
		return sel == nil || sel == placeholderOption(n)
	case atom.Input:
		switch inputType(n) {
		case "checkbox":
			return !hasAttr(n, "checked")
		case "radio":
			return !f.groupChecked(n)
		case "file":
			return true // no file is ever selected in markup
		}
	}
	return staticValue(n) == ""
}

// staticValue is the value of an input (its value attribute, without line
// breaks as the sanitization of text fields does) or a textarea (its text).
func staticValue(n *html.Node) string {
	if n.DataAtom == atom.Textarea {
		var b strings.Builder
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.TextNode {
				b.WriteString(c.Data)
			}
		}
		return b.String()
	}
	v, _ := getAttr(n, "value")
	return stripNewlines(v)
}

func stripNewlines(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	return strings.NewReplacer("\r", "", "\n", "").Replace(s)
}

// listOptions yields the list of options of a select (HTML §4.10.7): its
// option children and the option children of its optgroup children.
func listOptions(sel *html.Node, yield func(*html.Node) bool) {
	for c := sel.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || c.Namespace != "" {
			continue
		}
		switch c.DataAtom {
		case atom.Option:
			if !yield(c) {
				return
			}
		case atom.Optgroup:
			for o := c.FirstChild; o != nil; o = o.NextSibling {
				if o.Type == html.ElementNode && o.DataAtom == atom.Option && o.Namespace == "" && !yield(o) {
					return
				}
			}
		}
	}
}

// findSelectedOption returns the option a freshly parsed select shows as
// selected: the last with a selected attribute or, for a drop-down box
// (no multiple, display size 1), the first option that is not disabled.
func findSelectedOption(sel *html.Node) *html.Node {
	var last, firstEnabled *html.Node
	listOptions(sel, func(o *html.Node) bool {
		if hasAttr(o, "selected") {
			last = o
		}
		if firstEnabled == nil && !actuallyDisabled(o) {
			firstEnabled = o
		}
		return true
	})
	if last != nil || !dropDown(sel) {
		return last
	}
	return firstEnabled
}

// dropDown reports whether a select has no multiple attribute and a
// display size of 1.
func dropDown(sel *html.Node) bool {
	if hasAttr(sel, "multiple") {
		return false
	}
	v, ok := getAttr(sel, "size")
	if !ok {
		return true
	}
	// The rules for parsing non-negative integers: leading whitespace,
	// then digits; anything after them is ignored.
	v = strings.TrimLeft(v, " \t\n\f\r")
	end := 0
	for end < len(v) && '0' <= v[end] && v[end] <= '9' {
		end++
	}
	size, err := strconv.Atoi(v[:end])
	return err != nil || size <= 1
}

// placeholderOption returns the placeholder label option of a select
// (HTML §4.10.7): for a required drop-down, its first option when that is
// a child of the select with an empty value.
func placeholderOption(sel *html.Node) *html.Node {
	if !dropDown(sel) {
		return nil
	}
	var first *html.Node
	listOptions(sel, func(o *html.Node) bool { first = o; return false })
	if first == nil || first.Parent != sel {
		return nil
	}
	if v, ok := getAttr(first, "value"); ok && v != "" || !ok && optionText(first) != "" {
		return nil
	}
	return first
}

// optionText is an option's text with ASCII whitespace stripped and
// collapsed, the value of an option without a value attribute.
func optionText(o *html.Node) string {
	var b strings.Builder
	for c := range o.Descendants() {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// staticRange returns whether an input whose type has a minimum and a
// maximum (number, range, date and time types) is out of range, and
// whether :in-range and :out-of-range apply at all: to candidates for
// constraint validation of those types, as Chromium matches them, whether
// or not min or max is set (HTML §4.16.3 asks for range limitations).
// Numbers are compared as numbers; dates and times as strings of the same
// length, which orders valid ones; a value that does not compare is in
// range.
func staticRange(n *html.Node) (out, applies bool) {
	if !staticCandidate(n) {
		return false, false
	}
	v, lo, hi := attrOf(n, "value"), attrOf(n, "min"), attrOf(n, "max")
	switch inputType(n) {
	case "range":
		return false, true // the value sanitization keeps it in range
	case "number":
		f, ok := parseNumber(v)
		if !ok {
			return false, true
		}
		l, hasLo := parseNumber(lo)
		h, hasHi := parseNumber(hi)
		return hasLo && f < l || hasHi && f > h, true
	case "date", "month", "week", "time", "datetime-local":
		below := lo != "" && len(lo) == len(v) && dateLike(v) && dateLike(lo) && v < lo
		above := hi != "" && len(hi) == len(v) && dateLike(v) && dateLike(hi) && v > hi
		return below || above, true
	}
	return false, false
}

// dateLike reports whether s is made of the characters of date and time
// strings and starts with a digit.
func dateLike(s string) bool {
	if s == "" || s[0] < '0' || s[0] > '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('0' <= c && c <= '9' || c == '-' || c == ':' || c == '.' || c == 'T' || c == 'W') {
			return false
		}
	}
	return true
}

func attrOf(n *html.Node, key string) string {
	v, _ := getAttr(n, key)
	return v
}

// parseNumber parses a valid floating-point number (HTML §2.3.4.3): an
// optional '-', digits with an optional fraction, an optional exponent.
func parseNumber(s string) (float64, bool) {
	if s == "" || s[0] == '+' || strings.ContainsAny(s, "xXpP_iInN") {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}

// readonlyApplies reports whether the readonly attribute applies to an
// input of type t (HTML §4.10.5.3.3).
func readonlyApplies(t string) bool {
	switch t {
	case "text", "search", "url", "tel", "email", "password", "date", "month", "week", "time",
		"datetime-local", "number":
		return true
	}
	return false
}

// placeholderApplies reports whether the placeholder attribute applies to
// an input of type t (HTML §4.10.5.3.10).
func placeholderApplies(t string) bool {
	switch t {
	case "text", "search", "url", "tel", "email", "password", "number":
		return true
	}
	return false
}

// isSubmitButton reports whether n is a submit button: a button whose
// type is submit (the default) or an input of type submit or image.
func isSubmitButton(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Button:
		v, _ := getAttr(n, "type")
		switch htmltree.LowerASCII(v) {
		case "reset", "button":
			return false
		}
		return true
	case atom.Input:
		t := inputType(n)
		return t == "submit" || t == "image"
	}
	return false
}

func treeRoot(n *html.Node) *html.Node {
	for n.Parent != nil {
		n = n.Parent
	}
	return n
}
