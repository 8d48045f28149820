package userevent_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

const fruit = `<option value=a>Apple</option><option value=b>Banana</option><option value=c>Cherry</option>`

func selectedValues(sel *vdom.Node) []string {
	var out []string
	for _, o := range sel.SelectedOptions() {
		out = append(out, o.Value())
	}
	return out
}

func TestSelectOptionsDropDown(t *testing.T) {
	doc := parse(t, `<select id=s>`+fruit+`</select>`)
	sel := byID(t, doc, "s")
	log := watch(doc, "mousedown", "focus", "mouseup", "click", "input", "change")
	u := userevent.New(doc)
	if err := u.SelectOptions(sel, "Cherry"); err != nil {
		t.Fatal(err)
	}
	want := []seen{
		{Type: "mousedown", Target: "#s", Buttons: 1, Detail: 1},
		{Type: "focus", Target: "#s"},
		{Type: "mouseup", Target: "#s", Detail: 1},
		{Type: "click", Target: "#s", Detail: 1},
		{Type: "input", Target: "#s"},
		{Type: "change", Target: "#s"},
		// The popup's click at its select as it closes.
		{Type: "click", Target: "#s", Button: -1},
	}
	if diff := cmp.Diff(want, *log); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"c"}, selectedValues(sel)); diff != "" {
		t.Errorf("selection mismatch (-want +got):\n%s", diff)
	}
	// The option already chosen: no input, no change.
	*log = nil
	if err := u.SelectOptions(sel, "c"); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"mousedown #s", "mouseup #s", "click #s", "click #s"}, types(*log)); diff != "" {
		t.Errorf("same choice: mismatch (-want +got):\n%s", diff)
	}
}

func TestSelectOptionsDropDownPrevented(t *testing.T) {
	doc := parse(t, `<select id=s>`+fruit+`</select>`)
	sel := byID(t, doc, "s")
	sel.AddEventListener("mousedown", vdom.NewListener(func(e *vdom.Event) { e.PreventDefault() }))
	err := userevent.New(doc).SelectOptions(sel, "b")
	if !errorsIs(err, userevent.ErrPrevented) {
		t.Fatalf("err = %v, want ErrPrevented", err)
	}
	if diff := cmp.Diff([]string{"a"}, selectedValues(sel)); diff != "" {
		t.Errorf("selection mismatch (-want +got):\n%s", diff)
	}
}

func TestSelectOptionsListbox(t *testing.T) {
	doc := parse(t, `<select id=s multiple><option value=a id=oa>Apple</option><option value=b id=ob>Banana</option><option value=c id=oc selected>Cherry</option></select>`)
	sel := byID(t, doc, "s")
	u := userevent.New(doc)
	log := watch(doc, "keydown", "keyup", "mousedown", "mouseup", "click", "input", "change")
	if err := u.SelectOptions(sel, "a", "Banana"); err != nil {
		t.Fatal(err)
	}
	want := []seen{
		{Type: "keydown", Target: "body", Ctrl: true},
		{Type: "mousedown", Target: "#oa", Buttons: 1, Detail: 1, Ctrl: true},
		{Type: "mouseup", Target: "#oa", Detail: 1, Ctrl: true},
		{Type: "input", Target: "#s"},
		{Type: "change", Target: "#s"},
		{Type: "click", Target: "#oa", Detail: 1, Ctrl: true},
		{Type: "mousedown", Target: "#ob", Buttons: 1, Detail: 1, Ctrl: true},
		{Type: "mouseup", Target: "#ob", Detail: 1, Ctrl: true},
		{Type: "input", Target: "#s"},
		{Type: "change", Target: "#s"},
		{Type: "click", Target: "#ob", Detail: 1, Ctrl: true},
		{Type: "keyup", Target: "#s"},
	}
	if diff := cmp.Diff(want, *log); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"a", "b", "c"}, selectedValues(sel)); diff != "" {
		t.Errorf("selection mismatch (-want +got):\n%s", diff)
	}
	// Deselecting clicks only the selected options named.
	*log = nil
	if err := u.DeselectOptions(sel, "c"); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"a", "b"}, selectedValues(sel)); diff != "" {
		t.Errorf("after deselect: selection mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"keydown #s", "mousedown #oc", "mouseup #oc", "input #s", "change #s", "click #oc", "keyup #s"}, types(*log)); diff != "" {
		t.Errorf("deselect: mismatch (-want +got):\n%s", diff)
	}
}

func TestSelectOptionsSingleListbox(t *testing.T) {
	doc := parse(t, `<select id=s size=3>`+fruit+`</select>`)
	sel := byID(t, doc, "s")
	if err := userevent.New(doc).SelectOptions(sel, "a", "c"); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"c"}, selectedValues(sel)); diff != "" {
		t.Errorf("selection mismatch (-want +got):\n%s", diff)
	}
}

