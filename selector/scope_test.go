package selector_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/selector"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
)

// scopePage has a section that is not a div, inside a div, and nested unit
// hosts (marked data-unit) for the boundary tests.
const scopePage = `<html><body>
<div id="outer">
 <section id="root" class="x">
  <span id="s1"></span>
  <div id="d1"><span id="s2"></span></div>
  <a id="a1"></a>
  <ul id="ul1"><li id="li1"><ul id="ul2"><li id="li2"></li></ul></li></ul>
 </section>
 <x id="x1"></x>
</div>
<div id="unit" data-unit>
 <p id="p1"></p>
 <div id="u1" data-unit><p id="p2"></p><div id="u2" data-unit><p id="p3"></p></div></div>
 <div id="plain"><p id="p4"></p></div>
 <p id="p5"></p>
</div>
</body></html>`

func TestScopeQueryAll(t *testing.T) {
	doc := parseHTML(t, scopePage)
	tests := []struct {
		sel, root string
		want      []string
	}{
		{":scope > li", "ul1", []string{"li1"}},
		{":scope li", "ul1", []string{"li1", "li2"}},
		{":scope", "root", []string{}},
		{":scope.x > a", "root", []string{"a1"}},
		{":scope.y > a", "root", []string{}},
		{"section:scope > span", "root", []string{"s1"}},
		{"ul:scope", "ul1", []string{}},
		{"div :scope", "root", []string{}},
		{":scope + x", "root", []string{}},
		{":scope > ul > li > ul > li", "root", []string{"li2"}},
		{":scope > * > span", "root", []string{"s2"}},
		{":scope > span ~ a", "root", []string{"a1"}},
		{"div > :scope > span", "root", []string{"s1"}},
		{"p > :scope > span", "root", []string{}},
		{":scope > li, :scope li li", "ul1", []string{"li1", "li2"}},
		{":is(:scope > li)", "ul1", []string{"li1"}},
		{":not(:scope)", "ul1", []string{"li1", "ul2", "li2"}},
		{"li:has(:scope)", "ul2", []string{}},
		{":scope :scope", "root", []string{}},
		{":SCOPE > LI", "ul1", []string{"li1"}},
	}
	for _, tt := range tests {
		t.Run(tt.sel, func(t *testing.T) {
			root := byID(t, doc, tt.root)
			got := selector.MustCompile(tt.sel).QueryAll(root)
			if diff := cmp.Diff(tt.want, labels(got)); diff != "" {
				t.Errorf("QueryAll(%q) on #%s mismatch (-want +got):\n%s", tt.sel, tt.root, diff)
			}
		})
	}
}

func TestScopeMatch(t *testing.T) {
	doc := parseHTML(t, scopePage)
	tests := []struct {
		sel, el, scope string // scope "" means nil
		want           bool
	}{
		// matches()/closest(): :scope is the element itself.
		{":scope", "root", "root", true},
		{"ul:scope", "ul1", "ul1", true},
		{"ul:scope", "root", "root", false},
		{"div :scope", "root", "root", true},
		{"div :scope", "ul1", "ul1", true},
		{"p :scope", "root", "root", false},
		{":scope + x", "x1", "root", true},
		{":scope + x", "x1", "x1", false},
		{":scope > li", "li1", "ul1", true},
		{":scope > li", "li2", "ul1", false},
		{":scope li", "li2", "ul1", true},
		// closest(): ancestors of the element closest() was called on.
		{":scope li", "li1", "ul2", false},
		{"li:has(:scope)", "li1", "ul2", true},
		{"li:has(> :scope)", "li1", "li2", false},
		{"ul:has(> li > :scope)", "ul1", "ul2", true},
		// No scoping root: :scope is the root element.
		{":scope", "root", "", false},
		{":scope > body", "body", "", true},
		{":scope div", "outer", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.sel+"/"+tt.el+"/"+tt.scope, func(t *testing.T) {
			var el, scope *html.Node
			if tt.el == "body" {
				el = selector.MustCompile("body").QueryFirst(doc)
			} else {
				el = byID(t, doc, tt.el)
			}
			if tt.scope != "" {
				scope = byID(t, doc, tt.scope)
			}
			if got := selector.MustCompile(tt.sel).Match(el, scope); got != tt.want {
				t.Errorf("Match(#%s, scope %q) for %q = %v, want %v", tt.el, tt.scope, tt.sel, got, tt.want)
			}
		})
	}
}

