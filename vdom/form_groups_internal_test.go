package vdom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The work of radio groups and selects is counted here: a form operation
// over a group of n radio buttons or a select of n options must find the
// group or the list of options a fixed number of times, whatever n. Before
// the groups and lists were kept, each member found them again, and the
// counts grew with n.

func (w formWork) minus(v formWork) formWork {
	return formWork{w.radioBuilds - v.radioBuilds, w.radioScans - v.radioScans, w.optionWalks - v.optionWalks,
		w.treeWalks - v.treeWalks, w.defaultScans - v.defaultScans}
}

// radioForm is a form of n radio buttons named pick, the first required
// and the last checked, with a submit button.
func radioForm(n int) string {
	var sb strings.Builder
	sb.WriteString(`<form id=f action="/pick" method=post>`)
	for i := range n {
		attrs := ""
		switch i {
		case 0:
			attrs = " required"
		case n - 1:
			attrs = " checked"
		}
		fmt.Fprintf(&sb, `<input type=radio name=pick value=v%d id=r%d%s>`, i, i, attrs)
	}
	sb.WriteString(`<button id=go>Send</button></form>`)
	return sb.String()
}

// selectForm is a form with a select of n options, every other one
// selected.
func selectForm(n int, multiple bool) string {
	var sb strings.Builder
	sb.WriteString(`<form id=f action="/pick" method=post><select id=s name=s`)
	if multiple {
		sb.WriteString(" multiple")
	}
	sb.WriteString(">")
	for i := range n {
		sel := ""
		if i%2 == 1 {
			sel = " selected"
		}
		fmt.Fprintf(&sb, `<option value=o%d%s>Option %d`, i, sel, i)
	}
	sb.WriteString(`</select><button id=go>Send</button></form>`)
	return sb.String()
}

// labelTree is a div of n inputs, each with a label around it and one
// for it.
func labelTree(n int) string {
	var sb strings.Builder
	sb.WriteString(`<div id=box>`)
	for i := range n {
		fmt.Fprintf(&sb, `<label>%d <input id=i%d></label><label for=i%d>again</label>`, i, i, i)
	}
	sb.WriteString(`</div>`)
	return sb.String()
}

// submitButtons is a form of n text fields followed by n submit buttons.
func submitButtons(n int) string {
	return `<form id=f>` + strings.Repeat(`<input>`, n) + strings.Repeat(`<button>Go</button>`, n) + `</form>`
}

