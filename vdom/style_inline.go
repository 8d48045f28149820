package vdom

import (
	"fmt"
	"strings"

	"github.com/eventperk/eventperk-go/css"
	"golang.org/x/net/html"
)

// CSSStyleDeclaration is an element's style attribute as a script sees
// it: CSSOM's element.style (§6.7). It reads the attribute each time, so
// it follows SetAttribute("style", ...) and RemoveAttribute("style"), and
// writes the attribute back on every change, as CSSOM's "update style
// attribute" steps do: mutation observers get the attribute's record, and
// the next computed style sees it. Values of the properties package css
// computes are checked and serialized as Chromium does (css.InlineStyle);
// others are kept as written.
type CSSStyleDeclaration struct {
	n *Node
	// text is the attribute's value that parsed was read from.
	text   string
	parsed *css.InlineStyle
}

// Style returns the element's inline style declaration (CSSOM's
// element.style). On a node that is not an element, its reads give ""
// and its writes ErrInvalidState.
func (n *Node) Style() *CSSStyleDeclaration { return &CSSStyleDeclaration{n: n} }

// block returns the declarations of the style attribute as it is now.
func (s *CSSStyleDeclaration) block() *css.InlineStyle {
	text, _ := s.n.GetAttribute("style")
	if s.parsed == nil || text != s.text {
		s.text, s.parsed = text, css.ParseInlineStyle(text)
	}
	return s.parsed
}

// write sets the style attribute to the serialization of b.
func (s *CSSStyleDeclaration) write(b *css.InlineStyle) error {
	text := b.CSSText()
	if err := s.n.SetAttribute("style", text); err != nil {
		return err
	}
	s.text, s.parsed = text, b
	return nil
}

func (s *CSSStyleDeclaration) element(op string) error {
	if s.n.h.Type != html.ElementNode {
		return domErrorf(ErrInvalidState, "Style().%s on %s: not an element", op, s.n.describe())
	}
	return nil
}

// PropertyValue is getPropertyValue: the declared value of a property, ""
// when the style attribute does not declare it.
func (s *CSSStyleDeclaration) PropertyValue(name string) string {
	if s.n.h.Type != html.ElementNode {
		return ""
	}
	return s.block().PropertyValue(name)
}

// PropertyPriority is getPropertyPriority: "important" or "".
func (s *CSSStyleDeclaration) PropertyPriority(name string) string {
	if s.n.h.Type != html.ElementNode {
		return ""
	}
	return s.block().PropertyPriority(name)
}

// SetProperty is setProperty: it declares the property with the value and
// priority ("" or "important"), replacing its declaration, and writes the
// style attribute; an empty value removes the declaration. A property
// Chromium does not know, a priority other than those, or a value the
// property does not take (errors.Is(err, css.ErrInvalidValue)) change
// nothing and return an error (where a browser ignores the call).
func (s *CSSStyleDeclaration) SetProperty(name, value, priority string) error {
	if err := s.element("SetProperty"); err != nil {
		return err
	}
	if strings.TrimSpace(value) == "" {
		_, err := s.RemoveProperty(name)
		return err
	}
	b := s.block()
	if err := b.SetProperty(name, value, priority); err != nil {
		s.parsed = nil // b may be half-changed: read the attribute again
		return fmt.Errorf("vdom: %s.Style().SetProperty(%q, %q): %w", s.n.describe(), name, value, err)
	}
	return s.write(b)
}

// RemoveProperty is removeProperty: it removes the property's declaration
// and returns its value ("" when it had none). The style attribute is
// written only when a declaration was removed.
func (s *CSSStyleDeclaration) RemoveProperty(name string) (string, error) {
	if err := s.element("RemoveProperty"); err != nil {
		return "", err
	}
	b := s.block()
	before := b.Len()
	old := b.RemoveProperty(name)
	if b.Len() == before {
		return old, nil
	}
	return old, s.write(b)
}

// CSSText is cssText: the declarations serialized, "display: none;
// opacity: 0.5 !important;".
func (s *CSSStyleDeclaration) CSSText() string {
	if s.n.h.Type != html.ElementNode {
		return ""
	}
	return s.block().CSSText()
}

// SetCSSText is the cssText setter: the declarations become those of
// text, parsed as a style attribute is (what is not a declaration is
// dropped), and the style attribute their serialization.
func (s *CSSStyleDeclaration) SetCSSText(text string) error {
	if err := s.element("SetCSSText"); err != nil {
		return err
	}
	return s.write(css.ParseInlineStyle(text))
}

// Len is length: the number of declarations.
func (s *CSSStyleDeclaration) Len() int {
	if s.n.h.Type != html.ElementNode {
		return 0
	}
	return s.block().Len()
}

// Item is item(): the name of the i'th declared property, "" when i is
// out of range.
func (s *CSSStyleDeclaration) Item(i int) string {
	if s.n.h.Type != html.ElementNode {
		return ""
	}
	return s.block().Item(i)
}
