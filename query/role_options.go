package query

import (
	"fmt"
	"strings"

	"github.com/eventperk/eventperk-go/a11y"
	"github.com/eventperk/eventperk-go/vdom"
)

// A RoleOption narrows ByRole: Name, NameFunc, Description,
// DescriptionFunc, IncludeHidden, QueryFallbacks, Level, Checked, Mixed,
// Pressed, Selected, Expanded, Current, Disabled, Busy, Required, Invalid,
// ReadOnly, HasPopup, Focusable, ValueNow, ValueMin, ValueMax, ValueText,
// Selector. Giving the same option twice (or Checked with Mixed) makes the
// query return an error wrapping ErrBadQuery, as does a state the role
// does not have (Checked on a button, ValueNow on a link), as Testing
// Library refuses it.
type RoleOption interface {
	applyRole(c *roleConfig)
}

type roleOptionFunc func(c *roleConfig)

func (f roleOptionFunc) applyRole(c *roleConfig) { f(c) }

// roleConfig is what the options of a role query ask for.
type roleConfig struct {
	name, desc    *textSpec
	includeHidden bool
	fallbacks     bool
	level         int
	checked       *a11y.Tristate
	pressed       *a11y.Tristate
	selected      *a11y.Tristate
	expanded      *a11y.Tristate
	current       *string
	disabled      *bool
	busy          *bool
	required      *bool
	invalid       *bool
	readOnly      *bool
	hasPopup      *string
	focusable     *bool
	valueNow      *float64
	valueMin      *float64
	valueMax      *float64
	valueText     *textSpec
	selector      *optString // Selector
	given         []string   // the options, in order, to find those given twice
}

// textSpec is a Name or Description option before it is checked.
type textSpec struct {
	m     matcher
	modes []MatchMode
	err   error
}

// set records that the option name was given.
func (c *roleConfig) set(name string) { c.given = append(c.given, name) }

// Name keeps the elements whose accessible name (a11y.Name) matches text:
// exactly after white space is normalised, or by the MatchMode given.
func Name(text string, mode ...MatchMode) RoleOption {
	return roleOptionFunc(func(c *roleConfig) {
		c.set("Name")
		c.name = &textSpec{m: matcher{text: text}, modes: mode}
	})
}

// NameFunc keeps the elements for which f returns true, given their
// normalised accessible name; desc describes f in errors. f must not
// change the tree: a query reads what decides names once per walk.
func NameFunc(desc string, f func(name string, el *vdom.Node) bool) RoleOption {
	return roleOptionFunc(func(c *roleConfig) {
		c.set("Name")
		m, err := funcMatcher("NameFunc", desc, f)
		c.name = &textSpec{m: m, err: err}
	})
}

// Description keeps the elements whose accessible description
// (a11y.Description) matches text, as Name does for names.
func Description(text string, mode ...MatchMode) RoleOption {
	return roleOptionFunc(func(c *roleConfig) {
		c.set("Description")
		c.desc = &textSpec{m: matcher{text: text}, modes: mode}
	})
}

// DescriptionFunc keeps the elements for which f returns true, given their
// normalised accessible description; desc describes f in errors. As with
// NameFunc, f must not change the tree.
func DescriptionFunc(desc string, f func(description string, el *vdom.Node) bool) RoleOption {
	return roleOptionFunc(func(c *roleConfig) {
		c.set("Description")
		m, err := funcMatcher("DescriptionFunc", desc, f)
		c.desc = &textSpec{m: m, err: err}
	})
}

// IncludeHidden also finds elements excluded from the accessibility tree
// (Testing Library's hidden: true).
func IncludeHidden() RoleOption {
	return roleOptionFunc(func(c *roleConfig) { c.set("IncludeHidden"); c.includeHidden = true })
}

// QueryFallbacks matches an element whose role attribute holds the role
// in any of its tokens, not only the token that gives its role: with it,
// ByRole("button") finds role="switch button" (Testing Library's
// queryFallbacks).
func QueryFallbacks() RoleOption {
	return roleOptionFunc(func(c *roleConfig) { c.set("QueryFallbacks"); c.fallbacks = true })
}

// Level keeps the elements at level n: headings (h1 to h6, aria-level;
// 2 for a heading role without one), list items (how deep their list is
// nested, or aria-level), and tree items, rows and comments with
// aria-level. n must be 1 or more.
func Level(n int) RoleOption {
	return roleOptionFunc(func(c *roleConfig) { c.set("Level"); c.level = n })
}