// TestFormGroupWorkIsLinear runs each operation of the defects that were
// quadratic (validity, submission and clicks in a radio group; the entry
// list, submission, Selected, Index and :checked of a select's options) on
// a small and a larger form, and wants the same count of group and list
// builds for both: each operation finds its group or list a fixed number
// of times, and so costs time linear in its size.
func TestFormGroupWorkIsLinear(t *testing.T) {
	submit := func(t *testing.T, d *Document) {
		d.Window().SetNavigationHandler(func(NavigationRequest) error { return nil })
		if err := d.GetElementByID("f").RequestSubmit(nil); err != nil {
			t.Fatal(err)
		}
	}
	ops := []struct {
		name string
		page func(n int) string
		run  func(t *testing.T, d *Document, n int)
		want formWork // the work of one run, the same for every n
	}{
		{"radio CheckValidity", radioForm, func(t *testing.T, d *Document, n int) {
			if ok, err := d.GetElementByID("f").CheckValidity(); !ok || err != nil {
				t.Fatalf("CheckValidity = %v, %v", ok, err)
			}
		}, formWork{radioBuilds: 1, radioScans: 1}},
		{"radio RequestSubmit", radioForm, func(t *testing.T, d *Document, n int) { submit(t, d) },
			formWork{radioBuilds: 1, radioScans: 1}},
		{"radio clicks", radioForm, func(t *testing.T, d *Document, n int) {
			for i := range 10 {
				r := d.GetElementByID(fmt.Sprintf("r%d", i*(n-1)/9))
				if _, err := r.DispatchEvent(NewMouseEvent("click", MouseEventInit{EventInit: EventInit{Bubbles: true, Cancelable: true}})); err != nil {
					t.Fatal(err)
				}
			}
		}, formWork{radioBuilds: 1, radioScans: 1}},
		{"radio :indeterminate and :invalid", radioForm, func(t *testing.T, d *Document, n int) {
			if got, err := d.QuerySelectorAll("input:indeterminate, input:invalid"); err != nil || len(got) != 0 {
				t.Fatalf("QuerySelectorAll = %d elements, %v", len(got), err)
			}
		}, formWork{radioBuilds: 1, radioScans: 1}},
		{"select NewFormData", func(n int) string { return selectForm(n, false) }, func(t *testing.T, d *Document, n int) {
			if _, err := NewFormData(d.GetElementByID("f"), nil); err != nil {
				t.Fatal(err)
			}
		}, formWork{optionWalks: 1}},
		{"select multiple RequestSubmit", func(n int) string { return selectForm(n, true) }, func(t *testing.T, d *Document, n int) {
			submit(t, d)
		}, formWork{optionWalks: 1}},
		{"labels of a detached tree", labelTree, func(t *testing.T, d *Document, n int) {
			box := d.GetElementByID("box")
			box.Remove()
			for i := range n {
				in, err := box.QuerySelector(fmt.Sprintf("#i%d", i))
				if err != nil || in == nil {
					t.Fatalf("#i%d: %v, %v", i, in, err)
				}
				if got := len(in.Labels()); got != 2 {
					t.Fatalf("#i%d has %d labels, want 2", i, got)
				}
			}
		}, formWork{treeWalks: 2}},
		{":default", submitButtons, func(t *testing.T, d *Document, n int) {
			if got, err := d.QuerySelectorAll(":default"); err != nil || len(got) != 1 {
				t.Fatalf(":default = %d elements, %v", len(got), err)
			}
		}, formWork{defaultScans: 1}},
		{"each option's Selected, Index and :checked", func(n int) string { return selectForm(n, true) }, func(t *testing.T, d *Document, n int) {
			for i, o := range d.GetElementByID("s").Options() {
				if o.Selected() != (i%2 == 1) || o.Index() != i {
					t.Fatalf("option %d: Selected %v, Index %d", i, o.Selected(), o.Index())
				}
			}
			if got, err := d.QuerySelectorAll("option:checked"); err != nil || len(got) != n/2 {
				t.Fatalf("option:checked = %d elements, %v; want %d", len(got), err, n/2)
			}
		}, formWork{optionWalks: 1}},
	}
	for _, op := range ops {
		t.Run(op.name, func(t *testing.T) {
			for _, n := range []int{10, 300} {
				d := ParseString(op.page(n), WithURL("https://example.com/form"))
				before := d.work
				op.run(t, d, n)
				if diff := cmp.Diff(op.want, d.work.minus(before), cmp.AllowUnexported(formWork{})); diff != "" {
					t.Errorf("%d members: work mismatch (-want +got):\n%s", n, diff)
				}
			}
		})
	}
}

// freshRadioGroup is the definition of h's radio button group (HTML
// §4.10.5.1.18), found by walking h's tree: the radio buttons with the
// same form owner and the same non-empty name, h alone when it has no
// name, nil for what is not a radio button.
func freshRadioGroup(d *Document, h *html.Node) []*html.Node {
	if !isRadio(h) {
		return nil
	}
	name, _ := attrVal(h, "name")
	if name == "" {
		return []*html.Node{h}
	}
	owner := d.formOwnerOf(h)
	var out []*html.Node
	for m := range inclusiveDescendants(treeRoot(h)) {
		if isRadio(m) && d.formOwnerOf(m) == owner {
			if v, _ := attrVal(m, "name"); v == name {
				out = append(out, m)
			}
		}
	}
	return out
}

