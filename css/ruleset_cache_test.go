package css

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
)

// TestAuthorRuleSetShared checks that Cascades over the same sheets and
// medium share one index, and that each thing the index depends on (the
// sheet, its media list, disabled, its name, an import loaded since, the
// medium) gives another.
func TestAuthorRuleSetShared(t *testing.T) {
	doc := parseDoc(t, `<p id=t class=a>`)
	el := elementByID(doc, "t")
	sheet := Parse(`@import "i.css"; .a { float: left } @media print { .a { float: right } }`)
	ref := SheetRef{Sheet: sheet, Name: "s"}
	indexOf := func(refs []SheetRef, m Medium) (*ruleSet, string) {
		c := NewCascade(CascadeOptions{Medium: m})
		c.SetSheets(refs)
		return c.authorSet(), c.Style(el, nil).PropertyValue("float")
	}
	screen, print := DefaultMedium(), DefaultMedium()
	print.Type = "print"

	first, float := indexOf([]SheetRef{ref}, screen)
	if float != "left" {
		t.Fatalf("float = %q, want left", float)
	}
	if again, _ := indexOf([]SheetRef{ref}, screen); again != first {
		t.Error("a second Cascade over the same sheet and medium indexed the rules again")
	}

	other := Parse(`.a { float: left } @media print { .a { float: right } }`)
	disabled := ref
	disabled.Disabled = true
	renamed := ref
	renamed.Name = "t"
	narrow := ref
	narrow.Media = ParseMediaList("(max-width: 10px)")
	got := map[string]string{}
	for _, tc := range []struct {
		name string
		refs []SheetRef
		m    Medium
	}{
		{"other sheet", []SheetRef{{Sheet: other, Name: "s"}}, screen},
		{"disabled", []SheetRef{disabled}, screen},
		{"renamed", []SheetRef{renamed}, screen},
		{"media list", []SheetRef{narrow}, screen},
		{"print", []SheetRef{ref}, print},
		{"two sheets", []SheetRef{ref, ref}, screen},
	} {
		set, float := indexOf(tc.refs, tc.m)
		if set == first {
			t.Errorf("%s: the index of the first sheet list was reused", tc.name)
		}
		got[tc.name] = float
	}
	want := map[string]string{
		"other sheet": "left", "disabled": "none", "renamed": "left",
		"media list": "none", "print": "right", "two sheets": "left",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("float mismatch (-want +got):\n%s", diff)
	}

	// An import loaded since the index was built gives a new one, which
	// applies it.
	sheet.Rules()[0].(*ImportRule).sheet = Parse(".a { opacity: 0.5 }")
	c := NewCascade(CascadeOptions{Medium: screen})
	c.SetSheets([]SheetRef{ref})
	if c.authorSet() == first {
		t.Error("the index built before the import loaded was reused after")
	}
	if got := c.Style(el, nil).PropertyValue("opacity"); got != "0.5" {
		t.Errorf("opacity with the import loaded = %q, want 0.5", got)
	}
}

// TestAuthorRuleSetEmptyShared checks that Cascades without a sheet that
// applies, whatever their medium, share one empty index, and that it
// stays empty: the user agent sheet alone styles their elements.
func TestAuthorRuleSetEmptyShared(t *testing.T) {
	doc := parseDoc(t, `<p id=t class=a>`)
	el := elementByID(doc, "t")
	narrow := SheetRef{Sheet: Parse(".a { float: left }"), Name: "s", Media: ParseMediaList("(max-width: 10px)")}
	disabled := SheetRef{Sheet: Parse(".a { float: left }"), Name: "s", Disabled: true}
	print := DefaultMedium()
	print.Type = "print"
	var first *ruleSet
	got := map[string]string{}
	for _, tc := range []struct {
		name string
		refs []SheetRef
		m    Medium
	}{
		{"no sheets", nil, DefaultMedium()},
		{"no sheets, print", nil, print},
		{"media list", []SheetRef{narrow}, DefaultMedium()},
		{"disabled", []SheetRef{disabled}, DefaultMedium()},
	} {
		c := NewCascade(CascadeOptions{Medium: tc.m})
		c.SetSheets(tc.refs)
		set := c.authorSet()
		if first == nil {
			first = set
		} else if set != first {
			t.Errorf("%s: a Cascade without a sheet that applies made an index of its own", tc.name)
		}
		got[tc.name] = c.Style(el, nil).PropertyValue("float") + " " + c.Style(el, nil).PropertyValue("display")
	}
	want := map[string]string{"no sheets": "none block", "no sheets, print": "none block", "media list": "none block", "disabled": "none block"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("float and display mismatch (-want +got):\n%s", diff)
	}
}

// TestStylesAllocations checks that the Styles of many elements are not
// an allocation each: computing the styles of 1,000 elements that share
// their values allocates a few times, not a thousand.
func TestStylesAllocations(t *testing.T) {
	var b []byte
	for range 1000 {
		b = append(b, "<p class=a>x</p>"...)
	}
	doc := parseDoc(t, string(b))
	var ps []*html.Node
	for n := range doc.Descendants() {
		if n.Data == "p" {
			ps = append(ps, n)
		}
	}
	c := cascadeOf(".a { float: left }")
	c.Style(ps[0], nil) // the index, the shared values
	allocs := testing.AllocsPerRun(3, func() {
		c.Invalidate()
		for _, p := range ps {
			c.Style(p, nil)
		}
	})
	if allocs > 50 {
		t.Errorf("styles of 1,000 elements: %v allocations, want at most 50", allocs)
	}
}
