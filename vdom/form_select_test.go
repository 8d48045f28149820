package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// selectState is what a test reads of a select: the selected index, the
// value and the selectedness of each option.
type selectState struct {
	Index    int
	Value    string
	Selected []bool
}

func readSelect(s *vdom.Node) selectState {
	st := selectState{Index: s.SelectedIndex(), Value: s.Value()}
	for _, o := range s.Options() {
		st.Selected = append(st.Selected, o.Selected())
	}
	return st
}

func TestSelectSelectedness(t *testing.T) {
	cases := []struct {
		name   string
		markup string
		run    func(t *testing.T, d *vdom.Document, s *vdom.Node)
		want   selectState
	}{
		{"none selected picks first", `<select id="s"><option>a<option>b</select>`, nil,
			selectState{0, "a", []bool{true, false}}},
		{"none selected skips disabled", `<select id="s"><option disabled>a<option>b</select>`, nil,
			selectState{1, "b", []bool{false, true}}},
		{"disabled optgroup skipped", `<select id="s"><optgroup disabled><option>a</optgroup><option>b</select>`, nil,
			selectState{1, "b", []bool{false, true}}},
		{"all disabled selects none", `<select id="s"><option disabled>a</select>`, nil,
			selectState{-1, "", []bool{false}}},
		{"last selected wins", `<select id="s"><option selected>a<option selected>b<option>c</select>`, nil,
			selectState{1, "b", []bool{false, true, false}}},
		{"multiple keeps all", `<select id="s" multiple><option selected>a<option selected>b<option>c</select>`, nil,
			selectState{0, "a", []bool{true, true, false}}},
		{"multiple selects none by default", `<select id="s" multiple><option>a<option>b</select>`, nil,
			selectState{-1, "", []bool{false, false}}},
		{"display size 2 selects none", `<select id="s" size="2"><option>a<option>b</select>`, nil,
			selectState{-1, "", []bool{false, false}}},
		{"size 0 is display size 1", `<select id="s" size="0"><option>a<option>b</select>`, nil,
			selectState{0, "a", []bool{true, false}}},
		{"SetSelectedIndex", `<select id="s"><option>a<option>b</select>`, func(t *testing.T, d *vdom.Document, s *vdom.Node) {
			s.SetSelectedIndex(1)
		}, selectState{1, "b", []bool{false, true}}},
		{"SetSelectedIndex -1 selects none", `<select id="s"><option>a<option>b</select>`, func(t *testing.T, d *vdom.Document, s *vdom.Node) {
			s.SetSelectedIndex(-1)
		}, selectState{-1, "", []bool{false, false}}},
		{"SetSelectedIndex out of range selects none", `<select id="s"><option>a<option>b</select>`, func(t *testing.T, d *vdom.Document, s *vdom.Node) {
			s.SetSelectedIndex(7)
		}, selectState{-1, "", []bool{false, false}}},
		{"SetValue", `<select id="s"><option value="1">a<option value="2">b</select>`, func(t *testing.T, d *vdom.Document, s *vdom.Node) {
			mustOK(t, s.SetValue("2"))
		}, selectState{1, "2", []bool{false, true}}},
		{"SetValue unknown selects none", `<select id="s"><option>a<option>b</select>`, func(t *testing.T, d *vdom.Document, s *vdom.Node) {
			mustOK(t, s.SetValue("zz"))
		}, selectState{-1, "", []bool{false, false}}},
		{"option SetSelected unselects others", `<select id="s"><option>a<option>b</select>`, func(t *testing.T, d *vdom.Document, s *vdom.Node) {
			s.Options()[1].SetSelected(true)
		}, selectState{1, "b", []bool{false, true}}},
		{"option SetSelected false reselects first", `<select id="s"><option>a<option selected>b</select>`, func(t *testing.T, d *vdom.Document, s *vdom.Node) {
			s.Options()[1].SetSelected(false)
		}, selectState{0, "a", []bool{true, false}}},
		{"selected attribute added wins", `<select id="s"><option>a<option selected>b</select>`, func(t *testing.T, d *vdom.Document, s *vdom.Node) {
			s.SelectedIndex()
			s.Options()[0].SetDefaultSelected(true)
		}, selectState{0, "a", []bool{true, false}}},
		{"selected attribute added wins before any read", `<select id="s"><option>a<option selected>b</select>`, func(t *testing.T, d *vdom.Document, s *vdom.Node) {
			_ = s.FirstElementChild().SetAttribute("selected", "")
		}, selectState{0, "a", []bool{true, false}}},
		{"inserted selected option wins before any read", `<select id="s"><option>a<option selected>b</select>`, func(t *testing.T, d *vdom.Document, s *vdom.Node) {
			o, _ := d.CreateElement("option")
			mustOK(t, o.SetAttribute("selected", ""))
			_, _ = s.InsertBefore(o, s.FirstChild())
		}, selectState{0, "", []bool{true, false, false}}},
		// Chromium 156, recorded: an option unselected at parse is not dirty.
		{"option unselected at parse follows its attribute", `<select id="s"><option selected>a<option selected>b</select>`, func(t *testing.T, d *vdom.Document, s *vdom.Node) {
			s.Options()[0].RemoveAttribute("selected")
			_ = s.Options()[0].SetAttribute("selected", "")
		}, selectState{0, "a", []bool{true, false}}},
		{"option attribute after another was set", `<select id="s"><option selected>a<option>b</select>`, func(t *testing.T, d *vdom.Document, s *vdom.Node) {
			s.Options()[1].SetSelected(true)
			s.Options()[0].RemoveAttribute("selected")
			_ = s.Options()[0].SetAttribute("selected", "")
		}, selectState{0, "a", []bool{true, false}}},
		{"selected attribute ignored when dirty", `<select id="s"><option>a<option>b</select>`, func(t *testing.T, d *vdom.Document, s *vdom.Node) {
			s.Options()[0].SetSelected(false)
			s.Options()[1].SetSelected(true)
			s.Options()[0].SetSelected(false)
			_, _ = s.Options()[0].ToggleAttributeForce("selected", true)
		}, selectState{1, "b", []bool{false, true}}},
		{"inserted selected option wins", `<select id="s"><option>a<option selected>b</select>`, func(t *testing.T, d *vdom.Document, s *vdom.Node) {
			s.SelectedIndex()
			o, _ := d.CreateElement("option")
			o.SetTextContent("new")
			mustOK(t, o.SetAttribute("selected", ""))
			_, _ = s.InsertBefore(o, s.FirstChild())
		}, selectState{0, "new", []bool{true, false, false}}},
		{"removing the selected option selects first", `<select id="s"><option>a<option selected id="b">b</select>`, func(t *testing.T, d *vdom.Document, s *vdom.Node) {
			s.SelectedIndex()
			d.GetElementByID("b").Remove()
		}, selectState{0, "a", []bool{true}}},
		// Chromium 156, recorded: removing multiple keeps the first selected
		// option.
		{"multiple removed keeps first", `<select id="s" multiple><option>a<option selected>b<option selected>c</select>`, func(t *testing.T, d *vdom.Document, s *vdom.Node) {
			s.SetMultiple(false)
		}, selectState{1, "b", []bool{false, true, false}}},
		{"multiple toggled", `<select id="s"><option>a<option>b</select>`, func(t *testing.T, d *vdom.Document, s *vdom.Node) {
			s.Options()[1].SetSelected(true)
			s.SetMultiple(true)
			s.Options()[0].SetSelected(true)
			s.SetMultiple(false)
		}, selectState{0, "a", []bool{true, false}}},
		{"size removed selects first", `<select id="s" size="2"><option>a<option>b</select>`, func(t *testing.T, d *vdom.Document, s *vdom.Node) {
			s.RemoveAttribute("size")
		}, selectState{0, "a", []bool{true, false}}},
		{"div appended keeps none", `<select id="s"><option>a<option>b</select>`, func(t *testing.T, d *vdom.Document, s *vdom.Node) {
			s.SetSelectedIndex(-1)
			div, _ := d.CreateElement("div")
			_, _ = s.AppendChild(div)
		}, selectState{-1, "", []bool{false, false}}},
		{"option appended after none selects first", `<select id="s"><option>a<option>b</select>`, func(t *testing.T, d *vdom.Document, s *vdom.Node) {
			s.SetSelectedIndex(-1)
			o, _ := d.CreateElement("option")
			_, _ = s.AppendChild(o)
		}, selectState{0, "a", []bool{true, false, false}}},
		{"disabling keeps none", `<select id="s"><option>a<option>b</select>`, func(t *testing.T, d *vdom.Document, s *vdom.Node) {
			s.SetSelectedIndex(-1)
			s.Options()[1].SetDisabled(true)
		}, selectState{-1, "", []bool{false, false}}},
		{"disabling the selected option keeps it", `<select id="s"><option selected>a<option>b</select>`, func(t *testing.T, d *vdom.Document, s *vdom.Node) {
			s.Options()[0].SetDisabled(true)
		}, selectState{0, "a", []bool{true, false}}},
		{"default selected on and off", `<select id="s"><option>a<option>b</select>`, func(t *testing.T, d *vdom.Document, s *vdom.Node) {
			s.Options()[1].SetDefaultSelected(true)
			s.Options()[1].SetDefaultSelected(false)
		}, selectState{0, "a", []bool{true, false}}},
		{"options inside a div count", `<select id="s"><option>a</select>`, func(t *testing.T, d *vdom.Document, s *vdom.Node) {
			div, _ := d.CreateElement("div")
			mustOK(t, div.SetInnerHTML("<option>x</option>"))
			_, _ = s.AppendChild(div)
			o, _ := d.CreateElement("option")
			o.SetTextContent("b")
			_, _ = s.AppendChild(o)
		}, selectState{0, "a", []bool{true, false, false}}},
		{"innerHTML options", `<select id="s"><option>a</select>`, func(t *testing.T, d *vdom.Document, s *vdom.Node) {
			s.SelectedIndex()
			mustOK(t, s.SetInnerHTML(`<option>x<option selected>y`))
		}, selectState{1, "y", []bool{false, true}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := formDoc(t, c.markup)
			s := byID(t, d, "s")
			if c.run != nil {
				c.run(t, d, s)
			}
			if diff := cmp.Diff(c.want, readSelect(s)); diff != "" {
				t.Errorf("select state mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSelectOptionProperties(t *testing.T) {
	d := formDoc(t, `<select id="s" multiple size="3"><option id="a" label="L">  A  <script>x</script> a </option>`+
		`<optgroup label="g"><option id="b">B</option></optgroup></select><option id="lone">z</option>`)
	s := byID(t, d, "s")
	type opt struct {
		Text, Label, Value string
		Index              int
	}
	var got []opt
	for _, o := range s.Options() {
		got = append(got, opt{o.Text(), o.Label(), o.Value(), o.Index()})
	}
	want := []opt{{"A a", "L", "A a", 0}, {"B", "B", "B", 1}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("options mismatch (-want +got):\n%s", diff)
	}
	if s.Length() != 2 || s.Size() != 3 || s.DisplaySize() != 3 || !s.Multiple() || s.Type() != "select-multiple" {
		t.Fatalf("select: Length %d Size %d DisplaySize %d Multiple %v Type %q", s.Length(), s.Size(), s.DisplaySize(), s.Multiple(), s.Type())
	}
	lone := byID(t, d, "lone")
	if lone.Index() != 0 || lone.Selected() {
		t.Fatalf("option outside a select: Index %d Selected %v", lone.Index(), lone.Selected())
	}
	lone.SetSelected(true)
	if !lone.Selected() {
		t.Fatal("option outside a select keeps its selectedness")
	}
}

func TestSelectSelectedOptions(t *testing.T) {
	d := formDoc(t, `<select id="s" multiple><option>a<option selected>b<option selected>c</select>`)
	s := byID(t, d, "s")
	var got []string
	for _, o := range s.SelectedOptions() {
		got = append(got, o.Text())
	}
	if diff := cmp.Diff([]string{"b", "c"}, got); diff != "" {
		t.Fatalf("SelectedOptions mismatch (-want +got):\n%s", diff)
	}
}
