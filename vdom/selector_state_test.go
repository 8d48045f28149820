package vdom_test

import (
	"fmt"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// byID returns the element with the id, failing the test when absent.
func stateByID(t testing.TB, d *vdom.Document, id string) *vdom.Node {
	t.Helper()
	n := d.GetElementByID(id)
	if n == nil {
		t.Fatalf("no element with id %q", id)
	}
	return n
}

func TestSelectorLiveState(t *testing.T) {
	tests := []struct {
		name   string
		body   string
		change func(t *testing.T, d *vdom.Document)
		sel    string
		want   []string
	}{
		{
			name: "checked follows SetChecked, not the attribute",
			body: `<input id="a" type="checkbox" checked><input id="b" type="checkbox">`,
			change: func(t *testing.T, d *vdom.Document) {
				stateByID(t, d, "a").SetChecked(false)
				stateByID(t, d, "b").SetChecked(true)
			},
			sel:  ":checked",
			want: []string{"b"},
		},
		{
			name: "checked radio unchecks its group",
			body: `<input id="r1" type="radio" name="g" checked><input id="r2" type="radio" name="g">`,
			change: func(t *testing.T, d *vdom.Document) {
				stateByID(t, d, "r2").SetChecked(true)
			},
			sel:  "input:checked",
			want: []string{"r2"},
		},
		{
			name: "a select selects its first option without a selected attribute",
			body: `<select id="s"><option id="o1">a</option><option id="o2">b</option></select>`,
			sel:  "option:checked",
			want: []string{"o1"},
		},
		{
			name: "checked option after SetSelectedIndex",
			body: `<select id="s"><option id="o1">a</option><option id="o2">b</option></select>`,
			change: func(t *testing.T, d *vdom.Document) {
				stateByID(t, d, "s").SetSelectedIndex(1)
			},
			sel:  ":checked",
			want: []string{"o2"},
		},
		{
			name: "default is the attribute while checked moves",
			body: `<input id="a" type="checkbox" checked><select><option id="o1">a</option><option id="o2" selected>b</option></select>`,
			change: func(t *testing.T, d *vdom.Document) {
				stateByID(t, d, "a").SetChecked(false)
				stateByID(t, d, "o1").SetSelected(true)
			},
			sel:  ":default",
			want: []string{"a", "o2"},
		},
		{
			name: "default button is the first submit button of its form",
			body: `<form id="f"><button id="b0" type="button">x</button><input id="i1" type="image"><button id="b1">y</button></form>` +
				`<form id="g"></form><button id="b2" form="g">z</button>`,
			sel:  "button:default, input:default",
			want: []string{"i1", "b2"},
		},
		{
			name: "indeterminate checkbox, unchecked radio group, progress without value",
			body: `<input id="c" type="checkbox"><input id="r1" type="radio" name="g"><input id="r2" type="radio" name="g">` +
				`<input id="r3" type="radio" name="h"><progress id="p1"></progress><progress id="p2" value="1"></progress>`,
			change: func(t *testing.T, d *vdom.Document) {
				stateByID(t, d, "c").SetIndeterminate(true)
				stateByID(t, d, "r3").SetChecked(true)
			},
			sel:  ":indeterminate",
			want: []string{"c", "r1", "r2", "p1"},
		},
		{
			name: "disabled fieldset except its first legend",
			body: `<fieldset id="fs"><legend><input id="in-legend"></legend><input id="inside"></fieldset><input id="out">`,
			change: func(t *testing.T, d *vdom.Document) {
				stateByID(t, d, "fs").SetDisabled(true)
			},
			sel:  ":disabled",
			want: []string{"fs", "inside"},
		},
		{
			name: "enabled",
			body: `<fieldset id="fs" disabled><input id="a"></fieldset><select id="s"><optgroup id="og" disabled><option id="o1">x</option></optgroup><option id="o2">y</option></select><div id="d"></div>`,
			sel:  ":enabled",
			want: []string{"s", "o2"},
		},
		{
			name: "required and optional",
			body: `<input id="a" required><input id="b" type="range" required><input id="c"><textarea id="t" required></textarea>`,
			sel:  ":required",
			want: []string{"a", "t"},
		},
		{
			name: "invalid follows the value",
			body: `<form id="f"><input id="a" required><input id="b" required value="x"><input id="e" type="email"></form>`,
			change: func(t *testing.T, d *vdom.Document) {
				if err := stateByID(t, d, "a").SetValue("filled"); err != nil {
					t.Fatal(err)
				}
				if err := stateByID(t, d, "b").SetValue(""); err != nil {
					t.Fatal(err)
				}
				if err := stateByID(t, d, "e").SetValue("not an email"); err != nil {
					t.Fatal(err)
				}
			},
			sel:  ":invalid",
			want: []string{"f", "b", "e"},
		},
		{
			name: "valid forms and fieldsets, barred controls match neither",
			body: `<form id="f"><fieldset id="fs"><input id="a" required value="x"></fieldset><input id="h" type="hidden"><input id="ro" readonly required></form>` +
				`<form id="g"><input id="z" required></form>`,
			sel:  ":valid",
			want: []string{"f", "fs", "a"},
		},
		{
			name: "a form owns the controls naming it, not those naming another",
			body: `<form id="g"></form><form><input id="a" required form="g"></form><form id="h"><input id="b" required form="nothing"></form>`,
			sel:  "form:invalid, form:valid",
			want: []string{"g", "", "h"},
		},
		{
			name: "custom validity makes a control invalid",
			body: `<form id="f"><input id="a"></form>`,
			change: func(t *testing.T, d *vdom.Document) {
				stateByID(t, d, "a").SetCustomValidity("no")
			},
			sel:  ":invalid",
			want: []string{"f", "a"},
		},
		{
			name: "in-range and out-of-range follow the value",
			body: `<input id="n" type="number" min="1" max="5" value="3"><input id="m" type="number" value="9"><input id="d" type="date" max="2020-01-01"><input id="r" type="range">`,
			change: func(t *testing.T, d *vdom.Document) {
				if err := stateByID(t, d, "n").SetValue("7"); err != nil {
					t.Fatal(err)
				}
				if err := stateByID(t, d, "d").SetValue("2021-05-05"); err != nil {
					t.Fatal(err)
				}
			},
			sel:  ":out-of-range",
			want: []string{"n", "d"},
		},
		{
			name: "in-range: a number needs range limitations, an empty value does not, as Chromium",
			body: `<input id="n" type="number" min="1" value="3"><input id="m" type="number" value="9"><input id="r" type="range"><input id="t" type="text" min="1"><input id="ro" type="number" readonly><input id="e" type="date">`,
			sel:  ":in-range",
			want: []string{"n", "r", "e"},
		},
		{
			name: "read-write text fields and contenteditable",
			body: `<input id="a"><input id="b" readonly><input id="c" type="checkbox"><textarea id="t"></textarea><input id="dis" disabled>` +
				`<div id="ce" contenteditable="true"><p id="p">x</p></div>`,
			change: func(t *testing.T, d *vdom.Document) {
				stateByID(t, d, "t").SetReadOnly(true)
			},
			sel:  ":read-write",
			want: []string{"a", "ce", "p"},
		},
		{
			name: "read-only",
			body: `<div id="d"><input id="a"><input id="b" readonly><input id="c" type="checkbox"></div>`,
			sel:  "#d :read-only",
			want: []string{"b", "c"},
		},
		{
			name: "placeholder-shown until a value is set, also when empty",
			body: `<input id="a" placeholder="name"><input id="b" placeholder="name"><input id="c" placeholder=""><textarea id="t" placeholder="msg"></textarea><input id="x" type="checkbox" placeholder="p">`,
			change: func(t *testing.T, d *vdom.Document) {
				if err := stateByID(t, d, "b").SetValue("me"); err != nil {
					t.Fatal(err)
				}
			},
			sel:  ":placeholder-shown",
			want: []string{"a", "c", "t"},
		},
		{
			name: "links",
			body: `<a id="a" href="/x">x</a><a id="b">y</a><map><area id="c" href="/z"></map><link id="l" href="/s">`,
			sel:  ":any-link, :link",
			want: []string{"a", "c"},
		},
		{
			name: "combinations: :has, :not, descendant",
			body: `<form id="f1"><input id="a" type="checkbox"></form><form id="f2"><input id="b" type="checkbox"></form>`,
			change: func(t *testing.T, d *vdom.Document) {
				stateByID(t, d, "b").SetChecked(true)
			},
			sel:  "form:has(:checked), form:not(:has(:checked)) input:not(:checked)",
			want: []string{"a", "f2"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := formDoc(t, tt.body)
			if tt.change != nil {
				tt.change(t, d)
			}
			got, err := d.QuerySelectorAll(tt.sel)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, ids(got)); diff != "" {
				t.Errorf("QuerySelectorAll(%q) mismatch (-want +got):\n%s", tt.sel, diff)
			}
			// The other entry points agree.
			var matched []string
			for n := range d.Descendants() {
				ok, err := n.Matches(tt.sel)
				if err != nil {
					t.Fatal(err)
				}
				if ok {
					matched = append(matched, n.ID())
				}
			}
			if matched == nil {
				matched = []string{}
			}
			if diff := cmp.Diff(tt.want, matched); diff != "" {
				t.Errorf("Matches(%q) over every element mismatch (-want +got):\n%s", tt.sel, diff)
			}
			first, err := d.QuerySelector(tt.sel)
			if err != nil {
				t.Fatal(err)
			}
			if len(tt.want) == 0 && first != nil || len(tt.want) > 0 && (first == nil || first.ID() != tt.want[0]) {
				t.Errorf("QuerySelector(%q) = %v, want the first of %v", tt.sel, first, tt.want)
			}
			scoped, err := d.Body().QueryScoped(tt.sel, nil)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, ids(scoped)); diff != "" {
				t.Errorf("Body().QueryScoped(%q) mismatch (-want +got):\n%s", tt.sel, diff)
			}
			for _, id := range tt.want {
				if id == "" {
					continue // not reachable by id
				}
				c, err := stateByID(t, d, id).Closest(tt.sel)
				if err != nil {
					t.Fatal(err)
				}
				if c == nil || c.ID() != id {
					t.Errorf("Closest(%q) on #%s = %v, want itself", tt.sel, id, c)
				}
			}
		})
	}
}

