package selector_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/andybalholm/cascadia"
	"github.com/eventperk/eventperk-go/selector"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// benchDoc builds a deterministic page of about 10,000 elements: 150 cards,
// each a div with a heading, a list of 20 items (link and span each) and a
// form with a checkbox and a text field.
func benchDoc() (doc, body *html.Node) {
	el := func(tag string, attrs ...string) *html.Node {
		n := &html.Node{Type: html.ElementNode, Data: tag, DataAtom: atom.Lookup([]byte(tag))}
		for i := 0; i+1 < len(attrs); i += 2 {
			n.Attr = append(n.Attr, html.Attribute{Key: attrs[i], Val: attrs[i+1]})
		}
		return n
	}
	txt := func(s string) *html.Node { return &html.Node{Type: html.TextNode, Data: s} }
	doc = &html.Node{Type: html.DocumentNode}
	root := el("html")
	body = el("body")
	doc.AppendChild(root)
	root.AppendChild(body)
	for c := range 150 {
		card := el("div", "id", fmt.Sprintf("card-%d", c), "class", "card", "data-kind", fmt.Sprint(c%5))
		card.AppendChild(el("h2"))
		card.FirstChild.AppendChild(txt("Card"))
		ul := el("ul")
		for i := range 20 {
			class := "item"
			if i%3 == 0 {
				class = "item even"
			}
			li := el("li", "class", class)
			a := el("a", "href", fmt.Sprintf("/c/%d/%d", c, i))
			a.AppendChild(txt("link"))
			li.AppendChild(a)
			li.AppendChild(txt(" "))
			li.AppendChild(el("span"))
			ul.AppendChild(li)
		}
		card.AppendChild(ul)
		form := el("form")
		form.AppendChild(el("input", "type", "checkbox", "name", "ok"))
		form.AppendChild(el("input", "type", "text", "name", "q"))
		card.AppendChild(form)
		body.AppendChild(card)
	}
	return doc, body
}

// benchKinds are the eight selector kinds, each with the cascadia selector
// it is compared with. cascadia has no :scope; "body > *" selects the same
// elements from the body.
var benchKinds = []struct{ kind, sel, raw string }{
	{"tag", "li", "li"},
	{"class", ".even", ".even"},
	{"attribute", `[data-kind="3"]`, `[data-kind="3"]`},
	{"child", "ul > li", "ul > li"},
	{"descendant", "div span", "div span"},
	{"id", "#card-75", "#card-75"},
	{"checkbox", "input[type=checkbox]", "input[type=checkbox]"},
	{"scope-child", ":scope > *", "body > *"},
}

// BenchmarkQueryAll compares a query through this package (including the
// cache lookup of Compile, as callers do it) with cascadia.QueryAll and a
// precompiled matcher on the same tree.
func BenchmarkQueryAll(b *testing.B) {
	_, body := benchDoc()
	for _, k := range benchKinds {
		want := len(cascadia.QueryAll(body, cascadia.MustCompile(k.raw)))
		b.Run(k.kind+"/selector", func(b *testing.B) {
			b.ReportAllocs()
			if got := len(selector.MustCompile(k.sel).QueryAll(body)); got != want {
				b.Fatalf("%q found %d, cascadia %d", k.sel, got, want)
			}
			for b.Loop() {
				sel, err := selector.Compile(k.sel)
				if err != nil {
					b.Fatal(err)
				}
				sel.QueryAll(body)
			}
		})
		b.Run(k.kind+"/cascadia", func(b *testing.B) {
			b.ReportAllocs()
			m := cascadia.MustCompile(k.raw)
			for b.Loop() {
				cascadia.QueryAll(body, m)
			}
		})
	}
}

// BenchmarkQueryScoped measures the scoped query, which always runs on this
// package's own matcher, with and without a boundary.
func BenchmarkQueryScoped(b *testing.B) {
	_, body := benchDoc()
	never := func(*html.Node) bool { return false }
	for _, k := range benchKinds {
		sel := selector.MustCompile(k.sel)
		b.Run(k.kind, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sel.QueryScoped(body, never)
			}
		})
	}
}

// BenchmarkOwnMatcher runs QueryAll on this package's own matcher for the
// kinds cascadia could also run, to show the cost of not taking the fast
// path.
func BenchmarkOwnMatcher(b *testing.B) {
	_, body := benchDoc()
	for _, k := range benchKinds {
		sel := selector.MustCompile(k.sel)
		b.Run(k.kind, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				selector.QueryAllOwn(sel, body)
			}
		})
	}
}

func BenchmarkQueryFirst(b *testing.B) {
	_, body := benchDoc()
	sel := selector.MustCompile("#card-75")
	m := cascadia.MustCompile("#card-75")
	b.Run("selector", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sel.QueryFirst(body)
		}
	})
	b.Run("cascadia", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			cascadia.Query(body, m)
		}
	})
}

func BenchmarkByID(b *testing.B) {
	_, body := benchDoc()
	b.ReportAllocs()
	for b.Loop() {
		selector.ByID(body, "card-75")
	}
}

func BenchmarkCompileCached(b *testing.B) {
	selector.MustCompile("ul > li.item a[href]")
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			selector.Compile("ul > li.item a[href]")
		}
	})
}

func BenchmarkCompileUncached(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		selector.ResetCache()
		selector.Compile("ul > li.item a[href], :scope > div:has(> span):not(.x)")
	}
}

// BenchmarkVersusCascadia times a query through this package and
// cascadia.QueryAll on the same tree, in alternating order within each
// iteration, and reports the median ratio (ours/cascadia) as "x-cascadia".
// Interleaving makes the ratio hold up on a busy machine, where separate
// benchmarks drift. Variants: QueryAll (with the cached Compile, as callers
// use it), own (QueryAll forced onto this package's matcher) and
// QueryScoped (with a boundary function).
func BenchmarkVersusCascadia(b *testing.B) {
	_, body := benchDoc()
	never := func(*html.Node) bool { return false }
	for _, k := range benchKinds {
		m := cascadia.MustCompile(k.raw)
		sel := selector.MustCompile(k.sel)
		variants := []struct {
			name string
			run  func()
		}{
			{"QueryAll", func() {
				s, _ := selector.Compile(k.sel)
				s.QueryAll(body)
			}},
			{"own", func() { selector.QueryAllOwn(sel, body) }},
			{"QueryScoped", func() { sel.QueryScoped(body, never) }},
		}
		for _, v := range variants {
			b.Run(k.kind+"/"+v.name, func(b *testing.B) {
				b.ReportMetric(medianRatio(b, v.run, func() { cascadia.QueryAll(body, m) }), "x-cascadia")
			})
		}
	}
}

// medianRatio runs ours and theirs once per iteration, alternating which
// goes first, and returns the median of their time ratios.
func medianRatio(b *testing.B, ours, theirs func()) float64 {
	var ratios []float64
	for i := 0; b.Loop(); i++ {
		first, second := ours, theirs
		if i%2 == 1 {
			first, second = theirs, ours
		}
		t0 := time.Now()
		first()
		t1 := time.Now()
		second()
		t2 := time.Now()
		o, t := t1.Sub(t0), t2.Sub(t1)
		if i%2 == 1 {
			o, t = t, o
		}
		ratios = append(ratios, float64(o)/float64(t))
	}
	slices.Sort(ratios)
	return ratios[len(ratios)/2]
}
