package userevent_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/userevent"
)

func TestTabAndShiftTab(t *testing.T) {
	doc := keyDoc(t, `<input id=a><input id=b value=bee><button id=c>c</button>`)
	keyStep(t, "focus", keyEl(t, doc, "a").Focus())
	log := keyWatch(doc)
	u := userevent.New(doc)
	keyStep(t, "tab", u.Tab())
	keyStep(t, "shift-tab", u.ShiftTab())
	want := []keySeen{
		// Tab into a field with text selects it; the select task runs
		// while Tab is down (type-tab-out).
		"keydown Tab #a", "blur #a", "focusout #a", "focus #b", "focusin #b", "select #b", "keyup Tab #b",
		"keydown Shift+Shift #b",
		"keydown Shift+Tab #b", "blur #b", "focusout #b", "focus #a", "focusin #a", "keyup Shift+Tab #a",
		"keyup Shift #a",
	}
	if diff := cmp.Diff(want, *log); diff != "" {
		t.Errorf("events mismatch (-want +got):\n%s", diff)
	}
	if got := doc.ActiveElement().ID(); got != "a" {
		t.Errorf("focus on %q, want a", got)
	}
}

func TestTabThenType(t *testing.T) {
	// Tab selects the text; typing replaces it (type-tab-out).
	doc := keyDoc(t, `<input id=a><input id=b value=bee>`)
	keyStep(t, "focus", keyEl(t, doc, "a").Focus())
	u := userevent.New(doc)
	keyStep(t, "tab", u.Tab())
	keyStep(t, "keyboard", u.Keyboard("y"))
	if got := keyEl(t, doc, "b").Value(); got != "y" {
		t.Errorf("value %q, want y", got)
	}
}
