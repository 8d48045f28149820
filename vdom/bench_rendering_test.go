package vdom_test

import (
	"regexp"
	"runtime"
	"testing"

	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/vdom"
)

// The questions about rendering (IsRendered, IsVisible, CheckVisibility,
// InnerText, the sequential focus order) on the 10k page of
// bench/pagegen, as it is ("sheet": its <style> of three rules, one of
// which hides) and without its <style> ("nosheet": only the user agent
// sheet applies, as on most pages a server test renders).

var pageStyle = regexp.MustCompile(`(?s)<style>.*?</style>`)

// renderingPages returns the two pages.
func renderingPages() []struct{ name, page string } {
	page := string(pagegen.Page(10_000))
	return []struct{ name, page string }{
		{"nosheet", pageStyle.ReplaceAllString(page, "")},
		{"sheet", page},
	}
}

func elementsOf(doc *vdom.Document) []*vdom.Node {
	var els []*vdom.Node
	for n := range doc.Descendants() {
		if n.IsElement() {
			els = append(els, n)
		}
	}
	return els
}

// BenchmarkRendering10k asks a question of every element of the page, its
// styles kept from an earlier round ("first/..." asks IsVisible of every
// element of a new document, whose parsing is not timed, nor the
// collection of the garbage it left: the cost of the first question, the
// computed styles made for it).
func BenchmarkRendering10k(b *testing.B) {
	for _, p := range renderingPages() {
		b.Run(p.name+"/first", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				doc := vdom.ParseString(p.page)
				els := elementsOf(doc)
				runtime.GC() // the parse's garbage, not the styles'
				b.StartTimer()
				for _, el := range els {
					el.IsVisible()
				}
			}
		})
		doc := vdom.ParseString(p.page)
		els := elementsOf(doc)
		for _, q := range []struct {
			name string
			f    func(*vdom.Node) bool
		}{
			{"IsRendered", (*vdom.Node).IsRendered},
			{"IsVisible", (*vdom.Node).IsVisible},
			{"CheckVisibility", (*vdom.Node).CheckVisibility},
			{"IsFocusable", (*vdom.Node).IsFocusable},
		} {
			b.Run(p.name+"/"+q.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					for _, el := range els {
						q.f(el)
					}
				}
			})
		}
		b.Run(p.name+"/InnerText", func(b *testing.B) {
			main, err := doc.QuerySelector("main")
			if err != nil || main == nil {
				b.Fatal("no main", err)
			}
			b.ReportAllocs()
			for b.Loop() {
				_ = main.InnerText()
			}
		})
		b.Run(p.name+"/SequentialFocusOrder", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = doc.SequentialFocusOrder()
			}
		})
	}
}
