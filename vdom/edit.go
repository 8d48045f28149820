package vdom

import (
	"errors"
	"strings"
	"unicode/utf16"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Text editing: what Chromium's editor does to a text control when the
// user types, deletes or pastes (Input Events; HTML §4.10.5.5 for when
// input fires). Each edit fires a cancelable beforeinput, then changes
// the text at the selection, then fires input; both are trusted
// InputEvents. What Chromium 156 does at the edges was recorded
// (testdata/browser, type-*):
//   - beforeinput fires even when the edit then changes nothing (Backspace
//     at the start, typing into a field at its maxlength, a character a
//     number field refuses); input fires only when the text changed,
//     except for a paste, which always has its input event;
//   - a readonly control gets the beforeinput of typed text, and nothing
//     of deletions or line breaks; it never changes;
//   - a single-line field drops trailing line breaks of inserted text and
//     turns the others into spaces; maxlength (in UTF-16 code units, text
//     types and textarea only) cuts what does not fit, never inside a
//     character;
//   - a number field takes digits, "+", "-", one "e" or "E", and one "."
//     before the exponent, and refuses the rest.

// The input types of the edits EditAsUser performs.
const (
	InputInsertText            = "insertText"
	InputInsertFromPaste       = "insertFromPaste"
	InputInsertLineBreak       = "insertLineBreak"
	InputDeleteContentBackward = "deleteContentBackward"
	InputDeleteContentForward  = "deleteContentForward"
	InputDeleteWordBackward    = "deleteWordBackward"
	InputDeleteWordForward     = "deleteWordForward"
	InputDeleteByCut           = "deleteByCut"
)

// EditAsUser performs at the element the edit of kind inputType a user's
// input makes, as Chromium's editor does for trusted input: a cancelable
// beforeinput InputEvent, then the change at the selection, then input.
// inputType is one of:
//
//   - InputInsertText, InputInsertFromPaste: data replaces the selection;
//     beforeinput carries data as given, input what went in (a paste
//     into a single-line field has its line breaks made spaces, maxlength
//     cuts it); a paste that inserts nothing still fires input, with null
//     data, as in Chromium;
//   - InputInsertLineBreak: a line break (a textarea only);
//   - InputDeleteContentBackward, InputDeleteContentForward: the selection,
//     or the character before (after) the caret, is deleted;
//   - InputDeleteWordBackward, InputDeleteWordForward: the selection, or
//     the word before (after) the caret, is deleted (Control+Backspace,
//     Control+Delete);
//   - InputDeleteByCut: the selection is deleted.
//
// The element must be a textarea or an input edited as text (text,
// search, url, tel, email, password, number); a disabled one is left
// alone and a readonly one gets what Chromium fires at it (see above).
// The edit marks the value as the user's, so change fires when the
// control loses focus or Enter commits it, and maxlength's tooLong
// applies. Key events are the caller's: DispatchTrusted runs this for
// keypress and for Backspace and Delete.
//
// The result reports whether the text changed. The error is an
// ErrInvalidState DOMError for another element, ErrNotSupported for
// another inputType, or the listeners that panicked.
func (n *Node) EditAsUser(inputType, data string) (bool, error) {
	if !textControl(n.h) {
		return false, domErrorf(ErrInvalidState, "EditAsUser: %s is not a text control (textarea, or input of type text, search, url, tel, email, password, number)", n.describe())
	}
	switch inputType {
	case InputInsertText, InputInsertFromPaste:
		return n.doc.insertAsUser(n.h, inputType, data)
	case InputInsertLineBreak:
		return n.doc.insertAsUser(n.h, inputType, "\n")
	case InputDeleteContentBackward, InputDeleteContentForward, InputDeleteWordBackward, InputDeleteWordForward, InputDeleteByCut:
		return n.doc.deleteAsUser(n.h, inputType)
	}
	return false, domErrorf(ErrNotSupported, "EditAsUser: input type %q is not one of insertText, insertFromPaste, insertLineBreak, deleteContentBackward, deleteContentForward, deleteWordBackward, deleteWordForward, deleteByCut", inputType)
}

// fireInputEvent fires a trusted beforeinput (cancelable) or input at h.
// A nil data is the interface's null.
func (d *Document) fireInputEvent(h *html.Node, typ, inputType string, data *string) (bool, error) {
	init := InputEventInit{EventInit: EventInit{Bubbles: true, Cancelable: typ == "beforeinput", Composed: true}}
	init.View = d.window
	init.InputType = inputType
	init.Data = data
	return dispatchAs(d.wrap(h), NewInputEvent(typ, init), true)
}

// editableNow reports whether h can take an edit: a connected text
// control that is neither disabled nor readonly.
func (d *Document) editableNow(h *html.Node) bool {
	return textControl(h) && !actuallyDisabled(h) && !hasAttr(h, "readonly") && d.connected(h)
}

// insertAsUser inserts text at h's selection as a user's typing, paste or
// Enter does.
func (d *Document) insertAsUser(h *html.Node, inputType, text string) (bool, error) {
	if actuallyDisabled(h) {
		return false, nil
	}
	readonly := hasAttr(h, "readonly")
	if readonly && inputType != InputInsertText {
		// Chromium fires nothing for a paste or a line break into a
		// readonly control.
		return false, nil
	}
	if inputType == InputInsertLineBreak && !isHTML(h, atom.Textarea) {
		return false, nil
	}
	data := &text
	if inputType == InputInsertLineBreak {
		data = nil // null, as in Chromium
	}
	ok, err := d.fireInputEvent(h, "beforeinput", inputType, data)
	// A listener may have changed the control: the edit applies to what
	// it is now.
	if !ok || readonly || !d.editableNow(h) {
		return false, err
	}
	n := d.wrap(h)
	cur := utf16.Encode([]rune(n.editText()))
	sel := n.selection()
	ins := n.insertable(text, cur, sel)
	if len(ins) == 0 {
		if inputType == InputInsertFromPaste {
			// Chromium fires input for a paste that inserted nothing,
			// with null data (type-paste-maxlength).
			_, ierr := d.fireInputEvent(h, "input", inputType, nil)
			return false, errors.Join(err, ierr)
		}
		return false, err
	}
	out := make([]uint16, 0, len(cur)-(sel.end-sel.start)+len(ins))
	out = append(append(append(out, cur[:sel.start]...), ins...), cur[sel.end:]...)
	n.setEditedText(string(utf16.Decode(out)))
	caret := sel.start + len(ins)
	n.putSelection(sel, textSelection{start: caret, end: caret})
	// input carries what was inserted: a paste made fit for the field
	// has the text that went in (type-paste-input).
	if inputType != InputInsertLineBreak {
		data = new(string(utf16.Decode(ins)))
	}
	_, ierr := d.fireInputEvent(h, "input", inputType, data)
	return true, errors.Join(err, ierr)
}

// lineBreaksToSpaces is how a single-line field takes the line breaks
// inside pasted text: each becomes a space, as in Chromium. It is made once:
// building a Replacer per keystroke cost an eighth of a typing test's time.
var lineBreaksToSpaces = strings.NewReplacer("\r\n", " ", "\r", " ", "\n", " ")

// insertable is the part of text the control takes at sel: line breaks
// made fit for a single-line field, characters a number field refuses
// dropped, and what maxlength leaves room for.
func (n *Node) insertable(text string, cur []uint16, sel textSelection) []uint16 {
	typ := ""
	if isHTML(n.h, atom.Input) {
		typ = inputType(n.h)
		if strings.ContainsAny(text, "\r\n") {
			text = lineBreaksToSpaces.Replace(strings.TrimRight(text, "\r\n"))
		}
	} else {
		text = normalizeNewlines(text)
	}
	if typ == "number" {
		text = numberInsertable(string(utf16.Decode(cur[:sel.start])), string(utf16.Decode(cur[sel.end:])), text)
	}
	ins := utf16.Encode([]rune(text))
	if limit, ok := n.maxLength(typ); ok {
		room := limit - (len(cur) - (sel.end - sel.start))
		if room < len(ins) {
			room = max(room, 0)
			// Never cut a surrogate pair in half.
			if room > 0 && isHighSurrogate(ins[room-1]) {
				room--
			}
			ins = ins[:room]
		}
	}
	return ins
}

// maxLength returns the control's maximum length when maxlength applies
// (textarea; input types text, search, url, tel, email, password) and is
// valid.
func (n *Node) maxLength(typ string) (int, bool) {
	switch typ {
	case "", "text", "search", "url", "tel", "email", "password":
	default:
		return 0, false
	}
	v, ok := attrVal(n.h, "maxlength")
	if !ok {
		return 0, false
	}
	return parseNonNegative(v)
}

// numberInsertable keeps the characters of text a number field takes
// between before and after, as Chromium 156 filters them: digits, "+"
// and "-" anywhere, one "e" or "E", one "." that is not after the "e".
func numberInsertable(before, after, text string) string {
	var b strings.Builder
	hasE := strings.ContainsAny(before, "eE") || strings.ContainsAny(after, "eE")
	hasDot := strings.Contains(before, ".") || strings.Contains(after, ".")
	eBefore := strings.ContainsAny(before, "eE")
	for _, r := range text {
		switch {
		case '0' <= r && r <= '9', r == '+', r == '-':
		case r == 'e' || r == 'E':
			if hasE {
				continue
			}
			hasE, eBefore = true, true
		case r == '.':
			if hasDot || eBefore {
				continue
			}
			hasDot = true
		default:
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// deleteAsUser deletes at h's selection as Backspace, Delete or a cut do.
func (d *Document) deleteAsUser(h *html.Node, inputType string) (bool, error) {
	if actuallyDisabled(h) || hasAttr(h, "readonly") {
		return false, nil
	}
	ok, err := d.fireInputEvent(h, "beforeinput", inputType, nil)
	if !ok || !d.editableNow(h) {
		return false, err
	}
	n := d.wrap(h)
	cur := utf16.Encode([]rune(n.editText()))
	sel := n.selection()
	from, to := sel.start, sel.end
	if from == to {
		switch inputType {
		case InputDeleteContentBackward:
			from = prevChar(cur, from)
		case InputDeleteContentForward:
			to = nextChar(cur, to)
		case InputDeleteWordBackward:
			from = prevWordStart(cur, from)
		case InputDeleteWordForward:
			to = nextWordEnd(cur, to)
		}
	}
	if from == to {
		return false, err
	}
	out := make([]uint16, 0, len(cur)-(to-from))
	out = append(append(out, cur[:from]...), cur[to:]...)
	n.setEditedText(string(utf16.Decode(out)))
	n.putSelection(sel, textSelection{start: from, end: from})
	_, ierr := d.fireInputEvent(h, "input", inputType, nil)
	return true, errors.Join(err, ierr)
}

// prevChar is the offset of the character before offset i (a surrogate
// pair is one character).
func prevChar(s []uint16, i int) int {
	if i <= 0 {
		return 0
	}
	if i >= 2 && isLowSurrogate(s[i-1]) && isHighSurrogate(s[i-2]) {
		return i - 2
	}
	return i - 1
}

// nextChar is the offset after the character at offset i.
func nextChar(s []uint16, i int) int {
	if i >= len(s) {
		return len(s)
	}
	if i+1 < len(s) && isHighSurrogate(s[i]) && isLowSurrogate(s[i+1]) {
		return i + 2
	}
	return i + 1
}

func isHighSurrogate(u uint16) bool { return 0xd800 <= u && u < 0xdc00 }
func isLowSurrogate(u uint16) bool  { return 0xdc00 <= u && u < 0xe000 }

// setEditedText sets the text of a control as the user's edit: the value
// (sanitized by the input's type, which keeps the typed text beside it
// when they differ), the dirty value flag, the mark of a user edit, and
// the value before the edits for the change event.
func (n *Node) setEditedText(text string) {
	d := n.doc
	d.noteUserEdit(n.h, n.Value())
	st := d.state(n.h)
	st.dirtyValue, st.userEdit = true, true
	if isHTML(n.h, atom.Textarea) {
		st.value = text
		return
	}
	typ := inputType(n.h)
	st.value = n.sanitize(typ, text)
	st.cleanValue = false
	st.textSet = st.value != text
	st.text, st.textType = text, typ
	if !st.textSet {
		st.text = ""
	}
}

// badInput reports a number field holding typed text that is not a
// number (its value is then empty): validity's badInput.
func (n *Node) badInput() bool {
	if !isHTML(n.h, atom.Input) || inputType(n.h) != "number" {
		return false
	}
	st := n.doc.peek(n.h)
	return st != nil && st.textSet && st.textType == "number" && st.text != "" && st.value == ""
}
