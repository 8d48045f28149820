package css

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
)

// TestUserAgentDefaults checks the user agent sheets and hints per
// element, with no author sheet: the element with id t in each snippet.
func TestUserAgentDefaults(t *testing.T) {
	cases := []struct {
		body string
		want map[string]string
	}{
		{`<div id=t>`, map[string]string{"display": "block"}},
		{`<span id=t>`, map[string]string{"display": "inline"}},
		{`<p id=t>`, map[string]string{"display": "block"}},
		{`<ul><li id=t></ul>`, map[string]string{"display": "list-item"}},
		{`<li id=t>`, map[string]string{"display": "list-item"}},
		{`<table><tr id=t></table>`, map[string]string{"display": "table-row"}},
		{`<table><tr><td id=t></table>`, map[string]string{"display": "table-cell", "white-space": "normal"}},
		{`<table><tr><td id=t nowrap></table>`, map[string]string{"white-space": "nowrap"}},
		{`<table id=t align=left></table>`, map[string]string{"display": "table", "float": "left"}},
		{`<img id=t align=RIGHT>`, map[string]string{"display": "block", "float": "right"}},
		{`<pre id=t>`, map[string]string{"white-space": "pre"}},
		{`<pre id=t wrap>`, map[string]string{"white-space": "pre-wrap"}},
		{`<textarea id=t></textarea>`, map[string]string{"display": "inline-block", "white-space": "pre-wrap"}},
		{`<textarea id=t wrap=OFF></textarea>`, map[string]string{"white-space": "pre"}},
		{`<select id=t></select>`, map[string]string{"display": "inline-block", "white-space": "pre"}},
		{`<select id=t size=3></select>`, map[string]string{"white-space": "nowrap"}},
		{`<select><option id=t></select>`, map[string]string{"display": "block", "white-space": "nowrap"}},
		{`<input id=t type=submit>`, map[string]string{"display": "inline-block", "white-space": "pre"}},
		{`<input id=t type=Hidden>`, map[string]string{"display": "none"}},
		{`<nobr id=t>`, map[string]string{"white-space": "nowrap"}},
		{`<div id=t hidden>`, map[string]string{"display": "none"}},
		{`<div id=t hidden=until-found>`, map[string]string{"display": "block", "content-visibility": "hidden"}},
		{`<div id=t hidden=UNTIL-FOUND>`, map[string]string{"content-visibility": "hidden"}},
		{`<template id=t></template>`, map[string]string{"display": "none"}},
		{`<dialog id=t></dialog>`, map[string]string{"display": "none", "position": "absolute"}},
		{`<dialog id=t open></dialog>`, map[string]string{"display": "block", "position": "absolute"}},
		{`<div id=t popover></div>`, map[string]string{"display": "none", "position": "fixed"}},
		{`<details><summary id=t></summary></details>`, map[string]string{"display": "list-item"}},
		{`<details><summary></summary><summary id=t></summary></details>`, map[string]string{"display": "block"}},
		{`<summary id=t></summary>`, map[string]string{"display": "block"}},
		{`<audio id=t></audio>`, map[string]string{"display": "none"}},
		{`<audio id=t controls></audio>`, map[string]string{"display": "inline"}},
		{`<slot id=t></slot>`, map[string]string{"display": "contents"}},
		{`<ruby id=t>a<rt>b</rt></ruby>`, map[string]string{"display": "ruby"}},
		{`<ruby>a<rp id=t>(</rp></ruby>`, map[string]string{"display": "none"}},
		{`<marquee id=t></marquee>`, map[string]string{"display": "inline-block", "white-space": "nowrap"}},
		{`<math id=t><mi>x</mi></math>`, map[string]string{"display": "math"}},
		{`<math><mi id=t>x</mi></math>`, map[string]string{"display": "block math", "text-transform": "math-auto"}},
		{`<svg><text id=t>x</text></svg>`, map[string]string{"display": "block", "white-space": "nowrap"}},
		{`<svg><title id=t>x</title></svg>`, map[string]string{"display": "inline"}},
		{`<q id=t></q>`, map[string]string{"display": "inline"}},
		// As Chromium 148 computes them (vdom/testdata/style,
		// display-ua-ruby-parts, display-ua-mathml-inside,
		// display-ua-svg-inside, display-ua-tableparts, display-ua-obsolete).
		{`<ruby>a<rt id=t>b</rt></ruby>`, map[string]string{"display": "ruby-text"}},
		{`<ruby>a<rtc><rt id=t>b</rt></rtc></ruby>`, map[string]string{"display": "inline"}},
		{`<p><rt id=t>b</rt></p>`, map[string]string{"display": "inline"}},
		{`<ruby>a<span id=t style="display: block">b</span></ruby>`, map[string]string{"display": "inline-block"}},
		{`<ruby>a<span id=t style="display: flex">b</span></ruby>`, map[string]string{"display": "inline-flex"}},
		{`<ruby style="display: block">a<span id=t style="display: block">b</span></ruby>`, map[string]string{"display": "block"}},
		{`<math><foo id=t>x</foo></math>`, map[string]string{"display": "block math"}},
		{`<math><mtable id=t></mtable></math>`, map[string]string{"display": "table"}},
		{`<math><mi id=t mathvariant=NORMAL>x</mi></math>`, map[string]string{"text-transform": "none"}},
		{`<math><mphantom id=t></mphantom></math>`, map[string]string{"visibility": "hidden"}},
		{`<svg><foreignObject id=t></foreignObject></svg>`, map[string]string{"display": "block"}},
		{`<svg><rect id=t display=none visibility=hidden opacity=0.5 pointer-events=stroke></rect></svg>`,
			map[string]string{"display": "none", "visibility": "hidden", "opacity": "0.5", "pointer-events": "stroke"}},
		{`<svg><rect id=t display=bogus opacity=inherit pointer-events=NONE></rect></svg>`,
			map[string]string{"display": "inline", "opacity": "1", "pointer-events": "none"}},
		{`<div id=t display=none visibility=hidden></div>`, map[string]string{"display": "block", "visibility": "visible"}},
		{`<table><form id=t></form></table>`, map[string]string{"display": "none"}},
		{`<table><tr><form id=t style="display: block !important"></form></tr></table>`, map[string]string{"display": "none"}},
		{`<marquee id=t direction=UP></marquee>`, map[string]string{"white-space": "normal"}},
		{`<audio id=t style="display: block !important"></audio>`, map[string]string{"display": "none"}},
		{`<select id=t disabled></select>`, map[string]string{"opacity": "0.7"}},
		{`<div id=t contenteditable=PLAINTEXT-ONLY></div>`, map[string]string{"white-space": "pre-wrap"}},
		{`<div id=t contenteditable></div>`, map[string]string{"white-space": "normal"}},
	}
	for _, tc := range cases {
		t.Run(tc.body, func(t *testing.T) {
			doc := parseDoc(t, tc.body)
			s := NewCascade(CascadeOptions{}).Style(elementByID(doc, "t"), nil)
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

// TestHeadIsNotDisplayed checks the document's head, which a body
// fragment cannot hold.
func TestHeadIsNotDisplayed(t *testing.T) {
	doc, err := html.Parse(strings.NewReader(`<html id=h><head id=hd><title id=ti>x</title></head><body id=b></body></html>`))
	if err != nil {
		t.Fatal(err)
	}
	c := NewCascade(CascadeOptions{})
	got := map[string]string{}
	for _, id := range []string{"h", "hd", "ti", "b"} {
		got[id] = c.Style(elementByID(doc, id), nil).PropertyValue("display")
	}
	want := map[string]string{"h": "block", "hd": "none", "ti": "none", "b": "block"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

// TestBlockification checks CSS Display 3 §2.7 as Chromium applies it.
func TestBlockification(t *testing.T) {
	runStyleCases(t, []styleCase{
		{"flex item", nil, `<div style="display: flex"><span id=t></span></div>`, map[string]string{"display": "block"}},
		{"inline-grid's item", nil, `<span style="display: inline-grid"><span id=t style="display: inline-flex"></span></span>`,
			map[string]string{"display": "flex"}},
		{"inline-block becomes block", nil, `<div style="display: flex"><span id=t style="display: inline-block"></span></div>`,
			map[string]string{"display": "block"}},
		{"table-cell becomes block", nil, `<div style="display: grid"><span id=t style="display: table-cell"></span></div>`,
			map[string]string{"display": "block"}},
		{"ruby becomes block ruby", nil, `<div style="display: flex"><span id=t style="display: ruby"></span></div>`,
			map[string]string{"display": "block ruby"}},
		{"inline list-item", nil, `<div style="display: flex"><span id=t style="display: inline list-item"></span></div>`,
			map[string]string{"display": "list-item"}},
		{"contents stays", nil, `<div style="display: flex"><span id=t style="display: contents"></span></div>`,
			map[string]string{"display": "contents"}},
		{"child of contents in flex", nil, `<div style="display: flex"><span style="display: contents"><b id=t></b></span></div>`,
			map[string]string{"display": "block"}},
		{"grandchild is not", nil, `<div style="display: flex"><span><b id=t></b></span></div>`, map[string]string{"display": "inline"}},
		{"float", nil, `<span id=t style="float: left; display: inline-table"></span>`, map[string]string{"display": "table", "float": "left"}},
		{"absolute", nil, `<span id=t style="position: absolute; float: left"></span>`, map[string]string{"display": "block", "float": "none"}},
		{"fixed contents stays", nil, `<span id=t style="position: fixed; display: contents"></span>`, map[string]string{"display": "contents"}},
		{"relative is not", nil, `<span id=t style="position: relative"></span>`, map[string]string{"display": "inline"}},
		{"float none display stays", nil, `<span id=t style="float: left; display: none"></span>`, map[string]string{"display": "none", "float": "left"}},
		{"contents on img is none", nil, `<img id=t style="display: contents">`, map[string]string{"display": "none"}},
		{"contents on select is none", nil, `<select id=t style="display: contents"></select>`, map[string]string{"display": "none"}},
		{"contents on a button stays", nil, `<button id=t style="display: contents"></button>`, map[string]string{"display": "contents"}},
	})
	// The root element.
	for _, tc := range []struct{ style, want string }{
		{"display: inline", "block"},
		{"display: inline-flex", "flex"},
		{"display: contents", "block"},
		{"display: none", "none"},
	} {
		doc, _ := html.Parse(strings.NewReader(`<html id=t style="` + tc.style + `"><body></body></html>`))
		if got := NewCascade(CascadeOptions{}).Style(elementByID(doc, "t"), nil).PropertyValue("display"); got != tc.want {
			t.Errorf("root with %s: display %q, want %q", tc.style, got, tc.want)
		}
	}
}

// TestPseudoElements checks ::before and ::after: generated or not,
// their display, inheritance from the originating element.
func TestPseudoElements(t *testing.T) {
	sheet := `.b::before { content: "b" } .a::after { content: "a"; display: block } .n::before { content: none }
		.flex { display: flex } .flex::before { content: "f"; display: inline-table } .up { text-transform: uppercase }
		.attr::before { content: attr(data-x) "!" } img::before { content: "i" } .pos::before { content: "p"; position: absolute }`
	doc := parseDoc(t, `<p id=b class="b up"></p><p id=a class=a></p><p id=n class="b n"></p><div id=f class=flex></div>`+
		`<q id=q></q><p id=x class=attr data-x=X></p><img id=i><p id=pos class=pos></p>`)
	c := cascadeOf(sheet)
	type pseudo struct{ Generated, Content, Display, TextTransform string }
	describe := func(id, which string) pseudo {
		el := elementByID(doc, id)
		cs := c.ComputedPseudoStyle(el, which, nil)
		p := pseudo{Content: cs.PropertyValue("content"), Display: cs.PropertyValue("display"), TextTransform: cs.PropertyValue("text-transform")}
		p.Generated = "no"
		if c.PseudoStyle(el, which, nil) != nil {
			p.Generated = "yes"
		}
		return p
	}
	got := map[string]pseudo{}
	for _, k := range []struct{ id, which string }{
		{"b", "before"}, {"b", "after"}, {"a", "after"}, {"n", "before"}, {"f", "before"},
		{"q", "before"}, {"q", "after"}, {"x", "before"}, {"i", "before"}, {"pos", "before"},
	} {
		got[k.id+"::"+k.which] = describe(k.id, k.which)
	}
	want := map[string]pseudo{
		"b::before":   {"yes", `"b"`, "inline", "uppercase"},
		"b::after":    {"no", "none", "inline", "uppercase"},
		"a::after":    {"yes", `"a"`, "block", "none"},
		"n::before":   {"no", "none", "inline", "none"},
		"f::before":   {"yes", `"f"`, "table", "none"},
		"q::before":   {"yes", "open-quote", "inline", "none"},
		"q::after":    {"yes", "close-quote", "inline", "none"},
		"x::before":   {"yes", `"X!"`, "inline", "none"},
		"i::before":   {"no", `"i"`, "inline", "none"},
		"pos::before": {"yes", `"p"`, "block", "none"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	if c.ComputedPseudoStyle(elementByID(doc, "b"), "marker", nil) != nil {
		t.Error("::marker has a style; only ::before and ::after are computed")
	}
}

// TestRendered checks Rendered and Transparent.
func TestRendered(t *testing.T) {
	doc := parseDoc(t, `<div id=none style="display: none"><p id=in-none></p></div>`+
		`<div id=cv style="content-visibility: hidden"><p id=in-cv></p></div>`+
		`<span id=cv-inline style="content-visibility: hidden"><b id=in-cv-inline></b></span>`+
		`<div id=uf hidden=until-found><p id=in-uf></p></div>`+
		`<table id=cv-table style="content-visibility: hidden"><tr><td id=in-cv-table></td>`+
		`<td id=cv-cell style="content-visibility: hidden"><b id=in-cv-cell></b></td></tr></table>`+
		`<div id=contents style="display: contents"><p id=in-contents></p></div>`+
		`<div id=clear style="opacity: 0"><p id=in-clear></p></div><p id=shown></p>`)
	c := NewCascade(CascadeOptions{})
	type state struct{ Rendered, Transparent bool }
	got := map[string]state{}
	for _, id := range []string{"none", "in-none", "cv", "in-cv", "cv-inline", "in-cv-inline", "uf", "in-uf",
		"cv-table", "in-cv-table", "cv-cell", "in-cv-cell", "contents", "in-contents", "clear", "in-clear", "shown"} {
		s := c.Style(elementByID(doc, id), nil)
		got[id] = state{s.Rendered(), s.Transparent()}
	}
	want := map[string]state{
		"none": {}, "in-none": {}, "cv": {Rendered: true}, "in-cv": {},
		"cv-inline": {Rendered: true}, "in-cv-inline": {Rendered: true}, "uf": {Rendered: true}, "in-uf": {},
		// A table is not contained (vdom/testdata/style, cv-display-kinds),
		// a cell is.
		"cv-table": {Rendered: true}, "in-cv-table": {Rendered: true}, "cv-cell": {Rendered: true}, "in-cv-cell": {},
		"contents": {Rendered: true}, "in-contents": {Rendered: true},
		"clear": {true, true}, "in-clear": {true, true}, "shown": {Rendered: true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}
