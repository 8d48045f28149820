package css_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/eventperk/eventperk-go/css"
)

// frameworkSheet reads a framework's sheet from the style test data of
// package vdom (provenance and licences are in its README).
func frameworkSheet(b *testing.B, name string) string {
	b.Helper()
	data, err := os.ReadFile(filepath.Join("..", "vdom", "testdata", "style", "sheets", name))
	if err != nil {
		b.Fatal(err)
	}
	return string(data)
}

func benchmarkParse(b *testing.B, name string) {
	src := frameworkSheet(b, name)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		css.Parse(src)
	}
}

// BenchmarkParseBootstrap parses Bootstrap 5.3's bootstrap.min.css (232 KB).
func BenchmarkParseBootstrap(b *testing.B) { benchmarkParse(b, "bootstrap.min.css") }

// BenchmarkParseBulma parses Bulma 1.0's bulma.min.css.
func BenchmarkParseBulma(b *testing.B) { benchmarkParse(b, "bulma.min.css") }

// BenchmarkParseTailwind parses a Tailwind 4 build.
func BenchmarkParseTailwind(b *testing.B) { benchmarkParse(b, "tailwind.css") }

// BenchmarkMediaMatches evaluates a list like Bootstrap's breakpoints.
func BenchmarkMediaMatches(b *testing.B) {
	l := css.ParseMediaList("screen and (min-width: 576px) and (max-width: 767.98px), print and (orientation: landscape)")
	md := css.DefaultMedium()
	b.ReportAllocs()
	for b.Loop() {
		l.Matches(md)
	}
}
