package css

import (
	"strings"

	"golang.org/x/net/html"
)

// Style is the computed style of an element or of its ::before or
// ::after pseudo-element: the computed values of the properties listed
// in ComputedProperties and of custom properties, and why each value is
// what it is (Source). A Style never changes; after the tree, an
// attribute, the live state or a sheet changes, ask the Cascade again.
//
// Elements whose computed values are the same share them (siblings and
// cousins that match the same rules under the same parent style, as
// browsers share styles); each element has its own Style.
type Style struct {
	*computed
	el      *html.Node
	cascade *Cascade
	// bloom is the ancestor filter of el and its ancestors, kept when
	// the cascade filters (ancestor_filter.go).
	bloom ancestorBloom
}

// computed is computed values, shared by the Styles of the elements
// that have them.
type computed struct {
	display           Display
	visibility        Visibility
	contentVisibility ContentVisibility
	pointerEvents     PointerEvents
	textTransform     TextTransform
	wsCollapse        WhiteSpaceCollapse
	textWrapMode      TextWrapMode
	position          Positioning
	float             Float
	pseudo            pseudoKind
	// displayAdjust and floatAdjust say why display or float is not the
	// cascaded value.
	displayAdjust, floatAdjust adjustment
	// invalid has a bit per longhand whose declaration held var() and
	// was invalid at computed-value time.
	invalid uint16
	// notRendered: the element or an ancestor has display: none, or an
	// ancestor skips its contents; transparent: the element or an
	// ancestor has opacity 0. Both come from the parent's values, so
	// they are shared with them.
	notRendered, transparent bool
	opacity                  float64
	// content is nil for normal; quotes nil for auto.
	content *Content
	quotes  *Quotes

	// custom holds the custom properties the main index covers
	// (ruleSet.refs); own is the part this element declared (nil when
	// none).
	custom, own *customMap

	// parent is the parent element's values (the originating element's
	// for a pseudo-element); layoutParent is the nearest ancestor's that
	// is not display: contents, whose box holds this one.
	parent, layoutParent *computed
	// why records, per longhand, the declaration that won, or nothing.
	why [numProps]winner
}

// ComputedProperties are the properties whose computed values a Style
// holds, as getComputedStyle names them: the longhands, and the
// white-space shorthand serialized from its two longhands. Custom
// properties ("--name") are computed too. Any other name gives "" from
// PropertyValue.
var ComputedProperties = []string{
	"display", "visibility", "content-visibility", "opacity", "pointer-events",
	"text-transform", "white-space", "white-space-collapse", "text-wrap-mode",
	"position", "float", "content", "quotes",
}

// Display is the computed display, after blockification (CSS Display 3
// §2.7): of a root element, a float, an absolutely positioned box, a
// flex or grid item.
func (s *Style) Display() Display { return s.display }

// Visibility is the computed visibility (inherited).
func (s *Style) Visibility() Visibility { return s.visibility }

// ContentVisibility is the computed content-visibility.
func (s *Style) ContentVisibility() ContentVisibility { return s.contentVisibility }

// Opacity is the computed opacity, in [0, 1]. It is not inherited: a
// descendant of an element with opacity 0 has opacity 1 and is not seen
// either (jest-dom's toBeVisible walks the ancestors for it).
func (s *Style) Opacity() float64 { return s.opacity }

// PointerEvents is the computed pointer-events (inherited).
func (s *Style) PointerEvents() PointerEvents { return s.pointerEvents }

// TextTransform is the computed text-transform (inherited).
func (s *Style) TextTransform() TextTransform { return s.textTransform }

// WhiteSpaceCollapse is the computed white-space-collapse (inherited).
func (s *Style) WhiteSpaceCollapse() WhiteSpaceCollapse { return s.wsCollapse }

// TextWrapMode is the computed text-wrap-mode (inherited).
func (s *Style) TextWrapMode() TextWrapMode { return s.textWrapMode }

// Position is the computed position.
func (s *Style) Position() Positioning { return s.position }

// Float is the computed float: none for an absolutely positioned box
// (CSS 2 §9.7), as Chromium reports it.
func (s *Style) Float() Float { return s.float }

// Content is the computed content: on an element, normal unless set; on
// ::before and ::after, none when nothing is generated.
func (s *Style) Content() Content {
	if s.content == nil {
		if s.pseudo != pseudoNone {
			return contentNone
		}
		return contentNormal
	}
	return *s.content
}

