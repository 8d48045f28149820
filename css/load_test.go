package css_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/css"
	"github.com/google/go-cmp/cmp"
)

// site is a Loader over a map of URL to response, which counts its calls.
type site struct {
	pages map[string]css.Resource
	calls []string
	max   []int64
}

func (s *site) Load(ctx context.Context, url string, maxBytes int64) (css.Resource, error) {
	s.calls = append(s.calls, url)
	s.max = append(s.max, maxBytes)
	if err := ctx.Err(); err != nil {
		return css.Resource{}, err
	}
	r, ok := s.pages[url]
	if !ok {
		return css.Resource{}, fmt.Errorf("404 %s", url)
	}
	return r, nil
}

func cssPage(text string) css.Resource {
	return css.Resource{Body: []byte(text), ContentType: "text/css"}
}

// importTree describes what LoadImports did to a sheet: for each import,
// its URL and either the tree of its sheet or its error.
func importTree(s *css.StyleSheet) []string {
	var out []string
	var walk func(s *css.StyleSheet, indent string)
	walk = func(s *css.StyleSheet, indent string) {
		for _, r := range s.Rules() {
			imp, ok := r.(*css.ImportRule)
			if !ok {
				continue
			}
			switch {
			case imp.LoadError() != nil:
				out = append(out, indent+imp.Href()+": "+imp.LoadError().Error())
			case imp.StyleSheet() == nil:
				out = append(out, indent+imp.Href()+": not loaded")
			default:
				out = append(out, indent+imp.Href()+" = "+imp.StyleSheet().Href())
				walk(imp.StyleSheet(), indent+"  ")
			}
		}
	}
	walk(s, "")
	return out
}

func TestLoadImports(t *testing.T) {
	const base = "https://example.test/css/"
	for _, tc := range []struct {
		name  string
		sheet string
		pages map[string]css.Resource
		opts  css.LoadOptions
		want  []string
		calls []string
	}{{
		name:  "nested, resolved against each sheet's URL",
		sheet: `@import "a.css"; @import url(sub/b.css) screen; a {}`,
		pages: map[string]css.Resource{
			base + "a.css":               cssPage(`@import "../c.css";`),
			base + "sub/b.css":           cssPage(`@import "d.css"; b {}`),
			"https://example.test/c.css": cssPage(`c {}`),
			base + "sub/d.css":           cssPage(`d {}`),
		},
		want: []string{
			"a.css = " + base + "a.css",
			"  ../c.css = https://example.test/c.css",
			"sub/b.css = " + base + "sub/b.css",
			"  d.css = " + base + "sub/d.css",
		},
	}, {
		name:  "a cycle is not loaded",
		sheet: `@import "a.css";`,
		pages: map[string]css.Resource{
			base + "a.css": cssPage(`@import "b.css";`),
			base + "b.css": cssPage(`@import "a.css"; @import "b.css"; @import "top.css";`),
		},
		want: []string{
			"a.css = " + base + "a.css",
			"  b.css = " + base + "b.css",
			"    a.css: css: @import " + base + "a.css: import cycle",
			"    b.css: css: @import " + base + "b.css: import cycle",
			"    top.css: css: @import " + base + "top.css: import cycle",
		},
	}, {
		name:  "redirects: the final URL is the base",
		sheet: `@import "old.css";`,
		pages: map[string]css.Resource{
			base + "old.css":   {Body: []byte(`@import "x.css";`), ContentType: "text/css", URL: base + "new/main.css"},
			base + "new/x.css": cssPage(``),
		},
		want: []string{"old.css = " + base + "new/main.css", "  x.css = " + base + "new/x.css"},
	}, {
		name:  "failures are recorded and the others load",
		sheet: `@import "missing.css"; @import "page.html"; @import "ok.css"; @import "big.css";`,
		pages: map[string]css.Resource{
			base + "page.html": {Body: []byte("<p>"), ContentType: "text/html; charset=utf-8"},
			base + "ok.css":    {Body: []byte("a {}")},
			base + "big.css":   cssPage(strings.Repeat(" ", 101)),
		},
		opts: css.LoadOptions{MaxSheetBytes: 100},
		want: []string{
			"missing.css: css: @import " + base + "missing.css: 404 " + base + "missing.css",
			"page.html: css: @import " + base + `page.html: not text/css: "text/html; charset=utf-8"`,
			"ok.css = " + base + "ok.css",
			"big.css: css: @import " + base + "big.css: sheet too large: more than 100 bytes",
		},
	}, {
		name:  "depth",
		sheet: `@import "1.css";`,
		pages: map[string]css.Resource{
			base + "1.css": cssPage(`@import "2.css";`),
			base + "2.css": cssPage(`@import "3.css";`),
			base + "3.css": cssPage(`@import "4.css";`),
		},
		opts: css.LoadOptions{MaxDepth: 2},
		want: []string{
			"1.css = " + base + "1.css",
			"  2.css = " + base + "2.css",
			"    3.css: css: @import " + base + "3.css: imports nested too deep: more than 2",
		},
	}, {
		name:  "a supports() that does not hold is not loaded",
		sheet: `@import "a.css" supports(not (display: block)); @import "b.css" supports(display: block);`,
		pages: map[string]css.Resource{base + "b.css": cssPage(``)},
		want:  []string{"a.css: not loaded", "b.css = " + base + "b.css"},
		calls: []string{base + "b.css"},
	}, {
		name:  "a URL is fetched once",
		sheet: `@import "a.css"; @import "a.css" print;`,
		pages: map[string]css.Resource{base + "a.css": cssPage(`a {}`)},
		want:  []string{"a.css = " + base + "a.css", "a.css = " + base + "a.css"},
		calls: []string{base + "a.css"},
	}, {
		name:  "the budget",
		sheet: `@import "a.css"; @import "b.css"; @import "c.css";`,
		pages: map[string]css.Resource{
			base + "a.css": cssPage(strings.Repeat("a", 60)),
			base + "b.css": cssPage(strings.Repeat("b", 60)),
			base + "c.css": cssPage(strings.Repeat("c", 40)),
		},
		opts: css.LoadOptions{Budget: &css.LoadBudget{Bytes: 100}},
		want: []string{
			"a.css = " + base + "a.css",
			"b.css: css: @import " + base + "b.css: the document's sheets are too large in all: 60 bytes, 40 left",
			"c.css = " + base + "c.css",
		},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			s := &site{pages: tc.pages}
			sheet := css.ParseWithOptions(tc.sheet, css.Options{Href: base + "top.css"})
			if err := css.LoadImports(context.Background(), sheet, s, tc.opts); err != nil {
				t.Fatalf("LoadImports: %v", err)
			}
			if diff := cmp.Diff(tc.want, importTree(sheet)); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
			if tc.calls != nil {
				if diff := cmp.Diff(tc.calls, s.calls); diff != "" {
					t.Errorf("loader calls: mismatch (-want +got):\n%s", diff)
				}
			}
		})
	}
}

