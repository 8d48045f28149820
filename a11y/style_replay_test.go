package a11y_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/a11y"
	"github.com/eventperk/eventperk-go/internal/styledoc"
	"github.com/eventperk/eventperk-go/internal/stylerec"
	"github.com/google/go-cmp/cmp"
)

// This file replays the style recordings of vdom/testdata/style (its
// README.md says how they are made) through a11y: every page is loaded as
// a document with its URL, a loader serving the recorded sheets and the
// recording's medium, so that its sheets apply as they did in Chromium
// 148, and for every element with an id, IsHidden, Role and Name are
// compared with the accessibility node Chromium had for it. What differs,
// and why, is in knownStyleMismatches; an entry that no longer differs
// fails the test too, so the table stays true.

// TestStyleReplayAsChromium compares IsHidden, Role and Name, asked of a
// Cache and of the functions, with Chromium's accessibility tree on the
// pages of the style recordings. The role and name of an element hidden
// on either side are not compared (Chromium computes none), nor the role
// of a node Chromium pruned as uninteresting.
func TestStyleReplayAsChromium(t *testing.T) {
	names := stylerec.Names(t)
	compared, known := map[string]int{}, map[string]int{}
	used := map[string]bool{}
	check := func(page, key, field, want, got string) {
		compared[field]++
		id := page + " " + key + " " + field
		_, listed := knownStyleMismatches[id]
		switch {
		case listed && want != got:
			used[id] = true
			known[field]++
		case listed:
			// reported below as stale
		case want != got:
			t.Errorf("%s %s %s: mismatch (-chromium +a11y):\n%s", page, key, field, cmp.Diff(want, got))
		}
	}
	for _, name := range names {
		doc, rec := styledoc.Parse(t, name)
		var cache a11y.Cache
		for _, e := range rec.Elements {
			if e.AX == nil {
				continue
			}
			el := doc.GetElementByID(strings.TrimPrefix(e.Key, "#"))
			if el == nil {
				t.Errorf("%s: %s not found", name, e.Key)
				continue
			}
			hidden := a11y.IsHidden(el)
			if c := cache.IsHidden(el); c != hidden {
				t.Errorf("%s %s: Cache.IsHidden %v, IsHidden %v", name, e.Key, c, hidden)
			}
			check(name, e.Key, "hidden", fmt.Sprint(e.AX.Hidden), fmt.Sprint(hidden))
			if hidden || e.AX.Hidden {
				continue
			}
			role, nm := a11y.Role(el), a11y.Name(el)
			if c := cache.Name(el); c != nm {
				t.Errorf("%s %s: Cache.Name %q, Name %q", name, e.Key, c, nm)
			}
			if !(e.AX.Ignored && e.AX.Role == "none") {
				check(name, e.Key, "role", e.AX.Role, role)
			}
			check(name, e.Key, "name", asciiSpaceNormalized(e.AX.Name), nm)
		}
	}
	var stale []string
	for id, reason := range knownStyleMismatches {
		if strings.TrimSpace(reason) == "" {
			t.Errorf("known mismatch %q has no reason", id)
		}
		if !used[id] {
			stale = append(stale, id)
		}
	}
	sort.Strings(stale)
	for _, id := range stale {
		t.Errorf("known mismatch %q no longer differs (or its element is gone): remove it from knownStyleMismatches", id)
	}
	if len(names) != 218 {
		t.Errorf("%d recorded pages, want the 218 of %s", len(names), stylerec.Dir(t))
	}
	// The counts, as docs/a11y.md and docs/css.md give them.
	var table strings.Builder
	table.WriteString("| what | compared | as Chromium | known to differ |\n| --- | --: | --: | --: |\n")
	total, totalKnown := 0, 0
	row := func(what string, n, k int) {
		fmt.Fprintf(&table, "| %s | %s | %s | %s |\n", what, thousands(n), thousands(n-k), thousands(k))
	}
	for _, f := range []string{"hidden", "role", "name"} {
		total += compared[f]
		totalKnown += known[f]
		row(f, compared[f], known[f])
	}
	row("all", total, totalKnown)
	for _, doc := range []string{"a11y.md", "css.md"} {
		checkDocTable(t, filepath.Join("..", "docs", doc), "a11y-style-replay", table.String())
	}
}

