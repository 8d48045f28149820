package selector_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/selector"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
)

// statePage is a form whose state the fake State reads from data-state
// (the pseudo-classes an element matches, by name) and data-focus (the
// focused element; "visible" for keyboard focus). The attributes a Static
// query reads say something else on purpose (cb1 has a checked attribute
// but is unchecked), so the tests tell which source was used.
const statePage = `<!DOCTYPE html>
<html><body id="body">
<form id="f1" data-state="invalid">
 <fieldset id="fs1" data-state="invalid">
  <legend id="lg1">L</legend>
  <input id="cb1" type="checkbox" checked data-state="valid read-only">
  <input id="cb2" type="checkbox" data-state="checked valid default">
  <input id="cb3" type="checkbox" data-state="indeterminate valid">
  <input id="t1" type="text" required placeholder="name" data-state="invalid read-write placeholder-shown">
  <input id="t2" type="text" data-state="valid disabled">
 </fieldset>
 <div id="d1"><div id="d2"><input id="n1" type="number" min="1" max="5" data-state="valid out-of-range read-write"></div></div>
 <input id="n2" type="number" data-state="valid in-range read-write">
 <select id="s1" data-state="valid">
  <option id="o1" data-state="checked default">a</option>
  <optgroup id="og1" data-state="disabled"><option id="o2" data-state="disabled">b</option></optgroup>
 </select>
 <textarea id="ta1" data-state="valid read-write"></textarea>
 <button id="b1" data-state="default valid">go</button>
 <button id="b2" type="reset">reset</button>
</form>
<form id="f2" data-state="valid"><input id="h1" type="hidden"></form>
<progress id="pr1" data-state="indeterminate"></progress>
<p id="p1"><a id="a1" href="/x">x</a> <a id="a2">no href</a></p>
<map><area id="ar1" href="/y"></map>
<div id="ce" contenteditable><span id="ce1">e</span><span id="ce2" contenteditable="false">f</span></div>
<svg id="svg"><a id="sa" href="/z"></a></svg>
</body></html>`

// fakeState answers from data-state and data-focus, and records every
// question asked outside the contract of State.Is.
type fakeState struct {
	root    *html.Node
	bad     []string
	focused *html.Node
	visible bool
	focuses int
}

func newFakeState(t testing.TB, doc *html.Node) *fakeState {
	t.Helper()
	fs := &fakeState{root: doc}
	for _, n := range elements(doc) {
		if v, ok := attrOK(n, "data-focus"); ok {
			fs.focused, fs.visible = n, v == "visible"
		}
	}
	return fs
}