// freshLabels are the labels of h's tree whose control, found by walking
// the tree, is h.
func freshLabels(h *html.Node) []*html.Node {
	if !labelable(h) {
		return nil
	}
	root := treeRoot(h)
	control := func(label *html.Node) *html.Node {
		if id, ok := attrVal(label, "for"); ok {
			for m := range descendants(root) {
				if v, ok := elementID(m); ok && v == id {
					if labelable(m) {
						return m
					}
					return nil
				}
			}
			return nil
		}
		for m := range descendants(label) {
			if labelable(m) {
				return m
			}
		}
		return nil
	}
	var out []*html.Node
	for m := range descendants(root) {
		if isHTML(m, atom.Label) && control(m) == h {
			out = append(out, m)
		}
	}
	return out
}

// groupsFuzz drives random changes of radio buttons, selects and labels,
// chosen by the fuzzer's bytes, and compares the kept groups, lists and
// labels with what walking the tree finds after each one.
type groupsFuzz struct {
	t    *testing.T
	d    *Document
	data []byte
	// radios, options, labels and containers are the nodes the steps
	// pick from; forms the forms whose default buttons are checked.
	radios, options, labels, containers, selects, buttons []*Node
}

func (g *groupsFuzz) next() int {
	if len(g.data) == 0 {
		return 0
	}
	b := g.data[0]
	g.data = g.data[1:]
	return int(b)
}

func (g *groupsFuzz) pick(list []*Node) *Node { return list[g.next()%len(list)] }

func (g *groupsFuzz) word(list ...string) string { return list[g.next()%len(list)] }

func runGroupsFuzz(t *testing.T, data []byte) {
	d := ParseString(`<form id=f1><fieldset id=fs><legend>l</legend></fieldset><button id=b1>1</button></form>` +
		`<form id=f2><button id=b2 type=button>2</button></form><div id=free></div>` +
		`<select id=s1><optgroup id=og label=g></optgroup><div id=sd></div></select><select id=s2 multiple></select>`)
	g := &groupsFuzz{t: t, d: d, data: data}
	get := d.GetElementByID
	detached, _ := d.CreateElement("div")
	g.containers = []*Node{get("f1"), get("f2"), get("fs"), get("free"), detached}
	g.selects = []*Node{get("s1"), get("s2")}
	optionPlaces := []*Node{get("s1"), get("s2"), get("og"), get("sd"), detached}
	g.buttons = []*Node{get("b1"), get("b2")}
	for i := range 8 {
		r, _ := d.CreateElement("input")
		_ = r.SetAttribute("type", "radio")
		_ = r.SetAttribute("name", []string{"a", "A", "b"}[i%3])
		_ = r.SetAttribute("id", fmt.Sprintf("r%d", i))
		if i%3 == 0 {
			_ = r.SetAttribute("checked", "")
		}
		_, _ = g.containers[i%len(g.containers)].AppendChild(r)
		g.radios = append(g.radios, r)
	}
	for i := range 6 {
		o, _ := d.CreateElement("option")
		o.SetTextContent(fmt.Sprintf("o%d", i))
		_, _ = optionPlaces[i%3].AppendChild(o)
		g.options = append(g.options, o)
	}
	for i := range 3 {
		l, _ := d.CreateElement("label")
		_ = l.SetAttribute("for", fmt.Sprintf("r%d", i))
		_, _ = g.containers[i].AppendChild(l)
		g.labels = append(g.labels, l)
	}
	g.check("setup")
	for len(g.data) > 0 {
		op := g.step()
		g.check(op)
	}
}