// Checked keeps checked (true) or unchecked (false) checkboxes, radio
// buttons, switches, options and menu items; an indeterminate or
// aria-checked="mixed" element is neither (see Mixed).
func Checked(on bool) RoleOption {
	return roleOptionFunc(func(c *roleConfig) { c.set("Checked"); c.checked = tri(on) })
}

// Mixed keeps the elements whose checked state is mixed: indeterminate
// checkboxes and aria-checked="mixed".
func Mixed() RoleOption {
	return roleOptionFunc(func(c *roleConfig) {
		c.set("Checked")
		m := a11y.Mixed
		c.checked = &m
	})
}

// Pressed keeps toggle buttons that are pressed (true) or not (false),
// by aria-pressed; a button without aria-pressed is neither.
func Pressed(on bool) RoleOption {
	return roleOptionFunc(func(c *roleConfig) { c.set("Pressed"); c.pressed = tri(on) })
}

// Selected keeps selected (true) or unselected (false) options, tabs,
// rows, cells and tree items.
func Selected(on bool) RoleOption {
	return roleOptionFunc(func(c *roleConfig) { c.set("Selected"); c.selected = tri(on) })
}

// Expanded keeps expanded (true) or collapsed (false) elements: by
// aria-expanded, and the summary of an open or closed details; an element
// that is neither expandable nor collapsible is neither.
func Expanded(on bool) RoleOption {
	return roleOptionFunc(func(c *roleConfig) { c.set("Expanded"); c.expanded = tri(on) })
}

// Current keeps the elements whose aria-current is token ("page", "step",
// "location", "date", "time" or "true"); Current("") keeps those that are
// not current (no aria-current, or "false").
func Current(token string) RoleOption {
	return roleOptionFunc(func(c *roleConfig) { c.set("Current"); c.current = &token })
}

// Disabled keeps disabled (true) or enabled (false) elements: disabled
// form controls, the controls of a disabled fieldset, and aria-disabled.
func Disabled(on bool) RoleOption {
	return roleOptionFunc(func(c *roleConfig) { c.set("Disabled"); c.disabled = &on })
}

// Busy keeps the elements that are busy (true: aria-busy="true") or not
// (false), Testing Library's busy.
func Busy(on bool) RoleOption {
	return roleOptionFunc(func(c *roleConfig) { c.set("Busy"); c.busy = &on })
}

// Required keeps required (true) or optional (false) elements: form
// controls with the required attribute, aria-required="true".
func Required(on bool) RoleOption {
	return roleOptionFunc(func(c *roleConfig) { c.set("Required"); c.required = &on })
}

// Invalid keeps invalid (true) or valid (false) elements: aria-invalid,
// else a form control that fails its constraints as its value stands (a
// text field that is only required and empty is not invalid, as in
// Chromium, until the user types).
func Invalid(on bool) RoleOption {
	return roleOptionFunc(func(c *roleConfig) { c.set("Invalid"); c.invalid = &on })
}

// ReadOnly keeps read-only (true) or editable (false) elements: text
// fields with the readonly attribute, aria-readonly="true", the cells of a
// read-only grid.
func ReadOnly(on bool) RoleOption {
	return roleOptionFunc(func(c *roleConfig) { c.set("ReadOnly"); c.readOnly = &on })
}

// HasPopup keeps the elements that open a popup of the kind given:
// "menu" (aria-haspopup="true" or "menu", a drop-down select), "listbox"
// (a combobox), "tree", "grid" or "dialog"; "" or "false" keeps those that
// open none.
func HasPopup(kind string) RoleOption {
	return roleOptionFunc(func(c *roleConfig) { c.set("HasPopup"); c.hasPopup = &kind })
}

// Focusable keeps the elements that can take focus (true) or cannot
// (false), as a11y.State.Focusable says.
func Focusable(on bool) RoleOption {
	return roleOptionFunc(func(c *roleConfig) { c.set("Focusable"); c.focusable = &on })
}

// ValueNow keeps the ranges (sliders, spin buttons, progress bars, meters,
// scroll bars, focusable separators) whose current value is v:
// aria-valuenow or the control's value. Testing Library's value.now.
func ValueNow(v float64) RoleOption {
	return roleOptionFunc(func(c *roleConfig) { c.set("ValueNow"); c.valueNow = &v })
}

// ValueMin keeps the ranges whose minimum is v (value.min).
func ValueMin(v float64) RoleOption {
	return roleOptionFunc(func(c *roleConfig) { c.set("ValueMin"); c.valueMin = &v })
}

// ValueMax keeps the ranges whose maximum is v (value.max).
func ValueMax(v float64) RoleOption {
	return roleOptionFunc(func(c *roleConfig) { c.set("ValueMax"); c.valueMax = &v })
}

