package css

import (
	"fmt"
	"strings"
)

// This file is the declarations of an element's style attribute as a
// script changes them: CSSOM's CSSStyleDeclaration for the style
// attribute (CSSOM §6.7), which a document keeps in step with the
// attribute (reading ParseInlineStyle of its value, writing CSSText back).

// InlineStyle is an element's style attribute as a declaration block
// that can change: CSSOM's CSSStyleDeclaration of element.style. Values
// of the properties computed here (ComputedProperties) are checked and
// serialized as Chromium does ("BLOCK" is "block", "block flow" is
// "block"); values of other properties are kept as written, white space
// collapsed. The white-space and text-wrap shorthands are kept as one
// declaration until a longhand of theirs is set.
type InlineStyle struct {
	list []Declaration
}

// ParseInlineStyle parses a style attribute's value.
func ParseInlineStyle(text string) *InlineStyle {
	d := ParseDeclarations(text)
	s := &InlineStyle{}
	for _, x := range d.All() {
		x.Value = specifiedString(x.Property, x.Value)
		s.list = append(s.list, x)
	}
	return s
}

// ErrInvalidValue is what SetProperty returns for a value its property's
// grammar does not take; the block is unchanged, as CSSOM's setProperty
// leaves it.
var ErrInvalidValue = fmt.Errorf("css: invalid value")

// Len is the number of declarations (CSSOM's length).
func (s *InlineStyle) Len() int { return len(s.list) }

// Item returns the name of the i'th declared property (CSSOM's item());
// "" when i is out of range.
func (s *InlineStyle) Item(i int) string {
	if i < 0 || i >= len(s.list) {
		return ""
	}
	return s.list[i].Property
}

// normalizeName lowers a property name but a custom property's.
func normalizeName(name string) string {
	if strings.HasPrefix(name, "--") {
		return name
	}
	return lowerASCII(name)
}

func (s *InlineStyle) index(name string) int {
	for i := range s.list {
		if s.list[i].Property == name {
			return i
		}
	}
	return -1
}

// PropertyValue is CSSOM's getPropertyValue: the declared value, "" when
// the property is not declared. For white-space not declared as such, the
// value its two longhands make when both are declared.
func (s *InlineStyle) PropertyValue(name string) string {
	name = normalizeName(name)
	if i := s.index(name); i >= 0 {
		return s.list[i].Value
	}
	if name == "white-space" {
		c, w := s.index("white-space-collapse"), s.index("text-wrap-mode")
		if c >= 0 && w >= 0 && s.list[c].Important == s.list[w].Important {
			cv, ok1 := keywordOf(whiteSpaceCollapseNames, s.list[c].Value)
			wv, ok2 := keywordOf(textWrapModeNames, s.list[w].Value)
			if ok1 && ok2 {
				return whiteSpaceString(WhiteSpaceCollapse(cv), TextWrapMode(wv))
			}
		}
	}
	return ""
}

func keywordOf(names []string, v string) (int, bool) {
	i := keywordIndex(names, v)
	return i, i >= 0
}

// PropertyPriority is CSSOM's getPropertyPriority: "important" or "".
func (s *InlineStyle) PropertyPriority(name string) string {
	if i := s.index(normalizeName(name)); i >= 0 && s.list[i].Important {
		return "important"
	}
	return ""
}

// SetProperty is CSSOM's setProperty: it declares a property, replacing
// its declaration if there is one. An empty value removes it. priority
// is "" or "important" (in any case). A property Chromium does not know,
// a priority other than those, or a value the property does not take
// leave the block unchanged and return an error; ErrInvalidValue for the
// value.
func (s *InlineStyle) SetProperty(name, value, priority string) error {
	name = normalizeName(name)
	value = strings.TrimSpace(value)
	if value == "" {
		s.RemoveProperty(name)
		return nil
	}
	important := false
	switch lowerASCII(priority) {
	case "":
	case "important":
		important = true
	default:
		return fmt.Errorf("css: priority %q is not \"important\"", priority)
	}
	custom := strings.HasPrefix(name, "--")
	if !custom && !knownProperty(name) {
		return fmt.Errorf("css: unknown property %q", name)
	}
	for _, t := range newValueReader(value).toks {
		if t.kind == tSemicolon && !custom {
			return fmt.Errorf("%w for %s: %q", ErrInvalidValue, name, value)
		}
	}
	d := ParseDeclarations(name + ":" + value)
	x, ok := d.Lookup(name)
	if !ok || d.Len() != 1 || x.Important {
		return fmt.Errorf("%w for %s: %q", ErrInvalidValue, name, value)
	}
	x.Value, x.Important = specifiedString(name, x.Value), important
	x.Pos = Position{}
	s.settle(name)
	if i := s.index(name); i >= 0 {
		s.list[i] = x
		return nil
	}
	s.list = append(s.list, x)
	return nil
}

