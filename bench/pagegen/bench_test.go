package pagegen_test

import (
	"fmt"
	"testing"

	"github.com/eventperk/eventperk-go/bench/pagegen"
)

func BenchmarkGenerate(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			opts := pagegen.Options{Elements: n}
			b.SetBytes(int64(len(pagegen.Generate(opts))))
			b.ReportAllocs()
			for b.Loop() {
				pagegen.Generate(opts)
			}
		})
	}
}

func BenchmarkAnalyze(b *testing.B) {
	page := pagegen.Page(10_000)
	b.SetBytes(int64(len(page)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := pagegen.Analyze(page); err != nil {
			b.Fatal(err)
		}
	}
}
