package a11y

import (
	"strconv"

	"github.com/eventperk/eventperk-go/internal/htmltree"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// String returns the state's name: "undefined", "false", "true" or
// "mixed".
func (t Tristate) String() string {
	switch t {
	case False:
		return "false"
	case True:
		return "true"
	case Mixed:
		return "mixed"
	}
	return "undefined"
}

// States returns el's states.
//
// Each comes from the element's own semantics first and from the ARIA
// attribute where the element has none, as Chromium does (docs/a11y.md
// has the details): Checked from a
// checkbox's or radio's checkedness (Mixed for an indeterminate checkbox),
// else aria-checked on the roles that support it; Pressed from
// aria-pressed on buttons; Selected from an option's selectedness, else
// aria-selected; Expanded from a details' open attribute (on its summary)
// and a drop-down select (always collapsed here), else aria-expanded;
// Current from aria-current; Disabled from the element being actually
// disabled (a disabled attribute, a disabled fieldset around it, a
// disabled select around an option) or aria-disabled="true" on it, or on
// an ancestor when the element can take focus; Level from aria-level (1 to
// 9) or h1-h6 on headings, and the nesting depth of list items and tree
// items; Busy from aria-busy; Required from a form control's required
// attribute or aria-required; Invalid from aria-invalid or the control's
// constraints; ReadOnly from a text field's readonly attribute or
// aria-readonly (a read-only grid's cells too); HasPopup from
// aria-haspopup, a combobox's listbox and a drop-down select's menu;
// Focusable from vdom's focusability; Value from the aria-value
// attributes or a native range's value.
func States(el *vdom.Node) State {
	if el == nil || !el.IsElement() {
		return State{}
	}
	return statesOf(el, nil)
}

// statesOf is States, reading the ancestors through anc (nil: a walk up).
func statesOf(el *vdom.Node, anc *ancestry) State {
	h := el.HTML()
	up := upOf(anc, h)
	role := explicitRole(el, h, &up)
	if role == "" {
		role = styledRole(el.OwnerDocument(), nil, h, implicitRole(el, h, &up))
	}
	var s State
	s.Checked = checkedState(el, h, role)
	s.Pressed = pressedState(h, role)
	s.Selected = selectedState(el, h, role, &up)
	s.Expanded = expandedState(h, role)
	s.Current = currentState(h)
	s.Disabled = disabledState(el, h, &up)
	s.Level = levelState(h, role, &up)
	s.Busy = ariaTristate(h, "aria-busy", false) == True
	s.Required = requiredState(el, h, role)
	s.Invalid = invalidState(el, h)
	s.ReadOnly = readOnlyState(h, role, &up)
	s.HasPopup = hasPopupState(h, role)
	s.Focusable = focusableState(el, h, &up)
	if r, ok := rangeOf(el, h, role); ok {
		v := r // only a range allocates its value
		s.Value = &v
	}
	return s
}

// ariaTristate parses a true/false/mixed ARIA value; undefined for
// anything else.
func ariaTristate(h *html.Node, name string, mixedOK bool) Tristate {
	v, ok := attr(h, name)
	if !ok {
		return Undefined
	}
	v = htmltree.TrimSpace(v)
	switch {
	case htmltree.EqualFoldASCII(v, "true"):
		return True
	case htmltree.EqualFoldASCII(v, "false"):
		return False
	case mixedOK && htmltree.EqualFoldASCII(v, "mixed"):
		return Mixed
	}
	return Undefined
}

// ariaChecked parses aria-checked as Chromium does: absent, empty, false
// or undefined is false, mixed is mixed where allowed, any other value
// true.
func ariaChecked(h *html.Node, mixedOK bool) Tristate {
	v, ok := attr(h, "aria-checked")
	v = htmltree.TrimSpace(v)
	switch {
	case !ok, v == "", htmltree.EqualFoldASCII(v, "false"), htmltree.EqualFoldASCII(v, "undefined"):
		return False
	case htmltree.EqualFoldASCII(v, "mixed"):
		if mixedOK {
			return Mixed
		}
		return False
	}
	return True
}

func checkedState(el *vdom.Node, h *html.Node, role string) Tristate {
	if isHTML(h, atom.Input) {
		switch inputType(h) {
		case "checkbox":
			if el.Indeterminate() {
				return Mixed
			}
			if el.Checked() {
				return True
			}
			return False
		case "radio":
			if el.Checked() {
				return True
			}
			return False
		}
	}
	switch role {
	case "checkbox", "menuitemcheckbox", "switch":
		return ariaChecked(h, role != "switch")
	case "radio", "menuitemradio":
		return ariaChecked(h, false)
	case "option", "treeitem":
		return ariaTristate(h, "aria-checked", true)
	}
	return Undefined
}

func pressedState(h *html.Node, role string) Tristate {
	if role != "button" {
		return Undefined
	}
	v, ok := attr(h, "aria-pressed")
	v = htmltree.TrimSpace(v)
	switch {
	case !ok, v == "", htmltree.EqualFoldASCII(v, "undefined"):
		return Undefined
	case htmltree.EqualFoldASCII(v, "false"):
		return False
	case htmltree.EqualFoldASCII(v, "mixed"):
		return Mixed
	}
	// As for aria-checked, Chromium reads any other value as true.
	return True
}

func selectedState(el *vdom.Node, h *html.Node, role string, up *parentFacts) Tristate {
	if isHTML(h, atom.Option) && role == "option" {
		if optionDisabled(el, up) {
			// Chromium reports no selection state on an option that
			// cannot be selected.
			return Undefined
		}
		if el.Selected() {
			return True
		}
		return False
	}
	switch role {
	case "tab", "treeitem":
		// Chromium reports these unselected unless they say otherwise.
		if t := ariaTristate(h, "aria-selected", false); t != Undefined {
			return t
		}
		return False
	case "option":
		if t := ariaSelected(h); t != Undefined {
			return t
		}
		// An option of a single-selection listbox is unselected, ARIA
		// 1.2's default for aria-selected on options, unless the
		// listbox allows many or one of its options is marked selected
		// or checked: then Chromium reports nothing of the others.
		if lb := up.listbox(); lb != nil {
			if ariaTristate(lb, "aria-multiselectable", false) == True || up.listboxHasMarkedOption(lb) {
				return Undefined
			}
		}
		return False
	case "gridcell", "row", "columnheader", "rowheader":
		return ariaTristate(h, "aria-selected", false)
	}
	return Undefined
}

// ariaSelected parses aria-selected on an option as Chromium does: false
// is false, absent, empty or undefined is not set, any other value true.
func ariaSelected(h *html.Node) Tristate {
	v, ok := attr(h, "aria-selected")
	v = htmltree.TrimSpace(v)
	switch {
	case !ok, v == "", htmltree.EqualFoldASCII(v, "undefined"):
		return Undefined
	case htmltree.EqualFoldASCII(v, "false"):
		return False
	}
	return True
}

// listboxHasMarkedOption reports whether an option of the ARIA listbox lb
// is marked selected or checked: a walk of the listbox, remembered in an
// ancestry for the other options of a walk.
func (u *parentFacts) listboxHasMarkedOption(lb *html.Node) bool {
	if u.anc != nil {
		if v, ok := u.anc.marked[lb]; ok {
			return v
		}
	}
	found := false
	for n := lb.FirstChild; n != nil; n = htmltree.Next(n, lb) {
		if n.Type == html.ElementNode && explicitToken(n) == "option" &&
			(ariaSelected(n) == True || ariaChecked(n, true) == True) {
			found = true
			break
		}
	}
	if u.anc != nil {
		if u.anc.marked == nil {
			u.anc.marked = map[*html.Node]bool{}
		}
		u.anc.marked[lb] = found
	}
	return found
}

func expandedState(h *html.Node, role string) Tristate {
	if isHTML(h, atom.Summary) && role == "button" {
		if hasAttr(h.Parent, "open") {
			return True
		}
		return False
	}
	if isHTML(h, atom.Select) && role == "combobox" {
		// A drop-down select's popup is never open in a page without a
		// user at it; Chromium reports its own state over aria-expanded.
		return False
	}
	if supportsExpanded(role) {
		if t := ariaTristate(h, "aria-expanded", false); t != Undefined {
			return t
		}
	}
	return Undefined
}

// supportsExpanded reports the roles aria-expanded applies to (ARIA 1.2);
// Chromium ignores it elsewhere.
func supportsExpanded(role string) bool {
	switch role {
	case "application", "button", "checkbox", "columnheader", "combobox", "gridcell", "link",
		"listbox", "menuitem", "menuitemcheckbox", "menuitemradio", "row", "rowheader", "switch",
		"tab", "treeitem", "tree", "treegrid", "group", "menu", "menubar":
		return true
	}
	return false
}

func currentState(h *html.Node) string {
	v, ok := attr(h, "aria-current")
	if !ok {
		return ""
	}
	v = htmltree.LowerASCII(htmltree.TrimSpace(v))
	switch v {
	case "", "false":
		return ""
	case "page", "step", "location", "date", "time", "true":
		return v
	}
	// ARIA: an unknown value is treated as true.
	return "true"
}

func disabledState(el *vdom.Node, h *html.Node, up *parentFacts) bool {
	if el.IsDisabled() || isHTML(h, atom.Option) && optionDisabled(el, up) {
		return true
	}
	if ariaTristate(h, "aria-disabled", false) == True {
		return true
	}
	// An ancestor's aria-disabled disables what can take focus in it, as
	// in Chromium; other descendants keep their own state.
	if up.ariaDisabled() {
		return el.IsFocusable()
	}
	return false
}

// optionDisabled reports an option that is disabled itself, by its
// optgroup, or, as Chromium has it, by a disabled select around it.
func optionDisabled(el *vdom.Node, up *parentFacts) bool {
	if el.IsDisabled() {
		return true
	}
	if sel := up.selectEl(); sel != nil {
		return hasAttr(sel, "disabled")
	}
	return false
}

func levelState(h *html.Node, role string, up *parentFacts) int {
	switch role {
	case "heading":
		if v, ok := attr(h, "aria-level"); ok && v != "" {
			// As Chromium 148 reads it: 1 to 9 is the level, a value
			// that is no number of 1 or more is level 1, and a larger
			// number is ignored.
			n, ok := ariaLevel(h)
			if !ok {
				return 1
			}
			if n <= 9 {
				return n
			}
		}
		if h.Namespace == "" {
			switch h.DataAtom {
			case atom.H1:
				return 1
			case atom.H2:
				return 2
			case atom.H3:
				return 3
			case atom.H4:
				return 4
			case atom.H5:
				return 5
			case atom.H6:
				return 6
			}
		}
		// ARIA: a heading without a level is level 2.
		return 2
	case "listitem":
		if n, ok := ariaLevel(h); ok {
			return n
		}
		// As Chromium reports it: the number of lists around the item.
		return max(int(up.lists()), 1)
	case "treeitem":
		if n, ok := ariaLevel(h); ok {
			return n
		}
		// As Chromium counts it: one more than the groups between the
		// item and its tree.
		return int(up.groups()) + 1
	case "row":
		if n, ok := ariaLevel(h); ok {
			return n
		}
	case "comment":
		if n, ok := ariaLevel(h); ok {
			return n
		}
		return 1
	}
	return 0
}

// ariaLevel parses aria-level as Chromium does, by its leading digits
// ("3.5" is 3); a value that is not a positive integer is no level.
func ariaLevel(h *html.Node) (int, bool) {
	v, ok := attr(h, "aria-level")
	if !ok {
		return 0, false
	}
	v = htmltree.TrimSpace(v)
	i := 0
	if i < len(v) && v[i] == '+' {
		i++
	}
	j := i
	for j < len(v) && '0' <= v[j] && v[j] <= '9' {
		j++
	}
	n, err := strconv.Atoi(v[i:j])
	if err != nil || n < 1 {
		return 0, false
	}
	return n, true
}

// requiredState: the required attribute of an input, select or textarea
// whose type takes it (HTML §4.10.5.3.4), else aria-required="true" on the
// roles that support it (ARIA 1.2).
func requiredState(el *vdom.Node, h *html.Node, role string) bool {
	if h.Namespace == "" {
		switch h.DataAtom {
		case atom.Input:
			switch inputType(h) {
			case "hidden", "range", "color", "submit", "reset", "button", "image":
				return false
			}
			if hasAttr(h, "required") {
				return true
			}
		case atom.Select, atom.Textarea:
			if hasAttr(h, "required") {
				return true
			}
		}
	}
	switch role {
	case "checkbox", "combobox", "gridcell", "listbox", "radiogroup", "spinbutton", "textbox",
		"searchbox", "tree", "treegrid", "columnheader", "rowheader", "switch":
		return ariaTristate(h, "aria-required", false) == True
	}
	return false
}

// invalidState: aria-invalid with any value but false (or empty or
// undefined, which count as absent), as Chromium reads it; else, for a
// form control that takes part in constraint validation, whether it fails
// them. Chromium does not report a text field invalid only for being
// required and empty, before the user has typed in it.
func invalidState(el *vdom.Node, h *html.Node) bool {
	if v, ok := attr(h, "aria-invalid"); ok {
		v = htmltree.TrimSpace(v)
		if htmltree.EqualFoldASCII(v, "false") {
			return false
		}
		if v != "" && !htmltree.EqualFoldASCII(v, "undefined") {
			return true
		}
	}
	if h.Namespace != "" {
		return false
	}
	switch h.DataAtom {
	case atom.Input, atom.Select, atom.Textarea:
	default:
		return false
	}
	if !el.WillValidate() {
		return false
	}
	v := el.Validity()
	if v.Valid {
		return false
	}
	if v.ValueMissing && textEntry(h) && !(v.TypeMismatch || v.PatternMismatch || v.TooLong || v.TooShort ||
		v.RangeUnderflow || v.RangeOverflow || v.StepMismatch || v.BadInput || v.CustomError) {
		return false
	}
	return true
}

// textEntry reports a control a user types text into: a textarea and the
// input types of text, numbers and dates.
func textEntry(h *html.Node) bool {
	if isHTML(h, atom.Textarea) {
		return true
	}
	if !isHTML(h, atom.Input) {
		return false
	}
	switch inputType(h) {
	case "text", "search", "url", "tel", "email", "password", "number", "date", "month", "week",
		"time", "datetime-local":
		return true
	}
	return false
}

// readOnlyState: the readonly attribute of a text field (Chromium lets it
// win over aria-readonly="false"), else aria-readonly="true" on the roles
// that support it, and a cell of a grid or treegrid that is read-only.
func readOnlyState(h *html.Node, role string, up *parentFacts) bool {
	if textEntry(h) && hasAttr(h, "readonly") {
		return true
	}
	switch role {
	case "checkbox", "combobox", "grid", "gridcell", "listbox", "radiogroup", "slider", "spinbutton",
		"textbox", "searchbox", "treegrid", "columnheader", "rowheader", "switch",
		"menuitemcheckbox", "menuitemradio":
		if t := ariaTristate(h, "aria-readonly", false); t != Undefined {
			return t == True
		}
	}
	switch role {
	case "gridcell", "columnheader", "rowheader":
		return up.readOnlyGrid()
	}
	return false
}

// hasPopupState: aria-haspopup's token (true is menu), else the popup a
// combobox opens (a listbox) and the menu of a drop-down select.
func hasPopupState(h *html.Node, role string) string {
	if v, ok := attr(h, "aria-haspopup"); ok {
		v = htmltree.LowerASCII(htmltree.TrimSpace(v))
		switch v {
		case "true":
			return "menu"
		case "menu", "listbox", "tree", "grid", "dialog":
			return v
		}
	}
	if role == "combobox" {
		if isHTML(h, atom.Select) {
			return "menu"
		}
		return "listbox"
	}
	return ""
}

// focusableState is vdom's IsFocusable, read only for the elements that
// may take focus (a tabindex, or a kind that takes focus), so that most
// elements cost no walk up; an option of a select is focusable and an
// iframe is not, as Chromium reports them (focus goes into the frame's
// document).
func focusableState(el *vdom.Node, h *html.Node, up *parentFacts) bool {
	if isHTML(h, atom.Option) {
		return up.selectEl() != nil
	}
	if isHTML(h, atom.Iframe) || !mayFocus(h) {
		return false
	}
	return el.IsFocusable()
}

// mayFocus reports whether h has a tabindex or is of a kind that takes
// focus: a necessary condition of vdom's focusability.
func mayFocus(h *html.Node) bool {
	if hasAttr(h, "tabindex") || hasAttr(h, "contenteditable") {
		return true
	}
	if h.Namespace != "" {
		return false
	}
	switch h.DataAtom {
	case atom.A, atom.Area, atom.Button, atom.Select, atom.Textarea, atom.Input, atom.Audio, atom.Video,
		atom.Summary, atom.Dialog:
		// A dialog takes focus() when rendered, as vdom and Chromium
		// have it: a closed one only when an author's display shows it.
		return true
	}
	return false
}
