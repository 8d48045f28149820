package vdom

import (
	"github.com/eventperk/eventperk-go/css"
	"github.com/eventperk/eventperk-go/internal/domext"
	"golang.org/x/net/html"
)

// Package a11y reads the computed styles of the elements it passes in its
// walks (whether each is rendered and visible, how its text is set apart
// and transformed, its generated content) through internal/domext, as the
// document keeps them: a question about one element costs a look-up once
// the styles are computed, with no walk up to check that it is connected
// (a11y's walks know that already).
func init() {
	domext.ComputedStyle = func(doc any, h *html.Node) any {
		if h == nil || h.Type != html.ElementNode {
			return (*css.Style)(nil)
		}
		return doc.(*Document).computedStyle(h)
	}
	domext.GeneratedPseudoStyle = func(doc any, h *html.Node, pseudo string) any {
		if h == nil || h.Type != html.ElementNode {
			return (*css.Style)(nil)
		}
		d := doc.(*Document)
		return d.cascade().PseudoStyle(h, pseudo, d.styleSelectorState())
	}
	domext.TransformText = func(doc any, h *html.Node, pseudo any, s string, prev rune) string {
		st, _ := pseudo.(*css.Style)
		if st == nil {
			st = doc.(*Document).computedStyle(h)
		}
		if st == nil {
			return s
		}
		return applyTextTransform(s, st.TextTransform(), h, prev == 0 || !inWord(prev))
	}
}

// caseDependsOnLanguage reports whether the upper or lower case of s can
// depend on its language: the special casings of Unicode's
// SpecialCasing.txt (Turkish and Azeri i, Lithuanian dots, Greek accents)
// touch i, I and letters outside ASCII only.
func caseDependsOnLanguage(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 || c == 'i' || c == 'I' {
			return true
		}
	}
	return false
}