// ValueText keeps the ranges whose aria-valuetext (a number field's text)
// matches text, exactly after white space is normalised or by the
// MatchMode given (value.text).
func ValueText(text string, mode ...MatchMode) RoleOption {
	return roleOptionFunc(func(c *roleConfig) {
		c.set("ValueText")
		c.valueText = &textSpec{m: matcher{text: text}, modes: mode}
	})
}

func tri(on bool) *a11y.Tristate {
	t := a11y.False
	if on {
		t = a11y.True
	}
	return &t
}

// check validates the options of a query for role.
func (c *roleConfig) check(what, role string) error {
	seen := map[string]bool{}
	for _, g := range c.given {
		if seen[g] {
			if g == "Checked" {
				return errorf(what, "the checked state is given twice (Checked or Mixed)")
			}
			return errorf(what, "option %s is given twice", g)
		}
		seen[g] = true
	}
	for _, sp := range []struct {
		opt  string
		spec *textSpec
	}{{"Name", c.name}, {"Description", c.desc}, {"ValueText", c.valueText}} {
		if sp.spec == nil {
			continue
		}
		if sp.spec.err != nil {
			return sp.spec.err
		}
		if sp.spec.m.mode != modeFunc {
			m, err := newMatcher(what+" "+sp.opt, sp.spec.m.text, sp.spec.modes)
			if err != nil {
				return err
			}
			sp.spec.m = m
		}
	}
	if err := checkSelector(what, c.selector); err != nil {
		return err
	}
	if seen["Level"] && c.level < 1 {
		return errorf(what, "Level(%d): levels start at 1", c.level)
	}
	if c.hasPopup != nil {
		kind := *c.hasPopup
		switch kind {
		case "true":
			kind = "menu"
		case "false":
			kind = ""
		case "", "menu", "listbox", "tree", "grid", "dialog":
		default:
			return errorf(what, "HasPopup(%q): not a kind of popup; want menu, listbox, tree, grid, dialog or \"\"", kind)
		}
		c.hasPopup = &kind
	}
	for _, st := range []struct {
		opt, attr string
		on        bool
	}{
		{"Checked", "aria-checked", c.checked != nil},
		{"Pressed", "aria-pressed", c.pressed != nil},
		{"Selected", "aria-selected", c.selected != nil},
		{"Expanded", "aria-expanded", c.expanded != nil},
		{"Level", "aria-level", seen["Level"]},
		{"ValueNow", "aria-valuenow", c.valueNow != nil},
		{"ValueMin", "aria-valuenow", c.valueMin != nil},
		{"ValueMax", "aria-valuenow", c.valueMax != nil},
		{"ValueText", "aria-valuenow", c.valueText != nil},
	} {
		if !st.on || stateRoles[st.attr][role] {
			continue
		}
		return errorf(what, "%s does not apply: no element of role %q has %s; it is a state of %s",
			st.opt, role, st.attr, strings.Join(sortedKeys(stateRoles[st.attr]), ", "))
	}
	return nil
}

// roleWalk is what the elements of one walk of a role query share: the
// tree does not change during the walk. The cache reads each ancestor
// once for roles, states and hiddenness, and as the walk goes in tree
// order, an element's name is computed after the names of the elements
// around it, whose content held it: the cache reuses that work too.
type roleWalk struct {
	cache a11y.Cache
}

// keep applies the filters after the role, cheapest first: states (a
// few attributes), the selector, hidden (the ancestors, each read once per walk), name,
// description (the accname computation).
func (c *roleConfig) keep(el *vdom.Node, w *roleWalk) bool {
	if c.asksStates() {
		st := w.cache.States(el)
		switch {
		case c.level > 0 && st.Level != c.level,
			c.checked != nil && st.Checked != *c.checked,
			c.pressed != nil && st.Pressed != *c.pressed,
			c.selected != nil && st.Selected != *c.selected,
			c.expanded != nil && st.Expanded != *c.expanded,
			c.current != nil && normalizeCurrent(st.Current) != normalizeCurrent(*c.current),
			c.disabled != nil && st.Disabled != *c.disabled,
			c.busy != nil && st.Busy != *c.busy,
			c.required != nil && st.Required != *c.required,
			c.invalid != nil && st.Invalid != *c.invalid,
			c.readOnly != nil && st.ReadOnly != *c.readOnly,
			c.hasPopup != nil && st.HasPopup != *c.hasPopup,
			c.focusable != nil && st.Focusable != *c.focusable,
			!c.keepValue(st.Value, el):
			return false
		}
	}
	if c.selector != nil {
		// The selector compiled when the query was built.
		if ok, _ := el.Matches(c.selector.val); !ok {
			return false
		}
	}
	if !c.includeHidden && w.cache.IsHidden(el) {
		return false
	}
	if c.name != nil && !c.name.m.match(w.cache.Name(el), el) {
		return false
	}
	if c.desc != nil && !c.desc.m.match(w.cache.Description(el), el) {
		return false
	}
	return true
}