// TestLoadImportsErrors checks that LoadError wraps the reasons so that
// errors.Is finds them.
func TestLoadImportsErrors(t *testing.T) {
	sheet := css.ParseWithOptions(`@import "self.css"; @import "relative.css";`, css.Options{Href: "https://x.test/self.css"})
	css.LoadImports(context.Background(), sheet, &site{}, css.LoadOptions{})
	imp := sheet.Rules()[0].(*css.ImportRule)
	if !errors.Is(imp.LoadError(), css.ErrImportCycle) {
		t.Errorf("LoadError() = %v, want ErrImportCycle", imp.LoadError())
	}
	var ie *css.ImportError
	if !errors.As(imp.LoadError(), &ie) || ie.URL != "https://x.test/self.css" {
		t.Errorf("LoadError() = %#v, want an *ImportError for the URL", imp.LoadError())
	}

	// Without a base URL a relative URL does not resolve.
	sheet = css.Parse(`@import "a.css";`)
	css.LoadImports(context.Background(), sheet, &site{}, css.LoadOptions{})
	if err := sheet.Rules()[0].(*css.ImportRule).LoadError(); !errors.Is(err, css.ErrNoURL) {
		t.Errorf("LoadError() = %v, want ErrNoURL", err)
	}
}

func TestLoadImportsCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	sheet := css.ParseWithOptions(`@import "a.css";`, css.Options{Href: "https://x.test/"})
	s := &site{pages: map[string]css.Resource{"https://x.test/a.css": cssPage("")}}
	if err := css.LoadImports(ctx, sheet, s, css.LoadOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("LoadImports = %v, want context.Canceled", err)
	}
	if err := sheet.Rules()[0].(*css.ImportRule).LoadError(); !errors.Is(err, context.Canceled) {
		t.Errorf("LoadError() = %v, want context.Canceled", err)
	}
	if len(s.calls) != 0 {
		t.Errorf("the loader was called: %v", s.calls)
	}
}

// TestLoadImportsBudgetShared checks that one budget spans the
// LoadImports calls of a document, and that the loader is told the
// sheet limit.
func TestLoadImportsBudgetShared(t *testing.T) {
	s := &site{pages: map[string]css.Resource{"https://x.test/a.css": cssPage(strings.Repeat(" ", 70))}}
	budget := &css.LoadBudget{Bytes: 100}
	first := css.ParseWithOptions(`@import "a.css";`, css.Options{Href: "https://x.test/"})
	second := css.ParseWithOptions(`@import "a.css";`, css.Options{Href: "https://x.test/"})
	css.LoadImports(context.Background(), first, s, css.LoadOptions{Budget: budget, MaxSheetBytes: 1000})
	css.LoadImports(context.Background(), second, s, css.LoadOptions{Budget: budget, MaxSheetBytes: 1000})
	if first.Rules()[0].(*css.ImportRule).StyleSheet() == nil {
		t.Error("the first import was not loaded")
	}
	if err := second.Rules()[0].(*css.ImportRule).LoadError(); !errors.Is(err, css.ErrLoadBudget) {
		t.Errorf("second LoadError() = %v, want ErrLoadBudget", err)
	}
	if budget.Bytes != 30 {
		t.Errorf("budget left %d, want 30", budget.Bytes)
	}
	if diff := cmp.Diff([]int64{1000, 1000}, s.max); diff != "" {
		t.Errorf("maxBytes given to the loader: mismatch (-want +got):\n%s", diff)
	}
}

