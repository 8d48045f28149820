package htmlparse

import (
	"bytes"
	"errors"
	"fmt"
	"io"
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

// ordinaryPage returns a generated page of about size bytes.
func ordinaryPage(size int) []byte {
	perElement := float64(len(pagegen.Generate(pagegen.Options{Elements: 1000}))) / 1000
	return pagegen.Generate(pagegen.Options{Elements: max(pagegen.MinElements, int(float64(size)/perElement))})
}

// BenchmarkLimitRefusal parses markup past the clone limits, which Parse
// refuses, next to an ordinary generated page of about the same size:
// 2,048 differently classed <b> tags left open and enough paragraphs to
// re-open them more than MaxClonedElements times in all (45 kB), or far
// more (100 kB and 1 MB); and one <b> with 4,096 attributes re-opened by
// 1,025 paragraphs, past MaxClonedAttributes (32 kB).
func BenchmarkLimitRefusal(b *testing.B) {
	for _, tc := range []struct {
		name  string
		input []byte
	}{
		{"elements-45kB", []byte(amplifying(2048, MaxClonedElements/2048+1))},
		{"elements-100kB", []byte(amplifying(2048, 9000))},
		{"elements-1MB", []byte(amplifying(2048, 125_000))},
		{"attributes-32kB", []byte(amplifyingAttributes(1<<12, MaxClonedAttributes>>12+1))},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.Run("refusal", func(b *testing.B) {
				benchmarkParse(b, tc.input, func(page []byte) error {
					if err := parseWithUs(page); !errors.Is(err, ErrTooManyClones) {
						return fmt.Errorf("error %v, want ErrTooManyClones", err)
					}
					return nil
				})
			})
			b.Run("ordinary-page", func(b *testing.B) { benchmarkParse(b, ordinaryPage(len(tc.input)), parseWithUs) })
		})
	}
}

// tokenizeWithXNet runs x/net/html's Tokenizer alone over page, reading
// every tag's name and attributes.
func tokenizeWithXNet(page []byte) error {
	z := html.NewTokenizer(bytes.NewReader(page))
	for {
		switch z.Next() {
		case html.ErrorToken:
			if err := z.Err(); err != io.EOF {
				return err
			}
			return nil
		case html.StartTagToken, html.SelfClosingTagToken:
			_, more := z.TagName()
			for more {
				_, _, more = z.TagAttr()
			}
		}
	}
}

// BenchmarkStrayBodyTags parses the stray <body> tags pattern (a body
// with n attributes, then n × <body a=1>) at 100 kB to 16 MB, next to
// x/net/html's Tokenizer alone on the same bytes and an ordinary generated
// page of the same size.
func BenchmarkStrayBodyTags(b *testing.B) {
	for _, size := range []struct {
		name  string
		bytes int
	}{{"100kB", 100_000}, {"1MB", 1_000_000}, {"4MB", 4_000_000}, {"16MB", 16_000_000}} {
		b.Run(size.name, func(b *testing.B) {
			page := ofSize(strayBodyTags, size.bytes)
			b.Run("htmlparse", func(b *testing.B) { benchmarkParse(b, page, parseWithUs) })
			b.Run("x-net-tokenizer", func(b *testing.B) { benchmarkParse(b, page, tokenizeWithXNet) })
			b.Run("ordinary-page", func(b *testing.B) { benchmarkParse(b, ordinaryPage(size.bytes), parseWithUs) })
		})
	}
}
