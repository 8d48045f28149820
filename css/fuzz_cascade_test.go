package css

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
)

// FuzzCascade builds a small sheet and a small tree from the input and
// checks that the cascade, with its index, its shared values and its
// MatchContext, computes for every element and pseudo-element what a
// brute-force cascade computes: one that tests every rule of every sheet
// against every element with the selector alone.
func FuzzCascade(f *testing.F) {
	f.Add([]byte("seed"), []byte("tree"))
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, []byte{3, 1, 4, 1, 5, 9, 2, 6})
	f.Add([]byte("\xff\x10\x20\x30\x40\x50\x60\x70\x80\x90\xa0\xb0\xc0\xd0\xe0\xf0"), []byte("\x07\x07\x07\x07\x07"))
	f.Add([]byte(strings.Repeat("\x05\x0b\x11\x17", 16)), []byte(strings.Repeat("\x02\x04", 12)))
	f.Fuzz(func(t *testing.T, sheetSeed, treeSeed []byte) {
		sheet := genSheet(&gen{b: sheetSeed})
		body := genTree(&gen{b: treeSeed})
		doc, err := html.Parse(strings.NewReader("<!DOCTYPE html><html><head></head><body>" + body + "</body></html>"))
		if err != nil {
			t.Skip()
		}
		c := NewCascade(CascadeOptions{})
		c.SetSheets([]SheetRef{{Sheet: Parse(sheet)}})
		c.prepare(nil) // the index and MatchContext, which the brute force reads too
		brute := map[*html.Node]*computed{}
		var walk []*html.Node
		for n := range doc.Descendants() {
			if n.Type == html.ElementNode {
				walk = append(walk, n)
			}
		}
		for _, el := range walk {
			var parent *computed
			if p := el.Parent; p != nil && p.Type == html.ElementNode {
				parent = brute[p]
			}
			brute[el] = bruteForce(c, el, parent, pseudoNone)
			want := describeValues(&Style{computed: brute[el], el: el, cascade: c})
			got := describeValues(c.Style(el, nil))
			for _, pk := range []pseudoKind{pseudoBefore, pseudoAfter} {
				name := []string{"", "before", "after"}[pk]
				for k, v := range describeValues(&Style{computed: bruteForce(c, el, brute[el], pk), el: el, cascade: c}) {
					want["::"+name+" "+k] = v
				}
				for k, v := range describeValues(c.ComputedPseudoStyle(el, name, nil)) {
					got["::"+name+" "+k] = v
				}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("<%s> in %s\nwith %s\nmismatch (-brute force +cascade):\n%s", el.Data, body, sheet, diff)
			}
		}
	})
}

// describeValues is every value a Style serializes, and two custom
// properties.
func describeValues(s *Style) map[string]string {
	m := map[string]string{}
	for _, p := range ComputedProperties {
		m[p] = s.PropertyValue(p)
	}
	for _, p := range []string{"--a", "--b"} {
		m[p] = s.PropertyValue(p)
	}
	m["rendered"] = map[bool]string{true: "yes", false: "no"}[s.Rendered()]
	return m
}

// bruteForce computes an element's values from every entry of the user
// agent's and the author's rules, matched with the selector alone.
func bruteForce(c *Cascade, el *html.Node, parent *computed, pk pseudoKind) *computed {
	var groups []group
	for _, set := range []*ruleSet{userAgent(), c.author} {
		for _, e := range set.all {
			if e.pseudo != pk || e.nsOnly && el.Namespace != e.ns {
				continue
			}
			var prox uint64
			if e.scope != nil {
				d, ok := c.scopeDistance(e, el)
				if !ok {
					continue
				}
				prox = 255 - uint64(min(d, 254))
			} else if e.sel == nil {
				continue
			}
			if !e.scopeRoot && !e.sel.Matches(el, nil) {
				continue
			}
			groups = appendGroups(groups, e, prox)
		}
	}
	if pk == pseudoNone {
		groups = appendHints(groups, el)
		groups = c.appendStyleAttribute(groups, el)
	}
	sortGroups(groups)
	cv, _ := c.computeStyle(el, pk, parent, groups)
	return cv
}

// gen reads choices from fuzz input, cycling through it.
type gen struct {
	b []byte
	i int
}

func (g *gen) pick(n int) int {
	if len(g.b) == 0 || n <= 1 {
		return 0
	}
	v := int(g.b[g.i%len(g.b)]) + g.i/len(g.b)
	g.i++
	return v % n
}

