package userevent_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/internal/elname"
	"github.com/eventperk/eventperk-go/vdom"
)

// seen is an event as a capture listener on the window saw it.
type seen struct {
	Type, Target, Related string
	Button, Buttons       int
	Detail                int
	Ctrl                  bool
}

// watch records the events of the types (all the mouse, pointer, focus,
// form and key types when none are given) that reach the window.
func watch(doc *vdom.Document, types ...string) *[]seen {
	if len(types) == 0 {
		types = []string{
			"pointerover", "pointerout", "pointerenter", "pointerleave", "pointermove",
			"mouseover", "mouseout", "mouseenter", "mouseleave", "mousemove",
			"pointerdown", "pointerup", "mousedown", "mouseup", "click", "dblclick",
			"focus", "blur", "input", "change", "keydown", "keyup",
		}
	}
	var log []seen
	for _, typ := range types {
		doc.Window().AddEventListenerWith(typ, vdom.NewListener(func(e *vdom.Event) {
			s := seen{Type: e.Type(), Target: name(e.Target())}
			if m, ok := e.AsMouse(); ok {
				s.Related = name(m.RelatedTarget)
				s.Button, s.Buttons, s.Detail, s.Ctrl = int(m.Button), int(m.Buttons), m.Detail, m.CtrlKey
			}
			if k, ok := e.AsKeyboard(); ok {
				s.Ctrl = k.CtrlKey
			}
			log = append(log, s)
		}), vdom.ListenerOptions{Capture: true})
	}
	return &log
}

func name(t vdom.EventTarget) string {
	switch x := t.(type) {
	case *vdom.Node:
		if x == nil {
			return ""
		}
		return elname.Of(x)
	case *vdom.Document:
		return "document"
	case nil:
		return ""
	}
	return "?"
}

// listenAll adds listeners that do nothing for the enter and leave types to
// every element, so that they are dispatched (see Hover).
func listenAll(t *testing.T, doc *vdom.Document) {
	t.Helper()
	els, err := doc.DocumentElement().QuerySelectorAll("*")
	if err != nil {
		t.Fatal(err)
	}
	els = append(els, doc.DocumentElement())
	for _, el := range els {
		for _, typ := range []string{"pointerenter", "pointerleave", "mouseenter", "mouseleave"} {
			el.AddEventListener(typ, vdom.NewListener(func(*vdom.Event) {}))
		}
	}
}

func parse(t *testing.T, src string) *vdom.Document {
	t.Helper()
	doc, err := vdom.Parse(strings.NewReader(`<!DOCTYPE html><html><head></head><body>` + src + `</body></html>`))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func byID(t *testing.T, doc *vdom.Document, id string) *vdom.Node {
	t.Helper()
	n := doc.GetElementByID(id)
	if n == nil {
		t.Fatalf("no element #%s", id)
	}
	return n
}

// types lists the types of the events seen.
func types(log []seen) []string {
	out := make([]string, len(log))
	for i, s := range log {
		out[i] = s.Type + " " + s.Target
	}
	return out
}

func noop() vdom.Listener { return vdom.NewListener(func(*vdom.Event) {}) }

var captureOpt = vdom.ListenerOptions{Capture: true}

func errorsIs(err, target error) bool { return errors.Is(err, target) }