// Quotes is the computed quotes (inherited).
func (s *Style) Quotes() Quotes {
	if s.quotes == nil {
		return Quotes{}
	}
	return *s.quotes
}

// Element is the element the style is of (for a pseudo-element, its
// originating element).
func (s *Style) Element() *html.Node { return s.el }

// Cascade is the cascade that computed the style.
func (s *Style) Cascade() *Cascade { return s.cascade }

// PropertyValue returns a property's computed value as Chromium's
// getComputedStyle serializes it: "block", "0.5", "\"→ \" / \"Next\"".
// A custom property ("--name", case-sensitive) gives its value as
// written once var() is substituted, "" when it has none (as for an
// empty value: Chromium gives "" for both). A property not in
// ComputedProperties gives "".
func (s *Style) PropertyValue(name string) string {
	if strings.HasPrefix(name, "--") {
		v, _ := s.customValue(name)
		return v
	}
	// Names come lower case almost always: they are looked up as given
	// first, and lowered only when that finds nothing.
	if v, ok := s.longhandValue(name); ok {
		return v
	}
	if lower := lowerASCII(name); lower != name {
		v, _ := s.longhandValue(lower)
		return v
	}
	return ""
}

// longhandValue serializes the computed value of the property name,
// lower case; ok is false for a name not in ComputedProperties.
func (s *Style) longhandValue(name string) (v string, ok bool) {
	switch name {
	case "display":
		return s.display.String(), true
	case "visibility":
		return s.visibility.String(), true
	case "content-visibility":
		return s.contentVisibility.String(), true
	case "opacity", "-webkit-opacity":
		return serializeOpacity(s.opacity), true
	case "pointer-events":
		return s.pointerEvents.String(), true
	case "text-transform":
		return s.textTransform.String(), true
	case "white-space":
		return whiteSpaceString(s.wsCollapse, s.textWrapMode), true
	case "white-space-collapse":
		return s.wsCollapse.String(), true
	case "text-wrap-mode":
		return s.textWrapMode.String(), true
	case "position":
		return s.position.String(), true
	case "float":
		return s.float.String(), true
	case "content":
		return s.Content().String(), true
	case "quotes":
		return s.Quotes().String(), true
	}
	return "", false
}

// get returns a longhand's computed value as a specified value, for
// inherit.
func (s *computed) get(p propID) value {
	switch p {
	case propDisplay:
		return value{k: uint8(s.display)}
	case propVisibility:
		return value{k: uint8(s.visibility)}
	case propContentVisibility:
		return value{k: uint8(s.contentVisibility)}
	case propOpacity:
		return value{f: s.opacity}
	case propPointerEvents:
		return value{k: uint8(s.pointerEvents)}
	case propTextTransform:
		return value{k: uint8(s.textTransform)}
	case propWhiteSpaceCollapse:
		return value{k: uint8(s.wsCollapse)}
	case propTextWrapMode:
		return value{k: uint8(s.textWrapMode)}
	case propPosition:
		return value{k: uint8(s.position)}
	case propFloat:
		return value{k: uint8(s.float)}
	}
	return value{}
}

// set stores a longhand's computed value; content and quotes are set by
// the caller (they are computed apart).
func (s *computed) set(p propID, v value) {
	switch p {
	case propDisplay:
		s.display = Display(v.k)
	case propVisibility:
		s.visibility = Visibility(v.k)
	case propContentVisibility:
		s.contentVisibility = ContentVisibility(v.k)
	case propOpacity:
		s.opacity = computeOpacity(v.f)
	case propPointerEvents:
		s.pointerEvents = PointerEvents(v.k)
	case propTextTransform:
		s.textTransform = TextTransform(v.k)
	case propWhiteSpaceCollapse:
		s.wsCollapse = WhiteSpaceCollapse(v.k)
	case propTextWrapMode:
		s.textWrapMode = TextWrapMode(v.k)
	case propPosition:
		s.position = Positioning(v.k)
	case propFloat:
		s.float = Float(v.k)
	}
}

// inheritFrom copies a longhand's computed value from another style.
func (s *computed) inheritFrom(p propID, from *computed) {
	switch p {
	case propContent:
		s.content = from.content
	case propQuotes:
		s.quotes = from.quotes
	default:
		s.set(p, from.get(p))
	}
}

// setInitial gives a longhand its initial value.
func (s *computed) setInitial(p propID) {
	switch p {
	case propContent:
		s.content = nil
	case propQuotes:
		s.quotes = nil
	default:
		s.set(p, initialValue(p))
	}
}
