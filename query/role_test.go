package query_test

import (
	"errors"
	"testing"

	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

func TestByRole(t *testing.T) {
	runCases(t, []queryCase{
		{"implicit and explicit roles", `<button id=a>A</button><div id=b role=button>B</div><input id=c type=submit><a id=d>no href</a>`,
			query.ByRole("button"), []string{"#a", "#b", "#c"}},
		{"no superclass roles: a searchbox is not a textbox", `<input id=t><input id=s type=search>`,
			query.ByRole("textbox"), []string{"#t"}},
		{"the first valid token gives the role", `<div id=a role="bogus button">x</div><div id=b role="switch button">y</div>`,
			query.ByRole("button"), []string{"#a"}},
		{"QueryFallbacks matches any token", `<div id=a role="bogus button">x</div><div id=b role="switch button">y</div>`,
			query.ByRole("button", query.QueryFallbacks()), []string{"#a", "#b"}},
		{"hidden elements are left out", `<button id=a>A</button><button id=b hidden>B</button><div aria-hidden=true><button id=c>C</button></div><button id=d style="display: none">D</button>`,
			query.ByRole("button"), []string{"#a"}},
		{"IncludeHidden", `<button id=a>A</button><button id=b hidden>B</button><div aria-hidden=true><button id=c>C</button></div>`,
			query.ByRole("button", query.IncludeHidden()), []string{"#a", "#b", "#c"}},
		{"template contents are not in the page", `<template><button>T</button></template><button id=a>A</button>`,
			query.ByRole("button", query.IncludeHidden()), []string{"#a"}},
		{"name exact", `<button id=a>Save</button><button id=b>Save all</button>`,
			query.ByRole("button", query.Name("Save")), []string{"#a"}},
		{"name from label", `<label for=e>E-mail</label><input id=e>`,
			query.ByRole("textbox", query.Name("E-mail")), []string{"#e"}},
		{"name substring", `<button id=a>Save</button><button id=b>Save all</button><button id=c>Load</button>`,
			query.ByRole("button", query.Name("SAVE", query.Substring)), []string{"#a", "#b"}},
		{"name regexp", `<button id=a>Item 1</button><button id=b>Item 22</button>`,
			query.ByRole("button", query.Name(`\d\d`, query.Regexp)), []string{"#b"}},
		{"name func", `<button id=a>Yes</button><button id=b>No</button>`,
			query.ByRole("button", query.NameFunc("short", func(name string, el *vdom.Node) bool { return len(name) == 2 })), []string{"#b"}},
		{"description", `<button id=a aria-describedby=h>Go</button><p id=h>Starts the job</p><button id=b>Go</button>`,
			query.ByRole("button", query.Description("Starts the job")), []string{"#a"}},
		{"description func", `<button id=a title="Help">Go</button><button id=b>Go</button>`,
			query.ByRole("button", query.DescriptionFunc("non-empty", func(d string, _ *vdom.Node) bool { return d != "" })), []string{"#a"}},
		{"Selector narrows the elements of the role", `<form id=login><button id=a>Go</button></form><form id=signup><button id=b>Go</button><div id=c role=button>Go</div></form>`,
			query.ByRole("button", query.Name("Go"), query.Selector("#signup button")), []string{"#b"}},
		{"Selector that matches elements of another role", `<p id=p>x</p><button id=a>A</button>`,
			query.ByRole("button", query.Selector("p, #a")), []string{"#a"}},
		{"level", `<h1 id=a>A</h1><h2 id=b>B</h2><div id=c role=heading aria-level=2>C</div>`,
			query.ByRole("heading", query.Level(2)), []string{"#b", "#c"}},
		{"list item level is its nesting depth", `<ul><li id=a>A<ul><li id=b>B</li></ul></li></ul><div role=list><div role=listitem id=c aria-level=2>C</div></div>`,
			query.ByRole("listitem", query.Level(2)), []string{"#b", "#c"}},
		{"checked", `<input id=a type=checkbox checked><input id=b type=checkbox><div id=c role=checkbox aria-checked=true></div>`,
			query.ByRole("checkbox", query.Checked(true)), []string{"#a", "#c"}},
		{"not checked", `<input id=a type=checkbox checked><input id=b type=checkbox><div id=c role=checkbox aria-checked=mixed></div>`,
			query.ByRole("checkbox", query.Checked(false)), []string{"#b"}},
		{"mixed", `<input id=a type=checkbox><div id=c role=checkbox aria-checked=mixed></div>`,
			query.ByRole("checkbox", query.Mixed()), []string{"#c"}},
		{"pressed", `<button id=a aria-pressed=true>B</button><button id=b aria-pressed=false>I</button><button id=c>U</button>`,
			query.ByRole("button", query.Pressed(false)), []string{"#b"}},
		{"selected option", `<select><option id=a>A</option><option id=b selected>B</option></select>`,
			query.ByRole("option", query.Selected(true)), []string{"#b"}},
		{"selected tab", `<div role=tablist><div id=a role=tab aria-selected=true>A</div><div id=b role=tab aria-selected=false>B</div></div>`,
			query.ByRole("tab", query.Selected(false)), []string{"#b"}},
		{"expanded", `<button id=a aria-expanded=true>A</button><button id=b aria-expanded=false>B</button><button id=c>C</button>`,
			query.ByRole("button", query.Expanded(true)), []string{"#a"}},
		{"collapsed", `<button id=a aria-expanded=true>A</button><button id=b aria-expanded=false>B</button><button id=c>C</button>`,
			query.ByRole("button", query.Expanded(false)), []string{"#b"}},
		{"current page", `<nav><a id=a href=/ aria-current=page>Home</a><a id=b href=/x>X</a><a id=c href=/y aria-current=false>Y</a></nav>`,
			query.ByRole("link", query.Current("page")), []string{"#a"}},
		{"not current", `<nav><a id=a href=/ aria-current=page>Home</a><a id=b href=/x>X</a><a id=c href=/y aria-current=false>Y</a></nav>`,
			query.ByRole("link", query.Current("")), []string{"#b", "#c"}},
		{"disabled", `<button id=a disabled>A</button><fieldset disabled><button id=b>B</button></fieldset><button id=c>C</button><div id=d role=button aria-disabled=true>D</div>`,
			query.ByRole("button", query.Disabled(true)), []string{"#a", "#b", "#d"}},
		{"enabled", `<button id=a disabled>A</button><button id=c>C</button>`,
			query.ByRole("button", query.Disabled(false)), []string{"#c"}},
		{"every filter must hold", `<input id=a type=checkbox checked aria-label=Yes><input id=b type=checkbox checked aria-label=No><input id=c type=checkbox aria-label=Yes>`,
			query.ByRole("checkbox", query.Checked(true), query.Name("Yes")), []string{"#a"}},
		{"any case", `<button id=a>A</button><div id=b role=BUTTON>B</div>`,
			query.ByRole("Button"), []string{"#a", "#b"}},
		{"synonyms", `<img id=a alt="" src=x><div id=b role=presentation>B</div><div id=c role=none>C</div>`,
			query.ByRole("presentation", query.IncludeHidden()), []string{"#a", "#b", "#c"}},
		{"fallback tokens by synonym", `<div id=a role="switch image">x</div>`,
			query.ByRole("img", query.QueryFallbacks()), []string{"#a"}},
		{"a role not in the fast table", `<div id=a role=tooltip>t</div><span id=b>s</span>`,
			query.ByRole("tooltip"), []string{"#a"}},
		{"generic", `<div id=a>t</div><span id=b>s</span><p id=c>p</p>`,
			query.ByRole("generic"), []string{"body", "#a", "#b"}},
	})
}

func TestByRoleLiveState(t *testing.T) {
	doc := parse(t, `<input id=a type=checkbox aria-label=A><input id=b type=checkbox checked aria-label=B>`)
	doc.GetElementByID("a").SetChecked(true)
	doc.GetElementByID("b").SetChecked(false)
	got, err := query.ByRole("checkbox", query.Checked(true)).QueryAll(&doc.Node)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"#a"}, names(got)); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

