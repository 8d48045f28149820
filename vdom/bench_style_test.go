package vdom_test

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/css"
	"github.com/eventperk/eventperk-go/internal/benchop"
	"github.com/eventperk/eventperk-go/internal/styledoc"
	"github.com/eventperk/eventperk-go/vdom"
)

// The 10,000-element page of bench/pagegen with Bootstrap 5.3.9's whole
// sheet linked, as a page styled by a framework is: what computed styles
// cost a document, and the questions that read them.

// bootstrapPage returns the 10k page with a link to Bootstrap, and a
// loader serving it.
func bootstrapPage(b *testing.B) (string, css.Loader) {
	b.Helper()
	return styledoc.LinkBootstrap(b, string(pagegen.Page(10_000)))
}

func parseBootstrapPage(b *testing.B, page string, loader css.Loader) (*vdom.Document, []*vdom.Node) {
	b.Helper()
	doc, err := vdom.Parse(strings.NewReader(page), vdom.WithURL("https://bench.test/"), vdom.WithStyleSheetLoader(loader))
	if err != nil {
		b.Fatal(err)
	}
	var els []*vdom.Node
	for n := range doc.Descendants() {
		if n.IsElement() {
			els = append(els, n)
		}
	}
	return doc, els
}

// displayAndVisibility asks every element's display and visibility, as a
// test reading a page would.
func displayAndVisibility(doc *vdom.Document, els []*vdom.Node) int {
	hidden := 0
	for _, el := range els {
		s := doc.GetComputedStyle(el)
		if s.PropertyValue("display") == "none" || s.PropertyValue("visibility") != "visible" {
			hidden++
		}
	}
	return hidden
}

// BenchmarkComputedStyle10k asks the display and visibility of every
// element of the 10k page, with Bootstrap ("bootstrap/...") and with only
// the page's own small <style> ("page/..."): "first" on a new document
// (its parsing not timed, and the garbage the parse left collected before
// the timer starts; Bootstrap's sheet is parsed once for all
// documents, so its loading, indexing and every style are), "after-change"
// again after a class of the body changed (every style computed again),
// "cached" again with nothing changed.
func BenchmarkComputedStyle10k(b *testing.B) {
	bootstrap, loader := bootstrapPage(b)
	for _, p := range []struct{ name, page string }{
		{"bootstrap", bootstrap},
		{"page", string(pagegen.Page(10_000))},
	} {
		b.Run(p.name+"/first", func(b *testing.B) {
			b.ReportAllocs()
			var cpu time.Duration
			for b.Loop() {
				b.StopTimer()
				doc, els := parseBootstrapPage(b, p.page, loader)
				runtime.GC() // the parse's garbage, not the styles'
				b.StartTimer()
				start := benchop.CPU()
				displayAndVisibility(doc, els)
				cpu += benchop.CPU() - start
			}
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), benchop.CPUMetric)
		})
		doc, els := parseBootstrapPage(b, p.page, loader)
		body := doc.Body()
		b.Run(p.name+"/after-change", func(b *testing.B) {
			benchop.LoopCPU(b, func() {
				_, _ = body.ClassList().Toggle("bench")
				displayAndVisibility(doc, els)
			})
		})
		b.Run(p.name+"/cached", func(b *testing.B) {
			hidden := 0
			benchop.LoopCPU(b, func() { hidden = displayAndVisibility(doc, els) })
			b.ReportMetric(float64(len(els)), "elements")
			b.ReportMetric(float64(hidden), "hidden")
		})
	}
}

// BenchmarkIsVisible10k asks IsVisible of every element of the 10k page
// with Bootstrap, its styles kept.
func BenchmarkIsVisible10k(b *testing.B) {
	page, loader := bootstrapPage(b)
	_, els := parseBootstrapPage(b, page, loader)
	visible := 0
	benchop.LoopCPU(b, func() {
		visible = 0
		for _, el := range els {
			if el.IsVisible() {
				visible++
			}
		}
	})
	b.ReportMetric(float64(visible), "visible")
}

// BenchmarkTab10k: one Tab on the 10k page with Bootstrap, a trusted
// keydown whose default action walks the page for the sequential focus
// order (the computed style of each candidate) and moves the focus, as
// BenchmarkTrustedTab does on the page without Bootstrap.
func BenchmarkTab10k(b *testing.B) {
	page, loader := bootstrapPage(b)
	doc, _ := parseBootstrapPage(b, page, loader)
	order := len(doc.SequentialFocusOrder())
	if order == 0 {
		b.Fatal("nothing focusable in the page")
	}
	benchop.LoopCPU(b, func() {
		e := vdom.NewKeyboardEvent("keydown", vdom.KeyboardEventInit{
			EventInit:     vdom.EventInit{Bubbles: true, Cancelable: true, Composed: true},
			KeyboardEvent: vdom.KeyboardEvent{Key: "Tab"},
		})
		if _, err := vdom.DispatchTrusted(doc.ActiveElement(), e); err != nil {
			b.Fatal(err)
		}
	})
	b.ReportMetric(float64(order), "tabbable")
}
