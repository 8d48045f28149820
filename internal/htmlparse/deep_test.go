package htmlparse

import (
	"fmt"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/internal/testenv"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// deepShape is a document nested n levels deep.
type deepShape struct {
	name string
	// build returns the document for depth n; with closed false the end
	// tags are left out.
	build func(n int, closed bool) string
	// path is the chain of element names one level adds, from the outside
	// in; the innermost element holds the text "x" (plus tail, if any).
	path []string
	// tail is what sits at the bottom below the n levels, before "x".
	tail []string
}

func repeat(open string, n int, inner string, close string, closed bool) string {
	var b strings.Builder
	b.Grow(n * (len(open) + len(close) + 8))
	for i := 0; i < n; i++ {
		b.WriteString(open)
	}
	b.WriteString(inner)
	if closed {
		for i := 0; i < n; i++ {
			b.WriteString(close)
		}
	}
	return b.String()
}

var deepShapes = []deepShape{
	{
		name:  "div",
		build: func(n int, c bool) string { return repeat("<div>", n, "x", "</div>", c) },
		path:  []string{"div"},
	},
	{
		name:  "span",
		build: func(n int, c bool) string { return repeat("<span>", n, "x", "</span>", c) },
		path:  []string{"span"},
	},
	{
		name:  "b",
		build: func(n int, c bool) string { return repeat("<b>", n, "x", "</b>", c) },
		path:  []string{"b"},
	},
	{
		name: "b with distinct classes",
		build: func(n int, c bool) string {
			var b strings.Builder
			for i := 0; i < n; i++ {
				fmt.Fprintf(&b, "<b class=c%d>", i)
			}
			b.WriteString("x")
			if c {
				b.WriteString(strings.Repeat("</b>", n))
			}
			return b.String()
		},
		path: []string{"b"},
	},
	{
		name:  "ul li",
		build: func(n int, c bool) string { return repeat("<ul><li>", n, "x", "</li></ul>", c) },
		path:  []string{"ul", "li"},
	},
	{
		name:  "table tr td",
		build: func(n int, c bool) string { return repeat("<table><tr><td>", n, "x", "</td></tr></table>", c) },
		path:  []string{"table", "tbody", "tr", "td"},
	},
	{
		name: "svg g",
		build: func(n int, c bool) string {
			s := "<svg>" + repeat("<g>", n, "x", "</g>", c)
			if c {
				s += "</svg>"
			}
			return s
		},
		path: []string{"g"},
		// The svg element is outside the repeated part; checked separately.
	},
	{
		name:  "div with p at the bottom",
		build: func(n int, c bool) string { return repeat("<div>", n, "<p>x", "</div>", c) },
		path:  []string{"div"},
		tail:  []string{"p"},
	},
	{
		name:  "div span",
		build: func(n int, c bool) string { return repeat("<div><span>", n, "x", "</span></div>", c) },
		path:  []string{"div", "span"},
	},
	{
		name:  "i b em",
		build: func(n int, c bool) string { return repeat("<i><b><em>", n, "x", "</em></b></i>", c) },
		path:  []string{"i", "b", "em"},
	},
	{
		name:  "template",
		build: func(n int, c bool) string { return "<body>" + repeat("<template>", n, "x", "</template>", c) },
		path:  []string{"template"},
	},
	{
		name: "svg foreignObject template",
		build: func(n int, c bool) string {
			return repeat("<svg><foreignObject><template>", n, "x", "</template></foreignObject></svg>", c)
		},
		path: []string{"svg", "foreignObject", "template"},
	},
	{
		name:  "object",
		build: func(n int, c bool) string { return repeat("<object>", n, "x", "</object>", c) },
		path:  []string{"object"},
	},
	{
		name: "math mrow",
		build: func(n int, c bool) string {
			s := "<math>" + repeat("<mrow>", n, "x", "</mrow>", c)
			if c {
				s += "</math>"
			}
			return s
		},
		path: []string{"mrow"},
	},
}

// parseCounting parses a document and returns it with the parser's step
// count.
func parseCounting(t testing.TB, input string) (*html.Node, int) {
	t.Helper()
	p := newDocumentParser(strings.NewReader(input), true)
	if err := p.run(); err != nil {
		t.Fatal(err)
	}
	if p.loopGuardTripped {
		t.Fatal("the reprocessing guard tripped")
	}
	return p.doc, p.steps
}

// checkDeepStructure follows the first element child from body down and
// checks that it passes through n copies of shape.path, then shape.tail,
// and ends with the text "x".
func checkDeepStructure(t *testing.T, doc *html.Node, shape deepShape, n int) {
	t.Helper()
	body := doc.FirstChild
	if body == nil || body.DataAtom != atom.Html {
		t.Fatalf("no html element")
	}
	body = body.LastChild
	if body == nil || body.DataAtom != atom.Body {
		t.Fatalf("no body element")
	}
	cur := body
	switch shape.name {
	case "svg g":
		cur = firstElement(cur)
		if cur == nil || cur.Data != "svg" || cur.Namespace != "svg" {
			t.Fatalf("body does not start with an svg element")
		}
	case "math mrow":
		cur = firstElement(cur)
		if cur == nil || cur.Data != "math" || cur.Namespace != "math" {
			t.Fatalf("body does not start with a math element")
		}
	}
	want := make([]string, 0, n*len(shape.path)+len(shape.tail))
	for i := 0; i < n; i++ {
		want = append(want, shape.path...)
	}
	want = append(want, shape.tail...)
	for i, name := range want {
		cur = firstElement(cur)
		if cur == nil {
			t.Fatalf("level %d: no element, want %s", i, name)
		}
		if cur.Data != name {
			t.Fatalf("level %d: got %s, want %s", i, cur.Data, name)
		}
	}
	if x := cur.FirstChild; x == nil || x.Type != html.TextNode || x.Data != "x" || x.NextSibling != nil {
		t.Fatalf("the innermost element does not hold just the text x")
	}
}

// firstElement returns n's first element child.
func firstElement(n *html.Node) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			return c
		}
	}
	return nil
}