func TestByRoleBadQueries(t *testing.T) {
	doc := parse(t, `<button>A</button>`)
	for _, tc := range []struct {
		name string
		q    query.Query
		want string
	}{
		{"state the role lacks", query.ByRole("button", query.Checked(true)),
			`query: ByRole("button"): invalid query: Checked does not apply: no element of role "button" has aria-checked; it is a state of checkbox, menuitemcheckbox, menuitemradio, option, radio, switch, treeitem`},
		{"level on a button", query.ByRole("button", query.Level(1)),
			`query: ByRole("button"): invalid query: Level does not apply: no element of role "button" has aria-level; it is a state of comment, heading, listitem, row, treeitem`},
		{"level 0", query.ByRole("heading", query.Level(0)),
			`query: ByRole("heading"): invalid query: Level(0): levels start at 1`},
		{"checked twice", query.ByRole("checkbox", query.Checked(true), query.Mixed()),
			`query: ByRole("checkbox"): invalid query: the checked state is given twice (Checked or Mixed)`},
		{"name twice", query.ByRole("button", query.Name("a"), query.NameFunc("f", func(string, *vdom.Node) bool { return true })),
			`query: ByRole("button"): invalid query: option Name is given twice`},
		{"bad pattern", query.ByRole("button", query.Name("(", query.Regexp)),
			"query: ByRole(\"button\") Name: invalid query: pattern \"(\" is not a valid regular expression: error parsing regexp: missing closing ): `(`"},
		{"two modes", query.ByRole("button", query.Name("a", query.Regexp, query.Substring)),
			`query: ByRole("button") Name "a": invalid query: two match modes, Regexp and Substring; pass one`},
		{"nil func", query.ByRole("button", query.NameFunc("f", nil)),
			`query: NameFunc "f": invalid query: the function is nil`},
		{"empty role", query.ByRole(""), `query: ByRole(""): invalid query: the role is empty`},
		{"not a role", query.ByRole("buton"), `query: ByRole("buton"): invalid query: "buton" is not a concrete ARIA role, so no element ever has it; did you mean "button"?`},
		{"abstract role", query.ByRole("landmark"), `query: ByRole("landmark"): invalid query: "landmark" is not a concrete ARIA role, so no element ever has it`},
		{"two tokens", query.ByRole("switch button"),
			`query: ByRole("switch button"): invalid query: a role is one token; QueryFallbacks matches any token of a role attribute`},
		{"nil option", query.ByRole("button", nil), `query: ByRole("button"): invalid query: option 1 is nil`},
		{"bad selector", query.ByRole("button", query.Selector("p[")),
			`query: ByRole("button"): invalid query: selector: invalid selector "p[" at offset 2: expected attribute name, found end of input`},
		{"empty selector", query.ByRole("button", query.Selector("")),
			`query: ByRole("button"): invalid query: Selector("") selects nothing; leave the option out to look at every element`},
		{"selector twice", query.ByRole("button", query.Selector("p"), query.Selector("b")),
			`query: ByRole("button"): invalid query: option Selector is given twice`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for form, run := range forms(tc.q) {
				err := run(&doc.Node)
				if !errors.Is(err, query.ErrBadQuery) {
					t.Fatalf("%s: err = %v, want ErrBadQuery", form, err)
				}
				if diff := cmp.Diff(tc.want, err.Error()); diff != "" {
					t.Errorf("%s: mismatch (-want +got):\n%s", form, diff)
				}
			}
		})
	}
}

