package vdom_test

import (
	"fmt"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
)

// sameNode compares handles by identity: a query must return the very
// handles of the tree's nodes.
var sameNode = cmp.Comparer(func(a, b *vdom.Node) bool { return a == b })

// cachePage has something for every kind of change to alter.
const cachePage = `<!DOCTYPE html><body>
<div id=root class=box>
<p id=p1 class=x>hello <b id=b1>bold</b></p>
<p id=p2>world</p>
<span id=s1></span>
<form id=f>
<input id=cb type=checkbox>
<input id=req required placeholder=name>
<input id=num type=number min=1 max=5 value=3>
<input id=file type=file required>
<select id=sel><option id=o1>a</option><option id=o2>b</option></select>
<button id=btn>go</button>
</form>
</div>`

// checkCached runs sel from root through the cache (twice, so the second
// is served by it when nothing changed) and without it, and reports any
// difference. It returns the uncached result.
func checkCached(t *testing.T, root *vdom.Node, sel, context string) []*vdom.Node {
	t.Helper()
	want, err := root.QuerySelectorAllUncached(sel)
	if err != nil {
		t.Fatalf("%s: %q: %v", context, sel, err)
	}
	for range 2 {
		got, err := root.QuerySelectorAll(sel)
		if err != nil {
			t.Fatalf("%s: %q: %v", context, sel, err)
		}
		if d := cmp.Diff(want, got, sameNode); d != "" {
			t.Fatalf("%s: QuerySelectorAll(%q) from %v differs from the uncached query (-uncached +cached):\n%s", context, sel, root, d)
		}
		first, err := root.QuerySelector(sel)
		if err != nil {
			t.Fatalf("%s: %q: %v", context, sel, err)
		}
		var wantFirst *vdom.Node
		if len(want) > 0 {
			wantFirst = want[0]
		}
		if first != wantFirst {
			t.Fatalf("%s: QuerySelector(%q) from %v = %v, the uncached query gives %v", context, sel, root, first, wantFirst)
		}
	}
	return want
}

