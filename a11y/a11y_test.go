package a11y_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/a11y"
	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// summary is what the package says of one node, for table tests.
type summary struct {
	Role, Name, Description string
	Hidden                  bool
	States                  a11y.State
}

func summarize(n *vdom.Node) summary {
	return summary{
		Role:        a11y.Role(n),
		Name:        a11y.Name(n),
		Description: a11y.Description(n),
		Hidden:      a11y.IsHidden(n),
		States:      a11y.States(n),
	}
}

// TestNodesThatAreNotElements: nothing panics on nil, text, comment or
// document nodes; they have no role, name or states and are not in the
// accessibility tree as elements.
func TestNodesThatAreNotElements(t *testing.T) {
	doc := vdom.ParseString(`<p id=p>text<!-- c --></p>`)
	p := doc.GetElementByID("p")
	nodes := map[string]*vdom.Node{
		"nil":      nil,
		"text":     p.FirstChild(),
		"comment":  p.LastChild(),
		"document": &doc.Node,
	}
	want := summary{Hidden: true}
	for name, n := range nodes {
		if diff := cmp.Diff(want, summarize(n)); diff != "" {
			t.Errorf("%s: mismatch (-want +got):\n%s", name, diff)
		}
	}
}

// TestDetachedElements: an element outside the document is hidden (it is
// not rendered), but its role, name and states are still computed, with
// references resolved in its own tree.
func TestDetachedElements(t *testing.T) {
	doc := vdom.ParseString(`<div id=box><span id=lbl>Detached label</span><button id=b aria-labelledby=lbl>x</button></div>`)
	box := doc.GetElementByID("box")
	b := doc.GetElementByID("b")
	box.Remove()
	want := summary{Role: "button", Name: "Detached label", Hidden: true, States: a11y.State{}}
	if diff := cmp.Diff(want, summarize(b)); diff != "" {
		t.Errorf("detached button mismatch (-want +got):\n%s", diff)
	}
}

// TestFollowsMutations: the answers are computed from the tree as it is
// now, so script changes and user input show at once.
func TestFollowsMutations(t *testing.T) {
	doc := vdom.ParseString(`<label for=cb>Flash <input id=n value=3> times</label><input id=cb type=checkbox><button id=b>Go</button>`)
	cb, n, b := doc.GetElementByID("cb"), doc.GetElementByID("n"), doc.GetElementByID("b")
	if got := a11y.Name(cb); got != "Flash 3 times" {
		t.Fatalf("Name before = %q", got)
	}
	if err := n.SetValue("5"); err != nil {
		t.Fatal(err)
	}
	cb.SetChecked(true)
	if err := b.SetAttribute("hidden", ""); err != nil {
		t.Fatal(err)
	}
	got := []any{a11y.Name(cb), a11y.States(cb).Checked, a11y.IsHidden(b)}
	want := []any{"Flash 5 times", a11y.True, true}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("after the changes mismatch (-want +got):\n%s", diff)
	}
}

// TestReferenceCycles: references that point back at each other, or at
// the element itself, end, and each element's text comes once per path.
func TestReferenceCycles(t *testing.T) {
	doc := vdom.ParseString(`
		<div id=a role=button aria-labelledby="b">A</div>
		<div id=b role=button aria-labelledby="a">B</div>
		<div id=self role=button aria-labelledby="self x">Self</div><span id=x>and x</span>
		<button id=deep aria-labelledby=d1>x</button>
		<span id=d1>one <span aria-labelledby=d2>inner</span></span><span id=d2>two <span aria-labelledby=d1>back</span></span>`)
	cases := map[string]string{"a": "B", "b": "A", "self": "Self and x", "deep": "one inner"}
	got := map[string]string{}
	for id := range cases {
		got[id] = a11y.Name(doc.GetElementByID(id))
	}
	if diff := cmp.Diff(cases, got); diff != "" {
		t.Errorf("names mismatch (-want +got):\n%s", diff)
	}
}

// TestHiddenElementStillNamed: Name answers for a hidden element too (a
// query that includes hidden elements filters on it), while hidden content
// inside a visible element is left out.
func TestHiddenElementStillNamed(t *testing.T) {
	doc := vdom.ParseString(`<button id=h hidden>Hidden <span>button</span></button><button id=v>Shown <span aria-hidden=true>icon</span></button>`)
	got := []string{a11y.Name(doc.GetElementByID("h")), a11y.Name(doc.GetElementByID("v"))}
	if diff := cmp.Diff([]string{"Hidden button", "Shown"}, got); diff != "" {
		t.Errorf("names mismatch (-want +got):\n%s", diff)
	}
}