// checkDocTable compares the part of a doc between the markers of name
// with want.
func checkDocTable(t *testing.T, path, name, want string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	begin, end := "<!-- "+name+": begin -->\n", "<!-- "+name+": end -->"
	doc := string(b)
	i, j := strings.Index(doc, begin), strings.Index(doc, end)
	if i < 0 || j < i {
		t.Fatalf("%s: no %s markers", path, name)
	}
	if diff := cmp.Diff(want, doc[i+len(begin):j]); diff != "" {
		t.Errorf("%s: the counts between the %s markers are not the test's: mismatch (-want +got):\n%s", path, name, diff)
	}
}

// thousands writes n with a comma between groups of three digits, as the
// docs write numbers.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// The reasons of knownStyleMismatches.
const (
	layoutTable    = "Chromium's layout-table heuristic (from the table's layout, its size and cells) makes this table a layout table (internal role LayoutTable, LayoutTableRow, LayoutTableCell); every table is a data table here"
	cssTable       = "an element made a table, row or cell by display is a layout table part to Chromium (internal role LayoutTable, LayoutTableRow, LayoutTableCell); here it keeps the role of its element"
	cssTableName   = "a cell of a table made by display is a LayoutTableCell to Chromium, named from its content; here it is a generic, which takes no name from content"
	fileButton     = `Chromium names a file input by its button's localised label ("Choose File"), text drawn by the browser`
	media          = `Chromium names a media element by its player's state ("Unable to play media."); there is no media here`
	cvAuto         = "content-visibility: auto skips the contents of a box far from the viewport, which takes layout to know; it never skips here"
	imageMap       = "Chromium exposes an image map and its areas only with an image that loaded and has a layout; the recorder serves no images"
	sourceTrack    = "Chromium puts source and track, which it renders as nothing, in its tree as generic nodes; a11y gives them no role, as HTML-AAM maps them to none"
	mathml         = "Chromium's internal MathML role (MathMLIdentifier); MathML elements have no role here"
	form           = "Chromium 148 makes a form without a name a generic, Chromium 156 a form; a11y follows 156 (docs/a11y.md, testdata/chromium's roles-elements #form-unnamed)"
	popover        = "a popover shown by an author's display is a group to Chromium; here it keeps the role of its element"
	mathmlGeneric  = "Chromium makes a MathML element it has no role for (mspace, one MathML does not define) a generic; MathML elements have no role here"
	svgText        = "Chromium makes SVG text a generic; SVG elements have no role here"
	svgLink        = "an SVG a with href is a link to Chromium, named from its text; SVG elements have no role here"
	svgSymbol      = "a focusable SVG shape is a graphics-symbol to Chromium; SVG elements have no role here"
	shownByDisplay = "an element the user agent hides that an author shows with display: Chromium keeps a title out of its tree, exposes a template and makes style, script and datalist generics; here a title is in the tree, a template hidden, style and script have no role and a datalist is a listbox"
)