func TestSelectOptionsErrors(t *testing.T) {
	doc := parse(t, `<select id=s>`+fruit+`</select>
		<select id=m multiple><optgroup label=G disabled><option value=g>Grape</option></optgroup><option value=k disabled>Kiwi</option><option value=l>Lime</option></select>
		<input id=t>`)
	log := watch(doc)
	u := userevent.New(doc)
	for _, tc := range []struct {
		name string
		do   func() error
		want []string // parts of the message
	}{
		{"unknown value", func() error { return u.SelectOptions(byID(t, doc, "s"), "z") }, []string{`#s`, `no option has the value or label "z"`, `"a" ("Apple"), "b" ("Banana"), "c" ("Cherry")`}},
		{"option disabled", func() error { return u.SelectOptions(byID(t, doc, "m"), "k") }, []string{`option "k" is disabled`, `"k" ("Kiwi") disabled`}},
		{"optgroup disabled", func() error { return u.SelectOptions(byID(t, doc, "m"), "Grape") }, []string{`option "Grape" is disabled`}},
		{"two values on a drop-down", func() error { return u.SelectOptions(byID(t, doc, "s"), "a", "b") }, []string{`a drop-down select takes one value, got 2 ("a", "b")`}},
		{"deselect a drop-down", func() error { return u.DeselectOptions(byID(t, doc, "s"), "a") }, []string{`only the options of a multiple select can be deselected`}},
		{"not a select", func() error { return u.SelectOptions(byID(t, doc, "t"), "a") }, []string{`#t: not a select element`}},
		{"no values", func() error { return u.SelectOptions(byID(t, doc, "s")) }, []string{`no values given`}},
	} {
		err := tc.do()
		if err == nil {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q does not say %q", tc.name, err, w)
			}
		}
	}
	if len(*log) != 0 {
		t.Errorf("refused actions fired events: %v", types(*log))
	}
}

// In a multiple select a Ctrl-click toggles, so an option already as
// wanted gets no click, and nothing at all is pressed when none needs one.
func TestSelectOptionsMultipleAlreadyAsWanted(t *testing.T) {
	doc := parse(t, `<select id=s multiple><option value=a id=oa>Apple</option><option value=b id=ob selected>Banana</option></select>`)
	sel := byID(t, doc, "s")
	u := userevent.New(doc)
	log := watch(doc, "keydown", "keyup", "mousedown", "input", "change")
	if err := u.SelectOptions(sel, "a", "b"); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"keydown body", "mousedown #oa", "input #s", "change #s", "keyup #s"}, types(*log)); diff != "" {
		t.Errorf("select: mismatch (-want +got):\n%s", diff)
	}
	*log = nil
	if err := u.SelectOptions(sel, "a", "b"); err != nil {
		t.Fatal(err)
	}
	if err := u.DeselectOptions(byID(t, doc, "s"), "z-not-there"); err == nil {
		t.Error("deselecting an unknown option: no error")
	}
	if len(*log) != 0 {
		t.Errorf("nothing to do, yet events fired: %v", types(*log))
	}
	if diff := cmp.Diff([]string{"a", "b"}, selectedValues(sel)); diff != "" {
		t.Errorf("selection mismatch (-want +got):\n%s", diff)
	}
}

// With SkipChecks a disabled select gets the pointer events, and no popup
// opens.
func TestSelectOptionsDisabledSkipChecks(t *testing.T) {
	doc := parse(t, `<select id=s disabled>`+fruit+`</select>`)
	sel := byID(t, doc, "s")
	if err := userevent.New(doc).SelectOptions(sel, "b"); !errorsIs(err, userevent.ErrDisabled) {
		t.Fatalf("err = %v, want ErrDisabled", err)
	}
	log := watch(doc, "pointerdown", "mousedown", "input", "change")
	err := userevent.New(doc, userevent.SkipChecks()).SelectOptions(sel, "b")
	if !errorsIs(err, userevent.ErrDisabled) || !strings.Contains(err.Error(), "the popup did not open") {
		t.Fatalf("err = %v, want the popup not opening because of ErrDisabled", err)
	}
	if diff := cmp.Diff([]string{"pointerdown #s"}, types(*log)); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"a"}, selectedValues(sel)); diff != "" {
		t.Errorf("selection mismatch (-want +got):\n%s", diff)
	}
}

// A listener of the click that opens the popup may take the option away.
func TestSelectOptionsOptionRemovedWhileOpening(t *testing.T) {
	doc := parse(t, `<select id=s>`+fruit+`</select>`)
	sel := byID(t, doc, "s")
	sel.AddEventListener("mousedown", vdom.NewListener(func(*vdom.Event) { sel.Options()[2].Remove() }))
	err := userevent.New(doc).SelectOptions(sel, "c")
	if err == nil || !strings.Contains(err.Error(), `the option "c" is no longer there to choose`) {
		t.Fatalf("err = %v", err)
	}
	if diff := cmp.Diff([]string{"a"}, selectedValues(sel)); diff != "" {
		t.Errorf("selection mismatch (-want +got):\n%s", diff)
	}
}

func TestSelectOptionsHiddenOption(t *testing.T) {
	doc := parse(t, `<select id=s multiple><option value=a>A</option><option value=h hidden>H</option></select>`)
	sel := byID(t, doc, "s")
	if err := userevent.New(doc).SelectOptions(sel, "h"); !errorsIs(err, userevent.ErrHidden) {
		t.Errorf("hidden option: %v, want ErrHidden", err)
	}
	if err := userevent.New(doc, userevent.SkipChecks()).SelectOptions(sel, "h"); err != nil {
		t.Errorf("hidden option with SkipChecks: %v", err)
	}
	if diff := cmp.Diff([]string{"h"}, selectedValues(sel)); diff != "" {
		t.Errorf("selection mismatch (-want +got):\n%s", diff)
	}
}