func attrOK(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

// askedFor lists the elements State.Is may be asked about, per the
// contract in State's documentation.
var askedFor = map[selector.PseudoClass][]string{
	selector.PseudoChecked:          {"input", "option"},
	selector.PseudoIndeterminate:    {"input", "progress"},
	selector.PseudoDisabled:         {"button", "input", "select", "textarea", "optgroup", "option", "fieldset"},
	selector.PseudoValid:            {"input", "select", "textarea", "button", "fieldset", "form"},
	selector.PseudoInvalid:          {"input", "select", "textarea", "button", "fieldset", "form"},
	selector.PseudoInRange:          {"input"},
	selector.PseudoOutOfRange:       {"input"},
	selector.PseudoReadWrite:        {"input", "textarea"},
	selector.PseudoPlaceholderShown: {"input", "textarea"},
	selector.PseudoDefault:          {"button", "input", "option"},
	selector.PseudoUserValid:        {"input", "select", "textarea"},
	selector.PseudoUserInvalid:      {"input", "select", "textarea"},
}

func (fs *fakeState) Is(n *html.Node, pc selector.PseudoClass) bool {
	if pc == selector.PseudoTarget {
		// Any element with an id, and a elements with a name.
		_, id := attrOK(n, "id")
		_, name := attrOK(n, "name")
		if n.Type != html.ElementNode || !id && !(n.Namespace == "" && n.Data == "a" && name) {
			fs.bad = append(fs.bad, fmt.Sprintf("Is(%s, %s)", label(n), pc))
		}
	} else if n.Type != html.ElementNode || n.Namespace != "" || !slices.Contains(askedFor[pc], n.Data) {
		fs.bad = append(fs.bad, fmt.Sprintf("Is(%s, %s)", label(n), pc))
	}
	return slices.Contains(strings.Fields(attr(n, "data-state")), strings.TrimPrefix(pc.String(), ":"))
}

func (fs *fakeState) Focus() (*html.Node, bool) {
	fs.focuses++
	return fs.focused, fs.visible
}

// checkContract fails the test when State.Is was asked outside its
// contract.
func (fs *fakeState) checkContract(t testing.TB) {
	t.Helper()
	if len(fs.bad) > 0 {
		t.Errorf("State.Is called outside its contract: %v", fs.bad)
	}
}

func TestStatePseudoClasses(t *testing.T) {
	doc := parseHTML(t, statePage)
	focus := func(id string, visible bool) func(*fakeState) {
		return func(fs *fakeState) { fs.focused, fs.visible = byID(t, doc, id), visible }
	}
	tests := []struct {
		name  string
		sel   string
		setup func(*fakeState)
		want  []string
	}{
		{"checked is state, not the attribute", ":checked", nil, []string{"cb2", "o1"}},
		{"indeterminate", ":indeterminate", nil, []string{"cb3", "pr1"}},
		{"disabled", ":disabled", nil, []string{"t2", "og1", "o2"}},
		{"enabled", ":enabled", nil, []string{"fs1", "cb1", "cb2", "cb3", "t1", "n1", "n2", "s1", "o1", "ta1", "b1", "b2", "h1"}},
		{"required from the attribute", ":required", nil, []string{"t1"}},
		{"optional covers buttons and hidden inputs, as Chromium", ":optional", nil, []string{"cb1", "cb2", "cb3", "t2", "n1", "n2", "s1", "ta1", "b1", "b2", "h1"}},
		{"valid", ":valid", nil, []string{"cb1", "cb2", "cb3", "t2", "n1", "n2", "s1", "ta1", "b1", "f2"}},
		{"invalid on form and fieldset", ":invalid", nil, []string{"f1", "fs1", "t1"}},
		{"in-range", ":in-range", nil, []string{"n2"}},
		{"out-of-range", ":out-of-range", nil, []string{"n1"}},
		{"read-write with contenteditable", ":read-write", nil, []string{"t1", "n1", "n2", "ta1", "ce", "ce1"}},
		{"read-only", "form :read-only", nil, []string{"fs1", "lg1", "cb1", "cb2", "cb3", "t2", "d1", "d2", "s1", "o1", "og1", "o2", "b1", "b2", "h1"}},
		{"placeholder-shown", ":placeholder-shown", nil, []string{"t1"}},
		{"default", ":default", nil, []string{"cb2", "o1", "b1"}},
		{"any-link is a and area with href, and SVG a", ":any-link", nil, []string{"a1", "ar1", "sa"}},
		{"link", "p :link", nil, []string{"a1"}},
		{"visited never", ":visited", nil, []string{}},
		{"focus", ":focus", focus("t1", false), []string{"t1"}},
		{"no focus", ":focus, :focus-within", nil, []string{}},
		{"focus-visible needs keyboard focus", ":focus-visible", focus("t1", false), []string{}},
		{"focus-visible", ":focus-visible", focus("t1", true), []string{"t1"}},
		{"focus-within", ":focus-within", focus("n1", false), []string{"html", "body", "f1", "d1", "d2", "n1"}},
		{"focus-within descendant combinator", "form :focus-within", focus("n1", false), []string{"d1", "d2", "n1"}},
		{"focus-within child", ":focus-within > input", focus("n1", false), []string{"n1", "n2"}},
		{"not", "input:not(:checked):not(:disabled)", nil, []string{"cb1", "cb3", "t1", "n1", "n2", "h1"}},
		{"is", ":is(:checked, :indeterminate)", nil, []string{"cb2", "cb3", "o1", "pr1"}},
		{"has", "fieldset:has(> :checked)", nil, []string{"fs1"}},
		{"has focus", "div:has(:focus)", focus("n1", false), []string{"d1", "d2"}},
		{"has relative sibling", "input:has(+ :checked)", nil, []string{"cb1"}},
		{"descendant of invalid", ":invalid :valid", nil, []string{"cb1", "cb2", "cb3", "t2", "n1", "n2", "s1", "ta1", "b1"}},
		{"sibling combinator", ":checked ~ :invalid", nil, []string{"t1"}},
		{"with plain parts", "input[type=checkbox]:checked.x, option:checked", nil, []string{"o1"}},
		{"case-insensitive", ":CHECKED", nil, []string{"cb2", "o1"}},
		{"escaped name", `:ch\65 cked`, nil, []string{"cb2", "o1"}},
		{"scope", ":scope :checked", nil, []string{"cb2", "o1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := newFakeState(t, doc)
			if tt.setup != nil {
				tt.setup(fs)
			}
			sel := selector.MustCompile(tt.sel)
			live := sel.WithState(fs)
			got := labels(live.QueryAll(doc))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("QueryAll(%q) mismatch (-want +got):\n%s", tt.sel, diff)
			}
			var brute []*html.Node
			for _, el := range elements(doc) {
				if live.Match(el, doc) {
					brute = append(brute, el)
				}
			}
			if diff := cmp.Diff(tt.want, labels(brute)); diff != "" {
				t.Errorf("Match(%q) over every element mismatch (-want +got):\n%s", tt.sel, diff)
			}
			first := live.QueryFirst(doc)
			if len(tt.want) > 0 != (first != nil) || first != nil && label(first) != tt.want[0] {
				t.Errorf("QueryFirst(%q) = %s, want the first of %v", tt.sel, label(first), tt.want)
			}
			if diff := cmp.Diff(tt.want, labels(live.QueryScoped(doc, nil))); diff != "" && !strings.Contains(tt.sel, "scope") {
				t.Errorf("QueryScoped(%q) mismatch (-want +got):\n%s", tt.sel, diff)
			}
			fs.checkContract(t)
		})
	}
}

