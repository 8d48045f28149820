package vdomtest_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/internal/styledoc"
	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/eventperk/eventperk-go/vdomtest"
)

func TestVisible(t *testing.T) {
	doc := vdom.ParseString(`
<p id="plain">a</p>
<p id="hidden" hidden>b</p>
<div style="display: none"><span id="in-none">c</span></div>
<div style="visibility:hidden"><span id="in-invisible">d</span><span id="back" style="visibility: visible">e</span></div>
<p id="collapse" style="color: red; VISIBILITY: Collapse !important">f</p>
<p id="aria" aria-hidden="true">g</p>
<details><summary id="summary">h</summary><p id="in-details">i</p></details>
<div inert><p id="in-inert">j</p></div>
<input id="hidden-input" type="hidden">
<template><p id="in-template">k</p></template>
<p id="overridden" hidden style="display: block">l</p>`)
	for id, want := range map[string]bool{
		"plain": true, "hidden": false, "in-none": false, "in-invisible": false,
		"back": true, "collapse": false, "aria": true, "summary": true,
		"in-details": false, "in-inert": false, "hidden-input": false,
		"overridden": true, // the hidden attribute is a hint a style overrides, as in a browser (jest-dom says hidden)
	} {
		if got := vdomtest.Visible(doc.GetElementByID(id)); got != want {
			t.Errorf("Visible(#%s) = %v, want %v", id, got, want)
		}
	}
	detached, err := doc.CreateElement("p")
	if err != nil {
		t.Fatal(err)
	}
	if vdomtest.Visible(detached) || vdomtest.Visible(nil) {
		t.Error("a detached element or nil is visible")
	}
}

func TestExpectVisibleHidden(t *testing.T) {
	const page = `<div id="box" style="visibility:hidden"><p id="p">x</p></div><details><p id="d">y</p></details><p id="shown">z</p>`
	mustPass(t, func(t testing.TB) {
		s := vdomtest.Render(t, page)
		s.ExpectVisible(s.Document().GetElementByID("shown"))
		s.ExpectHidden(s.Document().GetElementByID("p"))
	})
	for id, why := range map[string]string{
		"p": "not visible: its ancestor #box has visibility: hidden from the style attribute",
		"d": "not visible: it is in the closed details body > details, which shows only its summary",
	} {
		mustFail(t, func(t testing.TB) {
			s := vdomtest.Render(t, page)
			s.ExpectVisible(s.Document().GetElementByID(id))
		}, "ExpectVisible(#"+id+"): not visible", why)
	}
	mustFail(t, func(t testing.TB) {
		s := vdomtest.Render(t, page)
		s.ExpectHidden(s.Document().GetElementByID("shown"))
	}, "ExpectHidden(#shown): visible")
}

// TestWhyHiddenFromSheets holds Visible and WhyHidden to jest-dom's
// toBeVisible with the cascade: display none on the element or an
// ancestor, visibility hidden or collapse, opacity 0 on the element or an
// ancestor, the hidden attribute, a closed details but its summary; each
// reason names the element and the rule.
func TestWhyHiddenFromSheets(t *testing.T) {
	doc := vdomtest.Parse(t, `<link rel="stylesheet" href="/sheets/bootstrap.min.css">
<style>.tw-like { opacity: 0% }</style>
<div class="d-none"><p id="in-d-none">a</p></div>
<p id="invisible" class="invisible">b</p>
<div class="opacity-0"><p id="in-faded">c</p></div>
<div class="tw-like"><p id="in-tw">d</p></div>
<p id="attr" hidden>e</p>
<details id="faq"><summary id="q">f</summary><p id="a">g</p></details>
<p id="shown" class="opacity-50">h</p>
<div class="invisible"><p id="back" class="visible">i</p></div>
<table><tr id="row" style="visibility: collapse"><td id="cell">j</td></tr></table>`,
		vdom.WithURL("https://shop.test/"), vdom.WithStyleSheetLoader(styledoc.FrameworkSheets))
	const sheet = "https://shop.test/sheets/bootstrap.min.css, line 5"
	tests := []struct{ id, want string }{
		{"in-d-none", "its ancestor body > div.d-none has display: none !important from `.d-none` in " + sheet},
		{"invisible", "it has visibility: hidden !important from `.invisible` in " + sheet},
		{"in-faded", "its ancestor body > div.opacity-0 has opacity: 0 !important from `.opacity-0` in " + sheet},
		{"in-tw", "its ancestor body > div.tw-like has opacity: 0, by opacity: 0% from `.tw-like` in <style> #1, line 1"},
		{"attr", "it has display: none !important from `[hidden]` in " + sheet}, // Bootstrap's reboot wins over the attribute's hint
		{"q", ""},
		{"a", "it is in the closed details #faq, which shows only its summary"},
		{"shown", ""},
		{"back", ""},
		{"cell", "its ancestor #row has visibility: collapse from the style attribute"},
	}
	for _, tc := range tests {
		el := doc.GetElementByID(tc.id)
		if got := vdomtest.WhyHidden(el); got != tc.want {
			t.Errorf("WhyHidden(#%s) mismatch (-want +got):\n%s", tc.id, cmp.Diff(tc.want, got))
		}
		if got := vdomtest.Visible(el); got != (tc.want == "") {
			t.Errorf("Visible(#%s) = %v, want %v", tc.id, got, tc.want == "")
		}
	}
	tw := vdomtest.Parse(t, `<link rel="stylesheet" href="/sheets/tailwind.css">
<div class="hidden"><p id="in-hidden">a</p></div>
<p id="invisible" class="invisible">b</p>
<div class="opacity-0"><p id="in-faded">c</p></div>
<div class="invisible"><p id="back" class="visible">d</p></div>`,
		vdom.WithURL("https://shop.test/"), vdom.WithStyleSheetLoader(styledoc.FrameworkSheets))
	const twSheet = "https://shop.test/sheets/tailwind.css"
	for _, tc := range []struct{ id, want string }{
		{"in-hidden", "its ancestor body > div.hidden has display: none from `.hidden` in " + twSheet + ", line 280 (layer utilities)"},
		{"invisible", "it has visibility: hidden from `.invisible` in " + twSheet + ", line 194 (layer utilities)"},
		{"in-faded", "its ancestor body > div.opacity-0 has opacity: 0, by opacity: 0% from `.opacity-0` in " + twSheet + ", line 503 (layer utilities)"},
		{"back", ""},
	} {
		if got := vdomtest.WhyHidden(tw.GetElementByID(tc.id)); got != tc.want {
			t.Errorf("Tailwind: WhyHidden(#%s) mismatch (-want +got):\n%s", tc.id, cmp.Diff(tc.want, got))
		}
	}
	if got := vdomtest.WhyHidden(nil); got != "there is no element" {
		t.Errorf("WhyHidden(nil) = %q", got)
	}
}

