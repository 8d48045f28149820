package userevent_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

func TestClickWithSecondaryButton(t *testing.T) {
	doc := parse(t, `<input type=checkbox id=c>`)
	log := watch(doc, "pointerdown", "mousedown", "contextmenu", "pointerup", "mouseup", "auxclick", "click")
	c := byID(t, doc, "c")
	if err := userevent.New(doc).ClickWith(c, userevent.PointerOptions{Button: userevent.ButtonSecondary}); err != nil {
		t.Fatal(err)
	}
	want := []seen{
		{Type: "pointerdown", Target: "#c", Button: 2, Buttons: 2},
		{Type: "mousedown", Target: "#c", Button: 2, Buttons: 2, Detail: 1},
		{Type: "contextmenu", Target: "#c", Button: 2, Buttons: 2},
		{Type: "pointerup", Target: "#c", Button: 2},
		{Type: "mouseup", Target: "#c", Button: 2, Detail: 1},
		{Type: "auxclick", Target: "#c", Button: 2, Detail: 1},
	}
	if diff := cmp.Diff(want, *log); diff != "" {
		t.Errorf("events mismatch (-want +got):\n%s", diff)
	}
	if c.Checked() {
		t.Error("a right click checked the checkbox")
	}
	if doc.ActiveElement() != c {
		t.Errorf("focus on %s, want the checkbox", name(doc.ActiveElement()))
	}
}

func TestClickWithAuxiliaryButtonPastesPrimarySelection(t *testing.T) {
	doc := parse(t, `<input id=t value=abc><textarea id=a>xyz</textarea>`)
	u := userevent.New(doc)
	a, tf := byID(t, doc, "a"), byID(t, doc, "t")
	var pasted []string
	tf.AddEventListener("paste", vdom.NewListener(func(e *vdom.Event) {
		c, _ := e.AsClipboard()
		pasted = append(pasted, c.Text)
	}))
	if err := a.Focus(); err != nil {
		t.Fatal(err)
	}
	if err := u.Keyboard("{Control>}a{/Control}"); err != nil {
		t.Fatal(err)
	}
	if err := u.ClickWith(tf, userevent.PointerOptions{Button: userevent.ButtonAuxiliary}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"xyz"}, pasted); diff != "" {
		t.Errorf("paste events mismatch (-want +got):\n%s", diff)
	}
	if got := tf.Value(); got != "abcxyz" {
		t.Errorf("value %q, want abcxyz (the primary selection pasted at the caret)", got)
	}
}

func TestPointerDownUpApartClicksCommonAncestor(t *testing.T) {
	doc := parse(t, `<div id=d><button id=a>A</button><button id=b>B</button></div>`)
	log := watch(doc, "pointerdown", "mousedown", "pointerup", "mouseup", "click")
	u := userevent.New(doc)
	if err := u.PointerDown(byID(t, doc, "a")); err != nil {
		t.Fatal(err)
	}
	if err := u.PointerUp(byID(t, doc, "b")); err != nil {
		t.Fatal(err)
	}
	want := []string{"pointerdown #a", "mousedown #a", "pointerup #b", "mouseup #b", "click #d"}
	if diff := cmp.Diff(want, types(*log)); diff != "" {
		t.Errorf("events mismatch (-want +got):\n%s", diff)
	}
}

func TestPointerButtonsHeldAreChecked(t *testing.T) {
	doc := parse(t, `<button id=b>B</button>`)
	b := byID(t, doc, "b")
	u := userevent.New(doc)
	if err := u.PointerUp(b); err == nil || !strings.Contains(err.Error(), "is not down") {
		t.Errorf("PointerUp with no button down: %v, want an error saying it is not down", err)
	}
	if err := u.PointerDown(b); err != nil {
		t.Fatal(err)
	}
	if err := u.PointerDown(b); err == nil || !strings.Contains(err.Error(), "down already") {
		t.Errorf("PointerDown twice: %v, want an error saying it is down already", err)
	}
	if err := u.Click(b); err == nil {
		t.Error("Click with the main button held: no error")
	}
	if err := u.ClickWith(b, userevent.PointerOptions{Button: 7}); err == nil || !strings.Contains(err.Error(), "not a mouse button") {
		t.Errorf("ClickWith button 7: %v, want an error naming it", err)
	}
	if err := u.PointerUp(b); err != nil {
		t.Fatal(err)
	}
}

