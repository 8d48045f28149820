package vdom_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/vdom"
)

// selectionLog parses body and logs, at the window, the selection events
// and the mouse events around them, each as "type target", and the
// tasks' run as "tasks".
func selectionLog(t *testing.T, body string) (*vdom.Document, *[]string, func()) {
	t.Helper()
	doc, err := vdom.Parse(strings.NewReader("<!DOCTYPE html><body>" + body))
	if err != nil {
		t.Fatal(err)
	}
	var log []string
	for _, typ := range []string{"selectionchange", "select", "mousedown", "mouseup", "focus", "click"} {
		doc.Window().AddEventListenerWith(typ, vdom.NewListener(func(e *vdom.Event) {
			if typ == "selectionchange" && (!e.Bubbles() || e.Cancelable() || !e.IsTrusted()) {
				t.Errorf("selectionchange: bubbles %v, cancelable %v, trusted %v", e.Bubbles(), e.Cancelable(), e.IsTrusted())
			}
			log = append(log, typ+" "+describe(e.Target()))
		}), vdom.ListenerOptions{Capture: true})
	}
	run := func() {
		t.Helper()
		log = append(log, "tasks")
		if _, err := doc.RunTasks(); err != nil {
			t.Fatal(err)
		}
	}
	return doc, &log, run
}

func TestSelectionchange(t *testing.T) {
	doc, log, run := selectionLog(t, `<input id=t value=hello><textarea id=a>text</textarea>`)
	tf, ta := doc.GetElementByID("t"), doc.GetElementByID("a")
	steps := []struct {
		name string
		do   func() error
		want []string
	}{
		{"focus: the selection stays, the event fires", tf.Focus, []string{"focus #t", "tasks", "selectionchange #t"}},
		{"two changes in one task: one event", func() error {
			if err := tf.SetSelectionRange(1, 2, ""); err != nil {
				return err
			}
			return tf.SetSelectionRange(1, 3, "")
		}, []string{"tasks", "selectionchange #t", "select #t", "select #t"}},
		{"the same range again: nothing", func() error { return tf.SetSelectionRange(1, 3, "") }, []string{"tasks"}},
		{"the direction alone", func() error { return tf.SetSelectionDirection("backward") }, []string{"tasks", "selectionchange #t", "select #t"}},
		{"a field without the focus", func() error { return ta.SetSelectionRange(0, 2, "") }, []string{"tasks", "selectionchange #a", "select #a"}},
		{"the value setter moves the caret", func() error { return tf.SetValue("other") }, []string{"tasks", "selectionchange #t"}},
		{"the same value: nothing", func() error { return tf.SetValue("other") }, []string{"tasks"}},
		{"a value as long, the caret at the end already", func() error { return tf.SetValue("OTHER") }, []string{"tasks", "selectionchange #t"}},
		{"setRangeText before the caret, the offsets as they were", func() error {
			return tf.SetRangeTextWith("0", 0, 1, vdom.RangePreserve)
		}, []string{"tasks", "selectionchange #t"}},
		{"setRangeText that changes nothing", func() error {
			return tf.SetRangeTextWith("", 0, 0, vdom.RangePreserve)
		}, []string{"tasks"}},
		{"typing moves the caret", func() error { _, err := tf.EditAsUser(vdom.InputInsertText, "s"); return err }, []string{"tasks", "selectionchange #t"}},
		{"a deletion that deletes nothing: nothing", func() error {
			_, err := tf.EditAsUser(vdom.InputDeleteContentForward, "")
			return err
		}, []string{"tasks"}},
		{"blur: nothing", tf.Blur, []string{"tasks"}},
	}
	for _, st := range steps {
		*log = nil
		if err := st.do(); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		run()
		if diff := cmp.Diff(st.want, *log); diff != "" {
			t.Errorf("%s: mismatch (-want +got):\n%s", st.name, diff)
		}
	}
}

// press dispatches a trusted mousedown and mouseup with the click count
// detail at n, as the mouse's press and release.
func press(t *testing.T, n *vdom.Node, detail int) {
	t.Helper()
	for _, typ := range []string{"mousedown", "mouseup"} {
		e := vdom.NewMouseEvent(typ, vdom.MouseEventInit{
			EventInit:  vdom.EventInit{Bubbles: true, Cancelable: true, Composed: true},
			MouseEvent: vdom.MouseEvent{UIEvent: vdom.UIEvent{Detail: detail}},
		})
		if _, err := vdom.DispatchTrusted(n, e); err != nil {
			t.Fatal(err)
		}
	}
}