// TestQueryCacheInvalidation runs, for every mutation API and every setter
// of live state, a query whose result the change alters: query (so the
// result is cached), change, query again. The second result must equal an
// uncached query's, and differ from the first (so a cache that kept the
// old result would fail), and the counter that stands for the change must
// have moved. Changes no selector can see (Normalize merging text,
// SplitText) only check the counter and the agreement.
func TestQueryCacheInvalidation(t *testing.T) {
	type change struct {
		name    string
		sel     string
		counter string // "dom" or "live": the counter the change moves
		setup   func(d *vdom.Document)
		do      func(d *vdom.Document) error
		unseen  bool // the change is invisible to selectors
	}
	id := func(d *vdom.Document, s string) *vdom.Node { return d.GetElementByID(s) }
	el := func(d *vdom.Document, tag string) *vdom.Node {
		n, err := d.CreateElement(tag)
		if err != nil {
			panic(err)
		}
		return n
	}
	nothing := func(*vdom.Document) {}
	changes := []change{
		// The tree.
		{"AppendChild", "p", "dom", nothing, func(d *vdom.Document) error { _, err := id(d, "root").AppendChild(el(d, "p")); return err }, false},
		{"InsertBefore", "p", "dom", nothing, func(d *vdom.Document) error {
			_, err := id(d, "root").InsertBefore(el(d, "p"), id(d, "p1"))
			return err
		}, false},
		{"RemoveChild", "p", "dom", nothing, func(d *vdom.Document) error { _, err := id(d, "root").RemoveChild(id(d, "p2")); return err }, false},
		{"ReplaceChild", "b", "dom", nothing, func(d *vdom.Document) error { _, err := id(d, "p1").ReplaceChild(el(d, "i"), id(d, "b1")); return err }, false},
		{"Remove", "b", "dom", nothing, func(d *vdom.Document) error { id(d, "b1").Remove(); return nil }, false},
		{"ReplaceChildren", "p b", "dom", nothing, func(d *vdom.Document) error { return id(d, "p1").ReplaceChildren(vdom.Text("t")) }, false},
		{"Prepend", "span > *", "dom", nothing, func(d *vdom.Document) error { return id(d, "s1").Prepend(el(d, "i")) }, false},
		{"Append", "span > *", "dom", nothing, func(d *vdom.Document) error { return id(d, "s1").Append(el(d, "i")) }, false},
		{"Before", "span + span", "dom", nothing, func(d *vdom.Document) error { return id(d, "s1").Before(el(d, "span")) }, false},
		{"After", "span + span", "dom", nothing, func(d *vdom.Document) error { return id(d, "s1").After(el(d, "span")) }, false},
		{"ReplaceWith", "span", "dom", nothing, func(d *vdom.Document) error { return id(d, "s1").ReplaceWith(el(d, "i")) }, false},
		{"InsertAdjacentHTML", "i", "dom", nothing, func(d *vdom.Document) error { return id(d, "p2").InsertAdjacentHTML(vdom.AfterEnd, "<i>x</i>") }, false},
		{"InsertAdjacentText", "span:empty", "dom", nothing, func(d *vdom.Document) error { return id(d, "s1").InsertAdjacentText(vdom.AfterBegin, "t") }, false},
		{"SetInnerHTML", "i", "dom", nothing, func(d *vdom.Document) error { return id(d, "p2").SetInnerHTML("<i>x</i>") }, false},
		{"SetOuterHTML", "em", "dom", nothing, func(d *vdom.Document) error { return id(d, "s1").SetOuterHTML("<em></em>") }, false},
		{"SetInnerText", "br", "dom", nothing, func(d *vdom.Document) error { id(d, "p2").SetInnerText("a\nb"); return nil }, false},
		{"SetTextContent", `p:contains("world")`, "dom", nothing, func(d *vdom.Document) error { id(d, "p2").SetTextContent("earth"); return nil }, false},
		{"SetTextContent on an empty element", "span:empty", "dom", nothing, func(d *vdom.Document) error { id(d, "s1").SetTextContent("t"); return nil }, false},
		{"moved from another document", "em", "dom", nothing, func(d *vdom.Document) error {
			other := vdom.ParseString(`<em id=e>x</em>`)
			_, err := id(d, "root").AppendChild(other.GetElementByID("e"))
			return err
		}, false},
		// Attributes.
		{"SetAttribute, new", ".y", "dom", nothing, func(d *vdom.Document) error { return id(d, "p2").SetAttribute("class", "y") }, false},
		{"SetAttribute, changed", ".x", "dom", nothing, func(d *vdom.Document) error { return id(d, "p1").SetAttribute("class", "z") }, false},
		{"RemoveAttribute", "p[class]", "dom", nothing, func(d *vdom.Document) error { id(d, "p1").RemoveAttribute("class"); return nil }, false},
		{"ToggleAttribute", "[hidden]", "dom", nothing, func(d *vdom.Document) error { _, err := id(d, "p2").ToggleAttribute("hidden"); return err }, false},
		{"ClassList().Add", ".k", "dom", nothing, func(d *vdom.Document) error { return id(d, "p2").ClassList().Add("k") }, false},
		{"Dataset().Set", "[data-k]", "dom", nothing, func(d *vdom.Document) error { return id(d, "p2").Dataset().Set("k", "1") }, false},
		{"SetID", "#new", "dom", nothing, func(d *vdom.Document) error { return id(d, "p2").SetID("new") }, false},
		{"SetDisabled", ":disabled", "dom", nothing, func(d *vdom.Document) error { id(d, "btn").SetDisabled(true); return nil }, false},
		// Character data.
		{"SetData", `p:contains("hello")`, "dom", nothing, func(d *vdom.Document) error { id(d, "p1").FirstChild().SetData("bye "); return nil }, false},
		{"SplitText", "p", "dom", nothing, func(d *vdom.Document) error { _, err := id(d, "p2").FirstChild().SplitText(2); return err }, true},
		{"Normalize", "p", "dom", func(d *vdom.Document) {
			if _, err := id(d, "p2").FirstChild().SplitText(2); err != nil {
				panic(err)
			}
		}, func(d *vdom.Document) error { id(d, "p2").Normalize(); return nil }, true},
		// Live state.
		{"SetChecked", ":checked", "live", nothing, func(d *vdom.Document) error { id(d, "cb").SetChecked(true); return nil }, false},
		{"Click on a checkbox", ":checked", "live", nothing, func(d *vdom.Document) error { return id(d, "cb").Click() }, false},
		{"SetIndeterminate", ":indeterminate", "live", nothing, func(d *vdom.Document) error { id(d, "cb").SetIndeterminate(true); return nil }, false},
		{"SetValue", "input:invalid", "live", nothing, func(d *vdom.Document) error { return id(d, "req").SetValue("x") }, false},
		{"SetValue, placeholder", ":placeholder-shown", "live", nothing, func(d *vdom.Document) error { return id(d, "req").SetValue("x") }, false},
		{"SetValueAsNumber", ":out-of-range", "live", nothing, func(d *vdom.Document) error { return id(d, "num").SetValueAsNumber(9) }, false},
		{"SetSelected", "option:checked", "live", nothing, func(d *vdom.Document) error { id(d, "o2").SetSelected(true); return nil }, false},
		{"SetSelectedIndex", "option:checked", "live", nothing, func(d *vdom.Document) error { id(d, "sel").SetSelectedIndex(1); return nil }, false},
		{"SetCustomValidity", "#cb:invalid", "live", nothing, func(d *vdom.Document) error { id(d, "cb").SetCustomValidity("no"); return nil }, false},
		{"SetFiles", "input:invalid", "live", nothing, func(d *vdom.Document) error {
			return id(d, "file").SetFiles([]vdom.File{{Name: "a.txt", Content: []byte("a")}})
		}, false},
		{"EditAsUser", ":placeholder-shown", "live", func(d *vdom.Document) {
			if err := id(d, "req").Focus(); err != nil {
				panic(err)
			}
		}, func(d *vdom.Document) error { _, err := id(d, "req").EditAsUser("insertText", "a"); return err }, false},
		{"Focus", ":focus", "live", nothing, func(d *vdom.Document) error { return id(d, "req").Focus() }, false},
		{"Focus, :focus-within", "div:focus-within", "live", nothing, func(d *vdom.Document) error { return id(d, "req").Focus() }, false},
		{"Blur", ":focus", "live", func(d *vdom.Document) {
			if err := id(d, "req").Focus(); err != nil {
				panic(err)
			}
		}, func(d *vdom.Document) error { return id(d, "req").Blur() }, false},
		{"focused element removed", ":focus", "live", func(d *vdom.Document) {
			if err := id(d, "req").Focus(); err != nil {
				panic(err)
			}
		}, func(d *vdom.Document) error { id(d, "req").Remove(); return nil }, false},
		{"RequestSubmit marks user validity", ":user-invalid", "live", nothing, func(d *vdom.Document) error {
			_ = id(d, "f").RequestSubmit(nil) // invalid: no submission
			return nil
		}, false},
		{"Reset", ":checked", "live", func(d *vdom.Document) { id(d, "cb").SetChecked(true) }, func(d *vdom.Document) error { return id(d, "f").Reset() }, false},
	}
	for _, c := range changes {
		t.Run(c.name, func(t *testing.T) {
			d := vdom.ParseString(cachePage)
			c.setup(d)
			roots := []*vdom.Node{&d.Node, d.Body()}
			before := make([][]*vdom.Node, len(roots))
			for i, r := range roots {
				before[i] = checkCached(t, r, c.sel, "before")
			}
			dom0, live0 := vdom.QueryCountersForTest(d)
			if err := c.do(d); err != nil {
				t.Fatal(err)
			}
			dom1, live1 := vdom.QueryCountersForTest(d)
			switch {
			case c.counter == "dom" && dom1 == dom0:
				t.Errorf("the mutation counter did not move (%d)", dom0)
			case c.counter == "live" && live1 == live0 && dom1 == dom0:
				t.Errorf("neither the live state counter (%d) nor the mutation counter moved", live0)
			}
			for i, r := range roots {
				after := checkCached(t, r, c.sel, "after "+c.name)
				if !c.unseen && cmp.Equal(before[i], after, sameNode) {
					t.Fatalf("%q from %v gives %v before and after: the case tests nothing", c.sel, r, after)
				}
			}
		})
	}
}

