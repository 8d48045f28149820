package selector_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/selector"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
)

func TestQueryAll(t *testing.T) {
	doc := parseHTML(t, testPage)
	tests := []struct {
		name, root, sel string
		want            []string
	}{
		// The eight basic kinds.
		{"tag", "root", "li", []string{"li1", "li2", "li3", "li4"}},
		{"class", "root", ".item", []string{"li1", "li2", "li3"}},
		{"attribute", "root", `[data-role="last"]`, []string{"li4"}},
		{"child", "root", "ul > li", []string{"li1", "li2", "li3", "li4"}},
		{"descendant", "root", "li span", []string{"s1", "s2"}},
		{"id", "root", "#s3", []string{"s3"}},
		{"checkbox", "root", "input[type=checkbox]", []string{"cb1", "cb2"}},
		{"scope child", "root", ":scope > *", []string{"list", "s3", "form"}},

		// DOM semantics: ancestors outside root take part.
		{"ancestor above root", "root", "div span", []string{"s1", "s2", "s3"}},
		{"root itself as ancestor", "root", "section span", []string{"s1", "s2", "s3"}},
		{"child of root via parent selector", "root", "section > ul", []string{"list"}},
		{"root is never returned", "root", "section", []string{}},
		{"sibling outside root", "list", "span ~ ul li", []string{"li3"}},

		// Commas that do not separate selectors.
		{"comma in attribute value", "root", `[title="a,b"]`, []string{"li4"}},
		{"comma in single-quoted value", "root", `li[title='a,b'], #s3`, []string{"li4", "s3"}},
		{"comma in :is", "root", ":is(a, span)", []string{"a1", "s1", "s2", "a2", "s3"}},
		{"comma in :not", "root", "li:not(.first,.nested)", []string{"li2", "li4"}},
		{"comma in :where", "root", ":where(#a1, #a2)", []string{"a1", "a2"}},
		{"escaped comma", "root", `[title=a\,b]`, []string{"li4"}},

		// Lists: tree order, no duplicates.
		{"tree order across the list", "root", "span, a", []string{"a1", "s1", "s2", "a2", "s3"}},
		{"no duplicates", "root", "li, .item, li.item", []string{"li1", "li2", "li3", "li4"}},

		// Combinators.
		{"adjacent sibling skips text and comments", "root", "li + li", []string{"li2", "li4"}},
		{"general sibling", "root", "#li1 ~ li", []string{"li2", "li4"}},
		{"mixed", "root", "ul > li > span + ul span", []string{"s2"}},
		{"deep descendant chain", "#document", "html body div section ul li ul li span", []string{"s2"}},
		{"child chain with backtracking", "#document", "div > section li > a", []string{"a1", "a2"}},

		// Relative and logical pseudo-classes.
		{":has child", "root", "li:has(> a)", []string{"li1", "li4"}},
		{":has descendant", "root", "ul:has(.nested)", []string{"list", "inner"}},
		{":has sibling", "root", "li:has(+ li)", []string{"li1", "li2"}},
		{":has later sibling subtree", "root", "li:has(~ li a)", []string{"li1", "li2"}},
		{":has no match", "root", "li:has(form)", []string{}},
		{":is with complex", "root", ":is(ul ul) span", []string{"s2"}},
		{"nested :not :is", "root", "li:not(:is(.item))", []string{"li4"}},

		// cascadia pseudo-classes.
		{"nth-child", "list", "li:nth-child(2n+1)", []string{"li1", "li3", "li4"}},
		{"first-child", "root", "li:first-child", []string{"li1", "li3"}},
		{"checked", "root", ":checked", []string{"cb1"}},
		{"case-insensitive attribute", "root", `input[type="CHECKBOX" i]`, []string{"cb1", "cb2"}},
		{"case-sensitive flag", "root", `input[type="CHECKBOX" s]`, []string{}},
		{"upper-case tag", "root", "LI.first", []string{"li1"}},
		{"comment inside compound", "root", "li/* x */.first", []string{"li1"}},

		// Document as root.
		{"document root", "#document", ":scope > html", []string{"html"}},
		{"document body", "#document", "body > p", []string{"after"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sel, err := selector.Compile(tt.sel)
			if err != nil {
				t.Fatalf("Compile(%q): %v", tt.sel, err)
			}
			root := byID(t, doc, tt.root)
			if diff := cmp.Diff(tt.want, labels(sel.QueryAll(root))); diff != "" {
				t.Errorf("QueryAll(%q) mismatch (-want +got):\n%s", tt.sel, diff)
			}
			if diff := cmp.Diff(tt.want, labels(selector.QueryAllOwn(sel, root))); diff != "" {
				t.Errorf("own matcher QueryAll(%q) mismatch (-want +got):\n%s", tt.sel, diff)
			}
			wantFirst := "<nil>"
			if len(tt.want) > 0 {
				wantFirst = tt.want[0]
			}
			if diff := cmp.Diff(wantFirst, label(sel.QueryFirst(root))); diff != "" {
				t.Errorf("QueryFirst(%q) mismatch (-want +got):\n%s", tt.sel, diff)
			}
		})
	}
}

func TestAppendAllKeepsDst(t *testing.T) {
	doc := parseHTML(t, testPage)
	root := byID(t, doc, "root")
	pre := byID(t, doc, "after")
	dst := make([]*html.Node, 1, 8)
	dst[0] = pre
	got := selector.MustCompile("a").AppendAll(dst, root)
	if diff := cmp.Diff([]string{"after", "a1", "a2"}, labels(got)); diff != "" {
		t.Errorf("AppendAll mismatch (-want +got):\n%s", diff)
	}
	if &got[0] != &dst[0] {
		t.Errorf("AppendAll reallocated although dst had room")
	}
	if raceEnabled {
		return
	}
	for _, src := range []string{"a", "li a", ":scope li > a", "li ~ li a"} {
		sel := selector.MustCompile(src)
		if allocs := testing.AllocsPerRun(100, func() { got = sel.AppendAll(dst[:1], root) }); allocs != 0 {
			t.Errorf("AppendAll(%q) with room in dst: %v allocations, want 0", src, allocs)
		}
	}
}

func TestQueryNilRoot(t *testing.T) {
	sel := selector.MustCompile("a")
	if got := sel.QueryAll(nil); got != nil {
		t.Errorf("QueryAll(nil) = %v, want nil", got)
	}
	if got := sel.QueryFirst(nil); got != nil {
		t.Errorf("QueryFirst(nil) = %v, want nil", got)
	}
	if got := sel.QueryScoped(nil, nil); got != nil {
		t.Errorf("QueryScoped(nil) = %v, want nil", got)
	}
}
