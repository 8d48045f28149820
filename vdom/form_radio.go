package vdom

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Radio button groups (HTML §4.10.5.1, "Radio Button state"): the group
// of an input a holds the inputs b in the Radio Button state that have the
// same form owner as a (or, like a, none), are in the same tree, and whose
// name attribute is not empty and equals a's. The comparison is of code
// points, so name=G and name=g are two groups.
//
// Everything that asks about a group (checking a radio button unchecks the
// others, a required group misses a value when none is checked,
// :indeterminate, a click's pre-activation, Tab and the arrow keys) is
// asked of every member in turn when a form is validated, submitted or
// queried. Finding the group by a walk of the form or the tree each time
// made those operations quadratic in the size of the group (a submission
// of 10,000 radio buttons took half a minute), so the groups are indexed:
// all the groups of a form, or of the radio buttons of a tree that have no
// form owner, are found in one walk and kept while the document's domVer
// stays the same, which every change they depend on moves (the tree; a
// name, type, form or id attribute). The checked members of each group are
// kept too, while no radio button's checkedness has changed (checkGen);
// checking one records the result, so a click costs the same in a group
// of ten thousand as in a group of two.

// radioGroup is one radio button group with a non-empty name.
type radioGroup struct {
	// members are the group's radio buttons in tree order.
	members []*html.Node
	// root is the root of their tree, whose radio buttons settleRadios
	// must have settled before a checkedness is read.
	root *html.Node
	// required: some member has the required attribute.
	required bool
	// checked lists the members whose checkedness is true, in tree order,
	// while checkedSet is set and the table's checkGen is checkedGen. It
	// is replaced, never changed in place, except through one, which
	// holds the list of a group whose one checked member was just checked
	// (checkedOne).
	checked    []*html.Node
	checkedGen uint64
	checkedSet bool
	one        [1]*html.Node
}

// radioScope is where the groups of a radio button are: the controls of
// its form owner (owned), or the radio buttons of its tree that have no
// form owner (node is the tree's root).
type radioScope struct {
	node  *html.Node
	owned bool
}

// radioIndex holds the groups of the scopes asked about, by name, while
// the document's domVer is ver.
type radioIndex struct {
	ver    uint64
	scopes map[radioScope]map[string]*radioGroup
}

// isRadio reports an input element in the Radio Button state.
func isRadio(h *html.Node) bool {
	return h.Type == html.ElementNode && h.DataAtom == atom.Input && h.Namespace == "" && inputType(h) == "radio"
}

// radioGroupOf returns the group of h, nil when h is not a radio button or
// has no name or an empty one: such a radio button is a group of its own.
func (d *Document) radioGroupOf(h *html.Node) *radioGroup {
	if !isRadio(h) {
		return nil
	}
	name, _ := attrVal(h, "name")
	if name == "" {
		return nil
	}
	scope := radioScope{node: d.formOwnerOf(h), owned: true}
	if scope.node == nil {
		scope = radioScope{node: treeRoot(h)}
	}
	x := &d.forms().radios
	if x.scopes == nil || x.ver != d.domVer {
		if x.scopes == nil {
			x.scopes = make(map[radioScope]map[string]*radioGroup)
		}
		clear(x.scopes)
		x.ver = d.domVer
	}
	groups, ok := x.scopes[scope]
	if !ok {
		groups = d.groupRadios(scope)
		x.scopes[scope] = groups
		d.work.radioBuilds++
	}
	return groups[name]
}

// groupRadios finds the groups of a scope in one walk: the form's controls,
// or the tree, its root included (a radio button may be the root of a tree
// of its own).
func (d *Document) groupRadios(s radioScope) map[string]*radioGroup {
	groups := make(map[string]*radioGroup)
	root := treeRoot(s.node)
	add := func(h *html.Node) {
		if !isRadio(h) {
			return
		}
		name, _ := attrVal(h, "name")
		if name == "" || !s.owned && d.formOwnerOf(h) != nil {
			return
		}
		g := groups[name]
		if g == nil {
			g = &radioGroup{root: root}
			groups[name] = g
		}
		g.members = append(g.members, h)
		if hasAttr(h, "required") {
			g.required = true
		}
	}
	if s.owned {
		for _, h := range d.formControls(d.wrap(s.node)) {
			add(h)
		}
		return groups
	}
	for h := range inclusiveDescendants(s.node) {
		add(h)
	}
	return groups
}

