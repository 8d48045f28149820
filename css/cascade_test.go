package css

import (
	"slices"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/selector"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
)

// parseDoc parses a body fragment into a document.
func parseDoc(t testing.TB, body string) *html.Node {
	t.Helper()
	doc, err := html.Parse(strings.NewReader("<!DOCTYPE html><html><head></head><body>" + body + "</body></html>"))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// cascadeOf returns a cascade over author sheets given as text.
func cascadeOf(sheets ...string) *Cascade {
	c := NewCascade(CascadeOptions{BaseURL: "http://example.test/page"})
	var refs []SheetRef
	for i, src := range sheets {
		refs = append(refs, SheetRef{Sheet: ParseWithOptions(src, Options{BaseURL: "http://example.test/page"}), Name: "sheet " + itoa(i+1)})
	}
	c.SetSheets(refs)
	return c
}

// styleCase is a table case: sheets and a body, and the values wanted
// of the element with id "t".
type styleCase struct {
	name   string
	sheets []string
	body   string
	want   map[string]string
}

func runStyleCases(t *testing.T, cases []styleCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			doc := parseDoc(t, tc.body)
			el := elementByID(doc, "t")
			if el == nil {
				t.Fatal("no element #t")
			}
			s := cascadeOf(tc.sheets...).Style(el, nil)
			got := map[string]string{}
			for p := range tc.want {
				got[p] = s.PropertyValue(p)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCascadeOrder checks each criterion of CSS Cascade 5 §6 in turn.
func TestCascadeOrder(t *testing.T) {
	runStyleCases(t, []styleCase{
		// Origin and importance (§6.2).
		{"author beats user agent", []string{"p { display: inline }"}, `<p id=t>`, map[string]string{"display": "inline"}},
		{"user agent important beats author important", []string{"input { display: block !important }"},
			`<input id=t type=HIDDEN>`, map[string]string{"display": "none"}},
		{"author important beats author normal of higher specificity", []string{"#t { opacity: 0.5 } p { opacity: 0.25 !important }"},
			`<p id=t>`, map[string]string{"opacity": "0.25"}},
		{"presentational hint beats user agent", nil, `<div id=t hidden>`, map[string]string{"display": "none"}},
		{"author beats hint at zero specificity", []string{":where(div) { display: flex }"},
			`<div id=t hidden>`, map[string]string{"display": "flex"}},
		{"layered author beats hint", []string{"@layer a { div { display: grid } }"},
			`<div id=t hidden>`, map[string]string{"display": "grid"}},
		// The style attribute (§6.3).
		{"style attribute beats an id", []string{"#t#t#t { opacity: 0.5 }"},
			`<p id=t style="opacity: 0.25">`, map[string]string{"opacity": "0.25"}},
		{"important rule beats normal style attribute", []string{"p { opacity: 0.5 !important }"},
			`<p id=t style="opacity: 0.25">`, map[string]string{"opacity": "0.5"}},
		{"important style attribute beats important rule", []string{"#t { opacity: 0.5 !important }"},
			`<p id=t style="opacity: 0.25 !important">`, map[string]string{"opacity": "0.25"}},
		{"normal style attribute beats layered normal", []string{"@layer a { #t { opacity: 0.5 } }"},
			`<p id=t style="opacity: 0.25">`, map[string]string{"opacity": "0.25"}},
		{"important style attribute beats important in first layer", []string{"@layer a { #t { opacity: 0.5 !important } }"},
			`<p id=t style="opacity: 0.25 !important">`, map[string]string{"opacity": "0.25"}},
		// Layers (§6.4).
		{"later layer beats earlier, whatever the specificity", []string{"@layer a { #t { float: left } } @layer b { p { float: right } }"},
			`<p id=t>`, map[string]string{"float": "right"}},
		{"unlayered beats layered", []string{"p { float: left } @layer a { #t { float: right } }"},
			`<p id=t>`, map[string]string{"float": "left"}},
		{"statement sets the order", []string{"@layer b, a; @layer a { p { float: left } } @layer b { p { float: right } }"},
			`<p id=t>`, map[string]string{"float": "left"}},
		{"reopening does not move a layer", []string{"@layer a { p { float: left } } @layer b { p { float: right } } @layer a { #t { float: left } }"},
			`<p id=t>`, map[string]string{"float": "right"}},
		{"a layer's own rules beat its sublayers", []string{"@layer a { p { float: left } @layer b { #t { float: right } } }"},
			`<p id=t>`, map[string]string{"float": "left"}},
		{"dotted name reopens the sublayer", []string{"@layer a { @layer b { p { float: left } } @layer c { p { float: right } } } @layer a.b { #t { float: left } }"},
			`<p id=t>`, map[string]string{"float": "right"}},
		{"anonymous layers are each new", []string{"@layer { #t { float: right } } @layer { p { float: left } }"},
			`<p id=t>`, map[string]string{"float": "left"}},
		{"important: the first layer wins", []string{"@layer a { p { float: left !important } } @layer b { #t { float: right !important } }"},
			`<p id=t>`, map[string]string{"float": "left"}},
		{"important layered beats important unlayered", []string{"#t { float: right !important } @layer a { p { float: left !important } }"},
			`<p id=t>`, map[string]string{"float": "left"}},
		{"important layered beats normal unlayered", []string{"#t { float: right } @layer a { p { float: left !important } }"},
			`<p id=t>`, map[string]string{"float": "left"}},
		{"layers order across sheets", []string{"@layer b { #t { float: right } }", "@layer a { p { float: left } }"},
			`<p id=t>`, map[string]string{"float": "left"}},
		// Specificity (§6.5) and order of appearance (§6.7).
		{"an id beats eleven classes", []string{"#t { float: left } .a.a.a.a.a.a.a.a.a.a.a { float: right }"},
			`<p id=t class=a>`, map[string]string{"float": "left"}},
		{"later rule wins at equal specificity", []string{".a { float: left } .b { float: right }"},
			`<p id=t class="a b">`, map[string]string{"float": "right"}},
		{"later sheet wins", []string{".a { float: left }", ".b { float: right }"},
			`<p id=t class="a b">`, map[string]string{"float": "right"}},
		{"later declaration in a block wins", []string{"#t { float: left; float: right }"},
			`<p id=t>`, map[string]string{"float": "right"}},
		{"earlier important declaration in a block wins", []string{"#t { float: left !important; float: right }"},
			`<p id=t>`, map[string]string{"float": "left"}},
		{"an invalid value keeps the earlier one", []string{"#t { display: flex; display: bogus }"},
			`<p id=t>`, map[string]string{"display": "flex"}},
		{"nested rule counts its parent", []string{"#a { & p { float: left } } div p { float: right }"},
			`<div id=a><p id=t></div>`, map[string]string{"float": "left"}},
		{"nested declarations keep their place", []string{"#t { float: left; & { float: right } float: none }"},
			`<p id=t>`, map[string]string{"float": "none"}},
		// Conditions.
		{"@media print does not apply on screen", []string{"@media print { #t { float: left } }"},
			`<p id=t>`, map[string]string{"float": "none"}},
		{"@media screen applies", []string{"@media screen and (min-width: 100px) { #t { float: left } }"},
			`<p id=t>`, map[string]string{"float": "left"}},
		{"@supports", []string{"@supports (display: grid) { #t { float: left } } @supports (display: bogus) { #t { float: right } }"},
			`<p id=t>`, map[string]string{"float": "left"}},
		{"@container never applies", []string{"@container (min-width: 0) { #t { float: left } }"},
			`<p id=t>`, map[string]string{"float": "none"}},
		{"@starting-style never applies", []string{"@starting-style { #t { float: left } }"},
			`<p id=t>`, map[string]string{"float": "none"}},
		// @scope (CSS Cascade 6).
		{"scoped rule applies inside the root", []string{"@scope (.card) { p { float: left } }"},
			`<div class=card><p id=t></div>`, map[string]string{"float": "left"}},
		{"scoped rule does not apply outside", []string{"@scope (.card) { p { float: left } }"},
			`<p id=t>`, map[string]string{"float": "none"}},
		{"scoped rule stops at the limit", []string{"@scope (.card) to (.content) { p { float: left } }"},
			`<div class=card><div class=content><p id=t></div></div>`, map[string]string{"float": "none"}},
		{"nearer scope root wins over order", []string{"@scope (.a) { p { float: left } } @scope (.b) { p { float: right } }"},
			`<div class=b><div class=a><p id=t></div></div>`, map[string]string{"float": "left"}},
		{"scoped beats unscoped of equal specificity", []string{"@scope (.a) { p { float: left } } p { float: right }"},
			`<div class=a><p id=t></div>`, map[string]string{"float": "left"}},
		{":scope is the root", []string{"@scope (.a) { :scope { float: left } }"},
			`<div class=a id=t></div>`, map[string]string{"float": "left"}},
	})
}

// TestCascadeKeywords checks the CSS-wide keywords (CSS Cascade 5 §7.3)
// and all.
func TestCascadeKeywords(t *testing.T) {
	runStyleCases(t, []styleCase{
		{"inherit a non-inherited property", []string{"#p { opacity: 0.5; position: relative } #t { opacity: inherit; position: inherit }"},
			`<div id=p><p id=t></div>`, map[string]string{"opacity": "0.5", "position": "relative"}},
		{"initial display is inline", []string{"#t { display: initial }"}, `<li id=t>`, map[string]string{"display": "inline"}},
		{"initial white-space is normal", []string{"#t { white-space: initial }"}, `<pre id=t>`, map[string]string{"white-space": "normal"}},
		{"unset inherits an inherited property", []string{"#p { visibility: hidden } #t { visibility: unset }"},
			`<div id=p><p id=t></div>`, map[string]string{"visibility": "hidden"}},
		{"unset resets a non-inherited one", []string{"#t { display: unset }"}, `<p id=t>`, map[string]string{"display": "inline"}},
		{"revert goes to the user agent", []string{"#t { display: revert } p { display: flex }"},
			`<p id=t>`, map[string]string{"display": "block"}},
		{"revert skips the hints", []string{"#t { display: revert }"}, `<div id=t hidden>`, map[string]string{"display": "block"}},
		{"revert skips the hints (white-space)", []string{"#t { white-space: revert }"},
			`<table><tr><td id=t nowrap></table>`, map[string]string{"white-space": "normal"}},
		{"revert with nothing in the user agent sheet is unset", []string{"#p { visibility: hidden } #t { visibility: revert; opacity: revert }"},
			`<div id=p><p id=t></div>`, map[string]string{"visibility": "hidden", "opacity": "1"}},
		{"revert-layer goes to the layer below", []string{"@layer a, b; @layer a { p { float: left } } @layer b { #t { float: revert-layer } }"},
			`<p id=t>`, map[string]string{"float": "left"}},
		{"revert-layer unlayered goes to the last layer", []string{"@layer a { p { float: left } } #t { float: revert-layer }"},
			`<p id=t>`, map[string]string{"float": "left"}},
		{"revert-layer reverts every declaration of its layer", []string{"@layer a { p { float: left } } #t { float: right } #t { float: revert-layer }"},
			`<p id=t>`, map[string]string{"float": "left"}},
		{"revert-layer in the lowest layer falls to the hint", []string{"@layer a { #t { display: revert-layer } }"},
			`<div id=t hidden>`, map[string]string{"display": "none"}},
		{"revert-layer with nothing below acts as revert", []string{"#t { display: revert-layer }"},
			`<p id=t>`, map[string]string{"display": "block"}},
		{"important revert-layer goes to the earlier important layer", []string{"@layer a { p { float: left !important } } @layer b { #t { float: revert-layer !important } }"},
			`<p id=t>`, map[string]string{"float": "left"}},
		{"important revert-layer goes to the normal declarations of the layers before", []string{
			"@layer a, b, c; @layer a { p { float: left } } @layer b { #t { float: revert-layer !important } p { float: right } } @layer c { p { float: none } }"},
			`<p id=t>`, map[string]string{"float": "left"}},
		{"important revert-layer in the first layer falls to the hint", []string{"@layer a { #t { display: revert-layer !important } } p { display: flex }"},
			`<div id=t hidden>`, map[string]string{"display": "none"}},
		{"revert in the style attribute", []string{"p { display: flex }"},
			`<p id=t style="display: revert">`, map[string]string{"display": "block"}},
		{"all: unset", []string{"#p { text-transform: uppercase } #t { all: unset }"},
			`<div id=p><li id=t></div>`, map[string]string{"display": "inline", "text-transform": "uppercase"}},
		{"all: initial", []string{"#p { text-transform: uppercase } #t { all: initial }"},
			`<div id=p><p id=t></div>`, map[string]string{"display": "inline", "text-transform": "none"}},
		{"all: revert", []string{"#t { display: flex; all: revert }"}, `<li id=t>`, map[string]string{"display": "list-item"}},
		{"a longhand after all wins", []string{"#t { all: unset; float: left }"}, `<p id=t>`, map[string]string{"float": "left"}},
		{"a longhand before all loses", []string{"#t { float: left; all: unset }"}, `<p id=t>`, map[string]string{"float": "none"}},
		{"all leaves custom properties", []string{"#t { --k: 1; all: initial }"}, `<p id=t>`, map[string]string{"--k": "1"}},
		{"keywords in any case", []string{"#t { display: INHERIT }"}, `<div style="display: flex"><p id=t></div>`,
			map[string]string{"display": "flex"}},
	})
}

// TestShorthands checks white-space and text-wrap against their
// longhands.
func TestShorthands(t *testing.T) {
	runStyleCases(t, []styleCase{
		{"shorthand then longhand", []string{"#t { white-space: pre; white-space-collapse: collapse }"},
			`<p id=t>`, map[string]string{"white-space": "nowrap", "text-wrap-mode": "nowrap"}},
		{"longhand then shorthand", []string{"#t { white-space-collapse: collapse; white-space: pre }"},
			`<p id=t>`, map[string]string{"white-space": "pre"}},
		{"text-wrap sets the mode", []string{"#t { white-space: pre; text-wrap: balance }"},
			`<p id=t>`, map[string]string{"white-space": "pre-wrap"}},
		{"text-wrap nowrap", []string{"#t { text-wrap: nowrap }"}, `<p id=t>`, map[string]string{"white-space": "nowrap"}},
		{"longhands inherit apart", []string{"#p { white-space-collapse: preserve } #t { text-wrap-mode: nowrap }"},
			`<div id=p><p id=t></div>`, map[string]string{"white-space": "pre"}},
		{"important longhand beats later shorthand", []string{"#t { white-space-collapse: preserve !important } #t { white-space: normal }"},
			`<p id=t>`, map[string]string{"white-space": "pre-wrap"}},
	})
}

// TestCascadeSheets checks what a SheetRef says and @import.
func TestCascadeSheets(t *testing.T) {
	doc := parseDoc(t, `<p id=t>`)
	el := elementByID(doc, "t")
	imported := Parse("#t { float: left; opacity: 0.5 }")
	main := Parse(`@import "a.css" layer(base); #t { opacity: 0.25 } @layer base { #t { float: right } }`)
	main.Rules()[0].(*ImportRule).sheet = imported
	for _, tc := range []struct {
		name string
		refs []SheetRef
		want map[string]string
	}{
		{"disabled", []SheetRef{{Sheet: Parse("#t { float: left }"), Disabled: true}}, map[string]string{"float": "none"}},
		{"media print", []SheetRef{{Sheet: Parse("#t { float: left }"), Media: ParseMediaList("print")}}, map[string]string{"float": "none"}},
		{"media screen", []SheetRef{{Sheet: Parse("#t { float: left }"), Media: ParseMediaList("screen")}}, map[string]string{"float": "left"}},
		{"import in its layer, in place", []SheetRef{{Sheet: main}}, map[string]string{"float": "right", "opacity": "0.25"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := NewCascade(CascadeOptions{})
			c.SetSheets(tc.refs)
			s := c.Style(el, nil)
			got := map[string]string{}
			for p := range tc.want {
				got[p] = s.PropertyValue(p)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCascadeCache checks that styles are kept until Invalidate and
// SetSheets, and that a changed sheet list is indexed again.
func TestCascadeCache(t *testing.T) {
	doc := parseDoc(t, `<p id=t class=a>`)
	el := elementByID(doc, "t")
	c := cascadeOf(".a { float: left }")
	s1 := c.Style(el, nil)
	if s2 := c.Style(el, nil); s2 != s1 {
		t.Error("second Style is not the kept one")
	}
	// A change of the tree is not seen until Invalidate.
	el.Attr = []html.Attribute{{Key: "id", Val: "t"}}
	if got := c.Style(el, nil).PropertyValue("float"); got != "left" {
		t.Errorf("kept float = %q, want left", got)
	}
	c.Invalidate()
	if got := c.Style(el, nil).PropertyValue("float"); got != "none" {
		t.Errorf("float after Invalidate = %q, want none", got)
	}
	c.SetSheets([]SheetRef{{Sheet: Parse("p { float: right }")}})
	if got := c.Style(el, nil).PropertyValue("float"); got != "right" {
		t.Errorf("float after SetSheets = %q, want right", got)
	}

	// An import loaded after SetSheets applies once SetSheets is
	// called again with the same list.
	main := Parse(`@import "a.css"; p { opacity: 0.5 }`)
	refs := []SheetRef{{Sheet: main}}
	c.SetSheets(refs)
	if got := c.Style(el, nil).PropertyValue("float"); got != "none" {
		t.Errorf("float before the import is loaded = %q, want none", got)
	}
	main.Rules()[0].(*ImportRule).sheet = Parse("p { float: left }")
	c.SetSheets(refs)
	if got := c.Style(el, nil).PropertyValue("float"); got != "left" {
		t.Errorf("float once the import is loaded = %q, want left", got)
	}

	// Another medium.
	c.SetSheets([]SheetRef{{Sheet: Parse("@media print { p { float: right } }")}})
	paper := DefaultMedium()
	paper.Type = "print"
	c.SetMedium(paper)
	if got := c.Style(el, nil).PropertyValue("float"); got != "right" {
		t.Errorf("float in print = %q, want right", got)
	}
}

// TestSource checks what Source says for each kind of source.
func TestSource(t *testing.T) {
	doc := parseDoc(t, `<div id=d class=disabled><span id=s>x</span></div>`+
		`<p id=h hidden></p><p id=a style="opacity: var(--nope)"></p><div style="display: flex"><i id=i></i></div>`)
	c := NewCascade(CascadeOptions{})
	c.SetSheets([]SheetRef{{Sheet: Parse("@layer base {\n  .disabled { pointer-events: none !important }\n}"), Name: "/css/app.css"}})
	style := func(id string) *Style { return c.Style(elementByID(doc, id), nil) }
	for _, tc := range []struct {
		id, prop string
		want     Source
		text     string
	}{
		{"d", "pointer-events", Source{Kind: SourceRule, Property: "pointer-events", Value: "none", Important: true,
			Origin: OriginAuthor, Sheet: "/css/app.css", Selector: ".disabled", Pos: Position{2, 15}, Layer: "base"},
			"pointer-events: none !important from `.disabled` in /css/app.css, line 2 (layer base)"},
		{"s", "pointer-events", Source{Kind: SourceRule, Inherited: true, From: elementByID(doc, "d"), Property: "pointer-events",
			Value: "none", Important: true, Origin: OriginAuthor, Sheet: "/css/app.css", Selector: ".disabled", Pos: Position{2, 15}, Layer: "base"},
			`inherited from <div id="d" class="disabled">: pointer-events: none !important from ` + "`.disabled`" + ` in /css/app.css, line 2 (layer base)`},
		{"d", "display", Source{Kind: SourceRule, Property: "display", Value: "block", Origin: OriginUserAgent,
			Sheet: "user agent (HTML)", Href: "about:user-agent", Selector: "div", Pos: Position{36, 1}},
			"display: block from `div` in user agent (HTML)"},
		{"h", "display", Source{Kind: SourcePresentationalHint, Property: "display", Value: "none", Attribute: "hidden"},
			"display: none from the hidden attribute (a presentational hint)"},
		{"a", "opacity", Source{Kind: SourceStyleAttribute, Property: "opacity", Value: "var(--nope)", Pos: Position{1, 1}, Invalid: true},
			"opacity: var(--nope) from the style attribute, invalid at computed-value time, so unset"},
		{"i", "display", Source{Adjusted: "a flex or grid item is blockified"}, "the initial value; a flex or grid item is blockified"},
		{"i", "opacity", Source{}, "the initial value"},
		{"s", "visibility", Source{Inherited: true}, "inherited: the initial value"},
	} {
		got, ok := style(tc.id).Source(tc.prop)
		if !ok {
			t.Errorf("#%s %s: no source", tc.id, tc.prop)
			continue
		}
		if tc.want.Origin == OriginUserAgent {
			got.Pos = Position{36, 1} // where div's rule is in ua.css does not matter here
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("#%s %s mismatch (-want +got):\n%s", tc.id, tc.prop, diff)
		}
		if s := got.String(); s != tc.text {
			t.Errorf("#%s %s: String() = %q, want %q", tc.id, tc.prop, s, tc.text)
		}
	}
	if _, ok := style("d").Source("color"); ok {
		t.Error("Source(color) is ok; color is not computed here")
	}
}

// TestReadsState checks that a cascade says whether live state can change
// a style.
func TestReadsState(t *testing.T) {
	got := map[string]bool{}
	for _, sheet := range []string{
		".a { display: none }",
		"input:checked + label { display: none }",
		"@scope (:focus-within) { p { float: left } }",
		":root { --x: 1 } a:focus { --x: 2 }",
	} {
		got[sheet] = cascadeOf(sheet).ReadsState()
	}
	want := map[string]bool{
		".a { display: none }":                         false,
		"input:checked + label { display: none }":      true,
		"@scope (:focus-within) { p { float: left } }": true,
		":root { --x: 1 } a:focus { --x: 2 }":          true,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

// checkedSet is a State that == cannot compare (a value with a slice).
type checkedSet struct{ checked []*html.Node }

func (s checkedSet) Is(n *html.Node, pc selector.PseudoClass) bool {
	return pc == selector.PseudoChecked && slices.Contains(s.checked, n)
}
func (checkedSet) Focus() (*html.Node, bool) { return nil, false }

// checkedPtr is the same State behind a pointer, which == compares.
type checkedPtr struct{ checkedSet }

// TestCascadeStates checks the States a cascade matches with: the same
// pointer keeps the styles, a State == cannot compare is taken afresh
// at every call (without a panic), another State drops the styles.
func TestCascadeStates(t *testing.T) {
	doc := parseDoc(t, `<input type=checkbox id=t>`)
	el := elementByID(doc, "t")
	c := cascadeOf(":checked { float: left }")
	on := &checkedPtr{checkedSet{[]*html.Node{el}}}
	first := c.Style(el, on)
	if got := first.PropertyValue("float"); got != "left" {
		t.Fatalf("float = %q, want left", got)
	}
	if c.Style(el, on) != first {
		t.Error("the same State did not keep the style")
	}
	if got := c.Style(el, &checkedPtr{}).PropertyValue("float"); got != "none" {
		t.Errorf("another State: float = %q, want none", got)
	}
	for i, st := range []selector.State{checkedSet{[]*html.Node{el}}, checkedSet{}, checkedSet{[]*html.Node{el}}} {
		want := []string{"left", "none", "left"}[i]
		if got := c.Style(el, st).PropertyValue("float"); got != want {
			t.Errorf("State %d, which == cannot compare: float = %q, want %s", i, got, want)
		}
	}
}
