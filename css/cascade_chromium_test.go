package css

import (
	"maps"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"

	"github.com/eventperk/eventperk-go/internal/stylerec"
)

// TestCascadeAsChromium replays the style recordings of
// vdom/testdata/style: every page is parsed, its sheets applied, and
// every recorded element's computed values (and its ::before and
// ::after content and display) are compared with Chromium 148's. The
// values this package does not compute, and what differs for a reason,
// are listed in knownStyleMismatches; an entry that no longer differs
// fails the test too, so the list stays true.
func TestCascadeAsChromium(t *testing.T) {
	var elements, values, differ int
	used := map[string]bool{}
	for _, name := range stylerec.Names(t) {
		p := loadPage(t, name)
		c := NewCascade(CascadeOptions{Medium: p.medium, BaseURL: stylerec.Origin + name})
		c.SetSheets(p.sheets)
		for _, re := range p.rec.Elements {
			el := elementByID(p.doc, strings.TrimPrefix(re.Key, "#"))
			if el == nil {
				t.Errorf("%s: %s not found", name, re.Key)
				continue
			}
			elements++
			want, got := recordedValues(re), computedValues(c, el, re)
			values += len(want)
			// A known difference is taken out of both sides, once it is
			// checked to be still there.
			keys := slices.Collect(maps.Keys(want))
			for k := range got {
				if _, ok := want[k]; !ok {
					keys = append(keys, k) // a pseudo-element generated here only
				}
			}
			for _, k := range keys {
				key := name + " " + re.Key + " " + k
				if known := knownMismatch(key); known != "" {
					if want[k] != got[k] {
						used[known] = true
						differ++
					}
					delete(want, k)
					delete(got, k)
				}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s %s (%s) mismatch (-want +got):\n%s", name, re.Key, re.Tag, diff)
			}
		}
	}
	var stale []string
	for k := range knownStyleMismatches {
		if !used[k] {
			stale = append(stale, k)
		}
	}
	sort.Strings(stale)
	if len(stale) > 0 {
		t.Errorf("known mismatches that no longer differ (remove them):\n%s", strings.Join(stale, "\n"))
	}
	t.Logf("%d elements; %d values, %d as Chromium's; %d differ, as knownStyleMismatches lists",
		elements, values, values-differ, differ)
}

// recordedValues are an element's recorded values: its style, and its
// ::before and ::after content and display, or "not generated".
func recordedValues(re stylerec.Element) map[string]string {
	want := map[string]string{}
	for prop, v := range re.Style {
		want[prop] = v
	}
	for _, ps := range []struct {
		pseudo string
		rec    *stylerec.Pseudo
	}{{"before", re.Before}, {"after", re.After}} {
		if ps.rec != nil {
			want["::"+ps.pseudo+" content"] = ps.rec.Content
			want["::"+ps.pseudo+" display"] = ps.rec.Display
		} else {
			want["::"+ps.pseudo] = "not generated"
		}
	}
	return want
}

// computedValues are the same values, computed here.
func computedValues(c *Cascade, el *html.Node, re stylerec.Element) map[string]string {
	got := map[string]string{}
	s := c.Style(el, nil)
	for prop := range re.Style {
		got[prop] = s.PropertyValue(prop)
	}
	for _, pseudo := range []string{"before", "after"} {
		ps := c.ComputedPseudoStyle(el, pseudo, nil)
		if cont := ps.Content(); cont.IsNone() || cont.IsNormal() {
			got["::"+pseudo] = "not generated"
		} else {
			got["::"+pseudo+" content"] = cont.String()
			got["::"+pseudo+" display"] = ps.Display().String()
		}
	}
	return got
}

// knownMismatch returns the key of knownStyleMismatches that covers a
// difference ("page #id property"), or "".
func knownMismatch(key string) string {
	if _, ok := knownStyleMismatches[key]; ok {
		return key
	}
	f := strings.Fields(key)
	if any := "* * " + f[len(f)-1]; knownStyleMismatches[any] != "" {
		return any
	}
	return ""
}

