package vdom_test

import (
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/internal/testenv"
	"github.com/eventperk/eventperk-go/vdom"
)

// TestDeepTree parses a page nested 10,000 levels deep (100,000 with
// EVENTPERK_LONG=1) and runs the tree operations on it under a small stack
// limit: parse, query, dispatch along a path of depth+5 objects, clone,
// serialize, re-parse, remove. They must all be iterative: a recursive
// walk of 10,000 levels needs more stack than the 256 KiB allowed here.
func TestDeepTree(t *testing.T) {
	depth := 10_000
	if testenv.Long(t) {
		depth = 100_000
	}
	middleID := "level-" + strconv.Itoa(depth/2)
	var page strings.Builder
	for level := range depth {
		if level%1000 == 0 {
			page.WriteString(`<div id="level-` + strconv.Itoa(level) + `">`)
		} else {
			page.WriteString("<div>")
		}
	}
	page.WriteString(`<span id="inner">deep</span>` + strings.Repeat("</div>", depth))
	built := page.String()

	// A recursive walk needs more than this for 10,000 levels; the
	// operations below must not. The limit is process-wide, so this test
	// must not run in parallel with others.
	defer debug.SetMaxStack(debug.SetMaxStack(256 << 10))

	start := time.Now()
	doc, err := vdom.Parse(strings.NewReader("<!DOCTYPE html><body>" + built))
	treeNoErr(t, "Parse", err)
	t.Logf("parsed %d levels in %v", depth, time.Since(start).Round(time.Millisecond))
	outer := doc.Body().FirstChild()

	t.Run("GetElementByID of the innermost", func(t *testing.T) {
		inner := treeEl(t, doc, "inner")
		levels := 0
		for n := inner.ParentNode(); n != nil && n.LocalName() == "div"; n = n.ParentNode() {
			levels++
		}
		if levels != depth {
			t.Errorf("the innermost span is under %d divs, want %d", levels, depth)
		}
		if !inner.IsConnected() || !outer.Contains(inner) || inner.Contains(outer) {
			t.Errorf("IsConnected %v, outer contains inner %v", inner.IsConnected(), outer.Contains(inner))
		}
	})
	t.Run("tree check", func(t *testing.T) {
		checkTree(t, doc, "level-0", "level-5000")
	})
	t.Run("TextContent", func(t *testing.T) {
		treeDiff(t, "TextContent", "deep", outer.TextContent())
		treeDiff(t, "InnerText", "deep", outer.InnerText())
		treeDiff(t, "Title", "", doc.Title())
	})
	t.Run("Descendants", func(t *testing.T) {
		count, divs := 0, 0
		for n := range outer.Descendants() {
			count++
			if n.LocalName() == "div" {
				divs++
			}
		}
		// depth-1 divs below the outer one, the span and its text.
		if count != depth+1 || divs != depth-1 {
			t.Errorf("Descendants yielded %d nodes (%d divs), want %d (%d)", count, divs, depth+1, depth-1)
		}
	})
	t.Run("OuterHTML", func(t *testing.T) {
		if got := outer.OuterHTML(); got != built {
			t.Errorf("OuterHTML differs from the page:\n%s", treeFirstDiff(built, got))
		}
		if got := doc.Body().InnerHTML(); got != built {
			t.Errorf("InnerHTML of the body differs from the page")
		}
	})
	t.Run("CloneNode", func(t *testing.T) {
		clone := outer.CloneNode(true)
		checkTreeDetached(t, clone)
		if got := clone.OuterHTML(); got != built {
			t.Errorf("the deep clone serializes differently")
		}
		if doc.GetElementByID("inner") != treeEl(t, doc, "inner") || clone.Contains(doc.GetElementByID("inner")) {
			t.Errorf("the clone took over the id")
		}
		_, err := doc.Body().InsertBefore(clone, outer)
		treeNoErr(t, "InsertBefore", err)
		if got := doc.GetElementByID("inner"); !clone.Contains(got) {
			t.Errorf("GetElementByID(inner) is not the clone's, which now comes first")
		}
		clone.Remove()
		if got := doc.GetElementByID("inner"); !outer.Contains(got) {
			t.Errorf("GetElementByID(inner) after removing the clone = %v", got)
		}
		checkTree(t, doc, "level-0")
	})
	t.Run("queries", func(t *testing.T) {
		inner := treeEl(t, doc, "inner")
		if got := doc.MustQuerySelector("div > span#inner"); got != inner {
			t.Errorf("QuerySelector = %v, want the innermost span", got)
		}
		all, err := doc.QuerySelectorAll("body div")
		treeNoErr(t, "QuerySelectorAll", err)
		if len(all) != depth || all[0] != outer {
			t.Errorf("QuerySelectorAll(body div) = %d elements, want %d from the outer div", len(all), depth)
		}
		scoped, err := outer.QueryScoped("div span", func(n *vdom.Node) bool { return n.ID() == "level-"+strconv.Itoa(depth-1000) })
		treeNoErr(t, "QueryScoped", err)
		if len(scoped) != 0 {
			t.Errorf("QueryScoped past a boundary found %v", treeNames(scoped))
		}
		if ok, err := inner.Matches("body > div div > span"); err != nil || !ok {
			t.Errorf("Matches = %v, %v", ok, err)
		}
		if got, err := inner.Closest("#level-0"); err != nil || got != outer {
			t.Errorf("Closest(#level-0) = %v, %v", got, err)
		}
	})
	t.Run("dispatch along the whole path", func(t *testing.T) {
		inner := treeEl(t, doc, "inner")
		middle := treeEl(t, doc, middleID)
		tr := newTracer()
		var pathLen int
		doc.Window().AddEventListenerWith("click", tr.listener("window", func(e *vdom.Event) { pathLen = len(e.ComposedPath()) }), vdom.ListenerOptions{Capture: true})
		outer.AddEventListenerWith("click", tr.listener("outer"), vdom.ListenerOptions{Capture: true})
		middle.AddEventListener("click", tr.listener("middle"))
		doc.AddEventListener("click", tr.listener("document"))
		// The target leaves the tree during the dispatch: the path was
		// fixed before, so the event still bubbles to the document.
		inner.AddEventListener("click", tr.listener("inner", func(*vdom.Event) { outer.Remove() }))
		if !dispatchOK(t, inner, vdom.NewEventWith("click", vdom.EventInit{Bubbles: true})) {
			t.Error("DispatchEvent returned false")
		}
		diffTrace(t, []evEntry{
			{"window", phCap, "window"}, {"outer", phCap, "#level-0"}, {"inner", phAt, "#inner"},
			{"middle", phBub, "#" + middleID}, {"document", phBub, "document"},
		}, tr.take())
		if want := depth + 5; pathLen != want {
			t.Errorf("ComposedPath has %d objects, want %d", pathLen, want)
		}
		// Detached now: the path ends at the outer div.
		dispatchOK(t, inner, vdom.NewEventWith("click", vdom.EventInit{Bubbles: true}))
		diffTrace(t, []evEntry{{"outer", phCap, "#level-0"}, {"inner", phAt, "#inner"}, {"middle", phBub, "#" + middleID}}, tr.take())
		_, err := doc.Body().AppendChild(outer)
		treeNoErr(t, "AppendChild", err)
		checkTree(t, doc, "level-0")
	})
	t.Run("re-parse", func(t *testing.T) {
		again, err := vdom.Parse(strings.NewReader(doc.OuterHTML()))
		treeNoErr(t, "Parse of the serialization", err)
		if got, want := again.OuterHTML(), doc.OuterHTML(); got != want {
			t.Errorf("the re-parsed page serializes differently:\n%s", treeFirstDiff(want, got))
		}
		host, err := doc.CreateElement("section")
		treeNoErr(t, "CreateElement", err)
		treeNoErr(t, "SetInnerHTML", host.SetInnerHTML(built))
		if got := host.InnerHTML(); got != built {
			t.Errorf("SetInnerHTML of the page serializes differently:\n%s", treeFirstDiff(built, got))
		}
	})
	t.Run("remove and clear", func(t *testing.T) {
		outer.Remove()
		checkTree(t, doc, "inner", "level-0", "level-9000")
		_, err := doc.Body().AppendChild(outer)
		treeNoErr(t, "AppendChild", err)
		checkTree(t, doc, "inner", "level-0", "level-9000")
		treeEl(t, doc, "level-1000").SetTextContent("")
		checkTree(t, doc, "inner", "level-9000")
		if doc.GetElementByID("inner") != nil || doc.GetElementByID("level-0") == nil {
			t.Errorf("after SetTextContent: inner %v, level-0 %v", doc.GetElementByID("inner"), doc.GetElementByID("level-0"))
		}
	})
}
