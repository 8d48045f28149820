package scenario

import (
	"context"
	"strings"
	"testing"
)

// TestTemplateContentsStayInert: a unit's selector does not reach into
// template contents, so no unit starts there, and the page the run
// reports keeps the contents in place.
func TestTemplateContentsStayInert(t *testing.T) {
	const page = `<div class="app" id="live"><button id="go">go</button></div>` +
		`<template id="tmpl"><div class="app" id="copy"><button>go</button></div></template>`
	src := `{"html": ` + quoteJSON(page) + `, "units": [{"name": "app", "element": ".app", "each": true,
		"settings": {"event": {"events": {"go": {"handlers": {"click": "onGo"}}}}},
		"methods": {"onGo": []}}],
		"steps": [{"dispatch": "click", "target": "#go"}]}`
	s, err := Parse("test.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.units) != 1 || s.units[0].count != 1 {
		t.Fatalf("the unit selector .app matches %d elements, want 1: the template's copy is inert", s.units[0].count)
	}
	res := s.Run(context.Background(), Options{})
	if !res.OK() {
		t.Fatalf("run failed:\n%s", text(res))
	}
	var lines []string
	for _, c := range res.Calls {
		if !c.Internal {
			lines = append(lines, callLine(c))
		}
	}
	if len(lines) != 1 {
		t.Errorf("calls %q, want one click handled by the live unit", lines)
	}
	want := `<template id="tmpl"><div class="app" id="copy"><button>go</button></div></template>`
	if !strings.Contains(res.HTML, want) {
		t.Errorf("the reported page lacks the template's contents %s:\n%s", want, res.HTML)
	}
}