// knownStyleMismatches lists the differences from Chromium's
// accessibility tree on the style recordings, keyed "page #id field",
// each with its reason.
var knownStyleMismatches = map[string]string{
	"bs-display #d-table role":                            cssTable,
	"bs-forms #file name":                                 fileButton,
	"cascade-origins #table role":                         layoutTable,
	"cascade-origins #tr role":                            layoutTable,
	"cascade-origins #td role":                            layoutTable,
	"cascade-presentational-hints #td-nowrap-revert role": layoutTable,
	"cascade-presentational-hints #td-nowrap-layer role":  layoutTable,
	"content-replaced #video name":                        media,
	"cv-auto #far-button hidden":                          cvAuto,
	"cv-auto #far-span hidden":                            cvAuto,
	"display-ax-tables-lists #table-block role":           layoutTable,
	"display-ax-tables-lists #tb-tr role":                 layoutTable,
	"display-ax-tables-lists #tb-td role":                 layoutTable,
	"display-ax-tables-lists #table-flex role":            layoutTable,
	"display-ax-tables-lists #tf-td role":                 layoutTable,
	"display-ax-tables-lists #div-table role":             cssTable,
	"display-ax-tables-lists #dt-row role":                cssTable,
	"display-ax-tables-lists #dt-cell role":               cssTable,
	"display-ax-tables-lists #dt-cell name":               cssTableName,
	"display-blockification #f-inline-table role":         cssTable,
	"display-float-position #float-inline-table role":     cssTable,
	"display-keywords #table role":                        cssTable,
	"display-keywords #inline-table role":                 cssTable,
	"display-popover #styled role":                        popover,
	"display-table-parts #t role":                         cssTable,
	"display-table-parts #row role":                       cssTable,
	"display-table-parts #cell role":                      cssTable,
	"display-table-parts #cell name":                      cssTableName,
	"display-table-parts #cell2 role":                     cssTable,
	"display-table-parts #cell2 name":                     cssTableName,
	"display-two-value #block-table role":                 cssTable,
	"display-two-value #inline-table role":                cssTable,
	"display-ua-forms #form role":                         form,
	"display-ua-forms #file name":                         fileButton,
	"display-ua-head #area hidden":                        imageMap,
	"display-ua-head #map hidden":                         imageMap,
	"display-ua-head #map-area hidden":                    imageMap,
	"display-ua-head #source role":                        sourceTrack,
	"display-ua-head #track role":                         sourceTrack,
	"display-ua-head #video name":                         media,
	"display-ua-head #video-controls name":                media,
	"display-ua-head #audio-controls name":                media,
	"display-ua-head #mi role":                            mathml,
	"keywords-initial-ua #td role":                        layoutTable,
	"tw-visibility #table role":                           cssTable,
	"visibility-table #table role":                        layoutTable,
	"visibility-table #row role":                          layoutTable,
	"visibility-table #td role":                           layoutTable,
	"visibility-table #td-visible role":                   layoutTable,
	"white-space #td role":                                layoutTable,
	"display-ua-hidden-shown #title hidden":               shownByDisplay,
	"display-ua-hidden-shown #style role":                 shownByDisplay,
	"display-ua-hidden-shown #script role":                shownByDisplay,
	"display-ua-hidden-shown #template hidden":            shownByDisplay,
	"display-ua-hidden-shown #datalist role":              shownByDisplay,
	"display-ua-hidden-shown #map hidden":                 imageMap,
	"display-ua-hidden-shown #area-show hidden":           imageMap,
	"cascade-attr-flags #method role":                     form,
	"cascade-namespaces #mi role":                         mathml,
	"content-pseudo-hosts #tr role":                       layoutTable,
	"content-pseudo-hosts #td role":                       layoutTable,
	"cv-display-kinds #tbl role":                          layoutTable,
	"cv-display-kinds #tbl-td role":                       layoutTable,
	"cv-display-kinds #tbl2 role":                         layoutTable,
	"cv-display-kinds #tr role":                           layoutTable,
	"cv-display-kinds #tr-td role":                        layoutTable,
	"cv-display-kinds #td role":                           layoutTable,
	"display-body-items #tbl role":                        layoutTable,
	"display-body-items #td role":                         layoutTable,
	"display-body-items #abs role":                        cssTable,
	"display-hidden-tables #table-hidden-rev role":        layoutTable,
	"display-hidden-tables #td-table-rev role":            layoutTable,
	"display-popover-attrs #p-block role":                 popover,
	"display-popover-attrs #p-abs role":                   popover,
	"display-popover-attrs #p-hidden role":                popover,
	"display-popover-attrs #p-manual-block role":          popover,
	"display-ua-controls-all #form role":                  form,
	"display-ua-controls-all #file name":                  fileButton,
	"display-ua-embedded #video name":                     media,
	"display-ua-embedded #video-controls name":            media,
	"display-ua-embedded #audio-controls name":            media,
	"display-ua-embedded #pic-source role":                sourceTrack,
	"display-ua-embedded #map hidden":                     imageMap,
	"display-ua-embedded #area hidden":                    imageMap,
	"display-ua-embedded #mi role":                        mathml,
	"display-ua-mathml-inside #mrow role":                 mathml,
	"display-ua-mathml-inside #mi role":                   mathml,
	"display-ua-mathml-inside #mo role":                   mathml,
	"display-ua-mathml-inside #mfrac role":                mathml,
	"display-ua-mathml-inside #mn role":                   mathml,
	"display-ua-mathml-inside #msqrt role":                mathml,
	"display-ua-mathml-inside #mi2 role":                  mathml,
	"display-ua-mathml-inside #mtext role":                mathml,
	"display-ua-mathml-inside #mspace role":               mathmlGeneric,
	"display-ua-mathml-inside #ms role":                   mathml,
	"display-ua-mathml-inside #sem role":                  mathml,
	"display-ua-mathml-inside #sem-mi role":               mathml,
	"display-ua-mathml-inside #mstyle role":               mathml,
	"display-ua-mathml-inside #mstyle-mi role":            mathml,
	"display-ua-mathml-inside #math-foo role":             mathmlGeneric,
	"display-ua-mathml-inside #mi-long role":              mathml,
	"display-ua-mathml-inside #mi-variant role":           mathml,
	"display-ua-mathml-inside #mtable role":               mathml,
	"display-ua-mathml-inside #mtr role":                  mathml,
	"display-ua-mathml-inside #mtd role":                  mathml,
	"display-ua-mathml-inside #mroot role":                mathml,
	"display-ua-mathml-inside #munderover role":           mathml,
	"display-ua-svg-inside #text role":                    svgText,
	"display-ua-svg-inside #svg-a role":                   svgLink,
	"display-ua-svg-inside #svg-a name":                   svgLink,
	"display-ua-svg-inside #a-text role":                  svgText,
	"display-ua-tableparts #inner role":                   layoutTable,
	"display-ua-tableparts #ir role":                      layoutTable,
	"display-ua-tableparts #itd role":                     layoutTable,
	"display-ua-tableparts #t-form role":                  layoutTable,
	"display-ua-tableparts #r-form role":                  layoutTable,
	"display-ua-tableparts #td-form role":                 layoutTable,
	"display-ua-tableparts #css-table role":               cssTable,
	"display-ua-tableparts #css-row role":                 cssTable,
	"display-ua-tableparts #css-cell role":                cssTable,
	"display-ua-tableparts #css-cell name":                cssTableName,
	"display-ua-tableparts #css-cell2 role":               cssTable,
	"display-ua-tableparts #css-cell2 name":               cssTableName,
	"display-ua-tableparts #t-inline role":                layoutTable,
	"display-ua-tableparts #td-inline role":               layoutTable,
	"display-ua-tableparts #t-empty role":                 layoutTable,
	"focus-classes-tabindex #area-nomap hidden":           imageMap,
	"focus-classes-tabindex #area-map hidden":             imageMap,
	"focus-classes-tabindex #video-controls-tab name":     media,
	"focus-classes-tabindex #svg-a role":                  svgLink,
	"focus-classes-tabindex #svg-a name":                  svgLink,
	"focus-classes-tabindex #svg-rect role":               svgSymbol,
	"focus-open-containers #pop-shown role":               popover,
	"innertext-lines-tables #nested-tbl role":             layoutTable,
	"innertext-lines-tables #tbl-empty-cells role":        layoutTable,
	"innertext-lines-tables #tbl-block-cell role":         layoutTable,
	"innertext-lines-tables #css-tbl role":                cssTable,
	"opacity-ancestors-check #o-tbl role":                 layoutTable,
	"opacity-ancestors-check #o-tr role":                  layoutTable,
	"opacity-ancestors-check #o-td role":                  layoutTable,
	"pointer-events-svg-values #t-attr role":              svgText,
	"var-computed-time #e-span role":                      cssTable,
}
