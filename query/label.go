package query

import (
	"strings"
	"unicode/utf8"

	"github.com/eventperk/eventperk-go/a11y"
	"github.com/eventperk/eventperk-go/internal/htmltree"
	"github.com/eventperk/eventperk-go/selector"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
)

// ByLabelText finds the elements labelled by text, as a user finds a
// field by the words beside it:
//
//   - the controls of label elements whose text matches, whether the
//     label names its control with for= or wraps it; a control with
//     several labels matches each label's text and the texts joined with
//     spaces;
//   - elements whose aria-labelledby names elements whose text (or a
//     control's value) matches, one by one or joined, as for labels; for
//     such an element, aria-labelledby replaces its label elements;
//   - elements whose aria-label matches.
//
// The combinations of all texts but one are tried for three to eight
// different labels or referenced elements; beyond eight, all joined and
// each on its own are, each on its own for the first 64. Each text, and
// the texts joined, is read up to a11y.MaxNameBytes, the bound of a name,
// and the page's text is read once for the query: an element referenced a
// thousand times costs no more than once, and labels nested a thousand
// deep cost the page once.
//
// A label's text leaves out the text of the controls inside it, so
// <label>Age <select>...</select></label> has the text "Age". The labels
// may lie outside root; the labelled elements are those below it. When
// nothing is found but a label with the text exists, the error says why
// the label labels nothing (no for= and no control inside, or a for= that
// names an element a label cannot label). Options: a MatchMode, Selector
// (only labelled elements that match it).
func ByLabelText(text string, opts ...TextOption) Query {
	return newLabel("ByLabelText", matcher{text: text}, nil, opts)
}

// ByLabelTextFunc is ByLabelText with a function of each normalised label
// text and the labelled element; desc describes f in errors.
func ByLabelTextFunc(desc string, f func(text string, el *vdom.Node) bool, opts ...TextOption) Query {
	m, err := funcMatcher("ByLabelTextFunc", desc, f)
	return newLabel("ByLabelTextFunc", m, err, opts)
}

func newLabel(what string, m matcher, merr error, opts []TextOption) Query {
	q := newText(what, "label text", m, merr, opts, []string{"Selector"}, nil, nil)
	if f, ok := q.f.(*textFinder); ok {
		f.candidates = labelCandidates
		q.f = &labelFinder{f}
	}
	return q
}

// labelFinder is ByLabelText. It shares textFinder's matcher, options and
// description, and finds on its own.
type labelFinder struct{ *textFinder }

func (f *labelFinder) find(s *scope) ([]*vdom.Node, error) {
	w := labelWalk{s: s, top: treeTop(s.root.HTML())}
	var found []*vdom.Node
	s.elements(func(h *html.Node) bool {
		if f.labelled(&w, h) && f.selected(s, h) {
			found = append(found, s.wrap(h))
		}
		return true
	})
	return found, nil
}

// labelWalk is what the elements of one walk of a label query share: the
// texts of the labels and referenced elements, read once each, and the
// elements found by id.
type labelWalk struct {
	s     *scope
	top   *html.Node
	texts map[*html.Node]labelTextOf
	ids   map[string]*html.Node
	index *textIndex
}

// labelTextOf is an element's labelText, and whether it is only white
// space.
type labelTextOf struct {
	text  string
	blank bool
}

// text returns labelText of h, read once for the walk.
func (w *labelWalk) text(h *html.Node) string { return w.textOf(h).text }

func (w *labelWalk) textOf(h *html.Node) labelTextOf {
	if t, ok := w.texts[h]; ok {
		return t
	}
	if w.texts == nil {
		w.texts = map[*html.Node]labelTextOf{}
	}
	if w.index == nil {
		w.index = buildTextIndex(w.top)
	}
	text := w.index.labelText(w.s, h)
	t := labelTextOf{text: text, blank: strings.IndexFunc(text, func(r rune) bool { return !isSpace(r) }) < 0}
	w.texts[h] = t
	return t
}

// byID is byID for the walk: in a tree that is not a document's, the
// elements by id are found in one walk of it.
func (w *labelWalk) byID(id string) *html.Node {
	if w.top.Type == html.DocumentNode && w.s.doc != nil {
		return byID(w.s, w.top, id)
	}
	if w.ids == nil {
		w.ids = map[string]*html.Node{}
		for h := w.top; h != nil; h = htmltree.Next(h, w.top) {
			if v, ok := attr(h, "id"); ok && h.Type == html.ElementNode {
				if _, seen := w.ids[v]; !seen {
					w.ids[v] = h
				}
			}
		}
	}
	return w.ids[id]
}

// labelled reports whether h is labelled by a text that matches.
func (f *labelFinder) labelled(w *labelWalk, h *html.Node) bool {
	var from []*html.Node
	if ids := strings.Fields(attrOr(h, "aria-labelledby")); len(ids) > 0 {
		for _, id := range ids {
			if el := w.byID(id); el != nil {
				from = append(from, el)
			}
		}
	} else if labelableElement(h) {
		// The document's index of labels (vdom's Labels), built once.
		for _, l := range w.s.wrap(h).Labels() {
			from = append(from, l.HTML())
		}
	}
	if f.anyLabel(w, h, from) {
		return true
	}
	if v, ok := attr(h, "aria-label"); ok && f.m.matchNode(v, w.s, h) {
		return true
	}
	return false
}