func TestExpectVisibleAfterAClassChange(t *testing.T) {
	// A class a handler adds is seen by the next assertion, and the
	// failure names the rule.
	const page = `<style>
.menu { display: none }
.menu.show { display: block }
</style>
<button id="toggle">Menu</button><ul id="menu" class="menu"><li>Home</li></ul>
<script></script>`
	mustPass(t, func(t testing.TB) {
		s := vdomtest.Render(t, page)
		menu := s.Document().GetElementByID("menu")
		s.Document().GetElementByID("toggle").AddEventListener("click", vdom.NewListener(func(*vdom.Event) { _, _ = menu.ClassList().Toggle("show") }))
		s.ExpectHidden(menu)
		s.Click(s.Document().GetElementByID("toggle"))
		s.ExpectVisible(menu)
	})
	mustFail(t, func(t testing.TB) {
		s := vdomtest.Render(t, page)
		s.ExpectVisible(s.Document().GetElementByID("menu"))
	}, "vdomtest: ExpectVisible(#menu): not visible: it has display: none from `.menu` in <style> #1, line 2")
}

func TestExpectInDocument(t *testing.T) {
	const page = `<p id="p" hidden>saved</p><p id="gone">loading</p>`
	mustPass(t, func(t testing.TB) {
		s := vdomtest.Render(t, page)
		p, gone := s.Document().GetElementByID("p"), s.Document().GetElementByID("gone")
		s.ExpectInDocument(p) // hidden, but there
		gone.Remove()
		s.ExpectNotInDocument(gone)
		s.ExpectNotInDocument(s.QueryByText("nothing like this"))
	})
	mustFail(t, func(t testing.TB) {
		s := vdomtest.Render(t, page)
		gone := s.Document().GetElementByID("gone")
		gone.Remove()
		s.ExpectInDocument(gone)
	}, "vdomtest: ExpectInDocument(p): not in the document", `<p id="gone">`)
	mustFail(t, func(t testing.TB) {
		s := vdomtest.Render(t, page)
		other := vdomtest.Parse(t, page, vdom.WithURL("https://example.com/other"))
		s.ExpectInDocument(other.GetElementByID("p"))
	}, "it belongs to another document (https://example.com/other)")
	mustFail(t, func(t testing.TB) {
		s := vdomtest.Render(t, page)
		s.ExpectNotInDocument(s.Document().GetElementByID("p"))
	}, "vdomtest: ExpectNotInDocument(#p): it is in the document")
	mustFail(t, func(t testing.TB) {
		s := vdomtest.Render(t, page)
		s.ExpectInDocument(nil)
	}, "vdomtest: ExpectInDocument: no element (nil)")
}

// The failure message shown in docs/testing.md, "What a user sees".
func TestExpectVisibleMessageOfTheDocs(t *testing.T) {
	mustFail(t, func(t testing.TB) {
		s := vdomtest.Render(t, `<style>
		.toast { opacity: 0 }
		.toast.show { opacity: 1 }
	</style>
	<div class="toast"><p id="saved">Saved</p></div>`)
		s.ExpectVisible(s.Document().GetElementByID("saved"))
	}, "vdomtest: ExpectVisible(#saved): not visible: its ancestor body > div.toast has opacity: 0 from `.toast` in <style> #1, line 2\n")
}
