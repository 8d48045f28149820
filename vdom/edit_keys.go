package vdom

import (
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The keys of text editing, as Chromium on Linux binds them in a text
// control (its editing behaviour table): a keypress of a character types
// it, Enter in a textarea breaks the line, Backspace and Delete delete
// (with Control a word), the arrows, Home and End move the caret (with
// Shift they extend the selection; Control with ArrowLeft and ArrowRight
// moves by words, with Home and End to the ends of the text), Control+a
// selects all, Escape clears a search field. In a readonly control only
// Control+a does something: Chromium moves no caret there. PageUp and
// PageDown need layout and do nothing.
// Without layout a textarea's lines are its text's lines (no soft
// wrapping) and a column is a count of UTF-16 code units, as in a
// monospace font, the textarea's default.

// editKeyDown runs the editing default actions of a trusted keydown at h
// and reports whether the key was one of them.
func (d *Document) editKeyDown(h *html.Node, k *KeyboardEvent) (bool, error) {
	if !textControl(h) || actuallyDisabled(h) || k.AltKey || k.MetaKey {
		return false, nil
	}
	n := d.wrap(h)
	if k.CtrlKey && !k.ShiftKey && (k.Key == "a" || k.Key == "A") {
		// Select all fires select whenever the text is not empty, even
		// when all of it was selected already (testdata/browser,
		// type-select-events): only selectionchange needs a change.
		l := utf16Len(n.editText())
		n.setSelection(0, l, dirNone)
		if l == 0 {
			return true, nil
		}
		n.notePrimary()
		return true, n.fireSelectNow()
	}
	// Chromium moves no caret in a readonly control (type-readonly-select).
	moves := !hasAttr(h, "readonly")
	switch k.Key {
	case "Backspace":
		if k.CtrlKey {
			_, err := d.deleteAsUser(h, InputDeleteWordBackward)
			return true, err
		}
		_, err := d.deleteAsUser(h, InputDeleteContentBackward)
		return true, err
	case "Delete":
		if k.CtrlKey {
			_, err := d.deleteAsUser(h, InputDeleteWordForward)
			return true, err
		}
		if k.ShiftKey {
			// Shift+Delete is cut, which needs a clipboard.
			return false, nil
		}
		_, err := d.deleteAsUser(h, InputDeleteContentForward)
		return true, err
	case "ArrowLeft", "ArrowRight", "Home", "End":
		if !moves {
			return true, nil
		}
		return true, n.moveCaret(k.Key, k.ShiftKey, k.CtrlKey)
	case "ArrowUp", "ArrowDown":
		if !moves || k.CtrlKey {
			return moves, nil
		}
		return true, n.moveCaret(k.Key, k.ShiftKey, false)
	case "Escape":
		if k.CtrlKey || k.ShiftKey {
			return false, nil
		}
		return d.clearSearch(h)
	}
	return false, nil
}

// editKeyPress runs the editing default actions of a trusted keypress at
// h: a character is typed, Enter breaks a textarea's line. It reports
// whether it handled the key (Enter at an input is implicit submission's).
func (d *Document) editKeyPress(h *html.Node, k *KeyboardEvent) (bool, error) {
	if !textControl(h) || actuallyDisabled(h) || k.CtrlKey || k.AltKey || k.MetaKey {
		return false, nil
	}
	if k.Key == "Enter" {
		if !isHTML(h, atom.Textarea) {
			return false, nil
		}
		_, err := d.insertAsUser(h, InputInsertLineBreak, "\n")
		return true, err
	}
	if !typedCharacter(k.Key) {
		return false, nil
	}
	_, err := d.insertAsUser(h, InputInsertText, k.Key)
	return true, err
}

// typedCharacter reports whether a key value is a character the key types
// (one code point that is not a control character), not a named key.
func typedCharacter(key string) bool {
	r, size := utf8.DecodeRuneInString(key)
	return size > 0 && size == len(key) && r != utf8.RuneError && !unicode.IsControl(r)
}

// clearSearch is Escape in a search field with text: a user's edit to
// the empty text, with an input event (an Event, not an InputEvent, as in
// Chromium). It reports whether it cleared the field.
func (d *Document) clearSearch(h *html.Node) (bool, error) {
	if !isHTML(h, atom.Input) || inputType(h) != "search" || !d.editableNow(h) {
		return false, nil
	}
	n := d.wrap(h)
	if n.editText() == "" {
		return false, nil
	}
	old := n.selection()
	n.setEditedText("")
	n.putSelection(old, textSelection{})
	_, err := dispatchAs(n, NewEventWith("input", EventInit{Bubbles: true, Composed: true}), true)
	return true, err
}

// moveCaret moves the caret as an arrow key, Home or End does, or, with
// extend (Shift), moves the selection's focus end and keeps its anchor.
// With word (Control) ArrowLeft and ArrowRight move by words, Home and
// End to the start and end of the whole text.
func (n *Node) moveCaret(key string, extend, word bool) error {
	text := utf16.Encode([]rune(n.editText()))
	sel := n.selection()
	anchor, focus := sel.start, sel.end
	if sel.dir == dirBackward {
		anchor, focus = sel.end, sel.start
	}
	multiline := isHTML(n.h, atom.Textarea)
	goal, hasGoal := sel.goal, sel.hasGoal
	vertical := key == "ArrowUp" || key == "ArrowDown"
	if vertical && !hasGoal {
		goal = focus - lineStart(text, focus)
		if !extend && sel.start != sel.end {
			from := sel.start
			if key == "ArrowDown" {
				from = sel.end
			}
			goal = from - lineStart(text, from)
		}
	}
	if !extend && !word && sel.start != sel.end {
		// A selection collapses: Left and Up from its start, Right and
		// Down from its end; Home and End from there.
		switch key {
		case "ArrowLeft":
			return n.userSelect(sel.start, sel.start, dirNone)
		case "ArrowRight":
			return n.userSelect(sel.end, sel.end, dirNone)
		case "ArrowUp", "Home":
			focus = sel.start
		default:
			focus = sel.end
		}
	}
	var to int
	switch {
	case word && key == "ArrowLeft":
		to = prevWordStart(text, focus)
	case word && key == "ArrowRight":
		to = nextWordEnd(text, focus)
	case word && key == "Home":
		to = 0
	case word && key == "End":
		to = len(text)
	case key == "ArrowLeft":
		to = prevChar(text, focus)
	case key == "ArrowRight":
		to = nextChar(text, focus)
	case key == "Home":
		to = 0
		if multiline {
			to = lineStart(text, focus)
		}
	case key == "End":
		to = len(text)
		if multiline {
			to = lineEnd(text, focus)
		}
	case key == "ArrowUp":
		to = 0
		if multiline {
			if ls := lineStart(text, focus); ls > 0 {
				prev := lineStart(text, ls-1)
				to = prev + min(goal, ls-1-prev)
			}
		}
	case key == "ArrowDown":
		to = len(text)
		if multiline {
			if le := lineEnd(text, focus); le < len(text) {
				next := le + 1
				to = next + min(goal, lineEnd(text, next)-next)
			}
		}
	}
	var err error
	switch {
	case !extend:
		err = n.userSelect(to, to, dirNone)
	case to < anchor:
		err = n.userSelect(to, anchor, dirBackward)
	case to > anchor:
		err = n.userSelect(anchor, to, dirForward)
	default:
		err = n.userSelect(anchor, anchor, dirNone)
	}
	if vertical {
		st := n.doc.state(n.h)
		st.sel.goal, st.sel.hasGoal = goal, true
	}
	return err
}

// lineStart is the offset where the line holding offset i starts.
func lineStart(s []uint16, i int) int {
	for i > 0 && s[i-1] != '\n' {
		i--
	}
	return i
}

// lineEnd is the offset of the end of the line holding offset i (its line
// break, or the end of the text).
func lineEnd(s []uint16, i int) int {
	for i < len(s) && s[i] != '\n' {
		i++
	}
	return i
}

// mouseCaret puts the caret at the end of a text control a mousedown
// focused or hit: where a click past the end of its text puts it (vdom
// has no layout to find the character under the pointer). The mousedown
// of a double click (detail 2) selects the word there instead: the last
// word of the text, as Chromium selects it for a double click past the
// end (testdata/browser, pointer-dblclick-input-*), except in a number
// field, where Chromium selects nothing. With Shift held the selection
// extends to the end instead. The mouseup that ends a selection by the
// mouse queues select.
func (d *Document) mouseCaret(h *html.Node, e *Event) {
	switch e.Type() {
	case "mousedown":
		if !textControl(h) || d.focus.node != h {
			return
		}
		n := d.wrap(h)
		text := utf16.Encode([]rune(n.editText()))
		l := len(text)
		m, _ := e.AsMouse()
		switch {
		case m.ShiftKey:
			// Shift extends the selection from its anchor to where the
			// click lands (pointer-shift-click-text); its select event
			// is queued at the mouseup, as for any selection by the
			// mouse.
			sel := n.selection()
			anchor := sel.start
			if sel.dir == dirBackward {
				anchor = sel.end
			}
			dir := dirForward
			if anchor == l {
				dir = dirNone
			}
			if n.setSelection(anchor, l, dir) {
				n.notePrimary()
				d.page().mouseSelect = h
			}
		case m.Detail == 2 && inputType(h) != "number":
			if n.setSelection(wordBefore(text, l), l, dirNone) {
				n.notePrimary()
				d.page().mouseSelect = h
			}
		default:
			n.setSelection(l, l, dirNone)
		}
	case "mouseup":
		p := d.pageIfAny()
		if p == nil || p.mouseSelect == nil {
			return
		}
		// The gesture that selected ends: select is queued, after the
		// click and dblclick this mouseup leads to (Chromium fires it
		// after them, also while the button stays down a moment:
		// pointer-dblclick-input-*).
		d.wrap(p.mouseSelect).queueSelect()
		p.mouseSelect = nil
	}
}

// wordBefore is the start of the word that ends at offset i, as a double
// click finds it: the run of word characters, or of spaces, before i, or
// the one other character there.
func wordBefore(s []uint16, i int) int {
	if i == 0 {
		return 0
	}
	r, j := runeBefore(s, i)
	class := wordClass(r)
	if class == 2 {
		return j
	}
	for i = j; i > 0; i = j {
		r, j = runeBefore(s, i)
		if wordClass(r) != class {
			break
		}
	}
	return i
}

// tabSelect selects all the text of an input that Tab focused, as Chromium
// does (a textarea keeps its selection), and queues select when that
// changed the selection.
func (d *Document) tabSelect(h *html.Node) {
	if d.focus.node != h || !isHTML(h, atom.Input) || !textControl(h) {
		return
	}
	n := d.wrap(h)
	if n.setSelection(0, utf16Len(n.editText()), dirNone) {
		n.queueSelect()
	}
}

// Words, as Chromium's word moves and deletions find them in the cases
// recorded (type-word-keys*): a word is a run of letters, digits, marks
// and underscores; any other character that is not a space is a word of
// its own. Moving back skips spaces, then goes to the start of the word
// before; moving on skips spaces, then goes to the end of the next word.

// wordClass is 0 for a space, 1 for a word character, 2 for another.
func wordClass(r rune) int {
	switch {
	case unicode.IsSpace(r):
		return 0
	case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) || r == '_':
		return 1
	}
	return 2
}

