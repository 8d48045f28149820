package query_test

import (
	"errors"
	"testing"

	"github.com/eventperk/eventperk-go/query"
	"github.com/google/go-cmp/cmp"
)

// The state options that a11y.State's busy, required, invalid, read-only,
// popup, focus and range value answer (docs/a11y.md says how each is
// computed; the recorded page states-widgets checks them against
// Chromium).
func TestByRoleMoreStates(t *testing.T) {
	runCases(t, []queryCase{
		{"busy", `<ul id=a role=list aria-busy=true><li>x</li></ul><ul id=b aria-busy=false><li>y</li></ul><ul id=c><li>z</li></ul>`,
			query.ByRole("list", query.Busy(true)), []string{"#a"}},
		{"not busy", `<ul id=a aria-busy=true><li>x</li></ul><ul id=b aria-busy=false><li>y</li></ul>`,
			query.ByRole("list", query.Busy(false)), []string{"#b"}},
		{"required", `<input id=a required><input id=b aria-required=true><input id=c><div id=d role=textbox aria-required=true></div>`,
			query.ByRole("textbox", query.Required(true)), []string{"#a", "#b", "#d"}},
		{"required checkbox, which Chromium's DevTools do not report", `<input id=a type=checkbox required><input id=b type=checkbox>`,
			query.ByRole("checkbox", query.Required(true)), []string{"#a"}},
		{"optional", `<input id=a required><input id=b>`,
			query.ByRole("textbox", query.Required(false)), []string{"#b"}},
		{"invalid", `<input id=a aria-invalid=true><input id=b type=email value=nope><input id=c type=email value=a@b.c><input id=d required><input id=e type=email value=nope aria-invalid=false>`,
			query.ByRole("textbox", query.Invalid(true)), []string{"#a", "#b"}},
		{"valid", `<input id=a aria-invalid=true><input id=d required>`,
			query.ByRole("textbox", query.Invalid(false)), []string{"#d"}},
		{"read-only", `<input id=a readonly><textarea id=b readonly></textarea><input id=c><div id=d role=textbox aria-readonly=true></div>`,
			query.ByRole("textbox", query.ReadOnly(true)), []string{"#a", "#b", "#d"}},
		{"read-only grid cells", `<div role=grid aria-readonly=true><div role=row><div id=a role=gridcell>x</div></div></div><div role=grid><div role=row><div id=b role=gridcell>y</div></div></div>`,
			query.ByRole("gridcell", query.ReadOnly(true)), []string{"#a"}},
		{"popup menu", `<button id=a aria-haspopup=true>A</button><button id=b aria-haspopup=menu>B</button><button id=c aria-haspopup=dialog>C</button><button id=d>D</button>`,
			query.ByRole("button", query.HasPopup("menu")), []string{"#a", "#b"}},
		{"popup true is a menu", `<button id=a aria-haspopup=true>A</button><button id=c aria-haspopup=dialog>C</button>`,
			query.ByRole("button", query.HasPopup("true")), []string{"#a"}},
		{"no popup", `<button id=a aria-haspopup=true>A</button><button id=d aria-haspopup=bogus>D</button><button id=e>E</button>`,
			query.ByRole("button", query.HasPopup("")), []string{"#d", "#e"}},
		{"comboboxes open a listbox, a drop-down select a menu", `<input id=a list=l><datalist id=l><option>x</option></datalist><select id=b><option>y</option></select><div id=c role=combobox></div>`,
			query.ByRole("combobox", query.HasPopup("listbox")), []string{"#a", "#c"}},
		{"focusable", `<div id=a role=button tabindex=0>A</div><div id=b role=button>B</div><button id=c disabled>C</button><button id=d>D</button>`,
			query.ByRole("button", query.Focusable(true)), []string{"#a", "#d"}},
		{"not focusable", `<div id=a role=button tabindex=0>A</div><div id=b role=button>B</div><button id=c disabled>C</button>`,
			query.ByRole("button", query.Focusable(false)), []string{"#b", "#c"}},
		{"value now", `<input id=a type=range value=30><div id=b role=slider aria-valuenow=30></div><div id=c role=slider aria-valuenow=31></div>`,
			query.ByRole("slider", query.ValueNow(30)), []string{"#a", "#b"}},
		{"a slider without a value is at the middle", `<div id=a role=slider aria-valuemin=0 aria-valuemax=10></div><div id=b role=slider aria-valuenow=1></div>`,
			query.ByRole("slider", query.ValueNow(5)), []string{"#a"}},
		{"value min and max", `<progress id=a value=3 max=10></progress><progress id=b value=3></progress><div id=c role=progressbar aria-valuenow=3 aria-valuemax=10></div>`,
			query.ByRole("progressbar", query.ValueMin(0), query.ValueMax(10)), []string{"#a", "#c"}},
		{"no value now for an indeterminate progress bar", `<progress id=a></progress><progress id=b value=0></progress>`,
			query.ByRole("progressbar", query.ValueNow(0)), []string{"#b"}},
		{"value text", `<div id=a role=slider aria-valuenow=5 aria-valuetext="five stars"></div><div id=b role=slider aria-valuenow=5></div>`,
			query.ByRole("slider", query.ValueText("five", query.Substring)), []string{"#a"}},
		{"the text of a number field", `<input id=a type=number value=7><input id=b type=number>`,
			query.ByRole("spinbutton", query.ValueText("7")), []string{"#a"}},
	})
}

