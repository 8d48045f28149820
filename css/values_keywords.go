package css

// This file holds the computed properties whose values are keywords:
// visibility, content-visibility, pointer-events, text-transform,
// white-space-collapse, text-wrap-mode, position and float, and the
// white-space and text-wrap shorthands over the two text longhands. Each
// type's zero value is the property's initial value, and its String is
// what getComputedStyle gives.

// Visibility is a computed value of visibility (CSS Display 3 §4).
type Visibility uint8

const (
	VisibilityVisible Visibility = iota
	VisibilityHidden
	VisibilityCollapse
)

var visibilityNames = []string{"visible", "hidden", "collapse"}

func (v Visibility) String() string { return visibilityNames[v] }

// IsVisible reports visibility: visible.
func (v Visibility) IsVisible() bool { return v == VisibilityVisible }

// ContentVisibility is a computed value of content-visibility (CSS
// Contain 2 §4).
type ContentVisibility uint8

const (
	ContentVisibilityVisible ContentVisibility = iota
	ContentVisibilityAuto
	ContentVisibilityHidden
)

var contentVisibilityNames = []string{"visible", "auto", "hidden"}

func (v ContentVisibility) String() string { return contentVisibilityNames[v] }

// PointerEvents is a computed value of pointer-events (CSS UI 4 §5.2, and
// SVG 2's values, which HTML elements take too).
type PointerEvents uint8

const (
	PointerEventsAuto PointerEvents = iota
	PointerEventsNone
	PointerEventsVisiblePainted
	PointerEventsVisibleFill
	PointerEventsVisibleStroke
	PointerEventsVisible
	PointerEventsPainted
	PointerEventsFill
	PointerEventsStroke
	PointerEventsAll
	PointerEventsBoundingBox
)

// pointerEventsNames are serialized in lower case, as Chromium does
// ("visiblepainted").
var pointerEventsNames = []string{
	"auto", "none", "visiblepainted", "visiblefill", "visiblestroke", "visible",
	"painted", "fill", "stroke", "all", "bounding-box",
}

func (p PointerEvents) String() string { return pointerEventsNames[p] }

// IsNone reports pointer-events: none: the element is not the target of
// pointer events (they go to what is under it).
func (p PointerEvents) IsNone() bool { return p == PointerEventsNone }

// TextTransform is a computed value of text-transform (CSS Text 3 §2.1).
// Chromium 148 rejects full-width and full-size-kana, so no value here
// combines keywords.
type TextTransform uint8

const (
	TextTransformNone TextTransform = iota
	TextTransformCapitalize
	TextTransformUppercase
	TextTransformLowercase
	TextTransformMathAuto
)

var textTransformNames = []string{"none", "capitalize", "uppercase", "lowercase", "math-auto"}

func (t TextTransform) String() string { return textTransformNames[t] }

// WhiteSpaceCollapse is a computed value of white-space-collapse (CSS
// Text 4 §3.1). Chromium 148 has no discard and preserve-spaces.
type WhiteSpaceCollapse uint8

const (
	WhiteSpaceCollapseCollapse WhiteSpaceCollapse = iota
	WhiteSpaceCollapsePreserve
	WhiteSpaceCollapsePreserveBreaks
	WhiteSpaceCollapseBreakSpaces
)

var whiteSpaceCollapseNames = []string{"collapse", "preserve", "preserve-breaks", "break-spaces"}

func (w WhiteSpaceCollapse) String() string { return whiteSpaceCollapseNames[w] }

// TextWrapMode is a computed value of text-wrap-mode (CSS Text 4 §5.1).
type TextWrapMode uint8

const (
	TextWrapModeWrap TextWrapMode = iota
	TextWrapModeNowrap
)

var textWrapModeNames = []string{"wrap", "nowrap"}

func (t TextWrapMode) String() string { return textWrapModeNames[t] }

// Positioning is a computed value of position (CSS Positioned Layout 3
// §2). (Position is a place in a sheet's text.)
type Positioning uint8

const (
	PositionStatic Positioning = iota
	PositionRelative
	PositionAbsolute
	PositionFixed
	PositionSticky
)

var positionNames = []string{"static", "relative", "absolute", "fixed", "sticky"}

func (p Positioning) String() string { return positionNames[p] }

// IsAbsolute reports absolute and fixed: the box is out of flow.
func (p Positioning) IsAbsolute() bool { return p == PositionAbsolute || p == PositionFixed }

