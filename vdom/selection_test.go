package vdom_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/vdom"
)

// sel is a selection as a test writes it.
type sel struct {
	Start, End int
	Dir        string
}

func selectionOf(t *testing.T, n *vdom.Node) sel {
	t.Helper()
	s, ok1 := n.SelectionStart()
	e, ok2 := n.SelectionEnd()
	d, ok3 := n.SelectionDirection()
	if !ok1 || !ok2 || !ok3 {
		t.Fatalf("%s has no selection", n.LocalName())
	}
	return sel{s, e, d}
}

// selectEvents counts the select events at the element, after the tasks
// that queue them ran.
func selectEvents(t *testing.T, doc *vdom.Document, n *vdom.Node) *int {
	t.Helper()
	count := 0
	n.AddEventListener("select", vdom.NewListener(func(e *vdom.Event) {
		if !e.IsTrusted() || !e.Bubbles() || e.Cancelable() {
			t.Errorf("select event: trusted %v bubbles %v cancelable %v", e.IsTrusted(), e.Bubbles(), e.Cancelable())
		}
		count++
	}))
	return &count
}

func runTasks(t *testing.T, doc *vdom.Document) {
	t.Helper()
	if _, err := doc.RunTasks(); err != nil {
		t.Fatal(err)
	}
}

func TestSetSelectionRange(t *testing.T) {
	cases := []struct {
		name, html string
		start, end int
		dir        string
		want       sel
		events     int
	}{
		{"range", `<input id=a value=abcdef>`, 1, 3, "", sel{1, 3, "forward"}, 1},
		{"backward", `<input id=a value=abcdef>`, 1, 3, "backward", sel{1, 3, "backward"}, 1},
		{"start after end is the end", `<input id=a value=abcdef>`, 5, 1, "", sel{1, 1, "forward"}, 1},
		{"clamped", `<input id=a value=abc>`, 2, 99, "", sel{2, 3, "forward"}, 1},
		{"negative is beyond the end", `<input id=a value=abc>`, -1, -1, "", sel{3, 3, "forward"}, 1},
		{"nothing changes: no event", `<input id=a value=abc>`, 0, 0, "none", sel{0, 0, "forward"}, 0},
		{"UTF-16 units", `<input id=a value="a😀b">`, 1, 3, "", sel{1, 3, "forward"}, 1},
		{"textarea", `<textarea id=a>ab
cd</textarea>`, 2, 4, "forward", sel{2, 4, "forward"}, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := vdom.ParseString(c.html)
			a := byID(t, doc, "a")
			n := selectEvents(t, doc, a)
			if err := a.SetSelectionRange(c.start, c.end, c.dir); err != nil {
				t.Fatal(err)
			}
			if *n != 0 {
				t.Errorf("select fired before the task ran")
			}
			runTasks(t, doc)
			if diff := cmp.Diff(c.want, selectionOf(t, a)); diff != "" {
				t.Errorf("selection mismatch (-want +got):\n%s", diff)
			}
			if *n != c.events {
				t.Errorf("%d select events, want %d", *n, c.events)
			}
		})
	}
}

func TestSelectionAPIsApply(t *testing.T) {
	for _, typ := range []string{"email", "number", "checkbox", "date", "hidden", "button"} {
		t.Run(typ, func(t *testing.T) {
			doc := vdom.ParseString(`<input id=a type=` + typ + ` value=1>`)
			a := byID(t, doc, "a")
			if _, ok := a.SelectionStart(); ok {
				t.Error("SelectionStart is not null")
			}
			if _, ok := a.SelectionDirection(); ok {
				t.Error("SelectionDirection is not null")
			}
			for name, err := range map[string]error{
				"SetSelectionRange":     a.SetSelectionRange(0, 1, ""),
				"SetSelectionStart":     a.SetSelectionStart(0),
				"SetSelectionEnd":       a.SetSelectionEnd(0),
				"SetSelectionDirection": a.SetSelectionDirection("forward"),
				"SetRangeText":          a.SetRangeText("x"),
				"SetRangeTextWith":      a.SetRangeTextWith("x", 0, 0, vdom.RangeEnd),
			} {
				if !errors.Is(err, vdom.ErrInvalidState) {
					t.Errorf("%s: %v, want ErrInvalidState", name, err)
				}
			}
		})
	}
	if _, ok := vdom.ParseString(`<p id=a>x</p>`).GetElementByID("a").SelectionStart(); ok {
		t.Error("a paragraph has a selection")
	}
}