// TestByRoleInvalidFollowsValue: Invalid reads the value as it stands, so
// what a test types changes it.
func TestByRoleInvalidFollowsValue(t *testing.T) {
	doc := parse(t, `<input id=a type=email value="nope">`)
	q := query.ByRole("textbox", query.Invalid(true))
	if _, err := q.Get(&doc.Node); err != nil {
		t.Fatalf("before: %v", err)
	}
	if err := doc.GetElementByID("a").SetValue("a@example.com"); err != nil {
		t.Fatal(err)
	}
	if _, err := q.Get(&doc.Node); !errors.Is(err, query.ErrNotFound) {
		t.Fatalf("after a valid address: err = %v, want ErrNotFound", err)
	}
}

func TestByRoleMoreStatesBadQueries(t *testing.T) {
	doc := parse(t, `<button>A</button>`)
	for _, tc := range []struct {
		name string
		q    query.Query
		want string
	}{
		{"value on a button", query.ByRole("button", query.ValueNow(1)),
			`query: ByRole("button"): invalid query: ValueNow does not apply: no element of role "button" has aria-valuenow; it is a state of meter, progressbar, scrollbar, separator, slider, spinbutton`},
		{"value text on a link", query.ByRole("link", query.ValueText("x")),
			`query: ByRole("link"): invalid query: ValueText does not apply: no element of role "link" has aria-valuenow; it is a state of meter, progressbar, scrollbar, separator, slider, spinbutton`},
		{"unknown popup", query.ByRole("button", query.HasPopup("popover")),
			`query: ByRole("button"): invalid query: HasPopup("popover"): not a kind of popup; want menu, listbox, tree, grid, dialog or ""`},
		{"busy twice", query.ByRole("button", query.Busy(true), query.Busy(false)),
			`query: ByRole("button"): invalid query: option Busy is given twice`},
		{"bad value text pattern", query.ByRole("slider", query.ValueText("(", query.Regexp)),
			"query: ByRole(\"slider\") ValueText: invalid query: pattern \"(\" is not a valid regular expression: error parsing regexp: missing closing ): `(`"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.q.QueryAll(&doc.Node)
			if !errors.Is(err, query.ErrBadQuery) {
				t.Fatalf("err = %v, want ErrBadQuery", err)
			}
			if diff := cmp.Diff(tc.want, err.Error()); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestByRoleMoreStatesString(t *testing.T) {
	for _, tc := range []struct {
		q    query.Query
		want string
	}{
		{query.ByRole("textbox", query.Required(true), query.Invalid(false), query.ReadOnly(false)),
			`role "textbox" (required, valid, not read-only)`},
		{query.ByRole("button", query.Busy(true), query.HasPopup("dialog"), query.Focusable(false)),
			`role "button" (busy, opening a dialog, not focusable)`},
		{query.ByRole("button", query.HasPopup("")), `role "button" (opening no popup)`},
		{query.ByRole("slider", query.ValueNow(5), query.ValueMin(0), query.ValueMax(10), query.ValueText("five")),
			`role "slider" (value now 5, value min 0, value max 10, value text "five")`},
	} {
		if diff := cmp.Diff(tc.want, tc.q.String()); diff != "" {
			t.Errorf("mismatch (-want +got):\n%s", diff)
		}
	}
}
