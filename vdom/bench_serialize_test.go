package vdom_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
)

// BenchmarkOuterHTML serializes the whole generated page, next to
// html.Render of the same tree, which bounds it.
func BenchmarkOuterHTML(b *testing.B) {
	for _, n := range pageSizes {
		doc := vdom.ParseString(string(pagegen.Page(n)))
		size := int64(len(doc.OuterHTML()))
		b.Run(fmt.Sprintf("vdom/%dk", n/1000), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(size)
			for b.Loop() {
				_ = doc.OuterHTML()
			}
		})
		b.Run(fmt.Sprintf("html.Render/%dk", n/1000), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(size)
			for b.Loop() {
				var sb strings.Builder
				if err := html.Render(&sb, doc.HTML()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkOuterHTMLRatio runs html.Render and OuterHTML in turn within
// each iteration and reports the ratio of their total times, so load on
// the machine falls on both alike.
func BenchmarkOuterHTMLRatio(b *testing.B) {
	doc := vdom.ParseString(string(pagegen.Page(10_000)))
	var renderTime, outerTime time.Duration
	for b.Loop() {
		start := time.Now()
		var sb strings.Builder
		if err := html.Render(&sb, doc.HTML()); err != nil {
			b.Fatal(err)
		}
		mid := time.Now()
		_ = doc.OuterHTML()
		renderTime += mid.Sub(start)
		outerTime += time.Since(mid)
	}
	b.ReportMetric(float64(renderTime.Nanoseconds())/float64(b.N), "render-ns/op")
	b.ReportMetric(float64(outerTime.Nanoseconds())/float64(b.N), "outer-ns/op")
	b.ReportMetric(float64(outerTime)/float64(renderTime), "outer/render")
}
