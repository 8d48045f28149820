package scenario_test

import (
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/scenario"
	"github.com/eventperk/eventperk-go/vdom"
)

// TestDiffHTMLTemplateContents: a template's markup is its contents, so
// the "html" check compares them, on both sides, as serialization writes
// them.
func TestDiffHTMLTemplateContents(t *testing.T) {
	doc := vdom.ParseString(`<div id=d><template><li class=x>a</li></template></div>`)
	el := doc.GetElementByID("d")
	tests := []struct {
		name, want string
		equal      bool
	}{
		{"same contents", `<template><li class="x">a</li></template>`, true},
		{"other contents", `<template><li class="x">b</li></template>`, false},
		{"empty template", `<template></template>`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			diff, err := scenario.DiffHTML(el.FirstChild(), tt.want)
			if err != nil {
				t.Fatalf("DiffHTML: %v", err)
			}
			if got := diff == ""; got != tt.equal {
				t.Errorf("DiffHTML(%q) equal = %v, want %v; diff:\n%s", tt.want, got, tt.equal, diff)
			}
			if !tt.equal && !strings.Contains(diff, "li") && tt.name != "empty template" {
				t.Errorf("diff %q does not show the differing contents", diff)
			}
		})
	}
}
