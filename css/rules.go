package css

import (
	"strings"

	"github.com/eventperk/eventperk-go/selector"
)

// Rule is a rule of a style sheet, one of the CSSOM's CSSRule kinds:
// *StyleRule, *NestedDeclarationsRule, *MediaRule, *SupportsRule,
// *ImportRule, *NamespaceRule, *LayerBlockRule, *LayerStatementRule,
// *ContainerRule, *ScopeRule, *StartingStyleRule, *KeyframeRule (in
// @keyframes), or *AtRule for the at-rules that hold no style rules
// (@font-face, @keyframes, @page, @property, @counter-style, ...).
type Rule interface {
	// Position is where the rule starts in its sheet's text.
	Position() Position
	// CSSText serializes the rule as CSSOM's cssText does, in
	// Chromium's form (serialize.go says where values differ).
	CSSText() string
	rule()
}

// GroupingRule is a rule that holds other rules: CSSOM's CSSGroupingRule
// and a style rule's nested rules.
type GroupingRule interface {
	Rule
	// Rules returns the rules inside, CSSOM's cssRules. Do not modify the
	// slice.
	Rules() []Rule
}

type ruleBase struct{ pos Position }

func (r *ruleBase) Position() Position { return r.pos }
func (*ruleBase) rule()                {}

type groupBase struct {
	ruleBase
	rules []Rule
}

func (g *groupBase) Rules() []Rule { return g.rules }

// StyleRule is a qualified rule with a selector list: CSSOM's
// CSSStyleRule. With CSS Nesting it may hold rules of its own, whose
// selectors are relative to its own.
type StyleRule struct {
	groupBase
	selectorText string
	selectors    []*selector.RuleSelector
	style        *Declarations
}

// SelectorText is the rule's selector list as CSSOM's selectorText
// serializes it: each selector's String, joined by ", ".
func (r *StyleRule) SelectorText() string {
	if len(r.selectors) == 0 {
		return r.selectorText
	}
	parts := make([]string, len(r.selectors))
	for i, s := range r.selectors {
		parts[i] = s.String()
	}
	return strings.Join(parts, ", ")
}

// Selectors returns the compiled selectors of the list, one per complex
// selector; nested rules' selectors are already resolved against their
// parents'.
func (r *StyleRule) Selectors() []*selector.RuleSelector { return r.selectors }

// Style returns the rule's declarations, those before any nested rule.
func (r *StyleRule) Style() *Declarations { return r.style }

// NestedDeclarationsRule holds the declarations of a style rule that come
// after a nested rule (CSSOM's CSSNestedDeclarations): they apply with
// their parent's selectors and keep their place in the order of the
// cascade.
type NestedDeclarationsRule struct {
	ruleBase
	parent *StyleRule
	style  *Declarations
}

// Style returns the declarations.
func (r *NestedDeclarationsRule) Style() *Declarations { return r.style }

// Parent is the style rule the declarations apply with; nil for
// declarations that stand directly in @scope (through grouping rules, but
// in no style rule), which apply to the scoping root with the specificity
// of :where(:scope) (CSS Cascade 6 §2.5).
func (r *NestedDeclarationsRule) Parent() *StyleRule { return r.parent }

// MediaRule is @media: its rules apply when its media query list matches
// the medium (CSSOM's CSSMediaRule).
type MediaRule struct {
	groupBase
	media MediaList
}

// Media is the rule's media query list.
func (r *MediaRule) Media() MediaList { return r.media }

// SupportsRule is @supports (CSSOM's CSSSupportsRule).
type SupportsRule struct {
	groupBase
	condition SupportsCondition
}

// ConditionText is the condition as CSSOM's conditionText serializes it.
func (r *SupportsRule) ConditionText() string { return r.condition.Text() }

// Condition is the parsed condition.
func (r *SupportsRule) Condition() SupportsCondition { return r.condition }

// Supported reports whether the condition holds here (docs/css.md says
// what is supported).
func (r *SupportsRule) Supported() bool { return r.condition.Supported() }

// ContainerRule is @container (CSSOM's CSSContainerRule). Its condition
// needs layout (the size of a container), so its rules never apply here.
type ContainerRule struct {
	groupBase
	name, query string
}

// ConditionText is the container's name and query, as Chromium
// serializes them: "card (width > 400px)".
func (r *ContainerRule) ConditionText() string {
	return strings.TrimSpace(serializeIdentOrEmpty(r.name) + " " + r.query)
}

// Name is the container's name, "" when the rule names none.
func (r *ContainerRule) Name() string { return r.name }

// Query is the container query, serialized; "" when the rule has none.
func (r *ContainerRule) Query() string { return r.query }

// LayerBlockRule is @layer with a block: its rules belong to the named
// cascade layer, or to a new anonymous one when the name is "".
type LayerBlockRule struct {
	groupBase
	name string
}