// maxCombined bounds the labels whose combinations of all but one are
// tried: each costs a text as long as all of them. maxAlone bounds the
// labels tried each on its own.
const (
	maxCombined = 8
	maxAlone    = 64
)

// anyLabel matches the texts of h's labels (or the elements its
// aria-labelledby names), from: all of them joined, each on its own, and,
// with three to maxCombined different ones, all but one joined, the
// combinations a user may read from the page.
func (f *labelFinder) anyLabel(w *labelWalk, h *html.Node, from []*html.Node) bool {
	var nonEmpty []*html.Node
	distinct := map[*html.Node]bool{}
	for _, l := range from {
		if !w.textOf(l).blank {
			nonEmpty = append(nonEmpty, l)
			distinct[l] = true
		}
	}
	if len(nonEmpty) == 0 {
		return false
	}
	if f.m.matchNode(joinTexts(w, nonEmpty, nil), w.s, h) {
		return true
	}
	if len(nonEmpty) == 1 {
		return false
	}
	tried := map[*html.Node]bool{}
	for _, l := range nonEmpty {
		if tried[l] {
			// The same element again gives the same texts again.
			continue
		}
		if len(tried) == maxAlone {
			break
		}
		tried[l] = true
		if f.m.matchNode(w.text(l), w.s, h) {
			return true
		}
		if len(nonEmpty) > 2 && len(distinct) <= maxCombined && f.m.matchNode(joinTexts(w, nonEmpty, l), w.s, h) {
			return true
		}
	}
	return false
}

// labelCandidates are the texts a label query compares, for the near
// match of its error: the text of every label of the tree, and the
// aria-label and aria-labelledby texts of the elements under the root,
// each read as the query reads them.
func labelCandidates(f *textFinder, s *scope) []string {
	var texts []string
	add := func(t string) {
		if t = normalize(t); t != "" && len(texts) < maxNearCandidates {
			texts = append(texts, t)
		}
	}
	w := labelWalk{s: s, top: treeTop(s.root.HTML())}
	for h := w.top; h != nil && len(texts) < maxNearCandidates; h = step(h, w.top) {
		if isHTML(h, "label") {
			add(w.text(h))
		}
	}
	s.elements(func(h *html.Node) bool {
		if v, ok := attr(h, "aria-label"); ok {
			add(v)
		}
		var parts []*html.Node
		for _, id := range strings.Fields(attrOr(h, "aria-labelledby")) {
			if el := w.byID(id); el != nil {
				parts = append(parts, el)
			}
		}
		if len(parts) > 0 {
			add(joinTexts(&w, parts, nil))
		}
		return len(texts) < maxNearCandidates
	})
	return texts
}