// TestRoleAndIsHiddenDoNotAllocate: a role query calls both for every
// element of a page.
func TestRoleAndIsHiddenDoNotAllocate(t *testing.T) {
	doc := vdom.ParseString(`<main><section><div><ul><li><a id=a href=/>x</a></li></ul><table><tr><th id=th>h</th><td>d</td></tr></table>
		<input id=in type=email><header id=hd>h</header><div id=r role="tab">t</div><span id=s style="visibility: hidden">s</span></div></section></main>`)
	for _, id := range []string{"a", "th", "in", "hd", "r", "s"} {
		el := doc.GetElementByID(id)
		if n := testing.AllocsPerRun(100, func() { _ = a11y.Role(el) }); n != 0 {
			t.Errorf("Role(#%s) allocates %v times", id, n)
		}
		if n := testing.AllocsPerRun(100, func() { _ = a11y.IsHidden(el) }); n != 0 {
			t.Errorf("IsHidden(#%s) allocates %v times", id, n)
		}
	}
}

// TestInlineStyle: the inline style declarations that hide, parsed as CSS
// does: case-insensitive, last declaration wins, !important ignored, a
// nearer visibility: visible undoes an ancestor's hidden.
func TestInlineStyle(t *testing.T) {
	doc := vdom.ParseString(`
		<div style="DISPLAY : None !IMPORTANT"><i id=a>a</i></div>
		<div style="display:none;display:block"><i id=b>b</i></div>
		<div style="display:block;;display:none;"><i id=c>c</i></div>
		<div style="visibility:hidden"><i id=d>d</i><i id=e style="visibility: visible">e</i></div>
		<div style="visibility:collapse"><i id=f>f</i></div>
		<div style="color: red; not a declaration"><i id=g>g</i></div>
		<div style="displayx: none"><i id=h>h</i></div>`)
	want := map[string]bool{"a": true, "b": false, "c": true, "d": true, "e": false, "f": true, "g": false, "h": false}
	got := map[string]bool{}
	for id := range want {
		got[id] = a11y.IsHidden(doc.GetElementByID(id))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("IsHidden mismatch (-want +got):\n%s", diff)
	}
}

// TestDeepTree: a name from content recurses once per level of the tree;
// a page nested 20,000 levels deep is named, and Role and IsHidden answer
// at its bottom.
func TestDeepTree(t *testing.T) {
	const depth = 20_000
	doc := vdom.ParseString("<button id=b>" + strings.Repeat("<span>", depth) + "deep" + strings.Repeat("</span>", depth) + "</button>")
	b := doc.GetElementByID("b")
	var bottom *vdom.Node
	for d := range b.Descendants() {
		if d.IsElement() {
			bottom = d
		}
	}
	got := []any{a11y.Name(b), a11y.Role(bottom), a11y.IsHidden(bottom)}
	if diff := cmp.Diff([]any{"deep", "generic", false}, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

// TestCurrent: aria-current's tokens (ARIA 1.2 §6.7), which Chromium's
// DevTools tree does not report, so the recordings cannot check them.
func TestCurrent(t *testing.T) {
	doc := vdom.ParseString(`
		<a id=page aria-current="page">x</a><a id=step aria-current=" STEP ">x</a>
		<a id=location aria-current="location">x</a><a id=date aria-current="date">x</a>
		<a id=time aria-current="time">x</a><a id=true aria-current="true">x</a>
		<a id=false aria-current="false">x</a><a id=empty aria-current="">x</a>
		<a id=unknown aria-current="yes please">x</a><a id=none>x</a>`)
	want := map[string]string{
		"page": "page", "step": "step", "location": "location", "date": "date", "time": "time",
		"true": "true", "false": "", "empty": "", "unknown": "true", "none": "",
	}
	got := map[string]string{}
	for id := range want {
		got[id] = a11y.States(doc.GetElementByID(id)).Current
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Current mismatch (-want +got):\n%s", diff)
	}
}

// TestHiddenCoversNotRendered: whatever vdom's IsRendered says is not
// rendered is hidden, on every recorded page and the 10k page; IsHidden
// adds aria-hidden, visibility and the elements of the user agent style
// sheet that vdom's focus rules do not need. IsHidden does not read the
// pages' style sheets, which IsRendered does: they are taken out of the
// documents first.
func TestHiddenCoversNotRendered(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "chromium", "pages", "*.html"))
	if err != nil {
		t.Fatal(err)
	}
	pages := map[string]string{"10k": string(pagegen.Page(10_000))}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		pages[filepath.Base(f)] = string(data)
	}
	for name, src := range pages {
		doc := vdom.ParseString(src)
		sheets, err := doc.QuerySelectorAll("style, link")
		if err != nil {
			t.Fatal(err)
		}
		for _, sheet := range sheets {
			sheet.Remove()
		}
		hidden := 0
		for n := range doc.Descendants() {
			if !n.IsElement() {
				continue
			}
			h := a11y.IsHidden(n)
			if !n.IsRendered() && !h && !inInlineUntilFound(n) {
				t.Errorf("%s: %s is not rendered but not hidden", name, n)
			}
			if h {
				hidden++
			}
		}
		if hidden == 0 {
			t.Errorf("%s: no hidden element at all (the head's are)", name)
		}
	}
}