func TestSelectionSetters(t *testing.T) {
	doc := vdom.ParseString(`<input id=a value=abcdef>`)
	a := byID(t, doc, "a")
	var got []sel
	for _, step := range []func() error{
		func() error { return a.SetSelectionStart(2) },
		func() error { return a.SetSelectionEnd(4) },
		func() error { return a.SetSelectionDirection("backward") },
		func() error { return a.SetSelectionStart(5) },
		func() error { return a.SetSelectionDirection("sideways") },
		func() error { return a.SetSelectionEnd(1) },
	} {
		if err := step(); err != nil {
			t.Fatal(err)
		}
		got = append(got, selectionOf(t, a))
	}
	// As Chromium (type-selection-setters): the end moves with a start
	// set after it, and a start after a new end moves to it.
	want := []sel{{2, 2, "forward"}, {2, 4, "forward"}, {2, 4, "backward"}, {5, 5, "backward"}, {5, 5, "forward"}, {1, 1, "forward"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("selections mismatch (-want +got):\n%s", diff)
	}
}

func TestSetRangeText(t *testing.T) {
	type result struct {
		Value string
		Sel   sel
	}
	cases := []struct {
		name       string
		start, end int
		with       bool
		mode       vdom.SelectionMode
		repl       string
		want       result
	}{
		// The selection is 1-3 of "abcdef" before each.
		{"the selection, preserved", 0, 0, false, "", "XYZ", result{"aXYZdef", sel{1, 4, "forward"}}},
		{"select", 0, 1, true, vdom.RangeSelect, "12", result{"12bcdef", sel{0, 2, "forward"}}},
		{"start", 4, 6, true, vdom.RangeStart, "-", result{"abcd-", sel{4, 4, "forward"}}},
		{"end", 1, 1, true, vdom.RangeEnd, "+", result{"a+bcdef", sel{2, 2, "forward"}}},
		{"preserve after", 4, 6, true, vdom.RangePreserve, "", result{"abcd", sel{1, 3, "forward"}}},
		{"preserve: a start inside the range moves to it", 0, 1, true, "", "xx", result{"xxbcdef", sel{0, 4, "forward"}}},
		{"preserve: after the range moves by the growth", 0, 0, true, "", "xx", result{"xxabcdef", sel{3, 5, "forward"}}},
		{"clamped", 10, 20, true, vdom.RangeEnd, "Z", result{"abcdefZ", sel{7, 7, "forward"}}},
		{"emoji", 0, 0, true, vdom.RangeEnd, "😀", result{"😀abcdef", sel{2, 2, "forward"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := vdom.ParseString(`<input id=a value=abcdef>`)
			a := byID(t, doc, "a")
			if err := a.SetSelectionRange(1, 3, ""); err != nil {
				t.Fatal(err)
			}
			var err error
			if c.with {
				err = a.SetRangeTextWith(c.repl, c.start, c.end, c.mode)
			} else {
				err = a.SetRangeText(c.repl)
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(c.want, result{a.Value(), selectionOf(t, a)}); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSetRangeTextErrors(t *testing.T) {
	a := vdom.ParseString(`<input id=a value=abc>`).GetElementByID("a")
	if err := a.SetRangeTextWith("x", 2, 1, ""); !errors.Is(err, vdom.ErrIndexSize) {
		t.Errorf("start after end: %v, want ErrIndexSize", err)
	}
	if err := a.SetRangeTextWith("x", 0, 1, "around"); !errors.Is(err, vdom.ErrType) {
		t.Errorf("bad mode: %v, want ErrType", err)
	}
	if a.Value() != "abc" {
		t.Errorf("value %q changed by a failed call", a.Value())
	}
}

func TestValueSetMovesCaret(t *testing.T) {
	doc := vdom.ParseString(`<input id=a value=abc><textarea id=t>xy</textarea>`)
	for _, id := range []string{"a", "t"} {
		n := byID(t, doc, id)
		if err := n.SetSelectionRange(0, 1, "backward"); err != nil {
			t.Fatal(err)
		}
		// The same value leaves the selection; another moves the caret
		// to its end (type-setvalue-caret).
		if err := n.SetValue(n.Value()); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(sel{0, 1, "backward"}, selectionOf(t, n)); diff != "" {
			t.Errorf("#%s same value: mismatch (-want +got):\n%s", id, diff)
		}
		if err := n.SetValue("wxyz"); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(sel{4, 4, "forward"}, selectionOf(t, n)); diff != "" {
			t.Errorf("#%s new value: mismatch (-want +got):\n%s", id, diff)
		}
	}
}

func TestSelectFocuses(t *testing.T) {
	doc := vdom.ParseString(`<input id=a value=abc><input id=c type=checkbox>`)
	a, c := byID(t, doc, "a"), byID(t, doc, "c")
	n := selectEvents(t, doc, a)
	if err := a.Select(); err != nil {
		t.Fatal(err)
	}
	runTasks(t, doc)
	if doc.ActiveElement() != a || *n != 1 {
		t.Errorf("after Select: focus on %s, %d select events", doc.ActiveElement().LocalName(), *n)
	}
	if diff := cmp.Diff(sel{0, 3, "forward"}, selectionOf(t, a)); diff != "" {
		t.Errorf("selection mismatch (-want +got):\n%s", diff)
	}
	// Again: nothing changes, no event.
	if err := a.Select(); err != nil {
		t.Fatal(err)
	}
	runTasks(t, doc)
	if *n != 1 {
		t.Errorf("%d select events after a second Select", *n)
	}
	if err := c.Select(); err != nil {
		t.Fatal(err)
	}
	if doc.ActiveElement() != c {
		t.Errorf("Select on a checkbox did not focus it")
	}
}

func TestSelectAsUser(t *testing.T) {
	doc := vdom.ParseString(`<input id=e type=email value=ab@cd>`)
	e := byID(t, doc, "e")
	n := selectEvents(t, doc, e)
	// A user's selection fires select at once, when it is a range.
	if err := e.SelectAsUser(0, 2); err != nil {
		t.Fatal(err)
	}
	if *n != 1 {
		t.Errorf("%d select events, want 1 at once", *n)
	}
	if err := e.SelectAsUser(5, 5); err != nil {
		t.Fatal(err)
	}
	runTasks(t, doc)
	if *n != 1 {
		t.Errorf("a collapsed selection fired select")
	}
	// Backward when start is after end; the email's selection shows in
	// where the typed text goes.
	if err := e.SelectAsUser(5, 3); err != nil {
		t.Fatal(err)
	}
	if _, err := e.EditAsUser(vdom.InputInsertText, "x"); err != nil {
		t.Fatal(err)
	}
	if got := e.Value(); got != "ab@x" {
		t.Errorf("value %q, want ab@x", got)
	}
}
