package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

func matchIDs(t *testing.T, doc *vdom.Document, sel string) []string {
	t.Helper()
	els, err := doc.QuerySelectorAll(sel)
	if err != nil {
		t.Fatal(err)
	}
	out := []string{}
	for _, el := range els {
		out = append(out, el.ID())
	}
	return out
}

// :user-valid and :user-invalid follow the controls' user validity: a
// click by the user, not by the program, a submission with validation,
// and a reset that clears it.
func TestUserValidity(t *testing.T) {
	doc := vdom.ParseString(`<form id="f"><input id="cb" type="checkbox" required><input id="t" required>
<input id="ok" value="x"><button id="b">go</button></form>`)
	cb, f, b := doc.GetElementByID("cb"), doc.GetElementByID("f"), doc.GetElementByID("b")
	check := func(step string, valid, invalid []string) {
		t.Helper()
		if diff := cmp.Diff(valid, matchIDs(t, doc, ":user-valid")); diff != "" {
			t.Errorf("%s: :user-valid mismatch (-want +got):\n%s", step, diff)
		}
		if diff := cmp.Diff(invalid, matchIDs(t, doc, ":user-invalid")); diff != "" {
			t.Errorf("%s: :user-invalid mismatch (-want +got):\n%s", step, diff)
		}
	}
	check("parsed", []string{}, []string{})
	if err := cb.Click(); err != nil {
		t.Fatal(err)
	}
	check("program click", []string{}, []string{})
	if _, err := vdom.DispatchTrusted(cb, vdom.NewMouseEvent("click", vdom.MouseEventInit{EventInit: vdom.EventInit{Bubbles: true, Cancelable: true}})); err != nil {
		t.Fatal(err)
	}
	check("user click", []string{}, []string{"cb"}) // unchecked again: invalid
	if err := b.Click(); err != nil {
		t.Fatal(err)
	}
	check("submit", []string{"ok"}, []string{"cb", "t"})
	if err := f.Reset(); err != nil {
		t.Fatal(err)
	}
	check("reset", []string{}, []string{})
}

func TestTargetFollowsURL(t *testing.T) {
	page := `<p id="a">a</p><p id="b">b</p><a id="n" name="c">c</a>`
	for url, want := range map[string][]string{
		"https://example.com/":   {},
		"https://example.com/#b": {"b"},
		"https://example.com/#c": {"n"},
		"https://example.com/#":  {},
		"https://example.com/#x": {},
	} {
		doc := vdom.ParseString(page, vdom.WithURL(url))
		if diff := cmp.Diff(want, matchIDs(t, doc, ":target")); diff != "" {
			t.Errorf("%s: mismatch (-want +got):\n%s", url, diff)
		}
	}
}
