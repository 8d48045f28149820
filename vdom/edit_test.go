package vdom_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/vdom"
)

// editLog records beforeinput, input, change and select at the document,
// as "beforeinput insertText a" (the data after the input type).
func editLog(doc *vdom.Document) *[]string {
	var log []string
	for _, typ := range []string{"beforeinput", "input", "change", "select"} {
		doc.AddEventListenerWith(typ, vdom.NewListener(func(e *vdom.Event) {
			s := e.Type()
			if in, ok := e.AsInput(); ok {
				s += " " + in.InputType
				if in.Data != nil {
					s += " " + *in.Data
				}
			}
			log = append(log, s)
		}), vdom.ListenerOptions{Capture: true})
	}
	return &log
}

func TestEditAsUser(t *testing.T) {
	type step struct {
		inputType, data string
	}
	cases := []struct {
		name, html string
		caret      [2]int
		steps      []step
		events     []string
		value      string
		changed    []bool
	}{
		{"insert at the caret", `<input id=a value=ac>`, [2]int{1, 1}, []step{{vdom.InputInsertText, "b"}},
			[]string{"beforeinput insertText b", "input insertText b"}, "abc", []bool{true}},
		{"insert over a selection", `<input id=a value=abcd>`, [2]int{1, 3}, []step{{vdom.InputInsertText, "X"}},
			[]string{"beforeinput insertText X", "input insertText X"}, "aXd", []bool{true}},
		{"backward at the start: beforeinput only", `<input id=a value=ab>`, [2]int{0, 0}, []step{{vdom.InputDeleteContentBackward, ""}},
			[]string{"beforeinput deleteContentBackward"}, "ab", []bool{false}},
		{"forward at the end: beforeinput only", `<input id=a value=ab>`, [2]int{2, 2}, []step{{vdom.InputDeleteContentForward, ""}},
			[]string{"beforeinput deleteContentForward"}, "ab", []bool{false}},
		{"backward over a surrogate pair", `<input id=a value="x😀">`, [2]int{3, 3}, []step{{vdom.InputDeleteContentBackward, ""}},
			[]string{"beforeinput deleteContentBackward", "input deleteContentBackward"}, "x", []bool{true}},
		{"forward over a surrogate pair", `<input id=a value="😀x">`, [2]int{0, 0}, []step{{vdom.InputDeleteContentForward, ""}},
			[]string{"beforeinput deleteContentForward", "input deleteContentForward"}, "x", []bool{true}},
		{"cut the selection", `<input id=a value=abcd>`, [2]int{1, 3}, []step{{vdom.InputDeleteByCut, ""}},
			[]string{"beforeinput deleteByCut", "input deleteByCut"}, "ad", []bool{true}},
		{"paste: input has what went in", `<input id=a>`, [2]int{0, 0}, []step{{vdom.InputInsertFromPaste, "a\nb\n"}},
			[]string{"beforeinput insertFromPaste a\nb\n", "input insertFromPaste a b"}, "a b", []bool{true}},
		{"a paste that inserts nothing still has input", `<input id=a maxlength=1 value=x>`, [2]int{1, 1}, []step{{vdom.InputInsertFromPaste, "yz"}},
			[]string{"beforeinput insertFromPaste yz", "input insertFromPaste"}, "x", []bool{false}},
		{"line break in a textarea", `<textarea id=a>ab</textarea>`, [2]int{1, 1}, []step{{vdom.InputInsertLineBreak, ""}},
			[]string{"beforeinput insertLineBreak", "input insertLineBreak"}, "a\nb", []bool{true}},
		{"no line break in a field", `<input id=a value=ab>`, [2]int{1, 1}, []step{{vdom.InputInsertLineBreak, ""}},
			nil, "ab", []bool{false}},
		{"maxlength full", `<input id=a maxlength=2 value=ab>`, [2]int{2, 2}, []step{{vdom.InputInsertText, "c"}},
			[]string{"beforeinput insertText c"}, "ab", []bool{false}},
		{"maxlength never splits a pair", `<input id=a maxlength=2 value=a>`, [2]int{1, 1}, []step{{vdom.InputInsertText, "😀"}},
			[]string{"beforeinput insertText 😀"}, "a", []bool{false}},
		{"maxlength counts the selection out", `<textarea id=a maxlength=3>abc</textarea>`, [2]int{0, 3}, []step{{vdom.InputInsertText, "wxyz"}},
			[]string{"beforeinput insertText wxyz", "input insertText wxy"}, "wxy", []bool{true}},
		{"readonly: typed text has beforeinput", `<input id=a readonly value=r>`, [2]int{1, 1},
			[]step{{vdom.InputInsertText, "x"}, {vdom.InputDeleteContentBackward, ""}, {vdom.InputInsertFromPaste, "p"}},
			[]string{"beforeinput insertText x"}, "r", []bool{false, false, false}},
		{"disabled: nothing", `<input id=a disabled value=d>`, [2]int{1, 1}, []step{{vdom.InputInsertText, "x"}},
			nil, "d", []bool{false}},
		{"number refuses letters", `<input id=a type=number>`, [2]int{0, 0}, []step{{vdom.InputInsertText, "1a"}, {vdom.InputInsertText, "x"}},
			[]string{"beforeinput insertText 1a", "input insertText 1", "beforeinput insertText x"}, "1", []bool{true, false}},
		{"number: one dot, not after e", `<input id=a type=number>`, [2]int{0, 0}, []step{{vdom.InputInsertText, "1.2.3e.4E"}},
			[]string{"beforeinput insertText 1.2.3e.4E", "input insertText 1.23e4"}, "1.23e4", []bool{true}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := vdom.ParseString(c.html)
			a := byID(t, doc, "a")
			if err := a.SelectAsUser(c.caret[0], c.caret[1]); err != nil {
				t.Fatal(err)
			}
			log := editLog(doc)
			var changed []bool
			for _, s := range c.steps {
				ok, err := a.EditAsUser(s.inputType, s.data)
				if err != nil {
					t.Fatal(err)
				}
				changed = append(changed, ok)
			}
			if diff := cmp.Diff(c.events, *log); diff != "" {
				t.Errorf("events mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(c.changed, changed); diff != "" {
				t.Errorf("results mismatch (-want +got):\n%s", diff)
			}
			if a.Value() != c.value {
				t.Errorf("value %q, want %q", a.Value(), c.value)
			}
		})
	}
}

