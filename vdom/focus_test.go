package vdom_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// focusRecord is one focus event as a listener on the document sees it.
type focusRecord struct {
	Type, Target, Related string
	Phase                 vdom.Phase
	Bubbles, Cancelable   bool
	Trusted, Composed     bool
	Interface             string
	Active                string // document.activeElement while it runs
}

// name is a target's id, or its tag name, "" for nil.
func name(t vdom.EventTarget) string {
	switch t := t.(type) {
	case nil:
		return ""
	case *vdom.Node:
		if t == nil {
			return ""
		}
		if id := t.ID(); id != "" {
			return id
		}
		return t.LocalName()
	}
	return "?"
}

// recordFocus records every focus, blur, focusin and focusout event that
// reaches the document (capturing, so non-bubbling ones too).
func recordFocus(doc *vdom.Document) *[]focusRecord {
	var got []focusRecord
	l := vdom.NewListener(func(e *vdom.Event) {
		f, _ := e.AsFocus()
		got = append(got, focusRecord{
			Type: e.Type(), Target: name(e.Target()), Related: name(f.RelatedTarget),
			Phase: e.EventPhase(), Bubbles: e.Bubbles(), Cancelable: e.Cancelable(),
			Trusted: e.IsTrusted(), Composed: e.Composed(), Interface: e.Interface(),
			Active: name(doc.ActiveElement()),
		})
	})
	for _, typ := range []string{"focus", "blur", "focusin", "focusout"} {
		doc.AddEventListenerWith(typ, l, vdom.ListenerOptions{Capture: true})
	}
	return &got
}

// fr is a focus record as the capture listener on the document sees it.
func fr(typ, target, related, active string) focusRecord {
	bubbles := typ == "focusin" || typ == "focusout"
	return focusRecord{Type: typ, Target: target, Related: related, Phase: vdom.CapturingPhase,
		Bubbles: bubbles, Trusted: true, Composed: true, Interface: "FocusEvent", Active: active}
}

