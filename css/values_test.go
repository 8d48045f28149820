package css

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// valueCase declares prop: value on a <div> (after "display: flex" for
// display, so that an invalid value shows as flex) and wants the computed
// value serialized.
type valueCase struct {
	prop, value, want string
}

func TestComputedValues(t *testing.T) {
	cases := []valueCase{
		// display (CSS Display 3 §2), serialized in the short form.
		{"display", "block", "block"},
		{"display", "BLOCK", "block"},
		{"display", `n\6fne`, "none"},
		{"display", "inline", "inline"},
		{"display", "inline-block", "inline-block"},
		{"display", "list-item", "list-item"},
		{"display", "contents", "contents"},
		{"display", "flow-root", "flow-root"},
		{"display", "inline-flex", "inline-flex"},
		{"display", "grid", "grid"},
		{"display", "inline-grid", "inline-grid"},
		{"display", "table", "table"},
		{"display", "inline-table", "inline-table"},
		{"display", "table-row-group", "table-row-group"},
		{"display", "table-header-group", "table-header-group"},
		{"display", "table-footer-group", "table-footer-group"},
		{"display", "table-row", "table-row"},
		{"display", "table-cell", "table-cell"},
		{"display", "table-column-group", "table-column-group"},
		{"display", "table-column", "table-column"},
		{"display", "table-caption", "table-caption"},
		{"display", "ruby", "ruby"},
		{"display", "ruby-text", "ruby-text"},
		{"display", "math", "inline"},
		{"display", "block math", "block"},
		{"display", "-webkit-box", "-webkit-box"},
		{"display", "-webkit-inline-box", "-webkit-inline-box"},
		{"display", "-webkit-flex", "flex"},
		{"display", "block flow", "block"},
		{"display", "inline flow-root", "inline-block"},
		{"display", "flex inline", "inline-flex"},
		{"display", "block flex", "flex"},
		{"display", "inline table", "inline-table"},
		{"display", "list-item block", "list-item"},
		{"display", "inline list-item", "inline list-item"},
		{"display", "flow list-item", "list-item"},
		{"display", "block flow-root list-item", "flow-root list-item"},
		{"display", "inline flow-root list-item", "inline flow-root list-item"},
		{"display", "flow", "block"},
		{"display", "block ruby", "block ruby"},
		{"display", "inline ruby", "ruby"},
		{"display", "block block", "flex"},
		{"display", "list-item flex", "flex"},
		{"display", "inline inline", "flex"},
		{"display", "run-in", "flex"},
		{"display", "masonry", "flex"},
		{"display", "12px", "flex"},
		{"display", `"block"`, "flex"},
		{"display", "inherit garbage", "flex"},
		// visibility, content-visibility, pointer-events.
		{"visibility", "hidden", "hidden"},
		{"visibility", "HIDDEN", "hidden"},
		{"visibility", "collapse", "collapse"},
		{"visibility", "none", "visible"},
		{"content-visibility", "hidden", "hidden"},
		{"content-visibility", "auto", "auto"},
		{"content-visibility", "none", "visible"},
		{"pointer-events", "none", "none"},
		{"pointer-events", "NONE", "none"},
		{"pointer-events", "visiblePainted", "visiblepainted"},
		{"pointer-events", "bounding-box", "bounding-box"},
		{"pointer-events", "all", "all"},
		{"pointer-events", "hidden", "auto"},
		// opacity (CSS Color 4 §13.2): clamped, six significant digits.
		{"opacity", "0.5", "0.5"},
		{"opacity", "50%", "0.5"},
		{"opacity", "1.5", "1"},
		{"opacity", "150%", "1"},
		{"opacity", "-1", "0"},
		{"opacity", "calc(10% + 20%)", "0.3"},
		{"opacity", "calc(0.1 + 0.2)", "0.3"},
		{"opacity", "calc(2 * 0.25)", "0.5"},
		{"opacity", "calc(1 / 4)", "0.25"},
		{"opacity", "min(0.5, 0.2)", "0.2"},
		{"opacity", "max(10%, 40%)", "0.4"},
		{"opacity", "clamp(0.1, 0.7, 0.6)", "0.6"},
		{"opacity", "calc((0.1 + 0.2) * 2)", "0.6"},
		{"opacity", "0.123456789", "0.123457"},
		{"opacity", "0.0001", "0.0001"},
		{"opacity", "0.5px", "1"},
		{"opacity", "half", "1"},
		{"opacity", "calc(50% + 0.1)", "1"},
		{"opacity", "calc(10% * 10%)", "1"},
		{"opacity", "calc(" + nested(maxCalcDepth+1) + ")", "1"},
		// text-transform: Chromium 148 has no full-width.
		{"text-transform", "uppercase", "uppercase"},
		{"text-transform", "Capitalize", "capitalize"},
		{"text-transform", "lowercase", "lowercase"},
		{"text-transform", "math-auto", "math-auto"},
		{"text-transform", "full-width", "none"},
		{"text-transform", "uppercase full-width", "none"},
		{"text-transform", `upper\case`, "none"},
		// white-space and its longhands (CSS Text 4 §3).
		{"white-space", "pre", "pre"},
		{"white-space", "pre-wrap", "pre-wrap"},
		{"white-space", "pre-line", "pre-line"},
		{"white-space", "nowrap", "nowrap"},
		{"white-space", "break-spaces", "break-spaces"},
		{"white-space", "preserve nowrap", "pre"},
		{"white-space", "nowrap preserve-breaks", "preserve-breaks nowrap"},
		{"white-space", "break-spaces nowrap", "break-spaces nowrap"},
		{"white-space", "preserve", "pre-wrap"},
		{"white-space", "wrap", "normal"},
		{"white-space", "preserve preserve", "normal"},
		{"white-space", "discard", "normal"},
		{"white-space-collapse", "preserve-breaks", "preserve-breaks"},
		{"white-space-collapse", "preserve-spaces", "collapse"},
		{"text-wrap-mode", "nowrap", "nowrap"},
		// position and float.
		{"position", "absolute", "absolute"},
		{"position", "sticky", "sticky"},
		{"position", "-webkit-sticky", "sticky"},
		{"position", "center", "static"},
		{"float", "inline-start", "inline-start"},
		{"float", "right", "right"},
		{"float", "center", "none"},
		// quotes (CSS Generated Content 3 §2).
		{"quotes", "none", "none"},
		{"quotes", `"«" "»" '‹' "›"`, `"«" "»" "‹" "›"`},
		{"quotes", `"«"`, "auto"},
		// content on an element: strings joined, escapes resolved,
		// serialized with CSSOM's escapes.
		{"content", `"one" " two" ' three'`, `"one two three"`},
		{"content", `"\2192  arrow"`, `"→ arrow"`},
		{"content", `"quote \" inside"`, `"quote \" inside"`},
		{"content", `"new\A line"`, `"new\a line"`},
		{"content", `counter(item) ". "`, `counter(item) ". "`},
		{"content", `counter(item, decimal)`, `counter(item)`},
		{"content", `counters(item, ".", upper-roman) " "`, `counters(item, ".", upper-roman) " "`},
		{"content", `open-quote "x" close-quote no-open-quote no-close-quote`, `open-quote "x" close-quote no-open-quote no-close-quote`},
		{"content", `url(/i.png)`, `url("http://example.test/i.png")`},
		{"content", `url("/i.png") / "Icon"`, `url("http://example.test/i.png") / "Icon"`},
		{"content", `"★" / ""`, `"★" / ""`},
		{"content", `"x" / "alt " "joined"`, `"x" / "alt " "joined"`},
		{"content", `image-set("/a.png" 1x, url(b.png) 2dppx)`, `image-set(url("http://example.test/a.png") 1dppx, url("http://example.test/b.png") 2dppx)`},
		{"content", `"[" attr(data-l) "]"`, `"[L]"`},
		{"content", `attr(DATA-L)`, `"L"`},
		{"content", `attr(data-none, "fallback")`, `"fallback"`},
		{"content", `attr(data-none)`, `""`},
		{"content", "none", "none"},
		{"content", "bogus", "normal"},
		{"content", `"x" / 12px`, "normal"},
		{"content", `attr(data-n type(<number>))`, "normal"},
		{"content", `/ "x"`, "normal"},
	}
	for _, tc := range cases {
		t.Run(tc.prop+": "+tc.value, func(t *testing.T) {
			doc := parseDoc(t, `<div id=t data-l=L></div>`)
			sheet := "#t { " + tc.prop + ": " + tc.value + " }"
			if tc.prop == "display" {
				sheet = "#t { display: flex; display: " + tc.value + " }"
			}
			got := cascadeOf(sheet).Style(elementByID(doc, "t"), nil).PropertyValue(tc.prop)
			if got != tc.want {
				t.Errorf("%s: %s computes to %q, want %q", tc.prop, tc.value, got, tc.want)
			}
		})
	}
}

