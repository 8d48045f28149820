package userevent_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

func TestTypeSequence(t *testing.T) {
	doc := keyDoc(t, `<input id=a>`)
	a := keyEl(t, doc, "a")
	log := keyWatch(doc)
	keyStep(t, "type", userevent.New(doc).Type(a, "ab"))
	want := concat(clicked("a"), typed("a", "a"), typed("b", "a"))
	if diff := cmp.Diff(want, *log); diff != "" {
		t.Errorf("events mismatch (-want +got):\n%s", diff)
	}
	if got := a.Value(); got != "ab" {
		t.Errorf("value %q, want \"ab\"", got)
	}
}

func TestTypeCaret(t *testing.T) {
	cases := []struct {
		name, html, text string
		opts             userevent.TypeOptions
		focusFirst       bool
		want             string
	}{
		{"appends after the value", `<input id=a value=hello>`, "X", userevent.TypeOptions{}, false, "helloX"},
		{"without a click, caret at the end too", `<input id=a value=hello>`, "X", userevent.TypeOptions{SkipClick: true}, true, "helloX"},
		{"over a selection", `<input id=a value=hello>`, "X", userevent.TypeOptions{Selection: &userevent.Selection{Start: 1, End: 4}}, false, "hXo"},
		{"at a caret", `<input id=a value=hello>`, "X", userevent.TypeOptions{Selection: &userevent.Selection{Start: 0, End: 0}}, false, "Xhello"},
		{"selection in an email field", `<input id=a type=email value=ab@cd>`, "x", userevent.TypeOptions{Selection: &userevent.Selection{Start: 0, End: 2}}, false, "x@cd"},
		{"backspace and arrows", `<input id=a value=abc>`, "{ArrowLeft}{Backspace}X{End}Y", userevent.TypeOptions{}, false, "aXcY"},
		{"textarea lines", `<textarea id=a>ab</textarea>`, "{Enter}cd{ArrowUp}X", userevent.TypeOptions{}, false, "abX\ncd"},
		{"maxlength", `<input id=a maxlength=4 value=ab>`, "cdef", userevent.TypeOptions{}, false, "abcd"},
		{"emoji in UTF-16 units", `<input id=a value=😀>`, "{Backspace}x", userevent.TypeOptions{}, false, "x"},
		{"select all with Control", `<input id=a value=abc>`, "{Control>}a{/Control}Z", userevent.TypeOptions{}, false, "Z"},
		{"Shift selects", `<input id=a value=abc>`, "{Shift>}{ArrowLeft}{ArrowLeft}{/Shift}Z", userevent.TypeOptions{}, false, "aZ"},
		{"number takes a number", `<input id=a type=number>`, "1x2.5", userevent.TypeOptions{}, false, "12.5"},
		{"braces typed", `<input id=a>`, "{{a}[[", userevent.TypeOptions{}, false, "{a}["},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := keyDoc(t, c.html)
			a := keyEl(t, doc, "a")
			if c.focusFirst {
				keyStep(t, "focus", a.Focus())
			}
			keyStep(t, "type", userevent.New(doc).TypeWith(a, c.text, c.opts))
			if got := a.Value(); got != c.want {
				t.Errorf("value %q, want %q", got, c.want)
			}
		})
	}
}

func TestTypeEnterSubmits(t *testing.T) {
	doc := keyDoc(t, `<form id=f action=/search><input id=q name=q><button id=go>Go</button></form>`)
	q := keyEl(t, doc, "q")
	log := keyWatch(doc)
	keyStep(t, "type", userevent.New(doc).Type(q, "hi{Enter}"))
	want := concat(clicked("q"), typed("h", "q"), typed("i", "q"), []keySeen{
		"keydown Enter #q", "keypress Enter #q", "beforeinput insertLineBreak null #q",
		"change #q", "click #go", "submit #f", "keyup Enter #q",
	})
	if diff := cmp.Diff(want, *log); diff != "" {
		t.Errorf("events mismatch (-want +got):\n%s", diff)
	}
	navs := doc.Window().Navigations()
	if len(navs) != 1 || navs[0].URL.String() != "http://eventperk.test/search?q=hi" {
		t.Errorf("navigations %v, want one to /search?q=hi", navs)
	}
}