func TestFocusIsFocusable(t *testing.T) {
	doc := vdom.ParseString(`<body>
<a id="a-href" href="/x">x</a><a id="a-nohref">x</a>
<area id="area-href" href="/y"><button id="button">b</button>
<map name="used"><area id="area-used" href="/y"></map><map name="unused"><area id="area-unused" href="/y"></map><img usemap="#used" alt="m">
<button id="button-disabled" disabled>b</button>
<input id="input"><input id="input-hidden" type="hidden"><input id="input-HIDDEN" type="HIDDEN">
<input id="input-disabled" disabled><select id="select"><option id="option">o</option></select>
<textarea id="textarea"></textarea><iframe id="iframe"></iframe>
<div id="div">d</div><div id="div-tabindex" tabindex="0"></div><div id="div-tabindex-neg" tabindex="-1"></div>
<div id="div-tabindex-bad" tabindex="x"></div><div id="div-tabindex-ws" tabindex=" 2abc"></div>
<span id="span-tabindex-empty" tabindex=""></span>
<details id="details"><summary id="summary">s</summary><summary id="summary-2">s2</summary><button id="in-closed-details">b</button></details>
<details open><summary id="summary-open">s</summary><button id="in-open-details">b</button></details>
<summary id="summary-orphan">s</summary>
<div hidden><button id="in-hidden">b</button></div><button id="hidden" hidden>b</button>
<div hidden="until-found" tabindex="0" id="until-found"><button id="in-until-found">b</button></div>
<div inert><button id="in-inert">b</button></div>
<fieldset disabled><legend><button id="in-legend">b</button></legend><button id="in-disabled-fieldset">b</button><div tabindex="0" id="div-in-disabled-fieldset"></div></fieldset>
<fieldset disabled><legend>one</legend><legend><button id="in-second-legend">b</button></legend></fieldset>
<button id="button-disabled-tabindex" disabled tabindex="0">b</button>
<video id="video-controls" controls></video><video id="video"></video><audio id="audio-controls" controls></audio>
<div contenteditable id="editable"><p id="editable-child">x</p><p contenteditable="false"><span contenteditable="true" id="nested-host">y</span></p></div>
<div contenteditable="false" id="not-editable"></div>
<dialog><button id="in-closed-dialog">b</button></dialog><dialog open><button id="in-open-dialog">b</button></dialog>
<template><button id="in-template">b</button></template>
<svg><a id="svg-a" href="#"></a><circle id="svg-tabindex" tabindex="0"></circle></svg>
</body>`)
	want := map[string]bool{
		// An area is focusable in an image map only, as in Chromium
		// (testdata/style, display-ua-head).
		"a-href": true, "a-nohref": false, "area-href": false, "area-used": true, "area-unused": false,
		"button": true, "button-disabled": false,
		"input": true, "input-hidden": false, "input-HIDDEN": false, "input-disabled": false,
		"select": true, "option": false, "textarea": true, "iframe": true,
		"div": false, "div-tabindex": true, "div-tabindex-neg": true, "div-tabindex-bad": false,
		"div-tabindex-ws": true, "span-tabindex-empty": false,
		"summary": true, "summary-2": false, "in-closed-details": false,
		"summary-open": true, "in-open-details": true, "summary-orphan": false,
		"in-hidden": false, "hidden": false, "until-found": true, "in-until-found": false,
		"in-inert": false, "in-legend": true, "in-disabled-fieldset": false,
		"div-in-disabled-fieldset": true, "in-second-legend": false, "button-disabled-tabindex": false,
		"video-controls": true, "video": false, "audio-controls": true,
		"editable": true, "editable-child": false, "nested-host": true, "not-editable": false,
		"in-closed-dialog": false, "in-open-dialog": true,
		// An SVG link with href is focusable, empty or not (Chromium 148,
		// testdata/style display-ua-svg-inside).
		"svg-a": true, "svg-tabindex": true,
	}
	got := map[string]bool{}
	for id := range want {
		n := doc.GetElementByID(id)
		if n == nil {
			t.Fatalf("no element #%s", id)
		}
		got[id] = n.IsFocusable()
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("IsFocusable mismatch (-want +got):\n%s", diff)
	}
	// Elements in templates and detached elements are not in the document.
	b, _ := doc.CreateElement("button")
	if b.IsFocusable() {
		t.Error("a detached button is focusable")
	}
}

