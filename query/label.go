package query

import (
	"strings"

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
	top := treeTop(s.root.HTML())
	labels := labelsByControl(s, top)
	var found []*vdom.Node
	s.elements(func(h *html.Node) bool {
		if f.labelled(s, top, h, labels) && f.selected(s, h) {
			found = append(found, s.wrap(h))
		}
		return true
	})
	return found, nil
}

// labelled reports whether h is labelled by a text that matches.
func (f *labelFinder) labelled(s *scope, top, h *html.Node, labels map[*html.Node][]*html.Node) bool {
	var texts []string
	if ids := strings.Fields(attrOr(h, "aria-labelledby")); len(ids) > 0 {
		for _, id := range ids {
			if el := byID(s, top, id); el != nil {
				texts = append(texts, labelText(s, el))
			}
		}
	} else {
		for _, l := range labels[h] {
			texts = append(texts, labelText(s, l))
		}
	}
	if f.anyLabel(s, h, texts) {
		return true
	}
	if v, ok := attr(h, "aria-label"); ok && f.m.matchNode(v, s, h) {
		return true
	}
	return false
}

// anyLabel matches the texts of h's labels: all of them joined, each on
// its own, and, with three or more, all but one joined, the combinations
// a user may read from the page.
func (f *labelFinder) anyLabel(s *scope, h *html.Node, texts []string) bool {
	nonEmpty := texts[:0:0]
	for _, t := range texts {
		if normalize(t) != "" {
			nonEmpty = append(nonEmpty, t)
		}
	}
	if len(nonEmpty) == 0 {
		return false
	}
	if f.m.matchNode(strings.Join(nonEmpty, " "), s, h) {
		return true
	}
	if len(nonEmpty) == 1 {
		return false
	}
	for i, t := range nonEmpty {
		if f.m.matchNode(t, s, h) {
			return true
		}
		if len(nonEmpty) > 2 {
			rest := append(append([]string{}, nonEmpty[:i]...), nonEmpty[i+1:]...)
			if f.m.matchNode(strings.Join(rest, " "), s, h) {
				return true
			}
		}
	}
	return false
}

// labelCandidates are the texts a label query compares, for the near
// match of its error: the text of every label of the tree, and the
// aria-label and aria-labelledby texts of the elements under the root.
func labelCandidates(f *textFinder, s *scope) []string {
	var texts []string
	add := func(t string) {
		if t = normalize(t); t != "" && len(texts) < maxNearCandidates {
			texts = append(texts, t)
		}
	}
	top := treeTop(s.root.HTML())
	for h := top; h != nil; h = step(h, top) {
		if isHTML(h, "label") {
			add(labelText(s, h))
		}
	}
	s.elements(func(h *html.Node) bool {
		if v, ok := attr(h, "aria-label"); ok {
			add(v)
		}
		var parts []string
		for _, id := range strings.Fields(attrOr(h, "aria-labelledby")) {
			if el := byID(s, top, id); el != nil {
				parts = append(parts, labelText(s, el))
			}
		}
		if len(parts) > 0 {
			add(strings.Join(parts, " "))
		}
		return len(texts) < maxNearCandidates
	})
	return texts
}

// selected applies the Selector option.
func (f *labelFinder) selected(s *scope, h *html.Node) bool {
	if f.cfg.selector == nil {
		return true
	}
	ok, _ := s.wrap(h).Matches(f.cfg.selector.val)
	return ok
}

// labelsByControl maps each labelled control of the tree to its label
// elements, in tree order: HTML's labels of a control, found once for the
// whole query instead of once per element.
func labelsByControl(s *scope, top *html.Node) map[*html.Node][]*html.Node {
	var m map[*html.Node][]*html.Node
	for h := top; h != nil; h = step(h, top) {
		if !isHTML(h, "label") {
			continue
		}
		if c := s.wrap(h).Control(); c != nil {
			if m == nil {
				m = make(map[*html.Node][]*html.Node)
			}
			m[c.HTML()] = append(m[c.HTML()], h)
		}
	}
	return m
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

// labelText is the text a label or an aria-labelledby target gives: a
// label's text without the text of the controls in it; a control's value
// when it has one; else the element's text content.
func labelText(s *scope, h *html.Node) string {
	if isHTML(h, "label") {
		var b strings.Builder
		for d := h.FirstChild; d != nil; {
			if d.Type == html.ElementNode && d.Namespace == "" && labelable[d.Data] {
				d = htmltree.NextSkippingChildren(d, h)
				continue
			}
			if d.Type == html.TextNode {
				b.WriteString(d.Data)
			}
			d = htmltree.Next(d, h)
		}
		return b.String()
	}
	if h.Namespace == "" {
		switch h.Data {
		case "input", "select", "textarea", "button", "option", "output":
			if v := s.wrap(h).Value(); v != "" {
				return v
			}
		}
	}
	return s.wrap(h).TextContent()
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
	var lines []string
	s.elements(func(h *html.Node) bool {
		if !isHTML(h, "label") || !f.m.matchNode(labelText(s, h), s, h) || s.wrap(h).Control() != nil {
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
