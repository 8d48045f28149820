package vdom_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/css"
	"github.com/eventperk/eventperk-go/vdom"
)

// mapLoader serves sheets from a map of URL to text as text/css, counting
// the loads; a URL not in the map is a 404.
type mapLoader struct {
	files map[string]string
	types map[string]string
	loads []string
}

func (l *mapLoader) Load(_ context.Context, url string, _ int64) (css.Resource, error) {
	l.loads = append(l.loads, url)
	text, ok := l.files[url]
	if !ok {
		return css.Resource{}, fmt.Errorf("404 %s", url)
	}
	typ := "text/css"
	if t, ok := l.types[url]; ok {
		typ = t
	}
	return css.Resource{Body: []byte(text), ContentType: typ}, nil
}

func parseWith(t *testing.T, l css.Loader, page string, opts ...vdom.ParseOption) *vdom.Document {
	t.Helper()
	opts = append([]vdom.ParseOption{vdom.WithURL("https://site.test/page"), vdom.WithStyleSheetLoader(l)}, opts...)
	doc, err := vdom.Parse(strings.NewReader(page), opts...)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// display is an element's computed display, for short.
func display(doc *vdom.Document, id string) string {
	return doc.GetComputedStyle(doc.GetElementByID(id)).PropertyValue("display")
}

func sheetNames(doc *vdom.Document) []string {
	var out []string
	for _, s := range doc.StyleSheets() {
		name := s.String()
		if s.Disabled() {
			name += " (disabled)"
		}
		out = append(out, name)
	}
	return out
}

// The sheets a document has, in tree order, and which apply: HTML §4.2.6
// and §4.6.7.11, CSSOM's alternative style sheet sets as Chromium applies
// them (testdata/style/NOTES.md, "Style sheets").
func TestStyleSheetsCollected(t *testing.T) {
	l := &mapLoader{files: map[string]string{
		"https://site.test/a.css":     "#a { display: block }",
		"https://site.test/b.css":     "#b { display: block }",
		"https://site.test/alt.css":   "#alt { display: block }",
		"https://site.test/t1.css":    "#t1 { display: block }",
		"https://site.test/t2.css":    "#t2 { display: block }",
		"https://site.test/x/rel.css": "#rel { display: block }",
	}}
	doc := parseWith(t, l, `<html><head>
		<link rel="STYLESHEET" href="a.css">
		<style>#s1 { display: block }</style>
		<style type="TEXT/CSS">#s2 { display: block }</style>
		<style type="text/css; charset=utf-8">#s3 { display: block }</style>
		<style type="text/plain">#s4 { display: block }</style>
		<link rel="  preload   stylesheet " href="b.css">
		<link rel="alternate stylesheet" title="Alt" href="alt.css">
		<link rel="stylesheet" title="One" href="t1.css">
		<link rel="stylesheet" title="Two" href="t2.css">
		<link rel="style sheet" href="a.css"><link rel="icon" href="a.css">
		<link rel="stylesheet" type="text/plain" href="a.css">
		<link rel="stylesheet" disabled href="a.css">
		<link rel="stylesheet" href="">
		<template><style>#tpl { display: block }</style></template>
		</head><body>
		<style>#s5 { display: block }</style>
		<svg><style>#svg { display: block }</style></svg>
		<span id=a></span><span id=b></span><span id=alt></span><span id=t1></span><span id=t2></span>
		<span id=s1></span><span id=s2></span><span id=s3></span><span id=s4></span><span id=s5></span>
		<span id=svg></span><span id=tpl></span>
		</body></html>`)
	want := []string{
		"https://site.test/a.css", "<style> #1", "<style> #2", "https://site.test/b.css",
		"https://site.test/alt.css (disabled)", "https://site.test/t1.css", "https://site.test/t2.css (disabled)",
		"<style> #3", "<style> #4",
	}
	if diff := cmp.Diff(want, sheetNames(doc)); diff != "" {
		t.Errorf("StyleSheets mismatch (-want +got):\n%s", diff)
	}
	got := map[string]string{}
	for _, id := range []string{"a", "b", "alt", "t1", "t2", "s1", "s2", "s3", "s4", "s5", "svg", "tpl"} {
		got[id] = display(doc, id)
	}
	wantDisplay := map[string]string{
		"a": "block", "b": "block", "alt": "inline", "t1": "block", "t2": "inline",
		"s1": "block", "s2": "block", "s3": "inline", "s4": "inline", "s5": "block", "svg": "block", "tpl": "inline",
	}
	if diff := cmp.Diff(wantDisplay, got); diff != "" {
		t.Errorf("display mismatch (-want +got):\n%s", diff)
	}
	// Each URL was fetched once; the disabled link, the one of another
	// type and the empty href were not fetched.
	if diff := cmp.Diff([]string{"https://site.test/a.css", "https://site.test/b.css", "https://site.test/alt.css",
		"https://site.test/t1.css", "https://site.test/t2.css"}, l.loads); diff != "" {
		t.Errorf("loads mismatch (-want +got):\n%s", diff)
	}
	sheets := doc.StyleSheets()
	if sheets[0].OwnerNode().LocalName() != "link" || sheets[0].Href() != "https://site.test/a.css" || sheets[1].Href() != "" {
		t.Errorf("owner and href: %s %q, %q", sheets[0].OwnerNode(), sheets[0].Href(), sheets[1].Href())
	}
	if r, ok := sheets[1].Rules()[0].(*css.StyleRule); !ok || r.SelectorText() != "#s1" {
		t.Errorf("rules of <style> #1: %v", sheets[1].Rules())
	}

	// <base href> is the base of link URLs.
	doc = parseWith(t, l, `<base href="/x/"><link rel=stylesheet href="rel.css"><p id=rel></p>`)
	if got := display(doc, "rel"); got != "block" {
		t.Errorf("a link under <base href=/x/>: display %s, want block", got)
	}
}

// A sheet that is not loaded is listed, with its owner, URL and reason,
// and the page works without it.
func TestStyleSheetLoadErrors(t *testing.T) {
	l := &mapLoader{
		files: map[string]string{
			"https://site.test/ok.css":    `@import "gone.css"; @import "self.css"; @import "deep.css"; #ok { display: block }`,
			"https://site.test/self.css":  `@import "self.css";`,
			"https://site.test/deep.css":  `@import "gone2.css";`,
			"https://site.test/plain.css": "#plain { display: block }",
		},
		types: map[string]string{"https://site.test/plain.css": "text/plain"},
	}
	doc := parseWith(t, l, `<link id=l1 rel=stylesheet href="ok.css"><link id=l2 rel=stylesheet href="missing.css">
		<link id=l3 rel=stylesheet href="plain.css"><link id=l4 rel=stylesheet href="http://[bad">
		<span id=ok></span><span id=plain></span>`)
	type row struct {
		Owner, URL string
		Import     bool
		Err        string
	}
	var got []row
	for _, e := range doc.StyleSheetLoadErrors() {
		got = append(got, row{e.Owner.ID(), e.URL, e.Import != nil, e.Err.Error()})
	}
	want := []row{
		{"l1", "https://site.test/gone.css", true, "404 https://site.test/gone.css"},
		{"l1", "https://site.test/gone2.css", true, "404 https://site.test/gone2.css"},
		{"l2", "https://site.test/missing.css", false, "404 https://site.test/missing.css"},
		{"l3", "https://site.test/plain.css", false, "not text/css: text/plain"},
		{"l4", "http://[bad", false, css.ErrNoURL.Error()},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("StyleSheetLoadErrors mismatch (-want +got):\n%s", diff)
	}
	if errs := doc.StyleSheetLoadErrors(); !errors.Is(errs[3], css.ErrNotCSS) {
		t.Errorf("%v does not match css.ErrNotCSS", errs[3])
	}
	if got := []string{display(doc, "ok"), display(doc, "plain")}; !cmp.Equal(got, []string{"block", "inline"}) {
		t.Errorf("display of #ok and #plain: %v, want the loaded sheet's, not the text/plain one's", got)
	}
	if diff := cmp.Diff([]string{"https://site.test/ok.css"}, sheetNames(doc)); diff != "" {
		t.Errorf("StyleSheets mismatch (-want +got):\n%s", diff)
	}

	// Without a loader a link has no sheet and says so.
	doc = vdom.ParseString(`<link rel=stylesheet href="https://site.test/ok.css">`)
	errs := doc.StyleSheetLoadErrors()
	if len(errs) != 1 || !errors.Is(errs[0], vdom.ErrNoStyleSheetLoader) || len(doc.StyleSheets()) != 0 {
		t.Fatalf("without a loader: errors %v, sheets %v", errs, doc.StyleSheets())
	}
	if want := `vdom: style sheet https://site.test/ok.css of <link> not loaded: vdom: no style sheet loader (WithStyleSheetLoader)`; errs[0].Error() != want {
		t.Errorf("message %q, want %q", errs[0].Error(), want)
	}
	// A loader set later loads what failed, at the next question.
	doc.SetStyleSheetLoader(l)
	if len(doc.StyleSheetLoadErrors()) != 2 || len(doc.StyleSheets()) != 1 {
		t.Errorf("after SetStyleSheetLoader: errors %v, sheets %v", doc.StyleSheetLoadErrors(), doc.StyleSheets())
	}
}

// LoadStyleSheets loads with the caller's context; a load it cuts short
// is tried again by the next collection.
func TestLoadStyleSheetsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	l := css.LoaderFunc(func(ctx context.Context, url string, _ int64) (css.Resource, error) {
		calls++
		if err := ctx.Err(); err != nil {
			return css.Resource{}, err
		}
		return css.Resource{Body: []byte("p { display: none }")}, nil
	})
	doc := parseWith(t, l, `<link rel=stylesheet href="a.css"><p id=p></p>`)
	cancel()
	if err := doc.LoadStyleSheets(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("LoadStyleSheets = %v, want context.Canceled", err)
	}
	if doc.GetElementByID("p").IsRendered() {
		t.Error("p is rendered: the sheet loaded after all")
	}
	if calls != 1 {
		t.Errorf("%d loads, want 1: the cancelled collection asks the loader nothing, the next loads", calls)
	}
}

