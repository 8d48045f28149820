package a11y_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/a11y"
	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/internal/testenv"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// deepWrap puts markup 40 div elements deep, below the depth up to which
// a HiddenChecker reads ancestors afresh, so that its remembered
// ancestors are what decides.
func deepWrap(markup string) string {
	return strings.Repeat("<div>", 40) + markup + strings.Repeat("</div>", 40)
}

// elementsOf returns the elements of doc in tree order, and the elements
// of trees not connected to it: a detached element holding markup, a
// fragment holding it, and a subtree removed from the document.
func elementsOf(t testing.TB, doc *vdom.Document, markup string) []*vdom.Node {
	t.Helper()
	var els []*vdom.Node
	add := func(root *vdom.Node) {
		for n := range root.Descendants() {
			if n.IsElement() {
				els = append(els, n)
			}
		}
	}
	add(&doc.Node)
	detached, err := doc.CreateElement("section")
	if err != nil {
		t.Fatal(err)
	}
	if err := detached.SetInnerHTML(markup); err != nil {
		t.Fatalf("detached element: %v", err)
	}
	els = append(els, detached)
	add(detached)
	frag := doc.CreateDocumentFragment()
	if err := frag.SetInnerHTML(deepWrap(markup)); err != nil {
		t.Fatalf("fragment: %v", err)
	}
	add(frag)
	removed, err := doc.CreateElement("div")
	if err != nil {
		t.Fatal(err)
	}
	if err := removed.SetInnerHTML(deepWrap(markup)); err != nil {
		t.Fatalf("removed subtree: %v", err)
	}
	if _, err := doc.Body().AppendChild(removed); err != nil {
		t.Fatal(err)
	}
	removed.Remove()
	els = append(els, removed)
	add(removed)
	return els
}

// checkerAgrees asks a fresh HiddenChecker about els in tree order, in
// reverse, deepest first and in shuffled orders, and reports every
// element on which it differs from IsHidden.
func checkerAgrees(t *testing.T, what string, els []*vdom.Node) {
	t.Helper()
	want := make(map[*vdom.Node]bool, len(els))
	for _, el := range els {
		want[el] = a11y.IsHidden(el)
	}
	// Each element's depth, counted once: counted in the comparison, it
	// took most of the test's time on the deep pages.
	depth := make(map[*vdom.Node]int, len(els))
	for _, n := range els {
		d := 0
		for p := n.ParentNode(); p != nil; p = p.ParentNode() {
			d++
		}
		depth[n] = d
	}
	orders := map[string][]*vdom.Node{
		"tree order": els,
		"reverse":    reversed(els),
		"deepest first": slices.SortedStableFunc(slices.Values(els), func(a, b *vdom.Node) int {
			return depth[b] - depth[a]
		}),
	}
	for seed := range uint64(3) {
		shuffled := slices.Clone(els)
		rand.New(rand.NewPCG(seed, 42)).Shuffle(len(shuffled), func(i, j int) {
			shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
		})
		orders["shuffled "+string(rune('a'+seed))] = shuffled
	}
	for name, order := range orders {
		var c a11y.HiddenChecker
		answers := make([]bool, len(order))
		same := true
		for i, el := range order {
			answers[i] = c.IsHidden(el)
			same = same && answers[i] == want[el]
		}
		if same {
			continue
		}
		var got, exp []string
		for i, el := range order {
			got = append(got, el.String()+": "+yesNo(answers[i]))
			exp = append(exp, el.String()+": "+yesNo(want[el]))
		}
		if diff := cmp.Diff(exp, got); diff != "" {
			t.Errorf("%s, %s: the checker differs from IsHidden (-IsHidden +checker):\n%s",
				what, name, diff[:min(len(diff), 4000)])
		}
	}
}

// reversed returns a reversed copy of els.
func reversed(els []*vdom.Node) []*vdom.Node {
	r := slices.Clone(els)
	slices.Reverse(r)
	return r
}

func yesNo(b bool) string {
	if b {
		return "hidden"
	}
	return "not hidden"
}

// TestHiddenCheckerAgreesOnRecordedPages: on every page the Chromium
// recordings come from, as it is and nested 40 levels deep, and on the
// trees made from it that are not connected, the checker says what
// IsHidden says of every element, in any order.
func TestHiddenCheckerAgreesOnRecordedPages(t *testing.T) {
	paths, err := filepath.Glob("testdata/chromium/pages/*.html")
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatal("no pages in testdata/chromium/pages")
	}
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		page := string(src)
		doc := vdom.ParseString(pageDocument(page))
		checkerAgrees(t, filepath.Base(path), elementsOf(t, doc, page))
		deep := vdom.ParseString(deepWrap(page))
		checkerAgrees(t, filepath.Base(path)+" nested", elementsOf(t, deep, page))
	}
}

