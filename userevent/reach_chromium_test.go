package userevent_test

// Where Chromium's trusted input reaches an element, against User's
// checks: the pages of testdata/reach/pages (inline rules, Bootstrap's
// and Tailwind's classes) were recorded by
// tools/chromium-recorder/record-reach.mjs in Chromium 148. For each
// probed element the recording says what a left click at its middle hit
// (the events' target) and whether el.focus() focused it and a key typed
// into it. The replay holds User to it:
//
//   - where Chromium's click reached the element, Click succeeds and
//     fires its click there; where it went to another element (an
//     ancestor: pointer-events none, visibility hidden or collapse, inert,
//     a closed details) or there was no box (display none), Click refuses
//     with ErrHidden or ErrPointerEventsNone, and fires nothing; a
//     refusal for pointer-events or visibility names the element
//     Chromium's click went to (hitByLayout lists where layout decides);
//   - where Chromium focused the element, vdom focuses it, and a key
//     typed at it edits a text field as in Chromium, with the keyboard,
//     whatever its pointer-events; where Chromium did not, vdom does not,
//     and TypeWith without the click refuses it.

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/internal/styledoc"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// hitByLayout are the probes where Chromium's click went to an element
// that layout, not the tree, put under the one probed, with the reason.
var hitByLayout = map[string]string{
	"inline/#in-row": "a row with visibility: collapse takes no space: the cell of the next row moves under the pointer",
}

type reachRecording struct {
	Chromium string `json:"chromium"`
	Elements []struct {
		On      string   `json:"on"`
		Box     bool     `json:"box"`
		Hit     string   `json:"hit"`
		Events  []string `json:"events"`
		Focused bool     `json:"focused"`
		Typed   *string  `json:"typed"`
	} `json:"elements"`
}

func TestReachMatchesChromium(t *testing.T) {
	pages, err := filepath.Glob(filepath.Join("testdata", "reach", "pages", "*.html"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("no pages: %v", err)
	}
	probes := 0
	for _, file := range pages {
		name := strings.TrimSuffix(filepath.Base(file), ".html")
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(filepath.Join("testdata", "reach", "recorded", name+".json"))
		if err != nil {
			t.Fatalf("%s: no recording (node tools/chromium-recorder/record-reach.mjs): %v", name, err)
		}
		var rec reachRecording
		if err := json.Unmarshal(data, &rec); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		// The document the recorder served (pages.mjs, pageDocument).
		page := `<!DOCTYPE html><html><head><meta charset="utf-8"><title>reach</title></head><body>` + string(src) + `</body></html>`
		load := func(t *testing.T) *vdom.Document {
			doc, err := vdom.Parse(strings.NewReader(page), vdom.WithURL("http://eventperk.test/"+name), vdom.WithStyleSheetLoader(styledoc.FrameworkSheets))
			if err != nil {
				t.Fatal(err)
			}
			return doc
		}
		for _, want := range rec.Elements {
			probes++
			t.Run(name+"/"+want.On, func(t *testing.T) {
				id := strings.TrimPrefix(want.On, "#")
				reached := slices.Contains(want.Events, "click "+want.On)

				doc := load(t)
				log := watch(doc, "click")
				err := userevent.New(doc).Click(byID(t, doc, id))
				switch {
				case reached && err != nil:
					t.Errorf("Chromium's click reached %s; Click refused: %v", want.On, err)
				case reached && !slices.Contains(types(*log), "click "+want.On):
					t.Errorf("Chromium's click reached %s; Click fired %v", want.On, types(*log))
				case !reached && !errors.Is(err, userevent.ErrHidden) && !errors.Is(err, userevent.ErrPointerEventsNone):
					t.Errorf("Chromium's click went to %q (box %v); Click: err = %v, want ErrHidden or ErrPointerEventsNone", want.Hit, want.Box, err)
				case !reached && len(*log) > 0:
					t.Errorf("a refused Click fired %v", types(*log))
				}
				// A refusal for the hit test names what is under the
				// element: what Chromium's click went to, but where
				// layout put another element there.
				if !reached && strings.Contains(err.Error(), "hit test passes over") && hitByLayout[name+"/"+want.On] == "" {
					named := "takes pointer input, " + want.Hit
					if !strings.Contains(err.Error(), named+" ") && !strings.Contains(err.Error(), named+",") {
						t.Errorf("Chromium's click went to %s; the refusal names another element: %v", want.Hit, err)
					}
				}

				doc = load(t)
				el := byID(t, doc, id)
				_ = el.Focus()
				if got := doc.ActiveElement() == el; got != want.Focused {
					t.Fatalf("focus() focused it: vdom %v, Chromium %v", got, want.Focused)
				}
				u := userevent.New(doc)
				// The caret at the start, where focus() puts it in a
				// field never focused before, as in the recording.
				err = u.TypeWith(el, "x", userevent.TypeOptions{SkipClick: true, Selection: &userevent.Selection{}})
				switch {
				case want.Focused && err != nil:
					t.Errorf("Chromium types at the focused element; TypeWith without the click: %v", err)
				case !want.Focused && err == nil:
					t.Errorf("Chromium cannot focus it; TypeWith without the click went ahead")
				case want.Typed != nil && el.Value() != *want.Typed:
					t.Errorf("value after typing x = %q, Chromium %q", el.Value(), *want.Typed)
				}
			})
		}
	}
	if probes < 30 {
		t.Errorf("%d probes, want the recordings' 33: is the replay reading them?", probes)
	}
}
