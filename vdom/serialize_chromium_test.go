package vdom_test

// The replay of Chromium's serializations. testdata/serialize/cases.json
// holds markup, and DOM changes to make after parsing it;
// testdata/serialize/chromium.json holds the outerHTML and innerHTML
// headless Chromium gave (recorded by
// tools/chromium-recorder/serialize.mjs; see testdata/serialize/README.md).
// This test builds the same trees with vdom and compares its
// serializations.

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/vdom"
)

// serializeCase is one case of testdata/serialize/cases.json.
type serializeCase struct {
	Name string `json:"name"`
	// HTML is set as the inner HTML of a new div; Document, when given
	// instead, is parsed as a page.
	HTML     *string `json:"html"`
	Document *string `json:"document"`
	Steps    []struct {
		Append        *string   `json:"append"`
		AppendText    *string   `json:"appendText"`
		AppendComment *string   `json:"appendComment"`
		SetAttribute  *[]string `json:"setAttribute"`
		To            string    `json:"to"`
		On            string    `json:"on"`
	} `json:"steps"`
	// On selects the node to serialize; the div, or the html element of a
	// page, when absent.
	On *string `json:"on"`
}

type serialized struct {
	Name      string `json:"name"`
	OuterHTML string `json:"outerHTML"`
	InnerHTML string `json:"innerHTML"`
}

func TestSerializeAsChromium(t *testing.T) {
	var cases []serializeCase
	readJSON(t, filepath.Join("testdata", "serialize", "cases.json"), &cases)
	var recorded struct {
		Chromium string       `json:"chromium"`
		Cases    []serialized `json:"cases"`
	}
	readJSON(t, filepath.Join("testdata", "serialize", "chromium.json"), &recorded)
	if len(recorded.Cases) != len(cases) {
		t.Fatalf("%d cases, %d recorded: record them again (tools/chromium-recorder/serialize.mjs)", len(cases), len(recorded.Cases))
	}
	for i, c := range cases {
		want := recorded.Cases[i]
		t.Run(c.Name, func(t *testing.T) {
			if want.Name != c.Name {
				t.Fatalf("recorded case %d is %q, want %q: record them again", i, want.Name, c.Name)
			}
			n := buildSerializeCase(t, c)
			got := serialized{Name: c.Name, OuterHTML: n.OuterHTML(), InnerHTML: n.InnerHTML()}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("serialization mismatch with Chromium %s (-want +got):\n%s", recorded.Chromium, diff)
			}
		})
	}
}

// buildSerializeCase parses the case's markup, makes its changes and
// returns the node to serialize.
func buildSerializeCase(t *testing.T, c serializeCase) *vdom.Node {
	t.Helper()
	var doc *vdom.Document
	var root *vdom.Node
	switch {
	case c.Document != nil:
		doc = vdom.ParseString(*c.Document)
		root = &doc.Node
	case c.HTML != nil:
		doc = vdom.ParseString("<!DOCTYPE html>")
		var err error
		if root, err = doc.CreateElement("div"); err != nil {
			t.Fatal(err)
		}
		if err := root.SetInnerHTML(*c.HTML); err != nil {
			t.Fatalf("SetInnerHTML: %v", err)
		}
	default:
		t.Fatal("the case has neither html nor document")
	}
	find := func(sel string) *vdom.Node {
		t.Helper()
		if sel == "" {
			return root
		}
		n, err := root.QuerySelector(sel)
		if err != nil || n == nil {
			t.Fatalf("QuerySelector(%q) = %v, %v; want an element", sel, n, err)
		}
		return n
	}
	appendTo := func(sel string, child *vdom.Node) {
		t.Helper()
		if _, err := find(sel).AppendChild(child); err != nil {
			t.Fatalf("AppendChild to %q: %v", sel, err)
		}
	}
	for _, s := range c.Steps {
		switch {
		case s.Append != nil:
			el, err := doc.CreateElement(*s.Append)
			if err != nil {
				t.Fatal(err)
			}
			appendTo(s.To, el)
		case s.AppendText != nil:
			appendTo(s.To, doc.CreateTextNode(*s.AppendText))
		case s.AppendComment != nil:
			appendTo(s.To, doc.CreateComment(*s.AppendComment))
		case s.SetAttribute != nil && len(*s.SetAttribute) == 2:
			if err := find(s.On).SetAttribute((*s.SetAttribute)[0], (*s.SetAttribute)[1]); err != nil {
				t.Fatalf("SetAttribute: %v", err)
			}
		default:
			t.Fatalf("unknown step %+v", s)
		}
	}
	switch {
	case c.On != nil:
		return find(*c.On)
	case c.Document != nil:
		return doc.DocumentElement()
	}
	return root
}
