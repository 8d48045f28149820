package scenario_test

import (
	"context"
	"fmt"
	"os"

	"github.com/eventperk/eventperk-go/scenario"
)

// Steps that act as a user does, on elements found as a user finds them:
// by label, and by role and accessible name. Typing fires the key and
// input events; Enter in the field submits its form.
func ExampleParse_userSteps() {
	s, err := scenario.Parse("search.json", []byte(`{
		"html": "<!DOCTYPE html><form id=\"search\"><label>Search <input name=\"q\"></label><button>Go</button><p role=\"status\"></p></form>",
		"units": [{
			"name": "search",
			"element": "#search",
			"settings": {"event": {"events": {"this": {"handlers": {"submit": "onSubmit"}}}}},
			"methods": {"onSubmit": ["preventDefault", {"setText": "Searching…", "target": {"role": "status"}}]}
		}],
		"steps": [
			{"type": "vdom{Enter}", "target": {"label": "Search"}},
			{"expect": {"target": {"role": "textbox", "name": "Search"}, "value": "vdom", "focused": true}},
			{"expect": {"target": {"role": "status"}, "text": "Searching…"}}
		]
	}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	res := s.Run(context.Background(), scenario.Options{})
	res.WriteText(os.Stdout, scenario.Format{})
	// Output:
	// == search.json
	//    page the inline page; units: search on #search
	//
	// units[0]  start search
	//
	// steps[0]  type "vdom{Enter}" into label text "Search"
	//   submit #search onSubmit  order 0 · target · dispatch · unit search  ok
	//   → value "vdom"
	//
	// steps[1]  expect
	//   ✓ value of role "textbox" with name "Search" is "vdom"
	//   ✓ role "textbox" with name "Search" has the focus
	//
	// steps[2]  expect
	//   ✓ text of role "status" is "Searching…"
	//
	// PASS search.json (3 steps, 1 call, 3 checks)
}