// asksStates reports whether a state option was given.
func (c *roleConfig) asksStates() bool {
	return c.level > 0 || c.checked != nil || c.pressed != nil || c.selected != nil ||
		c.expanded != nil || c.current != nil || c.disabled != nil || c.busy != nil ||
		c.required != nil || c.invalid != nil || c.readOnly != nil || c.hasPopup != nil ||
		c.focusable != nil || c.valueNow != nil || c.valueMin != nil || c.valueMax != nil ||
		c.valueText != nil
}

// keepValue applies ValueNow, ValueMin, ValueMax and ValueText to a
// range's value (nil for an element that is not a range, which none of
// them keeps).
func (c *roleConfig) keepValue(v *a11y.Range, el *vdom.Node) bool {
	if c.valueNow == nil && c.valueMin == nil && c.valueMax == nil && c.valueText == nil {
		return true
	}
	switch {
	case v == nil,
		c.valueNow != nil && (!v.HasNow || v.Now != *c.valueNow),
		c.valueMin != nil && v.Min != *c.valueMin,
		c.valueMax != nil && v.Max != *c.valueMax,
		c.valueText != nil && !c.valueText.m.match(v.Text, el):
		return false
	}
	return true
}

// normalizeCurrent makes "false" the same as not current.
func normalizeCurrent(tok string) string {
	if tok == "false" {
		return ""
	}
	return tok
}

// describe writes the options after the role.
func (c *roleConfig) describe(b *strings.Builder) {
	if c.name != nil {
		b.WriteString(" with name " + c.name.m.String())
	}
	if c.desc != nil {
		if c.name != nil {
			b.WriteString(" and")
		} else {
			b.WriteString(" with")
		}
		b.WriteString(" description " + c.desc.m.String())
	}
	var st []string
	if c.level > 0 {
		st = append(st, fmt.Sprintf("level %d", c.level))
	}
	st = appendTri(st, c.checked, "checked", "not checked")
	st = appendTri(st, c.pressed, "pressed", "not pressed")
	st = appendTri(st, c.selected, "selected", "not selected")
	st = appendTri(st, c.expanded, "expanded", "collapsed")
	if c.current != nil {
		if normalizeCurrent(*c.current) == "" {
			st = append(st, "not current")
		} else {
			st = append(st, "current "+quote(*c.current))
		}
	}
	if c.disabled != nil {
		st = append(st, map[bool]string{true: "disabled", false: "enabled"}[*c.disabled])
	}
	st = appendBool(st, c.busy, "busy", "not busy")
	st = appendBool(st, c.required, "required", "not required")
	st = appendBool(st, c.invalid, "invalid", "valid")
	st = appendBool(st, c.readOnly, "read-only", "not read-only")
	if c.hasPopup != nil {
		if *c.hasPopup == "" {
			st = append(st, "opening no popup")
		} else {
			st = append(st, "opening a "+*c.hasPopup)
		}
	}
	st = appendBool(st, c.focusable, "focusable", "not focusable")
	if c.valueNow != nil {
		st = append(st, fmt.Sprintf("value now %v", *c.valueNow))
	}
	if c.valueMin != nil {
		st = append(st, fmt.Sprintf("value min %v", *c.valueMin))
	}
	if c.valueMax != nil {
		st = append(st, fmt.Sprintf("value max %v", *c.valueMax))
	}
	if c.valueText != nil {
		st = append(st, "value text "+c.valueText.m.String())
	}
	if c.selector != nil {
		st = append(st, "matching "+quote(c.selector.val))
	}
	if c.includeHidden {
		st = append(st, "hidden ones included")
	}
	if c.fallbacks {
		st = append(st, "fallback roles included")
	}
	if len(st) > 0 {
		b.WriteString(" (" + strings.Join(st, ", ") + ")")
	}
}

func appendBool(st []string, b *bool, yes, no string) []string {
	switch {
	case b == nil:
		return st
	case *b:
		return append(st, yes)
	}
	return append(st, no)
}

func appendTri(st []string, t *a11y.Tristate, yes, no string) []string {
	switch {
	case t == nil:
		return st
	case *t == a11y.Mixed:
		return append(st, "mixed")
	case *t == a11y.True:
		return append(st, yes)
	}
	return append(st, no)
}