// step makes one change and names it.
func (g *groupsFuzz) step() string {
	d := g.d
	r := g.pick(g.radios)
	switch g.next() % 20 {
	case 0:
		r.SetChecked(true)
		return "SetChecked(true) " + r.ID()
	case 1:
		r.SetChecked(false)
		return "SetChecked(false) " + r.ID()
	case 2:
		_, _ = r.ToggleAttribute("checked")
		return "toggle checked " + r.ID()
	case 3:
		c := g.pick(g.containers)
		_, _ = c.AppendChild(r)
		return "move " + r.ID() + " to " + c.NodeName()
	case 4:
		name := g.word("a", "A", "b", "")
		_ = r.SetAttribute("name", name)
		return "name " + r.ID() + "=" + name
	case 5:
		if f := g.word("f1", "f2", "none", ""); f != "" {
			_ = r.SetAttribute("form", f)
			return "form " + r.ID() + "=" + f
		}
		r.RemoveAttribute("form")
		return "no form " + r.ID()
	case 6:
		typ := g.word("radio", "checkbox", "RADIO")
		_ = r.SetAttribute("type", typ)
		return "type " + r.ID() + "=" + typ
	case 7:
		_, _ = r.ToggleAttribute("required")
		return "toggle required " + r.ID()
	case 8:
		_, _ = r.DispatchEvent(NewMouseEvent("click", MouseEventInit{EventInit: EventInit{Bubbles: true, Cancelable: true}}))
		return "click " + r.ID()
	case 9:
		f := g.containers[1]
		id := g.word("f1", "f2", "x")
		_ = f.SetAttribute("id", id)
		return "second form's id=" + id
	case 10:
		r.Remove()
		return "remove " + r.ID()
	case 11:
		o := g.pick(g.options)
		on := g.next()%2 == 0
		o.SetSelected(on)
		return fmt.Sprintf("SetSelected(%v) %s", on, o.TextContent())
	case 12:
		o := g.pick(g.options)
		_, _ = o.ToggleAttribute("selected")
		return "toggle selected " + o.TextContent()
	case 13:
		o := g.pick(g.options)
		places := []*Node{g.selects[0], g.selects[1], d.GetElementByID("og"), d.GetElementByID("sd"), g.containers[4]}
		p := places[g.next()%len(places)]
		if p == nil {
			return "no place"
		}
		_, _ = p.InsertBefore(o, p.FirstChild())
		return "move option " + o.TextContent()
	case 14:
		s := g.pick(g.selects)
		_, _ = s.ToggleAttribute("multiple")
		return "toggle multiple"
	case 15:
		s := g.pick(g.selects)
		_ = s.SetInnerHTML(g.word(`<option>x<option selected>y`, `<optgroup><option selected>z</optgroup>`, ``))
		return "select innerHTML"
	case 16:
		l := g.pick(g.labels)
		if g.next()%3 == 0 {
			l.RemoveAttribute("for")
			_, _ = l.AppendChild(r)
			return "label wraps " + r.ID()
		}
		_ = l.SetAttribute("for", r.ID())
		_, _ = g.pick(g.containers).AppendChild(l)
		return "label for " + r.ID()
	case 17:
		_ = g.containers[0].Reset()
		return "reset the first form"
	case 18:
		c := g.pick(g.containers)
		if len(c.GetElementsByTagName("*")) > 100 {
			return "no copy of a large " + c.NodeName()
		}
		_, _ = g.pick(g.containers).AppendChild(c.CloneNode(true))
		return "append a copy of " + c.NodeName()
	case 19:
		c := g.pick(g.containers)
		b := g.pick(g.buttons)
		if g.next()%2 == 0 {
			_, _ = c.AppendChild(b)
		} else if len(c.GetElementsByTagName("*")) < 100 {
			_ = c.SetInnerHTML(c.InnerHTML() + `<input type=radio name=a checked><input type=submit>`)
		}
		return "buttons and radios in " + c.NodeName()
	}
	return ""
}

