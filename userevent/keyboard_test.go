package userevent_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

func TestKeyboardSyntax(t *testing.T) {
	// Each sequence, at an empty focused field, types what the syntax
	// says and fires these key events (keypress and input left out).
	cases := []struct {
		name, keys string
		keydowns   []string
		value      string
	}{
		{"characters", "aB1", []string{"a KeyA", "B KeyB", "1 Digit1"}, "aB1"},
		{"named keys", "x{Backspace}{Space}", []string{"x KeyX", "Backspace Backspace", "  Space"}, " "},
		{"a character in braces", "{a}{/}{>}", []string{"a KeyA", "/ Slash", "> Period"}, "a/>"},
		{"by code", "[KeyQ][Digit2]", []string{"q KeyQ", "2 Digit2"}, "q2"},
		{"by code with Shift", "[ShiftLeft>][KeyQ][Digit2][/ShiftLeft]", []string{"Shift ShiftLeft", "Q KeyQ", "@ Digit2"}, "Q@"},
		{"literal braces", "{{[[", []string{"{ BracketLeft", "[ BracketLeft"}, "{["},
		{"closing braces are characters", "}]", []string{"} BracketRight", "] BracketRight"}, "}]"},
		{"repeat and hold", "{z>3/}", []string{"z KeyZ", "z KeyZ", "z KeyZ"}, "zzz"},
		{"unknown character", "é", []string{"é "}, "é"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := keyDoc(t, `<input id=a>`)
			a := keyEl(t, doc, "a")
			keyStep(t, "focus", a.Focus())
			var got []string
			doc.AddEventListener("keydown", vdom.NewListener(func(e *vdom.Event) {
				k, _ := e.AsKeyboard()
				got = append(got, k.Key+" "+k.Code)
			}))
			keyStep(t, "keyboard", userevent.New(doc).Keyboard(c.keys))
			if diff := cmp.Diff(c.keydowns, got); diff != "" {
				t.Errorf("keydowns mismatch (-want +got):\n%s", diff)
			}
			if a.Value() != c.value {
				t.Errorf("value %q, want %q", a.Value(), c.value)
			}
		})
	}
}

func TestKeyboardSyntaxErrors(t *testing.T) {
	cases := []struct{ keys, want string }{
		{"ab{Enter", `"{" at position 2 is not closed by "}"`},
		{"[KeyA", `"[" at position 0 is not closed by "]"`},
		{"x{}", `{} at position 1: no key named`},
		{"{Entr}", `{Entr} at position 0: no key is named "Entr"`},
		{"é[KeyZZ]", `[KeyZZ] at position 1: no key has the code "KeyZZ"`},
		{"{a>x}", `{a>x} at position 0: the repeat count after > must be a number from 1 to 1000`},
		{"{a>0}", `the repeat count after > must be a number`},
		{"{/a>}", `{/a>} at position 0: a key cannot be released (/) and held (>) at once`},
		{"ok\xff", `invalid UTF-8 at position 2`},
	}
	for _, c := range cases {
		t.Run(c.keys, func(t *testing.T) {
			doc := keyDoc(t, `<input id=a>`)
			log := keyWatch(doc)
			err := userevent.New(doc).Keyboard(c.keys)
			if !errors.Is(err, userevent.ErrKeySyntax) {
				t.Fatalf("error %v, want ErrKeySyntax", err)
			}
			if !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "userevent: ") {
				t.Errorf("error %q does not say %q", err, c.want)
			}
			if len(*log) != 0 {
				t.Errorf("events fired: %v", *log)
			}
		})
	}
}

func TestKeyboardModifiers(t *testing.T) {
	doc := keyDoc(t, `<input id=a value=abc>`)
	a := keyEl(t, doc, "a")
	keyStep(t, "focus", a.Focus())
	log := keyWatch(doc)
	u := userevent.New(doc)
	// Shift held across calls, as on a keyboard.
	keyStep(t, "keyboard", u.Keyboard("{End}{Shift>}"))
	keyStep(t, "keyboard", u.Keyboard("{ArrowLeft}"))
	keyStep(t, "keyboard", u.Keyboard("{/Shift}{Control>}a{/Control}"))
	want := []keySeen{
		"keydown End #a", "keyup End #a",
		"keydown Shift+Shift #a",
		"keydown Shift+ArrowLeft #a", "select #a", "keyup Shift+ArrowLeft #a",
		"keyup Shift #a",
		"keydown Control+Control #a",
		// Control+a selects all (a range: select fires); no keypress.
		"keydown Control+a #a", "select #a", "keyup Control+a #a",
		"keyup Control #a",
	}
	if diff := cmp.Diff(want, *log); diff != "" {
		t.Errorf("events mismatch (-want +got):\n%s", diff)
	}
	start, _ := a.SelectionStart()
	end, _ := a.SelectionEnd()
	if start != 0 || end != 3 {
		t.Errorf("selection %d-%d, want 0-3", start, end)
	}
}

func TestKeyboardRepeat(t *testing.T) {
	doc := keyDoc(t, `<input id=a>`)
	a := keyEl(t, doc, "a")
	keyStep(t, "focus", a.Focus())
	log := keyWatch(doc)
	keyStep(t, "keyboard", userevent.New(doc).Keyboard("{x>2/}"))
	want := []keySeen{
		"keydown x #a", "keypress x #a", `beforeinput insertText "x" #a`, `input insertText "x" #a`,
		"keydown x (repeat) #a", "keypress x (repeat) #a", `beforeinput insertText "x" #a`, `input insertText "x" #a`,
		"keyup x #a",
	}
	if diff := cmp.Diff(want, *log); diff != "" {
		t.Errorf("events mismatch (-want +got):\n%s", diff)
	}
}

func TestKeyboardEnterAtLink(t *testing.T) {
	// Enter at a link follows it on keydown, and no keypress fires.
	doc := keyDoc(t, `<a id=l href="/next">next</a>`)
	l := keyEl(t, doc, "l")
	keyStep(t, "focus", l.Focus())
	log := keyWatch(doc)
	keyStep(t, "keyboard", userevent.New(doc).Keyboard("{Enter}"))
	if diff := cmp.Diff([]keySeen{"keydown Enter #l", "click #l", "keyup Enter #l"}, *log); diff != "" {
		t.Errorf("events mismatch (-want +got):\n%s", diff)
	}
	if n := doc.Window().Navigations(); len(n) != 1 {
		t.Errorf("navigations %v, want one", n)
	}
}

func TestKeyboardLegacyCodes(t *testing.T) {
	doc := keyDoc(t, `<input id=a>`)
	a := keyEl(t, doc, "a")
	keyStep(t, "focus", a.Focus())
	type codes struct {
		Type              string
		KeyCode, CharCode uint
	}
	var got []codes
	for _, typ := range []string{"keydown", "keypress", "keyup"} {
		a.AddEventListener(typ, vdom.NewListener(func(e *vdom.Event) {
			k, _ := e.AsKeyboard()
			got = append(got, codes{e.Type(), k.KeyCode, k.CharCode})
		}))
	}
	keyStep(t, "keyboard", userevent.New(doc).Keyboard("a"))
	want := []codes{{"keydown", 65, 0}, {"keypress", 97, 97}, {"keyup", 65, 0}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("codes mismatch (-want +got):\n%s", diff)
	}
}
