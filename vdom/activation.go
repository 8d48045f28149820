package vdom

import (
	"errors"
	"strconv"

	"github.com/eventperk/eventperk-go/internal/htmltree"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// activation is the activation part of one dispatch (DOM §2.9 "dispatch"
// steps 5.2-5.11 and 11): the activation target and what its
// legacy-pre-activation behaviour saved for a legacy-canceled-activation.
type activation struct {
	target *html.Node
	doc    *Document
	// A checkbox's checkedness and indeterminate state, a radio button's
	// checkedness and the radio of its group that was checked, before
	// legacy-pre-activation.
	pre        bool   // legacy-pre-activation ran
	typ        string // the input's type when it ran
	oldChecked bool
	oldIndet   bool
	oldRadio   *Node
}

// isActivationEvent is the DOM's isActivationEvent: a MouseEvent (a
// PointerEvent included) whose type is "click". The caller has compared
// the type already.
func isActivationEvent(e *Event) bool { return e.isMouseEvent() }

// syntheticClick is the event of HTML "fire a synthetic pointer event named
// click": a PointerEvent, bubbling, cancelable, composed, with the
// document's Window as its view and pointerId -1 (Pointer Events: a click
// no pointing device caused).
func (n *Node) syntheticClick() *Event {
	init := PointerEventInit{EventInit: EventInit{Bubbles: true, Cancelable: true, Composed: true}}
	init.View = n.doc.window
	init.PointerID = -1
	return NewPointerEvent("click", init)
}

// clickOffset is where a click landed relative to its target's box: the
// coordinate an image button submits and an ismap image appends. Without
// layout every box sits at the viewport's origin, so the offset is the
// click's client coordinate, truncated as the selected coordinate's
// integers are; (0,0) for a click that has none.
func clickOffset(e *Event) (x, y int) {
	if m, ok := e.AsMouse(); ok {
		return int(m.ClientX), int(m.ClientY)
	}
	return 0, 0
}

// begin picks the activation target on the event path (steps 5.3 and 5.9.2:
// the target if it has activation behaviour, else, for a bubbling event, the
// nearest ancestor that has) and runs its legacy-pre-activation behaviour
// (step 5.10), before any listener runs.
func (a *activation) begin(doc *Document, path []pathItem, e *Event) {
	if doc == nil || !isActivationEvent(e) {
		return
	}
	for i := range path {
		if i > 0 && !e.has(flagBubbles) {
			return
		}
		h := path[i].h
		if h == nil || h.Type != html.ElementNode {
			continue
		}
		if hasActivationBehavior(h) {
			a.target, a.doc = h, doc
			break
		}
	}
	if a.target == nil {
		return
	}
	if a.target.DataAtom != atom.Input {
		return
	}
	n := doc.wrap(a.target)
	if typ := n.Type(); (typ == "checkbox" || typ == "radio") && !n.IsDisabled() {
		a.typ = typ
		switch typ {
		case "checkbox":
			// HTML "legacy-pre-activation behavior" for input step 1.
			a.pre, a.oldChecked, a.oldIndet = true, n.Checked(), n.Indeterminate()
			n.setCheckedness(!a.oldChecked, true)
			n.SetIndeterminate(false)
		case "radio":
			// Step 2: remember the group's checked radio, then check this one.
			a.pre, a.oldChecked = true, n.Checked()
			if r := doc.firstChecked(n.h); r != nil {
				a.oldRadio = doc.wrap(r)
			}
			n.setCheckedness(true, true)
		}
	}
}

// end runs after the dispatch's passes and resets (step 11): the
// activation behaviour when the event was not canceled, else the
// legacy-canceled-activation behaviour. It returns the errors of the events
// the behaviour fires and of the navigation it asks for.
func (a *activation) end(e *Event) error {
	n := a.doc.wrap(a.target)
	if e.has(flagCanceled) {
		if a.pre {
			a.cancel(n)
		}
		return nil
	}
	return n.activationBehavior(e, a)
}

// cancel is the legacy-canceled-activation behaviour of input elements.
func (a *activation) cancel(n *Node) {
	switch a.typ {
	case "checkbox":
		n.setCheckedness(a.oldChecked, true)
		n.SetIndeterminate(a.oldIndet)
	case "radio":
		// The radio that was checked gets its checkedness back if it is
		// still in the group; with none, this one is unchecked again.
		if a.oldRadio != nil && n.doc.sameRadioGroup(a.oldRadio.h, n.h) {
			a.oldRadio.setCheckedness(true, true)
			return
		}
		n.setCheckedness(a.oldChecked, true)
	}
}

// hasActivationBehavior reports whether h has an activation behaviour the
// DOM's dispatch looks for: input and button elements (all types: a button
// of type "button" has one that does nothing, which keeps a click on it from
// activating an enclosing link or label), a and area elements with an href,
// label elements, and the summary that is its details element's summary.
func hasActivationBehavior(h *html.Node) bool {
	if h.Namespace != "" {
		return false
	}
	switch h.DataAtom {
	case atom.Input, atom.Button, atom.Label:
		return true
	case atom.A, atom.Area:
		return hasAttr(h, "href")
	case atom.Summary:
		return isDetailsSummary(h)
	}
	return false
}

// isDetailsSummary reports whether h is "the summary for its parent details
// element": the first summary child of a details element.
func isDetailsSummary(h *html.Node) bool {
	p := h.Parent
	if p == nil || p.Type != html.ElementNode || p.DataAtom != atom.Details || p.Namespace != "" {
		return false
	}
	for c := p.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.DataAtom == atom.Summary && c.Namespace == "" {
			return c == h
		}
	}
	return false
}

