package vdom

import (
	"errors"

	"github.com/eventperk/eventperk-go/internal/htmltree"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Focus, after HTML §6.6 "Focus". A document has one focused area: an
// element, or its viewport when no element has focus (ActiveElement then
// returns the body). There is no layout, so "being rendered" is decided
// from the tree alone (see rendered), and one document is its own
// top-level traversable: focus never moves between documents.
//
// Where Chromium departs from the standard this follows Chromium, as
// docs/html.md records: the events are blur, focusout, DOMFocusOut, focus,
// focusin, DOMFocusIn in that order; while blur and focusout run no element has focus; and a
// focused element that is removed from the document gets blur and focusout
// before it goes (the standard's "node-remove focus fixup" fires nothing).

// focusState is a document's focus: the focused element and how it got
// there. Its zero value is "the viewport is focused".
type focusState struct {
	// node is the focused element, nil when the viewport is.
	node *html.Node
	// visible is whether the focused element matches :focus-visible.
	visible bool
	// byMouse is whether the last focus move a user made was with a
	// pointing device (Chromium's "last focus type" is mouse): a script's
	// focus() then does not show focus either. A key press clears it, a
	// program's focus() leaves it.
	byMouse bool
	// start is the sequential focus navigation starting point (HTML
	// §6.6.5) while no element has focus: the element that lost it, or
	// what a click on something not focusable hit; the next Tab starts
	// there. nil when the focused element is the starting point.
	start *html.Node
	// picker is the drop-down select whose popup a user's mousedown or
	// key asked to open since package userevent last asked
	// (domext.TakePicker).
	picker *html.Node
	// primary is the text a user last selected in a text control:
	// Linux's primary selection, which a middle click pastes.
	primary string
	// spaceActive is the button-like element a keydown of Space made
	// active: the keyup of Space clicks it only then.
	spaceActive *html.Node
	// fixupQueued is set while a focus fixup task is queued.
	fixupQueued bool
	// autofocusDone is set once the autofocus candidates were flushed.
	autofocusDone bool
	// edits holds, for the text fields a user edited since their last
	// change event, the value before the first of those edits.
	edits map[*html.Node]string
	// radioFocus numbers the focus moves to radio buttons (the latest
	// has the highest number), for sequential navigation: a group with
	// no checked radio is entered at the radio that last had focus.
	radioFocus    map[*html.Node]uint64
	radioFocusSeq uint64
	// windowBlurred is set while the focus is outside the page, where
	// Tab past the last element put it: the Window had blur, and gets
	// focus when an element gains focus again.
	windowBlurred bool
}

// focusKind is who moves focus: it decides :focus-visible.
type focusKind uint8

const (
	focusScript   focusKind = iota // focus() from the program
	focusKeyboard                  // sequential navigation (Tab)
	focusMouse                     // a click (mousedown)
)

// FocusOptions are the options of FocusWith (HTML FocusOptions).
type FocusOptions struct {
	// FocusVisible makes the element show focus (match :focus-visible)
	// whatever the heuristics say, as FocusOptions.focusVisible true
	// does. False leaves the decision to them.
	FocusVisible bool
}

// Focus moves the focus to the element if it is a focusable area (see
// IsFocusable), or, on a label that is not, to its labeled control (as in
// Chromium), as HTMLElement.focus() does: blur and focusout at the
// element that had focus, then focus and focusin at this one, each a
// trusted FocusEvent whose RelatedTarget is the other element. It does
// nothing when the element is not focusable or already has focus. The
// error reports the listeners that panicked, as DispatchEvent's does.
func (n *Node) Focus() error { return n.doc.focusElement(n.h, focusScript, false) }

// FocusWith is Focus with options.
func (n *Node) FocusWith(opts FocusOptions) error {
	return n.doc.focusElement(n.h, focusScript, opts.FocusVisible)
}

// Blur removes the focus from the element if it has it, as
// HTMLElement.blur() does (HTML "unfocusing steps"): blur and focusout fire
// at it with no RelatedTarget and the viewport becomes the focused area.
// It does nothing on an element without focus.
func (n *Node) Blur() error {
	d := n.doc
	d.autofocus()
	if d.focus.node == nil || d.focus.node != n.h {
		return nil
	}
	return d.moveFocus(nil, focusScript, false)
}

// ActiveElement returns the focused element, or the body when the viewport
// has focus (no element does); nil when the document has no body, as in
// Chromium (the DOM would return the document element then).
func (d *Document) ActiveElement() *Node {
	d.autofocus()
	if d.focus.node != nil {
		return d.wrap(d.focus.node)
	}
	return d.Body()
}

// focusedNode returns the focused element, nil when the viewport is
// focused. (For :focus and :focus-within.)
func (d *Document) focusedNode() *html.Node {
	d.autofocus()
	return d.focus.node
}

// focusVisible reports whether the focused element shows focus, as
// Chromium decides :focus-visible: after sequential navigation, a focus()
// with FocusVisible, a focus on a text field however it came, and a
// program's focus() unless the user's last focus move was with a pointing
// device and no key was pressed since.
func (d *Document) focusVisible() bool {
	d.autofocus()
	return d.focus.node != nil && d.focus.visible
}

// IsFocusable reports whether the element is a focusable area (HTML
// §6.6.2): connected, rendered (no hidden or inert ancestor-or-self, not
// inside a closed details or dialog, not display:none by the user agent
// style sheet), not disabled, and either with a valid tabindex or one of a
// and area with href, button, input other than hidden, select, textarea,
// iframe, audio and video with controls, the summary of a details, an
// editing host (contenteditable).
func (n *Node) IsFocusable() bool { return n.doc.focusable(n.h) }

func (d *Document) focusable(h *html.Node) bool {
	if h == nil || h.Type != html.ElementNode || !d.rendered(h) || actuallyDisabled(h) || !styleVisible(h) {
		return false
	}
	if _, ok := tabIndex(h); ok {
		return true
	}
	return defaultFocusable(h)
}

// IsVisible reports whether n is rendered (IsRendered) and not made
// invisible by an inline visibility: hidden or collapse on it or an
// ancestor that no nearer visibility: visible undoes: what a user can see
// of the page as far as its tree and style attributes tell, without style
// sheets or layout.
func (n *Node) IsVisible() bool { return n.IsRendered() && styleVisible(n.h) }

// styleVisible reports the visibility property of h as the style
// attributes of h and its ancestors set it (it is inherited): an element
// with visibility hidden or collapse is not focusable.
func styleVisible(h *html.Node) bool {
	for a := h; a != nil && a.Type == html.ElementNode; a = a.Parent {
		v, ok := attrVal(a, "style")
		if !ok {
			continue
		}
		switch vis, _ := htmltree.StyleValue(v, "visibility"); vis {
		case "hidden", "collapse":
			return false
		case "visible":
			return true
		}
	}
	return true
}

// focusElement is the focusing steps (HTML §6.6.4) for an element.
func (d *Document) focusElement(h *html.Node, kind focusKind, forceVisible bool) error {
	// Step 1: a target that is not a focusable area has no focusable
	// area to delegate to here (no shadow hosts, no dialogs' delegates),
	// so nothing happens; except that Chromium's focus() on a label
	// focuses its labeled control.
	if !d.focusable(h) {
		if !isHTML(h, atom.Label) {
			return nil
		}
		c := d.wrap(h).Control()
		if c == nil || !d.focusable(c.h) {
			return nil
		}
		h = c.h
	}
	// A program that moves focus before the first rendering update
	// empties the autofocus candidates (HTML §6.6.7).
	d.focus.autofocusDone = true
	// Step 3: the focused area already.
	if d.focus.node == h {
		return nil
	}
	return d.moveFocus(h, kind, forceVisible)
}

// showsFocus decides :focus-visible for a focus moving to h (Chromium's
// heuristics, which CSS Selectors 4 §9.4 suggests).
func (d *Document) showsFocus(h *html.Node, kind focusKind, forceVisible bool) bool {
	switch {
	case forceVisible || kind == focusKeyboard:
		return true
	case isTextEntry(h):
		return true
	case kind == focusMouse:
		// Chromium shows the focus of a select a click focused, a
		// drop-down (whose popup opens) and a listbox alike
		// (testdata/browser, events-click-select and
		// pointer-select-listbox-size).
		return h.Namespace == "" && h.DataAtom == atom.Select
	}
	return !d.focus.byMouse
}

// moveFocus is the focus update steps (HTML §6.6.4) between the focused
// element and to (nil: the viewport), in Chromium's order and with its
// rule that a listener that moves focus elsewhere ends the move.
func (d *Document) moveFocus(to *html.Node, kind focusKind, forceVisible bool) error {
	from := d.focus.node
	if from == to {
		return nil
	}
	switch kind {
	case focusKeyboard:
		d.focus.byMouse = false
	case focusMouse:
		d.focus.byMouse = true
	}
	var errs []error
	if from != nil {
		// The old chain: blur then focusout at the element losing focus,
		// their relatedTarget the element gaining it. No element has
		// focus meanwhile (document.activeElement is the body, as in
		// Chromium).
		d.focus.node, d.focus.visible = nil, false
		d.liveChanged()
		if d.focus.spaceActive == from {
			// An element that loses focus is no longer active: the
			// keyup of Space does not click it.
			d.focus.spaceActive = nil
		}
		d.selectBlurred(from)
		if d.focus.edits != nil {
			errs = d.commitUserEdit(errs, from)
		}
		errs = d.fireFocusEvent(errs, from, "blur", to)
		if d.focus.node != nil {
			// A blur listener focused something: focusout still
			// fires, without the element that no longer gains focus.
			to = nil
		}
		errs = d.fireFocusEvent(errs, from, "focusout", to)
		errs = d.fireFocusEvent(errs, from, "DOMFocusOut", to)
		// A listener that focused something has had its way.
		if d.focus.node != nil {
			return errors.Join(errs...)
		}
	}
	if to == nil && from != nil {
		// The element that lost focus stays the starting point of
		// sequential navigation, as in Chromium: Shift+Tab after
		// blur() goes to the element before it.
		d.focus.start = from
	}
	// The new element may have stopped being focusable meanwhile.
	if to == nil || !d.focusable(to) {
		return errors.Join(errs...)
	}
	if d.focus.windowBlurred {
		// The focus comes back from the browser's window (see
		// sequentialNavigation): the Window gets focus first.
		d.focus.windowBlurred = false
		if err := d.fireWindowFocusEvent("focus"); err != nil {
			errs = append(errs, err)
		}
		if d.focus.node != nil || !d.focusable(to) {
			// A listener of the Window's focus moved the focus.
			return errors.Join(errs...)
		}
	}
	d.focus.node = to
	if textControl(to) {
		// Chromium puts the document's selection into a text control
		// that gets the focus, which schedules selectionchange there
		// even when its own selection stays as it was.
		d.scheduleSelectionchange(to)
	}
	d.noteRadioFocus(to)
	d.focus.visible = d.showsFocus(to, kind, forceVisible)
	d.liveChanged()
	d.focus.start = nil
	errs = d.fireFocusEvent(errs, to, "focus", from)
	if d.focus.node == to {
		errs = d.fireFocusEvent(errs, to, "focusin", from)
	}
	if d.focus.node == to {
		errs = d.fireFocusEvent(errs, to, "DOMFocusIn", from)
	}
	return errors.Join(errs...)
}

// fireWindowFocusEvent fires focus or blur at the Window, as a browser
// does when its window gains or loses the system's focus: a trusted plain
// Event (not a FocusEvent, in Chromium 156: testdata/browser,
// focus-tab-last) that does not bubble.
func (d *Document) fireWindowFocusEvent(typ string) error {
	_, err := dispatchAs(d.window, NewEvent(typ), true)
	return err
}

// fireFocusEvent fires a trusted FocusEvent at h: focus and blur do not
// bubble, focusin and focusout do, and so do the legacy DOMFocusIn and
// DOMFocusOut that Chromium still fires after them; none is cancelable;
// all are composed (UI Events §5.2.1).
func (d *Document) fireFocusEvent(errs []error, h *html.Node, typ string, related *html.Node) []error {
	var rel EventTarget
	if related != nil {
		rel = d.wrap(related)
	}
	bubbles := typ != "focus" && typ != "blur"
	e := NewFocusEvent(typ, FocusEventInit{
		EventInit:  EventInit{Bubbles: bubbles, Composed: true},
		FocusEvent: FocusEvent{UIEvent: UIEvent{View: d.window}, RelatedTarget: rel},
	})
	if _, err := dispatchAs(d.wrap(h), e, true); err != nil {
		errs = append(errs, err)
	}
	return errs
}

// blurBeforeRemoval runs when the subtrees of roots are about to leave the
// document (removed, or moved elsewhere): if the focused element is in one
// of them, the viewport gets focus. Chromium fires blur and focusout at
// the element first, while it is still connected; the standard's
// node-remove focus fixup (HTML §6.6.4) fires nothing. This follows
// Chromium. The removal methods have no error to return the listeners'
// panics in, so they are reported later, by RunTasks or Await
// (reportLater).
// It reports whether listeners ran.
func (d *Document) blurBeforeRemoval(roots ...*html.Node) bool {
	f := d.focus.node
	if f == nil {
		return false
	}
	for _, r := range roots {
		if r != nil && isInclusiveAncestor(r, f) && d.connected(r) {
			d.reportLater(d.moveFocus(nil, focusScript, false))
			return true
		}
	}
	return false
}

// reportLater hands err, the listeners' errors of events fired by a
// method that has no error result (a removal, an attribute change), to
// the task queue, so that the next RunTasks or Await reports it as a
// *TaskError instead of it being lost.
func (d *Document) reportLater(err error) {
	if err != nil {
		d.Post(func() { panic(err) })
	}
}

// focusLeaving runs right before h's subtree is removed: blurBeforeRemoval,
// then, if a listener focused something inside it again, the standard's
// node-remove focus fixup, which fires nothing: the viewport gets focus.
func (d *Document) focusLeaving(h *html.Node) {
	d.blurBeforeRemoval(h)
	if f := d.focus.node; f != nil && isInclusiveAncestor(h, f) {
		d.focus.node, d.focus.visible = nil, false
		d.liveChanged()
	}
}

// focusLeavingChildren is focusLeaving for the children of h.
func (d *Document) focusLeavingChildren(h *html.Node) {
	inside := func() bool {
		f := d.focus.node
		return f != nil && f != h && isInclusiveAncestor(h, f)
	}
	if inside() && d.connected(h) {
		d.reportLater(d.moveFocus(nil, focusScript, false))
	}
	if inside() {
		d.focus.node, d.focus.visible = nil, false
		d.liveChanged()
	}
}

// focusAttributes are the attributes whose change can make the focused
// element stop being a focusable area.
var focusAttributes = map[string]bool{
	"disabled": true, "hidden": true, "inert": true, "tabindex": true,
	"href": true, "type": true, "contenteditable": true, "open": true,
	"controls": true, "style": true,
}

// focusAttrChanged runs after an attribute of h changed while an element
// has focus. The focus fixup rule (HTML §6.6.4) runs at the next rendering
// update, as a task; Chromium likewise checks the focused element at its
// next style update and blurs it from a task. The task fires blur and
// focusout if the element is no longer focusable. Chromium blurs at once,
// while the attribute is set, in two cases, and so does this: hidden on
// the focused element itself, and disabled on a fieldset around it (the
// listeners' panics are then reported later, as during a removal).
func (d *Document) focusAttrChanged(h *html.Node, name string) {
	if !focusAttributes[name] {
		return
	}
	if f := d.focus.node; name == "hidden" && h == f || name == "disabled" && isHTML(h, atom.Fieldset) && isInclusiveAncestor(h, f) {
		if !d.focusable(f) {
			d.reportLater(d.moveFocus(nil, focusScript, false))
		}
		return
	}
	if d.focus.fixupQueued {
		return
	}
	d.focus.fixupQueued = true
	d.Post(func() {
		d.focus.fixupQueued = false
		if f := d.focus.node; f != nil && !d.focusable(f) {
			if err := d.moveFocus(nil, focusScript, false); err != nil {
				// A task's panic is how RunTasks and Await report an
				// error: the listeners' panics surface there.
				panic(err)
			}
		}
	})
}

// IsRendered reports whether n is an element that is connected and
// rendered as far as the tree tells without CSS: neither it nor an ancestor
// has the hidden attribute (hidden=until-found hides only the content),
// inert, an inline display:none, or is an element the user agent does not
// render (head, script, style, template, datalist, a closed dialog, an input
// of type hidden, ...), and it is not inside a closed details other than as
// its summary. The options of a select count as rendered.
func (n *Node) IsRendered() bool {
	h := n.h
	if h.Type != html.ElementNode {
		return false
	}
	a := h
	for ; a != nil && a.Type == html.ElementNode; a = a.Parent {
		if !renderedSelf(a) {
			return false
		}
		if a != h {
			if v, ok := attrVal(a, "hidden"); ok && htmltree.EqualFoldASCII(v, "until-found") {
				return false
			}
		}
	}
	return a != nil && a == n.doc.Node.h
}

// rendered reports whether h is connected and rendered as far as the tree
// tells (see IsFocusable).
func (d *Document) rendered(h *html.Node) bool {
	a := h
	for ; a != nil && a.Type == html.ElementNode; a = a.Parent {
		if !renderedSelf(a) || a != h && hidesContent(a) {
			return false
		}
	}
	return a != nil && a == d.Node.h
}

// renderedSelf reports whether an element whose parent is rendered is
// rendered itself.
func renderedSelf(h *html.Node) bool {
	for _, a := range h.Attr {
		if a.Namespace != "" {
			continue
		}
		switch a.Key {
		case "hidden":
			if !htmltree.EqualFoldASCII(a.Val, "until-found") {
				return false
			}
		case "inert":
			// Inert, not unrendered, but neither is focusable.
			return false
		case "style":
			if d, _ := htmltree.StyleValue(a.Val, "display"); d == "none" {
				return false
			}
		}
	}
	if p := h.Parent; p != nil && isHTML(p, atom.Details) && !hasAttr(p, "open") && h != detailsSummary(p) {
		return false
	}
	if h.Namespace != "" {
		return true
	}
	switch h.DataAtom {
	case atom.Head, atom.Script, atom.Style, atom.Template, atom.Title, atom.Meta,
		atom.Link, atom.Base, atom.Datalist, atom.Noscript, atom.Param, atom.Noembed,
		atom.Noframes, atom.Rp:
		return false
	case atom.Dialog:
		return hasAttr(h, "open")
	case atom.Input:
		return inputType(h) != "hidden"
	}
	return true
}

// hidesContent reports whether the children of a rendered element are not
// rendered: hidden=until-found hides its content only; a select's options
// are parts of the select, not focusable areas of their own.
func hidesContent(h *html.Node) bool {
	if v, ok := attrVal(h, "hidden"); ok && htmltree.EqualFoldASCII(v, "until-found") {
		return true
	}
	return isHTML(h, atom.Select)
}

// defaultFocusable reports the elements the standard (and Chromium) make
// focusable without a tabindex.
func defaultFocusable(h *html.Node) bool {
	if h.Namespace != "" {
		return false
	}
	switch h.DataAtom {
	case atom.A, atom.Area:
		return hasAttr(h, "href")
	case atom.Button, atom.Select, atom.Textarea, atom.Iframe:
		return true
	case atom.Input:
		return inputType(h) != "hidden"
	case atom.Audio, atom.Video:
		return hasAttr(h, "controls")
	case atom.Summary:
		return h.Parent != nil && isHTML(h.Parent, atom.Details) && detailsSummary(h.Parent) == h
	}
	return isEditingHost(h)
}

// isEditingHost reports an element whose contenteditable makes it
// editable while its parent is not.
func isEditingHost(h *html.Node) bool {
	if !editableState(h) {
		return false
	}
	return h.Parent == nil || h.Parent.Type != html.ElementNode || !inheritedEditable(h.Parent)
}

// editableState reports a contenteditable attribute in the true or
// plaintext-only state.
func editableState(h *html.Node) bool {
	v, ok := attrVal(h, "contenteditable")
	return ok && (v == "" || htmltree.EqualFoldASCII(v, "true") || htmltree.EqualFoldASCII(v, "plaintext-only"))
}

// inheritedEditable reports whether h is editable: the nearest
// contenteditable attribute on it or an ancestor says so.
func inheritedEditable(h *html.Node) bool {
	for a := h; a != nil && a.Type == html.ElementNode; a = a.Parent {
		if v, ok := attrVal(a, "contenteditable"); ok {
			if htmltree.EqualFoldASCII(v, "false") {
				return false
			}
			if v == "" || htmltree.EqualFoldASCII(v, "true") || htmltree.EqualFoldASCII(v, "plaintext-only") {
				return true
			}
			// An invalid value inherits.
		}
	}
	return false
}

// isTextEntry reports the elements whose focus always shows
// (:focus-visible) in Chromium: text fields, textarea, editable elements.
func isTextEntry(h *html.Node) bool {
	if h.Namespace == "" {
		switch h.DataAtom {
		case atom.Textarea:
			return true
		case atom.Input:
			return isTextInputType(inputType(h))
		}
	}
	return inheritedEditable(h)
}

// isTextInputType reports the input types that are text fields in
// Chromium (those a virtual keyboard would open for); the date and time
// types are not.
func isTextInputType(t string) bool {
	switch t {
	case "text", "search", "url", "tel", "email", "password", "number":
		return true
	}
	return false
}

// detailsSummary returns the summary of a details element: its first
// summary child.
func detailsSummary(details *html.Node) *html.Node { return firstChildNamed(details, atom.Summary) }

// firstChildNamed returns the first HTML element child of h named a.
func firstChildNamed(h *html.Node, a atom.Atom) *html.Node {
	for c := h.FirstChild; c != nil; c = c.NextSibling {
		if isHTML(c, a) {
			return c
		}
	}
	return nil
}

// tabIndex returns the element's tabindex parsed by the rules for parsing
// integers (HTML §2.3.4.1), and false when it has none or it is invalid.
func tabIndex(h *html.Node) (int, bool) {
	v, ok := attrVal(h, "tabindex")
	if !ok {
		return 0, false
	}
	return parseLong(v)
}

// noteUserEdit runs before a user edit of a text field's value: it keeps
// the value before the first edit since the last change event.
func (d *Document) noteUserEdit(h *html.Node, before string) {
	// The text controls' user edits are committed, with a change event,
	// when they lose focus.
	if !textControl(h) {
		return
	}
	if d.focus.edits == nil {
		d.focus.edits = make(map[*html.Node]string)
	}
	if _, ok := d.focus.edits[h]; !ok {
		d.focus.edits[h] = before
	}
}

// commitUserEdit fires change at a text field whose value a user changed
// since the last change event (HTML §6.6.4 focus update steps, step 2.1:
// "the user has changed the element's value ... without committing that
// change"), as Chromium does when the field loses focus: before blur. A
// value a user edited back to what it was fires nothing.
func (d *Document) commitUserEdit(errs []error, h *html.Node) []error {
	before, ok := d.focus.edits[h]
	if !ok {
		return errs
	}
	delete(d.focus.edits, h)
	n := d.wrap(h)
	if n.Value() == before {
		return errs
	}
	d.state(h).userValid = true
	if _, err := dispatchAs(n, NewEventWith("change", EventInit{Bubbles: true}), true); err != nil {
		errs = append(errs, err)
	}
	return errs
}

// autofocus is HTML §6.6.7 "flush autofocus candidates", run once, the
// first time the document's focus is read or moved: the first element
// with the autofocus attribute that is a focusable area gets focus, unless
// something has focus already. A browser does it at its first rendering
// update after the element is inserted, firing focus and focusin; here it
// happens as if before any listener was added, so no event fires. A
// program's Focus() before then cancels it, as a script's focus() before
// the first rendering update does. Elements with autofocus inserted after
// that first time are not focused.
// Documents without a Window have no browsing context and skip autofocus,
// as in the standard.
func (d *Document) autofocus() {
	if d.focus.autofocusDone {
		return
	}
	d.focus.autofocusDone = true
	if d.window == nil || d.focus.node != nil {
		return
	}
	for h := range descendants(d.Node.h) {
		if h.Type != html.ElementNode || !hasAttr(h, "autofocus") {
			continue
		}
		if d.focusable(h) {
			d.focus.node = h
			d.noteRadioFocus(h)
			d.focus.visible = d.showsFocus(h, focusScript, false)
			d.liveChanged()
			return
		}
	}
}
