package vdom

import (
	"github.com/eventperk/eventperk-go/internal/htmltree"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Form control state (HTML §4.10) lives apart from the attributes, in a side
// table on the Document that exists only once a page uses it. Until then
// every control's state is what its attributes say: a clean input's value is
// its sanitized value attribute, a checkbox is checked when it has the
// checked attribute, and so on. The table records only what departs from
// that: dirty values, checkedness and selectedness set by a program or by
// the radio group and select rules, custom validity messages. The mutation
// code calls into this file only when the table exists, with one nil check.

// formTable is the Document's form control state.
type formTable struct {
	ctl map[*html.Node]*ctlState
	// settled holds the tree roots whose radio buttons have had the radio
	// group rule applied (see settleRadios).
	settled map[*html.Node]bool

	// formAttr caches the connected listed elements that have a form
	// attribute, which may belong to a form they are not in. It is valid
	// while the tree (treeVer) and formGen, bumped by insertions through
	// innerHTML and by form attribute changes, stay as they were.
	formAttr      []*html.Node
	formAttrValid bool
	formAttrTree  uint64
	formAttrGen   uint64
	formGen       uint64

	// radios indexes the radio button groups (form_radio.go); checkGen
	// counts the changes of a radio button's checkedness, which the
	// groups' lists of checked members follow.
	radios   radioIndex
	checkGen uint64
}

// ctlState is the state of one control beyond its attributes.
type ctlState struct {
	// value is the input's value while dirtyValue is set, the textarea's
	// raw value while dirtyValue is set, and the output's default value
	// override while dirtyValue is set.
	value      string
	dirtyValue bool
	// cleanValue is set when an input's value is held in value although
	// the dirty value flag is not: after a type change sanitized it. A
	// change of the value attribute ends it.
	cleanValue bool
	// userEdit is set when the value was last changed by the user
	// (tooLong and tooShort apply only then).
	userEdit bool
	// userValid is the control's user validity (HTML §4.10.18.3), for
	// :user-valid and :user-invalid: set when a change the user made is
	// committed (a change event from activation or from leaving an
	// edited field) and when the form is submitted with validation;
	// cleared by a reset.
	userValid bool

	checked       bool // checkedness, when checkedSet
	checkedSet    bool
	dirtyChecked  bool
	indeterminate bool

	selected    bool // an option's selectedness, when selectedSet
	selectedSet bool
	dirtySel    bool

	custom string // the custom validity error message

	// sel is a text control's selection (selection.go).
	sel textSelection
	// text is what a user typed into an input of type textType when its
	// type's sanitization made a different value of it (a number field
	// holding "1e" has the value ""), while textSet.
	text     string
	textType string
	textSet  bool

	// A select's list of options when the selectedness rules last ran.
	options    []*html.Node
	selSettled bool
	// ui is what a select remembers of a user's keys and clicks
	// (select_ui.go), nil until a user acts on it.
	ui *selectUI
}

// forms returns the table, creating it on first use. Creating it applies
// the radio group rule to the document as the parser would have: of the
// checked radio buttons of one group, the last one stays checked.
func (d *Document) forms() *formTable {
	if d.formState == nil {
		d.formState = &formTable{ctl: make(map[*html.Node]*ctlState), settled: make(map[*html.Node]bool)}
		d.liveChanged()
		d.settleRadios(d.Node.h)
	}
	return d.formState
}

// state returns h's state record, creating it, for a change: the caller
// may write it, so the live state counter moves (query_cache.go). Code
// that only brings a record up to date without changing what it means
// uses record.
func (d *Document) state(h *html.Node) *ctlState {
	d.liveChanged()
	return d.record(h)
}

// record is state without moving the live state counter.
func (d *Document) record(h *html.Node) *ctlState {
	t := d.forms()
	st := t.ctl[h]
	if st == nil {
		st = &ctlState{}
		t.ctl[h] = st
	}
	return st
}

// peek returns h's state record or nil, without creating anything.
func (d *Document) peek(h *html.Node) *ctlState {
	if d.formState == nil {
		return nil
	}
	return d.formState.ctl[h]
}

// isHTML reports whether h is the HTML element a.
func isHTML(h *html.Node, a atom.Atom) bool {
	return h != nil && h.Type == html.ElementNode && h.DataAtom == a && h.Namespace == ""
}

// hasAttr reports whether h has the (lower-case, no namespace) attribute.
func hasAttr(h *html.Node, key string) bool {
	for _, a := range h.Attr {
		if a.Key == key && a.Namespace == "" {
			return true
		}
	}
	return false
}

// attrVal returns h's (lower-case, no namespace) attribute.
func attrVal(h *html.Node, key string) (string, bool) {
	for _, a := range h.Attr {
		if a.Key == key && a.Namespace == "" {
			return a.Val, true
		}
	}
	return "", false
}

// treeRoot returns the root of h's tree.
func treeRoot(h *html.Node) *html.Node {
	for h.Parent != nil {
		h = h.Parent
	}
	return h
}

// settleRadios applies the radio group rule to the radio buttons of the
// tree under root that have no state yet, once per root: in tree order, a
// checked radio button unchecks the earlier checked ones of its group, as
// each one did when the parser inserted it (HTML §4.10.5.1.17: "the element
// becomes connected").
func (d *Document) settleRadios(root *html.Node) {
	t := d.formState
	if t.settled[root] {
		return
	}
	t.settled[root] = true
	type key struct {
		form *html.Node
		name string
	}
	last := map[key]*html.Node{}
	visit := func(h *html.Node) {
		if !isHTML(h, atom.Input) || inputType(h) != "radio" {
			return
		}
		name, _ := attrVal(h, "name")
		if name == "" || !d.radioChecked(h) {
			return
		}
		k := key{d.formOwnerOf(h), name}
		if prev := last[k]; prev != nil {
			d.writeChecked(prev, false, true)
		}
		last[k] = h
	}
	visit(root)
	for h := range descendants(root) {
		visit(h)
	}
}

// radioChecked is the checkedness of an input without settling its tree.
func (d *Document) radioChecked(h *html.Node) bool {
	if st := d.peek(h); st != nil && st.checkedSet {
		return st.checked
	}
	return hasAttr(h, "checked")
}

// formAttrChanged runs the attribute change steps of the form elements
// after the attribute key of n was added, changed or removed. had tells
// whether it was present before, old its value then. Callers call it only
// when the table exists.
func (n *Node) formAttrChanged(key, old string, had bool) {
	h := n.h
	if h.Namespace != "" {
		return
	}
	has := hasAttr(h, key)
	if key == "form" {
		// First, so that the radio group rule below finds the
		// element among the controls of its new form.
		n.doc.formState.formGen++
	}
	switch h.DataAtom {
	case atom.Input:
		switch key {
		case "type":
			from := inputTypeOf(old, had)
			if to := inputType(h); from != to {
				n.inputTypeChanged(from, to)
			}
		case "checked":
			// HTML §4.10.5: added or removed while not dirty sets the
			// checkedness; a changed value does nothing.
			if had != has {
				if st := n.doc.state(h); !st.dirtyChecked {
					n.setCheckedness(has, false)
				}
			}
		case "name", "form":
			n.radioChanged()
		case "value":
			if st := n.doc.peek(h); st != nil && st.cleanValue {
				n.doc.liveChanged()
				st.cleanValue, st.value = false, ""
			}
		}
	case atom.Option:
		if key == "selected" && had != has {
			n.optionSelectedAttrChanged(has)
		}
	case atom.Select:
		switch {
		case key == "multiple" && had && !has:
			// Chromium keeps the first selected option, where the
			// selectedness setting algorithm would keep the last.
			var first *html.Node
			for _, o := range n.settleSelect() {
				if n.doc.rawSelected(o) {
					first = o
					break
				}
			}
			if first != nil {
				n.unselectOthers(first)
			}
			n.selectednessSetting()
		case key == "multiple" || key == "size":
			n.settleSelect()
			n.selectednessSetting()
		}
	}
}

// radioChanged applies the radio group rule after something that may have
// moved n into another group: its name, its form owner, its type.
func (n *Node) radioChanged() {
	if isHTML(n.h, atom.Input) && inputType(n.h) == "radio" && n.checkedness() {
		n.uncheckOthers()
	}
}

// formInserted runs the insertion steps of the form elements for the
// subtree h just inserted: a checked radio button that becomes connected
// or changes form owner unchecks the others of its new group. The select
// rules for new options run when the select is next read.
func (d *Document) formInserted(h *html.Node) {
	d.formState.formGen++
	// The checked radio buttons of the subtree become connected one after
	// the other, in tree order, as when the parser inserted them: each one
	// unchecks the others of its group, so the last one of a group wins.
	var checked []*html.Node
	visit := func(c *html.Node) {
		if c.Type == html.ElementNode && c.DataAtom == atom.Input && c.Namespace == "" && inputType(c) == "radio" && d.radioChecked(c) {
			checked = append(checked, c)
		}
	}
	visit(h)
	for c := range descendants(h) {
		visit(c)
	}
	for _, c := range checked {
		d.checkRadio(c, false)
	}
}

// formCloned runs the cloning steps of input and textarea elements (HTML
// §4.10.5, §4.10.11): the copy takes the value, the dirty value flag, the
// checkedness and the dirty checkedness flag, and, as in Chromium, the
// indeterminate flag. src and dst are trees of the same shape.
func (d *Document) formCloned(src, dst *html.Node, deep bool) { d.formClonedInto(d, src, dst, deep) }

// formClonedInto is formCloned for a copy dst that belongs to the document
// to (CloneDocument's copy).
func (d *Document) formClonedInto(to *Document, src, dst *html.Node, deep bool) {
	from := d.formState
	t := to.forms()
	to.liveChanged()
	t.checkGen++ // the copies' checkedness
	cp := func(s, c *html.Node) {
		st := from.ctl[s]
		if st == nil || s.Type != html.ElementNode || s.Namespace != "" {
			return
		}
		switch s.DataAtom {
		case atom.Input:
			t.ctl[c] = &ctlState{value: st.value, dirtyValue: st.dirtyValue, cleanValue: st.cleanValue, checked: st.checked,
				checkedSet: st.checkedSet, dirtyChecked: st.dirtyChecked, indeterminate: st.indeterminate}
		case atom.Textarea:
			t.ctl[c] = &ctlState{value: st.value, dirtyValue: st.dirtyValue}
		}
	}
	cp(src, dst)
	if !deep {
		return
	}
	s, c := src.FirstChild, dst.FirstChild
	for s != nil && c != nil {
		cp(s, c)
		s, c = htmltree.Next(s, src), htmltree.Next(c, dst)
	}
}

// formAtom reports the elements whose attribute changes and insertions
// may change form control state before any state exists: input, option,
// optgroup and select. The mutation code asks this (one comparison) so that
// the first such change settles the state as it was before the change.
func formAtom(h *html.Node) bool {
	switch h.DataAtom {
	case atom.Input, atom.Option, atom.Optgroup, atom.Select:
		return h.Namespace == ""
	}
	return false
}

// formAttrWillChange settles the state the change of attribute key is
// about to alter, so the change applies to the state as it stood.
func (n *Node) formAttrWillChange(key string) {
	h := n.h
	if h.Namespace != "" {
		return
	}
	switch {
	case h.DataAtom == atom.Input && (key == "checked" || key == "type" || key == "name" || key == "form"):
		n.doc.forms()
		n.doc.settleRadios(treeRoot(h))
	case h.DataAtom == atom.Option && key == "selected":
		if s := optionSelect(h); s != nil {
			n.doc.wrap(s).settleSelect()
		}
	case h.DataAtom == atom.Select && (key == "multiple" || key == "size"):
		n.settleSelect()
	}
}

// formWillInsert settles what an insertion under parent is about to
// change: the selection of a select that gains options, and the radio
// groups of the document.
func (d *Document) formWillInsert(parent *html.Node) {
	d.forms()
	s := parent
	if isHTML(s, atom.Optgroup) {
		s = s.Parent
	}
	if isHTML(s, atom.Select) {
		d.wrap(s).settleSelect()
	}
}