// TestHiddenCheckerAgreesOnGeneratedPage: the same on a page of
// bench/pagegen, of 2,000 elements (the 10k page of the benchmarks with
// EVENTPERK_LONG=1).
func TestHiddenCheckerAgreesOnGeneratedPage(t *testing.T) {
	n := 2_000
	if testenv.Long(t) {
		n = 10_000
	}
	page := string(pagegen.Page(n))
	doc := vdom.ParseString(page)
	els := elementsOf(t, doc, page)
	hidden := 0
	for _, el := range els[:n] {
		if a11y.IsHidden(el) {
			hidden++
		}
	}
	if hidden == 0 || hidden == n {
		t.Fatalf("%d of the %d-element page's elements are hidden: the page does not test both answers", hidden, n)
	}
	checkerAgrees(t, fmt.Sprintf("%d-element page", n), els)
}

// TestHiddenCheckerDeepRules: the rules that depend on ancestors, each
// far below the threshold and above it, and changes of visibility at
// every level of a deep tree.
func TestHiddenCheckerDeepRules(t *testing.T) {
	rules := `
		<div style="visibility:hidden"><p>h</p><p style="visibility:visible">v<i>vi</i><b style="visibility:collapse">c</b></p></div>
		<div hidden=until-found><p>u</p></div><p hidden=until-found id=u>self</p>
		<details><p>closed</p><summary>first</summary><summary>second</summary></details>
		<details open><p>open</p></details>
		<select><option>o</option><optgroup><option>g</option></optgroup></select>
		<datalist><option>d</option></datalist>
		<dialog><p>d</p></dialog><dialog open><p>o</p></dialog>
		<div aria-hidden=" TRUE "><p>a</p></div><div inert><p>i</p></div>
		<div style="display:none"><p style="display:block">n</p></div>
		<template><p>t</p></template><noscript><p>n</p></noscript>
		<audio><p>a</p></audio><audio controls><p>c</p></audio>
		<svg><g style="visibility:hidden"><text>t</text></g></svg>`
	var alternating strings.Builder
	for i := range 300 {
		switch i % 7 {
		case 0:
			alternating.WriteString(`<div style="visibility:hidden">`)
		case 3:
			alternating.WriteString(`<div style="visibility:visible">`)
		case 5:
			alternating.WriteString(`<span hidden=until-found>`)
		default:
			alternating.WriteString(`<div>`)
		}
	}
	alternating.WriteString(rules)
	for _, tc := range []struct{ name, page string }{
		{"as is", rules},
		{"40 deep", deepWrap(rules)},
		{"1000 deep", strings.Repeat("<div>", 1000) + rules},
		{"under alternating visibility", alternating.String()},
	} {
		doc := vdom.ParseString(tc.page)
		checkerAgrees(t, tc.name, elementsOf(t, doc, rules))
	}
}

// TestHiddenCheckerNotElements: nil and nodes that are not elements are
// hidden, as IsHidden says.
func TestHiddenCheckerNotElements(t *testing.T) {
	doc := vdom.ParseString(`<p>text<!--c--></p>`)
	var c a11y.HiddenChecker
	p := doc.Body().FirstChild()
	for _, n := range []*vdom.Node{nil, &doc.Node, p.FirstChild(), p.LastChild()} {
		if !c.IsHidden(n) {
			t.Errorf("%v: not hidden", n)
		}
	}
	if c.IsHidden(p) {
		t.Errorf("%s: hidden", p)
	}
}

// TestHiddenCheckerDoesNotAllocateOnShallowPages: on an ordinary page the
// checker reads the ancestors as IsHidden does, without remembering them.
func TestHiddenCheckerDoesNotAllocateOnShallowPages(t *testing.T) {
	doc := vdom.ParseString(`<main><section><div><ul><li><a id=a href=/>x</a></li></ul>
		<span id=s style="visibility: hidden">s</span></div></section></main>`)
	var c a11y.HiddenChecker
	for _, id := range []string{"a", "s"} {
		el := doc.GetElementByID(id)
		if n := testing.AllocsPerRun(100, func() { _ = c.IsHidden(el) }); n != 0 {
			t.Errorf("IsHidden(#%s) allocates %v times", id, n)
		}
	}
}
