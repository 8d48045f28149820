package userevent_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// hoverCase is a case of testdata/hover-cases.json: a body fragment, the
// element the mouse moves onto (its middle), whether the left button is
// pressed there, and an element removed (and put back) while it is held.
type hoverCase struct {
	Name     string `json:"name"`
	HTML     string `json:"html"`
	On       string `json:"on"`
	Press    bool   `json:"press"`
	Remove   string `json:"remove"`
	Reinsert bool   `json:"reinsert"`
}

// hoverRecorded is what Chromium matched (testdata/hover-recorded.json,
// written by tools/chromium-recorder/record-hover.mjs).
type hoverRecorded struct {
	Name   string   `json:"name"`
	Hover  []string `json:"hover"`
	Active []string `json:"active"`
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// TestHoverAgainstChromium replays the recorded cases through Hover and
// PointerDown and compares the elements that match :hover and :active
// with Chromium's: ancestors, labeled controls, and a removed element
// whose parent takes its place.
func TestHoverAgainstChromium(t *testing.T) {
	var cases []hoverCase
	readJSON(t, "testdata/hover-cases.json", &cases)
	var rec struct {
		Cases []hoverRecorded `json:"cases"`
	}
	readJSON(t, "testdata/hover-recorded.json", &rec)
	if len(rec.Cases) != len(cases) {
		t.Fatalf("%d recorded cases for %d cases: record again", len(rec.Cases), len(cases))
	}
	for i, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			want := rec.Cases[i]
			if want.Name != c.Name {
				t.Fatalf("recorded case %d is %q, want %q: record again", i, want.Name, c.Name)
			}
			doc := vdom.ParseString(`<!DOCTYPE html><html><head><meta charset="utf-8"><title>scenario</title></head><body>` + c.HTML + `</body></html>`)
			on, err := doc.QuerySelector(c.On)
			if err != nil || on == nil {
				t.Fatalf("QuerySelector(%q) = %v, %v", c.On, on, err)
			}
			u := userevent.New(doc)
			if err := u.Hover(on); err != nil {
				t.Fatal(err)
			}
			if c.Press {
				if err := u.PointerDown(on); err != nil {
					t.Fatal(err)
				}
			}
			if c.Remove != "" {
				r, err := doc.QuerySelector(c.Remove)
				if err != nil || r == nil {
					t.Fatalf("QuerySelector(%q) = %v, %v", c.Remove, r, err)
				}
				parent := r.ParentNode()
				if _, err := parent.RemoveChild(r); err != nil {
					t.Fatal(err)
				}
				if c.Reinsert {
					if _, err := parent.AppendChild(r); err != nil {
						t.Fatal(err)
					}
				}
			}
			got := hoverRecorded{Name: c.Name, Hover: matching(t, doc, ":hover"), Active: matching(t, doc, ":active")}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("mismatch with Chromium (-want +got):\n%s", diff)
			}
		})
	}
}

// matching names the elements that match sel: their ids, else their tag
// names, as the recorder names them.
func matching(t *testing.T, doc *vdom.Document, sel string) []string {
	t.Helper()
	list, err := doc.QuerySelectorAll(sel)
	if err != nil {
		t.Fatal(err)
	}
	out := []string{}
	for _, n := range list {
		name := n.ID()
		if name == "" {
			name = n.LocalName()
		}
		out = append(out, name)
	}
	return out
}