func (g *gen) one(list ...string) string { return list[g.pick(len(list))] }

var (
	fuzzSelectors = []string{
		"p", "div", "span", "li", ".a", ".b", "#x", "#y", "[hidden]", "[data-k=v]", "*", "div > p", "div p",
		".a .b", ".a.b", "p:first-child", "li:nth-child(2n)", ":is(.a, #y)", ":where(.b)", ":not(.a)",
		"div + p", "p ~ span", ".a::before", "p::after", "#x::before", "ul > li", ":root", "body *",
	}
	fuzzDecls = []string{
		"display: none", "display: flex", "display: inline-block", "display: contents", "display: grid",
		"display: inherit", "display: revert", "display: revert-layer", "display: var(--d)", "display: var(--d, block)",
		"visibility: hidden", "visibility: unset", "opacity: 0", "opacity: 50%", "opacity: var(--o, 0.25)",
		"pointer-events: none", "pointer-events: initial", "text-transform: uppercase", "text-transform: var(--a)",
		"white-space: pre", "white-space-collapse: preserve", "text-wrap: nowrap", "white-space: var(--a)",
		"position: absolute", "float: left", "content: 'x'", "content: attr(class) '!'", "content: none",
		"content-visibility: hidden", "all: unset", "all: revert", "quotes: none",
		"--a: lowercase", "--a: var(--b)", "--b: var(--a)", "--b: capitalize", "--d: block", "--o: 0.5",
		"--a: inherit", "--b: initial",
	}
)

// genSheet makes a sheet of up to 12 rules, some in @media, @layer,
// @supports or @scope, some nested, some declarations important.
func genSheet(g *gen) string {
	var b strings.Builder
	if g.pick(2) == 0 {
		b.WriteString("@layer " + g.one("a, b", "b, a", "a") + ";\n")
	}
	rules := 1 + g.pick(12)
	for i := 0; i < rules; i++ {
		rule := g.one(fuzzSelectors...) + " { " + genDecls(g, 1+g.pick(3))
		if g.pick(4) == 0 {
			rule += " & " + g.one(".b", "> p", "span") + " { " + genDecls(g, 1) + " }"
		}
		rule += " }"
		switch g.pick(8) {
		case 0:
			rule = "@media " + g.one("screen", "print", "(min-width: 100px)") + " { " + rule + " }"
		case 1:
			rule = "@layer " + g.one("a", "b", "a.c", "") + " { " + rule + " }"
		case 2:
			rule = "@supports " + g.one("(display: grid)", "(display: bogus)") + " { " + rule + " }"
		case 3:
			rule = "@scope (" + g.one(".a", "div", "#x") + ")" + g.one("", " to (.b)") + " { " + rule + " }"
		}
		b.WriteString(rule + "\n")
	}
	return b.String()
}

func genDecls(g *gen, n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString(g.one(fuzzDecls...))
		if g.pick(5) == 0 {
			b.WriteString(" !important")
		}
		b.WriteString("; ")
	}
	return b.String()
}

// genTree makes a fragment of up to 14 elements, nested up to 4 deep.
func genTree(g *gen) string {
	var b strings.Builder
	var open []string
	n := 1 + g.pick(14)
	for i := 0; i < n; i++ {
		for len(open) > 0 && (len(open) >= 4 || g.pick(3) == 0) {
			b.WriteString("</" + open[len(open)-1] + ">")
			open = open[:len(open)-1]
		}
		tag := g.one("div", "p", "span", "ul", "li", "button", "section", "img", "input")
		b.WriteString("<" + tag)
		if k := g.pick(4); k > 0 {
			b.WriteString(` class="` + g.one("a", "b", "a b", "c")[:] + `"`)
		}
		if g.pick(5) == 0 {
			b.WriteString(" id=" + g.one("x", "y"))
		}
		if g.pick(6) == 0 {
			b.WriteString(" hidden")
		}
		if g.pick(7) == 0 {
			b.WriteString(" data-k=v")
		}
		if g.pick(6) == 0 {
			b.WriteString(` style="` + strings.ReplaceAll(genDecls(g, 1), `'`, `"`) + `"`)
		}
		b.WriteString(">")
		if tag != "img" && tag != "input" {
			open = append(open, tag)
		}
	}
	for len(open) > 0 {
		b.WriteString("</" + open[len(open)-1] + ">")
		open = open[:len(open)-1]
	}
	return b.String()
}