// inInlineUntilFound reports an element inside an inline box with
// hidden=until-found: vdom's IsRendered, which reads no display, takes its
// content for skipped, where content-visibility: hidden does not apply to
// an inline box and Chromium renders and exposes it (the recorded page
// name-hidden-content).
func inInlineUntilFound(n *vdom.Node) bool {
	for p := n.ParentElement(); p != nil; p = p.ParentElement() {
		if v, ok := p.GetAttribute("hidden"); ok && strings.EqualFold(v, "until-found") {
			style, _ := p.GetAttribute("style")
			return p.LocalName() == "span" && !strings.Contains(style, "display")
		}
	}
	return false
}

// TestVisibilityInName: an inline visibility: hidden leaves an element's
// own text and text alternative out of a name, not a descendant's that is
// visible again.
func TestVisibilityInName(t *testing.T) {
	doc := vdom.ParseString(`
		<button id=img>a <span style="visibility:hidden"><img alt="gone"> <img style="visibility:visible" alt="back"></span> b</button>
		<button id=label>c <span style="visibility:hidden" aria-label="gone">x</span> d</button>`)
	got := []string{a11y.Name(doc.GetElementByID("img")), a11y.Name(doc.GetElementByID("label"))}
	if diff := cmp.Diff([]string{"a back b", "c d"}, got); diff != "" {
		t.Errorf("names mismatch (-want +got):\n%s", diff)
	}
}

// TestStatesChromiumDoesNotReport: Chromium's DevTools report required
// and read-only only for some roles (text boxes, comboboxes, grids, ...);
// the rest follow HTML and ARIA 1.2 and are checked here.
func TestStatesChromiumDoesNotReport(t *testing.T) {
	doc := vdom.ParseString(`
		<input id=checkbox type=checkbox required>
		<select id=select required><option>x</option></select>
		<input id=radio type=radio name=r required>
		<input id=range type=range required>
		<div id=aria-checkbox role=checkbox aria-required=true aria-readonly=true aria-checked=false>c</div>
		<div id=aria-button role=button aria-required=true aria-readonly=true>b</div>
		<div id=aria-switch role=switch aria-readonly=true aria-checked=false>s</div>
		<input id=readonly-checkbox type=checkbox readonly>`)
	type rr struct{ Required, ReadOnly bool }
	want := map[string]rr{
		"checkbox": {Required: true}, "select": {Required: true}, "radio": {Required: true}, "range": {},
		"aria-checkbox": {Required: true, ReadOnly: true}, "aria-button": {}, "aria-switch": {ReadOnly: true},
		"readonly-checkbox": {},
	}
	got := map[string]rr{}
	for id := range want {
		s := a11y.States(doc.GetElementByID(id))
		got[id] = rr{s.Required, s.ReadOnly}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

// TestStatesFollowTheUser: Invalid and a range's value read the value as
// it stands, so what a user types or sets changes them.
func TestStatesFollowTheUser(t *testing.T) {
	doc := vdom.ParseString(`<input id=mail type=email required value="nope"><input id=vol type=range value=20>`)
	mail, vol := doc.GetElementByID("mail"), doc.GetElementByID("vol")
	before := []any{a11y.States(mail).Invalid, a11y.States(vol).Value.Now}
	if err := mail.SetValue("ada@example.com"); err != nil {
		t.Fatal(err)
	}
	if err := vol.SetValue("70"); err != nil {
		t.Fatal(err)
	}
	after := []any{a11y.States(mail).Invalid, a11y.States(vol).Value.Now}
	if diff := cmp.Diff([]any{true, 20.0, false, 70.0}, append(before, after...)); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}
