package selector

import (
	"math/bits"

	"github.com/eventperk/eventperk-go/internal/htmltree"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// This file holds the pseudo-classes that depend on the live state of a
// document rather than on its attributes (HTML §4.16.3, "Pseudo-classes"),
// the State interface through which a caller supplies that state, and the
// check a compound runs for them. A selector that uses none of them never
// reaches this code.

// PseudoClass names a pseudo-class whose outcome depends on state a
// document keeps apart from its attributes, or on focus.
type PseudoClass uint8

// The state pseudo-classes. [State.Is] is asked only about those marked
// "asked", and only for the elements listed; the others are decided by this
// package (see the package documentation for the table).
const (
	PseudoChecked          PseudoClass = iota + 1 // asked for input and option
	PseudoIndeterminate                           // asked for input and progress
	PseudoDisabled                                // asked for button, input, select, textarea, optgroup, option, fieldset
	PseudoEnabled                                 // the same elements when not PseudoDisabled
	PseudoRequired                                // from the required attribute
	PseudoOptional                                // input, select, textarea, button when not PseudoRequired
	PseudoValid                                   // asked for input, select, textarea, button, fieldset, form
	PseudoInvalid                                 // asked for the same elements as PseudoValid
	PseudoInRange                                 // asked for input
	PseudoOutOfRange                              // asked for input
	PseudoReadOnly                                // HTML elements that are not PseudoReadWrite
	PseudoReadWrite                               // asked for input and textarea; contenteditable from attributes
	PseudoPlaceholderShown                        // asked for input and textarea
	PseudoDefault                                 // asked for button, input, option
	PseudoFocus                                   // the element State.Focus returns
	PseudoFocusWithin                             // that element and its ancestors
	PseudoFocusVisible                            // that element when State.Focus says visible
	PseudoAnyLink                                 // a and area with href, and SVG a
	PseudoLink                                    // the same (nothing is visited)
	PseudoVisited                                 // never
	PseudoTarget                                  // asked for elements with an id, and a elements with a name
	PseudoUserValid                               // asked for input, select, textarea
	PseudoUserInvalid                             // asked for input, select, textarea
	PseudoHover                                   // PointerState's hovered element, its ancestors, labeled controls
	PseudoActive                                  // PointerState's active element, its ancestors, labeled controls
	numPseudo
)

var pseudoNames = [numPseudo]string{
	PseudoChecked: "checked", PseudoIndeterminate: "indeterminate",
	PseudoDisabled: "disabled", PseudoEnabled: "enabled",
	PseudoRequired: "required", PseudoOptional: "optional",
	PseudoValid: "valid", PseudoInvalid: "invalid",
	PseudoInRange: "in-range", PseudoOutOfRange: "out-of-range",
	PseudoReadOnly: "read-only", PseudoReadWrite: "read-write",
	PseudoPlaceholderShown: "placeholder-shown", PseudoDefault: "default",
	PseudoFocus: "focus", PseudoFocusWithin: "focus-within", PseudoFocusVisible: "focus-visible",
	PseudoAnyLink: "any-link", PseudoLink: "link", PseudoVisited: "visited",
	PseudoTarget: "target", PseudoUserValid: "user-valid", PseudoUserInvalid: "user-invalid",
	PseudoHover: "hover", PseudoActive: "active",
}

// statePseudo maps a lower-case pseudo-class name to its PseudoClass.
var statePseudo = func() map[string]PseudoClass {
	m := make(map[string]PseudoClass, numPseudo)
	for pc := PseudoClass(1); pc < numPseudo; pc++ {
		m[pseudoNames[pc]] = pc
	}
	m["-webkit-any-link"] = PseudoAnyLink // Chromium's older name, which it still accepts
	return m
}()

// String returns the pseudo-class as written in a selector, such as
// ":checked".
func (pc PseudoClass) String() string {
	if pc == 0 || pc >= numPseudo {
		return ":<invalid>"
	}
	return ":" + pseudoNames[pc]
}

// State supplies the live state of the elements of one tree: what the
// pseudo-classes of HTML §4.16.3 match, where an attribute would be out of
// date (the checkedness of a checkbox changes when it is clicked; its
// checked attribute does not). A document implements it, and passes it to
// queries through [Selector.WithState].
//
// Is reports whether the element n matches pc, following the definitions
// of HTML §4.16.3. It is called only for HTML elements, only for these
// pseudo-classes, and only for these elements (for any other element the
// answer is false without asking):
//
//   - PseudoChecked: input and option.
//   - PseudoIndeterminate: input and progress.
//   - PseudoDisabled: button, input, select, textarea, optgroup, option,
//     fieldset ("actually disabled"); PseudoEnabled is its negation for
//     these elements.
//   - PseudoValid, PseudoInvalid: input, select, textarea, button,
//     fieldset, form.
//   - PseudoInRange, PseudoOutOfRange: input (Chromium matches inputs of
//     the number, range, date and time types that are candidates for
//     constraint validation, with or without a min or max).
//   - PseudoReadWrite: input and textarea; PseudoReadOnly is its negation.
//     Editing hosts (contenteditable) are recognized by this package.
//   - PseudoPlaceholderShown: input and textarea (Chromium matches an
//     empty placeholder attribute too).
//   - PseudoDefault: button, input, option.
//   - PseudoTarget: elements (of any namespace) with an id attribute,
//     and HTML a elements with a name attribute: the candidates for the
//     document's target element, which HTML §7.4.6.3 finds by the URL's
//     fragment.
//   - PseudoUserValid, PseudoUserInvalid: input, select, textarea (HTML
//     §4.16.3: the control's user validity is true, it is a candidate
//     for constraint validation, and it satisfies its constraints, or
//     not).
//
// Focus returns the focused element (nil when none) and whether it
// matches :focus-visible. It is called at most once per query or Match,
// and only by selectors that use :focus, :focus-within or :focus-visible.
//
// The methods are called from the goroutine that runs the query, while it
// runs; they must not change the tree.
type State interface {
	Is(n *html.Node, pc PseudoClass) bool
	Focus() (focused *html.Node, visible bool)
}

// PointerState is a State that also knows the pointer, for :hover and
// :active (HTML §4.16.3; Selectors 4 §9.1). A State that does not
// implement it has no pointer: :hover and :active match nothing.
//
// Pointer returns the element the pointer is over (the element
// "designated" by the pointing device, nil when none) and the element
// being activated (the one a primary button went down on while it is
// held, nil otherwise). :hover matches the hovered element and its
// ancestors, :active the active element and its ancestors, and each also
// the labeled control of a label element that matches it, as HTML §4.16.3
// defines them. LabeledControl returns that control for a label element
// (nil when it has none); it is asked only about the HTML label elements
// among those ancestors. Pointer is called at most once per query or
// Match, and only by selectors that use :hover or :active.
type PointerState interface {
	State
	Pointer() (hovered, active *html.Node)
	LabeledControl(label *html.Node) *html.Node
}

// stateMask is a set of PseudoClass, one bit each.
type stateMask uint32

// liveCtx is the per-query side of state matching: the State and what was
// read from it once for the whole query.
type liveCtx struct {
	st State
	// focus has been read; focused and visible are its result.
	focusRead bool
	focused   *html.Node
	visible   bool
	// pointerRead is set once the pointer has been read; hover and
	// active are the elements that match :hover and :active.
	pointerRead   bool
	hover, active designated
	// within is focused and its ancestors, for :focus-within, once
	// withinRead is set.
	withinRead bool
	within     designated
	// editable remembers whether elements are editable (contenteditable),
	// so that :read-only over a deep page does not walk up from every
	// element: in tree order an element's parent is usually known.
	editable map[*html.Node]bool
	// langs, pragma and dirs remember languages and directions for
	// :lang() and :dir() (pseudo_own.go), which use this context without
	// ever calling the State.
	langs      map[*html.Node]langResult
	pragma     langResult
	pragmaRead bool
	dirs       map[*html.Node]byte
	// nthDone and nthPos number the children of a parent for
	// :nth-child(An+B of S), once per query.
	nthDone map[nthKey]bool
	nthPos  map[nthKey]int
	// static remembers what Static derived from whole trees.
	static *staticFacts
}

func (lv *liveCtx) focus() (*html.Node, bool) {
	if !lv.focusRead {
		lv.focusRead = true
		lv.focused, lv.visible = lv.st.Focus()
	}
	return lv.focused, lv.visible
}

// chainLen is the length of an ancestor chain (designated) from which
// :focus-within, :hover and :active look elements up in a map rather than
// a slice.
const chainLen = 32

// focusWithin reports whether n is the focused element or one of its
// ancestors (Selectors 4 §9.4). The chain is built once per query.
func (lv *liveCtx) focusWithin(n *html.Node) bool {
	f, _ := lv.focus()
	if f == nil {
		return false
	}
	if n == f {
		return true
	}
	if n.FirstChild == nil {
		return false
	}
	if !lv.withinRead {
		lv.withinRead = true
		for p := f; p != nil; p = p.Parent {
			lv.within.list = append(lv.within.list, p)
		}
		lv.within.index()
	}
	return lv.within.has(n)
}

// ask puts the question to the query's State. Static's answers come from
// whole trees, which the query's facts remember (staticFacts).
func (lv *liveCtx) ask(n *html.Node, pc PseudoClass) bool {
	if _, ok := lv.st.(staticState); ok {
		if lv.static == nil {
			lv.static = new(staticFacts)
		}
		return lv.static.is(n, pc)
	}
	return lv.st.Is(n, pc)
}

// matchState reports whether n matches every pseudo-class in m.
func (lv *liveCtx) matchState(n *html.Node, m stateMask) bool {
	for m != 0 {
		pc := PseudoClass(bits.TrailingZeros32(uint32(m)))
		m &^= 1 << pc
		if !lv.is(n, pc) {
			return false
		}
	}
	return true
}

// is decides one pseudo-class for the element n: the element kinds of
// HTML §4.16.3 here, the live part through the State.
func (lv *liveCtx) is(n *html.Node, pc PseudoClass) bool {
	switch pc {
	case PseudoFocus:
		f, _ := lv.focus()
		return f == n
	case PseudoFocusVisible:
		f, v := lv.focus()
		return v && f == n
	case PseudoFocusWithin:
		return lv.focusWithin(n)
	case PseudoHover, PseudoActive:
		lv.readPointer()
		if pc == PseudoHover {
			return lv.hover.has(n)
		}
		return lv.active.has(n)
	case PseudoAnyLink, PseudoLink:
		return isLink(n)
	case PseudoVisited:
		return false
	case PseudoTarget:
		if !hasAttr(n, "id") && !(n.Namespace == "" && n.DataAtom == atom.A && hasAttr(n, "name")) {
			return false
		}
		return lv.ask(n, pc)
	}
	if n.Namespace != "" {
		return false // every other definition names HTML elements
	}
	switch pc {
	case PseudoRequired:
		return isRequired(n)
	case PseudoOptional:
		// HTML §4.16.3 lists the input types the required attribute
		// applies to, select and textarea. Chromium matches every input,
		// select, textarea and button that is not :required, and so does
		// this package.
		switch n.DataAtom {
		case atom.Input, atom.Select, atom.Textarea, atom.Button:
			return !isRequired(n)
		}
		return false
	case PseudoEnabled:
		return disabledKind(n) && !lv.ask(n, PseudoDisabled)
	case PseudoReadOnly:
		return !lv.readWrite(n)
	case PseudoReadWrite:
		return lv.readWrite(n)
	}
	if !askedKind(n, pc) {
		return false
	}
	return lv.ask(n, pc)
}

// readWrite is :read-write: input and textarea as the State says, and
// editing hosts and editable elements from their contenteditable
// attributes.
func (lv *liveCtx) readWrite(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Input, atom.Textarea:
		return lv.ask(n, PseudoReadWrite)
	}
	return lv.isEditable(n)
}

