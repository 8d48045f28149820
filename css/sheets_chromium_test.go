package css_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/eventperk/eventperk-go/css"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// chromiumSheets is testdata/chromium-sheets.json: the rules Chromium
// keeps of each sheet, with their cssText, and the cssText of style
// attributes.
type chromiumSheets struct {
	Sheets []struct {
		Sheet string
		Rules []chromiumRule
	}
	Attrs []struct {
		Style, CSSText string
	}
}

type chromiumRule struct {
	Type    string
	CSSText string         `json:"cssText"`
	Rules   []chromiumRule `json:",omitempty"`
}

// atRuleClasses are CSSOM's interfaces of the at-rules this package keeps
// as *css.AtRule.
var atRuleClasses = map[string]string{
	"font-face": "CSSFontFaceRule", "keyframes": "CSSKeyframesRule", "-webkit-keyframes": "CSSKeyframesRule",
	"page": "CSSPageRule", "property": "CSSPropertyRule", "counter-style": "CSSCounterStyleRule",
	"font-feature-values": "CSSFontFeatureValuesRule", "font-palette-values": "CSSFontPaletteValuesRule",
	"view-transition": "CSSViewTransitionRule", "position-try": "CSSPositionTryRule", "function": "CSSFunctionRule",
}

// ourRules describes rules as the recording does.
func ourRules(rules []css.Rule) []chromiumRule {
	var out []chromiumRule
	for _, r := range rules {
		c := chromiumRule{CSSText: r.CSSText()}
		switch r := r.(type) {
		case *css.StyleRule:
			c.Type = "CSSStyleRule"
		case *css.NestedDeclarationsRule:
			c.Type = "CSSNestedDeclarations"
		case *css.MediaRule:
			c.Type = "CSSMediaRule"
		case *css.SupportsRule:
			c.Type = "CSSSupportsRule"
		case *css.ContainerRule:
			c.Type = "CSSContainerRule"
		case *css.LayerBlockRule:
			c.Type = "CSSLayerBlockRule"
		case *css.LayerStatementRule:
			c.Type = "CSSLayerStatementRule"
		case *css.ScopeRule:
			c.Type = "CSSScopeRule"
		case *css.StartingStyleRule:
			c.Type = "CSSStartingStyleRule"
		case *css.ImportRule:
			c.Type = "CSSImportRule"
		case *css.NamespaceRule:
			c.Type = "CSSNamespaceRule"
		case *css.KeyframeRule:
			c.Type = "CSSKeyframeRule"
		case *css.AtRule:
			c.Type = atRuleClasses[r.Name()]
			if c.Type == "" {
				c.Type = "CSSMarginRule" // @page's
			}
		}
		if g, ok := r.(css.GroupingRule); ok {
			c.Rules = ourRules(g.Rules())
		}
		out = append(out, c)
	}
	return out
}

// Reasons the cssText of a rule here differs from Chromium's.
const (
	// Chromium serializes a declared value as it parsed it ("RED" is
	// "red", local(x) is local("x")); this package keeps values as
	// written, and the grammar that would tell is the property's.
	byValues = "declared values are serialized as written"
	// Descriptors are not checked against the at-rule's descriptors.
	byDescriptors = "unknown descriptors are kept"
	// Chromium keeps @function's declarations in a child rule of their
	// own; here they are the rule's Descriptors.
	byFunction = "@function's declarations are its descriptors"
)

// sheetDifferences are the recorded sheets whose rules' cssText differ
// from Chromium's for a reason above; the kinds and nesting of their
// rules are still compared.
var sheetDifferences = map[string]string{
	"a { color: \"red": byValues,
	"a { color: url(x": byValues,
	"@font-face { font-family: x; src: local(x) } @page :first { margin: 1cm } @property --x { syntax: \"<length>\"; inherits: false; initial-value: 0px }": byValues,
	"@view-transition { navigation: auto } @position-try --p { top: 0px } @color-profile --c { src: url(x) } @function --f() { result: 1 }":                 byFunction,
	"@font-face { @foo; font-family: x; foo: bar; src: local(x) !important }":                                                                               byDescriptors,
}

// attrDifferences are the style attributes whose cssText differs.
var attrDifferences = map[string]string{
	"color: red; color: RED; width: 10px": byValues,
}

// withoutText blanks the cssText of rules, for comparing their kinds
// (and leaves out Chromium's CSSFunctionDeclarations: byFunction).
func withoutText(rules []chromiumRule) []chromiumRule {
	var out []chromiumRule
	for _, r := range rules {
		if r.Type != "CSSFunctionDeclarations" {
			out = append(out, chromiumRule{Type: r.Type, Rules: withoutText(r.Rules)})
		}
	}
	return out
}

func TestSheetsMatchChromium(t *testing.T) {
	data, err := os.ReadFile("testdata/chromium-sheets.json")
	if err != nil {
		t.Fatal(err)
	}
	var rec chromiumSheets
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	for _, c := range rec.Sheets {
		got, want := ourRules(css.Parse(c.Sheet).Rules()), c.Rules
		if _, ok := sheetDifferences[c.Sheet]; ok {
			got, want = withoutText(got), withoutText(want)
		}
		if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%q: mismatch (-chromium +ours):\n%s", c.Sheet, diff)
		}
	}
	for _, c := range rec.Attrs {
		if _, ok := attrDifferences[c.Style]; ok {
			continue
		}
		if got := css.ParseDeclarations(c.Style).CSSText(); got != c.CSSText {
			t.Errorf("style=%q: cssText %q, want %q", c.Style, got, c.CSSText)
		}
	}
}
