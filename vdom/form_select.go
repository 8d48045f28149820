package vdom

import (
	"strconv"
	"strings"

	"github.com/eventperk/eventperk-go/internal/htmltree"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The select and option elements (HTML §4.10.7, §4.10.10). A select's
// selection is settled lazily: the rules that the standard runs when
// options are inserted or removed run when the select is next read and its
// list of options is not the one it had.

// listOfOptions is the select's list of options: its option descendants
// in tree order, those of nested selects excluded. That is the
// customizable select's content model, which Chromium follows: options may
// sit in optgroups and in other elements such as div (the parser keeps
// the classic model, so only DOM changes put them there). The caller must
// not change the list.
func (n *Node) listOfOptions() []*html.Node { return n.doc.optionListOf(n.h).opts }

// optionLists keeps the lists of options of the selects asked about while
// the document's shapeVer is ver: no node has been inserted or removed
// since, so every list is what a walk would find. Reading each option's
// selectedness settles its select, which needs the list: a walk per
// option made a select quadratic in its options (a submission of 20,000
// took a minute). The lists are replaced, never changed.
type optionLists struct {
	ver   uint64
	lists map[*html.Node]*optionList
}

// optionList is one select's list of options, and the index of each
// option in it once Index asked.
type optionList struct {
	opts  []*html.Node
	index map[*html.Node]int
	// items are the select's list items once a user's key asked
	// (select_ui.go).
	items []*html.Node
}

// optionListOf returns the list of options of the select sel.
func (d *Document) optionListOf(sel *html.Node) *optionList {
	c := d.options
	if c == nil {
		c = &optionLists{lists: make(map[*html.Node]*optionList)}
		d.options = c
	}
	if c.ver != d.shapeVer {
		clear(c.lists)
		c.ver = d.shapeVer
	}
	l := c.lists[sel]
	if l == nil {
		l = &optionList{opts: findOptions(sel)}
		c.lists[sel] = l
		d.work.optionWalks++
	}
	return l
}

// findOptions walks the select's subtree for its list of options.
func findOptions(root *html.Node) []*html.Node {
	var out []*html.Node
	for c := root.FirstChild; c != nil; {
		switch {
		case isHTML(c, atom.Option):
			out = append(out, c)
			c = htmltree.NextSkippingChildren(c, root)
		case isHTML(c, atom.Select):
			c = htmltree.NextSkippingChildren(c, root)
		default:
			c = htmltree.Next(c, root)
		}
	}
	return out
}

// optionSelect returns the select whose list of options holds the option
// h (its nearest select ancestor), or nil.
func optionSelect(h *html.Node) *html.Node {
	for p := h.Parent; p != nil; p = p.Parent {
		if isHTML(p, atom.Select) {
			return p
		}
	}
	return nil
}

// optionSelected is the option's selectedness, after settling its select.
func (d *Document) optionSelected(h *html.Node) bool {
	if s := optionSelect(h); s != nil {
		d.wrap(s).settleSelect()
	}
	return d.rawSelected(h)
}

// rawSelected is the option's selectedness as recorded, or its selected
// attribute.
func (d *Document) rawSelected(h *html.Node) bool {
	if st := d.peek(h); st != nil && st.selectedSet {
		return st.selected
	}
	return hasAttr(h, "selected")
}

func (d *Document) setSelectedness(h *html.Node, on bool) {
	st := d.state(h)
	st.selected, st.selectedSet = on, true
}

// settleSelect brings the select's selection up to date with its list of
// options and returns the list. The first time, and whenever the list
// changed, it runs what the standard runs on insertion and removal: an
// inserted option that is selected unselects the others of a single
// select, then the selectedness setting algorithm.
func (n *Node) settleSelect() []*html.Node {
	opts := n.listOfOptions()
	st := n.doc.record(n.h)
	if st.selSettled && sameNodes(st.options, opts) {
		// The same options, perhaps in a list made again since: keep
		// this one, which the next comparison finds at once.
		st.options = opts
		return opts
	}
	n.doc.liveChanged()
	if st.selSettled && !hasAttr(n.h, "multiple") {
		old := make(map[*html.Node]bool, len(st.options))
		for _, o := range st.options {
			old[o] = true
		}
		var winner *html.Node
		for _, o := range opts {
			if !old[o] && n.doc.rawSelected(o) {
				winner = o
			}
		}
		if winner != nil {
			for _, o := range opts {
				if o != winner && n.doc.rawSelected(o) {
					n.doc.setSelectedness(o, false)
				}
			}
		}
	}
	st.selSettled = true
	st.options = opts
	n.selectednessSetting()
	return opts
}

func sameNodes(a, b []*html.Node) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 || &a[0] == &b[0] {
		return true // one list
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// selectednessSetting is the selectedness setting algorithm (HTML
// §4.10.7): a single select of display size 1 with no selected option
// selects its first option that is not disabled; a single select with
// several selected options keeps the last.
func (n *Node) selectednessSetting() {
	if hasAttr(n.h, "multiple") {
		return
	}
	opts := n.listOfOptions()
	var selected []*html.Node
	for _, o := range opts {
		if n.doc.rawSelected(o) {
			selected = append(selected, o)
		}
	}
	switch {
	case len(selected) == 0 && n.displaySize() == 1:
		for _, o := range opts {
			if !optionDisabled(o) {
				n.doc.setSelectedness(o, true)
				return
			}
		}
	case len(selected) > 1:
		for _, o := range selected[:len(selected)-1] {
			n.doc.setSelectedness(o, false)
		}
	}
}

// displaySize is the select's display size: its size attribute when that
// is a valid non-negative integer above zero, else 4 for a multiple select
// and 1 for a single one.
func (n *Node) displaySize() int {
	if v, ok := attrVal(n.h, "size"); ok {
		if s, ok := parseNonNegative(v); ok && s > 0 {
			return s
		}
	}
	if hasAttr(n.h, "multiple") {
		return 4
	}
	return 1
}

// parseNonNegative follows the rules for parsing non-negative integers
// (HTML §2.3.4.2): leading white space, an optional "+", digits; what
// follows the digits is ignored.
func parseNonNegative(s string) (int, bool) {
	s = strings.TrimLeft(s, asciiSpace)
	if strings.HasPrefix(s, "+") {
		s = s[1:]
	}
	i := 0
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, false
	}
	v, err := strconv.Atoi(s[:i])
	if err != nil {
		return 0, false
	}
	return v, true
}

// optionSelectedAttrChanged runs the option's steps for an added or removed
// selected attribute: while not dirty, the selectedness follows, a newly
// selected option unselects the others of a single select, and the option
// asks for a reset.
func (n *Node) optionSelectedAttrChanged(has bool) {
	sel := optionSelect(n.h)
	if sel != nil {
		n.doc.wrap(sel).settleSelect()
	}
	if st := n.doc.state(n.h); st.dirtySel {
		return
	}
	n.doc.setSelectedness(n.h, has)
	if sel != nil {
		s := n.doc.wrap(sel)
		if has {
			s.unselectOthers(n.h)
		}
		s.selectednessSetting()
	}
}

// unselectOthers sets the selectedness of every option of a single select
// but keep to false.
func (n *Node) unselectOthers(keep *html.Node) {
	if hasAttr(n.h, "multiple") {
		return
	}
	for _, o := range n.listOfOptions() {
		if o != keep && n.doc.rawSelected(o) {
			n.doc.setSelectedness(o, false)
		}
	}
}

// Options returns a select's list of options (its option children and
// those of its optgroup children), a snapshot; nil for other nodes.
func (n *Node) Options() []*Node {
	if !isHTML(n.h, atom.Select) {
		return nil
	}
	var out []*Node
	for _, o := range n.listOfOptions() {
		out = append(out, n.doc.wrap(o))
	}
	return out
}

// SelectedIndex returns the index of a select's first selected option, -1
// when none is selected or n is not a select.
func (n *Node) SelectedIndex() int {
	if !isHTML(n.h, atom.Select) {
		return -1
	}
	for i, o := range n.settleSelect() {
		if n.doc.rawSelected(o) {
			return i
		}
	}
	return -1
}

// SetSelectedIndex selects the option at index i of a select and unselects
// the others; an index out of range (-1 included) leaves none selected, as
// the DOM setter does.
func (n *Node) SetSelectedIndex(i int) {
	if !isHTML(n.h, atom.Select) {
		return
	}
	for j, o := range n.settleSelect() {
		n.doc.setSelectedness(o, j == i)
		if j == i {
			n.doc.state(o).dirtySel = true
		}
	}
	n.doc.selectChosenByScript(n.h)
}

// selectByValue is the select's value setter: the first option whose value
// is v becomes selected (and dirty), every other unselected.
func (n *Node) selectByValue(v string) {
	found := false
	for _, o := range n.settleSelect() {
		on := !found && optionValue(o) == v
		n.doc.setSelectedness(o, on)
		if on {
			found = true
			n.doc.state(o).dirtySel = true
		}
	}
	n.doc.selectChosenByScript(n.h)
}

// SelectedOptions returns a select's selected options in order.
func (n *Node) SelectedOptions() []*Node {
	if !isHTML(n.h, atom.Select) {
		return nil
	}
	var out []*Node
	for _, o := range n.settleSelect() {
		if n.doc.rawSelected(o) {
			out = append(out, n.doc.wrap(o))
		}
	}
	return out
}

// Multiple reports whether the element has the multiple attribute (select,
// input).
func (n *Node) Multiple() bool { return n.h.Type == html.ElementNode && hasAttr(n.h, "multiple") }

// SetMultiple adds or removes the multiple attribute.
func (n *Node) SetMultiple(on bool) { n.reflectBool("multiple", on) }

// Size returns a select's size attribute as the DOM size does (0 when
// absent or invalid) and an input's (20 when absent or invalid).
func (n *Node) Size() int {
	v, ok := attrVal(n.h, "size")
	s, valid := parseNonNegative(v)
	switch {
	case isHTML(n.h, atom.Select):
		if ok && valid {
			return s
		}
		return 0
	case isHTML(n.h, atom.Input):
		if ok && valid && s > 0 {
			return s
		}
		return 20
	}
	return 0
}

// DisplaySize returns a select's display size: the size attribute when it
// is above zero, else 4 with multiple and 1 without.
func (n *Node) DisplaySize() int {
	if !isHTML(n.h, atom.Select) {
		return 0
	}
	return n.displaySize()
}

// Selected returns an option's selectedness.
func (n *Node) Selected() bool {
	return isHTML(n.h, atom.Option) && n.doc.optionSelected(n.h)
}

// SetSelected sets an option's selectedness and dirtiness as the DOM
// selected setter does: in a single select the others are unselected, and
// the select's selectedness setting algorithm runs (unselecting the only
// option of a single select of display size 1 selects its first enabled
// option again).
func (n *Node) SetSelected(on bool) {
	if !isHTML(n.h, atom.Option) {
		return
	}
	sel := optionSelect(n.h)
	if sel != nil {
		n.doc.wrap(sel).settleSelect()
	}
	n.doc.setSelectedness(n.h, on)
	n.doc.state(n.h).dirtySel = true
	if sel != nil {
		s := n.doc.wrap(sel)
		if on {
			s.unselectOthers(n.h)
		}
		s.selectednessSetting()
		if !hasAttr(sel, "multiple") {
			n.doc.selectChosenByScript(sel)
		}
	}
}

// DefaultSelected reports whether an option has the selected attribute.
func (n *Node) DefaultSelected() bool { return isHTML(n.h, atom.Option) && hasAttr(n.h, "selected") }

// SetDefaultSelected adds or removes an option's selected attribute; while
// the option is not dirty its selectedness follows.
func (n *Node) SetDefaultSelected(on bool) {
	if isHTML(n.h, atom.Option) {
		n.reflectBool("selected", on)
	}
}

// optionValue is the option's value: its value attribute, else its text.
func optionValue(h *html.Node) string {
	if v, ok := attrVal(h, "value"); ok {
		return v
	}
	return optionText(h)
}

// optionText is the option's text: its descendant text without script
// elements, ASCII white space stripped and collapsed.
func optionText(h *html.Node) string {
	var b strings.Builder
	for c := h.FirstChild; c != nil; {
		if c.Type == html.ElementNode && c.DataAtom == atom.Script && (c.Namespace == "" || c.Namespace == "svg") {
			// Skip the script's subtree.
			for c != h && c.NextSibling == nil {
				c = c.Parent
			}
			if c == h {
				break
			}
			c = c.NextSibling
			continue
		}
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
		c = htmltree.Next(c, h)
	}
	return strings.Join(strings.FieldsFunc(b.String(), isASCIISpace), " ")
}

// Text returns an option's text (descendant text outside scripts, white
// space collapsed); for other elements it is TextContent.
func (n *Node) Text() string {
	if isHTML(n.h, atom.Option) {
		return optionText(n.h)
	}
	return n.TextContent()
}

// SetText replaces the children with one text node, as SetTextContent.
func (n *Node) SetText(s string) { n.SetTextContent(s) }

// Index returns an option's index in its select's list of options, 0 when
// it is in none.
func (n *Node) Index() int {
	if !isHTML(n.h, atom.Option) {
		return 0
	}
	sel := optionSelect(n.h)
	if sel == nil {
		return 0
	}
	l := n.doc.optionListOf(sel)
	if l.index == nil {
		// Asking every option for its index costs one pass.
		l.index = make(map[*html.Node]int, len(l.opts))
		for i, o := range l.opts {
			l.index[o] = i
		}
	}
	return l.index[n.h]
}

// Label returns the label attribute of an option or optgroup, or for an
// option without one its text.
func (n *Node) Label() string {
	v, ok := attrVal(n.h, "label")
	if !ok && isHTML(n.h, atom.Option) {
		return optionText(n.h)
	}
	if n.h.Type != html.ElementNode {
		return ""
	}
	return v
}

// SetLabel sets the label attribute.
func (n *Node) SetLabel(v string) { n.reflectString("label", v) }

// optionDisabled: an option is disabled when it has the disabled attribute
// or its parent is an optgroup that has it.
func optionDisabled(h *html.Node) bool {
	if hasAttr(h, "disabled") {
		return true
	}
	return isHTML(h.Parent, atom.Optgroup) && hasAttr(h.Parent, "disabled")
}