func TestKeysHeldGoWithTheMouse(t *testing.T) {
	doc := parse(t, `<button id=b>B</button>`)
	b := byID(t, doc, "b")
	var got []string
	for _, typ := range []string{"pointermove", "pointerdown", "mousedown", "click"} {
		b.AddEventListener(typ, vdom.NewListener(func(e *vdom.Event) {
			m, _ := e.AsMouse()
			got = append(got, e.Type()+" shift="+boolStr(m.ShiftKey)+" alt="+boolStr(m.AltKey))
		}))
	}
	u := userevent.New(doc)
	if err := u.Keyboard("{Shift>}{Alt>}"); err != nil {
		t.Fatal(err)
	}
	if err := u.Click(b); err != nil {
		t.Fatal(err)
	}
	if err := u.Keyboard("{/Shift}{/Alt}"); err != nil {
		t.Fatal(err)
	}
	if err := u.Click(b); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"pointermove shift=1 alt=1", "pointerdown shift=1 alt=1", "mousedown shift=1 alt=1", "click shift=1 alt=1",
		"pointermove shift=0 alt=0", "pointerdown shift=0 alt=0", "mousedown shift=0 alt=0", "click shift=0 alt=0",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("modifiers mismatch (-want +got):\n%s", diff)
	}
}

func boolStr(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

func TestShiftClickExtendsListboxSelection(t *testing.T) {
	doc := parse(t, `<select id=s multiple size=5><option id=a>a<option id=b>b<option id=c>c<option id=d>d</select>`)
	u := userevent.New(doc)
	s := byID(t, doc, "s")
	steps := []struct {
		keys, click string
		want        []string
	}{
		{click: "b", want: []string{"b"}},
		{keys: "{Shift>}", click: "d", want: []string{"b", "c", "d"}},
		{keys: "{/Shift}{Control>}", click: "a", want: []string{"a", "b", "c", "d"}},
		{click: "c", want: []string{"a", "b", "d"}},
		{keys: "{/Control}", click: "d", want: []string{"d"}},
	}
	for i, st := range steps {
		if st.keys != "" {
			if err := u.Keyboard(st.keys); err != nil {
				t.Fatal(err)
			}
		}
		if err := u.Click(byID(t, doc, st.click)); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, o := range s.SelectedOptions() {
			got = append(got, o.ID())
		}
		if diff := cmp.Diff(st.want, got); diff != "" {
			t.Errorf("step %d (%s click %s): selection mismatch (-want +got):\n%s", i, st.keys, st.click, diff)
		}
	}
}

func TestClickWithOffsetOnImageButton(t *testing.T) {
	doc, err := vdom.Parse(strings.NewReader(`<form action=/next><input type=image name=pos id=i alt=Go></form>`), vdom.WithURL("http://example.test/"))
	if err != nil {
		t.Fatal(err)
	}
	if err := userevent.New(doc).ClickWith(byID(t, doc, "i"), userevent.PointerOptions{Offset: userevent.Point{X: 5, Y: 7}}); err != nil {
		t.Fatal(err)
	}
	navs := doc.Window().Navigations()
	if len(navs) != 1 {
		t.Fatalf("%d navigations, want 1", len(navs))
	}
	if got, want := navs[0].URL.Query(), (url.Values{"pos.x": {"5"}, "pos.y": {"7"}}); !cmp.Equal(want, got) {
		t.Errorf("query %v, want %v", got, want)
	}
}

func TestDropDownPopupTakesTheKeys(t *testing.T) {
	doc := parse(t, `<select id=s><option>a<option>b<option disabled>c<option>d</select>`)
	s := byID(t, doc, "s")
	log := watch(doc, "keydown", "keyup", "input", "change", "click")
	u := userevent.New(doc)
	if err := s.Focus(); err != nil {
		t.Fatal(err)
	}
	// Space opens the popup: the page sees its keydown (and keypress,
	// not watched), then nothing until Enter closes it with a choice.
	if err := u.Keyboard(" {ArrowDown}{ArrowDown}{Enter}"); err != nil {
		t.Fatal(err)
	}
	want := []string{"keydown #s", "input #s", "change #s", "click #s", "keyup #s"}
	if diff := cmp.Diff(want, types(*log)); diff != "" {
		t.Errorf("events mismatch (-want +got):\n%s", diff)
	}
	if s.Value() != "d" {
		t.Errorf("value %q, want d (the disabled option skipped)", s.Value())
	}
	// A click on the select opens it too; a click elsewhere closes it
	// without a choice, and the keys go to the page again.
	*log = nil
	if err := u.Click(s); err != nil {
		t.Fatal(err)
	}
	if err := u.Keyboard("{ArrowUp}"); err != nil {
		t.Fatal(err)
	}
	if err := u.Click(doc.Body()); err != nil {
		t.Fatal(err)
	}
	if s.Value() != "d" {
		t.Errorf("value %q after a click away, want d", s.Value())
	}
	if err := s.Focus(); err != nil {
		t.Fatal(err)
	}
	*log = nil
	if err := u.Keyboard("{ArrowUp}"); err != nil {
		t.Fatal(err)
	}
	want = []string{"keydown #s", "input #s", "change #s", "keyup #s"}
	if diff := cmp.Diff(want, types(*log)); diff != "" {
		t.Errorf("events after the popup closed mismatch (-want +got):\n%s", diff)
	}
	if s.Value() != "b" {
		t.Errorf("value %q, want b", s.Value())
	}
}