// runeBefore decodes the character that ends at offset i.
func runeBefore(s []uint16, i int) (rune, int) {
	j := prevChar(s, i)
	return utf16.Decode(s[j:i])[0], j
}

// runeAt decodes the character that starts at offset i.
func runeAt(s []uint16, i int) (rune, int) {
	j := nextChar(s, i)
	return utf16.Decode(s[i:j])[0], j
}

func prevWordStart(s []uint16, i int) int {
	for i > 0 {
		r, j := runeBefore(s, i)
		if wordClass(r) != 0 {
			break
		}
		i = j
	}
	if i == 0 {
		return 0
	}
	r, j := runeBefore(s, i)
	if wordClass(r) == 2 {
		return j
	}
	for i > 0 {
		r, j := runeBefore(s, i)
		if wordClass(r) != 1 {
			break
		}
		i = j
	}
	return i
}

func nextWordEnd(s []uint16, i int) int {
	for i < len(s) {
		r, j := runeAt(s, i)
		if wordClass(r) != 0 {
			break
		}
		i = j
	}
	if i == len(s) {
		return i
	}
	r, j := runeAt(s, i)
	if wordClass(r) == 2 {
		return j
	}
	for i < len(s) {
		r, j := runeAt(s, i)
		if wordClass(r) != 1 {
			break
		}
		i = j
	}
	return i
}