func TestDoubleClickSelectsWord(t *testing.T) {
	tests := []struct {
		html       string
		start, end int
	}{
		{`<input id=t value=hello>`, 0, 5},
		{`<input id=t value="alpha beta">`, 6, 10},
		{`<input id=t value="alpha beta ">`, 10, 11},
		{`<input id=t value="alpha beta.">`, 10, 11},
		{`<input id=t value="alpha, beta_2">`, 7, 13},
		{`<textarea id=t>one two</textarea>`, 4, 7},
		{`<input id=t value="">`, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.html, func(t *testing.T) {
			doc, log, run := selectionLog(t, tt.html)
			f := doc.GetElementByID("t")
			press(t, f, 1)
			run()
			*log = nil
			press(t, f, 2)
			run()
			if got := selectionOf(t, f); got.Start != tt.start || got.End != tt.end {
				t.Errorf("selection %d-%d, want %d-%d", got.Start, got.End, tt.start, tt.end)
			}
			want := []string{"mousedown #t", "mouseup #t", "tasks", "selectionchange #t", "select #t"}
			if tt.start == tt.end {
				want = []string{"mousedown #t", "mouseup #t", "tasks"}
			}
			if diff := cmp.Diff(want, *log); diff != "" {
				t.Errorf("events, mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// Chromium selects nothing when a number field is double clicked.
func TestDoubleClickNumber(t *testing.T) {
	doc, log, run := selectionLog(t, `<input id=n type=number value=12345>`)
	n := doc.GetElementByID("n")
	press(t, n, 1)
	run()
	*log = nil
	press(t, n, 2)
	run()
	if diff := cmp.Diff([]string{"mousedown #n", "mouseup #n", "tasks"}, *log); diff != "" {
		t.Errorf("events, mismatch (-want +got):\n%s", diff)
	}
}

// Control+a fires select each time, also when all was selected: only
// selectionchange waits for a change.
func TestSelectAllTwice(t *testing.T) {
	doc, log, run := selectionLog(t, `<input id=t value=hello>`)
	f := doc.GetElementByID("t")
	if err := f.Focus(); err != nil {
		t.Fatal(err)
	}
	run()
	*log = nil
	for range 2 {
		e := vdom.NewKeyboardEvent("keydown", vdom.KeyboardEventInit{
			EventInit:     vdom.EventInit{Bubbles: true, Cancelable: true},
			KeyboardEvent: vdom.KeyboardEvent{Key: "a", Code: "KeyA", CtrlKey: true},
		})
		if _, err := vdom.DispatchTrusted(f, e); err != nil {
			t.Fatal(err)
		}
		run()
	}
	want := []string{"select #t", "tasks", "selectionchange #t", "select #t", "tasks"}
	if diff := cmp.Diff(want, *log); diff != "" {
		t.Errorf("events, mismatch (-want +got):\n%s", diff)
	}
}

// The second click of a double click on a label does not focus its
// control: its mousedown selected the label's word.
func TestLabelDoubleClickFocus(t *testing.T) {
	doc := vdom.ParseString(`<label id=l for=t>Name</label><input id=t>`)
	l := doc.GetElementByID("l")
	click := func(detail int) {
		e := vdom.NewMouseEvent("click", vdom.MouseEventInit{
			EventInit:  vdom.EventInit{Bubbles: true, Cancelable: true},
			MouseEvent: vdom.MouseEvent{UIEvent: vdom.UIEvent{Detail: detail}},
		})
		if _, err := vdom.DispatchTrusted(l, e); err != nil {
			t.Fatal(err)
		}
	}
	click(2)
	if got := describe(doc.ActiveElement()); got != "body" {
		t.Errorf("a click with detail 2 focused %s", got)
	}
	click(1)
	if got := describe(doc.ActiveElement()); got != "#t" {
		t.Errorf("a click with detail 1 focused %s, want #t", got)
	}
}
