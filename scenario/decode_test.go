package scenario

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const page = `<!DOCTYPE html><html><body><main id="app"><button id="save">Save</button><ul id="list"><li>a</li><li>b</li></ul><p id="msg"></p></main></body></html>`

// parseString decodes a scenario whose page is the test page, inline.
func parseString(t *testing.T, body string) (*Scenario, error) {
	t.Helper()
	src := `{"html": ` + quoteJSON(page) + `,` + body + `}`
	return Parse("test.json", []byte(src))
}

// errorLines returns the messages of an InputErrors without file and
// position, which the cases would otherwise have to count.
func errorLines(t *testing.T, err error) []string {
	t.Helper()
	var list InputErrors
	if !errors.As(err, &list) {
		t.Fatalf("error %v (%T) is not InputErrors", err, err)
	}
	var out []string
	for _, e := range list {
		msg := e.Msg
		if e.Path != "" {
			msg = e.Path + ": " + msg
		}
		if e.Hint != "" {
			msg += "; " + e.Hint
		}
		out = append(out, msg)
	}
	return out
}

const goodUnit = `"units": [{"name": "app", "element": "#app",
	"settings": {"event": {"events": {"save": {"handlers": {"click": "onSave"}}}}},
	"methods": {"onSave": [{"waitFor": "server"}]}}]`

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name string
		body string
		want []string
	}{
		{
			name: "unknown top-level key suggests the known one",
			body: `"step": []`,
			want: []string{`unknown key "step"; did you mean "steps"?`},
		},
		{
			name: "settings at the top level point to units",
			body: `"settings": {}`,
			want: []string{`unknown key "settings"; it belongs to a unit: "units": [{"element": ..., "settings": {"event": ...}, "methods": ...}]`},
		},
		{
			name: "wrong types",
			body: `"timeout": 5, "spy": 1, "units": {}, "steps": "x"`,
			want: []string{
				`timeout: want a string, got number 5`,
				`spy: want a boolean, got number 1`,
				`units: want an array of units, got object`,
				`steps: want an array of steps, got string "x"`,
			},
		},
		{
			name: "unit problems",
			body: `"units": [{"element": "#nope"}, {"element": "li"}, {"name": "a[0]", "element": "#app", "event": {}}, {"element": "main#app"}]`,
			want: []string{
				`units[0].element: "#nope" matches no element in the inline page`,
				`units[1].element: "li" matches 2 elements in the inline page; add "each": true for one unit per element, or make the selector match one`,
				`units[2]: unknown key "event"; settings sections go inside "settings": {"event": {"events": ...}}`,
				`units[2].name: a unit name cannot contain [ or ]: they number the units of "each"`,
				`units[3].element: element #app already has a unit (units[2]); an element holds one unit`,
			},
		},
		{
			name: "event settings errors come from EventPerk with the scenario's paths",
			body: `"units": [{"element": "#app", "settings": {"event": {"events": {"save": {"handlers": {"click": {"handler": "x", "listnerOptions": {}}}}}}}}]`,
			want: []string{`units[0].settings.event.events.save.handlers.click: unknown key "listnerOptions"; did you mean "listenerOptions"?`},
		},
		{
			name: "actions",
			body: `"units": [{"element": "#app", "methods": {"m": [
				"preventDefult",
				{"setText": "x", "addClass": "y"},
				{"setAttribute": "a"},
				{"removeClass": ""},
				{"wait": "-1s"},
				{"remove": "@nope"},
				{"dispatch": "click", "target": "@target li["},
				{"settle": true},
				{"trigger": "x", "unit": "ghost"},
				{"call": "event.add", "args": ["click"]},
				{"call": "event.init", "args": ["x", {"handlers": {}}]},
				42,
				{"call": "event.trigger"}
			]}}]`,
			want: []string{
				`units[0].methods.m[0]: unknown action "preventDefult"; did you mean "preventDefault"?`,
				`units[0].methods.m[1]: two actions in one object: "setText" and "addClass"; write each action as its own list item`,
				`units[0].methods.m[2]: missing key "value"; "setAttribute" needs it`,
				`units[0].methods.m[3].removeClass: empty class name`,
				`units[0].methods.m[4].wait: want a positive duration such as "250ms" or "2s", got "-1s"`,
				`units[0].methods.m[5].remove: unknown reference "@nope"; the references are @element, @target, @unit and @sender`,
				`units[0].methods.m[6].target: invalid selector "li[" at offset 3: expected attribute name, found end of input`,
				`units[0].methods.m[7]: "settle" is not an action; "settle" is a step: it goes in "steps"`,
				`units[0].methods.m[8].unit: no unit named "ghost"`,
				`units[0].methods.m[9].args: event.add takes 2 to 4 arguments, got 1`,
				`units[0].methods.m[10].args[1].handlers: no events`,
				`units[0].methods.m[11]: want an action (an object, or a name such as "preventDefault"), got number 42`,
				`units[0].methods.m[12]: event.trigger takes 1 to 3 arguments, got none; give them in "args"`,
			},
		},
		{
			name: "steps",
			body: goodUnit + `, "steps": [
				{"resolve": "sever"},
				{"start": "app"},
				{"stop": "app[1]"},
				{"setText": "x"},
				{"dispatch": "click", "target": "@element"},
				{"expect": {"target": "#msg"}},
				{"expect": {}},
				{"expect": {"calls": [{"phase": "up", "mode": "sync"}], "attributes": {"a": 1}, "target": "#msg"}},
				{"preventDefault": true},
				{"expect": {"count": 1}, "expectError": "x"}
			]`,
			want: []string{
				`steps[0].resolve: no method waits for "sever"; did you mean "server"?`,
				`steps[1].start: unit "app" starts by itself before the steps; add "start": false to units[0] to start it in a step`,
				`steps[2].stop: unit "app" is one unit, not a list; write "app", or add "each": true to it`,
				`steps[3]: missing key "target"; a step has no handler element to default to: say which element with a selector`,
				`steps[4].target: "@element" works only inside methods, where there is a handler call; use a selector`,
				`steps[5].expect: "target" without a check; add "text", "value", "focused", "attributes", "classes", "present", "count" or "html"`,
				`steps[6].expect: nothing to check; give "calls", "callsInOrder", "canceled", "url", "status", "title", "cookies", or a "target" with checks`,
				`steps[7].expect.calls[0].phase: unknown phase "up"; want one of "capture", "target", "bubble"`,
				`steps[7].expect.calls[0].mode: unknown mode "sync"; want one of "trigger", "triggerSync", "dispatch"`,
				`steps[7].expect.attributes.a: want a string, or null for an absent attribute, got number 1`,
				`steps[8]: "preventDefault" is not a step; "preventDefault" is an action: it goes in a method's list of actions`,
				`steps[9]: unknown key "expectError"; "expect" takes "note"`,
				`steps[9].expect: missing key "target"; say which element the check is about, with a selector`,
			},
		},
		{
			name: "checks that check nothing",
			body: goodUnit + `, "steps": [
				{"expect": {"target": "#msg", "classes": {}}},
				{"expect": {"target": "#msg", "attributes": {}}},
				{"expect": {"callsInOrder": []}},
				{"expect": {"calls": [], "callsInOrder": ["click #msg m"]}}
			]`,
			want: []string{
				`steps[0].expect.classes: no classes: an empty object checks nothing; name at least one class, such as {"active": true}`,
				`steps[1].expect.attributes: no attributes: an empty object checks nothing; name at least one attribute, such as {"disabled": null}`,
				`steps[2].expect.callsInOrder: no calls: an empty list is among any calls, so it checks nothing; for "no calls", write "calls": []`,
				`steps[3].expect.callsInOrder: "calls" and "callsInOrder" in one check; use "calls" for every call, one for one, or "callsInOrder" for some of them in order`,
			},
		},
		{
			name: "each units are referred to by index",
			body: `"units": [{"name": "item", "element": "#list li", "each": true}], "steps": [{"stop": "item"}, {"stop": "item[2]"}, {"stop": "item[1]"}]`,
			want: []string{
				`steps[0].stop: unit "item" has "each": say which one, such as "item[0]"`,
				`steps[1].stop: no unit item[2]: "#list li" matches 2 elements, so item[0] to item[1]`,
			},
		},
		{
			name: "page and html together",
			body: `"page": "x.html"`,
			want: []string{`html: both "page" and "html" are given; keep one: "page" names a file, "html" holds the page itself`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseString(t, tt.body)
			if err == nil {
				t.Fatal("no error")
			}
			if !errors.Is(err, ErrBadInput) {
				t.Errorf("errors.Is(err, ErrBadInput) = false")
			}
			got := errorLines(t, err)
			// Errors come in file order; the cases list them so too, except
			// where two share a position.
			if diff := cmp.Diff(sorted(tt.want), sorted(got)); diff != "" {
				t.Errorf("errors mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

// TestErrorPositions checks that line and column name the value at fault,
// also inside the event settings, which EventPerk decodes on its own.
func TestErrorPositions(t *testing.T) {
	src := "{\n" +
		"  \"html\": \"<p id=x>\",\n" +
		"  \"units\": [{\"element\": \"#x\",\n" +
		"    \"settings\": {\"event\": {\"events\": {\"x\": {\"handlers\": {\"click\": {\"handler\": \"h\", \"order\": \"1\"}}}}}}}],\n" +
		"  \"steps\": [{\"dispatch\": \"click\", \"target\": \"p[\"}, {\"call\": \"event.add\", \"args\": [\"click\", {\"handler\": \"\"}]},\n" +
		"    {\"call\": \"event.add\", \"args\": []}]\n" +
		"}\n"
	_, err := Parse("pos.json", []byte(src))
	var list InputErrors
	if !errors.As(err, &list) {
		t.Fatalf("got %v", err)
	}
	var got []string
	for _, e := range list {
		got = append(got, e.Error())
	}
	want := []string{
		`pos.json:4:93: units[0].settings.event.events.x.handlers.click.order: want an integer, got string "1"`,
		`pos.json:5:48: steps[0].target: invalid selector "p[" at offset 2: expected attribute name, found end of input`,
		`pos.json:5:104: steps[1].args[1].handler: empty handler name`,
		// At the arguments, not at the operation's name (FuzzParse).
		`pos.json:6:35: steps[2].args: event.add takes 2 to 4 arguments, got 0`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

func TestInvalidJSONIsOneError(t *testing.T) {
	_, err := Parse("bad.json", []byte("{\n  \"page\": \"p.html\",\n  \"units\": [1 2]\n}"))
	if err == nil || err.Error() != `bad.json:3:15: invalid JSON: unexpected '2', want ',' or ']'` {
		t.Errorf("got %v", err)
	}
}

func TestWarnings(t *testing.T) {
	s, err := parseString(t, `"units": [{"element": "#app", "settings": {"event": {"events": {"save": {"handlers": {"click": ["a", "b", "a"]}}}}}, "methods": {"b": []}}]`)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`test.json:1:266: units[0].settings.event: handler "a" has no method in units[0].methods; its calls will fail (define it, or run with --spy)`}
	if diff := cmp.Diff(want, s.Warnings()); diff != "" {
		t.Errorf("warnings mismatch (-want +got):\n%s", diff)
	}
}

func TestDecodeModel(t *testing.T) {
	s, err := parseString(t, goodUnit+`, "name": "n", "timeout": "2s", "steps": [
		{"dispatch": "keydown", "target": "#save", "bubbles": false, "detail": {"key": "Enter"}, "note": "press"},
		{"trigger": "refresh", "element": "#list", "options": [1]},
		"settle",
		{"resolve": "server", "expectError": "x"}
	]`)
	if err != nil {
		t.Fatal(err)
	}
	if s.Name != "n" || s.Timeout.String() != "2s" || len(s.units) != 1 || len(s.steps) != 4 {
		t.Fatalf("scenario %+v", s)
	}
	d := s.steps[0]
	if d.kind != "dispatch" || d.arg != "keydown" || d.bubbles || !d.cancel || d.target.sel != "#save" || d.note != "press" ||
		compactJSON(d.detail.toAny()) != `{"key":"Enter"}` {
		t.Errorf("dispatch step %+v", d)
	}
	if tr := s.steps[1]; !tr.hasElement || tr.element.sel != "#list" || compactJSON(tr.options.toAny()) != "[1]" {
		t.Errorf("trigger step %+v", tr)
	}
	if s.steps[2].kind != "settle" || s.steps[3].expectError == nil || *s.steps[3].expectError != "x" {
		t.Errorf("steps %+v %+v", s.steps[2], s.steps[3])
	}
	if !s.signals["server"] {
		t.Errorf("signals %v", s.signals)
	}
	if got := strings.Join(handlerNames(s.units[0].settings), ","); got != "onSave" {
		t.Errorf("handler names %q", got)
	}
}

// The "cookies" check of a served page: a string, true (any value) or
// null (absent) per cookie, and at least one cookie.
func TestDecodeCookieCheckErrors(t *testing.T) {
	_, err := Parse("s.json", []byte(`{"page": "http://example.com/", "steps": [
		{"expect": {"cookies": {"a": false, "b": 1, "c": "ok", "d": true, "e": null}}},
		{"expect": {"cookies": {}}},
		{"expect": {"cookies": ["session"]}}
	]}`))
	want := []string{
		`steps[0].expect.cookies.a: want a string, true (any value) or null (absent), got false; write null for an absent cookie`,
		`steps[0].expect.cookies.b: want a string, true (any value) or null (absent), got number 1`,
		`steps[1].expect.cookies: no cookies: an empty object checks nothing; name at least one cookie, such as {"session": true}`,
		`steps[2].expect.cookies: want an object of cookie name to value (true: any value, null: absent), got array`,
	}
	if diff := cmp.Diff(want, errorLines(t, err)); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
}

// A unit's element selector that matches nothing gets the page's nearest
// id, class or element name, as the query errors of the Go API do.
func TestDecodeSuggestsSelectors(t *testing.T) {
	src := `{"html": "<main id=app class=shop><char-counter id=c></char-counter></main>", "units": [
		{"element": "char-countr"}, {"element": "#ap"}, {"element": "main.shp"}, {"element": "#nothing-like-it"}]}`
	_, err := Parse("test.json", []byte(src))
	want := []string{
		`units[0].element: "char-countr" matches no element in the inline page; did you mean "char-counter"?`,
		`units[1].element: "#ap" matches no element in the inline page; did you mean "#app"?`,
		`units[2].element: "main.shp" matches no element in the inline page; did you mean "main.shop"?`,
		`units[3].element: "#nothing-like-it" matches no element in the inline page`,
	}
	if diff := cmp.Diff(want, errorLines(t, err)); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}