// Name is the layer's name as written ("a.b" for a nested layer), "" for
// an anonymous layer.
func (r *LayerBlockRule) Name() string { return r.name }

// LayerStatementRule is @layer without a block: it declares the order of
// layers before they are used.
type LayerStatementRule struct {
	ruleBase
	names []string
}

// Names are the layers it declares, in order.
func (r *LayerStatementRule) Names() []string { return r.names }

// ScopeRule is @scope: its rules apply to the elements inside a scoping
// root and outside its scoping limits.
type ScopeRule struct {
	groupBase
	start, end         string
	startSels, endSels []*selector.RuleSelector
}

// Start is the scoping root's selector list as written, "" when the
// rule has none (the parent rule's subject, or the root of the tree).
func (r *ScopeRule) Start() string { return r.start }

// End is the scoping limit's selector list as written, "" when none.
func (r *ScopeRule) End() string { return r.end }

// StartingStyleRule is @starting-style: its rules give the style before a
// transition starts, which no computed value here depends on.
type StartingStyleRule struct {
	groupBase
}

// ImportRule is @import (CSSOM's CSSImportRule).
type ImportRule struct {
	ruleBase
	href     string
	url      string
	media    MediaList
	layer    string
	hasLayer bool
	supports *SupportsCondition
	sheet    *StyleSheet
	loadErr  error
}

// Href is the URL as written.
func (r *ImportRule) Href() string { return r.href }

// URL is the URL resolved against the sheet's base URL; "" when it does
// not resolve.
func (r *ImportRule) URL() string { return r.url }

// Media is the media query list the import applies under.
func (r *ImportRule) Media() MediaList { return r.media }

// Layer returns the layer the imported sheet goes into: ok is false when
// the rule has no layer() or layer, and name is "" for an anonymous one.
func (r *ImportRule) Layer() (name string, ok bool) { return r.layer, r.hasLayer }

// Supports returns the import's supports() condition; ok is false when
// the rule has none. The sheet is imported only when the condition holds
// (CSS Cascade 5 §2.1).
func (r *ImportRule) Supports() (c SupportsCondition, ok bool) {
	if r.supports == nil {
		return SupportsCondition{}, false
	}
	return *r.supports, true
}

// StyleSheet is the imported sheet once loaded, else nil.
func (r *ImportRule) StyleSheet() *StyleSheet { return r.sheet }

// LoadError is why the sheet was not loaded, nil when it was or when no
// load was tried.
func (r *ImportRule) LoadError() error { return r.loadErr }

// NamespaceRule is @namespace (CSSOM's CSSNamespaceRule).
type NamespaceRule struct {
	ruleBase
	prefix, uri string
}

// Prefix is the namespace prefix, "" for the default namespace.
func (r *NamespaceRule) Prefix() string { return r.prefix }

// NamespaceURI is the namespace's URL.
func (r *NamespaceRule) NamespaceURI() string { return r.uri }

// AtRule is an at-rule that holds no style rules: @font-face, @keyframes,
// @page, @property, @counter-style, @font-feature-values and the others
// Chromium knows, and the margin rules of @page and feature blocks of
// @font-feature-values inside them. None of them changes a computed value
// here; they are kept so a program can read them.
type AtRule struct {
	ruleBase
	name        string
	prelude     string
	block       string
	hasBody     bool
	descriptors *Declarations
	rules       []Rule
}

// Name is the at-keyword in lower case, without "@".
func (r *AtRule) Name() string { return r.name }

// Prelude is the text between the keyword and the block, with white
// space collapsed; for @keyframes, the name without quotes.
func (r *AtRule) Prelude() string { return r.prelude }

// Block returns the text inside the rule's braces as written, and false
// when the rule has none.
func (r *AtRule) Block() (string, bool) { return r.block, r.hasBody }

// Descriptors returns the declarations in the rule's block: @font-face's
// font-family and src, @page's margins, @property's syntax. Their values
// are not checked against the descriptors' grammars; "!important" ones
// are dropped, as CSS Syntax §5.5 says.
func (r *AtRule) Descriptors() *Declarations { return r.descriptors }

// Rules returns the rules in the block: @keyframes' *KeyframeRule, @page's
// margin rules and @font-feature-values' feature blocks (as *AtRule).
func (r *AtRule) Rules() []Rule { return r.rules }

func (r *AtRule) keyframes() bool { return r.name == "keyframes" || r.name == "-webkit-keyframes" }

// KeyframeRule is a keyframe of @keyframes (CSSOM's CSSKeyframeRule).
type KeyframeRule struct {
	ruleBase
	keyText string
	style   *Declarations
}

// KeyText is the keyframe's selectors as CSSOM serializes them: "0%,
// 50%" for "from, 50%".
func (r *KeyframeRule) KeyText() string { return r.keyText }

// Style returns the keyframe's declarations.
func (r *KeyframeRule) Style() *Declarations { return r.style }
