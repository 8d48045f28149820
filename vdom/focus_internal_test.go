package vdom

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A text field a user edited fires change when it loses focus, before
// blur, and only when the value differs from before the edits.
func TestFocusChangeOnBlur(t *testing.T) {
	cases := []struct {
		name string
		do   func(d *Document)
		want []string
	}{
		{"edited, then focus moves", func(d *Document) {
			d.GetElementByID("t").setUserValue("hello")
			_ = d.GetElementByID("b").Focus()
		}, []string{"change t trusted", "blur t", "focusout t", "focus b", "focusin b"}},
		{"edited, then Blur", func(d *Document) {
			d.GetElementByID("t").setUserValue("hello")
			_ = d.GetElementByID("t").Blur()
		}, []string{"change t trusted", "blur t", "focusout t"}},
		{"edited back to the old value", func(d *Document) {
			d.GetElementByID("t").setUserValue("hello")
			d.GetElementByID("t").setUserValue("start")
			_ = d.GetElementByID("t").Blur()
		}, []string{"blur t", "focusout t"}},
		{"changed by the program only", func(d *Document) {
			_ = d.GetElementByID("t").SetValue("script")
			_ = d.GetElementByID("t").Blur()
		}, []string{"blur t", "focusout t"}},
		{"committed once", func(d *Document) {
			d.GetElementByID("t").setUserValue("hello")
			_ = d.GetElementByID("t").Blur()
			_ = d.GetElementByID("t").Focus()
			_ = d.GetElementByID("t").Blur()
		}, []string{"change t trusted", "blur t", "focusout t", "focus t", "focusin t", "blur t", "focusout t"}},
		{"textarea", func(d *Document) {
			_ = d.GetElementByID("a").Focus()
			d.GetElementByID("a").setUserValue("x")
			d.GetElementByID("a").Remove()
		}, []string{"blur t", "focusout t", "focus a", "focusin a", "change a trusted", "blur a", "focusout a"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := ParseString(`<input id="t" value="start"><textarea id="a"></textarea><button id="b">b</button>`)
			_ = d.GetElementByID("t").Focus()
			var got []string
			for _, typ := range []string{"change", "blur", "focusout", "focus", "focusin"} {
				d.AddEventListenerWith(typ, NewListener(func(e *Event) {
					s := e.Type() + " " + e.Target().(*Node).ID()
					if typ == "change" && e.IsTrusted() && e.Bubbles() && !e.Cancelable() {
						s += " trusted"
					}
					got = append(got, s)
				}), ListenerOptions{Capture: true})
			}
			c.do(d)
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// Chromium's focus() on a label that is not focusable focuses its control.
func TestFocusLabelDelegates(t *testing.T) {
	d := ParseString(`<label id="l1" for="i1">one</label><input id="i1">
<label id="l2">two <input id="i2"></label><label id="l3" tabindex="0">three <input id="i3"></label>
<label id="l4">four</label><label id="l5" for="dis">five</label><input id="dis" disabled>`)
	cases := []struct{ label, want string }{
		{"l1", "i1"}, {"l2", "i2"}, {"l3", "l3"}, {"l4", "body"}, {"l5", "body"},
	}
	for _, c := range cases {
		if f := d.focus.node; f != nil {
			_ = d.wrap(f).Blur()
		}
		_ = d.GetElementByID(c.label).Focus()
		got := d.ActiveElement().ID()
		if d.ActiveElement() == d.Body() {
			got = "body"
		}
		if got != c.want {
			t.Errorf("%s.Focus(): ActiveElement %s, want %s", c.label, got, c.want)
		}
	}
}

// The first focusable element with autofocus has focus once the document's
// focus is first read, without events.
func TestFocusAutofocus(t *testing.T) {
	cases := []struct {
		name, html string
		opts       []ParseOption
		want       string
	}{
		{"first autofocus", `<input id="a"><input id="b" autofocus><input id="c" autofocus>`, nil, "b"},
		{"a disabled one is skipped", `<input id="a" autofocus disabled><button id="b" autofocus>b</button>`, nil, "b"},
		{"hidden is skipped", `<div hidden><input autofocus></div><input id="b">`, nil, "body"},
		{"not focusable", `<p id="p" autofocus>x</p>`, nil, "body"},
		{"no window", `<input id="a" autofocus>`, []ParseOption{WithoutWindow()}, "body"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := ParseString(c.html, c.opts...)
			events := 0
			for _, typ := range []string{"focus", "focusin"} {
				d.AddEventListenerWith(typ, NewListener(func(*Event) { events++ }), ListenerOptions{Capture: true})
			}
			got := d.ActiveElement().ID()
			if d.ActiveElement() == d.Body() {
				got = "body"
			}
			if got != c.want || events != 0 {
				t.Errorf("ActiveElement %s, %d events; want %s, 0", got, events, c.want)
			}
		})
	}
	t.Run("a program's focus first cancels it", func(t *testing.T) {
		d := ParseString(`<input id="a"><input id="b" autofocus>`)
		blurs := 0
		d.GetElementByID("b").AddEventListener("blur", NewListener(func(*Event) { blurs++ }))
		_ = d.GetElementByID("a").Focus()
		if got := d.ActiveElement().ID(); got != "a" || blurs != 0 {
			t.Errorf("ActiveElement %s, %d blur events at b; want a, 0", got, blurs)
		}
	})
	t.Run("Tab from the autofocused element", func(t *testing.T) {
		d := ParseString(`<input id="a"><input id="b" autofocus><input id="c">`)
		if _, err := DispatchTrusted(d.ActiveElement(), NewKeyboardEvent("keydown", KeyboardEventInit{KeyboardEvent: KeyboardEvent{Key: "Tab"}})); err != nil {
			t.Fatal(err)
		}
		if got := d.ActiveElement().ID(); got != "c" {
			t.Errorf("ActiveElement %s, want c", got)
		}
	})
}

// Enter in a text field commits the user's edit: change at the keypress,
// and none again at blur, as Chromium 156 does.
func TestFocusEnterCommitsEdit(t *testing.T) {
	d := ParseString(`<input id="a"><input id="b">`)
	a := d.GetElementByID("a")
	mustOK(t, a.Focus())
	var got []string
	for _, typ := range []string{"change", "blur", "keypress"} {
		d.AddEventListenerWith(typ, NewListener(func(e *Event) { got = append(got, e.Type()+" "+e.Target().(*Node).ID()) }), ListenerOptions{Capture: true})
	}
	a.setUserValue("x")
	enter := func() {
		e := NewKeyboardEvent("keypress", KeyboardEventInit{EventInit: EventInit{Bubbles: true, Cancelable: true}, KeyboardEvent: KeyboardEvent{Key: "Enter", CharCode: 13}})
		if _, err := DispatchTrusted(a, e); err != nil {
			t.Fatal(err)
		}
	}
	enter()
	enter()
	_ = d.GetElementByID("b").Focus()
	want := []string{"keypress a", "change a", "keypress a", "blur a"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}