func nested(n int) string {
	s := "0.5"
	for i := 0; i < n; i++ {
		s = "(" + s + ")"
	}
	return s
}

// TestValidDeclaration checks the parser's check of values, which keeps
// an earlier valid declaration in force.
func TestValidDeclaration(t *testing.T) {
	for _, tc := range []struct {
		prop, value string
		want        bool
	}{
		{"display", "block", true},
		{"display", "bogus", false},
		{"display", "var(--x)", true},
		{"display", "inherit", true},
		{"display", "revert-layer", true},
		{"opacity", "calc(1 + var(--x))", true},
		{"white-space", "pre pre", false},
		{"all", "unset", true},
		{"all", "none", false},
		{"text-wrap", "balance nowrap", true},
		{"text-wrap", "balance pretty", false},
		{"content", `"a" attr(x) counter(c)`, true},
		{"content", "leader(dotted)", false},
		{"color", "anything at all", true},
		{"display", "", false},
	} {
		if got := validDeclaration(tc.prop, tc.value); got != tc.want {
			t.Errorf("validDeclaration(%q, %q) = %v, want %v", tc.prop, tc.value, got, tc.want)
		}
	}
}

// TestDisplayMethods checks the helpers of Display.
func TestDisplayMethods(t *testing.T) {
	type row struct{ None, Contents, HasBox, Inline, Block, ListItem, Flex, Grid, Table, Cell, Part bool }
	got := map[string]row{}
	for _, d := range []Display{DisplayNone, DisplayContents, DisplayBlock, DisplayInline, DisplayInlineBlock,
		DisplayListItem, DisplayInlineFlex, DisplayGrid, DisplayInlineTable, DisplayTableCell, DisplayTableRow} {
		got[d.String()] = row{d.IsNone(), d.IsContents(), d.HasBox(), d.IsInlineLevel(), d.IsBlockLevel(),
			d.IsListItem(), d.IsFlex(), d.IsGrid(), d.IsTable(), d.IsTableCell(), d.IsTablePart()}
	}
	want := map[string]row{
		"none":         {None: true},
		"contents":     {Contents: true},
		"block":        {HasBox: true, Block: true},
		"inline":       {HasBox: true, Inline: true},
		"inline-block": {HasBox: true, Inline: true},
		"list-item":    {HasBox: true, Block: true, ListItem: true},
		"inline-flex":  {HasBox: true, Inline: true, Flex: true},
		"grid":         {HasBox: true, Block: true, Grid: true},
		"inline-table": {HasBox: true, Inline: true, Table: true},
		"table-cell":   {HasBox: true, Cell: true, Part: true},
		"table-row":    {HasBox: true, Part: true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}
