package userevent_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

func TestClickSequence(t *testing.T) {
	doc := parse(t, `<input id=t><button id=b>B</button>`)
	u := userevent.New(doc)
	if err := u.Click(byID(t, doc, "t")); err != nil {
		t.Fatal(err)
	}
	log := watch(doc)
	if err := u.Click(byID(t, doc, "b")); err != nil {
		t.Fatal(err)
	}
	want := []seen{
		{Type: "pointerout", Target: "#t", Related: "#b", Button: -1},
		{Type: "pointerover", Target: "#b", Related: "#t", Button: -1},
		{Type: "mouseout", Target: "#t", Related: "#b"},
		{Type: "mouseover", Target: "#b", Related: "#t"},
		{Type: "pointermove", Target: "#b", Button: -1},
		{Type: "mousemove", Target: "#b"},
		{Type: "pointerdown", Target: "#b", Buttons: 1},
		{Type: "mousedown", Target: "#b", Buttons: 1, Detail: 1},
		{Type: "blur", Target: "#t"},
		{Type: "focus", Target: "#b"},
		{Type: "pointerup", Target: "#b"},
		{Type: "mouseup", Target: "#b", Detail: 1},
		{Type: "click", Target: "#b", Detail: 1},
	}
	if diff := cmp.Diff(want, *log); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	if doc.ActiveElement() != byID(t, doc, "b") {
		t.Errorf("focus on %s, want #b", name(doc.ActiveElement()))
	}
}

// The pointer events carry Chromium's mouse: pointerId 1, "mouse", 1×1,
// pressure 0.5 only while pressed, and a click whose isPrimary is false.
func TestClickPointerFields(t *testing.T) {
	doc := parse(t, `<button id=b>B</button>`)
	type fields struct {
		Type      string
		ID        int
		Kind      string
		Primary   bool
		W, H, Prs float64
		Trusted   bool
	}
	var got []fields
	for _, typ := range []string{"pointerdown", "pointerup", "click"} {
		doc.Window().AddEventListener(typ, vdom.NewListener(func(e *vdom.Event) {
			p, _ := e.AsPointer()
			got = append(got, fields{e.Type(), p.PointerID, p.PointerType, p.IsPrimary, p.Width, p.Height, p.Pressure, e.IsTrusted()})
		}))
	}
	if err := userevent.New(doc).Click(byID(t, doc, "b")); err != nil {
		t.Fatal(err)
	}
	want := []fields{
		{"pointerdown", 1, "mouse", true, 1, 1, 0.5, true},
		{"pointerup", 1, "mouse", true, 1, 1, 0, true},
		{"click", 1, "mouse", false, 1, 1, 0, true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

func TestClickCancelled(t *testing.T) {
	for _, tc := range []struct {
		cancel  string
		want    []string
		checked bool
		focused bool
	}{
		{"pointerdown", []string{"pointerdown #cb", "pointerup #cb", "click #cb", "input #cb", "change #cb"}, true, false},
		{"mousedown", []string{"pointerdown #cb", "mousedown #cb", "pointerup #cb", "mouseup #cb", "click #cb", "input #cb", "change #cb"}, true, false},
		{"click", []string{"pointerdown #cb", "mousedown #cb", "focus #cb", "pointerup #cb", "mouseup #cb", "click #cb"}, false, true},
	} {
		t.Run(tc.cancel, func(t *testing.T) {
			doc := parse(t, `<input type=checkbox id=cb>`)
			cb := byID(t, doc, "cb")
			cb.AddEventListener(tc.cancel, vdom.NewListener(func(e *vdom.Event) { e.PreventDefault() }))
			log := watch(doc, "pointerdown", "mousedown", "focus", "pointerup", "mouseup", "click", "input", "change")
			if err := userevent.New(doc).Click(cb); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, types(*log)); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
			if cb.Checked() != tc.checked || (doc.ActiveElement() == cb) != tc.focused {
				t.Errorf("checked %v focused %v, want %v %v", cb.Checked(), doc.ActiveElement() == cb, tc.checked, tc.focused)
			}
		})
	}
}

func TestClickDisabled(t *testing.T) {
	doc := parse(t, `<button id=b disabled>B</button>`)
	b := byID(t, doc, "b")
	log := watch(doc, "pointerdown", "mousedown", "pointerup", "mouseup", "click")
	if err := userevent.New(doc).Click(b); !errorsIs(err, userevent.ErrDisabled) {
		t.Fatalf("click: %v, want ErrDisabled", err)
	}
	if len(*log) != 0 {
		t.Fatalf("a refused click fired %v", types(*log))
	}
	// Told to go ahead, it fires what Chromium fires: the pointer events.
	if err := userevent.New(doc, userevent.SkipChecks()).Click(b); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"pointerdown #b", "pointerup #b"}, types(*log)); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

// A listener that removes the element pressed on: no focus moves to it,
// the pointer is then over its parent, Chromium says so before pointerup,
// and no click follows.
func TestClickRemovedOnMousedown(t *testing.T) {
	doc := parse(t, `<div id=box><button id=b>B</button></div>`)
	b := byID(t, doc, "b")
	b.AddEventListener("mousedown", vdom.NewListener(func(*vdom.Event) { b.Remove() }))
	u := userevent.New(doc)
	if err := u.Hover(b); err != nil {
		t.Fatal(err)
	}
	log := watch(doc)
	if err := u.Click(b); err != nil {
		t.Fatal(err)
	}
	want := []seen{
		{Type: "pointermove", Target: "#b", Button: -1},
		{Type: "mousemove", Target: "#b"},
		{Type: "pointerdown", Target: "#b", Buttons: 1},
		{Type: "mousedown", Target: "#b", Buttons: 1, Detail: 1},
		{Type: "pointerover", Target: "#box", Related: "#box", Button: -1, Buttons: 1},
		{Type: "mouseover", Target: "#box", Related: "#box", Buttons: 1},
		{Type: "pointerup", Target: "#box"},
		{Type: "mouseup", Target: "#box", Detail: 1},
	}
	if diff := cmp.Diff(want, *log); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	// The next action moves on from the box.
	*log = nil
	if err := u.Unhover(byID(t, doc, "box")); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"pointerout #box", "pointerover html", "mouseout #box", "mouseover html", "pointermove html", "mousemove html"}, types(*log)); diff != "" {
		t.Errorf("unhover: mismatch (-want +got):\n%s", diff)
	}
}

