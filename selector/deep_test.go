package selector_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/selector"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// deepDoc builds <html><body><div>…100,000 nested divs…<span id="deep">
// with every thousandth div a unit host (data-unit).
func deepDoc(depth int) *html.Node {
	doc := &html.Node{Type: html.DocumentNode}
	htmlEl := &html.Node{Type: html.ElementNode, Data: "html", DataAtom: atom.Html}
	body := &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}
	doc.AppendChild(htmlEl)
	htmlEl.AppendChild(body)
	n := body
	for i := range depth {
		d := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
		if i%1000 == 999 {
			d.Attr = []html.Attribute{{Key: "data-unit"}}
		}
		n.AppendChild(d)
		n = d
	}
	n.AppendChild(&html.Node{Type: html.ElementNode, Data: "span", DataAtom: atom.Span,
		Attr: []html.Attribute{{Key: "id", Val: "deep"}}})
	return doc
}

// TestDeepTree runs every entry point on a page nested 100,000 levels deep:
// all walks are iterative and matching recurses only on selector length.
func TestDeepTree(t *testing.T) {
	const depth = 100_000
	doc := deepDoc(depth)
	body := selector.MustCompile("body").QueryFirst(doc)
	deep := selector.ByID(doc, "deep")
	if deep == nil || deep.Data != "span" {
		t.Fatalf("ByID(deep) = %v", deep)
	}
	tests := []struct {
		sel   string
		count int
	}{
		{"div", depth},
		{"span", 1},
		{"div > span", 1},
		{"body div span", 1},
		{"#deep", 1},
		{":scope > div", 1},
		{"div:has(> span)", 1},
		{":is(div) > :is(span)", 1},
		{"[data-unit] > div > div", depth/1000 - 1}, // the last host holds the span
		// Each of these walks up (or along) the tree from every div;
		// without the per-query memo they would take O(depth²).
		{"body div", depth},
		{"html body > div div", depth - 1},
		{"span div", 0},
		{"div ~ div", 0},
		{"span ~ div div", 0},
		{":scope div", depth},
		// :read-only asks every element whether it is editable, which
		// looks up the ancestors; a per-query memo keeps it linear.
		{":read-only", depth + 1},
		{"div:read-write, :read-only:read-write", 0},
	}
	for _, tt := range tests {
		t.Run(tt.sel, func(t *testing.T) {
			sel := selector.MustCompile(tt.sel)
			if got := len(sel.QueryAll(body)); got != tt.count {
				t.Errorf("len(QueryAll) = %d, want %d", got, tt.count)
			}
			if got := sel.QueryFirst(body); (got != nil) != (tt.count > 0) {
				t.Errorf("QueryFirst = %v, want a match: %v", got, tt.count > 0)
			}
		})
	}
	t.Run("QueryScoped", func(t *testing.T) {
		got := selector.MustCompile("div, span").QueryScoped(body, isUnitHost)
		if len(got) != 1000 {
			t.Errorf("QueryScoped with boundaries found %d elements, want the 1000 down to the first host", len(got))
		}
		if got := selector.MustCompile("div div").QueryScoped(body, nil); len(got) != depth-1 {
			t.Errorf("QueryScoped(div div) found %d elements, want %d", len(got), depth-1)
		}
		got = selector.MustCompile("span").QueryScoped(body, nil)
		if diff := cmp.Diff([]string{"deep"}, labels(got)); diff != "" {
			t.Errorf("QueryScoped(span) mismatch (-want +got):\n%s", diff)
		}
	})
	t.Run("focus-within", func(t *testing.T) {
		fs := &fakeState{focused: deep}
		got := selector.MustCompile(":focus-within").WithState(fs).QueryAll(body)
		if len(got) != depth+1 {
			t.Errorf(":focus-within found %d elements, want the %d divs and the span", len(got), depth)
		}
	})
	t.Run("Closest", func(t *testing.T) {
		// Every ancestor is tried; the focused element's ancestors are
		// read once for the whole walk.
		fs := &fakeState{focused: deep}
		if got := selector.MustCompile("body:focus-within").WithState(fs).Closest(deep); got != body {
			t.Errorf("Closest(body:focus-within) = %v, want the body", got)
		}
		if got := selector.MustCompile("html:read-only").Closest(deep); got == nil || got.Data != "html" {
			t.Errorf("Closest(html:read-only) = %v, want the html element", got)
		}
	})
	t.Run("Match", func(t *testing.T) {
		if !selector.MustCompile("body span:scope").Match(deep, deep) {
			t.Errorf("Match(deep) = false")
		}
	})
}