// TestQueryCacheServesResults shows the cache at work: a change made to
// the x/net/html nodes directly, which vdom does not see, is not seen by
// a repeated query either (so the result came from the cache), while a
// change of live state leaves results of selectors that read no state in
// place and drops those that do.
func TestQueryCacheServesResults(t *testing.T) {
	d := vdom.ParseString(cachePage)
	root := d.GetElementByID("root")
	ps := checkCached(t, root, "p", "first")
	checked := checkCached(t, root, ":checked", "first")
	// Behind vdom's back: an extra p the cache cannot know about.
	root.HTML().AppendChild(&html.Node{Type: html.ElementNode, Data: "p"})
	got, _ := root.QuerySelectorAll("p")
	if d := cmp.Diff(ps, got, sameNode); d != "" {
		t.Fatalf("the repeated query did not come from the cache (-first +repeated):\n%s", d)
	}
	d.GetElementByID("cb").SetChecked(true) // live state only
	got, _ = root.QuerySelectorAll("p")
	if d := cmp.Diff(ps, got, sameNode); d != "" {
		t.Fatalf("a change of live state dropped the result of a selector that reads none (-first +after):\n%s", d)
	}
	got, _ = root.QuerySelectorAll(":checked")
	want, _ := root.QuerySelectorAllUncached(":checked")
	if diff := cmp.Diff(want, got, sameNode); diff != "" || cmp.Equal(checked, got, sameNode) {
		t.Fatalf(":checked after SetChecked = %v, before %v (-uncached +cached):\n%s", got, checked, diff)
	}
}

