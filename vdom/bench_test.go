package vdom_test

import (
	"bytes"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/andybalholm/cascadia"
	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
)

// The benchmarks of docs/performance.md. Each workload is measured next to
// what bounds it: parsing next to html.Parse alone, queries next to raw
// cascadia on the same tree.

var pageSizes = []int{10_000, 100_000}

func BenchmarkParse(b *testing.B) {
	for _, n := range pageSizes {
		page := pagegen.Page(n)
		b.Run(fmt.Sprintf("vdom/%dk", n/1000), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(page)))
			for b.Loop() {
				if _, err := vdom.Parse(bytes.NewReader(page)); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("html.Parse/%dk", n/1000), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(page)))
			for b.Loop() {
				if _, err := html.Parse(bytes.NewReader(page)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkParseRatio parses the page with html.Parse and with vdom.Parse
// in turn within each iteration and reports the ratio of their total times,
// so load on the machine falls on both alike.
func BenchmarkParseRatio(b *testing.B) {
	for _, n := range pageSizes {
		page := pagegen.Page(n)
		b.Run(fmt.Sprintf("%dk", n/1000), func(b *testing.B) {
			var htmlTime, vdomTime time.Duration
			for b.Loop() {
				start := time.Now()
				if _, err := html.Parse(bytes.NewReader(page)); err != nil {
					b.Fatal(err)
				}
				mid := time.Now()
				if _, err := vdom.Parse(bytes.NewReader(page)); err != nil {
					b.Fatal(err)
				}
				htmlTime += mid.Sub(start)
				vdomTime += time.Since(mid)
			}
			b.ReportMetric(float64(htmlTime.Nanoseconds())/float64(b.N), "html-ns/op")
			b.ReportMetric(float64(vdomTime.Nanoseconds())/float64(b.N), "vdom-ns/op")
			b.ReportMetric(float64(vdomTime)/float64(htmlTime), "vdom/html")
		})
	}
}

// BenchmarkMemoryPerNode reports the live heap a parsed 100k page holds, in
// bytes per element, after a full GC.
func BenchmarkMemoryPerNode(b *testing.B) {
	page := pagegen.Page(100_000)
	measure := func(b *testing.B, parse func() any) {
		var keep any
		var total float64
		for b.Loop() {
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			keep = parse()
			runtime.GC()
			runtime.ReadMemStats(&after)
			total += float64(after.HeapAlloc) - float64(before.HeapAlloc)
			runtime.KeepAlive(keep)
			keep = nil
		}
		b.ReportMetric(total/float64(b.N)/100_000, "B/element")
	}
	b.Run("vdom", func(b *testing.B) {
		measure(b, func() any { return vdom.ParseString(string(page)) })
	})
	b.Run("html.Parse", func(b *testing.B) {
		measure(b, func() any {
			n, err := html.Parse(bytes.NewReader(page))
			if err != nil {
				b.Fatal(err)
			}
			return n
		})
	})
}

// querySelectors are the eight kinds of selector of the query workload.
var querySelectors = []string{
	"div",                  // tag
	".card",                // class
	"[data-role]",          // attribute
	"ul > li",              // child
	"section p",            // descendant
	"#el-1000",             // id
	"input[type=checkbox]", // attribute value
	":scope > *",           // scope
}

// queryRoots returns 200 elements with ids, spread over the 10k page.
func queryRoots(b testing.TB, doc *vdom.Document) []*vdom.Node {
	all, err := doc.QuerySelectorAll("[id]")
	if err != nil {
		b.Fatal(err)
	}
	if len(all) < 200 {
		b.Fatalf("the page has %d elements with ids, want 200", len(all))
	}
	step := len(all) / 200
	roots := make([]*vdom.Node, 200)
	for i := range roots {
		roots[i] = all[i*step]
	}
	return roots
}

func BenchmarkQuerySelectorAll(b *testing.B) {
	doc := vdom.ParseString(string(pagegen.Page(10_000)))
	roots := queryRoots(b, doc)
	for _, sel := range querySelectors {
		b.Run("vdom/"+sel, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, r := range roots {
					if _, err := r.QuerySelectorAll(sel); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
		if sel == ":scope > *" {
			// cascadia has no :scope; its nearest equivalent is the
			// children of the root, which a plain walk gives.
			b.Run("cascadia/"+sel, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					for _, r := range roots {
						var out []*html.Node
						for c := r.HTML().FirstChild; c != nil; c = c.NextSibling {
							if c.Type == html.ElementNode {
								out = append(out, c)
							}
						}
						_ = out
					}
				}
			})
			continue
		}
		m := cascadia.MustCompile(sel)
		b.Run("cascadia/"+sel, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, r := range roots {
					_ = cascadia.QueryAll(r.HTML(), m)
				}
			}
		})
	}
}

