package scenario

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/google/go-cmp/cmp"
)

func mustParseUser(t *testing.T, body string) *Scenario {
	t.Helper()
	s, err := parseUser(t, body)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// stepSummary is what a test compares of a step's result.
type stepSummary struct {
	Path, Title, Outcome string
	Calls                []string
	Checks               []string
	Err                  string
}

func summarize(res *Result) []stepSummary {
	var out []stepSummary
	for _, s := range res.Steps {
		if s.Kind == "load" || s.Kind == "end" || s.Kind == "start" {
			continue
		}
		ss := stepSummary{Path: s.Path, Title: s.Title, Outcome: s.Outcome}
		for _, it := range s.Items {
			if it.Kind == ItemCall && !it.Call.Internal {
				ss.Calls = append(ss.Calls, callLine(it.Call))
			}
		}
		for _, c := range s.Checks {
			mark := "✓ "
			if !c.OK {
				mark = "✗ "
			}
			ss.Checks = append(ss.Checks, mark+c.What)
		}
		if s.Err != nil {
			ss.Err = s.Err.Error()
		}
		out = append(out, ss)
	}
	return out
}

// A unit that records every event a user's input fires at the form, so
// that the runs show the actions firing them and the page's default
// actions following.
const recordingUnit = `"units": [{"name": "form", "element": "#f", "settings": {"event": {"events": {"this": {"handlers": {
	"submit": ["onSubmit"], "change": "onChange", "dblclick": "onDblClick", "mouseover": "onOver", "paste": "onPaste"
}}}}}, "methods": {"onSubmit": ["preventDefault"], "onChange": [], "onDblClick": [], "onOver": [], "onPaste": []}}]`

func TestRunUserSteps(t *testing.T) {
	s := mustParseUser(t, recordingUnit+`, "steps": [
		{"type": "ada@example.com", "target": {"label": "Email"}},
		{"expect": {"target": {"label": "Email"}, "value": "ada@example.com", "focused": true}},
		{"tab": true},
		{"type": "secret", "target": {"label": "Password"}, "skipClick": true},
		{"tab": true, "shift": true},
		{"keyboard": "{End}{Backspace}{Backspace}{Backspace}org"},
		{"type": "dev", "target": "#email", "selection": {"start": 4, "end": 11}},
		{"expect": {"target": "#email", "value": "ada@dev.org"}},
		{"clear": {"placeholder": "you@example.com"}},
		{"click": {"label": "Password"}},
		{"paste": "pasted"},
		{"select": "Français", "target": {"role": "combobox", "name": "Language"}},
		{"deselect": "b", "target": {"label": "Tags"}},
		{"upload": {"name": "me.png", "type": "image/png", "content": "PNG"}, "target": {"label": "Photo"}},
		{"hover": {"role": "heading"}},
		{"dblclick": {"role": "status"}},
		{"unhover": {"role": "status"}},
		{"keyboard": "{Enter}"},
		{"expect": {"target": {"role": "combobox", "name": "Language"}, "value": "fr", "focused": false}},
		{"expect": {"target": {"role": "option", "name": "Français", "selected": true}, "present": true}}
	]`)
	res := s.Run(context.Background(), Options{})
	want := []stepSummary{
		{Path: "steps[0]", Title: `type "ada@example.com" into label text "Email"`, Outcome: `value "ada@example.com"`,
			// Typing starts with a click: the pointer comes over the field.
			Calls: []string{"mouseover #f onOver"}},
		{Path: "steps[1]", Title: "expect", Checks: []string{
			`✓ value of label text "Email" is "ada@example.com"`, `✓ label text "Email" has the focus`,
		}},
		{Path: "steps[2]", Title: "tab", Outcome: "focus on #password", Calls: []string{"change #f onChange"}},
		{Path: "steps[3]", Title: `type "secret" into label text "Password" (no click first)`, Outcome: `value "secret"`},
		{Path: "steps[4]", Title: "tab backwards (shift+tab)", Outcome: "focus on #email", Calls: []string{"change #f onChange"}},
		{Path: "steps[5]", Title: `keyboard "{End}{Backspace}{Backspace}{Backspace}org"`},
		{Path: "steps[6]", Title: `type "dev" into #email over 4..11`, Outcome: `value "ada@dev.org"`},
		{Path: "steps[7]", Title: "expect", Checks: []string{`✓ value of #email is "ada@dev.org"`}},
		{Path: "steps[8]", Title: `clear placeholder text "you@example.com"`, Outcome: `value ""`},
		{Path: "steps[9]", Title: `click label text "Password"`, Calls: []string{"mouseover #f onOver", "change #f onChange"}},
		{Path: "steps[10]", Title: `paste "pasted"`, Outcome: `value "secretpasted"`, Calls: []string{"paste #f onPaste"}},
		{Path: "steps[11]", Title: `select "Français" in role "combobox" with name "Language"`, Outcome: `selected: "fr"`, Calls: []string{
			"mouseover #f onOver", "change #f onChange", "change #f onChange",
		}},
		{Path: "steps[12]", Title: `deselect "b" in label text "Tags"`, Outcome: `selected: "a"`, Calls: []string{"mouseover #f onOver", "change #f onChange"}},
		{Path: "steps[13]", Title: `upload me.png (image/png) to label text "Photo"`, Calls: []string{"mouseover #f onOver", "change #f onChange"}},
		{Path: "steps[14]", Title: `hover role "heading"`},
		{Path: "steps[15]", Title: `dblclick role "status"`, Calls: []string{"mouseover #f onOver", "dblclick #f onDblClick"}},
		{Path: "steps[16]", Title: `unhover role "status"`},
		{Path: "steps[17]", Title: `keyboard "{Enter}"`},
		{Path: "steps[18]", Title: "expect", Checks: []string{
			`✓ value of role "combobox" with name "Language" is "fr"`, `✓ role "combobox" with name "Language" does not have the focus`,
		}},
		{Path: "steps[19]", Title: "expect", Checks: []string{`✓ role "option" with name "Français" (selected) is present`}},
	}
	if diff := cmp.Diff(want, summarize(res)); diff != "" {
		t.Errorf("steps (-want +got):\n%s\n%s", diff, text(res))
	}
	if !res.OK() {
		t.Errorf("the run failed:\n%s", text(res))
	}
}

// TestUserStepErrors checks that a query that finds nothing or several,
// and an action a user cannot do, fail the step with the error of package
// query or userevent, which errors.Is finds.
func TestUserStepErrors(t *testing.T) {
	tests := []userErrCase{
		{"query finds nothing", `{"click": {"role": "button", "name": "Save"}}`, query.ErrNotFound, []string{
			`role "button" with name "Save"`, `Sign in`, "Ignored nodes: comments, script, style", `<button id="go" type="submit">`,
		}},
		{"query finds several", `{"click": {"role": "button", "name": "Copy"}}`, query.ErrMultiple, []string{
			`2 elements with role "button" with name "Copy"`,
		}},
		{"selector finds several", `{"hover": "button"}`, nil, []string{
			`target "button" matches 4 elements (#go, #off, ...); a user acts on one: make the selector match one, or use a query`,
		}},
		{"selector finds nothing", `{"click": "#nope"}`, nil, []string{`target "#nope" matches no element`}},
		{"selector misspelt", `{"click": "#og"}`, nil, []string{`target "#og" matches no element; did you mean "#go"?`}},
		{"disabled", `{"click": {"role": "button", "name": "Later"}}`, userevent.ErrDisabled, []string{
			"userevent: click #off: element is disabled",
		}},
		{"hidden", `{"type": "x", "target": "#hidden"}`, userevent.ErrHidden, []string{"userevent: type #hidden: element is hidden: it has display: none from the hidden attribute"}},
		{"not a select", `{"select": "a", "target": "#email"}`, nil, []string{"not a select element"}},
		{"no such option", `{"select": "de", "target": {"label": "Language"}}`, nil, []string{`"de"`}},
		{"not accepted", `{"upload": {"name": "a.txt", "type": "text/plain"}, "target": "#photo"}`, nil, []string{`does not match accept="image/*"`}},
		{"dispatch to a query that finds several", `{"dispatch": "click", "target": {"text": "Copy"}}`, query.ErrMultiple, nil},
		{"trigger at a query that finds nothing", `{"trigger": "x", "element": {"testId": "nope"}}`, query.ErrNotFound, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := mustParseUser(t, `"units": [{"element": "#app"}], "steps": [`+tt.step+`]`)
			res := s.Run(context.Background(), Options{})
			sr := res.Steps[len(res.Steps)-2] // the step, before "end"
			if sr.Err == nil {
				t.Fatalf("the step did not fail:\n%s", text(res))
			}
			if tt.is != nil && !errors.Is(sr.Err, tt.is) {
				t.Errorf("errors.Is(%v, %v) = false", sr.Err, tt.is)
			}
			for _, c := range tt.contains {
				if !strings.Contains(sr.Err.Error(), c) {
					t.Errorf("the error does not say %q:\n%s", c, sr.Err)
				}
			}
			if !strings.Contains(text(res), tt.shown()) {
				t.Errorf("the text report does not show %q:\n%s", tt.shown(), text(res))
			}
		})
	}
}

