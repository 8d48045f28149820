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
// it, Enter in a textarea breaks the line, Backspace and Delete delete,
// the arrows, Home and End move the caret (with Shift they extend the
// selection), Control+a selects all, Escape clears a search field.
// Without layout a textarea's lines are its text's lines (no soft
// wrapping) and a column is a count of UTF-16 code units, as in a
// monospace font, the textarea's default.

// editKeyDown runs the editing default actions of a trusted keydown at h
// and reports whether the key was one of them.
func (d *Document) editKeyDown(h *html.Node, k *KeyboardEvent) (bool, error) {
	if !textControl(h) || actuallyDisabled(h) {
		return false, nil
	}
	n := d.wrap(h)
	if k.CtrlKey && !k.AltKey && !k.MetaKey && !k.ShiftKey && (k.Key == "a" || k.Key == "A") {
		return true, n.userSelect(0, utf16Len(n.editText()), dirNone)
	}
	if k.CtrlKey || k.AltKey || k.MetaKey {
		return false, nil
	}
	switch k.Key {
	case "Backspace":
		_, err := d.deleteAsUser(h, InputDeleteContentBackward)
		return true, err
	case "Delete":
		_, err := d.deleteAsUser(h, InputDeleteContentForward)
		return true, err
	case "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End":
		return true, n.moveCaret(k.Key, k.ShiftKey)
	case "Escape":
		return true, d.clearSearch(h)
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

// clearSearch is Escape in a search field: a user's edit to the empty
// text, with an input event (an Event, not an InputEvent, as in Chromium).
func (d *Document) clearSearch(h *html.Node) error {
	if !isHTML(h, atom.Input) || inputType(h) != "search" || !d.editableNow(h) {
		return nil
	}
	n := d.wrap(h)
	if n.editText() == "" {
		return nil
	}
	n.setEditedText("")
	d.state(h).sel = textSelection{}
	_, err := dispatchAs(n, NewEventWith("input", EventInit{Bubbles: true, Composed: true}), true)
	return err
}

// moveCaret moves the caret as an arrow key, Home or End does, or, with
// extend (Shift), moves the selection's focus end and keeps its anchor.
func (n *Node) moveCaret(key string, extend bool) error {
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
	to := focus
	if !extend && sel.start != sel.end {
		// A selection collapses: Left and Up from its start, Right and
		// Down from its end; Home and End from there.
		switch key {
		case "ArrowLeft":
			return n.userSelect(sel.start, sel.start, dirNone)
		case "ArrowRight":
			return n.userSelect(sel.end, sel.end, dirNone)
		case "ArrowUp", "Home":
			to = sel.start
		default:
			to = sel.end
		}
		focus = to
	}
	switch key {
	case "ArrowLeft":
		to = prevChar(text, focus)
	case "ArrowRight":
		to = nextChar(text, focus)
	case "Home":
		to = 0
		if multiline {
			to = lineStart(text, focus)
		}
	case "End":
		to = len(text)
		if multiline {
			to = lineEnd(text, focus)
		}
	case "ArrowUp":
		to = 0
		if multiline {
			if ls := lineStart(text, focus); ls > 0 {
				prev := lineStart(text, ls-1)
				to = prev + min(goal, ls-1-prev)
			}
		}
	case "ArrowDown":
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
// has no layout to find the character under the pointer).
func (d *Document) mouseCaret(h *html.Node, e *Event) {
	if e.typ != "mousedown" || !textControl(h) || d.focus.node != h {
		return
	}
	n := d.wrap(h)
	l := utf16Len(n.editText())
	n.setSelection(l, l, dirNone)
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
