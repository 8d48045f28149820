package vdom

import (
	"errors"

	"github.com/eventperk/eventperk-go/internal/htmltree"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Focus, after HTML §6.6 "Focus". A document has one focused area: an
// element, or its viewport when no element has focus (ActiveElement then
// returns the body). There is no layout: "being rendered" is decided from
// the computed styles and the tree (rendering.go), and one document is its
// own top-level traversable: focus never moves between documents.
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
// §6.6.2): either with a valid tabindex or one of a and area with href,
// button, input other than hidden, select, textarea, iframe, audio and
// video with controls, the summary of a details, an editing host
// (contenteditable); not disabled; and rendered as focus needs it: its
// computed style renders it with a box of its own (not display: none,
// here or above, from any style sheet, style attribute or attribute; not
// display: contents, as in Chromium; not in contents skipped by
// content-visibility: hidden or hidden=until-found) and visible (not
// visibility: hidden or collapse); not inert nor inside an inert element;
// not inside a closed details other than as its summary, a noscript or
// a select (whose options are parts of it). Opacity and pointer-events
// do not count, as in Chromium.
func (n *Node) IsFocusable() bool { return n.doc.focusable(n.h) }

func (d *Document) focusable(h *html.Node) bool {
	if h == nil || h.Type != html.ElementNode {
		return false
	}
	if _, ok := tabIndex(h); !ok && !defaultFocusable(h) && !isHTML(h, atom.Dialog) {
		// Chromium focuses a dialog on focus() (not on Tab), as the
		// recordings of testdata/style show.
		return false
	}
	return !actuallyDisabled(h) && d.rendered(h)
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

// focusAttrChanged runs after an attribute of h changed while an element
// has focus. Chromium blurs at once, while the attribute is set, in two
// cases, and so does this: hidden on the focused element itself, and
// disabled on a fieldset around it (the listeners' panics are then
// reported later, as during a removal). Every other change waits for the
// focus fixup (queueFocusFixup).
func (d *Document) focusAttrChanged(h *html.Node, name string) {
	if f := d.focus.node; name == "hidden" && h == f || name == "disabled" && isHTML(h, atom.Fieldset) && isInclusiveAncestor(h, f) {
		if !d.focusable(f) {
			d.reportLater(d.moveFocus(nil, focusScript, false))
		}
	}
}

// queueFocusFixup runs after a change that can make the focused element
// stop being a focusable area: of the tree, an attribute, a text (a
// class, a <style>'s text, a new <link>), or of the live state when a
// style sheet's selectors read it. The focus fixup rule (HTML §6.6.4)
// runs at the next rendering update; Chromium checks the focused element
// at its next style update and blurs it from a task. So does this: one
// task, queued once for any number of changes, fires blur and focusout
// if the element is no longer focusable.
func (d *Document) queueFocusFixup() {
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

// defaultFocusable reports the elements the standard (and Chromium) make
// focusable without a tabindex.
func defaultFocusable(h *html.Node) bool {
	if h.Namespace == "svg" && h.Data == "a" {
		// An SVG link (SVG 2 §16.2), with href or xlink:href, as Chromium
		// focuses it.
		for _, a := range h.Attr {
			if a.Key == "href" && (a.Namespace == "" || a.Namespace == "xlink") {
				return true
			}
		}
		return false
	}
	if h.Namespace != "" {
		return false
	}
	switch h.DataAtom {
	case atom.A:
		// A link in editable content is text to edit, not a link to
		// follow: Chromium does not focus it (focus-disabled-kinds).
		return hasAttr(h, "href") && (h.Parent == nil || h.Parent.Type != html.ElementNode || !inheritedEditable(h.Parent))
	case atom.Area:
		return hasAttr(h, "href") && mapInUse(h)
	case atom.Button, atom.Select, atom.Textarea, atom.Iframe:
		return true
	case atom.Embed:
		// A plugin element with a source (one without has no box), as
		// Chromium focuses it.
		return hasAttr(h, "src")
	case atom.Input:
		return inputType(h) != "hidden"
	case atom.Audio, atom.Video:
		return hasAttr(h, "controls")
	case atom.Summary:
		return h.Parent != nil && isHTML(h.Parent, atom.Details) && detailsSummary(h.Parent) == h
	}
	return isEditingHost(h)
}

// mapInUse reports whether the <map> an <area> is in is an image map: an
// img's usemap names it (HTML §4.8.14; Chromium focuses only such areas).
func mapInUse(area *html.Node) bool {
	m := area.Parent
	for m != nil && !isHTML(m, atom.Map) {
		m = m.Parent
	}
	if m == nil {
		return false
	}
	name, _ := attrVal(m, "name")
	if name == "" {
		name, _ = attrVal(m, "id")
	}
	if name == "" {
		return false
	}
	root := m
	for root.Parent != nil {
		root = root.Parent
	}
	for h := range descendants(root) {
		if isHTML(h, atom.Img) {
			if u, ok := attrVal(h, "usemap"); ok && u == "#"+name {
				return true
			}
		}
	}
	return false
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
