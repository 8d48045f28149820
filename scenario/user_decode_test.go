package scenario

import (
	"errors"
	"testing"

	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// userPage is a small form for the user-level steps and query targets.
const userPage = `<!DOCTYPE html><html><body><main id="app">
<h1>Sign in</h1>
<form id="f" novalidate>
<label for="email">Email</label><input id="email" type="email" placeholder="you@example.com">
<label>Password <input id="password" type="password"></label>
<label for="lang">Language</label><select id="lang"><option value="en">English</option><option value="fr">Français</option></select>
<label for="tags">Tags</label><select id="tags" multiple><option selected>a</option><option selected>b</option><option>c</option></select>
<label for="photo">Photo</label><input id="photo" type="file" accept="image/*">
<button id="go" type="submit">Sign in</button>
<button id="off" type="button" disabled>Later</button>
<button type="button" class="dup">Copy</button><button type="button" class="dup">Copy</button>
<input id="hidden" type="text" hidden>
<p id="status" role="status" title="status line"></p>
</form></main></body></html>`

// parseUser decodes a scenario whose page is userPage, inline.
func parseUser(t *testing.T, body string) (*Scenario, error) {
	t.Helper()
	return Parse("user.json", []byte(`{"html": `+quoteJSON(userPage)+`,`+body+`}`))
}

func TestDecodeUserStepErrors(t *testing.T) {
	tests := []struct {
		name string
		body string
		want []string
	}{
		{
			name: "role queries",
			body: `"steps": [
				{"click": {"role": "buton", "name": "Go"}},
				{"click": {"role": "button", "nmae": "Go"}},
				{"click": {"role": "button", "name": "Go", "level": 2}},
				{"click": {"role": "button", "name": "(", "match": "regexp"}},
				{"click": {"role": "button", "match": "substring"}},
				{"click": {"role": "checkbox", "checked": "maybe"}},
				{"click": {"role": "link", "current": "pgae"}},
				{"click": {"role": "heading", "level": 0}},
				{"click": {"role": "button", "pressed": "yes"}}
			]`,
			want: []string{
				`steps[0].click.role: unknown role "buton"; did you mean "button"?`,
				`steps[1].click: unknown key "nmae"; did you mean "name"?`,
				`steps[2].click.level: Level does not apply: no element of role "button" has aria-level; it is a state of comment, heading, listitem, row, treeitem`,
				"steps[3].click.name: invalid regular expression \"(\": missing closing ): `(`",
				`steps[4].click.match: "match" without "name"; "match" says how a role query compares the name`,
				`steps[5].click.checked: want true, false or "mixed", got string "maybe"`,
				`steps[6].click.current: unknown aria-current value "pgae"; did you mean "page"?`,
				`steps[7].click.level: want a level of 1 or more, got 0`,
				`steps[8].click.pressed: want a boolean, got string "yes"`,
			},
		},
		{
			name: "other queries",
			body: `"steps": [
				{"click": {"role": "button", "label": "Go"}},
				{"click": {"lable": "Email"}},
				{"click": {}},
				{"click": 3},
				{"click": {"label": "Email", "match": "fuzzy"}},
				{"click": {"text": "  "}},
				{"click": {"testId": "x", "match": "exact"}},
				{"click": {"placeholder": "you", "selector": "input"}},
				{"dispatch": "click", "target": {"text": "Go", "selector": "p["}},
				{"click": "@element"}
			]`,
			want: []string{
				`steps[0].click: two queries in one target: "role" and "label"; a target finds its element one way; narrow a role query with "name"`,
				`steps[1].click: unknown query "lable"; did you mean "label"?`,
				`steps[2].click: no query: want a selector, or an object with one of "role", "label", "placeholder", "text", "displayValue", "altText", "title", "testId"; such as {"role": "button", "name": "Save"} or {"label": "Email"}`,
				`steps[3].click: want a selector or a query such as {"role": "button", "name": "Save"}, got number 3`,
				`steps[4].click.match: unknown match mode "fuzzy"; want one of "exact", "substring", "regexp"`,
				`steps[5].click.text: empty text: it would match everything or nothing`,
				`steps[6].click: unknown key "match"; "testId" takes "attribute"`,
				`steps[7].click: unknown key "selector"; "placeholder" takes "match"`,
				`steps[8].target.selector: invalid selector "p[" at offset 2: expected attribute name, found end of input`,
				`steps[9].click: "@element" works only inside methods, where there is a handler call; use a selector`,
			},
		},
		{
			name: "actions",
			body: `"steps": [
				{"type": "abc{Enter", "target": {"label": "Email"}},
				{"type": "abc"},
				{"type": "abc", "target": "#email", "skipclick": true},
				{"select": [], "target": "#lang"},
				{"select": ["a", 1], "target": "#lang"},
				{"deselect": {"a": 1}, "target": "#tags"},
				{"upload": {"type": "text/plain"}, "target": "#photo"},
				{"upload": [], "target": "#photo"},
				{"upload": {"name": "a.txt", "size": 3}, "target": "#photo"},
				{"upload": "a.txt", "target": "#photo"},
				{"tab": true, "shift": "yes"},
				{"tab": false},
				{"keyboard": "[KeyA"},
				{"paste": 1},
				{"expect": {"target": {"role": "textbox"}, "value": 3, "focused": "yes"}},
				{"expect": {"value": "x"}},
				"click",
				{"type": "x", "target": "#email", "selection": {"start": 3, "end": 1}},
				{"type": "x", "target": "#email", "selection": {"start": -1, "ende": 2}}
			]`,
			want: []string{
				`steps[0].type: malformed key sequence "abc{Enter": "{" at position 3 is not closed by "}" (write {{ for the character)`,
				`steps[1]: missing key "target"; "type" needs it`,
				`steps[2]: unknown key "skipclick"; did you mean "skipClick"?`,
				`steps[3].select: no options: an empty list selects nothing; name at least one option by its value or its label`,
				`steps[4].select[1]: want a string, got number 1`,
				`steps[5].deselect: want an option's value or label, or an array of them, got object`,
				`steps[6].upload: missing key "name"; a file has a name, such as "photo.png"`,
				`steps[7].upload: no files: a user who chooses no file cancels the chooser; give at least one file {"name": ..., "type": ..., "content": ...}`,
				`steps[8].upload: unknown key "size"; a file takes "name", "type", "content"`,
				`steps[9].upload: want a file {"name": ..., "type": ..., "content": ...} or an array of them, got string "a.txt"`,
				`steps[10].shift: want a boolean, got string "yes"`,
				`steps[11].tab: want true (or write the bare name "tab"), got boolean false`,
				`steps[12].keyboard: malformed key sequence "[KeyA": "[" at position 0 is not closed by "]" (write [[ for the character)`,
				`steps[13].paste: want a string, got number 1`,
				`steps[14].expect.value: want a string, got number 3`,
				`steps[14].expect.focused: want a boolean, got string "yes"`,
				`steps[15].expect: missing key "target"; say which element the check is about, with a selector`,
				`steps[16]: "click" needs a value: write {"click": ...}`,
				`steps[17].selection: the selection ends (1) before it starts (3)`,
				`steps[18].selection: unknown key "ende"; did you mean "end"?`,
				`steps[18].selection: missing key "end"; a selection is {"start": 0, "end": 5}; equal ends are the caret`,
				`steps[18].selection.start: want an offset of 0 or more, got -1`,
			},
		},
		{
			name: "user actions are steps, not actions of a method",
			body: `"units": [{"element": "#app", "methods": {"m": [{"click": "#go"}, "tab"]}}]`,
			want: []string{
				`units[0].methods.m[0]: "click" is not an action; "click" is a step: it goes in "steps"`,
				`units[0].methods.m[1]: "tab" is not an action; "tab" is a step: it goes in "steps"`,
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseUser(t, tt.body)
			if err == nil {
				t.Fatal("no error")
			}
			if !errors.Is(err, ErrBadInput) {
				t.Errorf("errors.Is(err, ErrBadInput) = false")
			}
			if diff := cmp.Diff(sorted(tt.want), sorted(errorLines(t, err))); diff != "" {
				t.Errorf("errors mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestUserErrorPositions checks that line and column name the value at
// fault inside a query object and a step's arguments.
func TestUserErrorPositions(t *testing.T) {
	src := "{\n" +
		"  \"html\": \"<p>\",\n" +
		"  \"steps\": [{\"click\": {\"role\": \"button\", \"name\": \"x\", \"level\": 2}},\n" +
		"    {\"type\": \"a{b\", \"target\": {\"lable\": \"Email\"}},\n" +
		"    {\"upload\": [{\"name\": \"a\"}, {\"name\": \"\"}], \"target\": \"#p\"},\n" +
		"    {\"keyboard\": \"\\u00e9{x\"}, {\"keyboard\": \"é[KeyA\"}]\n" +
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
		`pos.json:3:64: steps[0].click.level: Level does not apply: no element of role "button" has aria-level; it is a state of comment, heading, listitem, row, treeitem`,
		// At the very character, as for selectors.
		`pos.json:4:16: steps[1].type: malformed key sequence "a{b": "{" at position 1 is not closed by "}" (write {{ for the character)`,
		`pos.json:4:32: steps[1].target: unknown query "lable"; did you mean "label"?`,
		`pos.json:5:41: steps[2].upload[1].name: empty file name`,
		// An escape throws the count off: at the string.
		`pos.json:6:18: steps[3].keyboard: malformed key sequence "é{x": "{" at position 1 is not closed by "}" (write {{ for the character)`,
		// Characters, not bytes, before it.
		`pos.json:6:46: steps[4].keyboard: malformed key sequence "é[KeyA": "[" at position 1 is not closed by "]" (write [[ for the character)`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

// userOp is what a test compares of a decoded user-level step.
type userOp struct {
	Kind, Arg, Target string
	Query             bool
	Values            []string
	Files             []vdom.File
	SkipClick, Shift  bool
	Selection         *userevent.Selection
}

func TestDecodeUserSteps(t *testing.T) {
	s, err := parseUser(t, `"steps": [
		{"click": {"role": "button", "name": "sign", "match": "substring", "disabled": false}},
		{"dblclick": "#go"},
		{"hover": {"text": "Sign in", "selector": "button"}},
		{"unhover": {"title": "status line"}},
		{"type": "ada{Enter}", "target": {"label": "Email"}, "skipClick": true, "selection": {"start": 1, "end": 2}},
		{"clear": {"placeholder": "^you@", "match": "regexp"}},
		{"select": "Français", "target": {"role": "combobox", "name": "Language"}},
		{"deselect": ["a", "b"], "target": {"label": "Tags"}},
		"tab",
		{"tab": true, "shift": true},
		{"keyboard": "{Shift>}a{/Shift}"},
		{"paste": "hello"},
		{"upload": [{"name": "a.png", "type": "image/png", "content": "PNG"}, {"name": "b.png"}], "target": {"testId": "photo", "attribute": "id"}},
		{"expect": {"target": {"role": "heading", "level": 1, "name": "Sign in"}, "present": true}},
		{"dispatch": "click", "target": {"displayValue": "English"}},
		{"trigger": "x", "element": {"altText": "logo"}, "unit": "u"}
	], "units": [{"name": "u", "element": "#app"}]`)
	if err != nil {
		t.Fatal(err)
	}
	var got []userOp
	for _, o := range s.steps {
		t := o.target
		switch {
		case o.kind == "expect":
			t = o.expect.target
		case o.kind == "trigger":
			t = o.element
		}
		got = append(got, userOp{Kind: o.kind, Arg: o.arg, Target: t.text, Query: t.q != nil, Values: o.values, Files: o.files, SkipClick: o.skipClick, Shift: o.shift, Selection: o.selection})
	}
	want := []userOp{
		{Kind: "click", Target: `role "button" with name containing "sign" (enabled)`, Query: true},
		{Kind: "dblclick", Target: "#go"},
		{Kind: "hover", Target: `text "Sign in" in elements matching "button"`, Query: true},
		{Kind: "unhover", Target: `title "status line"`, Query: true},
		{Kind: "type", Arg: "ada{Enter}", Target: `label text "Email"`, Query: true, SkipClick: true, Selection: &userevent.Selection{Start: 1, End: 2}},
		{Kind: "clear", Target: `placeholder text matching /^you@/`, Query: true},
		{Kind: "select", Target: `role "combobox" with name "Language"`, Query: true, Values: []string{"Français"}},
		{Kind: "deselect", Target: `label text "Tags"`, Query: true, Values: []string{"a", "b"}},
		{Kind: "tab"},
		{Kind: "tab", Shift: true},
		{Kind: "keyboard", Arg: "{Shift>}a{/Shift}"},
		{Kind: "paste", Arg: "hello"},
		{Kind: "upload", Target: `test id "photo" (attribute id)`, Query: true, Files: []vdom.File{
			{Name: "a.png", Type: "image/png", Content: []byte("PNG")}, {Name: "b.png"},
		}},
		{Kind: "expect", Target: `role "heading" with name "Sign in" (level 1)`, Query: true},
		{Kind: "dispatch", Arg: "click", Target: `display value "English"`, Query: true},
		{Kind: "trigger", Arg: "x", Target: `alt text "logo"`, Query: true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("decoded steps (-want +got):\n%s", diff)
	}
}
