package selector_test

import (
	"encoding/json"
	"errors"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/fixtures"
	"github.com/eventperk/eventperk-go/selector"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
)

// FuzzCompile checks that Compile never panics, that its errors are
// well-formed, and that every way of running a compiled selector agrees:
// QueryAll on the document equals QueryScoped on the document (everything
// is inside it) and the brute-force Match over every element, on both the
// fast path and this package's own matcher; the same holds below an inner
// root, where QueryScoped may only drop elements, and boundaries drop
// exactly those inside a nested host.
func FuzzCompile(f *testing.F) {
	for _, s := range sources {
		f.Add(s)
	}
	for _, s := range []string{
		"", "div[", "a,,b", ":nope", "##x", "p::before", "li:has(~ li a)", ":scope > ul > li > ul > li",
		"div > :scope > span", "p ~ p", "[data-unit] + div", ":is(ul ul) span", "ul:has(> li > :scope)",
		"[a#=(x)]", ":checked", "li:not(:disabled) a:link", ":has(:invalid) :read-only", "#outer + div p", "div + div p", "div ~ div > p", "body > div p", ":contains(\"a,b\")", ":haschild(p)", "a + b ~ c > d e", ":root > body", "li:only-child",
		":nth-child(2n+1 of li.item)", ":nth-last-child(-n+2 of :is(li, span))", `:lang(en, "*-CH")`, ":dir(rtl)",
		"li:empty", ":not(:defined)", ":open", ":target", ":user-invalid", ":fullscreen", ":state(x)", ":host-context(div)",
	} {
		f.Add(s)
	}
	for _, s := range fixtureSelectors(f) {
		f.Add(s)
	}
	// Selectors over the pages of the DOM event conformance cases.
	for _, s := range []string{"#table > #tbody > #parent > #target", "tr:has(> #target) td", "#a #b > #c", "html > body :scope"} {
		f.Add(s)
	}
	doc := parseHTML(f, scopePage)
	inner := byID(f, doc, "unit")
	all := elements(doc)
	page := parseHTML(f, testPage)
	pageRoot := byID(f, page, "root")

	f.Fuzz(func(t *testing.T, src string) {
		sel, err := selector.Compile(src)
		if err != nil {
			var se *selector.Error
			if !errors.As(err, &se) || !errors.Is(err, selector.ErrSyntax) {
				t.Fatalf("Compile(%q) error %v (%T) is not an *Error", src, err, err)
			}
			if se.Selector != src || se.Offset < 0 || se.Offset > len(src) {
				t.Fatalf("Compile(%q): bad error %#v", src, se)
			}
			return
		}
		if sel.String() != src {
			t.Fatalf("String() = %q, want %q", sel.String(), src)
		}

		var brute, bruteOwn []*html.Node
		for _, el := range all {
			if sel.Match(el, doc) {
				brute = append(brute, el)
			}
			if selector.MatchOwn(sel, el, doc) {
				bruteOwn = append(bruteOwn, el)
			}
		}
		got := labels(sel.QueryAll(doc))
		for name, other := range map[string][]*html.Node{
			"QueryScoped(document)":  sel.QueryScoped(doc, nil),
			"brute-force Match":      brute,
			"brute-force own Match":  bruteOwn,
			"own matcher's QueryAll": selector.QueryAllOwn(sel, doc),
		} {
			if diff := cmp.Diff(got, labels(other)); diff != "" {
				t.Fatalf("%q: QueryAll(document) vs %s mismatch (-QueryAll +%s):\n%s", src, name, name, diff)
			}
		}
		if first := sel.QueryFirst(doc); len(got) > 0 != (first != nil) || first != nil && label(first) != got[0] {
			t.Fatalf("%q: QueryFirst = %s, QueryAll = %v", src, label(first), got)
		}

		// A second, deeper page, queried below an inner root.
		var onPage []*html.Node
		for _, el := range elements(pageRoot) {
			if sel.Match(el, pageRoot) {
				onPage = append(onPage, el)
			}
		}
		if diff := cmp.Diff(labels(onPage), labels(sel.QueryAll(pageRoot))); diff != "" {
			t.Fatalf("%q: QueryAll(#root) vs brute force mismatch (-want +got):\n%s", src, diff)
		}

		// Below an inner root.
		var want []*html.Node
		for _, el := range elements(inner) {
			if sel.Match(el, inner) {
				want = append(want, el)
			}
		}
		if diff := cmp.Diff(labels(want), labels(sel.QueryAll(inner))); diff != "" {
			t.Fatalf("%q: QueryAll(inner) vs brute force mismatch (-want +got):\n%s", src, diff)
		}
		scoped := sel.QueryScoped(inner, nil)
		for _, n := range scoped {
			if !slices.Contains(want, n) {
				t.Fatalf("%q: QueryScoped(inner) returned %s, which QueryAll did not", src, label(n))
			}
		}
		// QueryScoped is QueryAll with ":scope " in front. Where src is a
		// single selector not mentioning :scope (nor &, which is :scope
		// here), that can be checked literally.
		if lower := strings.ToLower(src); !strings.ContainsAny(src, ",\\&") && !strings.Contains(lower, "scope") {
			if pre, err := selector.Compile(":scope " + src); err == nil {
				if diff := cmp.Diff(labels(pre.QueryAll(inner)), labels(scoped)); diff != "" {
					t.Fatalf("%q: QueryScoped(inner) vs QueryAll(inner, \":scope \"+src) mismatch (-want +got):\n%s", src, diff)
				}
			}
		}
		var outside []*html.Node
		for _, n := range scoped {
			if !insideHost(inner, n) {
				outside = append(outside, n)
			}
		}
		if diff := cmp.Diff(labels(outside), labels(sel.QueryScoped(inner, isUnitHost))); diff != "" {
			t.Fatalf("%q: QueryScoped(inner, boundary) mismatch (-want +got):\n%s", src, diff)
		}
	})
}

// insideHost reports whether a unit host lies strictly between root and n.
func insideHost(root, n *html.Node) bool {
	for p := n.Parent; p != nil && p != root; p = p.Parent {
		if isUnitHost(p) {
			return true
		}
	}
	return false
}

// fixtureSelectors returns the selectors of the fixtures' scenarios and
// settings: every string under a key that takes a selector.
func fixtureSelectors(tb testing.TB) []string {
	tb.Helper()
	names, err := fs.Glob(fixtures.FS(), "*/*.json")
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	var walk func(key string, v any)
	walk = func(key string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				walk(k, x)
			}
		case []any:
			for _, x := range v {
				walk(key, x)
			}
		case string:
			switch key {
			case "target", "element", "rootNode", "closest", "when", "unless":
				out = append(out, v)
			}
		}
	}
	for _, name := range names {
		data, err := fs.ReadFile(fixtures.FS(), name)
		if err != nil {
			tb.Fatal(err)
		}
		var v any
		if json.Unmarshal(data, &v) == nil {
			walk("", v)
		}
	}
	if len(out) == 0 {
		tb.Fatal("no selectors in the fixtures")
	}
	return out
}
