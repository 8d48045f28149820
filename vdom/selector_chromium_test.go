package vdom_test

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// selectorPage is a page of testdata/selectors/pages.json: its markup, its
// URL (for :target), the elements clicked before matching, and the
// selectors matched.
type selectorPage struct {
	Name      string   `json:"name"`
	URL       string   `json:"url"`
	HTML      string   `json:"html"`
	Clicks    []string `json:"clicks"`
	Selectors []string `json:"selectors"`
}

// TestSelectorsMatchChromium replays testdata/selectors/chromium.json: for
// each page and selector, the elements for which Chromium 156's
// el.matches(selector) was true (by id, else local name and position), or
// "error" where Chromium refused the selector (see
// tools/chromium-recorder/selectors.mjs).
func TestSelectorsMatchChromium(t *testing.T) {
	var pages struct {
		Pages []selectorPage `json:"pages"`
	}
	readJSON(t, filepath.Join("testdata", "selectors", "pages.json"), &pages)
	var rec struct {
		Pages map[string]map[string]json.RawMessage `json:"pages"`
	}
	readJSON(t, filepath.Join("testdata", "selectors", "chromium.json"), &rec)
	for _, pg := range pages.Pages {
		t.Run(pg.Name, func(t *testing.T) {
			url := pg.URL
			if url == "" {
				url = "http://eventperk.test/" + pg.Name
			}
			doc := vdom.ParseString(pg.HTML, vdom.WithURL(url))
			for _, c := range pg.Clicks {
				el, err := doc.QuerySelector(c)
				if err != nil || el == nil {
					t.Fatalf("click %s: no element (%v)", c, err)
				}
				if err := el.Click(); err != nil {
					t.Fatalf("click %s: %v", c, err)
				}
			}
			var all []*vdom.Node
			for n := range doc.Descendants() {
				if n.NodeType() == vdom.ElementNode {
					all = append(all, n)
				}
			}
			for _, sel := range pg.Selectors {
				raw, ok := rec.Pages[pg.Name][sel]
				if !ok {
					t.Errorf("%s: no recording: run tools/chromium-recorder/selectors.mjs", sel)
					continue
				}
				var wantErr string
				if json.Unmarshal(raw, &wantErr) == nil {
					if _, err := doc.QuerySelectorAll(sel); err == nil {
						t.Errorf("%s: Chromium refuses it, vdom compiles it", sel)
					}
					continue
				}
				want := []string{}
				if err := json.Unmarshal(raw, &want); err != nil {
					t.Fatalf("%s: %v", sel, err)
				}
				got := []string{}
				for i, el := range all {
					m, err := el.Matches(sel)
					if err != nil {
						t.Errorf("%s: %v", sel, err)
						break
					}
					if m {
						name := el.ID()
						if name == "" {
							name = el.LocalName() + "[" + strconv.Itoa(i) + "]"
						}
						got = append(got, name)
					}
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("%s: mismatch with Chromium (-want +got):\n%s", sel, diff)
				}
			}
		})
	}
}
