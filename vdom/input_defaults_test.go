package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

func mousedown(button int16) *vdom.Event {
	return vdom.NewMouseEvent("mousedown", vdom.MouseEventInit{
		EventInit:  vdom.EventInit{Bubbles: true, Cancelable: true, Composed: true},
		MouseEvent: vdom.MouseEvent{Button: button, Buttons: 1, UIEvent: vdom.UIEvent{Detail: 1}},
	})
}

func key(typ, k string, mod vdom.KeyboardEvent) *vdom.Event {
	mod.Key = k
	return vdom.NewKeyboardEvent(typ, vdom.KeyboardEventInit{
		EventInit:     vdom.EventInit{Bubbles: true, Cancelable: true, Composed: true},
		KeyboardEvent: mod,
	})
}

// trusted dispatches at the element with the id ("" for the document).
func trusted(t *testing.T, doc *vdom.Document, id string, e *vdom.Event) bool {
	t.Helper()
	var target vdom.EventTarget = doc
	if id != "" {
		target = doc.GetElementByID(id)
	}
	ok, err := vdom.DispatchTrusted(target, e)
	if err != nil {
		t.Fatalf("DispatchTrusted(%s, %s): %v", id, e.Type(), err)
	}
	return ok
}

func TestTrustedIsTrusted(t *testing.T) {
	doc := vdom.ParseString(`<p id="p">x</p>`)
	var got []bool
	doc.GetElementByID("p").AddEventListener("x", vdom.NewListener(func(e *vdom.Event) { got = append(got, e.IsTrusted()) }))
	trusted(t, doc, "p", vdom.NewEvent("x"))
	_, _ = doc.GetElementByID("p").DispatchEvent(vdom.NewEvent("x"))
	if diff := cmp.Diff([]bool{true, false}, got); diff != "" {
		t.Errorf("isTrusted mismatch (-want +got):\n%s", diff)
	}
}

func TestTrustedMousedownFocus(t *testing.T) {
	const page = `<div id="box" tabindex="-1"><span id="in-box">x</span></div>
<button id="b"><span id="in-b">label</span></button><p id="p">text</p><input id="i">
<button id="dis" disabled>d</button><a id="nohref">x</a>`
	cases := []struct {
		name   string
		start  string // focused before, "" for none
		target string
		event  *vdom.Event
		cancel bool
		want   string // ActiveElement after
		events []focusRecord
	}{
		{"on a button", "", "b", mousedown(0), false, "b",
			[]focusRecord{fr("focus", "b", "", "b"), fr("focusin", "b", "", "b")}},
		{"inside a button: the button", "i", "in-b", mousedown(0), false, "b",
			[]focusRecord{fr("blur", "i", "b", "body"), fr("focusout", "i", "b", "body"), fr("focus", "b", "i", "b"), fr("focusin", "b", "i", "b")}},
		{"inside a tabindex=-1 element: it", "", "in-box", mousedown(0), false, "box",
			[]focusRecord{fr("focus", "box", "", "box"), fr("focusin", "box", "", "box")}},
		{"on text: the focused element loses focus", "i", "p", mousedown(0), false, "body",
			[]focusRecord{fr("blur", "i", "", "body"), fr("focusout", "i", "", "body")}},
		{"on a disabled button: nothing focusable", "i", "dis", mousedown(0), false, "body",
			[]focusRecord{fr("blur", "i", "", "body"), fr("focusout", "i", "", "body")}},
		{"on a link without href", "i", "nohref", mousedown(0), false, "body",
			[]focusRecord{fr("blur", "i", "", "body"), fr("focusout", "i", "", "body")}},
		{"on the document", "i", "", mousedown(0), false, "body",
			[]focusRecord{fr("blur", "i", "", "body"), fr("focusout", "i", "", "body")}},
		{"on the focused element: nothing", "i", "i", mousedown(0), false, "i", nil},
		{"secondary button too, as in Chromium", "i", "b", mousedown(2), false, "b",
			[]focusRecord{fr("blur", "i", "b", "body"), fr("focusout", "i", "b", "body"), fr("focus", "b", "i", "b"), fr("focusin", "b", "i", "b")}},
		{"cancelled: nothing", "i", "b", mousedown(0), true, "i", nil},
		{"mouseup: nothing", "i", "b", vdom.NewMouseEvent("mouseup", vdom.MouseEventInit{}), false, "i", nil},
		{"a plain Event named mousedown: nothing", "i", "b", vdom.NewEvent("mousedown"), false, "i", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := vdom.ParseString(page)
			if c.start != "" {
				_ = doc.GetElementByID(c.start).Focus()
			}
			if c.cancel {
				doc.AddEventListener("mousedown", vdom.NewListener(func(e *vdom.Event) { e.PreventDefault() }))
			}
			got := recordFocus(doc)
			trusted(t, doc, c.target, c.event)
			if diff := cmp.Diff(c.events, *got); diff != "" {
				t.Errorf("events mismatch (-want +got):\n%s", diff)
			}
			if a := name(doc.ActiveElement()); a != c.want {
				t.Errorf("ActiveElement = %q, want %q", a, c.want)
			}
		})
	}
}