// TestSelectorLiveStateAfterChange checks that a query sees a change made
// between two queries of the same selector, which is compiled once.
func TestSelectorLiveStateAfterChange(t *testing.T) {
	d := formDoc(t, `<input id="a" type="checkbox"><input id="b" required>`)
	query := func() []string {
		t.Helper()
		got, err := d.QuerySelectorAll("input:checked, input:invalid")
		if err != nil {
			t.Fatal(err)
		}
		return ids(got)
	}
	if diff := cmp.Diff([]string{"b"}, query()); diff != "" {
		t.Errorf("before mismatch (-want +got):\n%s", diff)
	}
	stateByID(t, d, "a").SetChecked(true)
	if err := stateByID(t, d, "b").SetValue("x"); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"a"}, query()); diff != "" {
		t.Errorf("after mismatch (-want +got):\n%s", diff)
	}
}

func ExampleNode_QuerySelectorAll_checked() {
	d := vdom.ParseString(`<form>
<input type="checkbox" id="news" checked>
<input type="checkbox" id="terms">
</form>`)
	d.GetElementByID("news").SetChecked(false)
	d.GetElementByID("terms").SetChecked(true)
	checked, _ := d.QuerySelectorAll("input:checked")
	for _, n := range checked {
		fmt.Println(n.ID())
	}
	// The attribute has not moved, as in a browser.
	attr, _ := d.QuerySelectorAll("input[checked]")
	fmt.Println(attr[0].ID())
	// Output:
	// terms
	// news
}

