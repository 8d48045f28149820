package selector_test

import (
	"errors"
	"testing"

	"github.com/eventperk/eventperk-go/selector"
	"github.com/google/go-cmp/cmp"
)

// sources is a spread of valid selectors used by several tests.
var sources = []string{
	"li", ".item", `[data-role="last"]`, "ul > li", "li span", "#s3", "input[type=checkbox]", ":scope > *",
	"div span", "span, a", `[title="a,b"]`, ":is(a, span)", "li:not(.first,.nested)", ":where(#a1)",
	"li + li", "#li1 ~ li", "li:has(> a)", ":scope li", "ul:scope", "div :scope", ":scope + x",
	"  li  ", "li/**/.x", "a\t>\nb", `#\31 st-item`, `[a="x" i]`, `[a="x" s]`, "li:nth-child(2n+1)",
	"*", "*.x", ":not(:scope)", ":has(+ li)",
}

func TestStringReturnsSource(t *testing.T) {
	for _, src := range sources {
		sel, err := selector.Compile(src)
		if err != nil {
			t.Errorf("Compile(%q): %v", src, err)
			continue
		}
		if got := sel.String(); got != src {
			t.Errorf("Compile(%q).String() = %q", src, got)
		}
	}
}

func TestMatch(t *testing.T) {
	doc := parseHTML(t, testPage)
	tests := []struct {
		sel, el string
		want    bool
	}{
		{"li", "li1", true},
		{"li", "a1", false},
		{".item.first", "li1", true},
		{".item.first", "li2", false},
		{"section li", "li3", true},
		{"div > li", "li3", false},
		{"ul ul > li", "li3", true},
		{"body > div > section > ul > li > a", "a1", true},
		{"li:not(.item)", "li4", true},
		{":is(p, span) + ul", "inner", true},
		{"li ~ li", "li1", false},
		{"li ~ li", "li4", true},
		{"[title]", "li4", true},
		{"form:has(input:checked)", "form", true},
		{"form:has(> input + input)", "form", true},
		{"form:has(> span)", "form", false},
		{"#root :is(li li)", "li3", true},
		{"#root :is(li li)", "li1", false},
		{"html", "body", false},
	}
	for _, tt := range tests {
		t.Run(tt.sel+"/"+tt.el, func(t *testing.T) {
			sel := selector.MustCompile(tt.sel)
			el := byID(t, doc, tt.el)
			if got := sel.Match(el, el); got != tt.want {
				t.Errorf("Match(#%s) for %q = %v, want %v", tt.el, tt.sel, got, tt.want)
			}
			if got := selector.MatchOwn(sel, el, el); got != tt.want {
				t.Errorf("own matcher: Match(#%s) for %q = %v, want %v", tt.el, tt.sel, got, tt.want)
			}
		})
	}
}

func TestMatchNonElements(t *testing.T) {
	doc := parseHTML(t, testPage)
	sel := selector.MustCompile("*")
	if sel.Match(doc, doc) {
		t.Errorf("Match(document) = true, want false")
	}
	if sel.Match(nil, nil) {
		t.Errorf("Match(nil) = true, want false")
	}
	text := byID(t, doc, "s3").FirstChild
	if sel.Match(text, nil) {
		t.Errorf("Match(text node) = true, want false")
	}
	if got := labels(selector.MustCompile(":scope").QueryAll(doc)); len(got) != 0 {
		t.Errorf("QueryAll(document, :scope) = %v, want none", got)
	}
}

// TestFastPath checks which selectors run on cascadia's own matcher: all
// whose meaning cascadia gets right, none that use what it lacks.
func TestFastPath(t *testing.T) {
	tests := []struct {
		sel  string
		fast bool
	}{
		{"li", true},
		{"ul > li, a[href]", true},
		{"li:not(.x)", true},
		{"li:nth-child(2)", true},
		{":scope > li", false},
		{":is(a, b)", false},
		{":where(a)", false},
		{"li:has(a)", false},
		{"li:not(:scope)", false},
		{"a/**/.b", false},
		{"a /**/ b", false},
		{"[a=b s]", false},
	}
	var got, want []string
	for _, tt := range tests {
		if selector.HasFastPath(selector.MustCompile(tt.sel)) {
			got = append(got, tt.sel)
		}
		if tt.fast {
			want = append(want, tt.sel)
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("selectors on the fast path mismatch (-want +got):\n%s", diff)
	}
}

func TestMustCompilePanicsWithError(t *testing.T) {
	defer func() {
		r := recover()
		err, ok := r.(error)
		if !ok || !errors.Is(err, selector.ErrSyntax) {
			t.Errorf("MustCompile panicked with %v, want an *Error", r)
		}
	}()
	selector.MustCompile("div[")
	t.Errorf("MustCompile did not panic")
}