// TestStateFocusReadOnce checks that a query asks State for the focused
// element once, however many elements it tests.
func TestStateFocusReadOnce(t *testing.T) {
	doc := parseHTML(t, statePage)
	for _, src := range []string{":focus-within", "* :focus", ":is(:focus-visible, :focus) ~ *", "div:has(:focus-within)"} {
		t.Run(src, func(t *testing.T) {
			fs := newFakeState(t, doc)
			fs.focused = byID(t, doc, "n1")
			selector.MustCompile(src).WithState(fs).QueryAll(doc)
			if fs.focuses != 1 {
				t.Errorf("QueryAll(%q) called Focus %d times, want 1", src, fs.focuses)
			}
		})
	}
}

// TestStateNotAskedWithoutStatePseudoClasses checks that selectors without
// state pseudo-classes never call the State.
func TestStateNotAskedWithoutStatePseudoClasses(t *testing.T) {
	doc := parseHTML(t, statePage)
	for _, src := range sources {
		st := panicState{}
		sel := selector.MustCompile(src).WithState(st)
		sel.QueryAll(doc)
		sel.QueryFirst(doc)
		sel.QueryScoped(doc, nil)
		for _, el := range elements(doc) {
			sel.Match(el, nil)
		}
	}
}

type panicState struct{}

func (panicState) Is(n *html.Node, pc selector.PseudoClass) bool { panic("Is called") }
func (panicState) Focus() (*html.Node, bool)                     { panic("Focus called") }

// TestStateWithoutState checks the queries without a State: the
// attributes decide, as Static documents.
func TestStateWithoutState(t *testing.T) {
	const page = `<!DOCTYPE html><body>
<form id="f">
 <input id="c1" type="checkbox" checked>
 <input id="c2" type="CheckBox">
 <input id="r1" type="radio" name="g">
 <input id="r2" type="radio" name="g">
 <input id="r3" type="radio" name="h" checked>
 <input id="r4" type="radio" name="h" form="other">
 <fieldset id="fs" disabled>
  <legend id="lg"><input id="inlegend"></legend>
  <input id="infs">
  <legend id="lg2"><input id="insecond"></legend>
 </fieldset>
 <select id="s" required><option id="o0" value="">pick</option><option id="o1">a</option></select>
 <select id="s2"><optgroup id="og" disabled><option id="o2">b</option></optgroup><option id="o3" selected>c</option></select>
 <input id="t" required placeholder="p">
 <input id="t2" required value="v" placeholder="p" readonly>
 <input id="n" type="number" min="2" max="4" value="7">
 <input id="n2" type="number" min="2" value="3">
 <input id="rg" type="range" value="200">
 <textarea id="ta" required></textarea>
 <input id="sub" type="submit"><button id="b">b</button>
</form>
<form id="other"><button id="ob" type="button">x</button></form>
<input id="outside" type="submit" form="other">
<progress id="p" value="1"></progress><progress id="p2"></progress>
<a id="a" href="">a</a><link id="l" href="x">
</body>`
	doc := parseHTML(t, page)
	tests := []struct {
		sel  string
		want []string
	}{
		{":checked", []string{"c1", "r3", "o0", "o3"}},
		{":indeterminate", []string{"r1", "r2", "r4", "p2"}},
		{":disabled", []string{"fs", "infs", "insecond", "og", "o2"}},
		{"input:enabled", []string{"c1", "c2", "r1", "r2", "r3", "r4", "inlegend", "t", "t2", "n", "n2", "rg", "sub", "outside"}},
		{":required", []string{"s", "t", "t2", "ta"}},
		{":invalid", []string{"f", "s", "t", "ta"}},
		{"form:valid, input:valid", []string{"c1", "c2", "r1", "r2", "r3", "r4", "inlegend", "n", "n2", "rg", "sub", "other", "outside"}},
		{":in-range", []string{"n2", "rg"}},
		{":out-of-range", []string{"n"}},
		{":read-write", []string{"inlegend", "t", "n", "n2", "ta"}},
		{":placeholder-shown", []string{"t"}},
		{":default", []string{"c1", "r3", "o3", "sub", "outside"}},
		{":link", []string{"a"}},
		{":focus, :focus-within, :focus-visible, :visited", []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.sel, func(t *testing.T) {
			sel := selector.MustCompile(tt.sel)
			if diff := cmp.Diff(tt.want, labels(sel.QueryAll(doc))); diff != "" {
				t.Errorf("QueryAll(%q) mismatch (-want +got):\n%s", tt.sel, diff)
			}
			if diff := cmp.Diff(tt.want, labels(sel.WithState(nil).QueryAll(doc))); diff != "" {
				t.Errorf("WithState(nil).QueryAll(%q) mismatch (-want +got):\n%s", tt.sel, diff)
			}
			if diff := cmp.Diff(tt.want, labels(sel.WithState(selector.Static).QueryAll(doc))); diff != "" {
				t.Errorf("WithState(Static).QueryAll(%q) mismatch (-want +got):\n%s", tt.sel, diff)
			}
		})
	}
}

