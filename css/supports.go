package css

import (
	"strings"

	"github.com/eventperk/eventperk-go/selector"
)

// This file parses and evaluates @supports conditions (CSS Conditional 3
// §6, with CSS Conditional 4's selector() and 5's font-tech() and
// font-format()). What is supported is what this package keeps when it
// parses a sheet: a declaration is supported when its property is one
// Chromium knows and validDeclaration takes its value, a selector when
// package selector parses it.

// SupportsCondition is a parsed @supports condition.
type SupportsCondition struct {
	text      string
	supported bool
}

// ParseSupports parses a <supports-condition>; ok is false when the text
// is not one (such an @supports rule is dropped). Parts of the grammar's
// <general-enclosed> ("foo(bar)", "(foo bar)") parse, and are false (CSS
// Conditional 4 §2).
func ParseSupports(condition string) (c SupportsCondition, ok bool) {
	src := preprocess(condition)
	toks := tokenize(src)
	all := span{0, len(toks)}
	prog, ok := parseCondition(src, toks, all, supportsSyntax{src: src}, true)
	if !ok {
		return SupportsCondition{}, false
	}
	return SupportsCondition{
		text:      closeTail(spacedText(src, toks, all), toks, all),
		supported: evalCondition(prog, nil) == kTrue,
	}, true
}

// Supports is CSS.supports(conditionText): whether the condition, or
// else the text in parentheses (a bare declaration), parses and holds.
func Supports(condition string) bool {
	if c, ok := ParseSupports(condition); ok {
		return c.supported
	}
	c, ok := ParseSupports("(" + condition + ")")
	return ok && c.supported
}

// SupportsDeclaration is CSS.supports(property, value): whether a
// declaration of the property with the value would be kept.
func SupportsDeclaration(property, value string) bool {
	return supportedDeclaration(property, strings.TrimSpace(value))
}

// Text is the condition as CSSOM's conditionText serializes it in
// Chromium: as written, comments included, white space runs made one
// space.
func (c SupportsCondition) Text() string { return c.text }

// Supported reports whether the condition holds.
func (c SupportsCondition) Supported() bool { return c.supported }

// supportsSyntax reads the leaves of a supports condition, each of which
// is true or false once parsed.
type supportsSyntax struct{ src string }

func (s supportsSyntax) leaf(toks []token, i int, in span) (condOp, bool) {
	if toks[i].kind == tFunction {
		name := strings.ToLower(unescapeIdent(s.src[toks[i].off:toks[i].end]))
		var v bool
		switch name {
		case "selector(":
			v = supportedSelector(tokensText(s.src, toks, in))
		case "font-tech(":
			v = supportedFontTech(s.word(toks, in))
		case "font-format(":
			v = supportedFontFormat(s.word(toks, in))
		case "at-rule(":
			v = s.supportedAtRule(toks, in)
		default:
			return condOp{}, false
		}
		return condOp{kind: opConst, n: int32(kleeneOf(v))}, true
	}
	// <supports-decl> = ( <declaration> )
	j := skipSpaceIn(toks, in.from, in.to)
	if j >= in.to {
		return condOp{}, false
	}
	t := toks[j]
	k := skipSpaceIn(toks, j+1, in.to)
	if t.kind != tIdent || k >= in.to || toks[k].kind != tColon {
		return condOp{}, false
	}
	name := unescapeIdent(s.src[t.off:t.end])
	val := span{k + 1, in.to}
	for j := val.from; j < val.to; j++ {
		if toks[j].kind == tSemicolon {
			// A declaration's value holds no ";" (CSS Syntax §5.4.6).
			return condOp{kind: opConst, n: int32(kFalse)}, true
		}
	}
	// "!important" may end the value (CSS Conditional 3 §6.1 takes a
	// whole declaration).
	val, _ = importantAt(s.src, toks, val)
	if notDeclarationValue(s.src, toks, val, strings.HasPrefix(name, "--")) != "" {
		return condOp{kind: opConst, n: int32(kFalse)}, true
	}
	v := supportedDeclaration(name, tokensText(s.src, toks, val))
	return condOp{kind: opConst, n: int32(kleeneOf(v))}, true
}

// word returns the one identifier in toks[in], or "".
func (s supportsSyntax) word(toks []token, in span) string {
	j := skipSpaceIn(toks, in.from, in.to)
	if j >= in.to || toks[j].kind != tIdent || skipSpaceIn(toks, j+1, in.to) != in.to {
		return ""
	}
	return strings.ToLower(unescapeIdent(s.src[toks[j].off:toks[j].end]))
}

func (supportsSyntax) generalEnclosed([]token, span) condOp {
	return condOp{kind: opConst, n: int32(kFalse)}
}

// supportedDeclaration reports whether a declaration would be kept: a
// custom property with any value, or a property Chromium knows with a
// value validDeclaration takes.
func supportedDeclaration(property, value string) bool {
	if strings.HasPrefix(property, "--") {
		return true
	}
	property = lowerASCII(property)
	return value != "" && knownProperty(property) && validDeclaration(property, value)
}

// supportedSelector is selector(<complex-selector>) (CSS Conditional 4
// §2): one complex selector that package selector parses.
func supportedSelector(text string) bool {
	if strings.TrimSpace(text) == "" {
		return false
	}
	sels, err := selector.ParseRuleSelectors(text, nil)
	return err == nil && len(sels) == 1
}

// supportedAtRule is at-rule(<at-keyword-token>) (CSS Conditional 5
// §2.1): true, ASCII case-insensitively, for the at-rules Chromium 148
// answers CSS.supports("at-rule(...)") true for, the page's margin rules
// and @font-feature-values' blocks included; @charset is not one.
func (s supportsSyntax) supportedAtRule(toks []token, in span) bool {
	j := skipSpaceIn(toks, in.from, in.to)
	if j >= in.to || toks[j].kind != tAtKeyword || skipSpaceIn(toks, j+1, in.to) != in.to {
		return false
	}
	switch strings.ToLower(unescapeIdent(s.src[toks[j].off+1 : toks[j].end])) {
	case "import", "namespace", "media", "supports", "font-face", "font-feature-values",
		"font-palette-values", "keyframes", "-webkit-keyframes", "layer", "container", "scope",
		"property", "counter-style", "page", "starting-style", "position-try", "view-transition",
		"function",
		"top-left-corner", "top-left", "top-center", "top-right", "top-right-corner",
		"bottom-left-corner", "bottom-left", "bottom-center", "bottom-right", "bottom-right-corner",
		"left-top", "left-middle", "left-bottom", "right-top", "right-middle", "right-bottom",
		"stylistic", "historical-forms", "styleset", "character-variant", "swash", "ornaments", "annotation":
		return true
	}
	return false
}

// supportedFontTech and supportedFontFormat are the technologies and
// formats Chromium 148 answers true for (CSS Fonts 4 §11.1): a recording
// of CSS.supports("font-tech(...)") and CSS.supports("font-format(...)").
func supportedFontTech(tech string) bool {
	switch tech {
	case "features-opentype", "features-aat", "color-colrv0", "color-colrv1",
		"color-sbix", "color-cbdt", "variations", "palettes":
		return true
	}
	return false
}

func supportedFontFormat(format string) bool {
	switch format {
	case "collection", "opentype", "truetype", "woff", "woff2":
		return true
	}
	return false
}