type userErrCase struct {
	name     string
	step     string
	is       error    // the error kind, if any
	contains []string // what the step's error says
}

// shown is what the text report must show: the error's first part, or
// at least that the scenario failed.
func (tt userErrCase) shown() string {
	if len(tt.contains) == 0 {
		return "FAIL"
	}
	return tt.contains[0]
}

// TestExpectWithQueries checks the checks of an expect step whose target
// is a query: counts with QueryAll, one element's checks with Get, whose
// error is the check's detail.
func TestExpectWithQueries(t *testing.T) {
	s := mustParseUser(t, `"steps": [
		{"expect": {"target": {"role": "button"}, "count": 4}},
		{"expect": {"target": {"role": "button", "name": "Save"}, "present": false}},
		{"expect": {"target": {"role": "button", "name": "Copy"}, "text": "Copy"}},
		{"expect": {"target": {"role": "textbox", "name": "Email"}, "focused": true}},
		{"expect": {"target": {"text": "Sign in", "selector": "h1"}, "html": "<h1>Sign in</h1>", "classes": {"big": false}}}
	]`)
	res := s.Run(context.Background(), Options{})
	var got [][]Check
	for _, st := range res.Steps[:len(res.Steps)-1] { // all but "end"
		var cs []Check
		for _, c := range st.Checks {
			// The query's error is long; its first line says enough here.
			c.Detail, _, _ = strings.Cut(c.Detail, "\n")
			cs = append(cs, c)
		}
		got = append(got, cs)
	}
	want := [][]Check{
		// The file input is a button too, as Chromium exposes it.
		{{What: `role "button" matches 4 element(s)`, OK: false, Detail: "it matches 5"}},
		{{What: `role "button" with name "Save" is absent`, OK: true, Detail: "0 element(s) match, the first is none"}},
		{{What: `find role "button" with name "Copy"`, OK: false, Detail: `query: more than one element found: 2 elements with role "button" with name "Copy" (All and QueryAll return them all)`}},
		{{What: `role "textbox" with name "Email" has the focus`, OK: false, Detail: "the focus is on the body (no element has it)"}},
		{
			{What: `text "Sign in" in elements matching "h1" lacks class big`, OK: true, Detail: `class=""`},
			{What: `HTML of text "Sign in" in elements matching "h1" matches`, OK: true},
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("checks (-want +got):\n%s", diff)
	}
}

// TestUserStepsInReports checks that the text and JSON reports show the
// user-level steps: their titles, outcomes and errors.
func TestUserStepsInReports(t *testing.T) {
	s := mustParseUser(t, `"steps": [
		{"type": "ada", "target": {"label": "Email"}, "note": "as a user types"},
		"tab",
		{"click": {"role": "button", "name": "Later"}, "expectError": "disabled"}
	]`)
	res := s.Run(context.Background(), Options{})
	wantText := `== user.json
   page the inline page; units: 

steps[0]  type "ada" into label text "Email"
  # as a user types
  → value "ada"

steps[1]  tab
  → focus on #password

steps[2]  click role "button" with name "Later"
  ✓ failed as expected: userevent: click #off: element is disabled (SkipChecks fires the events anyway)

PASS user.json (3 steps, 0 calls, 0 checks)
`
	if diff := cmp.Diff(wantText, text(res)); diff != "" {
		t.Errorf("text report (-want +got):\n%s", diff)
	}
	b, err := json.Marshal(res.toJSON(Format{}, false))
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Steps []struct {
			Path, Kind, Title, Note, Outcome, ExpectedError string
			OK                                              bool
		}
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	type step = struct {
		Path, Kind, Title, Note, Outcome, ExpectedError string
		OK                                              bool
	}
	want := []step{
		{Path: "steps[0]", Kind: "type", Title: `type "ada" into label text "Email"`, Note: "as a user types", Outcome: `value "ada"`, OK: true},
		{Path: "steps[1]", Kind: "tab", Title: "tab", Outcome: "focus on #password", OK: true},
		{Path: "steps[2]", Kind: "click", Title: `click role "button" with name "Later"`, OK: true,
			ExpectedError: "userevent: click #off: element is disabled (SkipChecks fires the events anyway)"},
		{Path: "end", Kind: "end", Title: "wait for work still running", OK: true},
	}
	if diff := cmp.Diff(want, got.Steps); diff != "" {
		t.Errorf("JSON steps (-want +got):\n%s", diff)
	}
}

// TestQueryTargetsEverywhere checks query targets in a method's actions,
// in a remove step, in dispatch, and as an element argument of a call.
func TestQueryTargetsEverywhere(t *testing.T) {
	s := mustParseUser(t, `"units": [{"name": "app", "element": "#app",
		"settings": {"event": {"events": {"this": {"handlers": {"click": "onClick", "ping": "onPing"}}}}},
		"methods": {
			"onClick": [{"setText": "clicked", "target": {"role": "status"}}],
			"onPing": [{"addClass": "pinged", "target": {"role": "heading", "name": "Sign in"}}]
		}}], "steps": [
		{"dispatch": "click", "target": {"role": "button", "name": "Sign in"}},
		{"expect": {"target": {"role": "status"}, "text": "clicked"}},
		{"call": "event.trigger", "args": ["ping", null, {"role": "main"}]},
		{"expect": {"target": "h1", "classes": {"pinged": true}}},
		{"remove": {"role": "button", "name": "Copy"}},
		{"expect": {"target": {"text": "Copy"}, "present": false}}
	]`)
	res := s.Run(context.Background(), Options{})
	want := []stepSummary{
		{Path: "steps[0]", Title: `dispatch click at role "button" with name "Sign in" (bubbles, cancelable)`, Outcome: "not canceled", Calls: []string{"click #app onClick"}},
		{Path: "steps[1]", Title: "expect", Checks: []string{`✓ text of role "status" is "clicked"`}},
		{Path: "steps[2]", Title: `call event.trigger("ping", null, {"role":"main"})`, Calls: []string{"ping #app onPing"}},
		{Path: "steps[3]", Title: "expect", Checks: []string{"✓ h1 has class pinged"}},
		{Path: "steps[4]", Title: `remove role "button" with name "Copy"`},
		{Path: "steps[5]", Title: "expect", Checks: []string{`✓ text "Copy" is absent`}},
	}
	if diff := cmp.Diff(want, summarize(res)); diff != "" {
		t.Errorf("steps (-want +got):\n%s\n%s", diff, text(res))
	}
}
