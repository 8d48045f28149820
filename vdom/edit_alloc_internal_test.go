//go:build !race

package vdom

import (
	"testing"
	"unicode/utf16"

	"github.com/google/go-cmp/cmp"
)

// TestInsertableAllocatesOnlyItsResult: what a field takes of one typed
// character costs one allocation, the result. Building a strings.Replacer
// for each keystroke made typing in tests an eighth slower. (The race
// detector changes allocation counts, so this file is not built under it.)
func TestInsertableAllocatesOnlyItsResult(t *testing.T) {
	doc := ParseString(`<input id=q value="abc"><textarea id=t>abc</textarea>`)
	for _, id := range []string{"q", "t"} {
		n := doc.GetElementByID(id)
		cur := []uint16{'a', 'b', 'c'}
		sel := textSelection{start: 3, end: 3}
		if allocs := testing.AllocsPerRun(100, func() { n.insertable("x", cur, sel) }); allocs > 1 {
			t.Errorf("#%s: insertable of one character allocates %.1f times, want at most 1", id, allocs)
		}
	}
	// Line breaks still become spaces in a single-line field, and those
	// at the end go.
	got := string(utf16.Decode(doc.GetElementByID("q").insertable("a\r\nb\rc\nd\n\r", nil, textSelection{})))
	if diff := cmp.Diff("a b c d", got); diff != "" {
		t.Errorf("line breaks in a text field: mismatch (-want +got):\n%s", diff)
	}
}
