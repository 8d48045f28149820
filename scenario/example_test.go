package scenario_test

import (
	"context"
	"fmt"
	"os"

	"github.com/eventperk/eventperk-go/fixtures"
	"github.com/eventperk/eventperk-go/scenario"
)

// A scenario in memory: a page, a unit with one handler, a click, and what
// the page should look like afterwards.
func ExampleParse() {
	s, err := scenario.Parse("save.json", []byte(`{
		"html": "<!DOCTYPE html><main id=\"app\"><button id=\"save\">Save</button><p id=\"msg\"></p></main>",
		"units": [{
			"name": "app",
			"element": "#app",
			"settings": {"event": {"events": {"save": {"handlers": {"click": {"handler": "onSave", "options": {"confirm": true}}}}}}},
			"methods": {"onSave": [{"setText": "Saved", "target": "#msg"}]}
		}],
		"steps": [
			{"dispatch": "click", "target": "#save"},
			{"expect": {"calls": ["click #save onSave"]}},
			{"expect": {"target": "#msg", "text": "Saved"}}
		]
	}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	res := s.Run(context.Background(), scenario.Options{})
	res.WriteText(os.Stdout, scenario.Format{})
	// Output:
	// == save.json
	//    page the inline page; units: app on #app
	//
	// units[0]  start app
	//
	// steps[0]  dispatch click at #save (bubbles, cancelable)
	//   click #save onSave  order 0 · target · dispatch · unit app  ok
	//       options {"confirm":true}
	//   → not canceled
	//
	// steps[1]  expect
	//   ✓ the one call since the last calls check
	//
	// steps[2]  expect
	//   ✓ text of #msg is "Saved"
	//
	// PASS save.json (3 steps, 1 call, 2 checks)
}

// Every problem of a scenario comes at once, each with its position and
// JSON path.
func ExampleParse_errors() {
	_, err := scenario.Parse("typos.json", []byte(`{
  "html": "<main id=\"app\"></main>",
  "units": [{"element": "#app", "methods": {"onSave": [{"setText": "Saved", "taget": "#msg"}]}}],
  "steps": [{"dispatch": "click", "target": "#save"}, {"expect": {"target": "#msg", "txt": "Saved"}}]
}`))
	fmt.Println(err)
	// Output:
	// typos.json:3:77: units[0].methods.onSave[0]: unknown key "taget"; did you mean "target"?
	// typos.json:4:66: steps[1].expect: "target" without a check; add "text", "value", "focused", "attributes", "classes", "present", "count" or "html"
	// typos.json:4:85: steps[1].expect: unknown key "txt"; did you mean "text"?
}

// The fixtures are embedded, so a Go test can run them from anywhere.
func ExampleLoadFS() {
	s, err := scenario.LoadFS(fixtures.FS(), "ordering/scenario.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	res := s.Run(context.Background(), scenario.Options{})
	fmt.Println("passed:", res.OK())
	// The handler calls of the first click, in the order they ran.
	for _, st := range res.Steps {
		if st.Path != "steps[0]" {
			continue
		}
		for _, it := range st.Items {
			if it.Kind == scenario.ItemCall {
				fmt.Println(it.Call.Element, it.Call.Handler, it.Call.Order, it.Call.Phase)
			}
		}
	}
	// Output:
	// passed: true
	// #checkout audit 0 capture
	// #pay checkStock 10 target
	// #pay welcomeOffer 5 target
	// #pay reserve 0 target
	// #pay charge 0 target
	// #pay logLast -5 target
	// #summary guardSummary 0 bubble
	// #checkout closeDialogs 0 bubble
}

// Load reads a scenario and its page from disk; the result holds every step
// and call, with their arguments.
func ExampleLoad() {
	s, err := scenario.Load("../fixtures/form/scenario.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	res := s.Run(context.Background(), scenario.Options{})
	for _, st := range res.Steps {
		if st.Path != "steps[10]" {
			continue
		}
		for _, it := range st.Items {
			if c := it.Call; c != nil && !c.Internal && it.Kind == scenario.ItemCall {
				fmt.Println("call", c.Handler, "error:", c.Err, "deferred:", c.Deferred, c.Args.Options)
			}
		}
	}
	fmt.Println("ok:", res.OK())
	// Output:
	// call validate error: <nil> deferred: false map[]
	// call send error: <nil> deferred: true map[endpoint:/signup]
	// ok: true
}