// forms runs a query in its four forms, keeping only the error.
func forms(q query.Query) map[string]func(root *vdom.Node) error {
	return map[string]func(*vdom.Node) error{
		"Get":      func(r *vdom.Node) error { _, err := q.Get(r); return err },
		"Query":    func(r *vdom.Node) error { _, err := q.Query(r); return err },
		"All":      func(r *vdom.Node) error { _, err := q.All(r); return err },
		"QueryAll": func(r *vdom.Node) error { _, err := q.QueryAll(r); return err },
	}
}

func TestByRoleString(t *testing.T) {
	for _, tc := range []struct {
		q    query.Query
		want string
	}{
		{query.ByRole("button"), `role "button"`},
		{query.ByRole("button", query.Name("Save")), `role "button" with name "Save"`},
		{query.ByRole("button", query.Name("sa", query.Substring), query.Description("d", query.Regexp)),
			`role "button" with name containing "sa" and description matching /d/`},
		{query.ByRole("button", query.NameFunc("isSave", func(string, *vdom.Node) bool { return true })),
			`role "button" with name satisfying isSave`},
		{query.ByRole("link", query.Description("x")), `role "link" with description "x"`},
		{query.ByRole("heading", query.Level(2), query.IncludeHidden()), `role "heading" (level 2, hidden ones included)`},
		{query.ByRole("checkbox", query.Mixed(), query.Disabled(false)), `role "checkbox" (mixed, enabled)`},
		{query.ByRole("checkbox", query.Checked(false), query.Expanded(false)), `role "checkbox" (not checked, collapsed)`},
		{query.ByRole("button", query.Pressed(true), query.Expanded(true), query.Disabled(true)), `role "button" (pressed, expanded, disabled)`},
		{query.ByRole("option", query.Selected(false), query.Current("")), `role "option" (not selected, not current)`},
		{query.ByRole("link", query.Current("page"), query.QueryFallbacks()), `role "link" (current "page", fallback roles included)`},
		{query.ByRole("button", query.Name("Go"), query.Selector("#signup button")), `role "button" with name "Go" (matching "#signup button")`},
	} {
		if diff := cmp.Diff(tc.want, tc.q.String()); diff != "" {
			t.Errorf("mismatch (-want +got):\n%s", diff)
		}
	}
}

func TestByRoleNamesOnlyForRoleMatches(t *testing.T) {
	doc := parse(t, `<button id=a>A</button><a href=/ id=l>L</a><input id=t aria-label=T>`)
	var seen []string
	q := query.ByRole("link", query.NameFunc("recorder", func(name string, el *vdom.Node) bool {
		seen = append(seen, el.ID())
		return true
	}))
	if _, err := q.Get(&doc.Node); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"l"}, seen); diff != "" {
		t.Errorf("names computed for (-want +got):\n%s", diff)
	}
}
