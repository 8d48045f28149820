package css

import (
	"fmt"
	"strings"

	"golang.org/x/net/html"
)

// SourceKind says where a computed value's declaration is.
type SourceKind uint8

const (
	// SourceInitial: no declaration; the initial value.
	SourceInitial SourceKind = iota
	// SourceRule: a declaration of a style rule, in the user agent's
	// sheet or an author's.
	SourceRule
	// SourceStyleAttribute: a declaration of the element's style
	// attribute.
	SourceStyleAttribute
	// SourcePresentationalHint: an HTML attribute (hidden, nowrap...).
	SourcePresentationalHint
)

// Source is why a computed value is what it is: the declaration that won
// the cascade, or inheritance from an ancestor's, or the initial value,
// and what changed it after the cascade.
type Source struct {
	// Kind is where the declaration is.
	Kind SourceKind
	// Inherited tells that the element has no declaration of the
	// property and takes its parent's value (an inherited property), so
	// the declaration described is From's; Kind is SourceInitial when no
	// ancestor has one.
	Inherited bool
	// From is the element whose declaration it is, for Inherited.
	From *html.Node
	// Property and Value are the declaration as written: the property
	// may be a shorthand ("white-space: pre" for white-space-collapse),
	// the value a keyword ("inherit") or hold var().
	Property, Value string
	Important       bool
	// Origin is the origin of a SourceRule's sheet.
	Origin Origin
	// Sheet names a SourceRule's sheet (SheetRef.Name, its href, "user
	// agent (HTML)"); Href is its URL, "" for a <style> element's.
	Sheet, Href string
	// Selector is the SourceRule's selector that matched, as CSSOM
	// serializes it; ":scope" for declarations directly in @scope.
	Selector string
	// Pos is where the declaration is in its sheet or style attribute.
	Pos Position
	// Layer is the rule's cascade layer ("a.b"), "" for none.
	Layer string
	// Attribute is a SourcePresentationalHint's attribute.
	Attribute string
	// Invalid tells that the declaration held var() and was invalid at
	// computed-value time (CSS Variables 1 §3): the value is unset's.
	Invalid bool
	// Adjusted says why the value differs from the declared one, for
	// display and float ("a flex or grid item is blockified").
	Adjusted string
}

// String describes the source in one line, for messages:
// "pointer-events: none from `.disabled` in /css/app.css, line 12".
func (src Source) String() string {
	var b strings.Builder
	if src.Inherited {
		if src.From == nil {
			b.WriteString("inherited: the initial value")
			return b.String()
		}
		fmt.Fprintf(&b, "inherited from %s: ", describeElement(src.From))
	}
	switch src.Kind {
	case SourceInitial:
		b.WriteString("the initial value")
	case SourceRule:
		fmt.Fprintf(&b, "%s: %s", src.Property, src.Value)
		if src.Important {
			b.WriteString(" !important")
		}
		fmt.Fprintf(&b, " from `%s` in %s", src.Selector, src.Sheet)
		if src.Origin == OriginAuthor && src.Pos.Line > 0 {
			fmt.Fprintf(&b, ", line %d", src.Pos.Line)
		}
		if src.Layer != "" {
			fmt.Fprintf(&b, " (layer %s)", src.Layer)
		}
	case SourceStyleAttribute:
		fmt.Fprintf(&b, "%s: %s", src.Property, src.Value)
		if src.Important {
			b.WriteString(" !important")
		}
		b.WriteString(" from the style attribute")
	case SourcePresentationalHint:
		fmt.Fprintf(&b, "%s: %s from the %s attribute (a presentational hint)", src.Property, src.Value, src.Attribute)
	}
	if src.Invalid {
		b.WriteString(", invalid at computed-value time, so unset")
	}
	if src.Adjusted != "" {
		b.WriteString("; " + src.Adjusted)
	}
	return b.String()
}

// describeElement writes an element as a short start tag: <div
// id=main class="a b">.
func describeElement(n *html.Node) string {
	var b strings.Builder
	b.WriteString("<" + n.Data)
	for _, k := range []string{"id", "class"} {
		if v, ok := attrValue(n, k); ok {
			fmt.Fprintf(&b, " %s=%q", k, v)
		}
	}
	b.WriteString(">")
	return b.String()
}

// Source says why a computed value is what it is: the declaration that
// won (its sheet, selector, place, importance and layer), inheritance,
// or the initial value. name is a longhand of ComputedProperties, or
// white-space (white-space-collapse's source); ok is false for any other
// name, custom properties included.
func (s *Style) Source(name string) (src Source, ok bool) {
	name = lowerASCII(name)
	if name == "white-space" {
		name = "white-space-collapse"
	}
	p := propID(0)
	for ; p < numProps && propNames[p] != name; p++ {
	}
	if p == numProps {
		return Source{}, false
	}
	src = s.declarationSource(p)
	if src.Kind == SourceInitial && inheritedProps[p] {
		// No declaration here: the value is the parent's, whose own
		// source the nearest ancestor with a declaration tells.
		src.Inherited = true
		for anc := s.parentStyle(); anc != nil; anc = anc.parentStyle() {
			if a := anc.declarationSource(p); a.Kind != SourceInitial {
				a.Inherited, a.From, a.Adjusted = true, anc.el, ""
				src = a
				break
			}
		}
	}
	switch p {
	case propDisplay:
		src.Adjusted = s.displayAdjust.String()
	case propFloat:
		src.Adjusted = s.floatAdjust.String()
	}
	return src, true
}

// declarationSource describes the declaration that won for p on s.
func (s *Style) declarationSource(p propID) Source {
	w := s.why[p]
	if w.d == nil {
		return Source{}
	}
	src := Source{
		Property: w.d.decl.Property, Value: w.d.decl.Value, Important: w.d.decl.Important,
		Pos: w.d.decl.Pos, Invalid: s.invalid&(1<<p) != 0,
	}
	switch {
	case w.e != nil:
		src.Kind, src.Origin = SourceRule, w.e.origin
		src.Sheet, src.Href = w.e.sheet.name, w.e.sheet.href
		src.Selector = w.e.selectorText()
		src.Layer = w.e.layer.fullName()
	case hintAttribute(w.d.decl) != "":
		src.Kind, src.Attribute = SourcePresentationalHint, hintAttribute(w.d.decl)
	default:
		src.Kind = SourceStyleAttribute
	}
	return src
}

// parentStyle is the style of the parent element (of the originating
// element, for a pseudo-element's), nil at the root.
func (s *Style) parentStyle() *Style {
	if s.pseudo != pseudoNone {
		return s.cascade.styleOrCompute(s.el)
	}
	p := s.el.Parent
	if p == nil || p.Type != html.ElementNode {
		return nil
	}
	return s.cascade.styleOrCompute(p)
}

// styleOrCompute returns an element's kept style, or computes it with
// the State of the kept styles.
func (c *Cascade) styleOrCompute(el *html.Node) *Style {
	if st, ok := c.styles[el]; ok {
		return st
	}
	return c.Style(el, c.state)
}