// BenchmarkDispatchDeepClick: a bubbling click on the deepest of 32 nested
// elements, with a capture and a bubble listener on each of the 32 elements
// of its path: 64 listener calls per dispatch.
func BenchmarkDispatchDeepClick(b *testing.B) {
	doc := vdom.ParseString(string(pagegen.Page(10_000)))
	target := doc.GetElementByID(pagegen.DeepestID(pagegen.Options{Elements: 10_000}))
	if target == nil {
		b.Fatal("no deep chain in the page")
	}
	calls := 0
	l := vdom.NewListener(func(*vdom.Event) { calls++ })
	for n := target; n != nil && n.IsElement(); n = n.ParentNode() {
		n.AddEventListenerWith("click", l, vdom.ListenerOptions{Capture: true})
		n.AddEventListener("click", l)
	}
	b.ReportAllocs()
	for b.Loop() {
		calls = 0
		if _, err := target.DispatchEvent(vdom.NewEventWith("click", vdom.EventInit{Bubbles: true})); err != nil {
			b.Fatal(err)
		}
	}
	if calls != 64 {
		b.Fatalf("%d listener calls per dispatch, want 64", calls)
	}
}

// BenchmarkDispatchCustomEvent: a non-bubbling CustomEvent with a detail to
// 10 listeners on one element, in the 10k page and in a one-element page
// (the difference is the garbage collector marking the larger heap).
func BenchmarkDispatchCustomEvent(b *testing.B) {
	pages := []struct{ name, html, id string }{
		{"page-10k", string(pagegen.Page(10_000)), "el-1000"},
		{"page-small", `<div id="el"></div>`, "el"},
	}
	for _, pg := range pages {
		b.Run(pg.name, func(b *testing.B) {
			doc := vdom.ParseString(pg.html)
			el := doc.GetElementByID(pg.id)
			calls := 0
			for range 10 {
				el.AddEventListener("update", vdom.NewListener(func(e *vdom.Event) {
					if e.Detail() != nil {
						calls++
					}
				}))
			}
			detail := map[string]any{"id": 7}
			b.ReportAllocs()
			for b.Loop() {
				calls = 0
				if _, err := el.DispatchEvent(vdom.NewCustomEventWith("update", vdom.CustomEventInit{Detail: detail})); err != nil {
					b.Fatal(err)
				}
			}
			if calls != 10 {
				b.Fatalf("%d listener calls per dispatch, want 10", calls)
			}
		})
	}
}

// BenchmarkAddRemoveListener: add then remove 1,000 distinct listeners on one
// element; ns/op and allocs/op are per 1,000 pairs.
func BenchmarkAddRemoveListener(b *testing.B) {
	doc := vdom.ParseString(`<div id="t"></div>`)
	el := doc.GetElementByID("t")
	ls := make([]vdom.Listener, 1000)
	for i := range ls {
		ls[i] = vdom.NewListener(func(*vdom.Event) {})
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, l := range ls {
			el.AddEventListener("click", l)
		}
		for _, l := range ls {
			el.RemoveEventListener("click", l)
		}
	}
}

func BenchmarkGetElementByID(b *testing.B) {
	doc := vdom.ParseString(string(pagegen.Page(100_000)))
	all, err := doc.QuerySelectorAll("[id]")
	if err != nil || len(all) < 1000 {
		b.Fatalf("the page has %d elements with ids (%v)", len(all), err)
	}
	// Ids from the start, the middle and the end of the page, and a miss.
	ids := []string{all[0].ID(), all[len(all)/2].ID(), all[len(all)-1].ID(), "missing"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_ = doc.GetElementByID(ids[i%len(ids)])
		i++
	}
}