// activationBehavior runs n's activation behaviour for the click e.
func (n *Node) activationBehavior(e *Event, a *activation) error {
	switch n.h.DataAtom {
	case atom.Input:
		return n.inputActivation(e, a)
	case atom.Button:
		// HTML §4.10.6: disabled buttons do nothing; then by type.
		if n.IsDisabled() {
			return nil
		}
		form := n.Form()
		if form == nil || !n.IsConnected() {
			return nil
		}
		switch n.Type() {
		case "submit":
			return form.submitForm(n, false)
		case "reset":
			return form.resetForm()
		}
		return nil
	case atom.A, atom.Area:
		suffix := ""
		// HTML §4.6.4 activation behaviour step 3: a click on an img with
		// ismap inside a link adds "?x,y".
		if t, ok := e.target.(*Node); ok && n.h.DataAtom == atom.A && isImgIsmap(t.h) {
			x, y := clickOffset(e)
			suffix = "?" + strconv.Itoa(x) + "," + strconv.Itoa(y)
		}
		return n.followHyperlink(suffix)
	case atom.Label:
		return n.labelActivation(e)
	case atom.Summary:
		n.summaryActivation()
	}
	return nil
}

// inputActivation is the input element's activation behaviour (HTML
// §4.10.5 "input activation behavior", per type).
func (n *Node) inputActivation(e *Event, a *activation) error {
	if a.pre {
		// Checkbox and radio: fire input then change when the click
		// changed the checkedness (a click on a checked radio changes
		// nothing). Detached elements fire nothing.
		if !n.IsConnected() || n.Checked() == a.oldChecked {
			return nil
		}
		if e.IsTrusted() {
			// A click by the user commits a change (user validity);
			// Chromium 156 leaves click() from a program out.
			n.doc.state(n.h).userValid = true
		}
		return errors.Join(n.fireSimple("input", true, false, true), n.fireSimple("change", true, false, false))
	}
	if n.IsDisabled() {
		return nil
	}
	switch n.Type() {
	case "submit", "image":
		form := n.Form()
		if form == nil || !n.IsConnected() {
			return nil
		}
		if n.Type() == "image" {
			// The selected coordinate: where the click landed in the image.
			x, y := clickOffset(e)
			n.doc.page().setCoords(n.h, x, y)
		}
		return form.submitForm(n, false)
	case "reset":
		form := n.Form()
		if form == nil || !n.IsConnected() {
			return nil
		}
		return form.resetForm()
	}
	return nil
}

func (p *pageState) setCoords(h *html.Node, x, y int) {
	if p.coords == nil {
		p.coords = make(map[*html.Node][2]int)
	}
	p.coords[h] = [2]int{x, y}
}

// fireSimple is HTML "fire an event" with the given flags: a trusted Event.
func (n *Node) fireSimple(typ string, bubbles, cancelable, composed bool) error {
	e := makeEvent(typ, flagInitialized, ifaceEvent, nil)
	e.setInit(bubbles, cancelable, composed)
	_, err := dispatchAs(n, e, true)
	return err
}

// labelActivation is the label element's activation behaviour (HTML
// §4.10.4): a click on the label, but not on its labeled control or on
// interactive content inside it, is a click on the labeled control.
func (n *Node) labelActivation(e *Event) error {
	control := n.Control()
	if control == nil {
		return nil
	}
	if t, ok := e.target.(*Node); ok {
		for h := t.h; h != nil && h != n.h; h = h.Parent {
			if h == control.h || isInteractiveContent(h) {
				return nil
			}
		}
	}
	// Chromium focuses the control before it forwards the click (for a
	// program's label click too): as a mouse click does for a user's
	// click, as focus() does for a program's, which then shows focus
	// (:focus-visible; testdata/browser, activation-label-call).
	kind := focusScript
	if e.has(flagTrusted) {
		kind = focusMouse
	}
	var ferr error
	if m, _ := e.AsMouse(); m.Detail < 2 {
		ferr = n.doc.focusElement(control.h, kind, false)
	}
	// The second click of a double click is not: its mousedown selected
	// a word of the label's text, and Chromium leaves the focus where
	// that put it (on the viewport) so as not to lose the selection
	// (testdata/browser, pointer-dblclick-label-*).
	// The forwarded click is trusted when the user's was, and, as in
	// Chromium, it is a copy of the click on the label (its pointer id,
	// detail, button and modifiers), not a fresh synthetic click.
	return errors.Join(ferr, control.clickWith(forwardedClick(e), e.has(flagTrusted)))
}

