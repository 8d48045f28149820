package css

import (
	"bytes"
	"testing"

	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/internal/benchop"
	"github.com/eventperk/eventperk-go/internal/stylerec"
	"golang.org/x/net/html"
)

// benchTree is the 10,000-element page of bench/pagegen with Bootstrap
// 5's full sheet, parsed once.
type benchTree struct {
	doc      *html.Node
	elements []*html.Node
	sheets   []SheetRef
}

var benchTrees = map[int]*benchTree{}

func loadBenchTree(b *testing.B, n int) *benchTree {
	b.Helper()
	if t, ok := benchTrees[n]; ok {
		return t
	}
	doc, err := html.Parse(bytes.NewReader(pagegen.Page(n)))
	if err != nil {
		b.Fatal(err)
	}
	src := stylerec.SheetFile(b, "bootstrap.min.css")
	t := &benchTree{doc: doc, sheets: []SheetRef{{Sheet: Parse(string(src)), Name: "bootstrap.min.css"}}}
	stack := []*html.Node{doc}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.Type == html.ElementNode {
			t.elements = append(t.elements, n)
		}
		for c := n.LastChild; c != nil; c = c.PrevSibling {
			stack = append(stack, c)
		}
	}
	benchTrees[n] = t
	return t
}

// BenchmarkCascade10k computes the style of every element of the 10k
// page with Bootstrap's sheet: "index" builds the index of the sheet's
// rules, "first" is a new Cascade computing every style (index included),
// "recompute" every style again after Invalidate (the index kept),
// "cached" asks for every style once more.
func BenchmarkCascade10k(b *testing.B) {
	t := loadBenchTree(b, 10000)
	medium := DefaultMedium()
	b.Run("index", func(b *testing.B) {
		benchop.LoopCPU(b, func() { buildRuleSet(t.sheets, nil, &medium, OriginAuthor) })
	})
	b.Run("first", func(b *testing.B) {
		benchop.LoopCPU(b, func() {
			c := NewCascade(CascadeOptions{})
			c.SetSheets(t.sheets)
			for _, el := range t.elements {
				c.Style(el, nil)
			}
		})
	})
	c := NewCascade(CascadeOptions{})
	c.SetSheets(t.sheets)
	b.Run("recompute", func(b *testing.B) {
		benchop.LoopCPU(b, func() {
			c.Invalidate()
			for _, el := range t.elements {
				c.Style(el, nil)
			}
		})
	})
	b.Run("cached", func(b *testing.B) {
		benchop.LoopCPU(b, func() {
			for _, el := range t.elements {
				c.Style(el, nil)
			}
		})
	})
}

// BenchmarkRenderedCheckboxes asks, with no style kept, whether each
// checkbox of the 10k page is rendered, as a role query for checkboxes
// does: the styles of the checkboxes and their ancestors are computed.
func BenchmarkRenderedCheckboxes(b *testing.B) {
	t := loadBenchTree(b, 10000)
	var boxes []*html.Node
	for _, el := range t.elements {
		if typ, _ := attrValue(el, "type"); el.Data == "input" && typ == "checkbox" {
			boxes = append(boxes, el)
		}
	}
	c := NewCascade(CascadeOptions{})
	c.SetSheets(t.sheets)
	rendered := 0
	benchop.LoopCPU(b, func() {
		c.Invalidate()
		rendered = 0
		for _, el := range boxes {
			if c.Rendered(el, nil) {
				rendered++
			}
		}
	})
	b.ReportMetric(float64(len(boxes)), "checkboxes")
	b.ReportMetric(float64(rendered), "rendered")
}
