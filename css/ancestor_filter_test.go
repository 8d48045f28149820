package css

import (
	"bytes"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/internal/stylerec"
	"golang.org/x/net/html"
)

// TestAncestorFilter checks that the ancestor filter skips only entries
// whose selector does not match: for every element of a page and every
// candidate entry of its buckets, an entry the filter skips is one the
// selector does not match. Bootstrap's sheet on the 2,000-element page of
// bench/pagegen, and a sheet of the cases the filter reads (ids, several
// classes, types, names in another namespace, :is(), nesting, sibling
// combinators, which give no ancestor).
func TestAncestorFilter(t *testing.T) {
	bootstrap := stylerec.SheetFile(t, "bootstrap.min.css")
	own := `
		#main .a > p, nav.bar.dark li, .b + .c span, .x ~ .y > i { float: left }
		:is(.card) .t, section :where(.z) b, svg foreignObject div, svg foreignobject p { float: right }
		.card { & .title { opacity: .5 } .nested & { opacity: .25 } }
		DIV.UP span, .Mixed em { visibility: hidden }`
	page := string(pagegen.Page(2000)) + `<div id=main><div class=a><p>p</p></div></div>
		<nav class="dark  bar"><ul><li>l</li></ul></nav><div class=b></div><div class=c><span>s</span></div>
		<div class=x></div><div class=y><i>i</i></div><div class=card><h2 class=t>t</h2><p class=title>x</p></div>
		<section><p class=z><b>b</b></p></section><svg><foreignObject><div>d</div><p>q</p></foreignObject></svg>
		<div class=up><span>u</span></div><div class="nested"><div class=card>c</div></div><p class=Mixed><em>m</em></p>`
	doc, err := html.Parse(bytes.NewReader([]byte(page)))
	if err != nil {
		t.Fatal(err)
	}
	for _, sheets := range [][]string{{string(bootstrap)}, {own}} {
		c := NewCascade(CascadeOptions{})
		var refs []SheetRef
		for _, src := range sheets {
			refs = append(refs, SheetRef{Sheet: Parse(src)})
		}
		c.SetSheets(refs)
		skipped, kept := 0, 0
		for el := range doc.Descendants() {
			if el.Type != html.ElementNode {
				continue
			}
			s := c.Style(el, nil)
			anc := &noAncestors
			if p := el.Parent; p != nil && p.Type == html.ElementNode {
				anc = &c.Style(p, nil).bloom
			}
			if !c.filtering {
				t.Fatal("the cascade does not filter")
			}
			if want := *anc; s != nil {
				want.addElement(el)
				if s.bloom != want {
					t.Fatalf("%s: the filter of the element is not that of its parent and its names", el.Data)
				}
			}
			for _, e := range c.author.index[pseudoNone].candidates(el, nil) {
				if e.anc.n == 0 || e.sel == nil {
					continue
				}
				if e.anc.mayMatch(anc) {
					kept++
					continue
				}
				skipped++
				if e.sel.Matches(el, nil) {
					t.Errorf("<%s class=%q>: the filter skips %q, which matches", el.Data, attrOf(el, "class"), e.selectorText())
				}
			}
		}
		if skipped == 0 {
			t.Errorf("%.30q: the filter skipped no entry (%d kept)", strings.TrimSpace(sheets[0]), kept)
		}
	}
}

func attrOf(el *html.Node, name string) string {
	v, _ := attrValue(el, name)
	return v
}
