package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// templatePage has an element with an id inside a template's contents.
const templatePage = `<!DOCTYPE html><html><head></head><body><div id="app"><button id="go">go</button></div>` +
	`<template id="row"><li id="inside">new</li></template></body></html>`

// TestTemplateContentsInOutput: the page a run writes keeps a template's
// contents, and exploring a page lists no id from inside them.
func TestTemplateContentsInOutput(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "page.html")
	if err := os.WriteFile(page, []byte(templatePage), 0o600); err != nil {
		t.Fatal(err)
	}
	scenario := filepath.Join(dir, "scenario.json")
	src := `{"page": "page.html", "units": [{"name": "app", "element": "#app",
		"settings": {"event": {"events": {"go": {"handlers": {"click": "onGo"}}}}},
		"methods": {"onGo": []}}], "steps": [{"dispatch": "click", "target": "#go"}]}`
	if err := os.WriteFile(scenario, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "after.html")
	_, stderr, code := invoke("run", "--quiet", "--html="+out, scenario)
	if code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	written, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if want := `<template id="row"><li id="inside">new</li></template>`; !strings.Contains(string(written), want) {
		t.Errorf("the written page lacks %s:\n%s", want, written)
	}
	stdout, stderr, code := invoke("fire", page)
	if code != 0 {
		t.Fatalf("fire: exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "#go") || strings.Contains(stdout, "inside") {
		t.Errorf("fire lists the ids #go and not #inside, which is in template contents; it printed:\n%s", stdout)
	}
}
