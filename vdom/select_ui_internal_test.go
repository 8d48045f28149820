package vdom

import (
	"testing"
	"time"

	"golang.org/x/net/html"
)

func TestHasFoldedPrefix(t *testing.T) {
	for _, c := range []struct {
		s, prefix string
		want      bool
	}{
		{"Banana", "b", true},
		{"  \u00a0Banana", "BAN", true},
		{"Éclair", "é", true},
		{"Straße", "STRASS", false}, // simple folding: ß is one letter
		{"Ab", "abc", false},
		{"apple", " ", false}, // leading white space is never matched
		{"", "a", false},
	} {
		if got := hasFoldedPrefix(c.s, []rune(c.prefix)); got != c.want {
			t.Errorf("hasFoldedPrefix(%q, %q) = %v, want %v", c.s, c.prefix, got, c.want)
		}
	}
}

func TestNextUsable(t *testing.T) {
	doc := ParseString(`<select id=s><option>0<option disabled>1<optgroup label=g><option>3</optgroup><option hidden>5<option>6</select>`)
	sel := doc.GetElementByID("s")
	items := sel.listItems()
	idx := func(h *html.Node) int { return itemIndex(items, h) }
	// The items: 0 an option, 1 a disabled one, 2 the optgroup, 3 its
	// option, 4 a hidden option, 5 the last option.
	for _, c := range []struct {
		from, dir, skip, want int
	}{
		{-1, 1, 1, 0},          // the first usable item
		{0, 1, 1, 3},           // past the disabled option and the optgroup
		{0, 1, 3, 3},           // three items away is the option of the group
		{3, 1, 3, 5},           // past the end of the list: the last usable one
		{len(items), -1, 1, 5}, // the last
		{5, -1, 1, 3},          // the hidden option skipped
		{0, -1, 1, -1},         // nothing before the first
	} {
		if got := idx(sel.doc.nextUsable(items, sel.h, c.from, c.dir, c.skip)); got != c.want {
			t.Errorf("nextUsable(from %d, dir %d, skip %d) = item %d, want %d", c.from, c.dir, c.skip, got, c.want)
		}
	}
}

func TestTypeAheadFollowsTheDocumentClock(t *testing.T) {
	clock := NewFakeClock(time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC))
	doc := ParseString(`<select id=s><option>Apple<option>Banana<option>Berry<option>Cherry</select>`, WithClock(clock))
	sel := doc.GetElementByID("s")
	ui := doc.selectUIOf(sel.h)
	items := sel.listItems()
	find := func(c rune) string {
		_, at := sel.selectedItem(items, false)
		i := ui.typeAhead(items, sel.h, at, c, clock.Now())
		if i < 0 {
			return ""
		}
		sel.SetSelectedIndex(itemIndex(sel.listOfOptions(), items[i]))
		return optionText(items[i])
	}
	steps := []struct {
		c     rune
		after time.Duration
		want  string
	}{
		{'b', 0, "Banana"},
		{'e', 500 * time.Millisecond, "Berry"},   // "be"
		{'x', 900 * time.Millisecond, ""},        // "bex" finds nothing
		{'c', 999 * time.Millisecond, ""},        // "bexc", within a second of the last
		{'c', 1001 * time.Millisecond, "Cherry"}, // a pause: a new search
		{'b', 1100 * time.Millisecond, "Banana"}, // after Cherry, wrapping around
		{'b', 100 * time.Millisecond, "Berry"},   // the same letter cycles
		{'b', 100 * time.Millisecond, "Banana"},  // and cycles on
	}
	for i, st := range steps {
		if err := clock.Advance(st.after); err != nil {
			t.Fatal(err)
		}
		if got := find(st.c); got != st.want {
			t.Errorf("step %d (%q after %v): found %q, want %q", i, st.c, st.after, got, st.want)
		}
	}
	// A character typed at a time before the last one (a clock set back)
	// is ignored, as Chromium ignores an event older than the search.
	ui.typedAt = clock.Now().Add(time.Second)
	if got := find('c'); got != "" {
		t.Errorf("a character from before the search found %q", got)
	}
}