func TestQueryScopedVersusQueryAll(t *testing.T) {
	doc := parseHTML(t, scopePage)
	root := byID(t, doc, "root")
	tests := []struct {
		sel         string
		all, scoped []string
	}{
		{"div span", []string{"s1", "s2"}, []string{"s2"}},
		{"section span", []string{"s1", "s2"}, []string{}},
		{"span", []string{"s1", "s2"}, []string{"s1", "s2"}},
		{":scope > span", []string{"s1"}, []string{"s1"}},
		{"section > span", []string{"s1"}, []string{}},
		{"ul li", []string{"li1", "li2"}, []string{"li1", "li2"}},
		{"ul ul li", []string{"li2"}, []string{"li2"}},
		{"div > span, a", []string{"s2", "a1"}, []string{"s2", "a1"}},
		{"#outer span", []string{"s1", "s2"}, []string{}},
		{":is(div) span", []string{"s1", "s2"}, []string{"s2"}},
		{":scope > div > span", []string{"s2"}, []string{"s2"}},
		{"span + div", []string{"d1"}, []string{"d1"}},
	}
	for _, tt := range tests {
		t.Run(tt.sel, func(t *testing.T) {
			sel := selector.MustCompile(tt.sel)
			if diff := cmp.Diff(tt.all, labels(sel.QueryAll(root))); diff != "" {
				t.Errorf("QueryAll(%q) mismatch (-want +got):\n%s", tt.sel, diff)
			}
			if diff := cmp.Diff(tt.scoped, labels(sel.QueryScoped(root, nil))); diff != "" {
				t.Errorf("QueryScoped(%q) mismatch (-want +got):\n%s", tt.sel, diff)
			}
		})
	}
}

func isUnitHost(n *html.Node) bool {
	for _, a := range n.Attr {
		if a.Key == "data-unit" {
			return true
		}
	}
	return false
}

func TestQueryScopedBoundary(t *testing.T) {
	doc := parseHTML(t, scopePage)
	tests := []struct {
		sel, root string
		boundary  func(*html.Node) bool
		want      []string
	}{
		{"p", "unit", isUnitHost, []string{"p1", "p4", "p5"}},
		{"p", "unit", nil, []string{"p1", "p2", "p3", "p4", "p5"}},
		{"[data-unit]", "unit", isUnitHost, []string{"u1"}},
		{"[data-unit]", "unit", nil, []string{"u1", "u2"}},
		{"div", "unit", isUnitHost, []string{"u1", "plain"}},
		{":scope > *", "unit", isUnitHost, []string{"p1", "u1", "plain", "p5"}},
		{"div > p", "unit", isUnitHost, []string{"p4"}},
		{"div p", "unit", isUnitHost, []string{"p4"}},
		{"p", "u1", isUnitHost, []string{"p2"}},
		{"div:has(p)", "unit", isUnitHost, []string{"u1", "plain"}},
		{"p ~ p", "unit", isUnitHost, []string{"p5"}},
		{"[data-unit] + div", "unit", isUnitHost, []string{"plain"}},
		{"#outer + div p", "unit", nil, []string{}}, // the div is the root: not inside it
		{"div + div p", "unit", nil, []string{"p4"}},
		{"div ~ div p", "unit", nil, []string{"p4"}},
	}
	for _, tt := range tests {
		name := tt.sel + "/" + tt.root
		if tt.boundary == nil {
			name += "/no-boundary"
		}
		t.Run(name, func(t *testing.T) {
			got := selector.MustCompile(tt.sel).QueryScoped(byID(t, doc, tt.root), tt.boundary)
			if diff := cmp.Diff(tt.want, labels(got)); diff != "" {
				t.Errorf("QueryScoped(%q) mismatch (-want +got):\n%s", tt.sel, diff)
			}
		})
	}
}

func TestQueryScopedBoundaryNotCalledForRootOrInsideHosts(t *testing.T) {
	doc := parseHTML(t, scopePage)
	root := byID(t, doc, "unit")
	var calls []string
	boundary := func(n *html.Node) bool {
		calls = append(calls, label(n))
		return isUnitHost(n)
	}
	selector.MustCompile("*").QueryScoped(root, boundary)
	for _, c := range calls {
		switch c {
		case "unit":
			t.Errorf("boundary called for the root")
		case "p2", "p3", "u2":
			t.Errorf("boundary called for %s, inside a nested host", c)
		}
	}
}
