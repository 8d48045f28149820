package htmlparse

import (
	"bytes"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/eventperk/eventperk-go/bench/pagegen"
)

// The benchmarks compare Parse with html.Parse on the same bytes: a
// realistic generated page of 10,000 elements, and a page of 100,000
// nested divs (which html.Parse rejects once it is 512 deep; its figures
// are the cost of reaching that error).

func benchmarkParse(b *testing.B, page []byte, parse func([]byte) error) {
	b.SetBytes(int64(len(page)))
	b.ReportAllocs()
	for b.Loop() {
		if err := parse(page); err != nil {
			b.Fatal(err)
		}
	}
}

func parseWithUs(page []byte) error {
	_, err := Parse(bytes.NewReader(page))
	return err
}

func parseWithXNet(page []byte) error {
	_, err := html.Parse(bytes.NewReader(page))
	return err
}

func BenchmarkPagegen10k(b *testing.B) {
	page := pagegen.Generate(pagegen.Options{Elements: 10_000})
	b.Run("htmlparse", func(b *testing.B) { benchmarkParse(b, page, parseWithUs) })
	b.Run("x-net-html", func(b *testing.B) { benchmarkParse(b, page, parseWithXNet) })
}

func BenchmarkDeep100k(b *testing.B) {
	page := []byte(strings.Repeat("<div>", 100_000) + "x" + strings.Repeat("</div>", 100_000))
	b.Run("htmlparse", func(b *testing.B) { benchmarkParse(b, page, parseWithUs) })
	b.Run("x-net-html-until-error", func(b *testing.B) {
		benchmarkParse(b, page, func(p []byte) error {
			if parseWithXNet(p) == nil {
				return errDeepAccepted
			}
			return nil
		})
	})
}

var errDeepAccepted = errorString("html.Parse accepted a 100,000 deep page")

type errorString string

func (e errorString) Error() string { return string(e) }
