package vdom

import (
	"math"
	"slices"

	"github.com/eventperk/eventperk-go/internal/htmltree"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Sequential focus navigation (HTML §6.6.5): the order Tab follows.

// seqEntry is one element of the sequential focus navigation order, with
// its sort key: its tabindex when positive, math.MaxInt for the elements
// that follow tree order (tabindex 0 or focusable by default).
type seqEntry struct {
	h   *html.Node
	key int
}

// SequentialFocusOrder returns the elements Tab visits, in order: those
// with a positive tabindex first, by ascending tabindex (ties in tree
// order), then those with tabindex 0 or focusable without a tabindex (see
// IsFocusable), in tree order. Elements with a negative tabindex,
// disabled controls, a dialog (which focus() focuses, Tab does not) and
// the elements IsFocusable says are not rendered for focus (display: none
// from any sheet, style attribute or the hidden attribute, visibility
// hidden or collapse, display: contents, contents skipped by
// content-visibility, inert, inside a closed details) are left out, and
// so are, as in Chromium, the radio buttons of a group other than its
// checked one, and all of a group's radios while one of them has focus.
func (d *Document) SequentialFocusOrder() []*Node {
	order := d.sequentialOrder()
	out := make([]*Node, len(order))
	for i, e := range order {
		out[i] = d.wrap(e.h)
	}
	return out
}

// sequentialOrder walks the tree once, skipping the subtrees HTML does
// not render (chainFacts); the computed style of each candidate decides
// the rest (styleFocusable), its ancestors' styles included.
func (d *Document) sequentialOrder() []seqEntry {
	d.autofocus()
	var order []seqEntry
	var groups map[*radioGroup]radioInfo
	root := d.Node.h
	h := root.FirstChild
	for h != nil {
		if h.Type != html.ElementNode {
			h = htmltree.Next(h, root)
			continue
		}
		if !htmlRendersSubtree(h) {
			h = nextSkippingChildren(h, root)
			continue
		}
		if key, ok := sequentialKey(h); ok && !embedWithoutSource(h) && d.renderStyleOf(h, d.chainOf(h)).focusable() && !d.radioSkipped(h, &groups) {
			order = append(order, seqEntry{h, key})
		}
		if isHTML(h, atom.Select) {
			// A select's options are parts of it, not focusable areas.
			h = nextSkippingChildren(h, root)
			continue
		}
		h = htmltree.Next(h, root)
	}
	// A stable sort keeps tree order among equal keys.
	slices.SortStableFunc(order, func(a, b seqEntry) int {
		switch {
		case a.key < b.key:
			return -1
		case a.key > b.key:
			return 1
		}
		return 0
	})
	return order
}

// sequentialKey returns the sort key of a rendered element that is
// sequentially focusable, false for others.
func sequentialKey(h *html.Node) (int, bool) {
	if actuallyDisabled(h) {
		return 0, false
	}
	if ti, ok := tabIndex(h); ok {
		switch {
		case ti < 0:
			return 0, false
		case ti > 0:
			return ti, true
		}
		return math.MaxInt, true
	}
	if defaultFocusable(h) {
		return math.MaxInt, true
	}
	return 0, false
}

// radioSkipped is Chromium's rule for radio buttons in sequential
// navigation (recorded from Chromium 156): Tab and Shift+Tab visit one
// radio of a group: the checked one; when none is checked, the radio of
// the group that last had focus; when none has had focus, every radio
// stays in the order, so Tab enters the group at its first radio and
// Shift+Tab at its last. While one of the group has focus, the others
// are skipped.
// The facts about each group are gathered once per walk, in groups.
func (d *Document) radioSkipped(h *html.Node, groups *map[*radioGroup]radioInfo) bool {
	if !isHTML(h, atom.Input) || inputType(h) != "radio" {
		return false
	}
	name, _ := attrVal(h, "name")
	if name == "" {
		// A group of its own.
		return d.focus.node == h
	}
	n := d.wrap(h)
	g := d.radioGroupOf(h)
	info, ok := (*groups)[g]
	if !ok {
		var latest uint64
		for _, r := range g.members {
			if seq := d.focus.radioFocus[r]; seq > latest {
				latest, info.remembered = seq, r
			}
			if d.focus.node != nil && r == d.focus.node {
				info.focused = true
			}
		}
		info.anyChecked = len(d.checkedIn(g)) > 0
		if *groups == nil {
			*groups = make(map[*radioGroup]radioInfo)
		}
		(*groups)[g] = info
	}
	switch {
	case info.focused:
		return true
	case info.anyChecked:
		return !n.Checked()
	case info.remembered != nil:
		return h != info.remembered
	}
	return false
}

// noteRadioFocus remembers that h, if it is a radio button, has just
// gained focus (see radioSkipped).
func (d *Document) noteRadioFocus(h *html.Node) {
	if !isHTML(h, atom.Input) || inputType(h) != "radio" {
		return
	}
	if d.focus.radioFocus == nil {
		d.focus.radioFocus = make(map[*html.Node]uint64)
	}
	d.focus.radioFocusSeq++
	d.focus.radioFocus[h] = d.focus.radioFocusSeq
}

// radioInfo is what sequential navigation needs to know of a group.
type radioInfo struct {
	focused, anyChecked bool
	remembered          *html.Node // the radio that last had focus, if any
}

// htmlRendersSubtree reports whether HTML lets h's subtree be rendered
// and reached, its parent's being so (chainFacts, step by step): not
// inert, not a noscript, not in the content of a closed details.
func htmlRendersSubtree(h *html.Node) bool {
	if hasAttr(h, "inert") || isHTML(h, atom.Noscript) {
		return false
	}
	p := h.Parent
	return p == nil || !isHTML(p, atom.Details) || hasAttr(p, "open") || h == detailsSummary(p)
}

// nextSkippingChildren returns the node after h's subtree in tree order
// within root, or nil.
func nextSkippingChildren(h, root *html.Node) *html.Node {
	for h != nil && h != root {
		if h.NextSibling != nil {
			return h.NextSibling
		}
		h = h.Parent
	}
	return nil
}

// NextFocusable returns the element Tab (backward false) or Shift+Tab
// (backward true) moves the focus to from the element from: the next or
// previous one in SequentialFocusOrder. With from nil (focus on the
// viewport) it returns the first or the last. An element from that is not
// in the order (tabindex -1, not focusable) counts as placed by its
// tabindex, or in tree order among the tabindex-0 elements. The result is
// nil when from is the last (first, going backward) element: the focus
// would leave the document.
func (d *Document) NextFocusable(from *Node, backward bool) *Node {
	order := d.sequentialOrder()
	if len(order) == 0 {
		return nil
	}
	if from == nil || from.doc != d || !d.connected(from.h) {
		if backward {
			return d.wrap(order[len(order)-1].h)
		}
		return d.wrap(order[0].h)
	}
	for i, e := range order {
		if e.h != from.h {
			continue
		}
		i += 1
		if backward {
			i -= 2
		}
		if i < 0 || i >= len(order) {
			return nil
		}
		return d.wrap(order[i].h)
	}
	// from has no place in the order: find where it would stand.
	key := math.MaxInt
	if ti, ok := tabIndex(from.h); ok && ti > 0 {
		key = ti
	}
	after := func(e seqEntry) bool {
		return e.key > key || e.key == key && htmltree.Precedes(from.h, e.h)
	}
	if !backward {
		for _, e := range order {
			if after(e) {
				return d.wrap(e.h)
			}
		}
		return nil
	}
	for i := len(order) - 1; i >= 0; i-- {
		if !after(order[i]) {
			return d.wrap(order[i].h)
		}
	}
	return nil
}