// TestDeepDocuments parses documents nested 10,000 levels deep (100,000
// with EVENTPERK_LONG=1), checks the whole chain down to the innermost
// text, and checks that the parser's step count (the iterations of its
// loops over the stack of open elements and the list of active formatting
// elements) grows linearly: ten times the depth may cost at most twelve
// times the steps. A goroutine stack limit of 256 KiB makes any recursion
// on the depth fail the test: a recursion of 10,000 levels needs more.
func TestDeepDocuments(t *testing.T) {
	defer debug.SetMaxStack(debug.SetMaxStack(256 << 10))
	small, large := 1_000, 10_000
	if testenv.Long(t) && !raceEnabled {
		small, large = 10_000, 100_000
	}
	for _, shape := range deepShapes {
		for _, closed := range []bool{true, false} {
			name := shape.name
			if !closed {
				name += " without end tags"
			}
			t.Run(name, func(t *testing.T) {
				_, smallSteps := parseCounting(t, shape.build(small, closed))
				start := time.Now()
				doc, largeSteps := parseCounting(t, shape.build(large, closed))
				elapsed := time.Since(start)
				checkDeepStructure(t, doc, shape, large)
				if err := checkWellFormed([]*html.Node{doc}); err != nil {
					t.Fatal(err)
				}
				ratio := float64(largeSteps) / float64(max(smallSteps, 1))
				t.Logf("steps: %d at depth %d, %d at depth %d (ratio %.2f); %v at depth %d",
					smallSteps, small, largeSteps, large, ratio, elapsed.Round(time.Millisecond), large)
				if largeSteps > 12*smallSteps {
					t.Errorf("steps grow superlinearly: %d at depth %d, %d at depth %d", smallSteps, small, largeSteps, large)
				}
			})
		}
	}
}
