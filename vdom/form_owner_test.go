package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// ids returns the ids of nodes, for comparing lists.
func ids(nodes []*vdom.Node) []string {
	out := []string{}
	for _, n := range nodes {
		out = append(out, n.ID())
	}
	return out
}

// checkedIDs returns the ids of the checked inputs of the document.
func checkedIDs(d *vdom.Document) []string {
	out := []string{}
	for n := range d.Descendants() {
		if n.LocalName() == "input" && n.Checked() {
			out = append(out, n.ID())
		}
	}
	return out
}

func TestRadioGroups(t *testing.T) {
	cases := []struct {
		name   string
		markup string
		run    func(t *testing.T, d *vdom.Document)
		want   []string
	}{
		{"parser: last checked wins", `<input type=radio name=a id=r1 checked><input type=radio name=a id=r2 checked>`, nil,
			[]string{"r2"}},
		{"different names", `<input type=radio name=a id=r1 checked><input type=radio name=b id=r2 checked>`, nil,
			[]string{"r1", "r2"}},
		{"names are case-sensitive", `<input type=radio name=a id=r1 checked><input type=radio name=A id=r2 checked>`, nil,
			[]string{"r1", "r2"}},
		{"no name is its own group", `<input type=radio id=r1 checked><input type=radio id=r2 checked>`, nil,
			[]string{"r1", "r2"}},
		{"different forms", `<form><input type=radio name=a id=r1 checked></form><form><input type=radio name=a id=r2 checked></form>`, nil,
			[]string{"r1", "r2"}},
		{"form and no form", `<form><input type=radio name=a id=r1 checked></form><input type=radio name=a id=r2 checked>`, nil,
			[]string{"r1", "r2"}},
		{"form attribute joins the group", `<form id=f><input type=radio name=a id=r1 checked></form><input form=f type=radio name=a id=r2 checked>`, nil,
			[]string{"r2"}},
		{"SetChecked unchecks the others", `<input type=radio name=a id=r1 checked><input type=radio name=a id=r2><input type=radio name=a id=r3>`,
			func(t *testing.T, d *vdom.Document) { byID(t, d, "r3").SetChecked(true) },
			[]string{"r3"}},
		{"SetChecked false leaves none", `<input type=radio name=a id=r1 checked><input type=radio name=a id=r2>`,
			func(t *testing.T, d *vdom.Document) { byID(t, d, "r1").SetChecked(false) },
			[]string{}},
		{"checked attribute added before any read", `<input type=radio name=a id=r1><input type=radio name=a id=r2 checked>`,
			func(t *testing.T, d *vdom.Document) { _ = byID(t, d, "r1").SetAttribute("checked", "") },
			[]string{"r1"}},
		// Chromium 156, recorded: a radio unchecked by its group is dirty.
		{"radio unchecked by its group ignores its attribute", `<input type=radio name=a id=r1 checked><input type=radio name=a id=r2>`,
			func(t *testing.T, d *vdom.Document) {
				byID(t, d, "r2").SetChecked(true)
				byID(t, d, "r1").RemoveAttribute("checked")
				_ = byID(t, d, "r1").SetAttribute("checked", "")
			},
			[]string{"r2"}},
		{"radio unchecked at parse ignores its attribute", `<input type=radio name=a id=r1 checked><input type=radio name=a id=r2 checked>`,
			func(t *testing.T, d *vdom.Document) {
				byID(t, d, "r1").RemoveAttribute("checked")
				_ = byID(t, d, "r1").SetAttribute("checked", "")
			},
			[]string{"r2"}},
		{"checked attribute ignored when dirty", `<input type=radio name=a id=r1><input type=radio name=a id=r2 checked>`,
			func(t *testing.T, d *vdom.Document) {
				byID(t, d, "r1").SetChecked(false)
				_ = byID(t, d, "r1").SetAttribute("checked", "")
			},
			[]string{"r2"}},
		{"inserting a checked radio unchecks the group", `<form id=f><input type=radio name=a id=r1 checked></form>`,
			func(t *testing.T, d *vdom.Document) {
				r, _ := d.CreateElement("input")
				mustOK(t, r.SetAttribute("type", "radio"))
				mustOK(t, r.SetAttribute("name", "a"))
				mustOK(t, r.SetAttribute("id", "r2"))
				mustOK(t, r.SetAttribute("checked", ""))
				_, _ = byID(t, d, "f").AppendChild(r)
			},
			[]string{"r2"}},
		{"moving into another form's group", `<form id=f1><input type=radio name=a id=r1 checked></form><form id=f2><input type=radio name=a id=r2 checked></form>`,
			func(t *testing.T, d *vdom.Document) { _, _ = byID(t, d, "f2").AppendChild(byID(t, d, "r1")) },
			[]string{"r1"}},
		{"renaming into a group", `<input type=radio name=a id=r1 checked><input type=radio name=b id=r2 checked>`,
			func(t *testing.T, d *vdom.Document) { _ = byID(t, d, "r2").SetAttribute("name", "a") },
			[]string{"r2"}},
		{"form attribute into a group", `<form id=f><input type=radio name=a id=r1 checked></form><input type=radio name=a id=r2 checked>`,
			func(t *testing.T, d *vdom.Document) { _ = byID(t, d, "r2").SetAttribute("form", "f") },
			[]string{"r2"}},
		{"type change to radio", `<input type=radio name=a id=r1 checked><input type=checkbox name=a id=r2 checked>`,
			func(t *testing.T, d *vdom.Document) { _ = byID(t, d, "r2").SetType("radio") },
			[]string{"r2"}},
		{"innerHTML with a checked radio", `<form id=f><input type=radio name=a id=r1 checked><div id=d></div></form>`,
			func(t *testing.T, d *vdom.Document) {
				byID(t, d, "r1").Checked()
				_ = byID(t, d, "d").SetInnerHTML(`<input type=radio name=a id=r2 checked>`)
			},
			[]string{"r2"}},
		{"innerHTML with two checked radios keeps the last", `<form id=f><input type=radio name=a id=r1 checked><div id=d></div></form>`,
			func(t *testing.T, d *vdom.Document) {
				byID(t, d, "r1").Checked()
				_ = byID(t, d, "d").SetInnerHTML(`<input type=radio name=a id=r2 checked><input type=radio name=a id=r3 checked>`)
			},
			[]string{"r3"}},
		{"checkboxes are independent", `<input type=checkbox name=a id=c1 checked><input type=checkbox name=a id=c2 checked>`, nil,
			[]string{"c1", "c2"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := formDoc(t, c.markup)
			if c.run != nil {
				c.run(t, d)
			}
			if diff := cmp.Diff(c.want, checkedIDs(d)); diff != "" {
				t.Errorf("checked inputs mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRadioDetachedGroup(t *testing.T) {
	d := formDoc(t, ``)
	div, _ := d.CreateElement("div")
	mustOK(t, div.SetInnerHTML(`<input type=radio name=a id=x checked><input type=radio name=a id=y>`))
	y := div.LastChild()
	y.SetChecked(true)
	if div.FirstChild().Checked() || !y.Checked() {
		t.Fatalf("detached group: x %v y %v", div.FirstChild().Checked(), y.Checked())
	}
	// A radio of the document is not in the detached group.
	_ = d.Body().SetInnerHTML(`<input type=radio name=a id=z checked>`)
	if !byID(t, d, "z").Checked() || !y.Checked() {
		t.Fatal("a detached group and the document's group share state")
	}
}

// TestRadioFormAttributeJoinsForm: a checked radio button that a form
// attribute moves into a form is among the form's elements at once (the
// radio group rule that runs on the change must not see the form's
// controls as they were before it).
func TestRadioFormAttributeJoinsForm(t *testing.T) {
	d := formDoc(t, `<form id=f><input type=radio name=a id=r1 checked></form><input type=radio name=a id=r2 checked>`)
	if diff := cmp.Diff([]string{"r1"}, ids(byID(t, d, "f").Elements())); diff != "" {
		t.Errorf("elements of the form before mismatch (-want +got):\n%s", diff)
	}
	mustOK(t, byID(t, d, "r2").SetAttribute("form", "f"))
	if diff := cmp.Diff([]string{"r1", "r2"}, ids(byID(t, d, "f").Elements())); diff != "" {
		t.Errorf("elements of the form mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"r2"}, checkedIDs(d)); diff != "" {
		t.Errorf("checked inputs mismatch (-want +got):\n%s", diff)
	}
}

// TestRadioAloneMissing: a required radio button that is the root of its
// tree (created, not inserted) is a group of its own, missing its value
// while unchecked, as in Chromium 148.
func TestRadioAloneMissing(t *testing.T) {
	d := formDoc(t, ``)
	r, _ := d.CreateElement("input")
	mustOK(t, r.SetAttribute("type", "radio"))
	mustOK(t, r.SetAttribute("name", "a"))
	r.SetRequired(true)
	if !r.Validity().ValueMissing {
		t.Error("an unchecked required radio alone: ValueMissing false")
	}
	r.SetChecked(true)
	if r.Validity().ValueMissing {
		t.Error("a checked required radio alone: ValueMissing true")
	}
}

func TestFormOwner(t *testing.T) {
	d := formDoc(t, `<form id=f1><input id=a><fieldset id=fs><select id=b></select></fieldset>`+
		`<input id=c form=f2><input id=img type=image></form>`+
		`<form id=f2><textarea id=d></textarea><input id=e form=nope><input id=g form=p></form>`+
		`<input id=h form=f1><p id=p></p><output id=o form=f2></output><img id=im>`)
	cases := []struct{ id, want string }{
		{"a", "f1"}, {"fs", "f1"}, {"b", "f1"}, {"c", "f2"}, {"d", "f2"},
		{"e", ""}, {"g", ""}, {"h", "f1"}, {"o", "f2"}, {"im", ""}, {"p", ""},
	}
	for _, c := range cases {
		f := byID(t, d, c.id).Form()
		got := ""
		if f != nil {
			got = f.ID()
		}
		if got != c.want {
			t.Errorf("#%s: Form() = %q, want %q", c.id, got, c.want)
		}
	}
	if diff := cmp.Diff([]string{"a", "fs", "b", "c", "h"}, ids(byID(t, d, "f1").Elements())); diff == "" {
		t.Errorf("c belongs to f2, not f1")
	}
	if diff := cmp.Diff([]string{"a", "fs", "b", "h"}, ids(byID(t, d, "f1").Elements())); diff != "" {
		t.Errorf("f1.Elements() mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"c", "d", "o"}, ids(byID(t, d, "f2").Elements())); diff != "" {
		t.Errorf("f2.Elements() mismatch (-want +got):\n%s", diff)
	}
	if got := byID(t, d, "f1").Length(); got != 4 {
		t.Errorf("f1.Length() = %d, want 4", got)
	}
	// Moves and attribute changes re-associate.
	byID(t, d, "c").RemoveAttribute("form")
	_, _ = byID(t, d, "f2").AppendChild(byID(t, d, "a"))
	if diff := cmp.Diff([]string{"fs", "b", "c", "h"}, ids(byID(t, d, "f1").Elements())); diff != "" {
		t.Errorf("f1.Elements() after changes mismatch (-want +got):\n%s", diff)
	}
	// A detached control with a form attribute has its ancestor form.
	f, _ := d.CreateElement("form")
	in, _ := d.CreateElement("input")
	mustOK(t, in.SetAttribute("form", "f2"))
	_, _ = f.AppendChild(in)
	if in.Form() != f {
		t.Errorf("detached input: Form() = %v, want its ancestor form", in.Form())
	}
}

func TestFormOwnerOfOptionLegendLabel(t *testing.T) {
	d := formDoc(t, `<form id=f><select><option id=o></select><fieldset><legend id=l></legend></fieldset>`+
		`<label id=lb><input></label></form><datalist><option id=do></datalist>`)
	for id, want := range map[string]string{"o": "f", "l": "f", "lb": "f", "do": ""} {
		got := ""
		if f := byID(t, d, id).Form(); f != nil {
			got = f.ID()
		}
		if got != want {
			t.Errorf("#%s: Form() = %q, want %q", id, got, want)
		}
	}
}

func TestFormIsDisabled(t *testing.T) {
	d := formDoc(t, `<fieldset id=fs disabled><legend id=lg><input id=inLegend><button id=bLegend></button></legend>`+
		`<input id=inFs><legend><input id=inSecondLegend></legend>`+
		`<fieldset id=inner><legend><input id=innerLegend></legend></fieldset></fieldset>`+
		`<input id=plain><input id=attr disabled><select id=s><optgroup id=og disabled><option id=o1></optgroup><option id=o2 disabled><option id=o3></select>`+
		`<fieldset id=outer disabled><legend><fieldset id=fs2><input id=deep></fieldset></legend></fieldset>`)
	cases := []struct {
		id   string
		want bool
	}{
		{"fs", true}, {"inLegend", false}, {"bLegend", false}, {"inFs", true}, {"inSecondLegend", true},
		{"inner", true}, {"innerLegend", true}, {"plain", false}, {"attr", true}, {"s", false},
		{"og", true}, {"o1", true}, {"o2", true}, {"o3", false}, {"lg", false}, {"fs2", false}, {"deep", false},
	}
	for _, c := range cases {
		if got := byID(t, d, c.id).IsDisabled(); got != c.want {
			t.Errorf("#%s: IsDisabled() = %v, want %v", c.id, got, c.want)
		}
	}
	in := byID(t, d, "attr")
	if !in.Disabled() {
		t.Error("Disabled() does not reflect the attribute")
	}
	byID(t, d, "fs").SetDisabled(false)
	if byID(t, d, "inFs").IsDisabled() || byID(t, d, "inFs").Disabled() {
		t.Error("enabling the fieldset leaves its input disabled")
	}
}

func TestFormLabels(t *testing.T) {
	d := formDoc(t, `<label id=l1 for=a>A</label><input id=a><label id=l2>B <input id=b><input id=b2></label>`+
		`<label id=l3 for=b>again</label><label id=l4 for=d>div</label><div id=d></div>`+
		`<label id=l5><input type=hidden id=h><select id=s></select></label><label id=l6 for=missing></label>`+
		`<label id=l7 for=h></label>`)
	controls := map[string]string{"l1": "a", "l2": "b", "l3": "b", "l4": "", "l5": "s", "l6": "", "l7": ""}
	for l, want := range controls {
		got := ""
		if c := byID(t, d, l).Control(); c != nil {
			got = c.ID()
		}
		if got != want {
			t.Errorf("#%s: Control() = %q, want %q", l, got, want)
		}
	}
	labels := map[string][]string{"a": {"l1"}, "b": {"l2", "l3"}, "b2": {}, "s": {"l5"}}
	for id, want := range labels {
		if diff := cmp.Diff(want, ids(byID(t, d, id).Labels())); diff != "" {
			t.Errorf("#%s Labels() mismatch (-want +got):\n%s", id, diff)
		}
	}
	if byID(t, d, "h").Labels() != nil {
		t.Error("a hidden input has labels")
	}
	if got := byID(t, d, "l1").HTMLFor(); got != "a" {
		t.Errorf("HTMLFor() = %q", got)
	}
}

func TestFormAttributeReflection(t *testing.T) {
	d := formDoc(t, `<input id=i name=n placeholder=p readonly required>`)
	i := byID(t, d, "i")
	if i.Name() != "n" || i.Placeholder() != "p" || !i.ReadOnly() || !i.Required() {
		t.Fatalf("reflection: %q %q %v %v", i.Name(), i.Placeholder(), i.ReadOnly(), i.Required())
	}
	i.SetReadOnly(false)
	i.SetRequired(false)
	mustOK(t, i.SetName("m"))
	if got := i.OuterHTML(); got != `<input id="i" name="m" placeholder="p"/>` && got != `<input id="i" name="m" placeholder="p">` {
		t.Fatalf("OuterHTML() = %q", got)
	}
}

func TestFormCheckedState(t *testing.T) {
	d := formDoc(t, `<input type=checkbox id=c>`)
	c := byID(t, d, "c")
	c.SetDefaultChecked(true)
	if !c.Checked() {
		t.Fatal("clean checkbox does not follow its checked attribute")
	}
	c.SetChecked(false)
	c.SetDefaultChecked(false)
	c.SetDefaultChecked(true)
	if c.Checked() {
		t.Fatal("dirty checkbox follows its checked attribute")
	}
	if !c.DefaultChecked() {
		t.Fatal("DefaultChecked() does not reflect the attribute")
	}
	c.SetIndeterminate(true)
	if !c.Indeterminate() || c.Checked() {
		t.Fatal("indeterminate changes checkedness or is lost")
	}
}

// TestFormLabelsFollowChanges checks that the labels Labels gives, which
// the document indexes once per version of its tree, follow every kind of
// change that can move a label to another control.
func TestFormLabelsFollowChanges(t *testing.T) {
	d := formDoc(t, `<label id=l1 for=a>A</label><input id=a><div id=box><label id=l2>B <input id=b></label></div><input id=c>`)
	steps := []struct {
		name   string
		change func()
		want   map[string][]string
	}{
		{"as parsed", func() {}, map[string][]string{"a": {"l1"}, "b": {"l2"}, "c": {}}},
		{"for names another control", func() { mustOK(t, byID(t, d, "l1").SetAttribute("for", "c")) },
			map[string][]string{"a": {}, "b": {"l2"}, "c": {"l1"}}},
		{"the control takes the id", func() {
			mustOK(t, byID(t, d, "c").SetAttribute("id", "c-old"))
			mustOK(t, byID(t, d, "a").SetAttribute("id", "c"))
		}, map[string][]string{"c": {"l1"}, "b": {"l2"}, "c-old": {}}},
		{"a label inserted", func() {
			mustOK(t, byID(t, d, "box").InsertAdjacentHTML("beforeend", `<label id=l3 for=b>again</label>`))
		},
			map[string][]string{"c": {"l1"}, "b": {"l2", "l3"}, "c-old": {}}},
		{"the control becomes a hidden input", func() { mustOK(t, byID(t, d, "b").SetAttribute("type", "hidden")) },
			map[string][]string{"c": {"l1"}, "b": {}, "c-old": {}}},
		{"a label removed", func() { byID(t, d, "l1").Remove() },
			map[string][]string{"c": {}, "b": {}, "c-old": {}}},
	}
	for _, st := range steps {
		st.change()
		for id, want := range st.want {
			if diff := cmp.Diff(want, ids(byID(t, d, id).Labels())); diff != "" {
				t.Errorf("%s: #%s Labels() mismatch (-want +got):\n%s", st.name, id, diff)
			}
		}
	}
}
