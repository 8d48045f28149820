package a11y

import "github.com/eventperk/eventperk-go/vdom"

// Role returns el's role: the first token of its role attribute that names
// a non-abstract ARIA role, else its implicit role (ImplicitRole). It
// returns "" for nodes that are not elements.
func Role(el *vdom.Node) string { panic("a11y.Role: not yet implemented") }

// ImplicitRole returns the role HTML-AAM gives el's element type, as
// Chromium computes it ("generic" for div and span, "" for elements with no
// role mapping).
func ImplicitRole(el *vdom.Node) string { panic("a11y.ImplicitRole: not yet implemented") }

// Name returns el's accessible name (accname 1.2 with HTML-AAM's rules).
func Name(el *vdom.Node) string { panic("a11y.Name: not yet implemented") }

// Description returns el's accessible description.
func Description(el *vdom.Node) string { panic("a11y.Description: not yet implemented") }

// IsHidden reports whether el is excluded from the accessibility tree:
// it or an ancestor has the hidden attribute, aria-hidden="true", an inline
// display:none or visibility:hidden, or is not rendered (head, script,
// template, the content of a closed details, ...).
func IsHidden(el *vdom.Node) bool { panic("a11y.IsHidden: not yet implemented") }

// Tristate is the value of an ARIA state that may be absent, false, true or
// mixed.
type Tristate uint8

// The values of a Tristate.
const (
	Undefined Tristate = iota // the state does not apply or is not set
	False
	True
	Mixed
)

// State is the set of ARIA states of an element that role queries filter
// on.
type State struct {
	Checked  Tristate // checkboxes, radios, switches, aria-checked; Mixed for indeterminate
	Pressed  Tristate // aria-pressed
	Selected Tristate // options (selectedness), aria-selected
	Expanded Tristate // aria-expanded, an open details' summary
	Current  string   // aria-current's token ("page", "step", "true", ...), "" when false or absent
	Disabled bool     // disabled controls (vdom.Node.IsDisabled) and aria-disabled
	Level    int      // headings (h1-h6, aria-level), tree items, 0 when none
}

// States returns el's states.
func States(el *vdom.Node) State { panic("a11y.States: not yet implemented") }