func TestTrustedTab(t *testing.T) {
	doc := vdom.ParseString(`<input id="a"><p id="p">text</p><button id="b">b</button><a id="c" href="#">c</a><div tabindex="-1" id="neg"></div>`)
	got := recordFocus(doc)
	tab := func(shift bool) string {
		t.Helper()
		trusted(t, doc, "", key("keydown", "Tab", vdom.KeyboardEvent{ShiftKey: shift}))
		return name(doc.ActiveElement())
	}
	var order []string
	for range 5 {
		order = append(order, tab(false))
	}
	// Past the last element the focus leaves the document; the next
	// Tab starts over.
	if diff := cmp.Diff([]string{"a", "b", "c", "body", "a"}, order); diff != "" {
		t.Errorf("Tab order mismatch (-want +got):\n%s", diff)
	}
	order = nil
	for range 3 {
		order = append(order, tab(true))
	}
	if diff := cmp.Diff([]string{"body", "c", "b"}, order); diff != "" {
		t.Errorf("Shift+Tab order mismatch (-want +got):\n%s", diff)
	}
	// The events of one Tab.
	*got = nil
	tab(false)
	want := []focusRecord{fr("blur", "b", "c", "body"), fr("focusout", "b", "c", "body"), fr("focus", "c", "b", "c"), fr("focusin", "c", "b", "c")}
	if diff := cmp.Diff(want, *got); diff != "" {
		t.Errorf("events mismatch (-want +got):\n%s", diff)
	}

	t.Run("from a click on text", func(t *testing.T) {
		doc := vdom.ParseString(`<input id="a"><p id="p">text</p><button id="b">b</button>`)
		_ = doc.GetElementByID("a").Focus()
		trusted(t, doc, "p", mousedown(0))
		trusted(t, doc, "", key("keydown", "Tab", vdom.KeyboardEvent{}))
		if a := name(doc.ActiveElement()); a != "b" {
			t.Errorf("Tab after a click on text between a and b focused %q, want b", a)
		}
	})
	t.Run("from a tabindex=-1 element", func(t *testing.T) {
		doc := vdom.ParseString(`<input id="a"><div tabindex="-1" id="neg">x</div><button id="b">b</button>`)
		_ = doc.GetElementByID("neg").Focus()
		trusted(t, doc, "neg", key("keydown", "Tab", vdom.KeyboardEvent{ShiftKey: true}))
		if a := name(doc.ActiveElement()); a != "a" {
			t.Errorf("Shift+Tab from #neg focused %q, want a", a)
		}
	})
	t.Run("cancelled, or with Ctrl: nothing", func(t *testing.T) {
		doc := vdom.ParseString(`<input id="a"><button id="b">b</button>`)
		_ = doc.GetElementByID("a").Focus()
		trusted(t, doc, "a", key("keydown", "Tab", vdom.KeyboardEvent{CtrlKey: true}))
		doc.GetElementByID("a").AddEventListener("keydown", vdom.NewListener(func(e *vdom.Event) { e.PreventDefault() }))
		if trusted(t, doc, "a", key("keydown", "Tab", vdom.KeyboardEvent{})) {
			t.Error("DispatchTrusted of a cancelled keydown returned true")
		}
		if a := name(doc.ActiveElement()); a != "a" {
			t.Errorf("ActiveElement = %q, want a", a)
		}
	})
	t.Run("keyup Tab: nothing", func(t *testing.T) {
		doc := vdom.ParseString(`<input id="a"><button id="b">b</button>`)
		trusted(t, doc, "", key("keyup", "Tab", vdom.KeyboardEvent{}))
		if a := name(doc.ActiveElement()); a != "body" {
			t.Errorf("ActiveElement = %q, want body", a)
		}
	})
}