func TestFocusSequentialOrder(t *testing.T) {
	cases := []struct {
		name, html string
		want       []string
	}{
		{"tree order", `<button id="a"></button><input id="b"><a href="#" id="c">c</a><textarea id="d"></textarea>`,
			[]string{"a", "b", "c", "d"}},
		{"positive tabindex first, ascending, ties in tree order",
			`<button id="z"></button><div tabindex="2" id="t2a"></div><div tabindex="1" id="t1"></div><div tabindex="0" id="t0"></div><div tabindex="2" id="t2b"></div>`,
			[]string{"t1", "t2a", "t2b", "z", "t0"}},
		{"tabindex -1, disabled and hidden skipped",
			`<button id="a" tabindex="-1"></button><button id="b" disabled></button><button id="c" hidden></button><div hidden><input id="d"></div><input id="e" type="hidden"><div inert><a href="#" id="f">f</a></div><button id="g"></button>`,
			[]string{"g"}},
		{"details: the summary of a closed details, not its content",
			`<details><summary id="s">s</summary><input id="in"><summary id="s2">s</summary></details><details open><summary id="s3">s</summary><input id="in3"></details>`,
			[]string{"s", "s3", "in3"}},
		{"disabled fieldset but its first legend", `<fieldset disabled><legend><input id="l"></legend><input id="x"></fieldset><input id="y">`,
			[]string{"l", "y"}},
		{"a positive tabindex on something not focusable otherwise", `<span tabindex="3" id="s">x</span><a id="nohref">x</a><button id="b"></button>`,
			[]string{"s", "b"}},
		{"select options are part of the select", `<select id="sel"><option tabindex="0">a</option></select>`,
			[]string{"sel"}},
		{"nothing", `<p>text</p>`, []string{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := vdom.ParseString(c.html)
			got := []string{}
			for _, n := range doc.SequentialFocusOrder() {
				got = append(got, name(n))
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFocusNextFocusable(t *testing.T) {
	doc := vdom.ParseString(`<div tabindex="2" id="t2"></div><button id="a"></button>
<div tabindex="-1" id="neg"></div><button id="b"></button><div tabindex="1" id="t1"></div>
<p id="p">text</p><button id="c"></button><span tabindex="2" id="t2-off" hidden></span>`)
	// The order: t1, t2, a, b, c.
	cases := []struct {
		from     string // "" for nil
		backward bool
		want     string
	}{
		{"", false, "t1"}, {"", true, "c"},
		{"t1", false, "t2"}, {"t2", false, "a"}, {"a", false, "b"}, {"b", false, "c"}, {"c", false, ""},
		{"c", true, "b"}, {"a", true, "t2"}, {"t1", true, ""},
		// Not in the order: placed in tree order among the tabindex-0
		// elements, or by its positive tabindex.
		{"neg", false, "b"}, {"neg", true, "a"}, {"p", false, "c"}, {"p", true, "b"},
		{"t2-off", false, "a"}, {"t2-off", true, "t2"},
	}
	for _, c := range cases {
		var from *vdom.Node
		if c.from != "" {
			from = doc.GetElementByID(c.from)
		}
		if got := name(doc.NextFocusable(from, c.backward)); got != c.want {
			t.Errorf("NextFocusable(%q, backward %v) = %q, want %q", c.from, c.backward, got, c.want)
		}
	}
	if got := vdom.ParseString(`<p>x</p>`).NextFocusable(nil, false); got != nil {
		t.Errorf("NextFocusable in a page without focusable elements = %v, want nil", got)
	}
}

func TestFocusEvents(t *testing.T) {
	doc := vdom.ParseString(`<input id="a"><button id="b">b</button><p id="p">p</p>`)
	got := recordFocus(doc)
	a, b, p := doc.GetElementByID("a"), doc.GetElementByID("b"), doc.GetElementByID("p")
	if name(doc.ActiveElement()) != "body" {
		t.Fatalf("ActiveElement at start = %v, want body", doc.ActiveElement())
	}
	steps := []struct {
		name   string
		do     func() error
		want   []focusRecord
		active string
	}{
		{"focus a", a.Focus, []focusRecord{fr("focus", "a", "", "a"), fr("focusin", "a", "", "a")}, "a"},
		{"focus a again: nothing", a.Focus, nil, "a"},
		{"not focusable: nothing", p.Focus, nil, "a"},
		{"blur of an element without focus: nothing", b.Blur, nil, "a"},
		{"focus b", b.Focus, []focusRecord{
			fr("blur", "a", "b", "body"), fr("focusout", "a", "b", "body"),
			fr("focus", "b", "a", "b"), fr("focusin", "b", "a", "b")}, "b"},
		{"blur b", b.Blur, []focusRecord{fr("blur", "b", "", "body"), fr("focusout", "b", "", "body")}, "body"},
	}
	for _, s := range steps {
		*got = nil
		if err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if diff := cmp.Diff(s.want, *got); diff != "" {
			t.Errorf("%s: events mismatch (-want +got):\n%s", s.name, diff)
		}
		if act := name(doc.ActiveElement()); act != s.active {
			t.Errorf("%s: ActiveElement = %q, want %q", s.name, act, s.active)
		}
	}
}

// Focus and blur do not bubble; focusin and focusout do.
func TestFocusEventsBubbling(t *testing.T) {
	doc := vdom.ParseString(`<form id="f"><input id="a"><input id="b"></form>`)
	form := doc.GetElementByID("f")
	var got []string
	for _, typ := range []string{"focus", "blur", "focusin", "focusout"} {
		form.AddEventListener(typ, vdom.NewListener(func(e *vdom.Event) {
			got = append(got, e.Type()+" "+name(e.Target()))
		}))
	}
	_ = doc.GetElementByID("a").Focus()
	_ = doc.GetElementByID("b").Focus()
	want := []string{"focusin a", "focusout a", "focusin b"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

// A listener that moves the focus while it moves has the last word, as in
// Chromium: the rest of the first move's events do not fire.
func TestFocusListenerMovesFocus(t *testing.T) {
	t.Run("in blur", func(t *testing.T) {
		doc := vdom.ParseString(`<input id="a"><input id="b"><input id="c">`)
		a, b, c := doc.GetElementByID("a"), doc.GetElementByID("b"), doc.GetElementByID("c")
		mustOK(t, a.Focus())
		got := recordFocus(doc)
		a.AddEventListener("blur", vdom.NewListener(func(*vdom.Event) { _ = c.Focus() }))
		if err := b.Focus(); err != nil {
			t.Fatal(err)
		}
		want := []focusRecord{
			fr("blur", "a", "b", "body"),
			fr("focus", "c", "", "c"), fr("focusin", "c", "", "c"),
			fr("focusout", "a", "", "c"),
		}
		if diff := cmp.Diff(want, *got); diff != "" {
			t.Errorf("mismatch (-want +got):\n%s", diff)
		}
		if name(doc.ActiveElement()) != "c" {
			t.Errorf("ActiveElement = %v, want c", doc.ActiveElement())
		}
	})
	t.Run("in focus", func(t *testing.T) {
		doc := vdom.ParseString(`<input id="a"><input id="b">`)
		a, b := doc.GetElementByID("a"), doc.GetElementByID("b")
		got := recordFocus(doc)
		a.AddEventListener("focus", vdom.NewListener(func(*vdom.Event) { _ = b.Focus() }))
		if err := a.Focus(); err != nil {
			t.Fatal(err)
		}
		want := []focusRecord{
			fr("focus", "a", "", "a"),
			fr("blur", "a", "b", "body"), fr("focusout", "a", "b", "body"),
			fr("focus", "b", "a", "b"), fr("focusin", "b", "a", "b"),
		}
		if diff := cmp.Diff(want, *got); diff != "" {
			t.Errorf("mismatch (-want +got):\n%s", diff)
		}
	})
}

func TestFocusListenerPanicIsReported(t *testing.T) {
	doc := vdom.ParseString(`<input id="a">`)
	a := doc.GetElementByID("a")
	a.AddEventListener("focus", vdom.NewListener(func(*vdom.Event) { panic("boom") }))
	err := a.Focus()
	var le *vdom.ListenerError
	if !errors.As(err, &le) || le.Type != "focus" {
		t.Fatalf("Focus() error = %v, want a *ListenerError for focus", err)
	}
	if name(doc.ActiveElement()) != "a" {
		t.Errorf("ActiveElement = %v, want a", doc.ActiveElement())
	}
}

// Removing the focused element (or an ancestor) gives focus to the
// viewport; Chromium fires blur and focusout first, while the element is
// still in the document.
func TestFocusFixupOnRemoval(t *testing.T) {
	cases := []struct {
		name   string
		remove func(doc *vdom.Document) error
	}{
		{"Remove", func(doc *vdom.Document) error { doc.GetElementByID("a").Remove(); return nil }},
		{"RemoveChild of an ancestor", func(doc *vdom.Document) error {
			_, err := doc.Body().RemoveChild(doc.GetElementByID("wrap"))
			return err
		}},
		{"ReplaceChild", func(doc *vdom.Document) error {
			p, _ := doc.CreateElement("p")
			_, err := doc.GetElementByID("wrap").ReplaceChild(p, doc.GetElementByID("a"))
			return err
		}},
		{"SetInnerHTML of an ancestor", func(doc *vdom.Document) error { return doc.GetElementByID("wrap").SetInnerHTML("<i>x</i>") }},
		{"SetTextContent of an ancestor", func(doc *vdom.Document) error { doc.Body().SetTextContent("x"); return nil }},
		{"SetOuterHTML", func(doc *vdom.Document) error { return doc.GetElementByID("a").SetOuterHTML("<i>x</i>") }},
		{"moved elsewhere", func(doc *vdom.Document) error {
			_, err := doc.GetElementByID("other").AppendChild(doc.GetElementByID("a"))
			return err
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := vdom.ParseString(`<div id="wrap"><input id="a"></div><div id="other"></div>`)
			if err := doc.GetElementByID("a").Focus(); err != nil {
				t.Fatal(err)
			}
			got := recordFocus(doc)
			var connected []bool
			doc.GetElementByID("a").AddEventListener("focusout", vdom.NewListener(func(e *vdom.Event) {
				connected = append(connected, e.Target().(*vdom.Node).IsConnected())
			}))
			if err := c.remove(doc); err != nil {
				t.Fatal(err)
			}
			want := []focusRecord{fr("blur", "a", "", "body"), fr("focusout", "a", "", "body")}
			if diff := cmp.Diff(want, *got); diff != "" {
				t.Errorf("events mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff([]bool{true}, connected); diff != "" {
				t.Errorf("connected during focusout mismatch (-want +got):\n%s", diff)
			}
			if name(doc.ActiveElement()) != "body" {
				t.Errorf("ActiveElement = %v, want body", doc.ActiveElement())
			}
		})
	}
	t.Run("removing something else fires nothing", func(t *testing.T) {
		doc := vdom.ParseString(`<input id="a"><p id="p"></p>`)
		_ = doc.GetElementByID("a").Focus()
		got := recordFocus(doc)
		doc.GetElementByID("p").Remove()
		if len(*got) != 0 || name(doc.ActiveElement()) != "a" {
			t.Errorf("events %v, ActiveElement %v; want none, a", *got, doc.ActiveElement())
		}
	})
	t.Run("a blur listener that moves the node", func(t *testing.T) {
		doc := vdom.ParseString(`<div id="wrap"><input id="a"></div><div id="other"></div>`)
		a, wrap, other := doc.GetElementByID("a"), doc.GetElementByID("wrap"), doc.GetElementByID("other")
		mustOK(t, a.Focus())
		a.AddEventListener("blur", vdom.NewListener(func(*vdom.Event) { _, _ = other.AppendChild(a) }))
		_, err := wrap.RemoveChild(a)
		if !errors.Is(err, vdom.ErrNotFound) {
			t.Errorf("RemoveChild after a blur listener moved the child: err = %v, want ErrNotFound", err)
		}
		if a.ParentNode() != other {
			t.Errorf("parent = %v, want #other", a.ParentNode())
		}
	})
	t.Run("a blur listener that removes the node during Remove", func(t *testing.T) {
		doc := vdom.ParseString(`<div id="wrap"><input id="a"></div>`)
		a := doc.GetElementByID("a")
		mustOK(t, a.Focus())
		a.AddEventListener("blur", vdom.NewListener(func(*vdom.Event) { a.Remove() }))
		a.Remove()
		if a.ParentNode() != nil || doc.GetElementByID("a") != nil {
			t.Errorf("after Remove: parent %v, GetElementByID %v; want nil, nil", a.ParentNode(), doc.GetElementByID("a"))
		}
	})
}

// An element that stops being focusable while it has focus loses it at the
// next rendering update, a task, with blur and focusout (HTML focus fixup
// rule; Chromium blurs from a task too), except in the two cases where
// Chromium blurs at once: hidden on the element, disabled on a fieldset.
func TestFocusFixupOnStateChange(t *testing.T) {
	cases := []struct {
		name   string
		change func(doc *vdom.Document)
		sync   bool
	}{
		{"disabled", func(doc *vdom.Document) { _ = doc.GetElementByID("a").SetAttribute("disabled", "") }, false},
		{"hidden", func(doc *vdom.Document) { _ = doc.GetElementByID("a").SetAttribute("hidden", "") }, true},
		{"hidden ancestor", func(doc *vdom.Document) { _ = doc.GetElementByID("wrap").SetAttribute("hidden", "") }, false},
		{"inert ancestor", func(doc *vdom.Document) { _, _ = doc.GetElementByID("wrap").ToggleAttribute("inert") }, false},
		{"disabled fieldset", func(doc *vdom.Document) { _ = doc.GetElementByID("fs").SetAttribute("disabled", "") }, true},
		{"display none", func(doc *vdom.Document) { _ = doc.GetElementByID("wrap").SetAttribute("style", "display: none") }, false},
		{"type hidden", func(doc *vdom.Document) { _ = doc.GetElementByID("a").SetAttribute("type", "hidden") }, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := vdom.ParseString(`<fieldset id="fs"><div id="wrap"><input id="a"></div></fieldset>`)
			_ = doc.GetElementByID("a").Focus()
			got := recordFocus(doc)
			c.change(doc)
			if c.sync {
				if name(doc.ActiveElement()) != "body" || len(*got) != 2 {
					t.Errorf("at once: ActiveElement %v, events %v; want body, blur and focusout", doc.ActiveElement(), *got)
				}
				*got = nil
			} else if name(doc.ActiveElement()) != "a" || len(*got) != 0 {
				t.Errorf("before the rendering update: ActiveElement %v, events %v; want a, none", doc.ActiveElement(), *got)
			}
			if _, err := doc.RunTasks(); err != nil {
				t.Fatal(err)
			}
			want := []focusRecord{fr("blur", "a", "", "body"), fr("focusout", "a", "", "body")}
			if c.sync {
				want = nil
			}
			if diff := cmp.Diff(want, *got); diff != "" {
				t.Errorf("events mismatch (-want +got):\n%s", diff)
			}
			if name(doc.ActiveElement()) != "body" {
				t.Errorf("ActiveElement = %v, want body", doc.ActiveElement())
			}
		})
	}
	t.Run("changes that keep it focusable", func(t *testing.T) {
		doc := vdom.ParseString(`<input id="a">`)
		a := doc.GetElementByID("a")
		mustOK(t, a.Focus())
		got := recordFocus(doc)
		mustOK(t, a.SetAttribute("class", "x"))
		mustOK(t, a.SetAttribute("tabindex", "-1"))
		n, err := doc.RunTasks()
		if err != nil || len(*got) != 0 || name(doc.ActiveElement()) != "a" {
			t.Errorf("tasks %d (%v), events %v, ActiveElement %v; want no events, a", n, err, *got, doc.ActiveElement())
		}
	})
}

func TestFocusActiveElementWithoutBody(t *testing.T) {
	doc := vdom.NewDocument()
	if got := doc.ActiveElement(); got != nil {
		t.Errorf("ActiveElement of an empty document = %v, want nil", got)
	}
	fs := vdom.ParseString(`<frameset><frame></frameset>`)
	if got := fs.ActiveElement(); got == nil || got.LocalName() != "frameset" {
		t.Errorf("ActiveElement of a frameset document = %v, want the frameset", got)
	}
}

func TestFocusWithoutWindow(t *testing.T) {
	doc := vdom.ParseString(`<input id="a">`, vdom.WithoutWindow())
	var view *vdom.Window
	seen := false
	doc.GetElementByID("a").AddEventListener("focus", vdom.NewListener(func(e *vdom.Event) {
		u, _ := e.AsUI()
		view, seen = u.View, true
	}))
	_ = doc.GetElementByID("a").Focus()
	if !seen || view != nil {
		t.Errorf("focus seen %v, view %v; want true, nil", seen, view)
	}
	doc2 := vdom.ParseString(`<input id="a">`)
	doc2.GetElementByID("a").AddEventListener("focus", vdom.NewListener(func(e *vdom.Event) {
		u, _ := e.AsUI()
		view = u.View
	}))
	_ = doc2.GetElementByID("a").Focus()
	if view != doc2.Window() {
		t.Errorf("view = %v, want the document's window", view)
	}
}

// The removal check costs one comparison when nothing has focus: a page
// that never focuses pays nothing (see also the benchmarks).
func TestFocusRemovalWithoutFocus(t *testing.T) {
	doc := vdom.ParseString(`<div id="w">` + strings.Repeat(`<input>`, 10) + `</div>`)
	got := recordFocus(doc)
	doc.GetElementByID("w").Remove()
	if len(*got) != 0 {
		t.Errorf("events %v, want none", *got)
	}
}

// A blur listener that focuses the removed element again cannot keep the
// focus on a node that leaves the document: it goes to the viewport.
func TestFocusRefocusDuringRemoval(t *testing.T) {
	for _, how := range []string{"Remove", "SetTextContent"} {
		t.Run(how, func(t *testing.T) {
			doc := vdom.ParseString(`<div id="w"><input id="a"></div>`)
			a := doc.GetElementByID("a")
			mustOK(t, a.Focus())
			a.AddEventListener("blur", vdom.NewListener(func(*vdom.Event) { _ = a.Focus() }))
			if how == "Remove" {
				a.Remove()
			} else {
				doc.GetElementByID("w").SetTextContent("")
			}
			if a.IsConnected() || name(doc.ActiveElement()) != "body" {
				t.Errorf("connected %v, ActiveElement %v; want false, body", a.IsConnected(), doc.ActiveElement())
			}
		})
	}
}

// Style attributes hide what they hide: display none (self and
// descendants), visibility hidden (inherited, undone by visible).
func TestFocusInlineStyle(t *testing.T) {
	doc := vdom.ParseString(`<button id="none" style="color: red; DISPLAY : None !important">x</button>
<div style="display:none"><input id="in-none"></div>
<button id="vis-hidden" style="visibility:hidden">x</button>
<div style="visibility: hidden"><input id="in-hidden"><input id="visible-again" style="visibility: visible"></div>
<button id="display-block" style="display: block">x</button><button id="last-wins" style="display:none; display:inline">x</button>`)
	want := map[string]bool{"none": false, "in-none": false, "vis-hidden": false, "in-hidden": false,
		"visible-again": true, "display-block": true, "last-wins": true}
	got := map[string]bool{}
	for id := range want {
		got[id] = doc.GetElementByID(id).IsFocusable()
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("IsFocusable mismatch (-want +got):\n%s", diff)
	}
	var order []string
	for _, n := range doc.SequentialFocusOrder() {
		order = append(order, name(n))
	}
	if diff := cmp.Diff([]string{"visible-again", "display-block", "last-wins"}, order); diff != "" {
		t.Errorf("order mismatch (-want +got):\n%s", diff)
	}
}

// Chromium still fires the legacy DOMFocusOut and DOMFocusIn, after
// focusout and focusin.
func TestFocusLegacyDOMFocusEvents(t *testing.T) {
	doc := vdom.ParseString(`<input id="a"><input id="b">`)
	var got []string
	for _, typ := range []string{"focus", "blur", "focusin", "focusout", "DOMFocusIn", "DOMFocusOut"} {
		doc.AddEventListener(typ, vdom.NewListener(func(e *vdom.Event) {
			f, _ := e.AsFocus()
			got = append(got, e.Type()+" "+name(e.Target())+" "+name(f.RelatedTarget))
		}))
	}
	_ = doc.GetElementByID("a").Focus()
	_ = doc.GetElementByID("b").Focus()
	want := []string{"focusin a ", "DOMFocusIn a ", "focusout a b", "DOMFocusOut a b", "focusin b a", "DOMFocusIn b a"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("bubbling focus events mismatch (-want +got):\n%s", diff)
	}
}