// check compares every kept answer with a walk of the tree.
func (g *groupsFuzz) check(op string) {
	t, d := g.t, g.d
	t.Helper()
	ids := func(hs []*html.Node) []string {
		out := []string{}
		for _, h := range hs {
			out = append(out, fmt.Sprintf("%s#%s@%p", h.Data, attrOf(h, "id"), h))
		}
		return out
	}
	// The radio buttons of the document, of the detached container, and
	// those of the pool wherever they are.
	var inputs []*html.Node
	seen := map[*html.Node]bool{}
	for _, root := range append([]*html.Node{d.Node.h, g.containers[4].h}, htmlOf(g.radios)...) {
		for h := range inclusiveDescendants(treeRoot(root)) {
			if isRadio(h) && !seen[h] {
				seen[h] = true
				inputs = append(inputs, h)
			}
		}
	}
	for _, h := range inputs {
		r := d.wrap(h)
		want := freshRadioGroup(d, h)
		if diff := cmp.Diff(ids(want), ids(d.radioMembers(h))); diff != "" {
			t.Fatalf("after %s: group of %s (-fresh +kept):\n%s", op, r.ID(), diff)
		}
		var checked []*html.Node
		required := false
		for _, m := range want {
			if d.wrap(m).Checked() {
				checked = append(checked, m)
			}
			required = required || hasAttr(m, "required")
		}
		if grp := d.radioGroupOf(h); grp != nil {
			if diff := cmp.Diff(ids(checked), ids(d.checkedIn(grp))); diff != "" {
				t.Fatalf("after %s: checked members of %s's group (-fresh +kept):\n%s", op, r.ID(), diff)
			}
		}
		if got, want := r.Validity().ValueMissing, required && len(checked) == 0; got != want {
			t.Fatalf("after %s: %s ValueMissing = %v, want %v", op, r.ID(), got, want)
		}
		if diff := cmp.Diff(ids(freshLabels(h)), ids(htmlOf(r.Labels()))); diff != "" {
			t.Fatalf("after %s: labels of %s (-fresh +kept):\n%s", op, r.ID(), diff)
		}
	}
	for _, s := range d.GetElementsByTagName("select") {
		fresh := findOptions(s.h)
		if diff := cmp.Diff(ids(fresh), ids(s.listOfOptions())); diff != "" {
			t.Fatalf("after %s: options of a select (-fresh +kept):\n%s", op, diff)
		}
		for i, o := range fresh {
			if got := d.wrap(o).Index(); got != i {
				t.Fatalf("after %s: option %d has Index %d", op, i, got)
			}
		}
		if !s.Multiple() && s.DisplaySize() == 1 && len(s.SelectedOptions()) > 1 {
			t.Fatalf("after %s: a single select has %d selected options", op, len(s.SelectedOptions()))
		}
	}
	for _, f := range d.GetElementsByTagName("form") {
		var want *html.Node
		for _, h := range d.findFormControls(f) {
			if d.wrap(h).isSubmitButton() {
				want = h
				break
			}
		}
		got := d.defaultButton(f)
		if (got == nil) != (want == nil) || got != nil && got.h != want {
			t.Fatalf("after %s: default button of a form is %v, want %v", op, got, d.wrap(want))
		}
	}
}

func attrOf(h *html.Node, key string) string {
	v, _ := attrVal(h, key)
	return v
}

func htmlOf(ns []*Node) []*html.Node {
	var out []*html.Node
	for _, n := range ns {
		out = append(out, n.h)
	}
	return out
}

// FuzzFormGroups checks the kept radio groups, lists of options, labels
// and default buttons against walks of the tree after random changes.
func FuzzFormGroups(f *testing.F) {
	f.Add([]byte{0, 3, 8, 1, 4, 2, 9, 5, 13, 11, 2, 6, 12, 3})
	f.Add([]byte{3, 0, 4, 5, 1, 1, 6, 2, 2, 8, 4, 7, 17, 5, 18, 1, 19, 2, 0})
	f.Add([]byte{13, 1, 2, 11, 0, 3, 14, 1, 15, 0, 12, 4, 13, 2, 4, 16, 3, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 300 {
			data = data[:300]
		}
		runGroupsFuzz(t, data)
	})
}

// TestFormGroupsRandom runs FuzzFormGroups on generated byte strings.
func TestFormGroupsRandom(t *testing.T) {
	state := uint32(88172645)
	for seq := range 150 {
		data := make([]byte, 80)
		for i := range data {
			state ^= state << 13
			state ^= state >> 17
			state ^= state << 5
			data[i] = byte(state)
		}
		t.Run(fmt.Sprint(seq), func(t *testing.T) { runGroupsFuzz(t, data) })
	}
}