// TestQueryCacheResultsAreTheCallers checks that a returned slice shares
// nothing with the cache: changing it, or appending to it, does not change
// the next result.
func TestQueryCacheResultsAreTheCallers(t *testing.T) {
	d := vdom.ParseString(cachePage)
	want, _ := d.QuerySelectorAllUncached("p, span")
	r1, _ := d.QuerySelectorAll("p, span")
	r1[0] = nil
	r1 = append(r1[:1], d.Body())
	_ = r1
	r2, _ := d.QuerySelectorAll("p, span")
	if diff := cmp.Diff(want, r2, sameNode); diff != "" {
		t.Fatalf("changing a returned slice changed the next result (-want +got):\n%s", diff)
	}
	r2[1] = d.Body()
	r3, _ := d.QuerySelectorAll("p, span")
	if diff := cmp.Diff(want, r3, sameNode); diff != "" {
		t.Fatalf("changing a returned slice changed the next result (-want +got):\n%s", diff)
	}
}

// TestQueryCacheBound checks the documented bounds: no more than 4096
// results and 1<<18 handles per document, whatever is asked, and no more
// than 16 selectors per root.
func TestQueryCacheBound(t *testing.T) {
	// 40 nested divs around 3,000 empty elements.
	var b []byte
	b = append(b, "<!DOCTYPE html><body>"...)
	for i := range 40 {
		b = fmt.Appendf(b, "<div id=d%d>", i)
	}
	for i := range 3000 {
		b = fmt.Appendf(b, "<i id=e%d></i>", i)
	}
	d := vdom.ParseString(string(b))
	maxEntries, maxHandles := 0, 0
	note := func() {
		e, h := vdom.QueryCacheSizeForTest(d)
		maxEntries, maxHandles = max(maxEntries, e), max(maxHandles, h)
	}
	// Many small results: the entry bound.
	for i := range 3000 {
		for _, sel := range []string{"i", "*"} {
			if _, err := d.GetElementByID(fmt.Sprint("e", i)).QuerySelectorAll(sel); err != nil {
				t.Fatal(err)
			}
		}
		note()
	}
	// Large results (3,000 handles each) from 40 roots: the handle bound.
	for i := range 40 {
		for j := range 6 {
			if _, err := d.GetElementByID(fmt.Sprint("d", i)).QuerySelectorAll(fmt.Sprintf("i:not(.c%d)", j)); err != nil {
				t.Fatal(err)
			}
			note()
		}
	}
	if maxEntries > 4096 || maxHandles > 1<<18 {
		t.Fatalf("the cache held up to %d results and %d handles; the bounds are 4096 and %d", maxEntries, maxHandles, 1<<18)
	}
	// Per root: after a change (which empties the cache), 17 selectors
	// from one root keep 16 results.
	mustOK(t, d.Body().SetAttribute("class", "x"))
	if e, h := vdom.QueryCacheSizeForTest(d); e != 0 || h != 0 {
		t.Fatalf("after a mutation the cache holds %d results, %d handles; want none", e, h)
	}
	for j := range 17 {
		if _, err := d.Body().QuerySelectorAll(fmt.Sprintf("#e%d", j)); err != nil {
			t.Fatal(err)
		}
	}
	if e, h := vdom.QueryCacheSizeForTest(d); e != 16 || h != 16 {
		t.Fatalf("17 selectors from one root left %d results and %d handles, want 16 and 16", e, h)
	}
	if maxEntries < 4000 || maxHandles < 1<<17 {
		t.Fatalf("the cache held at most %d results and %d handles: it keeps far less than it may", maxEntries, maxHandles)
	}
}
