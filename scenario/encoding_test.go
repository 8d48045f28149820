package scenario

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// pageDecoding is what a scenario's page became when parsed.
type pageDecoding struct {
	CharacterSet, Text string
}

func decodePage(t *testing.T, s *Scenario) pageDecoding {
	t.Helper()
	doc, err := s.parsePage()
	if err != nil {
		t.Fatal(err)
	}
	return pageDecoding{doc.CharacterSet(), doc.Body().TextContent()}
}

// A page file is bytes, decoded as a browser opening the file decodes
// them; the units' selectors are checked against the decoded page.
func TestPageFileIsSniffed(t *testing.T) {
	const scenario = `{"page": "page.html", "units": [{"name": "u", "element": "[title=\"café\"]"}]}`
	tests := []struct {
		name string
		page string
		want pageDecoding
	}{
		{"meta windows-1252", "<meta charset=windows-1252><p title=caf\xe9>\x80 caf\xe9</p>", pageDecoding{"windows-1252", "€ café"}},
		{"meta Shift_JIS", "<meta charset=shift_jis><p title=caf\x82\xa0>\x93\xfa\x96\x7b</p>", pageDecoding{"Shift_JIS", "日本"}},
		{"undeclared UTF-8", "<p title=café>café</p>", pageDecoding{"UTF-8", "café"}},
		{"UTF-8 byte order mark", "\xef\xbb\xbf<meta charset=shift_jis><p title=café>café</p>", pageDecoding{"UTF-8", "café"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{
				"s.json":    {Data: []byte(scenario)},
				"page.html": {Data: []byte(tc.page)},
			}
			s, err := LoadFS(fsys, "s.json")
			if tc.want.CharacterSet == "Shift_JIS" {
				// Shift_JIS 0x82 0xA0 is not "é": the selector finds nothing.
				if err == nil {
					t.Fatal("LoadFS accepted a selector that matches nothing in the decoded page")
				}
				fsys["s.json"] = &fstest.MapFile{Data: []byte(`{"page": "page.html"}`)}
				if s, err = LoadFS(fsys, "s.json"); err != nil {
					t.Fatal(err)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, decodePage(t, s)); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// Inline HTML and a document given from Go are text: a <meta charset> in
// them does not re-decode them; HTML given from Go as bytes is sniffed.
func TestTextPagesAreNotSniffed(t *testing.T) {
	s, err := LoadFS(fstest.MapFS{"s.json": {Data: []byte(`{"html": "<meta charset=windows-1252><p>café</p>"}`)}}, "s.json")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(pageDecoding{"UTF-8", "café"}, decodePage(t, s)); diff != "" {
		t.Errorf("inline: mismatch (-want +got):\n%s", diff)
	}

	file := filepath.Join(t.TempDir(), "s.json")
	if err := os.WriteFile(file, []byte(`{}`), 0o600); err != nil {
		t.Fatal(err)
	}
	latin := []byte("<meta charset=windows-1252><p>caf\xe9</p>")
	doc, err := vdom.Parse(bytes.NewReader(latin))
	if err != nil {
		t.Fatal(err)
	}
	for name, p := range map[string]Page{"HTML": {HTML: latin}, "Document": {Document: doc}} {
		s, err := LoadPage(file, p)
		if err != nil {
			t.Fatal(err)
		}
		got := decodePage(t, s)
		if got.Text != "café" {
			t.Errorf("%s: text = %q, want café", name, got.Text)
		}
	}
}
