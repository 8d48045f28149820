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

// issuePatterns are the inputs that cost quadratic time or worse before
// the parser left holes in the stack and the list instead of moving
// entries: each builds a document from a count n.
var issuePatterns = []struct {
	name  string
	build func(n int) string
}{
	{"stray-b-over-span-div", strayBOverSpanDiv},
	{"one-b-dropping-distinct-i", oneBDroppingDistinct},
	{"noahs-ark-behind-long-run", noahsArkBehindRun},
	{"stray-body-tags", strayBodyTags},
}

// ofSize builds a pattern's document at about size bytes.
func ofSize(build func(int) string, size int) []byte {
	perUnit := float64(len(build(1000))) / 1000
	return []byte(build(int(float64(size) / perUnit)))
}

// BenchmarkIssuePatterns parses each pattern at 100 kB, 1 MB and 4 MB with
// Parse, and with html.Parse where it accepts the input (it refuses the
// first three, which nest more than 512 elements) and takes less than a
// minute (stray-body-tags is quadratic there: about 20 s at 100 kB).
func BenchmarkIssuePatterns(b *testing.B) {
	for _, pat := range issuePatterns {
		b.Run(pat.name, func(b *testing.B) {
			for _, size := range []struct {
				name  string
				bytes int
			}{{"100kB", 100_000}, {"1MB", 1_000_000}, {"4MB", 4_000_000}} {
				b.Run(size.name, func(b *testing.B) {
					page := ofSize(pat.build, size.bytes)
					b.Run("htmlparse", func(b *testing.B) { benchmarkParse(b, page, parseWithUs) })
					if pat.name == "stray-body-tags" && size.bytes <= 100_000 {
						b.Run("x-net-html", func(b *testing.B) { benchmarkParse(b, page, parseWithXNet) })
					}
				})
			}
		})
	}
}
