package css

import (
	"testing"

	"github.com/eventperk/eventperk-go/internal/testenv"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// deepTree builds a chain of n nested divs (every tenth of class a,
// every seventh of class b, each with an id), built by hand: HTML's parser
// would stop nesting long before.
func deepTree(n int) (root, deepest *html.Node) {
	doc := &html.Node{Type: html.DocumentNode}
	parent := doc
	for i := 0; i < n; i++ {
		el := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
		class := ""
		if i%10 == 0 {
			class = "a"
		}
		if i%7 == 0 {
			class += " b"
		}
		el.Attr = []html.Attribute{{Key: "class", Val: class}, {Key: "id", Val: "d" + itoa(i)}}
		parent.AppendChild(el)
		parent = el
	}
	return doc, parent
}

// wideTree builds a body holding n paragraphs, each with a span.
func wideTree(n int) []*html.Node {
	body := &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}
	(&html.Node{Type: html.DocumentNode}).AppendChild(body)
	els := []*html.Node{body}
	for i := 0; i < n; i++ {
		p := &html.Node{Type: html.ElementNode, Data: "p", DataAtom: atom.P, Attr: []html.Attribute{{Key: "class", Val: []string{"a", "b", "c"}[i%3]}}}
		span := &html.Node{Type: html.ElementNode, Data: "span", DataAtom: atom.Span}
		p.AppendChild(span)
		body.AppendChild(p)
		els = append(els, p, span)
	}
	return els
}

// linearSheet has rules of every kind whose matching walks the tree:
// descendant and child combinators, :has(), @scope with a limit, custom
// properties declared all along the tree, inheritance through
// display: contents.
const linearSheet = `.a div { float: left } div > div { opacity: 0.5 } .b .a { text-transform: uppercase }
	@scope (.a) to (.b) { div { white-space: pre } :scope { position: relative } }
	.a { --x: var(--y, 1); display: contents } .b { --y: 2; pointer-events: var(--x) }
	div:has(> .b) { visibility: hidden } p span { content: "x" } .c + .a { float: right }`

// TestCascadeLinear checks by counting the cascade's steps (entries
// tried, elements walked, values computed) that styling a tree costs
// time linear in its size, deep or wide.
func TestCascadeLinear(t *testing.T) {
	steps := func(build func(c *Cascade)) int {
		c := cascadeOf(linearSheet)
		build(c)
		return c.steps
	}
	deep := func(n int) int {
		return steps(func(c *Cascade) {
			_, last := deepTree(n)
			c.Style(last, nil)
		})
	}
	wide := func(n int) int {
		return steps(func(c *Cascade) {
			for _, el := range wideTree(n) {
				c.Style(el, nil)
			}
		})
	}
	for _, tc := range []struct {
		name string
		work func(int) int
	}{{"deep", deep}, {"wide", wide}} {
		small, large := tc.work(2000), tc.work(8000)
		if small == 0 || float64(large) > 4.4*float64(small) {
			t.Errorf("%s: %d steps for 2,000 elements, %d for 8,000: not linear", tc.name, small, large)
		}
	}
}

// TestCascadeDeepTree styles the deepest element of a chain 10,000
// elements deep (100,000 with EVENTPERK_LONG=1): ancestors are computed
// without recursion.
func TestCascadeDeepTree(t *testing.T) {
	depth := 10_000
	if testenv.Long(t) {
		depth = 100_000
	}
	t.Logf("a chain %d elements deep", depth)
	_, last := deepTree(depth)
	c := cascadeOf(linearSheet)
	s := c.Style(last, nil)
	if got := s.PropertyValue("float"); got != "left" {
		t.Errorf("float of the deepest element = %q, want left", got)
	}
	if src, _ := s.Source("text-transform"); !src.Inherited {
		t.Errorf("text-transform's source %v is not inherited", src)
	}
}