func TestDblClick(t *testing.T) {
	doc := parse(t, `<input type=checkbox id=cb>`)
	cb := byID(t, doc, "cb")
	log := watch(doc, "pointerdown", "mousedown", "pointerup", "mouseup", "click", "dblclick")
	if err := userevent.New(doc).DblClick(cb); err != nil {
		t.Fatal(err)
	}
	want := []seen{
		{Type: "pointerdown", Target: "#cb", Buttons: 1},
		{Type: "mousedown", Target: "#cb", Buttons: 1, Detail: 1},
		{Type: "pointerup", Target: "#cb"},
		{Type: "mouseup", Target: "#cb", Detail: 1},
		{Type: "click", Target: "#cb", Detail: 1},
		{Type: "pointerdown", Target: "#cb", Buttons: 1},
		{Type: "mousedown", Target: "#cb", Buttons: 1, Detail: 2},
		{Type: "pointerup", Target: "#cb"},
		{Type: "mouseup", Target: "#cb", Detail: 2},
		{Type: "click", Target: "#cb", Detail: 2},
		{Type: "dblclick", Target: "#cb", Detail: 2},
	}
	if diff := cmp.Diff(want, *log); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	if cb.Checked() {
		t.Error("a double click left the checkbox checked: it toggles twice")
	}
}