// TestLoadImportsDecoding checks CSS Syntax §3.2 on loaded bytes: the
// Content-Type's charset, @charset, and the importing sheet's encoding as
// the environment encoding.
func TestLoadImportsDecoding(t *testing.T) {
	s := &site{pages: map[string]css.Resource{
		// "é" in ISO-8859-5 is U+0449.
		"https://x.test/protocol.css": {Body: []byte("a { --x: \xE9 }"), ContentType: "text/css; charset=iso-8859-5"},
		"https://x.test/charset.css":  {Body: []byte("@charset \"iso-8859-5\"; a { --x: \xE9 }"), ContentType: "text/css"},
		"https://x.test/env.css":      {Body: []byte("a { --x: \xE9 }"), ContentType: "text/css"},
		"https://x.test/bom.css":      {Body: []byte("\xEF\xBB\xBFa { --x: \xC3\xA9 }"), ContentType: "text/css; charset=iso-8859-5"},
	}}
	sheet := css.ParseWithOptions(`@import "protocol.css"; @import "charset.css"; @import "env.css"; @import "bom.css";`,
		css.Options{Href: "https://x.test/", Encoding: "windows-1252"})
	css.LoadImports(context.Background(), sheet, s, css.LoadOptions{})
	var got []string
	for _, r := range sheet.Rules() {
		imp := r.(*css.ImportRule)
		if imp.StyleSheet() == nil {
			t.Fatalf("%s: %v", imp.Href(), imp.LoadError())
		}
		style := imp.StyleSheet().Rules()[0].(*css.StyleRule).Style()
		got = append(got, imp.Href()+" "+style.PropertyValue("--x"))
	}
	want := []string{"protocol.css щ", "charset.css щ", "env.css é", "bom.css é"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

// TestLoadImportsResolver checks that Options.ResolveURL resolves the
// imports of the sheet and of the sheets it loads.
func TestLoadImportsResolver(t *testing.T) {
	resolve := func(base, ref string) (string, bool) { return "mem:" + ref, true }
	s := &site{pages: map[string]css.Resource{
		"mem:a.css": cssPage(`@import "b.css";`),
		"mem:b.css": cssPage(``),
	}}
	sheet := css.ParseWithOptions(`@import "a.css";`, css.Options{ResolveURL: resolve})
	css.LoadImports(context.Background(), sheet, s, css.LoadOptions{})
	want := []string{"a.css = mem:a.css", "  b.css = mem:b.css"}
	if diff := cmp.Diff(want, importTree(sheet)); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

// TestLoadImportsCountBound: ten sheets that each import the ten, under
// URLs no cycle check sees as the same, would make 10^16 sheets; the
// budget stops them at DefaultMaxImports, with few fetches.
func TestLoadImportsCountBound(t *testing.T) {
	var b strings.Builder
	for i := range 10 {
		fmt.Fprintf(&b, "@import \"a.css?%d\";\n", i)
	}
	pages := map[string]css.Resource{}
	for i := range 10 {
		pages[fmt.Sprintf("https://x.test/a.css?%d", i)] = cssPage(b.String())
	}
	s := &site{pages: pages}
	sheet := css.ParseWithOptions(b.String(), css.Options{Href: "https://x.test/a.css"})
	budget := css.NewLoadBudget()
	css.LoadImports(context.Background(), sheet, s, css.LoadOptions{Budget: budget})
	if budget.Imports != css.DefaultMaxImports {
		t.Errorf("budget.Imports = %d, want %d", budget.Imports, css.DefaultMaxImports)
	}
	if len(s.calls) != 10 {
		t.Errorf("the loader was called %d times, want once for each of the 10 URLs", len(s.calls))
	}
	// The first import that did not load, depth first, says why.
	var first error
	stack := []*css.StyleSheet{sheet}
	for len(stack) > 0 && first == nil {
		sh := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, r := range sh.Rules() {
			imp := r.(*css.ImportRule)
			if err := imp.LoadError(); err != nil && !errors.Is(err, css.ErrImportCycle) {
				first = err
				break
			}
			if imp.StyleSheet() != nil {
				stack = append(stack, imp.StyleSheet())
			}
		}
	}
	if !errors.Is(first, css.ErrLoadBudget) || !strings.Contains(fmt.Sprint(first), "more than 1024 imported sheets") {
		t.Errorf("the first import not loaded: %v; want ErrLoadBudget, more than 1024 imported sheets", first)
	}
}