// forwardedClick copies the click e on a label for its labeled control.
// Activation runs only for MouseEvent clicks, so e is a MouseEvent or a
// PointerEvent.
func forwardedClick(e *Event) *Event {
	base := EventInit{Bubbles: true, Cancelable: true, Composed: true}
	if pe, ok := e.AsPointer(); ok {
		return NewPointerEvent("click", PointerEventInit{EventInit: base, PointerEvent: pe})
	}
	me, _ := e.AsMouse()
	return NewMouseEvent("click", MouseEventInit{EventInit: base, MouseEvent: me})
}

// isInteractiveContent reports the HTML content category "interactive
// content" (HTML §3.2.5.2.7).
func isInteractiveContent(h *html.Node) bool {
	if h.Type != html.ElementNode || h.Namespace != "" {
		return false
	}
	switch h.DataAtom {
	case atom.Button, atom.Details, atom.Embed, atom.Iframe, atom.Label, atom.Select, atom.Textarea:
		return true
	case atom.A:
		return hasAttr(h, "href")
	case atom.Audio, atom.Video:
		return hasAttr(h, "controls")
	case atom.Img:
		return hasAttr(h, "usemap")
	case atom.Input:
		for _, a := range h.Attr {
			if a.Namespace == "" && a.Key == "type" {
				return !htmltree.EqualFoldASCII(a.Val, "hidden")
			}
		}
		return true
	}
	return false
}

// toggleTask is a details element's "details toggle task tracker": the
// pending toggle event's task and the old state it reports.
type toggleTask struct {
	oldState string
	canceled bool
}

// queueToggle is HTML "queue a details toggle event task": a pending task
// is canceled and its old state carried over, so a burst of toggles fires
// one ToggleEvent from the first old state to the last new state.
func (n *Node) queueToggle(oldState, newState string) {
	p := n.doc.page()
	if prev := p.toggling[n.h]; prev != nil {
		oldState = prev.oldState
		prev.canceled = true
	}
	if p.toggling == nil {
		p.toggling = make(map[*html.Node]*toggleTask)
	}
	t := &toggleTask{oldState: oldState}
	p.toggling[n.h] = t
	n.doc.Post(func() {
		if t.canceled {
			return
		}
		delete(p.toggling, n.h)
		e := NewToggleEvent("toggle", ToggleEventInit{ToggleEvent: ToggleEvent{OldState: t.oldState, NewState: newState}})
		if _, err := dispatchAs(n, e, true); err != nil {
			panic(err)
		}
	})
}

// ToggleEvent holds the members of the HTML ToggleEvent interface, the
// event of a details element opening or closing.
type ToggleEvent struct {
	OldState string // "open" or "closed"
	NewState string
}

// ToggleEventInit holds the members of the ToggleEventInit dictionary.
type ToggleEventInit struct {
	EventInit
	ToggleEvent
}

// NewToggleEvent returns an initialized ToggleEvent, the Go form of
// new ToggleEvent(typ, init).
func NewToggleEvent(typ string, init ToggleEventInit) *Event {
	o := &struct {
		ev Event
		m  ToggleEvent
	}{m: init.ToggleEvent}
	return newTyped(&o.ev, typ, ifaceToggle, &o.m, init.EventInit)
}

// AsToggle returns the members of a ToggleEvent; false for other events.
func (e *Event) AsToggle() (ToggleEvent, bool) {
	if e.iface != ifaceToggle {
		return ToggleEvent{}, false
	}
	return *e.detail.(*ToggleEvent), true
}

// Click is the HTML click() method: it fires a synthetic click at the
// element as a script would (untrusted, bubbling, cancelable, composed), so
// listeners run and then the element's activation behaviour. It does
// nothing on a disabled form control, and nothing when called again from
// within its own click (the click in progress flag). The error is the
// listeners' and the activation behaviour's, as from DispatchEvent.
func (n *Node) Click() error { return n.clickAs(false) }

func (n *Node) clickAs(trusted bool) error { return n.clickWith(nil, trusted) }

// clickWith is click() with the event to fire: e, or the synthetic click
// when e is nil (made only once the checks passed).
func (n *Node) clickWith(e *Event, trusted bool) error {
	if n.isFormControl() && n.IsDisabled() {
		return nil
	}
	p := n.doc.page()
	if p.clicking[n.h] {
		return nil
	}
	if p.clicking == nil {
		p.clicking = make(map[*html.Node]bool)
	}
	p.clicking[n.h] = true
	defer delete(p.clicking, n.h)
	if e == nil {
		e = n.syntheticClick()
	}
	_, err := dispatchAs(n, e, trusted)
	return err
}

// isFormControl reports the elements click() treats as form controls that
// can be disabled: button, fieldset, input, select, textarea, and option
// and optgroup, which have a disabled state of their own.
func (n *Node) isFormControl() bool {
	if n.h.Type != html.ElementNode || n.h.Namespace != "" {
		return false
	}
	switch n.h.DataAtom {
	case atom.Button, atom.Fieldset, atom.Input, atom.Select, atom.Textarea, atom.Optgroup, atom.Option:
		return true
	}
	return false
}
