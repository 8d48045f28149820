package userevent_test

import (
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

// keySeen is an event of typing as a capture listener on the window saw
// it: "keydown a #a", "beforeinput insertText \"a\" #a", "focus #a".
type keySeen = string

// keyTypes are the event types the typing tests watch.
var keyTypes = []string{
	"pointerdown", "mousedown", "pointerup", "mouseup", "click",
	"focus", "blur", "focusin", "focusout", "keydown", "keypress", "keyup",
	"beforeinput", "input", "change", "select", "paste", "submit",
}

// keyWatch records the typing events that reach the window, each as one
// line: type, then the key (with its modifiers) or the input type and
// data, then the target.
func keyWatch(doc *vdom.Document) *[]keySeen {
	var log []keySeen
	for _, typ := range keyTypes {
		doc.Window().AddEventListenerWith(typ, vdom.NewListener(func(e *vdom.Event) {
			s := e.Type()
			if k, ok := e.AsKeyboard(); ok {
				mods := ""
				if k.ShiftKey {
					mods += "Shift+"
				}
				if k.CtrlKey {
					mods += "Control+"
				}
				s += " " + mods + k.Key
				if k.Repeat {
					s += " (repeat)"
				}
			}
			if in, ok := e.AsInput(); ok {
				s += " " + in.InputType + " " + quoteData(in.Data)
			}
			if n, ok := e.Target().(*vdom.Node); ok {
				if id := n.ID(); id != "" {
					s += " #" + id
				} else {
					s += " " + n.LocalName()
				}
			}
			log = append(log, s)
		}), vdom.ListenerOptions{Capture: true})
	}
	return &log
}

func quoteData(d *string) string {
	if d == nil {
		return "null"
	}
	return `"` + *d + `"`
}

// keyDoc parses a page with a window (key events need one for their view).
func keyDoc(t *testing.T, body string) *vdom.Document {
	t.Helper()
	doc, err := vdom.Parse(strings.NewReader(`<!DOCTYPE html><html><head><title>t</title></head><body>`+body+`</body></html>`),
		vdom.WithURL("http://eventperk.test/page"))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// keyEl returns the element with the id.
func keyEl(t *testing.T, doc *vdom.Document, id string) *vdom.Node {
	t.Helper()
	n := doc.GetElementByID(id)
	if n == nil {
		t.Fatalf("no element #%s", id)
	}
	return n
}

// keyStep runs an action that must succeed.
func keyStep(t *testing.T, what string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// typed lists the events of typing c at the element with the id, as
// Chromium fires them (type-plain).
func typed(c, id string) []keySeen {
	return []keySeen{
		"keydown " + c + " #" + id, "keypress " + c + " #" + id,
		"beforeinput insertText \"" + c + "\" #" + id, "input insertText \"" + c + "\" #" + id,
		"keyup " + c + " #" + id,
	}
}

// clicked lists the events of Type's click at an element that gets focus.
func clicked(id string) []keySeen {
	return []keySeen{
		"pointerdown #" + id, "mousedown #" + id, "focus #" + id, "focusin #" + id,
		"pointerup #" + id, "mouseup #" + id, "click #" + id,
	}
}

func concat(parts ...[]keySeen) []keySeen {
	var out []keySeen
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}