// clickRecord is a click as a listener on the document sees it.
type clickRecord struct {
	Target              string
	Trusted, Cancelable bool
	Interface           string
	PointerID           int
	PointerType         string
	Detail              int
	ClientX             float64
	ShiftKey            bool
}

func recordClicks(doc *vdom.Document) *[]clickRecord {
	var got []clickRecord
	doc.AddEventListener("click", vdom.NewListener(func(e *vdom.Event) {
		p, _ := e.AsPointer()
		got = append(got, clickRecord{name(e.Target()), e.IsTrusted(), e.Cancelable(), e.Interface(),
			p.PointerID, p.PointerType, p.Detail, p.ClientX, p.ShiftKey})
	}), vdom.ListenerOptions{Capture: true})
	return &got
}

func TestTrustedKeyActivation(t *testing.T) {
	const page = `<button id="button">b</button><input type="submit" id="submit"><input type="reset" id="reset">
<input type="button" id="ibutton"><input type="image" id="image"><input type="checkbox" id="check"><input type="radio" id="radio">
<input id="text"><a href="#x" id="link">l</a><a id="nohref">n</a><details><summary id="summary">s</summary></details>
<button id="disabled" disabled>d</button><textarea id="ta"></textarea><p id="p">p</p>`
	click := func(target string) clickRecord {
		return clickRecord{Target: target, Trusted: true, Cancelable: true, Interface: "PointerEvent", PointerID: -1}
	}
	enterKeys := func(target string) func(*testing.T, *vdom.Document) {
		return func(t *testing.T, doc *vdom.Document) {
			trusted(t, doc, target, key("keydown", "Enter", vdom.KeyboardEvent{}))
			trusted(t, doc, target, key("keypress", "Enter", vdom.KeyboardEvent{CharCode: 13, KeyCode: 13}))
			trusted(t, doc, target, key("keyup", "Enter", vdom.KeyboardEvent{}))
		}
	}
	spaceKeys := func(target string) func(*testing.T, *vdom.Document) {
		return func(t *testing.T, doc *vdom.Document) {
			trusted(t, doc, target, key("keydown", " ", vdom.KeyboardEvent{}))
			trusted(t, doc, target, key("keypress", " ", vdom.KeyboardEvent{CharCode: 32}))
			trusted(t, doc, target, key("keyup", " ", vdom.KeyboardEvent{}))
		}
	}
	cases := []struct {
		name  string
		press func(*testing.T, *vdom.Document)
		want  []clickRecord
	}{
		{"Enter on a button", enterKeys("button"), []clickRecord{click("button")}},
		{"Enter on input submit", enterKeys("submit"), []clickRecord{click("submit")}},
		{"Enter on input reset", enterKeys("reset"), []clickRecord{click("reset")}},
		{"Enter on input button", enterKeys("ibutton"), []clickRecord{click("ibutton")}},
		{"Enter on input image", enterKeys("image"), []clickRecord{click("image")}},
		{"Enter on a summary", enterKeys("summary"), []clickRecord{click("summary")}},
		{"Enter on a link (at keydown)", enterKeys("link"), []clickRecord{click("link")}},
		{"Enter on a checkbox: no click", enterKeys("check"), nil},
		{"Enter on a text field: no click", enterKeys("text"), nil},
		{"Enter on a link without href", enterKeys("nohref"), nil},
		{"Enter on a disabled button", enterKeys("disabled"), nil},
		{"Enter on a textarea", enterKeys("ta"), nil},
		{"Space on a button (at keyup)", spaceKeys("button"), []clickRecord{click("button")}},
		{"Space on input submit", spaceKeys("submit"), []clickRecord{click("submit")}},
		{"Space on a checkbox", spaceKeys("check"), []clickRecord{click("check")}},
		{"Space on a radio", spaceKeys("radio"), []clickRecord{click("radio")}},
		{"Space on a summary", spaceKeys("summary"), []clickRecord{click("summary")}},
		{"Space on a link: no click", spaceKeys("link"), nil},
		{"Space on a text field: no click", spaceKeys("text"), nil},
		{"keyup Space without its keydown: no click", func(t *testing.T, doc *vdom.Document) {
			trusted(t, doc, "button", key("keyup", " ", vdom.KeyboardEvent{}))
		}, nil},
		{"keydown Space on one button, keyup on another: no click", func(t *testing.T, doc *vdom.Document) {
			trusted(t, doc, "button", key("keydown", " ", vdom.KeyboardEvent{}))
			trusted(t, doc, "submit", key("keyup", " ", vdom.KeyboardEvent{}))
			trusted(t, doc, "button", key("keyup", " ", vdom.KeyboardEvent{}))
		}, nil},
		{"keydown Space cancelled: no click", func(t *testing.T, doc *vdom.Document) {
			doc.AddEventListener("keydown", vdom.NewListener(func(e *vdom.Event) { e.PreventDefault() }))
			spaceKeys("button")(t, doc)
		}, nil},
		{"keypress Enter cancelled: no click", func(t *testing.T, doc *vdom.Document) {
			doc.AddEventListener("keypress", vdom.NewListener(func(e *vdom.Event) { e.PreventDefault() }))
			enterKeys("button")(t, doc)
		}, nil},
		{"a repeated keydown Enter on a link: no click", func(t *testing.T, doc *vdom.Document) {
			trusted(t, doc, "link", key("keydown", "Enter", vdom.KeyboardEvent{Repeat: true}))
		}, nil},
		{"modifiers pass to the click", func(t *testing.T, doc *vdom.Document) {
			trusted(t, doc, "button", key("keypress", "Enter", vdom.KeyboardEvent{ShiftKey: true}))
		}, []clickRecord{{Target: "button", Trusted: true, Cancelable: true, Interface: "PointerEvent", PointerID: -1, ShiftKey: true}}},
		{"an untrusted keypress does nothing", func(t *testing.T, doc *vdom.Document) {
			_, _ = doc.GetElementByID("button").DispatchEvent(key("keypress", "Enter", vdom.KeyboardEvent{}))
		}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := vdom.ParseString(page)
			got := recordClicks(doc)
			c.press(t, doc)
			if diff := cmp.Diff(c.want, *got); diff != "" {
				t.Errorf("clicks mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// Tab visits one radio of a group, as in Chromium: the checked one, or,
// when none is checked, the first going forward and the last going
// backward; the others of the group are skipped.
func TestTrustedTabRadioGroups(t *testing.T) {
	cases := []struct {
		name     string
		html     string
		backward bool
		want     []string
	}{
		{"none checked, forward", `<input id="a"><input type="radio" name="g" id="r1"><input type="radio" name="g" id="r2"><input type="radio" name="g" id="r3"><input id="b">`,
			false, []string{"a", "r1", "b", "body"}},
		{"none checked, backward", `<input id="a"><input type="radio" name="g" id="r1"><input type="radio" name="g" id="r2"><input type="radio" name="g" id="r3"><input id="b">`,
			true, []string{"b", "r3", "a", "body"}},
		{"the checked one", `<input id="a"><input type="radio" name="g" id="r1"><input type="radio" name="g" id="r2" checked><input type="radio" name="g" id="r3"><input id="b">`,
			false, []string{"a", "r2", "b", "body"}},
		{"the checked one, backward", `<input id="a"><input type="radio" name="g" id="r1"><input type="radio" name="g" id="r2" checked><input type="radio" name="g" id="r3"><input id="b">`,
			true, []string{"b", "r2", "a", "body"}},
		{"two groups and unnamed radios", `<input type="radio" name="g" id="g1"><input type="radio" name="h" id="h1"><input type="radio" name="g" id="g2"><input type="radio" id="u1"><input type="radio" id="u2">`,
			// g1 had focus, so g is entered only there: g2 is skipped
			// (recorded from Chromium 156).
			false, []string{"g1", "h1", "u1", "u2", "body", "g1"}},
		{"same name in another form is another group", `<form><input type="radio" name="g" id="f1"><input type="radio" name="g" id="f2"></form><form><input type="radio" name="g" id="o1"></form>`,
			false, []string{"f1", "o1", "body"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := vdom.ParseString(c.html)
			var got []string
			for range c.want {
				trusted(t, doc, "", key("keydown", "Tab", vdom.KeyboardEvent{ShiftKey: c.backward}))
				got = append(got, name(doc.ActiveElement()))
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
	// A group with no checked radio is entered, either way, at the radio
	// that last had focus (recorded from Chromium 156).
	t.Run("the radio that last had focus", func(t *testing.T) {
		doc := vdom.ParseString(`<input id="a"><input type="radio" name="g" id="r1"><input type="radio" name="g" id="r2"><input type="radio" name="g" id="r3"><input id="b">`)
		doc.GetElementByID("r2").Focus()
		var got []string
		for _, backward := range []bool{false, true, true, false} {
			trusted(t, doc, "", key("keydown", "Tab", vdom.KeyboardEvent{ShiftKey: backward}))
			got = append(got, name(doc.ActiveElement()))
		}
		if diff := cmp.Diff([]string{"b", "r2", "a", "r2"}, got); diff != "" {
			t.Errorf("mismatch (-want +got):\n%s", diff)
		}
	})
	t.Run("SequentialFocusOrder follows checkedness", func(t *testing.T) {
		doc := vdom.ParseString(`<input type="radio" name="g" id="r1"><input type="radio" name="g" id="r2">`)
		doc.GetElementByID("r2").SetChecked(true)
		var got []string
		for _, n := range doc.SequentialFocusOrder() {
			got = append(got, name(n))
		}
		if diff := cmp.Diff([]string{"r2"}, got); diff != "" {
			t.Errorf("mismatch (-want +got):\n%s", diff)
		}
	})
}

// Arrow keys move the focus within a radio group, wrapping around, and
// click the radio they reach.
func TestTrustedRadioArrows(t *testing.T) {
	const page = `<input type="radio" name="g" id="r1"><input type="radio" name="g" id="r2" disabled>
<input type="radio" name="g" id="r3"><input type="radio" name="g" id="r4"><input type="radio" name="x" id="x1"><input type="radio" id="alone">`
	cases := []struct {
		from, key string
		want      string // focused after, and clicked ("" for no click)
	}{
		{"r1", "ArrowDown", "r3"}, {"r1", "ArrowRight", "r3"}, {"r3", "ArrowDown", "r4"},
		{"r4", "ArrowDown", "r1"}, {"r1", "ArrowUp", "r4"}, {"r1", "ArrowLeft", "r4"}, {"r4", "ArrowUp", "r3"},
		{"x1", "ArrowDown", ""}, {"alone", "ArrowDown", ""},
	}
	for _, c := range cases {
		t.Run(c.from+" "+c.key, func(t *testing.T) {
			doc := vdom.ParseString(page)
			_ = doc.GetElementByID(c.from).Focus()
			clicks := recordClicks(doc)
			trusted(t, doc, c.from, key("keydown", c.key, vdom.KeyboardEvent{}))
			var want []clickRecord
			focused := c.from
			if c.want != "" {
				want = []clickRecord{{Target: c.want, Trusted: true, Cancelable: true, Interface: "PointerEvent", PointerID: -1}}
				focused = c.want
			}
			if diff := cmp.Diff(want, *clicks); diff != "" {
				t.Errorf("clicks mismatch (-want +got):\n%s", diff)
			}
			if a := name(doc.ActiveElement()); a != focused {
				t.Errorf("ActiveElement = %q, want %q", a, focused)
			}
		})
	}
}

// An element that loses focus between the keydown and the keyup of Space
// is not clicked.
func TestTrustedSpaceAfterBlur(t *testing.T) {
	doc := vdom.ParseString(`<button id="b">b</button><input id="i">`)
	_ = doc.GetElementByID("b").Focus()
	clicks := recordClicks(doc)
	trusted(t, doc, "b", key("keydown", " ", vdom.KeyboardEvent{}))
	_ = doc.GetElementByID("i").Focus()
	_ = doc.GetElementByID("b").Focus()
	trusted(t, doc, "b", key("keyup", " ", vdom.KeyboardEvent{}))
	if len(*clicks) != 0 {
		t.Errorf("clicks %v, want none", *clicks)
	}
}

// After blur() the element that had focus stays the starting point of
// sequential navigation, as in Chromium: Shift+Tab goes to the one before
// it, or out of the document from the first.
func TestTrustedTabAfterBlur(t *testing.T) {
	cases := []struct {
		blurred  string
		backward bool
		want     string
	}{
		{"b", true, "a"}, {"b", false, "c"}, {"a", true, "body"}, {"c", false, "body"},
	}
	for _, c := range cases {
		doc := vdom.ParseString(`<input id="a"><input id="b"><input id="c">`)
		_ = doc.GetElementByID(c.blurred).Focus()
		_ = doc.GetElementByID(c.blurred).Blur()
		trusted(t, doc, "", key("keydown", "Tab", vdom.KeyboardEvent{ShiftKey: c.backward}))
		if got := name(doc.ActiveElement()); got != c.want {
			t.Errorf("Tab (backward %v) after %s.Blur(): ActiveElement %s, want %s", c.backward, c.blurred, got, c.want)
		}
	}
}

// Chromium dispatches no mousedown, mouseup or click at a disabled
// control or inside one, but the mousedown still takes the focus away.
func TestTrustedMouseAtDisabledControl(t *testing.T) {
	const page = `<div id="wrap"><button id="d" disabled><span id="sp">d</span></button></div>
<fieldset disabled><p id="ptext">text</p><input id="fin"></fieldset><input id="t">`
	cases := []struct {
		target string
		want   []string
	}{
		{"d", nil}, {"sp", nil}, {"fin", nil},
		{"ptext", []string{"mousedown ptext", "mouseup ptext", "click ptext"}},
	}
	for _, c := range cases {
		t.Run(c.target, func(t *testing.T) {
			doc := vdom.ParseString(page)
			_ = doc.GetElementByID("t").Focus()
			var got []string
			for _, typ := range []string{"mousedown", "mouseup", "click", "mousemove"} {
				doc.AddEventListener(typ, vdom.NewListener(func(e *vdom.Event) { got = append(got, e.Type()+" "+name(e.Target())) }), vdom.ListenerOptions{Capture: true})
			}
			init := vdom.MouseEventInit{EventInit: vdom.EventInit{Bubbles: true, Cancelable: true, Composed: true}}
			for _, typ := range []string{"mousedown", "mouseup"} {
				if ok := trusted(t, doc, c.target, vdom.NewMouseEvent(typ, init)); !ok {
					t.Errorf("%s: DispatchTrusted returned false", typ)
				}
			}
			trusted(t, doc, c.target, vdom.NewPointerEvent("click", vdom.PointerEventInit{EventInit: init.EventInit}))
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("events mismatch (-want +got):\n%s", diff)
			}
			if a := name(doc.ActiveElement()); a != "body" {
				t.Errorf("ActiveElement %s, want body (the mousedown still blurs)", a)
			}
		})
	}
	t.Run("mousemove is dispatched", func(t *testing.T) {
		doc := vdom.ParseString(page)
		n := 0
		doc.AddEventListener("mousemove", vdom.NewListener(func(*vdom.Event) { n++ }))
		trusted(t, doc, "d", vdom.NewMouseEvent("mousemove", vdom.MouseEventInit{EventInit: vdom.EventInit{Bubbles: true}}))
		if n != 1 {
			t.Errorf("mousemove listener ran %d times, want 1", n)
		}
	})
}

// A page whose focusability and Tab order were recorded from Chromium 156
// (trusted Tab presses over the DevTools protocol).
func TestTrustedTabLikeChromium(t *testing.T) {
	doc := vdom.ParseString(`<input id="a"><div hidden="until-found" id="uf" tabindex="0"><input id="inuf"></div>
<details><summary>s</summary><input id="indet"></details><dialog><input id="indlg"></dialog><dialog open><input id="inopen"></dialog>
<div style="display:none"><input id="dn"></div><div style="visibility:hidden"><input id="vh"><input id="vv" style="visibility:visible"></div>
<div inert><input id="inert"></div><input id="z">`)
	focusable := map[string]bool{}
	for _, id := range []string{"uf", "inuf", "indet", "indlg", "inopen", "dn", "vh", "vv", "inert"} {
		focusable[id] = doc.GetElementByID(id).IsFocusable()
	}
	wantFocusable := map[string]bool{"uf": true, "inuf": false, "indet": false, "indlg": false, "inopen": true,
		"dn": false, "vh": false, "vv": true, "inert": false}
	if diff := cmp.Diff(wantFocusable, focusable); diff != "" {
		t.Errorf("IsFocusable mismatch (-want +got):\n%s", diff)
	}
	_ = doc.GetElementByID("a").Focus()
	var got []string
	for range 5 {
		trusted(t, doc, "", key("keydown", "Tab", vdom.KeyboardEvent{}))
		got = append(got, doc.ActiveElement().LocalName()+"#"+doc.ActiveElement().ID())
	}
	want := []string{"div#uf", "summary#", "input#inopen", "input#vv", "input#z"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Tab order mismatch (-want +got):\n%s", diff)
	}
}

// A click on a label focuses its control before forwarding the click, as
// Chromium 156 does, for a program's click too; a checkbox so focused does
// not match :focus-visible (a mouse focus).
func TestTrustedLabelClickFocuses(t *testing.T) {
	for _, trustedClick := range []bool{true, false} {
		doc := vdom.ParseString(`<label id="lab" for="cb">Label</label><input type="checkbox" id="cb"><input id="t">`)
		_ = doc.GetElementByID("t").Focus()
		var got []string
		for _, typ := range []string{"focus", "blur", "click"} {
			doc.AddEventListener(typ, vdom.NewListener(func(e *vdom.Event) { got = append(got, e.Type()+" "+name(e.Target())) }), vdom.ListenerOptions{Capture: true})
		}
		if trustedClick {
			trusted(t, doc, "lab", mousedown(0))
			trusted(t, doc, "lab", vdom.NewPointerEvent("click", vdom.PointerEventInit{EventInit: vdom.EventInit{Bubbles: true, Cancelable: true, Composed: true}}))
		} else {
			if err := doc.GetElementByID("lab").Click(); err != nil {
				t.Fatal(err)
			}
		}
		want := []string{"blur t", "click lab", "focus cb", "click cb"}
		if !trustedClick {
			want = []string{"click lab", "blur t", "focus cb", "click cb"}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("trusted %v: mismatch (-want +got):\n%s", trustedClick, diff)
		}
		if !doc.GetElementByID("cb").Checked() {
			t.Errorf("trusted %v: the checkbox is not checked", trustedClick)
		}
		if ok, _ := doc.GetElementByID("cb").Matches(":focus-visible"); ok && trustedClick {
			t.Errorf("a checkbox focused by a click on its label matches :focus-visible")
		}
	}
}

// Enter in a field Chromium edits as text fires beforeinput
// (insertLineBreak) after keypress and before implicit submission; fields
// it does not edit as text fire none (recorded from Chromium 156).
func TestTrustedEnterFiresBeforeInput(t *testing.T) {
	cases := []struct {
		name, html string
		want       []string
	}{
		{"text field in a form", `<form action="/go"><input id="q" value="x"><button id="b">Go</button></form>`,
			[]string{"keypress@q", "beforeinput@q insertLineBreak cancelable", "click@b", "submit@"}},
		{"text field outside a form", `<input id="q">`,
			[]string{"keypress@q", "beforeinput@q insertLineBreak cancelable"}},
		{"number field", `<form action="/go"><input id="q" type="number"><button id="b">Go</button></form>`,
			[]string{"keypress@q", "beforeinput@q insertLineBreak cancelable", "click@b", "submit@"}},
		{"date field", `<form action="/go"><input id="q" type="date"><button id="b">Go</button></form>`,
			[]string{"keypress@q", "click@b", "submit@"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			doc := vdom.ParseString(tc.html)
			var got []string
			for _, typ := range []string{"keypress", "beforeinput", "click", "submit"} {
				doc.Window().AddEventListener(typ, vdom.NewListener(func(e *vdom.Event) {
					s := e.Type() + "@" + e.Target().(*vdom.Node).ID()
					if in, ok := e.AsInput(); ok {
						s += " " + in.InputType
						if e.Cancelable() {
							s += " cancelable"
						}
					}
					got = append(got, s)
				}), vdom.ListenerOptions{Capture: true})
			}
			if err := doc.GetElementByID("q").Focus(); err != nil {
				t.Fatal(err)
			}
			trusted(t, doc, "q", key("keypress", "Enter", vdom.KeyboardEvent{}))
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("events mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// Tab past the last element gives the focus to the browser's window: the
// Window gets blur, and focus again before the next element gains it,
// whether by Tab or by Focus() (recorded from Chromium 156).
func TestTrustedTabLeavesAndReentersTheWindow(t *testing.T) {
	doc := vdom.ParseString(`<input id="a"><input id="b">`)
	var got []string
	for _, typ := range []string{"focus", "blur"} {
		doc.Window().AddEventListener(typ, vdom.NewListener(func(e *vdom.Event) {
			target := name(e.Target())
			if _, ok := e.Target().(*vdom.Window); ok {
				target = "window"
			}
			got = append(got, e.Type()+"@"+target)
		}), vdom.ListenerOptions{Capture: true})
	}
	step := func(do func()) []string {
		got = nil
		do()
		return got
	}
	tab := func() { trusted(t, doc, "", key("keydown", "Tab", vdom.KeyboardEvent{})) }
	focus := func(id string) func() {
		return func() {
			if err := doc.GetElementByID(id).Focus(); err != nil {
				t.Fatal(err)
			}
		}
	}
	want := [][]string{
		{"focus@b"},
		{"blur@b", "blur@window"},
		{"focus@window", "focus@a"},
		{"blur@a", "focus@b"},
		{"blur@b", "blur@window"},
		{"focus@window", "focus@a"},
	}
	var steps [][]string
	for _, do := range []func(){focus("b"), tab, tab, focus("b"), tab, focus("a")} {
		steps = append(steps, step(do))
	}
	if diff := cmp.Diff(want, steps); diff != "" {
		t.Errorf("focus and blur mismatch (-want +got):\n%s", diff)
	}
}