func TestEditAsUserErrors(t *testing.T) {
	doc := vdom.ParseString(`<input id=a><input id=c type=checkbox><p id=p>x</p>`)
	for _, id := range []string{"c", "p"} {
		if _, err := byID(t, doc, id).EditAsUser(vdom.InputInsertText, "x"); !errors.Is(err, vdom.ErrInvalidState) {
			t.Errorf("#%s: %v, want ErrInvalidState", id, err)
		}
	}
	if _, err := byID(t, doc, "a").EditAsUser("insertReplacementText", "x"); !errors.Is(err, vdom.ErrNotSupported) {
		t.Errorf("unknown input type: %v, want ErrNotSupported", err)
	}
}

func TestEditBadInput(t *testing.T) {
	doc := vdom.ParseString(`<input id=n type=number placeholder=count>`)
	n := byID(t, doc, "n")
	if _, err := n.EditAsUser(vdom.InputInsertText, "1e"); err != nil {
		t.Fatal(err)
	}
	type state struct {
		Value, Message string
		BadInput       bool
	}
	got := state{n.Value(), n.ValidationMessage(), n.Validity().BadInput}
	// The field shows the text: no placeholder.
	if shown, err := n.Matches(":placeholder-shown"); err != nil || shown {
		t.Errorf(":placeholder-shown %v (%v) with typed text", shown, err)
	}
	if diff := cmp.Diff(state{"", "Please enter a number.", true}, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	// The text is kept: another digit makes it a number.
	if _, err := n.EditAsUser(vdom.InputInsertText, "2"); err != nil {
		t.Fatal(err)
	}
	got = state{n.Value(), n.ValidationMessage(), n.Validity().BadInput}
	if diff := cmp.Diff(state{"1e2", "", false}, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	// A program's value replaces the typed text.
	if _, err := n.EditAsUser(vdom.InputInsertText, "e"); err != nil {
		t.Fatal(err)
	}
	if err := n.SetValue("5"); err != nil {
		t.Fatal(err)
	}
	if n.Validity().BadInput || n.Value() != "5" {
		t.Errorf("after SetValue: value %q, badInput %v", n.Value(), n.Validity().BadInput)
	}
}

func TestEditChangeOnBlur(t *testing.T) {
	doc := vdom.ParseString(`<input id=a value=x><input id=b>`)
	a := byID(t, doc, "a")
	if err := a.Focus(); err != nil {
		t.Fatal(err)
	}
	log := editLog(doc)
	if _, err := a.EditAsUser(vdom.InputInsertText, "y"); err != nil {
		t.Fatal(err)
	}
	if err := byID(t, doc, "b").Focus(); err != nil {
		t.Fatal(err)
	}
	want := []string{"beforeinput insertText y", "input insertText y", "change"}
	if diff := cmp.Diff(want, *log); diff != "" {
		t.Errorf("events mismatch (-want +got):\n%s", diff)
	}
}

func TestEditKeys(t *testing.T) {
	// The keys of editing through DispatchTrusted (the replay covers the
	// recorded cases; these are the ones without a recording).
	press := func(t *testing.T, doc *vdom.Document, k vdom.KeyboardEvent) {
		t.Helper()
		k.View = doc.Window()
		init := vdom.EventInit{Bubbles: true, Cancelable: true, Composed: true}
		if _, err := vdom.DispatchTrusted(doc.ActiveElement(), vdom.NewKeyboardEvent("keydown", vdom.KeyboardEventInit{EventInit: init, KeyboardEvent: k})); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		name, html string
		start, end int
		keys       []vdom.KeyboardEvent
		want       sel
	}{
		{"ArrowUp on the first line goes to the start", "<textarea id=a>abc\nd</textarea>", 2, 2,
			[]vdom.KeyboardEvent{{Key: "ArrowUp"}}, sel{0, 0, "forward"}},
		{"ArrowDown on the last line goes to the end", "<textarea id=a>abc\nd</textarea>", 1, 1,
			[]vdom.KeyboardEvent{{Key: "ArrowDown"}, {Key: "ArrowDown"}}, sel{5, 5, "forward"}},
		{"the column is kept across a short line", "<textarea id=a>abcd\nx\nefgh</textarea>", 3, 3,
			[]vdom.KeyboardEvent{{Key: "ArrowDown"}, {Key: "ArrowDown"}}, sel{10, 10, "forward"}},
		{"Shift+ArrowDown extends forward", "<textarea id=a>ab\ncd</textarea>", 1, 1,
			[]vdom.KeyboardEvent{{Key: "ArrowDown", ShiftKey: true}}, sel{1, 4, "forward"}},
		{"Shift+End then Shift+Home crosses the anchor", "<input id=a value=abcd>", 2, 2,
			[]vdom.KeyboardEvent{{Key: "End", ShiftKey: true}, {Key: "Home", ShiftKey: true}}, sel{0, 2, "backward"}},
		{"ArrowRight over a surrogate pair", `<input id=a value="😀x">`, 0, 0,
			[]vdom.KeyboardEvent{{Key: "ArrowRight"}}, sel{2, 2, "forward"}},
		{"no caret moves in a readonly field", `<input id=a readonly value=abc>`, 3, 3,
			[]vdom.KeyboardEvent{{Key: "ArrowLeft"}, {Key: "Home", ShiftKey: true}}, sel{3, 3, "forward"}},
		{"Control+a selects in a readonly field", `<input id=a readonly value=abc>`, 3, 3,
			[]vdom.KeyboardEvent{{Key: "a", CtrlKey: true}}, sel{0, 3, "forward"}},
		{"Control+Home and Control+End in a textarea", "<textarea id=a>ab\ncd</textarea>", 4, 4,
			[]vdom.KeyboardEvent{{Key: "Home", CtrlKey: true}, {Key: "End", CtrlKey: true, ShiftKey: true}}, sel{0, 5, "forward"}},
		{"Control+ArrowRight over punctuation", `<input id=a value="a.b c">`, 0, 0,
			[]vdom.KeyboardEvent{{Key: "ArrowRight", CtrlKey: true}, {Key: "ArrowRight", CtrlKey: true}, {Key: "ArrowRight", CtrlKey: true}}, sel{3, 3, "forward"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := vdom.ParseString(c.html)
			a := byID(t, doc, "a")
			if err := a.Focus(); err != nil {
				t.Fatal(err)
			}
			if err := a.SetSelectionRange(c.start, c.end, ""); err != nil {
				t.Fatal(err)
			}
			for _, k := range c.keys {
				press(t, doc, k)
			}
			if diff := cmp.Diff(c.want, selectionOf(t, a)); diff != "" {
				t.Errorf("selection mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// InputEvent's data is nullable: null for deletions and line breaks, the
// text for insertions, and an insertion of nothing has the empty string,
// which is not null.
func TestEditInputEventDataNull(t *testing.T) {
	doc := vdom.ParseString(`<textarea id=a>xy</textarea>`)
	a := doc.GetElementByID("a")
	type data struct {
		Type, InputType string
		Data            *string
	}
	if err := a.SetSelectionRange(2, 2, ""); err != nil {
		t.Fatal(err)
	}
	var got []data
	for _, typ := range []string{"beforeinput", "input"} {
		a.AddEventListener(typ, vdom.NewListener(func(e *vdom.Event) {
			in, _ := e.AsInput()
			got = append(got, data{e.Type(), in.InputType, in.Data})
		}))
	}
	for _, st := range []struct{ inputType, data string }{
		{vdom.InputDeleteContentBackward, ""},
		{vdom.InputInsertText, ""},
		{vdom.InputInsertText, "z"},
		{vdom.InputInsertLineBreak, ""},
	} {
		if _, err := a.EditAsUser(st.inputType, st.data); err != nil {
			t.Fatal(err)
		}
	}
	want := []data{
		{"beforeinput", "deleteContentBackward", nil}, {"input", "deleteContentBackward", nil},
		{"beforeinput", "insertText", new("")}, // nothing inserted: no input
		{"beforeinput", "insertText", new("z")}, {"input", "insertText", new("z")},
		{"beforeinput", "insertLineBreak", nil}, {"input", "insertLineBreak", nil},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("data, mismatch (-want +got):\n%s", diff)
	}
}

// The event keeps its own data: neither the caller's variable nor a
// listener's change of what AsInput returned reaches it.
func TestInputEventDataIsCopied(t *testing.T) {
	s := "a"
	e := vdom.NewInputEvent("input", vdom.InputEventInit{InputEvent: vdom.InputEvent{Data: &s}})
	s = "b"
	in, _ := e.AsInput()
	*in.Data = "c"
	again, _ := e.AsInput()
	if again.Data == nil || *again.Data != "a" {
		t.Errorf("data %v, want a", again.Data)
	}
	if in, _ := vdom.NewInputEvent("input", vdom.InputEventInit{}).AsInput(); in.Data != nil {
		t.Errorf("data of an event made without it = %q, want nil", *in.Data)
	}
}
