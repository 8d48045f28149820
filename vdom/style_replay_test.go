package vdom_test

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/internal/styledoc"
	"github.com/eventperk/eventperk-go/internal/stylerec"
	"github.com/eventperk/eventperk-go/vdom"
)

// This file replays the style recordings of testdata/style (README.md
// there) through vdom: every page is parsed as a document with its URL,
// a loader serving testdata/style/sheets as the recorder did, and the
// medium of the recording (internal/styledoc); its sheets are found,
// loaded and applied by the document itself. For every recorded element the computed values
// (GetComputedStyle, GetComputedPseudoStyle), InnerText,
// CheckVisibilityWith and IsFocusable are compared with Chromium 148's,
// and the Tab order of each page with the elements Tab visits. What
// differs, and why, is in knownReplayMismatches; an entry that no longer
// differs fails the test too, so the table stays true.

// replayCounts counts what was compared, per kind, and what differed:
// known, as knownReplayMismatches says, or not (a failure).
type replayCounts struct {
	compared, known, failed map[string]int
}

func (c replayCounts) String() string {
	kinds := make([]string, 0, len(c.compared))
	for k := range c.compared {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	var b strings.Builder
	for _, k := range kinds {
		fmt.Fprintf(&b, "\n  %-16s %5d compared, %5d as Chromium's, %3d known to differ, %d failed",
			k, c.compared[k], c.compared[k]-c.known[k]-c.failed[k], c.known[k], c.failed[k])
	}
	return b.String()
}

func TestStyleReplayAsChromium(t *testing.T) {
	counts := replayCounts{compared: map[string]int{}, known: map[string]int{}, failed: map[string]int{}}
	used := map[string]bool{}
	// check compares one recorded value; kind names its family in the
	// counts.
	check := func(page, key, what, kind, want, got string) {
		counts.compared[kind]++
		k := page + " " + key + " " + what
		known := knownReplayMismatch(k, what)
		switch {
		case known != "":
			if want == got {
				return // stale entries are reported below
			}
			used[known] = true
			counts.known[kind]++
		case want != got:
			counts.failed[kind]++
			t.Errorf("%s %s %s mismatch (-want +got):\n%s", page, key, what, cmp.Diff(want, got))
		}
	}
	for _, name := range stylerec.Names(t) {
		doc, rec := styledoc.Parse(t, name)
		for _, re := range rec.Elements {
			el := doc.GetElementByID(strings.TrimPrefix(re.Key, "#"))
			if el == nil {
				t.Errorf("%s: %s not found", name, re.Key)
				continue
			}
			cs := doc.GetComputedStyle(el)
			for prop, want := range re.Style {
				check(name, re.Key, prop, "style", want, cs.PropertyValue(prop))
			}
			for _, ps := range []struct {
				pseudo string
				rec    *stylerec.Pseudo
			}{{"::before", re.Before}, {"::after", re.After}} {
				p, err := doc.GetComputedPseudoStyle(el, ps.pseudo)
				if err != nil {
					t.Fatal(err)
				}
				want, got := "not generated", "not generated"
				if ps.rec != nil {
					want = ps.rec.Content + " / " + ps.rec.Display
				}
				if c := p.Style().Content(); !c.IsNone() && !c.IsNormal() {
					got = c.String() + " / " + p.Style().Display().String()
				}
				check(name, re.Key, ps.pseudo, "pseudo", want, got)
			}
			if re.InnerText != nil {
				check(name, re.Key, "innerText", "innerText", *re.InnerText, el.InnerText())
			}
			if cv := re.CheckVisibility; cv != nil {
				for _, v := range []struct {
					what string
					opts vdom.CheckVisibilityOptions
					want bool
				}{
					{"checkVisibility", vdom.CheckVisibilityOptions{}, cv.Plain},
					{"checkVisibility opacity", vdom.CheckVisibilityOptions{CheckOpacity: true}, cv.CheckOpacity},
					{"checkVisibility css", vdom.CheckVisibilityOptions{CheckVisibilityCSS: true}, cv.CheckVisibilityCSS},
					{"checkVisibility auto", vdom.CheckVisibilityOptions{ContentVisibilityAuto: true}, cv.ContentVisibilityAuto},
				} {
					check(name, re.Key, v.what, "checkVisibility", strconv.FormatBool(v.want), strconv.FormatBool(el.CheckVisibilityWith(v.opts)))
				}
			}
			// IsRendered and IsVisible ask checkVisibility's questions
			// (without options; with checkOpacity and
			// checkVisibilityCSS) but for what they document otherwise:
			// an element with display: contents is rendered, an inert
			// one is not, the options of a drop-down select are. Those
			// are left out here.
			if cv := re.CheckVisibility; cv != nil && re.Style["display"] != "contents" && !inertOrOption(el) {
				check(name, re.Key, "IsRendered", "IsRendered", strconv.FormatBool(cv.Plain), strconv.FormatBool(el.IsRendered()))
				check(name, re.Key, "IsVisible", "IsVisible", strconv.FormatBool(cv.CheckOpacity && cv.CheckVisibilityCSS), strconv.FormatBool(el.IsVisible()))
			}
			if re.Focusable != nil {
				check(name, re.Key, "focusable", "focusable", strconv.FormatBool(*re.Focusable), strconv.FormatBool(el.IsFocusable()))
			}
		}
		check(name, "-", "tabOrder", "tabOrder", strings.Join(rec.TabOrder, " "), strings.Join(tabThrough(t, doc), " "))
	}
	var stale []string
	for k := range knownReplayMismatches {
		if !used[k] {
			stale = append(stale, k)
		}
	}
	sort.Strings(stale)
	if len(stale) > 0 {
		t.Errorf("known mismatches that no longer differ (remove them):\n%s", strings.Join(stale, "\n"))
	}
	t.Logf("%s", counts)
}

// inertOrOption reports an element in an inert subtree, or in a select.
func inertOrOption(el *vdom.Node) bool {
	for e := el; e != nil; e = e.ParentElement() {
		if e.HasAttribute("inert") || e != el && e.LocalName() == "select" {
			return true
		}
	}
	return false
}

// tabThrough presses Tab from the start of the page until the focus
// leaves it or comes back to an element it reached, and returns the
// elements reached, keyed as the recorder keys them.
func tabThrough(t testing.TB, doc *vdom.Document) []string {
	t.Helper()
	var keys []string
	seen := map[*vdom.Node]bool{}
	for range 1000 {
		e := vdom.NewKeyboardEvent("keydown", vdom.KeyboardEventInit{
			EventInit:     vdom.EventInit{Bubbles: true, Cancelable: true, Composed: true},
			KeyboardEvent: vdom.KeyboardEvent{Key: "Tab"},
		})
		if _, err := vdom.DispatchTrusted(doc.ActiveElement(), e); err != nil {
			t.Fatal(err)
		}
		f := doc.ActiveElement()
		if f == nil || f == doc.Body() || seen[f] {
			break
		}
		seen[f] = true
		keys = append(keys, recorderKey(f))
	}
	return keys
}

// recorderKey is "#id", or the path from the nearest element with an id
// (or html, head, body) as "#a > div:nth-of-type(2)".
func recorderKey(n *vdom.Node) string {
	var path []string
	for e := n; e != nil; e = e.ParentElement() {
		if id := e.ID(); id != "" {
			path = append(path, "#"+id)
			break
		}
		tag := e.LocalName()
		if tag == "html" || tag == "head" || tag == "body" {
			path = append(path, tag)
			break
		}
		k := 1
		for s := e.PreviousElementSibling(); s != nil; s = s.PreviousElementSibling() {
			if s.LocalName() == tag {
				k++
			}
		}
		path = append(path, tag+":nth-of-type("+strconv.Itoa(k)+")")
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return strings.Join(path, " > ")
}

// knownReplayMismatch returns the key of knownReplayMismatches covering a
// difference ("page #id what"), or "".
func knownReplayMismatch(key, what string) string {
	if _, ok := knownReplayMismatches[key]; ok {
		return key
	}
	if any := "* * " + what; knownReplayMismatches[any] != "" {
		return any
	}
	return ""
}

// knownReplayMismatches are the recorded values that differ, each with
// why: "page #id what" for one element (what is a property,
// "::before", "innerText", "checkVisibility ...", "focusable"; "page -
// tabOrder" for a page's Tab order), "* * what" for every element.
var knownReplayMismatches = map[string]string{
	// Properties the pages record that package css does not compute:
	// PropertyValue gives "" for them.
	"* * color":             "not computed",
	"* * background-color":  "not computed",
	"* * font-weight":       "not computed",
	"* * direction":         "not computed",
	"* * unicode-bidi":      "not computed",
	"* * counter-reset":     "not computed",
	"* * counter-increment": "not computed",
	"* * counter-set":       "not computed",

	// Package css's differences (docs/css.md, "Against Chromium").
	"cascade-container-style #inner float":          "@container style() queries are not evaluated",
	"cascade-container-style #inner text-transform": "@container style() queries are not evaluated",
	"cascade-container-style #inner innerText":      "@container style() queries are not evaluated: no uppercase",
	"cascade-container-style #container innerText":  "@container style() queries are not evaluated: no uppercase",
	"content-images #gradient ::before":             "a gradient's colours are kept as written, Chromium writes rgb()",
	"supports-selector #forgiving text-transform":   "@supports selector(:is(:unknown)) holds in package css, not in Chromium",
	"supports-selector #forgiving innerText":        "@supports selector(:is(:unknown)) holds in package css: uppercase",

	// Layout: content-visibility: auto skips what is far from the
	// viewport; a scroll container is focusable when its content
	// overflows; reading-flow orders Tab by the visual order of flex
	// items, which package css does not compute.
	"cv-auto #far innerText":                   "content-visibility: auto skips content far from the viewport (layout)",
	"cv-auto #far-button innerText":            "content-visibility: auto (layout)",
	"cv-auto #far-span innerText":              "content-visibility: auto (layout)",
	"cv-auto #far-button checkVisibility auto": "content-visibility: auto (layout)",
	"cv-auto #far-span checkVisibility auto":   "content-visibility: auto (layout)",
	"focus-tabindex #scroller focusable":       "a scroll container with overflowing content is focusable (layout)",
	"focus-tabindex - tabOrder":                "a scroll container with overflowing content is tabbable (layout)",
	"focus-order-blockified - tabOrder":        "reading-flow: flex-visual is not computed: Tab follows the tree",

	// Chromium's shadow trees: a details without a summary gets one,
	// which Tab reaches (its key is the details'); Tab from a video or
	// audio with controls goes into the controls' own buttons, where the
	// recording stopped.
	"display-details - tabOrder": "a details without a summary: Chromium's generated summary is tabbable",
	"display-ua-head - tabOrder": "Tab into the media controls' buttons ended the recording after #audio-controls",
	"display-ua-hidden-shown #body innerText": "an object whose fallback content is only a param keeps the space after it in Chromium (an empty " +
		"object box on the line); here the object is an empty inline",
	"focus-disabled-kinds - tabOrder": "an object without data and tabindex=0 is focusable in Chromium, but Tab passes over it",

	// @namespace, a relative @scope limit, @scope without a prelude,
	// ::details-content, content: inherit on ::before, the font's
	// x-height, layout, and Tab into the shadow trees of controls.
	"cascade-namespace-default #p text-transform":       "@namespace is not supported: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespace-default #p text-wrap-mode":       "@namespace is not supported: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespace-default #p opacity":              "@namespace is not supported: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespace-default #p white-space":          "@namespace is not supported: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespace-default #p white-space-collapse": "@namespace is not supported: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespace-default #p innerText":            "@namespace is not supported: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespace-default #byid opacity":           "@namespace is not supported: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespace-default #byid text-transform":    "@namespace is not supported: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespace-default #is opacity":             "@namespace is not supported: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespace-default #is text-transform":      "@namespace is not supported: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespace-default #is innerText":           "@namespace is not supported: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespaces #ns white-space-collapse":       "@namespace is not supported: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespaces #ns text-wrap-mode":             "@namespace is not supported: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespaces #ns text-transform":             "@namespace is not supported: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespaces #ns white-space":                "@namespace is not supported: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespaces #ns innerText":                  "@namespace is not supported: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespaces #rect pointer-events":           "@namespace is not supported: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespaces #rect-case pointer-events":      "@namespace is not supported: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespaces #fo-p text-transform":           "@namespace is not supported: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespaces #fo-p innerText":                "@namespace is not supported: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespaces #mi pointer-events":             "@namespace is not supported: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespaces #star white-space":              "@namespace is not supported: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespaces #star text-wrap-mode":           "@namespace is not supported: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespaces #data-any text-transform":       "@namespace is not supported: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespaces #data-any innerText":            "@namespace is not supported: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-scope-more #box-span text-transform":       "@scope (...) to (> .x): a relative <scope-end> is not supported; the @scope is dropped",
	"cascade-scope-more #box-span innerText":            "@scope (...) to (> .x): a relative <scope-end> is not supported; the @scope is dropped",
	"cascade-scope-more #ps-out white-space-collapse":   "@scope without a prelude: its root is the tree's root, not the parent of the <style> (the index is shared between documents)",
	"cascade-scope-more #ps-out text-wrap-mode":         "@scope without a prelude: its root is the tree's root, not the parent of the <style> (the index is shared between documents)",
	"cascade-scope-more #ps-out white-space":            "@scope without a prelude: its root is the tree's root, not the parent of the <style> (the index is shared between documents)",
	"content-counters-quotes #c16 ::before":             "content: inherit on ::before takes the element's string; Chromium generates nothing",
	"display-details-nested #d-dc innerText":            "::details-content is not supported: the rule is dropped",
	"display-details-nested #p-dc text-transform":       "::details-content is not supported: the rule is dropped",
	"display-details-nested #p-dc innerText":            "::details-content is not supported: the rule is dropped",
	"display-details-nested - tabOrder":                 "a details without a summary: Chromium's generated summary is tabbable",
	"display-ua-controls-all - tabOrder":                "Tab into a date input's fields (its shadow tree) ended the recording after #date",
	"display-ua-embedded - tabOrder":                    "Tab into the media controls' buttons ended the recording after #audio-controls",
	"media-units-forms #ex text-transform":              "1ex is the x-height of Chromium's default font (7.34px here); package css takes half an em",
	"media-units-forms #ex innerText":                   "1ex is the x-height of Chromium's default font (7.34px here); package css takes half an em",
	"var-fallback-chains #q innerText":                  "layout: capitalize in an absolutely positioned box reads the letter before it in the flow",
}
