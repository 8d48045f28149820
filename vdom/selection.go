package vdom

import (
	"slices"
	"unicode/utf16"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The selection of text controls (HTML §4.10.18.6, "APIs for the text
// control selections"). Every input and textarea whose value is edited as
// text has a selection: a start and an end offset into its text, in UTF-16
// code units as the DOM counts, and a direction. The DOM exposes it on
// textarea and on the input types text, search, url, tel and password;
// email and number inputs have one too (a user moves the caret in them)
// but their selection APIs throw, as the standard says and Chromium does.
//
// Where Chromium 156 on Linux departs from the standard or the standard
// leaves the choice, this follows Chromium (testdata/browser, type-*):
//   - a direction of "none" reads as "forward" (the platform's default);
//   - select() focuses the element (any input, textarea) before selecting;
//   - a focus by Tab selects all the text of an input (not a textarea);
//     focus() keeps the selection the element had; a mousedown puts the
//     caret at the end of the text (vdom has no layout: as a click past
//     its end does);
//   - a selection made by the user (Shift with arrows, Control+a) that is
//     a range fires select at once (Control+a also when all was selected);
//     the APIs queue it as a task;
//   - selectionchange fires at the control (scheduleSelectionchange) for
//     every change of its selection and for every focus it gets.

// selDir is a selection direction.
type selDir uint8

const (
	dirNone selDir = iota
	dirForward
	dirBackward
)

func (s selDir) String() string {
	switch s {
	case dirBackward:
		return "backward"
	}
	// "none" is the platform's default, which Chromium on Linux and
	// Windows reports as forward.
	return "forward"
}

func parseDir(s string) selDir {
	switch s {
	case "forward":
		return dirForward
	case "backward":
		return dirBackward
	}
	return dirNone
}

// textSelection is a text control's selection, in UTF-16 code units.
type textSelection struct {
	start, end int
	dir        selDir
	// goal is the column a run of ArrowUp and ArrowDown keeps (Chromium's
	// "x position for vertical arrow navigation"), when hasGoal.
	goal    int
	hasGoal bool
}

// SelectionMode says where SetRangeTextWith leaves the selection.
type SelectionMode string

// The modes of SetRangeTextWith (HTML SelectionMode).
const (
	// RangeSelect selects the inserted text.
	RangeSelect SelectionMode = "select"
	// RangeStart puts the caret before the inserted text.
	RangeStart SelectionMode = "start"
	// RangeEnd puts the caret after the inserted text.
	RangeEnd SelectionMode = "end"
	// RangePreserve keeps the selection where it was, moved or grown
	// with the text around it (the default).
	RangePreserve SelectionMode = "preserve"
)

// textControl reports whether h is an input or textarea whose value a user
// edits as text: textarea and the input types Chromium gives an editor
// (text, search, url, tel, email, password, number).
func textControl(h *html.Node) bool {
	if h == nil || h.Type != html.ElementNode || h.Namespace != "" {
		return false
	}
	switch h.DataAtom {
	case atom.Textarea:
		return true
	case atom.Input:
		return isTextInputType(inputType(h))
	}
	return false
}

// IsTextControl reports whether n is a control whose text a user types and
// edits, as trusted key events edit it (see DispatchTrusted): a textarea,
// or an input of type text, search, url, tel, email, password or number.
// Their user edits are committed with a change event on blur.
func (n *Node) IsTextControl() bool { return textControl(n.h) }

// selectionAPI reports whether the selection APIs apply to h: textarea
// and the input types text, search, url, tel and password.
func selectionAPI(h *html.Node) bool {
	if h == nil || h.Type != html.ElementNode || h.Namespace != "" {
		return false
	}
	switch h.DataAtom {
	case atom.Textarea:
		return true
	case atom.Input:
		switch inputType(h) {
		case "text", "search", "url", "tel", "password":
			return true
		}
	}
	return false
}

// editText is the text a user sees and edits in a text control: the
// textarea's API value, the input's value, or, for an input whose typed
// text its type's sanitization changes (a number field with "1e", an
// email field with a trailing space), that text.
func (n *Node) editText() string {
	if isHTML(n.h, atom.Input) {
		if st := n.doc.peek(n.h); st != nil && st.textSet && st.textType == inputType(n.h) {
			return st.text
		}
	}
	return n.Value()
}

// selection returns the control's selection clamped to its text (the
// text may have changed since, by its attribute or children).
func (n *Node) selection() textSelection {
	st := n.doc.peek(n.h)
	if st == nil {
		return textSelection{}
	}
	s := st.sel
	l := utf16Len(n.editText())
	s.start, s.end = min(s.start, l), min(s.end, l)
	if s.start > s.end {
		s.start = s.end
	}
	return s
}

// setSelection sets the selection as "set the selection range" does and
// reports whether it changed (extent or direction).
func (n *Node) setSelection(start, end int, dir selDir) bool {
	l := utf16Len(n.editText())
	end = min(max(end, 0), l)
	start = min(max(start, 0), end)
	return n.putSelection(n.selection(), textSelection{start: start, end: end, dir: dir})
}

// putSelection makes s the selection of the text control, which was old,
// and reports whether that changed it (extent or direction): then a
// selectionchange event is scheduled at the control.
func (n *Node) putSelection(old, s textSelection) bool {
	n.doc.state(n.h).sel = s
	if old == s {
		return false
	}
	n.doc.scheduleSelectionchange(n.h)
	return true
}

// scheduleSelectionchange is "schedule a selectionchange event" (Selection
// API; HTML §4.10.18.6) at a text control: a task fires selectionchange,
// bubbling, at the control, one for all the changes made before it runs,
// as Chromium does whenever a control's selection moves (by the user or
// by the selection APIs) and whenever the control gets the focus, moved
// or not (testdata/browser, type-selectionchange-*). The selection of the
// document itself, outside text controls, is not kept: no selectionchange
// fires at the document.
func (d *Document) scheduleSelectionchange(h *html.Node) {
	p := d.page()
	if p.selectionchange[h] {
		return
	}
	if p.selectionchange == nil {
		p.selectionchange = make(map[*html.Node]bool)
	}
	p.selectionchange[h] = true
	n := d.wrap(h)
	d.Post(func() {
		delete(p.selectionchange, h)
		if _, err := dispatchAs(n, NewEventWith("selectionchange", EventInit{Bubbles: true}), true); err != nil {
			panic(err)
		}
	})
}

// queueSelect queues the task that fires select at the control (HTML
// "set the selection range", last step).
func (n *Node) queueSelect() {
	n.doc.Post(func() {
		if _, err := dispatchAs(n, NewEventWith("select", EventInit{Bubbles: true}), true); err != nil {
			panic(err)
		}
	})
}

// fireSelectNow fires select at once, as Chromium does for a selection a
// user made that is a range.
func (n *Node) fireSelectNow() error {
	_, err := dispatchAs(n, NewEventWith("select", EventInit{Bubbles: true}), true)
	return err
}

// domOffset converts an offset as WebIDL's unsigned long does: modulo
// 2^32, so -1 is 4294967295 (beyond any text: clamped to its end).
func domOffset(v int) int { return int(uint32(v)) }

func (n *Node) selectionAPIError(what string) error {
	return domErrorf(ErrInvalidState, "%s: the selection APIs do not apply to %s (only textarea and input types text, search, url, tel, password)", what, n.describe())
}

// SelectionStart returns the offset of the start of the selection (the
// caret when nothing is selected) in UTF-16 code units, as the DOM's
// selectionStart does; ok is false (the DOM's null) when the selection
// APIs do not apply to the element.
func (n *Node) SelectionStart() (int, bool) {
	if !selectionAPI(n.h) {
		return 0, false
	}
	return n.selection().start, true
}

// SelectionEnd returns the offset of the end of the selection in UTF-16
// code units; ok is false when the selection APIs do not apply.
func (n *Node) SelectionEnd() (int, bool) {
	if !selectionAPI(n.h) {
		return 0, false
	}
	return n.selection().end, true
}

// SelectionDirection returns "forward" or "backward" ("none" reads as
// "forward", as in Chromium on Linux); ok is false when the selection
// APIs do not apply.
func (n *Node) SelectionDirection() (string, bool) {
	if !selectionAPI(n.h) {
		return "", false
	}
	return n.selection().dir.String(), true
}

// SetSelectionStart sets the start of the selection as the DOM's
// selectionStart setter does: the end moves along when it was before it.
// A select event is queued when the selection changes. It is
// ErrInvalidState when the selection APIs do not apply. A negative offset
// counts as beyond the end, as the DOM's conversion to unsigned long makes
// it.
func (n *Node) SetSelectionStart(v int) error {
	if !selectionAPI(n.h) {
		return n.selectionAPIError("selectionStart")
	}
	s := n.selection()
	v = domOffset(v)
	return n.setSelectionRange(v, max(s.end, v), s.dir)
}

// SetSelectionEnd sets the end of the selection as the DOM's selectionEnd
// setter does. It is ErrInvalidState when the selection APIs do not apply.
func (n *Node) SetSelectionEnd(v int) error {
	if !selectionAPI(n.h) {
		return n.selectionAPIError("selectionEnd")
	}
	s := n.selection()
	return n.setSelectionRange(s.start, domOffset(v), s.dir)
}

// SetSelectionDirection sets the direction of the selection: "forward",
// "backward", anything else is "none". It is ErrInvalidState when the
// selection APIs do not apply.
func (n *Node) SetSelectionDirection(dir string) error {
	if !selectionAPI(n.h) {
		return n.selectionAPIError("selectionDirection")
	}
	s := n.selection()
	return n.setSelectionRange(s.start, s.end, parseDir(dir))
}

// SetSelectionRange selects the text from start to end (UTF-16 code
// units, clamped to the text; a start after the end is the end) in the
// direction given ("forward", "backward", or "" or anything else for
// none), as the DOM's setSelectionRange does, and queues a select event
// when the selection changed. It does not move the focus. It is
// ErrInvalidState when the selection APIs do not apply.
func (n *Node) SetSelectionRange(start, end int, direction string) error {
	if !selectionAPI(n.h) {
		return n.selectionAPIError("setSelectionRange")
	}
	return n.setSelectionRange(domOffset(start), domOffset(end), parseDir(direction))
}

func (n *Node) setSelectionRange(start, end int, dir selDir) error {
	if n.setSelection(start, end, dir) {
		n.queueSelect()
	}
	return nil
}

// Select selects all the text of a textarea or of an input edited as text
// (email and number included), as the DOM's select() does, and queues a
// select event when the selection changed. As in Chromium, select() on
// any input or textarea also focuses it (with the focus events); a
// checkbox or a button gets the focus and no selection. The error reports
// the focus listeners that panicked. Other elements are left alone.
func (n *Node) Select() error {
	if !isHTML(n.h, atom.Input) && !isHTML(n.h, atom.Textarea) {
		return nil
	}
	if textControl(n.h) && n.setSelection(0, utf16Len(n.editText()), dirNone) {
		n.queueSelect()
	}
	if n.doc.focusedNode() == n.h {
		return nil
	}
	return n.doc.focusElement(n.h, focusScript, false)
}

// SetRangeText replaces the selected text with replacement, as the DOM's
// setRangeText(replacement) does: the selection keeps its place (see
// RangePreserve). The value becomes dirty; no input event fires. It is
// ErrInvalidState when the selection APIs do not apply.
func (n *Node) SetRangeText(replacement string) error {
	if !selectionAPI(n.h) {
		return n.selectionAPIError("setRangeText")
	}
	s := n.selection()
	return n.setRangeText(replacement, s.start, s.end, RangePreserve)
}

// SetRangeTextWith replaces the text from start to end (UTF-16 code
// units, clamped to the text) with replacement and places the selection
// as mode says, as the DOM's setRangeText(replacement, start, end,
// selectionMode) does. A start after the end is ErrIndexSize; an unknown
// mode is a TypeError-like error naming it, as WebIDL's enum conversion
// throws; ErrInvalidState when the selection APIs do not apply.
func (n *Node) SetRangeTextWith(replacement string, start, end int, mode SelectionMode) error {
	if !selectionAPI(n.h) {
		return n.selectionAPIError("setRangeText")
	}
	switch mode {
	case RangeSelect, RangeStart, RangeEnd, RangePreserve:
	case "":
		mode = RangePreserve
	default:
		return domErrorf(ErrType, "setRangeText: %q is not a selection mode (select, start, end, preserve)", string(mode))
	}
	start, end = domOffset(start), domOffset(end)
	if start > end {
		return domErrorf(ErrIndexSize, "setRangeText: start %d is after end %d", start, end)
	}
	return n.setRangeText(replacement, start, end, mode)
}

// setRangeText is the setRangeText steps (HTML §4.10.18.6) from step 4 on.
func (n *Node) setRangeText(replacement string, start, end int, mode SelectionMode) error {
	text := utf16.Encode([]rune(n.editText()))
	l := len(text)
	start, end = min(start, l), min(end, l)
	sel := n.selection()
	selStart, selEnd := sel.start, sel.end
	repl := utf16.Encode([]rune(replacement))
	out := make([]uint16, 0, l-(end-start)+len(repl))
	out = append(append(append(out, text[:start]...), repl...), text[end:]...)
	n.setProgramText(string(utf16.Decode(out)))
	newEnd := start + len(repl)
	switch mode {
	case RangeSelect:
		selStart, selEnd = start, newEnd
	case RangeStart:
		selStart, selEnd = start, start
	case RangeEnd:
		selStart, selEnd = newEnd, newEnd
	default:
		delta := len(repl) - (end - start)
		if selStart > end {
			selStart += delta
		} else if selStart > start {
			selStart = start
		}
		if selEnd > end {
			selEnd += delta
		} else if selEnd > start {
			selEnd = newEnd
		}
	}
	// The text just changed: compare with the selection as it was, not
	// clamped to the new text.
	if n.putSelection(n.doc.state(n.h).sel, textSelection{start: min(selStart, selEnd), end: selEnd, dir: dirNone}) {
		n.queueSelect()
	} else if !slices.Equal(out, text) {
		// Chromium replaces the control's text, which moves its
		// selection to the new text even where the offsets stay
		// (testdata/browser, type-selectionchange-same-offsets).
		n.doc.scheduleSelectionchange(n.h)
	}
	return nil
}

// setProgramText sets the text of a control as a program's edit of it
// does (setRangeText): the value and its dirty flag, without moving the
// selection or marking a user edit.
func (n *Node) setProgramText(v string) {
	st := n.doc.state(n.h)
	if isHTML(n.h, atom.Textarea) {
		st.value, st.dirtyValue, st.userEdit = v, true, false
		return
	}
	st.value = n.sanitize(inputType(n.h), v)
	st.dirtyValue, st.cleanValue, st.userEdit, st.textSet = true, false, false, false
}

// valueSet runs after a program set the value of a text control (the
// value setter): when the text changed, the caret goes to its end and the
// selection direction to none (HTML §4.10.5.4, value mode "value" step 5).
func (n *Node) valueSet(old string) {
	st := n.doc.peek(n.h)
	if st == nil {
		return
	}
	n.doc.liveChanged()
	st.textSet = false
	if v := n.editText(); v != old {
		l := utf16Len(v)
		if !n.putSelection(st.sel, textSelection{start: l, end: l}) {
			// The caret was at the end already: the selection still
			// moves to the new text (type-selectionchange-same-offsets).
			n.doc.scheduleSelectionchange(n.h)
		}
	}
}

// SelectAsUser selects the text from start to end (UTF-16 code units,
// clamped; start after end selects backward) of a text control as a user
// selects with the mouse or the keyboard: email and number inputs too,
// whose selection APIs throw. A select event fires at once when the
// selection changed and is a range, as Chromium fires it for a user's
// selection. It does nothing on other elements. The error reports a select
// listener that panicked.
func (n *Node) SelectAsUser(start, end int) error {
	if !textControl(n.h) {
		return nil
	}
	dir := dirNone
	if start > end {
		start, end, dir = end, start, dirBackward
	}
	return n.userSelect(start, end, dir)
}

// userSelect sets the selection as a user's action does and fires select
// when it changed to a range.
func (n *Node) userSelect(start, end int, dir selDir) error {
	if n.setSelection(start, end, dir) {
		if s := n.selection(); s.start != s.end {
			n.notePrimary()
			return n.fireSelectNow()
		}
	}
	return nil
}

// notePrimary keeps the text a user selected in the text control n as
// Linux's primary selection, which a middle click pastes (package
// userevent reads it through internal/domext).
func (n *Node) notePrimary() {
	s := n.selection()
	units := utf16.Encode([]rune(n.editText()))
	if s.start < s.end && s.end <= len(units) {
		n.doc.focus.primary = string(utf16.Decode(units[s.start:s.end]))
	}
}