// Two Clicks are two single clicks: detail 1 each, no dblclick.
func TestClickTwiceIsNotDouble(t *testing.T) {
	doc := parse(t, `<button id=b>B</button>`)
	log := watch(doc, "click", "dblclick")
	u := userevent.New(doc)
	for range 2 {
		if err := u.Click(byID(t, doc, "b")); err != nil {
			t.Fatal(err)
		}
	}
	if diff := cmp.Diff([]seen{{Type: "click", Target: "#b", Detail: 1}, {Type: "click", Target: "#b", Detail: 1}}, *log); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

func TestClickListenerPanic(t *testing.T) {
	doc := parse(t, `<button id=b>B</button>`)
	b := byID(t, doc, "b")
	b.AddEventListener("mousedown", vdom.NewListener(func(*vdom.Event) { panic("boom") }))
	log := watch(doc, "click")
	err := userevent.New(doc).Click(b)
	if err == nil {
		t.Fatal("a panicking listener was not reported")
	}
	if len(*log) != 1 {
		t.Errorf("the click did not go on after the panic: %v", types(*log))
	}
}

// The options of a drop-down are in its popup: a pointer cannot reach them
// in the page.
func TestClickOptionOfDropDown(t *testing.T) {
	doc := parse(t, `<select id=s><option id=o>A</option></select><select id=l size=2><option id=lo>A</option></select>`)
	err := userevent.New(doc).Click(byID(t, doc, "o"))
	if !errorsIs(err, userevent.ErrHidden) || !strings.Contains(err.Error(), "SelectOptions chooses it") {
		t.Errorf("click on a drop-down's option: %v, want ErrHidden pointing to SelectOptions", err)
	}
	if err := userevent.New(doc).Click(byID(t, doc, "lo")); err != nil {
		t.Errorf("click on a listbox's option: %v", err)
	}
}

func TestClickNotAnElement(t *testing.T) {
	doc := parse(t, `<p id=p>text</p>`)
	text := byID(t, doc, "p").FirstChild()
	err := userevent.New(doc, userevent.SkipChecks()).Click(text)
	if err == nil || !strings.Contains(err.Error(), "not an element") {
		t.Errorf("click on a text node: %v", err)
	}
}

// An element that is not in the User's document cannot be clicked: one
// removed from it, and one of another document, whose error names both
// documents (the usual cause is a page the test navigated away from).
func TestClickNotInTheDocument(t *testing.T) {
	doc := vdom.ParseString(`<a id=a href=/x>A</a>`, vdom.WithURL("http://example.com/about"))
	removed := byID(t, doc, "a")
	removed.Remove()
	old := vdom.ParseString(`<a id=b href=/y>B</a>`, vdom.WithURL("http://example.com/"))
	for _, tc := range []struct {
		name string
		el   *vdom.Node
		want string
	}{
		{"removed", removed, "userevent: click a: element is not in the document"},
		{"of another document", byID(t, old, "b"),
			"userevent: click #b: element is not in the document: it belongs to another document (http://example.com/), and this User acts on http://example.com/about; find the element again in that document"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := userevent.New(doc).Click(tc.el)
			if !errorsIs(err, userevent.ErrNotConnected) {
				t.Fatalf("click: %v, want ErrNotConnected", err)
			}
			if diff := cmp.Diff(tc.want, err.Error()); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
	if n := len(old.Window().Navigations()) + len(doc.Window().Navigations()); n != 0 {
		t.Errorf("a refused click navigated %d times", n)
	}
}

// The tasks of the first click of a double click run before the second:
// a summary's toggle comes between them, as in Chromium.
func TestDblClickSummaryToggles(t *testing.T) {
	doc := parse(t, `<details id=d><summary id=s>More</summary>text</details>`)
	var log []string
	for _, typ := range []string{"click", "dblclick", "toggle"} {
		doc.Window().AddEventListenerWith(typ, vdom.NewListener(func(e *vdom.Event) {
			s := e.Type()
			if tg, ok := e.AsToggle(); ok {
				s += " " + tg.OldState + ">" + tg.NewState
			}
			log = append(log, s)
		}), vdom.ListenerOptions{Capture: true})
	}
	if err := userevent.New(doc).DblClick(byID(t, doc, "s")); err != nil {
		t.Fatal(err)
	}
	if _, err := doc.RunTasks(); err != nil {
		t.Fatal(err)
	}
	want := []string{"click", "toggle closed>open", "click", "dblclick", "toggle open>closed"}
	if diff := cmp.Diff(want, log); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

// A double click in a text field selects the last word of its text (the
// word past whose end a double click lands) and fires select after the
// dblclick; the selectionchange of each press fires while it is down.
func TestDblClickSelectsWord(t *testing.T) {
	doc := parse(t, `<input id=t value="alpha beta">`)
	f := byID(t, doc, "t")
	log := watch(doc, "mousedown", "mouseup", "dblclick", "select", "selectionchange")
	if err := userevent.New(doc).DblClick(f); err != nil {
		t.Fatal(err)
	}
	if _, err := doc.RunTasks(); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range *log {
		got = append(got, s.Type)
	}
	want := []string{"mousedown", "selectionchange", "mouseup", "mousedown", "selectionchange", "mouseup", "dblclick", "select"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("events, mismatch (-want +got):\n%s", diff)
	}
	start, _ := f.SelectionStart()
	end, _ := f.SelectionEnd()
	if start != 6 || end != 10 {
		t.Errorf("selection %d-%d, want 6-10 (beta)", start, end)
	}
}

// A double click on a label: the first click focuses the control, the
// second's mousedown takes the focus away and its click does not give it
// back, as in Chromium; the control gets both clicks.
func TestDblClickLabel(t *testing.T) {
	doc := parse(t, `<label id=l for=cb>Agree</label><input type=checkbox id=cb>`)
	cb := byID(t, doc, "cb")
	log := watch(doc, "focus", "blur", "click")
	if err := userevent.New(doc).DblClick(byID(t, doc, "l")); err != nil {
		t.Fatal(err)
	}
	want := []seen{
		{Type: "click", Target: "#l", Detail: 1}, {Type: "focus", Target: "#cb"}, {Type: "click", Target: "#cb", Detail: 1},
		{Type: "blur", Target: "#cb"},
		{Type: "click", Target: "#l", Detail: 2}, {Type: "click", Target: "#cb", Detail: 2},
	}
	if diff := cmp.Diff(want, *log); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	if cb.Checked() || doc.ActiveElement() == cb {
		t.Errorf("checked %v, focused %v: want toggled twice and not focused", cb.Checked(), doc.ActiveElement() == cb)
	}
}