// knownStyleMismatches are the recorded values that differ, each with
// why: "page #id property" for one element, "* * property" for every
// element of every page.
var knownStyleMismatches = map[string]string{
	// Properties the pages record that are not computed here:
	// PropertyValue gives "" for them.
	"* * color":             "not computed here",
	"* * background-color":  "not computed here",
	"* * font-weight":       "not computed here",
	"* * direction":         "not computed here",
	"* * unicode-bidi":      "not computed here",
	"* * counter-reset":     "not computed here",
	"* * counter-increment": "not computed here",
	"* * counter-set":       "not computed here",

	"cascade-container-style #inner float": "@container rules never apply here: style() queries are not evaluated " +
		"(and size queries need layout); docs/css.md",
	"cascade-container-style #inner text-transform": "@container rules never apply here, as above",
	"content-images #gradient ::before content": "a gradient is serialized as written: colours are not computed " +
		"here, Chromium writes them as rgb()",
	"supports-selector #forgiving text-transform": "@supports selector(:is(:unknown)) holds here; Chromium does " +
		"not count a forgiving :is() left empty as supported (supports.go)",

	// @namespace, a relative @scope limit, @scope without a prelude,
	// ::details-content, content: inherit on ::before, the font's x-height.
	"cascade-namespace-default #p text-transform":       "@namespace is not supported here: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespace-default #p text-wrap-mode":       "@namespace is not supported here: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespace-default #p opacity":              "@namespace is not supported here: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespace-default #p white-space":          "@namespace is not supported here: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespace-default #p white-space-collapse": "@namespace is not supported here: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespace-default #byid opacity":           "@namespace is not supported here: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespace-default #byid text-transform":    "@namespace is not supported here: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespace-default #is opacity":             "@namespace is not supported here: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespace-default #is text-transform":      "@namespace is not supported here: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespaces #ns white-space-collapse":       "@namespace is not supported here: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespaces #ns text-wrap-mode":             "@namespace is not supported here: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespaces #ns text-transform":             "@namespace is not supported here: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespaces #ns white-space":                "@namespace is not supported here: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespaces #rect pointer-events":           "@namespace is not supported here: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespaces #rect-case pointer-events":      "@namespace is not supported here: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespaces #fo-p text-transform":           "@namespace is not supported here: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespaces #mi pointer-events":             "@namespace is not supported here: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespaces #star white-space":              "@namespace is not supported here: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespaces #star text-wrap-mode":           "@namespace is not supported here: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-namespaces #data-any text-transform":       "@namespace is not supported here: its default namespace is ignored and prefixed selectors are dropped",
	"cascade-scope-more #box-span text-transform":       "@scope (...) to (> .x): a relative <scope-end> is not supported; the @scope is dropped",
	"cascade-scope-more #ps-out white-space-collapse":   "@scope without a prelude: its root is the tree's root here, not the parent of the <style> (the index is shared between documents)",
	"cascade-scope-more #ps-out text-wrap-mode":         "@scope without a prelude: its root is the tree's root here, not the parent of the <style> (the index is shared between documents)",
	"cascade-scope-more #ps-out white-space":            "@scope without a prelude: its root is the tree's root here, not the parent of the <style> (the index is shared between documents)",
	"content-counters-quotes #c16 ::before":             "content: inherit on ::before takes the element's string here; Chromium generates nothing",
	"content-counters-quotes #c16 ::before content":     "as above",
	"content-counters-quotes #c16 ::before display":     "as above",
	"display-details-nested #p-dc text-transform":       "::details-content is not supported here: the rule is dropped",
	"media-units-forms #ex text-transform":              "1ex is the x-height of Chromium's default font (7.34px there); half an em here",
}