// joinTexts joins the texts of from, leaving out the first occurrence of
// skip, with spaces, up to a11y.MaxNameBytes.
func joinTexts(w *labelWalk, from []*html.Node, skip *html.Node) string {
	var b strings.Builder
	for _, l := range from {
		if l == skip {
			skip = nil
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		t := w.text(l)
		b.WriteString(t[:min(len(t), a11y.MaxNameBytes-min(b.Len(), a11y.MaxNameBytes))])
		if b.Len() >= a11y.MaxNameBytes {
			break
		}
	}
	return b.String()
}

// selected applies the Selector option.
func (f *labelFinder) selected(s *scope, h *html.Node) bool {
	if f.cfg.selector == nil {
		return true
	}
	ok, _ := s.wrap(h).Matches(f.cfg.selector.val)
	return ok
}

// treeTop returns the root of h's tree: the document node for a
// connected node.
func treeTop(h *html.Node) *html.Node {
	for h.Parent != nil {
		h = h.Parent
	}
	return h
}

// byID is getElementById in the tree of top.
func byID(s *scope, top *html.Node, id string) *html.Node {
	if top.Type == html.DocumentNode && s.doc != nil {
		if el := s.doc.GetElementByID(id); el != nil {
			return el.HTML()
		}
		return nil
	}
	return selector.ByID(top, id)
}

// attrOr is the attribute's value, "" when absent.
func attrOr(h *html.Node, key string) string {
	v, _ := attr(h, key)
	return v
}

// labelText is the text a label or an aria-labelledby target gives, up
// to a11y.MaxNameBytes: a label's text without the text of the controls
// in it; a control's value when it has one; else the element's text
// content.
func labelText(s *scope, h *html.Node) string {
	if h.Namespace == "" && h.Data != "label" {
		switch h.Data {
		case "input", "select", "textarea", "button", "option", "output":
			if v := s.wrap(h).Value(); v != "" {
				return capBytes(v)
			}
		}
	}
	label := isHTML(h, "label")
	var b strings.Builder
	for d := h.FirstChild; d != nil && b.Len() < a11y.MaxNameBytes; {
		if label && d.Type == html.ElementNode && d.Namespace == "" && labelable[d.Data] {
			d = htmltree.NextSkippingChildren(d, h)
			continue
		}
		if d.Type == html.TextNode {
			b.WriteString(d.Data)
		}
		d = htmltree.Next(d, h)
	}
	return capBytes(b.String())
}

// textIndex holds the text of a tree in tree order, once, so that the text
// of any label or element with an id is a part of it: labels nested a
// thousand deep would otherwise each be read from their whole subtree.
// filtered leaves out the text inside the labelable elements (the text of
// labels, labelText); full keeps it (the text content). A label inside a
// labelable element, whose own text the filtered text leaves out, is read
// on its own.
type textIndex struct {
	filtered, full string
	spans          map[*html.Node]textSpan
}

// textSpan is where an element's text lies in a textIndex.
type textSpan struct {
	f0, f1, u0, u1 int
	inLabelable    bool
}

// buildTextIndex reads the text of the tree of top, without recursion.
func buildTextIndex(top *html.Node) *textIndex {
	x := &textIndex{spans: map[*html.Node]textSpan{}}
	var fb, ub strings.Builder
	labelables := 0
	var open []*html.Node // the elements entered and not yet left
	leave := func(h *html.Node) {
		if sp, ok := x.spans[h]; ok {
			sp.f1, sp.u1 = fb.Len(), ub.Len()
			x.spans[h] = sp
		}
		if labelableElement(h) && !isHTML(h, "label") {
			labelables--
		}
	}
	for h := top.FirstChild; h != nil; {
		switch h.Type {
		case html.TextNode:
			ub.WriteString(h.Data)
			if labelables == 0 {
				fb.WriteString(h.Data)
			}
		case html.ElementNode:
			if _, ok := attr(h, "id"); ok || isHTML(h, "label") {
				x.spans[h] = textSpan{f0: fb.Len(), u0: ub.Len(), inLabelable: labelables > 0}
			}
			if labelableElement(h) {
				labelables++
			}
			if h.FirstChild != nil {
				open = append(open, h)
				h = h.FirstChild
				continue
			}
			leave(h)
		}
		// Leave h's ancestors whose last child it is.
		for h.NextSibling == nil && len(open) > 0 {
			h = open[len(open)-1]
			open = open[:len(open)-1]
			leave(h)
		}
		h = h.NextSibling
	}
	x.filtered, x.full = fb.String(), ub.String()
	return x
}

// labelText is labelText, read from the index.
func (x *textIndex) labelText(s *scope, h *html.Node) string {
	sp, ok := x.spans[h]
	switch {
	case !ok:
		return labelText(s, h)
	case isHTML(h, "label"):
		if sp.inLabelable {
			return labelText(s, h)
		}
		return capBytes(x.filtered[sp.f0:sp.f1])
	case h.Namespace == "":
		switch h.Data {
		case "input", "select", "textarea", "button", "option", "output":
			if v := s.wrap(h).Value(); v != "" {
				return capBytes(v)
			}
		}
	}
	return capBytes(x.full[sp.u0:sp.u1])
}

// capBytes cuts s at a11y.MaxNameBytes, on a character boundary.
func capBytes(s string) string {
	if len(s) <= a11y.MaxNameBytes {
		return s
	}
	n := a11y.MaxNameBytes
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// labelableElement reports HTML's labelable elements, which label
// elements label (a hidden input is none, as vdom's Labels has it).
func labelableElement(h *html.Node) bool {
	return h.Type == html.ElementNode && h.Namespace == "" && labelable[h.Data]
}

// labelable are the elements whose text a label leaves out of its own
// (Testing Library's list: HTML's labelable elements).
var labelable = map[string]bool{
	"button": true, "input": true, "meter": true, "output": true,
	"progress": true, "select": true, "textarea": true,
}

// explain says why a label with the text labels nothing, when there is
// one under the root.
func (f *labelFinder) explain(s *scope, b *strings.Builder) {
	f.textFinder.explain(s, b)
	w := labelWalk{s: s, top: treeTop(s.root.HTML())}
	var lines []string
	s.elements(func(h *html.Node) bool {
		if !isHTML(h, "label") || !f.m.matchNode(w.text(h), s, h) || s.wrap(h).Control() != nil {
			return true
		}
		lbl := startTag(s.wrap(h))
		if id, ok := attr(h, "for"); ok {
			if t := byID(s, treeTop(h), id); t != nil {
				lines = append(lines, "The label "+lbl+" has this text, but the element its for attribute names, "+
					startTag(s.wrap(t))+", cannot be labelled by a label (only button, input, meter, output, progress, select and textarea can); label it with aria-labelledby or aria-label instead.")
				return true
			}
			lines = append(lines, "The label "+lbl+" has this text, but no element has the id its for attribute names.")
			return true
		}
		lines = append(lines, "The label "+lbl+" has this text, but no form control is associated with it: give it a for attribute with the control's id, put the control inside it, or point the control's aria-labelledby at it.")
		return true
	})
	if len(lines) > 0 {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString(strings.Join(lines, "\n"))
	}
}