// radioMembers returns the radio buttons of h's group in tree order: h
// alone when it has no name.
func (d *Document) radioMembers(h *html.Node) []*html.Node {
	if g := d.radioGroupOf(h); g != nil {
		return g.members
	}
	return []*html.Node{h}
}

// checkedIn returns the members of g whose checkedness is true, in tree
// order. The caller must not change the list.
func (d *Document) checkedIn(g *radioGroup) []*html.Node {
	t := d.forms()
	d.settleRadios(g.root)
	if g.checkedSet && g.checkedGen == t.checkGen {
		return g.checked
	}
	var list []*html.Node
	for _, m := range g.members {
		if d.radioChecked(m) {
			list = append(list, m)
		}
	}
	g.checked, g.checkedGen, g.checkedSet = list, t.checkGen, true
	d.work.radioScans++
	return list
}

// anyChecked reports whether some radio button of h's group is checked.
func (d *Document) anyChecked(h *html.Node) bool {
	if g := d.radioGroupOf(h); g != nil {
		return len(d.checkedIn(g)) > 0
	}
	return d.wrap(h).checkedness()
}

// firstChecked returns the first checked radio button of h's group in
// tree order, or nil.
func (d *Document) firstChecked(h *html.Node) *html.Node {
	if g := d.radioGroupOf(h); g != nil {
		if c := d.checkedIn(g); len(c) > 0 {
			return c[0]
		}
		return nil
	}
	if d.wrap(h).checkedness() {
		return h
	}
	return nil
}

// sameRadioGroup reports whether the radio buttons a and b are in one
// group.
func (d *Document) sameRadioGroup(a, b *html.Node) bool {
	if a == b {
		return isRadio(a)
	}
	g := d.radioGroupOf(a)
	return g != nil && g == d.radioGroupOf(b)
}

// writeChecked records h's checkedness, and sets its dirty checkedness
// flag when dirty is true. It is the one place that changes a
// checkedness, so that the checked lists of the groups know when they are
// out of date.
func (d *Document) writeChecked(h *html.Node, on, dirty bool) {
	t := d.forms()
	if isRadio(h) && d.radioChecked(h) != on {
		t.checkGen++
	}
	st := d.state(h)
	st.checked, st.checkedSet = on, true
	if dirty {
		st.dirtyChecked = true
	}
}

// checkRadio sets the checkedness of the radio button h, and its dirty
// checkedness flag when dirty is true, and unchecks the others of its
// group.
func (d *Document) checkRadio(h *html.Node, dirty bool) {
	g := d.radioGroupOf(h)
	if g == nil {
		d.writeChecked(h, true, dirty)
		return
	}
	// The group's checked members before, so that once this one is
	// checked and they are not, the group's list is known without a scan.
	was := d.checkedIn(g)
	d.writeChecked(h, true, dirty)
	d.checkedOne(g, h, was)
}

// uncheckOthers sets the checkedness of the other members of n's radio
// button group to false (HTML §4.10.5.1, "Radio Button state"), n being
// checked.
func (n *Node) uncheckOthers() {
	if g := n.doc.radioGroupOf(n.h); g != nil {
		n.doc.checkedOne(g, n.h, n.doc.checkedIn(g))
	}
}

// checkedOne unchecks the members of was, the group's checked list from
// before keep was checked, but keep, and records keep as the group's only
// checked member. As in Chromium, a radio button unchecked this way
// becomes dirty: its checked attribute no longer moves it (the standard
// leaves the flag alone).
func (d *Document) checkedOne(g *radioGroup, keep *html.Node, was []*html.Node) {
	for _, r := range was {
		if r != keep {
			d.writeChecked(r, false, true)
		}
	}
	g.one[0] = keep
	g.checked, g.checkedGen, g.checkedSet = g.one[:], d.formState.checkGen, true
}

// radioMissing: when a radio button of the group is required and none is
// checked, every one of them is suffering from being missing (HTML
// §4.10.5.1, "Radio Button state", constraint validation).
func radioMissing(n *Node) bool {
	if g := n.doc.radioGroupOf(n.h); g != nil {
		return g.required && len(n.doc.checkedIn(g)) == 0
	}
	return hasAttr(n.h, "required") && !n.checkedness()
}