// Styles are kept until something that can change them changes, and
// every such change is seen by the next question, without a call to
// refresh anything.
func TestComputedStyleInvalidation(t *testing.T) {
	doc := vdom.ParseString(`<style id=sheet>.off { display: none } input:checked + .when-checked { display: none }
		p:empty { visibility: hidden }</style>
		<div id=box class="box">text <span id=counter>0</span></div><input type=checkbox id=cb><b id=w class=when-checked>x</b>
		<p id=empty></p>`)
	box := doc.GetElementByID("box")
	style := doc.GetComputedStyle(box)
	first := style.Style()
	step := func(name string, change func(), wantDisplay string, wantSame bool) {
		t.Helper()
		change()
		s := style.Style()
		if got := s.Display().String(); got != wantDisplay {
			t.Errorf("%s: display %s, want %s", name, got, wantDisplay)
		}
		if same := s == first; same != wantSame {
			t.Errorf("%s: style kept %v, want %v", name, same, wantSame)
		}
		first = s
	}
	step("nothing", func() {}, "block", true)
	step("a text", func() { doc.GetElementByID("counter").SetTextContent("1") }, "block", true)
	step("a class", func() { _, _ = box.ClassList().Toggle("off") }, "none", false)
	step("the class back", func() { _, _ = box.ClassList().Toggle("off") }, "block", false)
	step("the sheet's text", func() {
		doc.GetElementByID("sheet").SetTextContent(".box { display: flex }")
	}, "flex", false)
	step("a new sheet", func() {
		s, _ := doc.CreateElement("style")
		s.SetTextContent(".box { display: grid }")
		_, _ = doc.Body().AppendChild(s)
	}, "grid", false)
	step("its media", func() {
		sheets := doc.StyleSheets()
		_ = sheets[len(sheets)-1].OwnerNode().SetAttribute("media", "print")
	}, "flex", false)
	step("the first sheet removed", func() { doc.GetElementByID("sheet").Remove() }, "block", false)
	step("the medium", func() { m := css.DefaultMedium(); m.Type = "print"; doc.SetMedium(m) }, "grid", false)

	// A sheet that reads live state keeps its styles until the state
	// changes.
	doc = vdom.ParseString(`<style>input:checked + b { display: none }</style><input type=checkbox id=cb><b id=w>x</b>`)
	w := doc.GetElementByID("w")
	if !w.IsRendered() {
		t.Fatal("b hidden before the box is checked")
	}
	doc.GetElementByID("cb").SetChecked(true)
	if w.IsRendered() {
		t.Error("b rendered after the box is checked")
	}

	// :empty sees a text inserted into an empty element.
	doc = vdom.ParseString(`<style>p:empty { display: none }</style><p id=p></p>`)
	p := doc.GetElementByID("p")
	if p.IsRendered() {
		t.Fatal("the empty p is rendered")
	}
	p.SetTextContent("now with text")
	if !p.IsRendered() {
		t.Error("p with text is not rendered")
	}
	p.FirstChild().SetData("")
	if p.IsRendered() {
		t.Error("p with an empty text is rendered")
	}
}