// isEditable reports whether n is an editing host or editable (HTML
// §6.8.1): the nearest inclusive ancestor with a contenteditable attribute
// in the true or plaintext-only state, rather than the false state,
// decides. It walks up to the nearest element whose answer is known or
// decided by its own attribute, and remembers the answer for every
// element on the way that has children, so a query stays linear on deep
// pages.
func (lv *liveCtx) isEditable(n *html.Node) bool {
	if lv.editable == nil {
		lv.editable = make(map[*html.Node]bool)
	}
	v, p := false, n
	for ; p != nil && p.Type == html.ElementNode; p = p.Parent {
		if known, ok := lv.editable[p]; ok {
			v = known
			break
		}
		if own, decided := editableState(p); decided {
			v = own
			lv.editable[p] = v
			break
		}
	}
	for q := n; q != p; q = q.Parent {
		if q.FirstChild != nil { // only an element with children is ever asked about again, as an ancestor
			lv.editable[q] = v
		}
	}
	return v
}

// askedKind reports whether n is one of the elements State.Is is asked
// about for pc.
func askedKind(n *html.Node, pc PseudoClass) bool {
	a := n.DataAtom
	switch pc {
	case PseudoChecked:
		return a == atom.Input || a == atom.Option
	case PseudoIndeterminate:
		return a == atom.Input || a == atom.Progress
	case PseudoDisabled:
		return disabledKind(n)
	case PseudoValid, PseudoInvalid:
		switch a {
		case atom.Input, atom.Select, atom.Textarea, atom.Button, atom.Fieldset, atom.Form:
			return true
		}
	case PseudoInRange, PseudoOutOfRange:
		return a == atom.Input
	case PseudoPlaceholderShown:
		return a == atom.Input || a == atom.Textarea
	case PseudoDefault:
		return a == atom.Button || a == atom.Input || a == atom.Option
	case PseudoUserValid, PseudoUserInvalid:
		return a == atom.Input || a == atom.Select || a == atom.Textarea
	}
	return false
}

