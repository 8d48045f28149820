package vdom_test

import (
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/eventperk/eventperk-go/vdom"
)

// FuzzEdit runs any sequence of edits and selections on a text field and
// a textarea, and checks what must always hold: the value is valid UTF-8,
// the selection lies inside the text, maxlength is never passed by an
// insertion, and a deletion of a selection removes exactly it.
func FuzzEdit(f *testing.F) {
	f.Add([]byte{0, 'a', 1, 3, 0, 2, 2, 9, 4, 'x'}, "😀b")
	f.Add([]byte{3, 1, 3, 1, 5, 0, 4, 'y'}, "a\nb\r\nc")
	f.Add([]byte{2, 0, 1, 0, 6, 1, 7, 2}, "é😀")
	f.Fuzz(func(t *testing.T, ops []byte, text string) {
		doc := vdom.ParseString(`<input id=a maxlength=6 value="ab😀"><textarea id=t>x
y</textarea>`)
		for _, id := range []string{"a", "t"} {
			el := doc.GetElementByID(id)
			for i := 0; i+1 < len(ops); i += 2 {
				arg := int(ops[i+1])
				before := utf16.Encode([]rune(el.Value()))
				s, _ := el.SelectionStart()
				e, _ := el.SelectionEnd()
				switch ops[i] % 8 {
				case 0:
					if _, err := el.EditAsUser(vdom.InputInsertText, text); err != nil {
						t.Fatal(err)
					}
				case 1:
					if _, err := el.EditAsUser(vdom.InputDeleteContentBackward, ""); err != nil {
						t.Fatal(err)
					}
					if s != e {
						want := string(utf16.Decode(append(append([]uint16{}, before[:s]...), before[e:]...)))
						if el.Value() != want {
							t.Fatalf("#%s: deleting %d-%d of %q gave %q, want %q", id, s, e, string(utf16.Decode(before)), el.Value(), want)
						}
					}
				case 2:
					if _, err := el.EditAsUser(vdom.InputDeleteWordForward, ""); err != nil {
						t.Fatal(err)
					}
				case 3:
					if err := el.SelectAsUser(arg%8, arg/8); err != nil {
						t.Fatal(err)
					}
				case 4:
					if err := el.SetRangeTextWith(text, arg%4, arg%4+arg/64, vdom.RangePreserve); err != nil {
						t.Fatal(err)
					}
				case 5:
					if _, err := el.EditAsUser(vdom.InputInsertFromPaste, text); err != nil {
						t.Fatal(err)
					}
				case 6:
					if _, err := el.EditAsUser(vdom.InputDeleteWordBackward, ""); err != nil {
						t.Fatal(err)
					}
				case 7:
					if err := el.SetSelectionRange(arg%8, arg/16, ""); err != nil {
						t.Fatal(err)
					}
				}
				v := el.Value()
				if !utf8.ValidString(v) {
					t.Fatalf("#%s: value %q is not UTF-8", id, v)
				}
				s, _ = el.SelectionStart()
				e, _ = el.SelectionEnd()
				if s < 0 || s > e || e > el.TextLength() {
					t.Fatalf("#%s: selection %d-%d of %q", id, s, e, v)
				}
				if id == "a" && (ops[i]%8 == 0 || ops[i]%8 == 5) && el.TextLength() > 6 && el.TextLength() > len(before) {
					t.Fatalf("#a: %q grew past maxlength 6 to %q", string(utf16.Decode(before)), v)
				}
			}
		}
	})
}