// Float is a computed value of float (CSS 2 §9.5.1, CSS Logical 1 §2.2:
// the logical values are kept as they are).
type Float uint8

const (
	FloatNone Float = iota
	FloatLeft
	FloatRight
	FloatInlineStart
	FloatInlineEnd
)

var floatNames = []string{"none", "left", "right", "inline-start", "inline-end"}

func (f Float) String() string { return floatNames[f] }

// keywordIndex returns the position of word in names, or -1.
func keywordIndex(names []string, word string) int {
	for i, n := range names {
		if n == word {
			return i
		}
	}
	return -1
}

// oneKeyword reads a value that is one keyword of names; pointer-events'
// are compared in lower case, like every keyword.
func oneKeyword(r *valueReader, names []string) (uint8, bool) {
	words := r.keywords()
	if len(words) != 1 {
		return 0, false
	}
	i := keywordIndex(names, words[0])
	return uint8(i), i >= 0
}

// whiteSpaceKeywords are the keywords of the white-space shorthand (CSS
// Text 4 §3.3) and the longhand values they stand for.
var whiteSpaceKeywords = map[string]struct {
	collapse WhiteSpaceCollapse
	wrap     TextWrapMode
}{
	"normal":       {WhiteSpaceCollapseCollapse, TextWrapModeWrap},
	"pre":          {WhiteSpaceCollapsePreserve, TextWrapModeNowrap},
	"pre-wrap":     {WhiteSpaceCollapsePreserve, TextWrapModeWrap},
	"pre-line":     {WhiteSpaceCollapsePreserveBreaks, TextWrapModeWrap},
	"nowrap":       {WhiteSpaceCollapseCollapse, TextWrapModeNowrap},
	"break-spaces": {WhiteSpaceCollapseBreakSpaces, TextWrapModeWrap},
}

// parseWhiteSpace reads the white-space shorthand: one of its keywords,
// or "<white-space-collapse> || <text-wrap-mode>" with the omitted
// longhand at its initial value (Chromium 148 has no white-space-trim).
func parseWhiteSpace(r *valueReader) (WhiteSpaceCollapse, TextWrapMode, bool) {
	words := r.keywords()
	if len(words) == 1 {
		if v, ok := whiteSpaceKeywords[words[0]]; ok {
			return v.collapse, v.wrap, true
		}
	}
	if len(words) == 0 || len(words) > 2 {
		return 0, 0, false
	}
	collapse, wrap := -1, -1
	for _, w := range words {
		if i := keywordIndex(whiteSpaceCollapseNames, w); i >= 0 && collapse < 0 {
			collapse = i
		} else if i := keywordIndex(textWrapModeNames, w); i >= 0 && wrap < 0 {
			wrap = i
		} else {
			return 0, 0, false
		}
	}
	return WhiteSpaceCollapse(max(collapse, 0)), TextWrapMode(max(wrap, 0)), true
}

// whiteSpaceString serializes white-space from its longhands as
// Chromium does: the keyword that stands for both when there is one,
// else both values ("preserve-breaks nowrap").
func whiteSpaceString(c WhiteSpaceCollapse, w TextWrapMode) string {
	for _, k := range []string{"normal", "pre", "pre-wrap", "pre-line", "nowrap", "break-spaces"} {
		if v := whiteSpaceKeywords[k]; v.collapse == c && v.wrap == w {
			return k
		}
	}
	return c.String() + " " + w.String()
}

// textWrapStyles are the <text-wrap-style> keywords, which the text-wrap
// shorthand takes beside a <text-wrap-mode> (CSS Text 4 §5.4). The style
// itself is not computed here.
var textWrapStyles = []string{"auto", "balance", "stable", "pretty"}

// parseTextWrap reads the text-wrap shorthand: "<text-wrap-mode> ||
// <text-wrap-style>"; the mode is wrap when omitted.
func parseTextWrap(r *valueReader) (TextWrapMode, bool) {
	words := r.keywords()
	if len(words) == 0 || len(words) > 2 {
		return 0, false
	}
	mode, style := -1, -1
	for _, w := range words {
		if i := keywordIndex(textWrapModeNames, w); i >= 0 && mode < 0 {
			mode = i
		} else if i := keywordIndex(textWrapStyles, w); i >= 0 && style < 0 {
			style = i
		} else {
			return 0, false
		}
	}
	return TextWrapMode(max(mode, 0)), true
}