// TestSheetsCollectedOnlyForOwners: a change of an element that owns no
// sheet collects nothing; a change of an owner collects once.
func TestSheetsCollectedOnlyForOwners(t *testing.T) {
	doc := vdom.ParseString(`<style id=s>p { display: block }</style><div id=d class=a><p id=p>x</p></div>`)
	_ = doc.StyleSheets()
	sheet := doc.StyleSheets()[0]
	d := doc.GetElementByID("d")
	for i := range 100 {
		_ = d.SetAttribute("class", fmt.Sprint("c", i))
		span, _ := doc.CreateElement("span")
		_, _ = d.AppendChild(span)
		doc.GetElementByID("p").SetTextContent(fmt.Sprint(i))
		_ = doc.GetElementByID("p").IsRendered()
	}
	if got := vdom.StyleCollections(doc); got != 1 {
		t.Errorf("%d collections after changes of non-owners, want 1", got)
	}
	if doc.StyleSheets()[0] != sheet {
		t.Error("the sheet is another object")
	}
	_ = doc.GetElementByID("s").SetAttribute("media", "screen")
	_ = doc.GetElementByID("p").IsRendered()
	if got := vdom.StyleCollections(doc); got != 2 {
		t.Errorf("%d collections after a change of an owner, want 2", got)
	}
}