// settle makes room for a declaration of name: a shorthand's longhands
// go (it sets them all), and a longhand's shorthand is written out as
// its longhands (the one set will replace its part). A shorthand whose
// value holds var() cannot be written out: it goes.
func (s *InlineStyle) settle(name string) {
	p, ok := properties[name]
	if !ok || name == "all" {
		return
	}
	if len(p.longhands) > 1 || name == "text-wrap" {
		for _, lh := range p.longhands {
			if i := s.index(propNames[lh]); i >= 0 {
				s.list = append(s.list[:i], s.list[i+1:]...)
			}
		}
		return
	}
	for _, sh := range []string{"white-space", "text-wrap"} {
		i := s.index(sh)
		if i < 0 || !covers(properties[sh], p.longhands[0]) {
			continue
		}
		x := s.list[i]
		s.list = append(s.list[:i], s.list[i+1:]...)
		if cssWideKeyword(x.Value) == wideNone && hasVar(x.Value) {
			continue
		}
		for _, lh := range properties[sh].longhands {
			v := x.Value
			if cssWideKeyword(v) == wideNone {
				vals, ok := properties[sh].parse(newValueReader(v), "")
				if !ok {
					continue
				}
				v = longhandString(lh, vals[slotOf(properties[sh], lh)])
			}
			s.list = append(s.list, Declaration{Property: propNames[lh], Value: v, Important: x.Important})
		}
	}
}

func covers(p *property, lh propID) bool { return slotOf(p, lh) >= 0 }

func slotOf(p *property, lh propID) int {
	for i, x := range p.longhands {
		if x == lh {
			return i
		}
	}
	return -1
}

// RemoveProperty is CSSOM's removeProperty: it removes a declaration and
// returns its value ("" when there was none). Removing white-space
// removes its longhands.
func (s *InlineStyle) RemoveProperty(name string) string {
	name = normalizeName(name)
	old := s.PropertyValue(name)
	if p, ok := properties[name]; ok && len(p.longhands) > 1 && name != "all" {
		for _, lh := range p.longhands {
			if i := s.index(propNames[lh]); i >= 0 {
				s.list = append(s.list[:i], s.list[i+1:]...)
			}
		}
	}
	if i := s.index(name); i >= 0 {
		s.list = append(s.list[:i], s.list[i+1:]...)
	}
	return old
}

// CSSText serializes the block as CSSOM's cssText does: "display: none;
// opacity: 0.5 !important;"; the value to write back into the style
// attribute.
func (s *InlineStyle) CSSText() string {
	return (&Declarations{list: s.list}).CSSText()
}

// specifiedString serializes a declared value as Chromium's CSSOM does
// for the properties computed here; other values are kept.
func specifiedString(name, value string) string {
	if strings.HasPrefix(name, "--") {
		return value
	}
	if k := cssWideKeyword(value); k != wideNone {
		return k.String()
	}
	p, ok := properties[name]
	if !ok || hasVar(value) || name == "all" {
		return value
	}
	vals, ok := p.parse(newValueReader(value), "")
	if !ok {
		return value
	}
	switch name {
	case "white-space":
		return whiteSpaceString(WhiteSpaceCollapse(vals[0].k), TextWrapMode(vals[1].k))
	case "text-wrap":
		return lowerASCII(value)
	case "opacity", "-webkit-opacity":
		r := newValueReader(value)
		if len(r.toks) == 1 && r.toks[0].kind == tNumber {
			return serializeNumber(vals[0].f)
		}
		if len(r.toks) == 1 && r.toks[0].kind == tPercentage {
			return serializeNumber(vals[0].f*100) + "%"
		}
		return value
	}
	return longhandString(p.longhands[0], vals[0])
}

// longhandString serializes a specified value of a longhand.
func longhandString(p propID, v value) string {
	switch p {
	case propDisplay:
		return Display(v.k).String()
	case propVisibility:
		return Visibility(v.k).String()
	case propContentVisibility:
		return ContentVisibility(v.k).String()
	case propOpacity:
		return serializeNumber(v.f)
	case propPointerEvents:
		return PointerEvents(v.k).String()
	case propTextTransform:
		return TextTransform(v.k).String()
	case propWhiteSpaceCollapse:
		return WhiteSpaceCollapse(v.k).String()
	case propTextWrapMode:
		return TextWrapMode(v.k).String()
	case propPosition:
		return Positioning(v.k).String()
	case propFloat:
		return Float(v.k).String()
	case propContent:
		return v.content.String()
	case propQuotes:
		return v.quotes.String()
	}
	return ""
}

// String serializes a specified content value: as computed, but attr()
// as written.
func (v *contentValue) String() string {
	switch {
	case v.normal:
		return "normal"
	case v.none:
		return "none"
	}
	write := func(b *strings.Builder, items []contentItem) {
		for i, it := range items {
			if i > 0 {
				b.WriteByte(' ')
			}
			if it.attr {
				b.WriteString("attr(" + serializeIdent(it.Name))
				if it.hasFallback {
					b.WriteString(", " + serializeString(it.fallback))
				}
				b.WriteString(")")
				continue
			}
			b.WriteString(it.ContentPart.String())
		}
	}
	var b strings.Builder
	write(&b, v.items)
	if v.hasAlt {
		b.WriteString(" / ")
		write(&b, v.alt)
	}
	return b.String()
}
