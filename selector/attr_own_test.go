package selector_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/selector"
)

// TestAttrCaseInsensitive checks the attribute selectors compared ASCII
// case-insensitively, as Chromium 148 matches them (vdom/testdata/style,
// cascade-attr-flags and cascade-case): the i flag folds ASCII only; the
// values of the attributes HTML §4.16.2 lists fold without a flag, on HTML
// elements only; the operators keep their meaning; an SVG attribute's
// name with capitals matches in any case.
func TestAttrCaseInsensitive(t *testing.T) {
	doc := parseHTML(t, `<input id=cb type=CHECKBOX><p id=rtl dir=RTL lang=en-US></p>`+
		`<p id=umlaut data-u=Ä data-x=ABC></p><a id=rel rel="noopener NOFOLLOW" target=_Blank></a>`+
		`<svg id=svg viewBox="0 0 1 1"><rect id=rect type=CHECKBOX></rect></svg><p id=data data-type=CHECKBOX></p>`)
	tests := []struct {
		sel  string
		want []string
	}{
		{"[type=checkbox]", []string{"cb"}},
		{"[type=checkbox i]", []string{"cb", "rect"}},
		{"[dir=rtl]", []string{"rtl"}},
		{"[lang|=EN]", []string{"rtl"}},
		{"[lang^=en-u]", []string{"rtl"}},
		{"[rel~=nofollow]", []string{"rel"}},
		{"[rel~='']", []string{}},
		{"[target$=BLANK]", []string{"rel"}},
		{"[target*=bl]", []string{"rel"}},
		{"[target^='']", []string{}},
		{`[data-u="ä" i]`, []string{}},
		{`[data-u="Ä" i]`, []string{"umlaut"}},
		{"[data-x=abc i]", []string{"umlaut"}},
		{"[data-x=abc]", []string{}},
		{"[data-type=checkbox]", []string{}},
		{"input[type=Checkbox]:not([type=text])", []string{"cb"}},
		{"[viewBox]", []string{"svg"}},
		{"[viewbox='0 0 1 1']", []string{"svg"}},
		{"[viewBox='0 0 1 1' i]", []string{"svg"}},
		{"[viewBox='0 0 1 1 ']", []string{}},
		{"[preserveAspectRatio]", []string{}},
	}
	for _, tt := range tests {
		got := labels(selector.MustCompile(tt.sel).QueryAll(doc))
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s mismatch (-want +got):\n%s", tt.sel, diff)
		}
	}
}