// disabledKind reports whether n is an element :enabled and :disabled
// apply to (HTML §4.16.3: button, input, select, textarea, optgroup,
// option, fieldset; form-associated custom elements are not supported).
func disabledKind(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Button, atom.Input, atom.Select, atom.Textarea, atom.Optgroup, atom.Option, atom.Fieldset:
		return true
	}
	return false
}

// isLink reports whether n is a link :link, :visited and :any-link apply
// to: an HTML a or area element with an href attribute (HTML §4.16.3), or
// an SVG a element with href or xlink:href (SVG 2 §16.2), as Chromium
// matches them too.
func isLink(n *html.Node) bool {
	switch n.Namespace {
	case "":
		return (n.DataAtom == atom.A || n.DataAtom == atom.Area) && hasAttr(n, "href")
	case "svg":
		if n.Data != "a" {
			return false
		}
		for i := range n.Attr {
			if a := &n.Attr[i]; a.Key == "href" && (a.Namespace == "" || a.Namespace == "xlink") {
				return true
			}
		}
	}
	return false
}

// isRequired is :required: an input of a type the required attribute
// applies to, a select or a textarea, with the attribute.
func isRequired(n *html.Node) bool {
	return requiredApplies(n) && hasAttr(n, "required")
}

// requiredApplies reports whether the required attribute applies to n: an
// input of a type it applies to, a select or a textarea.
func requiredApplies(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Select, atom.Textarea:
		return true
	case atom.Input:
		switch inputType(n) {
		case "hidden", "range", "color", "submit", "image", "reset", "button":
			return false
		}
		return true
	}
	return false
}

// editableState returns the state of n's own contenteditable attribute:
// decided is false for the inherit state (no attribute, or an invalid
// value).
func editableState(n *html.Node) (editable, decided bool) {
	v, ok := getAttr(n, "contenteditable")
	if !ok {
		return false, false
	}
	switch htmltree.LowerASCII(v) {
	case "", "true", "plaintext-only":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

// inputType returns the state of an input element's type attribute as its
// keyword (HTML §4.10.5): the ASCII-lowercased attribute value when it is
// one of the known types, "text" otherwise.
func inputType(n *html.Node) string {
	v, _ := getAttr(n, "type")
	switch t := htmltree.LowerASCII(v); t {
	case "hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week",
		"time", "datetime-local", "number", "range", "color", "checkbox", "radio", "file",
		"submit", "image", "reset", "button":
		return t
	}
	return "text"
}

func getAttr(n *html.Node, key string) (string, bool) {
	for i := range n.Attr {
		if a := &n.Attr[i]; a.Key == key && a.Namespace == "" {
			return a.Val, true
		}
	}
	return "", false
}

func hasAttr(n *html.Node, key string) bool {
	_, ok := getAttr(n, key)
	return ok
}
