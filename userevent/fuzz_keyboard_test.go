package userevent_test

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// FuzzKeyboard presses any key sequence into a form: the result is either
// an ErrKeySyntax error before any event, or the keys are pressed; the
// fields hold valid text and the selection stays inside it.
func FuzzKeyboard(f *testing.F) {
	for _, s := range []string{
		"hello", "{Enter}", "{Shift>}[KeyA]{/Shift}", "{a>3/}", "{{[[", "{", "[KeyA", "{Backspace>5/}x",
		"{Control>}a{/Control}{Delete}", "a\tb", "{Tab}{Tab}zz{Shift>}{Tab}{/Shift}", "😀{ArrowLeft}x", "{/Shift}",
		"}]", "{Escape}{PageUp}{F5}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, keys string) {
		doc, err := vdom.Parse(strings.NewReader(`<form action=/s><input id=a name=a maxlength=5 value=ab><textarea id=t>x</textarea><input id=n type=number></form>`),
			vdom.WithURL("http://eventperk.test/"))
		if err != nil {
			t.Fatal(err)
		}
		a := doc.GetElementByID("a")
		var events int
		doc.AddEventListenerWith("keydown", vdom.NewListener(func(*vdom.Event) { events++ }), vdom.ListenerOptions{Capture: true})
		if err := a.Focus(); err != nil {
			t.Fatal(err)
		}
		err = userevent.New(doc).Keyboard(keys)
		if err != nil {
			if !errors.Is(err, userevent.ErrKeySyntax) {
				t.Fatalf("Keyboard(%q): %v", keys, err)
			}
			if events != 0 {
				t.Fatalf("Keyboard(%q) failed after %d keydowns", keys, events)
			}
			return
		}
		for _, id := range []string{"a", "t", "n"} {
			el := doc.GetElementByID(id)
			v := el.Value()
			if !utf8.ValidString(v) {
				t.Fatalf("#%s value %q is not UTF-8", id, v)
			}
			if s, ok := el.SelectionStart(); ok {
				e, _ := el.SelectionEnd()
				if s < 0 || s > e || e > el.TextLength() {
					t.Fatalf("#%s selection %d-%d of %q", id, s, e, v)
				}
			}
		}
		if a.TextLength() > 5 {
			t.Fatalf("#a holds %q past its maxlength", a.Value())
		}
	})
}