// Documents share the parsed sheets of the same text.
func TestParsedSheetsShared(t *testing.T) {
	page := `<style>.x { display: none }</style>`
	a, b := vdom.ParseString(page), vdom.ParseString(page)
	if a.StyleSheets()[0].Sheet() != b.StyleSheets()[0].Sheet() {
		t.Error("two documents parsed the same sheet twice")
	}
	imports := `<style>@import url(https://site.test/a.css); .x { display: none }</style>`
	a, b = vdom.ParseString(imports), vdom.ParseString(imports)
	if a.StyleSheets()[0].Sheet() == b.StyleSheets()[0].Sheet() {
		t.Error("a sheet with @import, whose imports are each document's, is shared")
	}
}

// Rendering, visibility, focus and Tab order see the sheets.
func TestRenderingSeesSheets(t *testing.T) {
	doc := vdom.ParseString(`<style>
		.hide { display: none } .invisible { visibility: hidden } .ghost { opacity: 0 }
		.contents { display: contents } .skip { content-visibility: hidden } .shown { visibility: visible }
	</style>
	<button id=plain>a</button>
	<div class=hide><button id=in-hidden>b</button></div>
	<button id=invisible class=invisible>c</button>
	<div class=invisible><button id=shown class=shown>d</button></div>
	<button id=ghost class=ghost>e</button>
	<button id=contents class=contents>f</button>
	<div class=skip><button id=skipped>g</button></div>
	<button id=skipper class=skip>h</button>`)
	type facts struct{ Rendered, Visible, Focusable bool }
	got := map[string]facts{}
	for _, id := range []string{"plain", "in-hidden", "invisible", "shown", "ghost", "contents", "skipped", "skipper"} {
		el := doc.GetElementByID(id)
		got[id] = facts{el.IsRendered(), el.IsVisible(), el.IsFocusable()}
	}
	want := map[string]facts{
		"plain":     {true, true, true},
		"in-hidden": {false, false, false},
		"invisible": {true, false, false},
		"shown":     {true, true, true},
		"ghost":     {true, false, true},
		"contents":  {true, true, false},
		"skipped":   {false, false, false},
		"skipper":   {true, true, true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	var order []string
	for _, n := range doc.SequentialFocusOrder() {
		order = append(order, n.ID())
	}
	if diff := cmp.Diff([]string{"plain", "shown", "ghost", "skipper"}, order); diff != "" {
		t.Errorf("SequentialFocusOrder mismatch (-want +got):\n%s", diff)
	}
}

// The focused element that a class change hides loses focus at the next
// task, as Chromium blurs it at its next style update.
func TestFocusFixupSeesSheets(t *testing.T) {
	doc := vdom.ParseString(`<style>.closed { display: none }</style><div id=menu><button id=b>b</button></div><input id=other>`)
	b := doc.GetElementByID("b")
	var events []string
	b.AddEventListener("blur", vdom.NewListener(func(*vdom.Event) { events = append(events, "blur") }))
	if err := b.Focus(); err != nil {
		t.Fatal(err)
	}
	_ = doc.GetElementByID("menu").SetAttribute("class", "closed")
	if doc.ActiveElement() != b {
		t.Fatal("focus moved before the fixup ran")
	}
	if _, err := doc.RunTasks(); err != nil {
		t.Fatal(err)
	}
	if doc.ActiveElement() != doc.Body() || !cmp.Equal(events, []string{"blur"}) {
		t.Errorf("after the fixup: active %s, events %v; want the body, [blur]", doc.ActiveElement(), events)
	}
	// A text change keeps the focus, and queues no fixup.
	other := doc.GetElementByID("other")
	_ = other.Focus()
	doc.GetElementByID("menu").SetTextContent("changed")
	if _, err := doc.RunTasks(); err != nil {
		t.Fatal(err)
	}
	if doc.ActiveElement() != other {
		t.Errorf("active %s after a text change, want #other", doc.ActiveElement())
	}
}

func TestGetComputedStyle(t *testing.T) {
	doc := vdom.ParseString(`<style>#x::before { content: "→ " } #x { --Brand: teal; TEXT-TRANSFORM: uppercase }</style>
		<p id=x style="opacity: .5">x</p>`)
	x := doc.GetElementByID("x")
	s := doc.GetComputedStyle(x)
	got := []string{s.PropertyValue("DISPLAY"), s.PropertyValue("opacity"), s.PropertyValue("--Brand"),
		s.PropertyValue("--brand"), s.PropertyValue("text-transform"), s.PropertyValue("color")}
	if diff := cmp.Diff([]string{"block", "0.5", "teal", "", "uppercase", ""}, got); diff != "" {
		t.Errorf("PropertyValue mismatch (-want +got):\n%s", diff)
	}
	if src, ok := s.Source("opacity"); !ok || src.Kind != css.SourceStyleAttribute {
		t.Errorf("Source(opacity) = %v, %v; want the style attribute", src, ok)
	}
	for _, p := range []string{"::before", ":before", "::BEFORE"} {
		b, err := doc.GetComputedPseudoStyle(x, p)
		if err != nil || b.PropertyValue("content") != `"→ "` || b.Pseudo() != "before" {
			t.Errorf("%s: %v, content %q", p, err, b.PropertyValue("content"))
		}
	}
	if _, err := doc.GetComputedPseudoStyle(x, "::marker"); !errors.Is(err, vdom.ErrSyntax) {
		t.Errorf("::marker: %v, want ErrSyntax", err)
	}
	// An element out of the document has no computed style.
	x.Remove()
	if s.Style() != nil || s.PropertyValue("display") != "" {
		t.Errorf("a removed element: Style %v, display %q", s.Style(), s.PropertyValue("display"))
	}
	text := doc.CreateTextNode("t")
	if doc.GetComputedStyle(text).Style() != nil {
		t.Error("a text node has a computed style")
	}
}

func TestStyleDeclaration(t *testing.T) {
	doc := vdom.ParseString(`<div id=d style="color: red; display: none"></div>`)
	d := doc.GetElementByID("d")
	mo := vdom.NewMutationObserver(func([]*vdom.MutationRecord, *vdom.MutationObserver) {})
	if err := mo.Observe(d, vdom.MutationObserverInit{AttributeOldValue: new(true)}); err != nil {
		t.Fatal(err)
	}
	s := d.Style()
	attr := func() string { v, _ := d.GetAttribute("style"); return v }
	if s.Len() != 2 || s.Item(1) != "display" || s.PropertyValue("color") != "red" || s.Item(5) != "" {
		t.Errorf("reading: %d %q %q", s.Len(), s.Item(1), s.PropertyValue("color"))
	}
	if err := s.SetProperty("display", "block flow", "IMPORTANT"); err != nil {
		t.Fatal(err)
	}
	if attr() != "color: red; display: block !important;" || s.PropertyPriority("display") != "important" {
		t.Errorf("after SetProperty: %q", attr())
	}
	if err := s.SetProperty("opacity", "2px", ""); !errors.Is(err, css.ErrInvalidValue) || attr() != "color: red; display: block !important;" {
		t.Errorf("an invalid value: %v, attribute %q", err, attr())
	}
	if err := s.SetProperty("colr", "red", ""); err == nil {
		t.Error("an unknown property is set")
	}
	if old, err := s.RemoveProperty("color"); err != nil || old != "red" || attr() != "display: block !important;" {
		t.Errorf("RemoveProperty = %q, %v; attribute %q", old, err, attr())
	}
	if old, _ := s.RemoveProperty("color"); old != "" {
		t.Errorf("RemoveProperty of nothing = %q", old)
	}
	_ = d.SetAttribute("style", "visibility: hidden")
	if s.CSSText() != "visibility: hidden;" || doc.GetComputedStyle(d).PropertyValue("visibility") != "hidden" {
		t.Errorf("after SetAttribute: %q", s.CSSText())
	}
	if err := s.SetCSSText("display: inline; nonsense; opacity: 0"); err != nil {
		t.Fatal(err)
	}
	if attr() != "display: inline; opacity: 0;" || d.IsVisible() {
		t.Errorf("after SetCSSText: %q, visible %v", attr(), d.IsVisible())
	}
	if err := s.SetProperty("opacity", "", ""); err != nil || attr() != "display: inline;" {
		t.Errorf("an empty value: %v, %q", err, attr())
	}
	d.RemoveAttribute("style")
	if s.Len() != 0 {
		t.Errorf("after RemoveAttribute: %d declarations", s.Len())
	}
	// Each write is a change of the style attribute, as CSSOM's "update
	// style attribute" makes it; a refused one and a removal of nothing
	// write nothing.
	var got []string
	for _, r := range mo.TakeRecords() {
		got = append(got, r.AttributeName+": "+r.OldValue)
	}
	want := []string{
		"style: color: red; display: none",
		"style: color: red; display: block !important;",
		"style: display: block !important;",
		"style: visibility: hidden",
		"style: display: inline; opacity: 0;",
		"style: display: inline;",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("attribute records mismatch (-want +got):\n%s", diff)
	}
	text := doc.CreateTextNode("t")
	if err := text.Style().SetProperty("display", "none", ""); !errors.Is(err, vdom.ErrInvalidState) || text.Style().Len() != 0 {
		t.Errorf("on a text node: %v", err)
	}
}

// InnerText follows the computed style: display from sheets, visibility,
// white-space and text-transform.
func TestInnerTextSeesSheets(t *testing.T) {
	doc := vdom.ParseString(`<style>
		.row { display: flex } .up { text-transform: uppercase } .cap { text-transform: capitalize }
		.gone { display: none } .pre { white-space: pre } .line { white-space: pre-line } .hid { visibility: hidden }
		.float { float: left }
	</style>
	<div id=t><div class=row><span>a</span><span>b</span></div><p class=up>straße</p><p class=cap>hello wide-world o'neil</p>
	<span class=gone>gone</span><div class=pre>  x  y</div><div class=line>  one
	two  </div>left <span class=hid>hidden</span> right <i>it <span class=float>floats</span> on</i></div>
	<p id=tr lang=tr class=up>istanbul</p>
	<table id=collapsed><tbody style="visibility: collapse"><tr><td>a</td></tr></tbody>
	<tr style="visibility: collapse"><td style="visibility: visible">shown</td></tr></table>
	<optgroup id=og label=l>optgroup text</optgroup>
	<p id=el lang=el class=up>άδεια ή ήλιος</p><p id=snake class=cap>snake_case word</p>
	<math><mi id=mi>x</mi></math>`)
	want := "a\nb\n\nSTRASSE\n\nHello Wide-World O'neil\n\n  x  y\none\ntwo\nleft  right it \nfloats\non"
	if diff := cmp.Diff(want, doc.GetElementByID("t").InnerText()); diff != "" {
		t.Errorf("InnerText mismatch (-want +got):\n%s", diff)
	}
	if got := doc.GetElementByID("tr").InnerText(); got != "İSTANBUL" {
		t.Errorf("Turkish uppercase: %q", got)
	}
	// The white space between a table's parts is not rendered, even
	// with nothing but collapsed rows around it.
	if got := doc.GetElementByID("collapsed").InnerText(); got != "shown" {
		t.Errorf("collapsed table: %q", got)
	}
	if got := doc.GetElementByID("og").InnerText(); got != "optgroup text" {
		t.Errorf("optgroup outside a select: %q", got)
	}
	// Greek keeps the tonos of the disjunctive eta only; a connector
	// does not break a word (Chromium 148, text-transform-lang-cases).
	if got := doc.GetElementByID("el").InnerText(); got != "ΑΔΕΙΑ Ή ΗΛΙΟΣ" {
		t.Errorf("Greek uppercase: %q", got)
	}
	if got := doc.GetElementByID("snake").InnerText(); got != "Snake_case Word" {
		t.Errorf("capitalize with a connector: %q", got)
	}
	if got := doc.GetElementByID("mi").InnerText(); got != "𝑥" {
		t.Errorf("math-auto: %q", got)
	}
}

// Documents on different goroutines share parsed sheets (and package
// css's work derived from them): the race detector finds no race.
func TestSharedSheetsConcurrent(t *testing.T) {
	page := `<style>.x { display: none } .y > p:first-child { visibility: hidden } @media (min-width: 600px) { .z { opacity: 0 } }</style>
		<div class=y><p id=p class="x z">a</p></div>`
	done := make(chan bool)
	for range 4 {
		go func() {
			ok := true
			for range 10 {
				doc := vdom.ParseString(page)
				p := doc.GetElementByID("p")
				ok = ok && !p.IsRendered() && doc.GetComputedStyle(p).PropertyValue("opacity") == "0"
			}
			done <- ok
		}()
	}
	for range 4 {
		if !<-done {
			t.Error("a document on another goroutine computed other styles")
		}
	}
}

// TestComputedStyleKeptOnElement: each GetComputedStyle of an element
// reads the style its element keeps while nothing changed, and sees every
// change that can change it, or take the element out of the tree: an
// ancestor removed, put back, a class, another document.
func TestComputedStyleKeptOnElement(t *testing.T) {
	doc := vdom.ParseString(`<style>.off { display: none } i { display: block }</style>
		<div id=outer><section id=mid><i id=x>x</i></section></div>`)
	other := vdom.ParseString(`<style>i { display: flex }</style><p id=host></p>`)
	x := doc.GetElementByID("x")
	mid := doc.GetElementByID("mid")
	display := func() string { return doc.GetComputedStyle(x).PropertyValue("display") }
	var got []string
	got = append(got, display())
	first := doc.GetComputedStyle(x).Style()
	if again := doc.GetComputedStyle(x).Style(); again != first {
		t.Error("a second GetComputedStyle with nothing changed computed the style again")
	}
	mid.Remove()
	got = append(got, display())
	_, _ = doc.GetElementByID("outer").AppendChild(mid)
	got = append(got, display())
	_, _ = x.ClassList().Toggle("off")
	got = append(got, display())
	_, _ = x.ClassList().Toggle("off")
	if _, err := other.AdoptNode(mid); err != nil {
		t.Fatal(err)
	}
	got = append(got, other.GetComputedStyle(x).PropertyValue("display"))
	_, _ = other.GetElementByID("host").AppendChild(mid)
	got = append(got, other.GetComputedStyle(x).PropertyValue("display"))
	got = append(got, display()) // x's own document is other now
	if diff := cmp.Diff([]string{"block", "", "block", "none", "", "flex", "flex"}, got); diff != "" {
		t.Errorf("display mismatch (-want +got):\n%s", diff)
	}
}
