package vdom_test

import (
	"errors"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

// TestDeepTree builds a page nested 10,000 levels deep and runs the tree
// operations on it with a small stack limit: they must all be iterative.
//
// x/net/html refuses to parse more than 512 open elements, so the page is
// parsed in slices of 500 levels (each a fragment) that are nested with
// AppendChild; parsing the whole page at once is ErrTooDeep.
func TestDeepTree(t *testing.T) {
	const depth = 10000
	const slice = 500
	page := strings.Repeat("<div>", depth) + `<span id="inner">deep</span>` + strings.Repeat("</div>", depth)

	if _, err := vdom.Parse(strings.NewReader(page)); !errors.Is(err, vdom.ErrTooDeep) {
		t.Errorf("Parse of %d levels: %v, want ErrTooDeep", depth, err)
	}

	doc := treeDoc(t, "<!DOCTYPE html><body>")
	parent := doc.Body()
	for level := 0; level < depth; level += slice {
		src := strings.Repeat("<div>", slice)
		if level+slice >= depth {
			src += `<span id="inner">deep</span>`
		}
		nodes, err := doc.ParseFragmentString(src, nil)
		treeNoErr(t, "ParseFragmentString", err)
		if len(nodes) != 1 {
			t.Fatalf("fragment has %d nodes", len(nodes))
		}
		if level%1000 == 0 {
			treeNoErr(t, "SetID", nodes[0].SetID("level-"+strconv.Itoa(level)))
		}
		_, err = parent.AppendChild(nodes[0])
		treeNoErr(t, "AppendChild", err)
		parent = nodes[0]
		for parent.FirstElementChild() != nil && parent.FirstElementChild().LocalName() == "div" {
			parent = parent.FirstElementChild()
		}
	}
	// The page as built: the ids set above are in it.
	var want strings.Builder
	for level := range depth {
		if level%1000 == 0 {
			want.WriteString(`<div id="level-` + strconv.Itoa(level) + `">`)
		} else {
			want.WriteString("<div>")
		}
	}
	want.WriteString(`<span id="inner">deep</span>` + strings.Repeat("</div>", depth))
	built := want.String()
	outer := doc.Body().FirstChild()

	// A recursive walk needs more than this for 10,000 levels; the
	// operations below must not. The limit is process-wide, so this test
	// must not run in parallel with others.
	defer debug.SetMaxStack(debug.SetMaxStack(256 << 10))

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
