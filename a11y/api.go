package a11y

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

// State is the set of ARIA states and properties of an element that role
// queries filter on and tests assert.
type State struct {
	Checked  Tristate // checkboxes, radios, switches, aria-checked; Mixed for indeterminate
	Pressed  Tristate // aria-pressed
	Selected Tristate // options (selectedness), aria-selected
	Expanded Tristate // aria-expanded, an open details' summary
	Current  string   // aria-current's token ("page", "step", "true", ...), "" when false or absent
	Disabled bool     // disabled controls (vdom.Node.IsDisabled) and aria-disabled
	Level    int      // headings (h1-h6, aria-level), tree items, 0 when none

	Busy      bool   // aria-busy="true"
	Required  bool   // a required form control, aria-required="true"
	Invalid   bool   // aria-invalid (any value but false), a form control failing its constraints
	ReadOnly  bool   // a read-only text field, aria-readonly="true", a cell of a read-only grid
	HasPopup  string // the popup an element opens: "menu", "listbox", "tree", "grid", "dialog", or ""
	Focusable bool   // the element can take focus (vdom.Node.IsFocusable, as Chromium reports it)
	// Value is the value of a range (a slider, spin button, progress
	// bar, meter, scroll bar or focusable separator), nil for any other
	// element.
	Value *Range
}
