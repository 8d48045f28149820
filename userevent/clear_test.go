package userevent_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/userevent"
)

func TestClear(t *testing.T) {
	doc := keyDoc(t, `<input id=a value=abc><input id=b>`)
	a := keyEl(t, doc, "a")
	log := keyWatch(doc)
	u := userevent.New(doc)
	keyStep(t, "clear", u.Clear(a))
	keyStep(t, "tab", u.Tab())
	want := []keySeen{
		"focus #a", "focusin #a", "select #a",
		"beforeinput deleteContentBackward null #a", "input deleteContentBackward null #a",
		// The deletion was the user's: change on leaving.
		"keydown Tab #a", "change #a", "blur #a", "focusout #a", "focus #b", "focusin #b", "keyup Tab #b",
	}
	if diff := cmp.Diff(want, *log); diff != "" {
		t.Errorf("events mismatch (-want +got):\n%s", diff)
	}
	if a.Value() != "" {
		t.Errorf("value %q", a.Value())
	}
}

func TestClearRefused(t *testing.T) {
	cases := []struct {
		name, html string
		want       error
	}{
		{"button", `<button id=a>b</button>`, userevent.ErrNotEditable},
		{"checkbox", `<input id=a type=checkbox>`, userevent.ErrNotEditable},
		{"readonly", `<input id=a readonly value=x>`, userevent.ErrNotEditable},
		{"disabled", `<textarea id=a disabled>x</textarea>`, userevent.ErrDisabled},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := keyDoc(t, c.html)
			log := keyWatch(doc)
			err := userevent.New(doc).Clear(keyEl(t, doc, "a"))
			if !errors.Is(err, c.want) {
				t.Fatalf("error %v, want %v", err, c.want)
			}
			if len(*log) != 0 {
				t.Errorf("events fired: %v", *log)
			}
		})
	}
}
