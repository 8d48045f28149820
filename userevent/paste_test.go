package userevent_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

func TestPaste(t *testing.T) {
	cases := []struct {
		name, html, text string
		cancel           bool
		events           []keySeen
		value            string
	}{
		// focus() leaves the caret where it was: at the start of a field
		// never focused, as in Chromium.
		{"into a field", `<input id=a value=xy>`, "ab", false,
			[]keySeen{"paste #a", `beforeinput insertFromPaste "ab" #a`, `input insertFromPaste "ab" #a`}, "abxy"},
		{"line breaks become spaces", `<input id=a>`, "a\nb\r\n", false,
			[]keySeen{"paste #a", "beforeinput insertFromPaste \"a\nb\r\n\" #a", `input insertFromPaste "a b" #a`}, "a b"},
		{"textarea keeps them", `<textarea id=a></textarea>`, "a\r\nb", false,
			[]keySeen{"paste #a", "beforeinput insertFromPaste \"a\r\nb\" #a", "input insertFromPaste \"a\nb\" #a"}, "a\nb"},
		{"maxlength cuts", `<input id=a maxlength=3>`, "abcdef", false,
			[]keySeen{"paste #a", `beforeinput insertFromPaste "abcdef" #a`, `input insertFromPaste "abc" #a`}, "abc"},
		{"nothing fits: input anyway", `<input id=a maxlength=1 value=z>`, "abc", false,
			[]keySeen{"paste #a", `beforeinput insertFromPaste "abc" #a`, "input insertFromPaste null #a"}, "z"},
		{"cancelled", `<input id=a>`, "ab", true, []keySeen{"paste #a"}, ""},
		{"a button takes no text", `<button id=a>b</button>`, "ab", false, []keySeen{"paste #a"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := keyDoc(t, c.html)
			a := keyEl(t, doc, "a")
			if c.cancel {
				a.AddEventListener("paste", vdom.NewListener(func(e *vdom.Event) { e.PreventDefault() }))
			}
			keyStep(t, "focus", a.Focus())
			log := keyWatch(doc)
			keyStep(t, "paste", userevent.New(doc).Paste(c.text))
			if diff := cmp.Diff(c.events, *log); diff != "" {
				t.Errorf("events mismatch (-want +got):\n%s", diff)
			}
			if a.Value() != c.value {
				t.Errorf("value %q, want %q", a.Value(), c.value)
			}
		})
	}
}

func TestPasteEvent(t *testing.T) {
	doc := keyDoc(t, `<input id=a>`)
	a := keyEl(t, doc, "a")
	keyStep(t, "focus", a.Focus())
	type flags struct {
		Interface                    string
		Trusted, Bubbles, Cancelable bool
		Text                         string
	}
	var got flags
	a.AddEventListener("paste", vdom.NewListener(func(e *vdom.Event) {
		c, _ := e.AsClipboard()
		got = flags{e.Interface(), e.IsTrusted(), e.Bubbles(), e.Cancelable(), c.Text}
	}))
	keyStep(t, "paste", userevent.New(doc).Paste("x"))
	if diff := cmp.Diff(flags{"ClipboardEvent", true, true, true, "x"}, got); diff != "" {
		t.Errorf("paste event mismatch (-want +got):\n%s", diff)
	}
}

func TestPasteReadonly(t *testing.T) {
	doc := keyDoc(t, `<textarea id=a readonly></textarea>`)
	a := keyEl(t, doc, "a")
	keyStep(t, "focus", a.Focus())
	if err := userevent.New(doc).Paste("x"); !errors.Is(err, userevent.ErrNotEditable) {
		t.Fatalf("error %v, want ErrNotEditable", err)
	}
}