// TestRenderedAsChromium compares Rendered and Transparent with what
// Chromium's checkVisibility() answered for every recorded element:
// without options it is false for an element without a box (not
// rendered, or display: contents); with checkOpacity, also for a
// transparent one. The differences are HTML's to decide (rendered.go
// lists them); knownRenderedMismatches names each.
func TestRenderedAsChromium(t *testing.T) {
	checked, known := 0, 0
	for _, name := range stylerec.Names(t) {
		p := loadPage(t, name)
		c := NewCascade(CascadeOptions{Medium: p.medium, BaseURL: stylerec.Origin + name})
		c.SetSheets(p.sheets)
		for _, re := range p.rec.Elements {
			if re.CheckVisibility == nil {
				continue
			}
			el := elementByID(p.doc, strings.TrimPrefix(re.Key, "#"))
			s := c.Style(el, nil)
			hasBox := s.Rendered() && !s.Display().IsContents()
			got := map[string]bool{"plain": hasBox, "checkOpacity": hasBox && !s.Transparent()}
			want := map[string]bool{"plain": re.CheckVisibility.Plain, "checkOpacity": re.CheckVisibility.CheckOpacity}
			key := name + " " + re.Key
			reason, listed := knownRenderedMismatches[key]
			if !listed {
				reason = boxTakenByHTML(el)
			}
			if reason != "" {
				if listed && cmp.Equal(want, got) {
					t.Errorf("%s: known to differ (%s), but does not", key, reason)
				}
				known++
				continue
			}
			checked++
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s (%s, display %s) mismatch (-want +got):\n%s", key, re.Tag, s.Display(), diff)
			}
		}
	}
	t.Logf("%d elements as Chromium's, %d whose box HTML decides", checked, known)
}

// boxTakenByHTML says why HTML (or SVG) may take el's box away, which
// computed values alone do not say (rendered.go; vdom's rendering.go
// decides it), or "": it is in the content of a closed <details>, in a
// drop-down <select>, in a <noscript> (scripting is on), in a <video>,
// <audio> or <canvas>, an SVG element Chromium makes no box for (or in
// one), a <param> or <noembed>, or an <embed> without a source.
func boxTakenByHTML(el *html.Node) string {
	if el.Namespace == "" && el.Data == "embed" && !hasAttribute(el, "src") {
		return "<embed> without a source has no box"
	}
	if el.Namespace == "" && (el.Data == "param" || el.Data == "noembed") {
		return "<" + el.Data + "> has no box, whatever its display"
	}
	for a := el; a != nil && a.Type == html.ElementNode; a = a.Parent {
		switch {
		case a.Namespace == "svg" && svgWithoutBoxInTest[a.Data]:
			return "an SVG <" + a.Data + "> has no box"
		case a.Namespace != "":
		case a.Data == "noscript":
			return "<noscript> while scripting is on"
		case a == el:
		case a.Data == "select" && !hasAttribute(a, "multiple") && attribute(a, "size") <= "1":
			return "in a drop-down <select>"
		case a.Data == "video" || a.Data == "audio" || a.Data == "canvas":
			return "in a <" + a.Data + ">"
		}
		if p := a.Parent; p != nil && p.Namespace == "" && p.Data == "details" && !hasAttribute(p, "open") && a != firstSummary(p) {
			return "in a closed <details>"
		}
	}
	return ""
}

// svgWithoutBoxInTest are the SVG elements of the pages Chromium makes no
// box for (display-ua-svg-inside).
var svgWithoutBoxInTest = map[string]bool{"title": true, "desc": true, "style": true, "script": true, "stop": true, "unknown": true}

func hasAttribute(n *html.Node, key string) bool {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return true
		}
	}
	return false
}

func attribute(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val
		}
	}
	return ""
}

func firstSummary(details *html.Node) *html.Node {
	for c := details.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.Namespace == "" && c.Data == "summary" {
			return c
		}
	}
	return nil
}

// knownRenderedMismatches are the elements whose box HTML takes away
// otherwise than boxTakenByHTML sees.
var knownRenderedMismatches = map[string]string{
	"display-details-nested #p-name2": "the second open <details> of a name group is closed when inserted (HTML §4.11.1)",
	"focus-open-containers #b-acc2":   "the second open <details> of a name group is closed when inserted (HTML §4.11.1)",
}