func TestStatePseudoClassErrors(t *testing.T) {
	tests := []struct {
		sel    string
		offset int
		reason string
	}{
		{":checked(", 8, ":checked does not take arguments"},
		{"input:focus-within()", 18, ":focus-within does not take arguments"},
		{":Disabled(x)", 9, ":Disabled does not take arguments"},
		{":focus-inside", 0, "unknown pseudo-class :focus-inside"},
		{":not(:checked(1))", 13, ":checked does not take arguments"},
		{"::checked", 0, "pseudo-elements are not supported"},
	}
	for _, tt := range tests {
		t.Run(tt.sel, func(t *testing.T) {
			_, err := selector.Compile(tt.sel)
			var se *selector.Error
			if !errors.As(err, &se) {
				t.Fatalf("Compile(%q) = %v, want an *Error", tt.sel, err)
			}
			if se.Offset != tt.offset || !strings.Contains(se.Reason, tt.reason) {
				t.Errorf("Compile(%q): offset %d, %q; want offset %d and %q", tt.sel, se.Offset, se.Reason, tt.offset, tt.reason)
			}
		})
	}
}

func TestPseudoClassString(t *testing.T) {
	var got []string
	for pc := selector.PseudoChecked; pc <= selector.PseudoVisited; pc++ {
		got = append(got, pc.String())
	}
	want := []string{":checked", ":indeterminate", ":disabled", ":enabled", ":required", ":optional",
		":valid", ":invalid", ":in-range", ":out-of-range", ":read-only", ":read-write",
		":placeholder-shown", ":default", ":focus", ":focus-within", ":focus-visible",
		":any-link", ":link", ":visited"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("String mismatch (-want +got):\n%s", diff)
	}
}

// TestStaticSelect checks the selected option Static derives for a
// required select: a drop-down selects its first enabled option, a list
// box (size 2 and more, or multiple) none.
func TestStaticSelect(t *testing.T) {
	doc := parseHTML(t, `<select id="drop" required><option disabled>x</option><option id="o">a</option></select>`+
		`<select id="list" required size=" 2px"><option>a</option></select>`+
		`<select id="multi" required multiple><option>a</option></select>`+
		`<select id="ph" required><option value="">pick</option><option>a</option></select>`)
	got := labels(selector.MustCompile("select:invalid").QueryAll(doc))
	if diff := cmp.Diff([]string{"list", "multi", "ph"}, got); diff != "" {
		t.Errorf("select:invalid mismatch (-want +got):\n%s", diff)
	}
}

// TestClosest checks Closest against Match on every inclusive ancestor,
// with and without a State.
func TestClosest(t *testing.T) {
	doc := parseHTML(t, statePage)
	fs := newFakeState(t, doc)
	fs.focused = byID(t, doc, "n1")
	for _, src := range []string{"form", "div:focus-within", ":invalid", ":scope", "div :scope", "fieldset:has(:checked)", ":read-only", "p", "#nothing"} {
		sel := selector.MustCompile(src)
		for _, st := range []selector.State{nil, fs} {
			live := sel.WithState(st)
			for _, el := range elements(doc) {
				var want *html.Node
				for h := el; h != nil; h = h.Parent {
					if live.Match(h, el) {
						want = h
						break
					}
				}
				if got := live.Closest(el); got != want {
					t.Errorf("Closest(%q) from %s = %s, want %s", src, label(el), label(got), label(want))
				}
				if st == nil {
					if got := sel.Closest(el); got != want {
						t.Errorf("Selector.Closest(%q) from %s = %s, want %s", src, label(el), label(got), label(want))
					}
				}
			}
		}
	}
	fs.checkContract(t)
}
