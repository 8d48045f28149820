package selector_test

import (
	"fmt"
	"testing"

	"github.com/eventperk/eventperk-go/internal/testenv"
	"github.com/eventperk/eventperk-go/selector"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// targetCounter is a State under which nothing is the target, counting
// how often it is asked: :target is asked about every element with an id,
// so the count is how many elements matching looked at.
type targetCounter struct{ calls int }

func (c *targetCounter) Is(n *html.Node, pc selector.PseudoClass) bool {
	c.calls++
	return false
}

func (c *targetCounter) Focus() (*html.Node, bool) { return nil, false }

// chainDoc builds body > div#d0 > div#d1 > ... (depth divs), each div
// holding a span and, before it, siblings p elements with ids.
func chainDoc(depth, siblings int) (doc, body *html.Node) {
	doc = &html.Node{Type: html.DocumentNode}
	htmlEl := &html.Node{Type: html.ElementNode, Data: "html", DataAtom: atom.Html}
	body = &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}
	doc.AppendChild(htmlEl)
	htmlEl.AppendChild(body)
	n := body
	for i := range depth {
		for j := range siblings {
			n.AppendChild(&html.Node{Type: html.ElementNode, Data: "p", DataAtom: atom.P,
				Attr: []html.Attribute{{Key: "id", Val: fmt.Sprintf("p%d-%d", i, j)}}})
		}
		d := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div,
			Attr: []html.Attribute{{Key: "id", Val: fmt.Sprintf("d%d", i)}}}
		n.AppendChild(d)
		d.AppendChild(&html.Node{Type: html.ElementNode, Data: "span", DataAtom: atom.Span})
		n = d
	}
	return doc, body
}

// TestMatchContextLinear counts the elements matching looks at when every
// element of a deep page is matched against rules whose combinators walk
// up or back: with a MatchContext each element is looked at about once
// per part, where Matches alone looks at every ancestor again for every
// element (quadratic), which the test shows too so that it can fail.
func TestMatchContextLinear(t *testing.T) {
	const depth = 2000
	doc, _ := chainDoc(depth, 0)
	all := elements(doc)
	cases := []struct {
		parent, prelude string
		matched         int
		// quadratic is set when Matches alone asks :target a quadratic
		// number of times (when it is not, the walks stop early; for the
		// last case it is cubic, too slow to show).
		quadratic bool
	}{
		{"", ":target div", 0, true},
		{"", ":target span", 0, true},
		{"", "div:not(:target) div", depth - 1, false},
		{":target div", "> span", 0, true}, // & > span: :is(:target div) > span
		{"body div", "span", depth, false}, // & span: every span has a div above
		{"div", ":is(:target &) span, :target & span", 0, false},
	}
	for _, tc := range cases {
		t.Run(tc.parent+" { "+tc.prelude+" }", func(t *testing.T) {
			var parent []*selector.RuleSelector
			if tc.parent != "" {
				parent = mustRules(t, tc.parent, nil)
			}
			rules := mustRules(t, tc.prelude, parent)
			counter := &targetCounter{}
			ctx := selector.NewMatchContext(counter)
			matched := 0
			for _, el := range all {
				for _, r := range rules {
					if ctx.Matches(r, el) {
						matched++
					}
				}
			}
			if matched != tc.matched {
				t.Errorf("matched %d times, want %d", matched, tc.matched)
			}
			// Each div is asked about once per part that walks over it.
			if limit := 3 * depth * len(rules); counter.calls > limit {
				t.Errorf("with a MatchContext, :target was asked %d times, more than %d: not linear", counter.calls, limit)
			}
			if !tc.quadratic {
				return
			}
			plain := &targetCounter{}
			for _, el := range all {
				for _, r := range rules {
					r.Matches(el, plain)
				}
			}
			if plain.calls < depth*depth/4 {
				t.Errorf("without a MatchContext, :target was asked %d times; the test expects the quadratic walk it avoids", plain.calls)
			}
		})
	}
	t.Run("siblings", func(t *testing.T) {
		doc, _ := chainDoc(1, depth)
		rules := mustRules(t, ":target ~ p, :target ~ div", nil)
		counter := &targetCounter{}
		ctx := selector.NewMatchContext(counter)
		for _, el := range elements(doc) {
			for _, r := range rules {
				ctx.Matches(r, el)
			}
		}
		if limit := 3 * depth; counter.calls > limit {
			t.Errorf(":target was asked %d times, more than %d: not linear", counter.calls, limit)
		}
	})
}

// TestMatchContextAgrees checks that a MatchContext answers as Matches
// does, whatever order elements come in, and that Reset takes a new
// state into account.
func TestMatchContextAgrees(t *testing.T) {
	doc := parseHTML(t, testPage)
	all := elements(doc)
	rules := mustRules(t, "li a, ul ul li, #li1 ~ li, li:not(.nested) span, :focus-within > input, body :is(ul ~ span, form input), section :has(> a)", nil)
	nested := mustRules(t, "& span, > input, ~ p span", mustRules(t, "section ul, form", nil))
	rules = append(rules, nested...)
	st := &fakeState{root: doc, focused: byID(t, doc, "t1")}
	ctx := selector.NewMatchContext(nil)
	check := func(st selector.State, order []*html.Node) {
		t.Helper()
		for _, r := range rules {
			for _, el := range order {
				if got, want := ctx.Matches(r, el), r.Matches(el, st); got != want {
					t.Errorf("MatchContext.Matches(%q, %s) = %v, Matches = %v", r, label(el), got, want)
				}
			}
		}
	}
	check(nil, all)
	reversed := make([]*html.Node, len(all))
	for i, el := range all {
		reversed[len(all)-1-i] = el
	}
	ctx.Reset(st)
	check(st, reversed)
	if got := ruleMatches(mustRules(t, ":focus-within > input", nil)[0], doc, st); cmp.Diff([]string{"cb1", "t1", "cb2"}, got) != "" {
		t.Errorf(":focus-within > input = %v", got)
	}
}

// TestMatchContextDeep matches rules against every element of a page
// nested 10,000 levels deep (100,000 with EVENTPERK_LONG=1): nothing
// recurses on depth, and the memo keeps it linear.
func TestMatchContextDeep(t *testing.T) {
	depth := 10_000
	if testenv.Long(t) {
		depth = 100_000
	}
	t.Logf("a page %d levels deep", depth)
	doc := deepDoc(depth)
	all := elements(doc)
	parent := mustRules(t, "body div", nil)
	rules := append(mustRules(t, "span div, body div, [data-unit] div > div, div ~ div, :scope div span", nil),
		mustRules(t, "> span, :not(&) > div", parent)...)
	want := []int{0, depth, depth - 1001, 0, 1, 1, 1}
	ctx := selector.NewMatchContext(nil)
	got := make([]int, len(rules))
	for _, el := range all {
		for i, r := range rules {
			if ctx.Matches(r, el) {
				got[i]++
			}
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("matches per rule mismatch (-want +got):\n%s", diff)
	}
}