func TestSelectorFocus(t *testing.T) {
	const body = `<form id="f"><div id="d"><button id="b">go</button><input id="t"></div></form><p id="p">x</p>`
	mousedown := func(t *testing.T, d *vdom.Document, id string) {
		t.Helper()
		e := vdom.NewMouseEvent("mousedown", vdom.MouseEventInit{EventInit: vdom.EventInit{Bubbles: true, Cancelable: true}})
		if _, err := vdom.DispatchTrusted(stateByID(t, d, id), e); err != nil {
			t.Fatal(err)
		}
	}
	focus := func(id string, opts vdom.FocusOptions) func(t *testing.T, d *vdom.Document) {
		return func(t *testing.T, d *vdom.Document) {
			if err := stateByID(t, d, id).FocusWith(opts); err != nil {
				t.Fatal(err)
			}
		}
	}
	tests := []struct {
		name   string
		change func(t *testing.T, d *vdom.Document)
		sel    string
		want   []string
	}{
		{"nothing focused", nil, ":focus, body :focus-within, :focus-visible", []string{}},
		{"focus", focus("b", vdom.FocusOptions{}), ":focus", []string{"b"}},
		{"focus-within is the focused element and its ancestors", focus("b", vdom.FocusOptions{}), "body :focus-within", []string{"f", "d", "b"}},
		{"focus-within in combinators", focus("t", vdom.FocusOptions{}), "form:focus-within > div > :not(:focus)", []string{"b"}},
		{"has focus", focus("t", vdom.FocusOptions{}), "div:has(> :focus)", []string{"d"}},
		{"a program's focus shows", focus("b", vdom.FocusOptions{}), ":focus-visible", []string{"b"}},
		{"focus-visible option", focus("b", vdom.FocusOptions{FocusVisible: true}), ":focus-visible", []string{"b"}},
		{"a mouse focus on a button matches :focus only", func(t *testing.T, d *vdom.Document) { mousedown(t, d, "b") }, ":focus, :focus-visible", []string{"b"}},
		{"a mouse focus on a button is not visible", func(t *testing.T, d *vdom.Document) { mousedown(t, d, "b") }, ":focus-visible", []string{}},
		{"a mouse focus on a text field shows", func(t *testing.T, d *vdom.Document) { mousedown(t, d, "t") }, ":focus-visible", []string{"t"}},
		{"blur", func(t *testing.T, d *vdom.Document) {
			focus("t", vdom.FocusOptions{})(t, d)
			if err := stateByID(t, d, "t").Blur(); err != nil {
				t.Fatal(err)
			}
		}, ":focus, body :focus-within", []string{}},
		{"removing the focused element", func(t *testing.T, d *vdom.Document) {
			focus("t", vdom.FocusOptions{})(t, d)
			stateByID(t, d, "t").Remove()
		}, ":focus, body :focus-within", []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := formDoc(t, body)
			if tt.change != nil {
				tt.change(t, d)
			}
			got, err := d.QuerySelectorAll(tt.sel)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, ids(got)); diff != "" {
				t.Errorf("QuerySelectorAll(%q) mismatch (-want +got):\n%s", tt.sel, diff)
			}
			for _, id := range tt.want {
				ok, err := stateByID(t, d, id).Matches(tt.sel)
				if err != nil || !ok {
					t.Errorf("#%s.Matches(%q) = %v, %v; want true", id, tt.sel, ok, err)
				}
			}
		})
	}
}

// TestSelectorFocusAutofocus checks that a query with :focus reads the
// focus as the document would first give it: to the autofocus element.
func TestSelectorFocusAutofocus(t *testing.T) {
	d := formDoc(t, `<input id="a"><input id="b" autofocus>`)
	got, err := d.QuerySelectorAll("input:focus")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"b"}, ids(got)); diff != "" {
		t.Errorf("QuerySelectorAll(input:focus) mismatch (-want +got):\n%s", diff)
	}
}
