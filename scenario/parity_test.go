package scenario_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	_ "github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/perk/perktest"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/scenario"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/eventperk/eventperk-go/vdomtest"
)

// parityStep is a step both ways can take: a user's click or typing on an
// element found by role and name, label or text, or a wait for the
// page's work (settle).
type parityStep struct {
	kind              string // "click", "type", "settle"
	role, name, label string
	text              string // the text to find (click) or to type (type)
}

// The pages of TestCLIMatchesVdomtest: each has one unit, "app" on #app,
// whose handlers are the names in methods, and the steps a user takes.
var parityCases = []struct {
	name    string
	page    string
	events  string // the unit's "event" settings
	methods []string
	steps   []parityStep
}{
	{
		name: "a dialog closed by its method=dialog form",
		page: `<main id="app"><dialog id="dlg" open><form id="f" method="dialog">
			<button id="ok" value="ok" autofocus>OK</button></form></dialog></main>`,
		events: `{"events": {
			"dlg": {"handlers": {"close": "onClose", "toggle": "onToggle", "focusout": "onFocusOut"}},
			"f": {"handlers": {"submit": "onSubmit"}},
			"ok": {"handlers": {"click": "onClick", "focus": "onFocus"}}}}`,
		methods: []string{"onClose", "onToggle", "onFocusOut", "onSubmit", "onClick", "onFocus"},
		steps: []parityStep{
			{kind: "click", role: "button", name: "OK"},
			{kind: "settle"},
		},
	},
	{
		name: "details opened and closed from their summary",
		page: `<main id="app">
			<details id="a" open><summary>First</summary><p>one</p></details>
			<details id="b"><summary>Second</summary><p>two</p></details></main>`,
		events: `{"events": {
			"a": {"handlers": {"toggle": "onToggleA"}},
			"b": {"handlers": {"toggle": "onToggleB"}}}}`,
		methods: []string{"onToggleA", "onToggleB"},
		steps: []parityStep{
			{kind: "click", text: "Second"},
			{kind: "settle"},
			{kind: "click", text: "Second"},
			{kind: "click", text: "First"},
			{kind: "settle"},
		},
	},
	{
		name: "a form typed into and submitted",
		page: `<main id="app"><form id="search" action="/search">
			<label>Query <input id="q" name="q" required></label>
			<button id="go">Search</button></form></main>`,
		events: `{"events": {
			"q": {"handlers": {"input": "onInput", "change": "onChange", "invalid": "onInvalid"}},
			"search": {"handlers": {"submit": "onSubmit", "formdata": "onFormData"}},
			"go": {"handlers": {"click": "onClick"}}}}`,
		methods: []string{"onInput", "onChange", "onInvalid", "onSubmit", "onFormData", "onClick"},
		steps: []parityStep{
			{kind: "click", role: "button", name: "Search"},
			{kind: "settle"},
			{kind: "type", label: "Query", text: "go"},
			{kind: "click", role: "button", name: "Search"},
			{kind: "settle"},
		},
	},
}

// TestCLIMatchesVdomtest runs the same page and steps in a scenario, as
// the eventperk command does, and through vdomtest, and wants the same
// handler calls from both: the events a user's action queues (a dialog's
// close, a details' toggle) included.
func TestCLIMatchesVdomtest(t *testing.T) {
	for _, tc := range parityCases {
		t.Run(tc.name, func(t *testing.T) {
			fromScreen := screenCalls(t, tc.page, tc.events, tc.methods, tc.steps)
			fromCLI := scenarioCalls(t, tc.page, tc.events, tc.steps)
			if len(fromScreen) == 0 {
				t.Fatal("vdomtest saw no handler call; the case tests nothing")
			}
			if diff := cmp.Diff(fromScreen, fromCLI); diff != "" {
				t.Errorf("calls mismatch (-vdomtest +scenario):\n%s", diff)
			}
		})
	}
}

// screenCalls takes the steps with vdomtest and returns the handler calls.
func screenCalls(t *testing.T, page, events string, methods []string, steps []parityStep) []string {
	t.Helper()
	s := vdomtest.Render(t, page)
	doc := s.Document()
	ms := unit.Methods{}
	for _, m := range methods {
		ms[m] = unit.Sync(func(any, *vdom.Event, unit.Ex) error { return nil })
	}
	u, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{
		Name:     "app",
		Settings: unit.Settings{"event": json.RawMessage(events)},
		Methods:  ms,
	})
	if err != nil {
		t.Fatal(err)
	}
	rec := perktest.Record(doc)
	if err := u.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	for _, st := range steps {
		switch st.kind {
		case "click":
			s.Click(screenTarget(s, st))
		case "type":
			s.Type(screenTarget(s, st), st.text)
		case "settle":
			s.Settle()
		}
	}
	return rec.Calls()
}

func screenTarget(s *vdomtest.Screen, st parityStep) *vdom.Node {
	switch {
	case st.role != "":
		return s.GetByRole(st.role, query.Name(st.name))
	case st.label != "":
		return s.GetByLabelText(st.label)
	}
	return s.GetByText(st.text)
}

// scenarioCalls takes the steps in a scenario and returns its handler
// calls, but EventPerk's own.
func scenarioCalls(t *testing.T, page, events string, steps []parityStep) []string {
	t.Helper()
	var jsteps []any
	for _, st := range steps {
		var target map[string]string
		switch {
		case st.role != "":
			target = map[string]string{"role": st.role, "name": st.name}
		case st.label != "":
			target = map[string]string{"label": st.label}
		default:
			target = map[string]string{"text": st.text}
		}
		switch st.kind {
		case "click":
			jsteps = append(jsteps, map[string]any{"click": target})
		case "type":
			jsteps = append(jsteps, map[string]any{"type": st.text, "target": target})
		case "settle":
			jsteps = append(jsteps, map[string]any{"settle": true})
		}
	}
	data, err := json.Marshal(map[string]any{
		"html": page,
		"spy":  true,
		"units": []any{map[string]any{
			"name": "app", "element": "#app",
			"settings": map[string]any{"event": json.RawMessage(events)},
		}},
		"steps": jsteps,
	})
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenario.Parse("parity.json", data)
	if err != nil {
		t.Fatal(err)
	}
	res := sc.Run(t.Context(), scenario.Options{})
	for _, st := range res.Steps {
		if st.Err != nil {
			t.Errorf("scenario %s: %v", st.Path, st.Err)
		}
	}
	var out []string
	for _, c := range res.Calls {
		if !c.Internal {
			out = append(out, fmt.Sprintf("%s %s %s", c.Event, c.Element, c.Handler))
		}
	}
	return out
}
