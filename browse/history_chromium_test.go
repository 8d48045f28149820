package browse_test

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// historyCases is testdata/chromium/history-cases.json: pages, and the
// steps of each case.
type historyCases struct {
	Origin string
	Pages  map[string]string
	Cases  []struct {
		Name, Description string
		Steps             []struct {
			Action, URL, On string
		}
	}
}

// historyRecording is testdata/chromium/history.json: what Chromium did
// after each step, recorded by tools/chromium-recorder/record-history.mjs.
type historyRecording struct {
	Chromium string
	Cases    []struct {
		Name  string
		Steps []historyStep
	}
}

// historyStep is the state after one step, as the recorder writes it.
type historyStep struct {
	Requests      []string       `json:"requests"`
	Events        []historyEvent `json:"events"`
	Document      int            `json:"document"`
	URL           string         `json:"url"`
	Target        *string        `json:"target"`
	Active        string         `json:"active"`
	HistoryLength int            `json:"historyLength"`
	History       []string       `json:"history"`
	Index         int            `json:"index"`
}

type historyEvent struct {
	Type   string `json:"type"`
	Target string `json:"target"`
	OldURL string `json:"oldURL,omitempty"`
	NewURL string `json:"newURL,omitempty"`
}

// historyEventTypes are the events the recorder records.
var historyEventTypes = []string{"popstate", "hashchange", "focus", "blur", "focusin", "focusout"}

// nameTarget names an event target as the recorder does: window,
// document, #id, or the tag name.
func nameTarget(t vdom.EventTarget) string {
	switch x := t.(type) {
	case *vdom.Window:
		return "window"
	case *vdom.Document:
		return "document"
	case *vdom.Node:
		if x == nil {
			return ""
		}
		if id := x.ID(); id != "" {
			return "#" + id
		}
		return x.LocalName()
	}
	return "?"
}

// TestHistoryAsChromium replays the recorded cases through a session:
// after every open, click, Back, Forward and Reload, the requests sent,
// the events of the current document, whether it is a new document, its
// URL, :target and focus, HistoryLength, History and HistoryIndex must be
// what Chromium 148 showed.
func TestHistoryAsChromium(t *testing.T) {
	var cases historyCases
	var rec historyRecording
	for file, v := range map[string]any{"history-cases.json": &cases, "history.json": &rec} {
		data, err := os.ReadFile("testdata/chromium/" + file)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, v); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
	}
	if len(rec.Cases) != len(cases.Cases) {
		t.Fatalf("%d recorded cases for %d cases: record them again (tools/chromium-recorder/record-history.mjs)", len(rec.Cases), len(cases.Cases))
	}
	pages := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		page, ok := cases.Pages[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		htmlPage(page)(w, r)
	})
	for i, c := range cases.Cases {
		recorded := rec.Cases[i]
		if recorded.Name != c.Name {
			t.Fatalf("case %d is %q, recorded as %q: record again", i, c.Name, recorded.Name)
		}
		t.Run(c.Name, func(t *testing.T) {
			// The recorder's listeners come before the page's own code;
			// here a unit of every page's html element (lang) adds them
			// when the page's units start, before the session moves the
			// focus to a loaded page's fragment.
			logs := map[*vdom.Document]*[]historyEvent{}
			defs, err := unit.NewDefinitions(unit.Definition{Selector: "[lang]", New: func(u *unit.Unit) (any, error) {
				doc := u.Root().OwnerDocument()
				log := &[]historyEvent{}
				logs[doc] = log
				for _, typ := range historyEventTypes {
					doc.Window().AddEventListenerWith(typ, vdom.NewListener(func(e *vdom.Event) {
						ev := historyEvent{Type: e.Type(), Target: nameTarget(e.Target())}
						if hc, ok := e.AsHashChange(); ok {
							ev.OldURL, ev.NewURL = hc.OldURL, hc.NewURL
						}
						*log = append(*log, ev)
					}), vdom.ListenerOptions{Capture: true})
				}
				return nil, nil
			}})
			if err != nil {
				t.Fatal(err)
			}
			s, err := browse.New(browse.Options{Handler: pages, BaseURL: cases.Origin + "/", Definitions: defs})
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			docs := map[*vdom.Document]int{}
			sent := 0
			for j, step := range c.Steps {
				var err error
				switch step.Action {
				case "open":
					_, err = s.Open(ctx, step.URL)
				case "click":
					err = userevent.New(s.Document()).Click(el(t, s.Document(), step.On))
				case "back":
					_, err = s.Back(ctx)
				case "forward":
					_, err = s.Forward(ctx)
				case "reload":
					_, err = s.Reload(ctx)
				default:
					t.Fatalf("step %d: unknown action %q", j, step.Action)
				}
				if err != nil {
					t.Fatalf("step %d (%s %s%s): %v", j, step.Action, step.URL, step.On, err)
				}
				doc := s.Document()
				if _, err := doc.RunTasks(); err != nil {
					t.Fatal(err)
				}
				if _, ok := docs[doc]; !ok {
					docs[doc] = len(docs) + 1
				}
				got := historyStep{Requests: []string{}, Events: []historyEvent{}, Document: docs[doc], URL: doc.URL(),
					Active: nameTarget(doc.ActiveElement()), HistoryLength: doc.Window().HistoryLength(), Index: s.HistoryIndex()}
				for _, r := range s.Requests()[sent:] {
					got.Requests = append(got.Requests, r.Method+" "+r.URL.String())
				}
				sent = len(s.Requests())
				if log := logs[doc]; log != nil {
					got.Events = append(got.Events, *log...)
					*log = nil
				}
				if target, _ := doc.QuerySelector(":target"); target != nil {
					name := nameTarget(target)
					got.Target = &name
				}
				for _, e := range s.History() {
					got.History = append(got.History, e.URL.String())
				}
				if diff := cmp.Diff(recorded.Steps[j], got); diff != "" {
					t.Errorf("after step %d (%s %s%s), mismatch with Chromium %s (-want +got):\n%s", j, step.Action, step.URL, step.On, rec.Chromium, diff)
				}
			}
		})
	}
}
