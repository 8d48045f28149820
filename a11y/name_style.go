package a11y

import (
	"unicode/utf8"

	"github.com/eventperk/eventperk-go/css"
	"github.com/eventperk/eventperk-go/internal/domext"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// What the computed styles give a name from content (accname §4.3.2 step
// 2F, as Chromium computes it from its layout): the text of an element's
// ::before and ::after, the text-transform of the text, which children
// are rendered and visible (step 2A), and which boxes set their text
// apart with spaces. The styles are those the document keeps.

// hidingOf returns how element h hides itself from a name (ownHiding, and
// display: none from its computed style) and the visibility it sets
// against its parent's.
func (c *computation) hidingOf(h *html.Node) (hiding, visibility) {
	how := ownHiding(h)
	s := styleOf(c.doc, h)
	if how != unrendered && s != nil && s.Display().IsNone() {
		how = unrendered
	}
	var ps *css.Style
	if isElement(h.Parent) {
		ps = styleOf(c.doc, h.Parent)
	}
	return how, visibilityChange(s, ps)
}

// beginContent starts reading the content of t's element: a box that
// skips its contents (content-visibility: hidden, hidden=until-found)
// gives nothing, even for a reference, nor does its ::before and
// ::after; other contents begin with the ::before.
func (c *computation) beginContent(t *task) {
	t.begun = true
	t.style = styleOf(c.doc, t.h)
	if skipsContents(t.style) {
		t.skip, t.next = true, nil
		return
	}
	c.writePseudo(t, "before")
}

// writePseudo writes the text of the ::before or ::after of t's element
// when it is generated and shown: its content's strings (what attr()
// read among them), or its alternative text after "/" when it has one
// (CSS Generated Content 3 §1.2), text-transformed as the pseudo-element
// is; a block-level one is set apart by spaces. Counters and quotes are
// left out: their text takes the layout of the whole page, and Chromium
// 148 leaves counters out of names too.
func (c *computation) writePseudo(t *task, pseudo string) {
	if c.doc == nil {
		return
	}
	ps, _ := domext.GeneratedPseudoStyle(c.doc, t.h, pseudo).(*css.Style)
	if ps == nil || ps.Display().IsNone() {
		return
	}
	if !t.f.includeHidden && (t.f.visHidden || visibilityChange(ps, t.style) == visHidden) {
		// Chromium reads no pseudo-element of an invisible element,
		// even one that makes itself visible again, nor an invisible
		// one.
		return
	}
	content := ps.Content()
	parts, alt := content.Alt()
	if !alt {
		parts = content.Parts()
	}
	// Chromium reads alternative text as a node of its own, set apart
	// from the text around it.
	block := alt || boxSeparates(ps.Display())
	if block {
		c.out.space()
	}
	for _, p := range parts {
		if p.Kind != css.ContentString {
			continue
		}
		if alt {
			// Alternative text is read as written, not rendered.
			c.out.writeString(p.Text)
		} else {
			c.writeRendered(t.h, t.style, ps, p.Text)
		}
		if c.out.full {
			return
		}
	}
	if block {
		c.out.space()
	}
}

// writeRendered writes s, text that element h renders (in its own style
// st, or its pseudo-element's style ps), as it is rendered: with its
// text-transform applied.
func (c *computation) writeRendered(h *html.Node, st, ps *css.Style, s string) {
	eff := st
	if ps != nil {
		eff = ps
	}
	if eff == nil || eff.TextTransform() == css.TextTransformNone {
		c.out.writeString(s)
		return
	}
	var prev rune
	switch {
	case c.out.pending:
		prev = ' '
	case len(c.out.b) > 0:
		prev, _ = utf8.DecodeLastRune(c.out.b)
	}
	// eff is in hand: TransformText need not look h's style up again.
	c.out.writeString(domext.TransformText(c.doc, h, eff, s, prev))
}

// separatesText reports whether an element's text is set apart from the
// text around it in a name, by its computed display s (nil when it has
// none): a box that is not a plain inline (a block, a flex or grid item,
// a table part, a list item, an inline-block) or display: contents, and
// an atomic inline (a replaced element such as img, a form control, a
// br), which Chromium also sets apart by spaces. Only plain inline boxes
// run together.
func separatesText(h *html.Node, s *css.Style) bool {
	if h.Namespace == "svg" || h.Namespace == "math" {
		return h.Parent == nil || h.Parent.Namespace != h.Namespace
	}
	if s != nil && boxSeparates(s.Display()) {
		return true
	}
	if h.Namespace != "" {
		return false
	}
	switch h.DataAtom {
	case atom.Br, atom.Button, atom.Img, atom.Input, atom.Select, atom.Textarea, atom.Meter,
		atom.Progress, atom.Iframe, atom.Video, atom.Audio, atom.Canvas, atom.Embed, atom.Object:
		return true
	}
	return false
}

// boxSeparates reports a display whose box sets its text apart: all but
// a plain inline. Chromium sets apart the text of an element with
// display: contents too, which has no box of its own
// (a<span style="display: contents">b</span>c is "a b c").
func boxSeparates(d css.Display) bool {
	return d != css.DisplayInline && !d.IsNone()
}
