package vdomtest_test

import (
	"testing"

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
<template><p id="in-template">k</p></template>`)
	for id, want := range map[string]bool{
		"plain": true, "hidden": false, "in-none": false, "in-invisible": false,
		"back": true, "collapse": false, "aria": true, "summary": true,
		"in-details": false, "in-inert": false, "hidden-input": false,
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
		"p": "its ancestor #box has visibility:hidden",
		"d": "is a closed details",
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