func TestTypeCancelled(t *testing.T) {
	// A cancelled keydown has no keypress, a cancelled keypress no
	// beforeinput, a cancelled beforeinput no edit (type-*-cancelled).
	cases := map[string][]keySeen{
		"keydown":     {"keydown x #a", "keyup x #a"},
		"keypress":    {"keydown x #a", "keypress x #a", "keyup x #a"},
		"beforeinput": {"keydown x #a", "keypress x #a", `beforeinput insertText "x" #a`, "keyup x #a"},
	}
	for typ, want := range cases {
		t.Run(typ, func(t *testing.T) {
			doc := keyDoc(t, `<input id=a>`)
			a := keyEl(t, doc, "a")
			a.AddEventListener(typ, vdom.NewListener(func(e *vdom.Event) { e.PreventDefault() }))
			keyStep(t, "focus", a.Focus())
			log := keyWatch(doc)
			keyStep(t, "type", userevent.New(doc).TypeWith(a, "x", userevent.TypeOptions{SkipClick: true}))
			if diff := cmp.Diff(want, *log); diff != "" {
				t.Errorf("events mismatch (-want +got):\n%s", diff)
			}
			if a.Value() != "" {
				t.Errorf("value %q after a cancelled %s", a.Value(), typ)
			}
		})
	}
}

func TestTypeSkipClickUnfocused(t *testing.T) {
	// Without the click the keys go where the focus is: here the body.
	doc := keyDoc(t, `<input id=a>`)
	a := keyEl(t, doc, "a")
	log := keyWatch(doc)
	keyStep(t, "type", userevent.New(doc).TypeWith(a, "x", userevent.TypeOptions{SkipClick: true}))
	if diff := cmp.Diff([]keySeen{"keydown x body", "keypress x body", "keyup x body"}, *log); diff != "" {
		t.Errorf("events mismatch (-want +got):\n%s", diff)
	}
	if a.Value() != "" {
		t.Errorf("value %q", a.Value())
	}
}

func TestTypeRefused(t *testing.T) {
	cases := []struct {
		name, html string
		opts       []userevent.Option
		want       error
	}{
		{"readonly", `<input id=a readonly>`, nil, userevent.ErrNotEditable},
		{"readonly textarea", `<textarea id=a readonly></textarea>`, nil, userevent.ErrNotEditable},
		{"disabled", `<input id=a disabled>`, nil, userevent.ErrDisabled},
		{"hidden", `<input id=a hidden>`, nil, userevent.ErrHidden},
		{"bad syntax", `<input id=a>`, nil, userevent.ErrKeySyntax},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := keyDoc(t, c.html)
			a := keyEl(t, doc, "a")
			log := keyWatch(doc)
			text := "x"
			if c.want == userevent.ErrKeySyntax {
				text = "x{Enter"
			}
			err := userevent.New(doc, c.opts...).Type(a, text)
			if !errors.Is(err, c.want) {
				t.Fatalf("error %v, want %v", err, c.want)
			}
			if len(*log) != 0 {
				t.Errorf("events fired before the refusal: %v", *log)
			}
		})
	}
}

func TestTypeReadonlySkipChecks(t *testing.T) {
	doc := keyDoc(t, `<input id=a readonly value=ro>`)
	a := keyEl(t, doc, "a")
	log := keyWatch(doc)
	keyStep(t, "type", userevent.New(doc, userevent.SkipChecks()).Type(a, "x{Backspace}"))
	// Chromium fires the beforeinput of typed text at a readonly field,
	// nothing of a deletion, and edits nothing (type-readonly).
	want := concat(clicked("a"), []keySeen{
		"keydown x #a", "keypress x #a", `beforeinput insertText "x" #a`, "keyup x #a",
		"keydown Backspace #a", "keyup Backspace #a",
	})
	if diff := cmp.Diff(want, *log); diff != "" {
		t.Errorf("events mismatch (-want +got):\n%s", diff)
	}
	if a.Value() != "ro" {
		t.Errorf("value %q, want ro", a.Value())
	}
}

func TestTypeListenerPanic(t *testing.T) {
	doc := keyDoc(t, `<input id=a>`)
	a := keyEl(t, doc, "a")
	a.AddEventListener("input", vdom.NewListener(func(*vdom.Event) { panic("boom") }))
	err := userevent.New(doc).Type(a, "xy")
	if err == nil {
		t.Fatal("no error for a panicking input listener")
	}
	if a.Value() != "xy" {
		t.Errorf("value %q: the other keys must still be typed", a.Value())
	}
}
