package vdom

import (
	"github.com/eventperk/eventperk-go/internal/htmltree"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Form owners, the categories of form-associated elements, disabled
// controls, labels and the reset algorithm (HTML §4.10.2, §4.10.4,
// §4.10.17, §4.10.18.5, §4.10.22).

// isListed reports the listed elements: button, fieldset, input, object,
// output, select, textarea.
func isListed(h *html.Node) bool {
	if h.Type != html.ElementNode || h.Namespace != "" {
		return false
	}
	switch h.DataAtom {
	case atom.Button, atom.Fieldset, atom.Input, atom.Object, atom.Output, atom.Select, atom.Textarea:
		return true
	}
	return false
}

func (n *Node) isListed() bool { return isListed(n.h) }

// isSubmittable reports the submittable elements: button, input, select,
// textarea.
func (n *Node) isSubmittable() bool {
	h := n.h
	if h.Type != html.ElementNode || h.Namespace != "" {
		return false
	}
	switch h.DataAtom {
	case atom.Button, atom.Input, atom.Select, atom.Textarea:
		return true
	}
	return false
}

// isResettable reports the resettable elements: input, output, select,
// textarea.
func (n *Node) isResettable() bool {
	h := n.h
	if h.Type != html.ElementNode || h.Namespace != "" {
		return false
	}
	switch h.DataAtom {
	case atom.Input, atom.Output, atom.Select, atom.Textarea:
		return true
	}
	return false
}

// labelable reports the labelable elements: button, input (not hidden),
// meter, output, progress, select, textarea.
func labelable(h *html.Node) bool {
	if h.Type != html.ElementNode || h.Namespace != "" {
		return false
	}
	switch h.DataAtom {
	case atom.Button, atom.Meter, atom.Output, atom.Progress, atom.Select, atom.Textarea:
		return true
	case atom.Input:
		return inputType(h) != "hidden"
	}
	return false
}

// isButton reports the buttons: button elements and inputs of type
// submit, image, reset and button.
func (n *Node) isButton() bool {
	switch {
	case isHTML(n.h, atom.Button):
		return true
	case isHTML(n.h, atom.Input):
		switch inputType(n.h) {
		case "submit", "image", "reset", "button":
			return true
		}
	}
	return false
}

// isSubmitButton reports the submit buttons: button elements in the
// submit state and inputs of type submit and image.
func (n *Node) isSubmitButton() bool {
	switch {
	case isHTML(n.h, atom.Button):
		return buttonType(n.h) == "submit"
	case isHTML(n.h, atom.Input):
		t := inputType(n.h)
		return t == "submit" || t == "image"
	}
	return false
}

// formAssociated reports the form-associated elements: the listed ones
// and img.
func formAssociated(h *html.Node) bool { return isListed(h) || isHTML(h, atom.Img) }

// formOwner is the element's form owner (HTML §4.10.18.3, "reset the form
// owner"): for a connected listed element with a form attribute, the first
// element of the tree with that id when it is a form and none otherwise;
// else the nearest ancestor form.
func (n *Node) formOwner() *Node {
	if f := n.doc.formOwnerOf(n.h); f != nil {
		return n.doc.wrap(f)
	}
	return nil
}

// formOwnerOf is formOwner of h, without making handles: the walks over a
// form's controls ask it of every listed element they pass.
func (d *Document) formOwnerOf(h *html.Node) *html.Node {
	if !formAssociated(h) {
		return nil
	}
	if id, ok := attrVal(h, "form"); ok && isListed(h) && d.connected(h) {
		if f := d.ids[id]; isHTML(f, atom.Form) {
			return f
		}
		return nil
	}
	for p := h.Parent; p != nil; p = p.Parent {
		if isHTML(p, atom.Form) {
			return p
		}
	}
	return nil
}

// Form returns the form owner of a form-associated element (ancestor form,
// or the form named by its form attribute), as the DOM form attribute
// does; for an option that of its select, for a legend that of its
// fieldset, for a label that of its labeled control; nil otherwise.
func (n *Node) Form() *Node {
	h := n.h
	switch {
	case formAssociated(h):
		return n.formOwner()
	case isHTML(h, atom.Option):
		if s := optionSelect(h); s != nil {
			return n.doc.wrap(s).formOwner()
		}
		if isHTML(h.Parent, atom.Datalist) {
			return nil
		}
	case isHTML(h, atom.Legend):
		if isHTML(h.Parent, atom.Fieldset) {
			return n.doc.wrap(h.Parent).formOwner()
		}
	case isHTML(h, atom.Label):
		if c := n.Control(); c != nil {
			return c.Form()
		}
	}
	return nil
}

// Elements returns a form's listed elements in tree order, image buttons
// excluded, as the DOM form.elements collection holds them (a snapshot).
// It returns the controls of a fieldset's subtree likewise; nil for other
// nodes.
func (n *Node) Elements() []*Node {
	var out []*Node
	switch {
	case isHTML(n.h, atom.Form):
		for _, h := range n.doc.formControls(n) {
			if inElements(h) {
				out = append(out, n.doc.wrap(h))
			}
		}
	case isHTML(n.h, atom.Fieldset):
		for h := range descendants(n.h) {
			if isListed(h) {
				out = append(out, n.doc.wrap(h))
			}
		}
	}
	return out
}

// formWork counts the walks that the indexes of form controls make: the
// radio button groups of a form or tree (radioBuilds), the checked members
// of a group (radioScans), a select's options (optionWalks), a tree's ids
// and labels (treeWalks), a form's controls for its default button
// (defaultScans). Tests count them to show that an operation over n
// controls finds each index a fixed number of times, so that its work is
// linear in n.
type formWork struct {
	radioBuilds, radioScans, optionWalks, treeWalks, defaultScans int
}

// inElements reports whether a form's control is in its elements: image
// buttons are not.
func inElements(h *html.Node) bool { return !(h.DataAtom == atom.Input && inputType(h) == "image") }

// formControls returns the listed elements whose form owner is form, in
// tree order: those in its subtree, and for a connected form those outside
// it that name it with their form attribute.
func (d *Document) formControls(form *Node) []*html.Node {
	if c := &d.controls; c.valid && c.form == form.h && c.ver == d.domVer {
		return c.list
	}
	list := d.findFormControls(form)
	d.controls = controlsCache{form: form.h, ver: d.domVer, list: list, valid: true}
	return list
}

// findFormControls is formControls without the cache.
func (d *Document) findFormControls(form *Node) []*html.Node {
	var in []*html.Node
	root := form.h
	connected := d.connected(form.h)
	if !connected {
		root = treeRoot(form.h)
	}
	for h := range descendants(root) {
		if isListed(h) && d.formOwnerOf(h) == form.h {
			in = append(in, h)
		}
	}
	if id, _ := attrVal(form.h, "id"); !connected || id == "" || d.ids[id] != form.h {
		// No form attribute can name this form.
		return in
	}
	var out []*html.Node
	for _, h := range d.formAttrElements() {
		if !isInclusiveAncestor(form.h, h) && d.formOwnerOf(h) == form.h {
			out = append(out, h)
		}
	}
	if len(out) == 0 {
		return in
	}
	merged := make([]*html.Node, 0, len(in)+len(out))
	i, j := 0, 0
	for i < len(in) || j < len(out) {
		if j == len(out) || (i < len(in) && htmltree.Precedes(in[i], out[j])) {
			merged = append(merged, in[i])
			i++
		} else {
			merged = append(merged, out[j])
			j++
		}
	}
	return merged
}

// controlsCache is the list of a form's controls, valid while the
// document's tree, attributes and text stay as they were (domVer, which
// every change of what the list depends on moves: insertions, removals,
// ids, form attributes). Submitting a form asks for it three times (user
// validity, validation, the entry list), and a walk of the form per ask
// was a tenth of a submission. Callers only read the list; a new one is
// made, never the cached one changed.
type controlsCache struct {
	form  *html.Node
	ver   uint64
	list  []*html.Node
	valid bool
	// defaultButton is the form's default button, once defaultSet.
	defaultButton *html.Node
	defaultSet    bool
}

// formAttrElements returns the connected listed elements that have a form
// attribute, in tree order, from the cache when it is current.
func (d *Document) formAttrElements() []*html.Node {
	t := d.forms()
	if t.formAttrValid && t.formAttrTree == d.treeVer && t.formAttrGen == t.formGen {
		return t.formAttr
	}
	t.formAttr = t.formAttr[:0]
	for h := range descendants(d.Node.h) {
		if h.Type == html.ElementNode && isListed(h) && hasAttr(h, "form") {
			t.formAttr = append(t.formAttr, h)
		}
	}
	t.formAttrValid, t.formAttrTree, t.formAttrGen = true, d.treeVer, t.formGen
	return t.formAttr
}

// Length returns the number of a form's elements or of a select's options.
func (n *Node) Length() int {
	switch {
	case isHTML(n.h, atom.Form):
		count := 0
		for _, h := range n.doc.formControls(n) {
			if inElements(h) {
				count++
			}
		}
		return count
	case isHTML(n.h, atom.Select):
		return len(n.listOfOptions())
	}
	return 0
}

// Disabled reports whether the element has the disabled attribute, as the
// DOM disabled attribute reflects it. IsDisabled is the state that decides
// whether the control works.
func (n *Node) Disabled() bool { return n.h.Type == html.ElementNode && hasAttr(n.h, "disabled") }

// reflectBool is the setter of a reflected boolean attribute: it adds or
// removes the content attribute name. The names passed are valid, so the
// only way to fail is a node that is not an element, which has no such
// attribute: the setter does nothing there.
func (n *Node) reflectBool(name string, on bool) {
	if n.h.Type == html.ElementNode {
		_, _ = n.ToggleAttributeForce(name, on)
	}
}

// reflectString is the setter of a reflected string attribute, with the
// same reasoning as reflectBool.
func (n *Node) reflectString(name, v string) {
	if n.h.Type == html.ElementNode {
		_ = n.SetAttribute(name, v)
	}
}

// SetDisabled adds or removes the disabled attribute.
func (n *Node) SetDisabled(on bool) { n.reflectBool("disabled", on) }

// IsDisabled reports whether the element is disabled in the standard's
// sense: a button, input, select, textarea or fieldset with the disabled
// attribute or inside a disabled fieldset but not inside that fieldset's
// first legend child (HTML §4.10.18.5); an option with the attribute or in
// a disabled optgroup; an optgroup with the attribute.
func (n *Node) IsDisabled() bool { return actuallyDisabled(n.h) }

// actuallyDisabled is IsDisabled on the tree node: the state focus,
// activation and selectors read too.
func actuallyDisabled(h *html.Node) bool {
	if h.Type != html.ElementNode || h.Namespace != "" {
		return false
	}
	switch h.DataAtom {
	case atom.Button, atom.Input, atom.Select, atom.Textarea, atom.Fieldset:
		return hasAttr(h, "disabled") || inDisabledFieldset(h)
	case atom.Option:
		return optionDisabled(h)
	case atom.Optgroup:
		return hasAttr(h, "disabled")
	}
	return false
}

// inDisabledFieldset reports whether an ancestor fieldset with the
// disabled attribute holds h outside its first legend child.
func inDisabledFieldset(h *html.Node) bool {
	child := h
	for p := h.Parent; p != nil; child, p = p, p.Parent {
		if !isHTML(p, atom.Fieldset) || !hasAttr(p, "disabled") {
			continue
		}
		if !isHTML(child, atom.Legend) || firstLegend(p) != child {
			return true
		}
	}
	return false
}

func firstLegend(fs *html.Node) *html.Node {
	for c := fs.FirstChild; c != nil; c = c.NextSibling {
		if isHTML(c, atom.Legend) {
			return c
		}
	}
	return nil
}

// ReadOnly reports whether the element has the readonly attribute.
func (n *Node) ReadOnly() bool { return n.h.Type == html.ElementNode && hasAttr(n.h, "readonly") }

// SetReadOnly adds or removes the readonly attribute.
func (n *Node) SetReadOnly(on bool) { n.reflectBool("readonly", on) }

// Required reports whether the element has the required attribute.
func (n *Node) Required() bool { return n.h.Type == html.ElementNode && hasAttr(n.h, "required") }

// SetRequired adds or removes the required attribute.
func (n *Node) SetRequired(on bool) { n.reflectBool("required", on) }

// Name returns the name attribute, "" when absent.
func (n *Node) Name() string {
	v, _ := n.GetAttribute("name")
	return v
}

// SetName sets the name attribute.
func (n *Node) SetName(v string) error { return n.SetAttribute("name", v) }

// Placeholder returns the placeholder attribute, "" when absent.
func (n *Node) Placeholder() string {
	v, _ := n.GetAttribute("placeholder")
	return v
}

// SetPlaceholder sets the placeholder attribute.
func (n *Node) SetPlaceholder(v string) error { return n.SetAttribute("placeholder", v) }

// HTMLFor returns a label's (or output's) for attribute, "" when absent.
func (n *Node) HTMLFor() string {
	v, _ := n.GetAttribute("for")
	return v
}

// SetHTMLFor sets the for attribute.
func (n *Node) SetHTMLFor(v string) error { return n.SetAttribute("for", v) }

// Control returns a label's labeled control (HTML §4.10.4): with a for
// attribute, the first element of the label's tree with that id when it
// is labelable; without one, the label's first labelable descendant. Nil
// when there is none or n is not a label.
func (n *Node) Control() *Node {
	if !isHTML(n.h, atom.Label) {
		return nil
	}
	return n.doc.wrap(n.doc.labelControl(n.h))
}

// labelControl is Control over the tree's nodes, without handles.
func (d *Document) labelControl(label *html.Node) *html.Node {
	if id, ok := attrVal(label, "for"); ok {
		if t := d.firstWithID(treeRoot(label), id); t != nil && labelable(t.h) {
			return t.h
		}
		return nil
	}
	for h := range descendants(label) {
		if labelable(h) {
			return h
		}
	}
	return nil
}

// firstWithID returns the first element of root's tree with the id.
func (d *Document) firstWithID(root *html.Node, id string) *Node {
	if id == "" {
		return nil
	}
	if root == d.Node.h {
		return d.wrap(d.ids[id])
	}
	return d.wrap(d.treeIndex(root).ids[id])
}

// Labels returns the label elements whose labeled control is n, in tree
// order; nil for elements that are not labelable (a hidden input among
// them).
func (n *Node) Labels() []*Node {
	if !labelable(n.h) {
		return nil
	}
	found := n.doc.treeIndex(treeRoot(n.h)).labels()[n.h]
	if len(found) == 0 {
		return nil
	}
	out := make([]*Node, len(found))
	for i, h := range found {
		out[i] = n.doc.wrap(h)
	}
	return out
}

// labelIndex holds, for the trees asked about while the document's domVer
// is ver, the facts that labels are found by. A label's control is
// found by id (or among its descendants), and each control's labels among
// all the labels of its tree: asked of every control of a tree, each in
// one walk, that would be quadratic in the size of the tree, so each tree
// is walked once for its ids and once for its labels.
type labelIndex struct {
	ver   uint64
	trees map[*html.Node]*treeFacts
}

// treeFacts are the indexes of one tree (labelIndex).
type treeFacts struct {
	d    *Document
	root *html.Node
	// ids maps each id to the first element of the tree that has it; for
	// the document's tree, the document's id index serves instead.
	ids map[string]*html.Node
	// controls maps each labelled control to its labels in tree order,
	// once labels has been asked.
	controls map[*html.Node][]*html.Node
}

// treeIndex returns the indexes of the tree whose root is root.
func (d *Document) treeIndex(root *html.Node) *treeFacts {
	l := d.labels
	if l == nil || l.ver != d.domVer {
		l = &labelIndex{ver: d.domVer, trees: make(map[*html.Node]*treeFacts)}
		d.labels = l
	}
	t := l.trees[root]
	if t == nil {
		t = &treeFacts{d: d, root: root}
		if root != d.Node.h {
			d.work.treeWalks++
			t.ids = make(map[string]*html.Node)
			for h := range descendants(root) {
				if id, ok := elementID(h); ok && t.ids[id] == nil {
					t.ids[id] = h
				}
			}
		}
		l.trees[root] = t
	}
	return t
}

// labels maps each labelled control of the tree to its labels in tree
// order, in one walk of the tree however the labels nest. A label without
// a for attribute labels its first labelable descendant (HTML §4.10.4):
// the labels still waiting for theirs when the walk reaches a labelable
// element are the open ones around it, and it is the control of them all.
// Searching each label's subtree instead cost the depth of nested labels
// times their number.
func (t *treeFacts) labels() map[*html.Node][]*html.Node {
	if t.controls != nil {
		return t.controls
	}
	t.controls = make(map[*html.Node][]*html.Node)
	t.d.work.treeWalks++
	type pending struct {
		label, control *html.Node
	}
	var labels []pending // every label, in tree order
	var open []int       // the labels without for around the walk, unresolved
	root := t.root
	for h := root.FirstChild; h != nil; {
		if h.Type == html.ElementNode {
			if labelable(h) {
				for _, i := range open {
					labels[i].control = h
				}
				open = open[:0]
			}
			if isHTML(h, atom.Label) {
				if id, ok := attrVal(h, "for"); ok {
					var c *html.Node
					if el := t.d.firstWithID(root, id); el != nil && labelable(el.h) {
						c = el.h
					}
					labels = append(labels, pending{label: h, control: c})
				} else {
					labels = append(labels, pending{label: h})
					open = append(open, len(labels)-1)
				}
			}
		}
		if h.FirstChild != nil {
			h = h.FirstChild
			continue
		}
		// Leave h and the ancestors whose last child it is.
		for h != root {
			if n := len(open); n > 0 && labels[open[n-1]].label == h {
				open = open[:n-1]
			}
			if h.NextSibling != nil {
				h = h.NextSibling
				break
			}
			h = h.Parent
		}
		if h == root {
			break
		}
	}
	for _, l := range labels {
		if l.control != nil {
			t.controls[l.control] = append(t.controls[l.control], l.label)
		}
	}
	return t.controls
}

// resetAlgorithm runs the element's reset algorithm (HTML §4.10.5,
// §4.10.7, §4.10.11, §4.10.12): the dirty flags go, the value and
// checkedness come from the attributes again, a select's options take
// their selected attributes, an output its default value.
func (n *Node) resetAlgorithm() {
	h := n.h
	switch {
	case isHTML(h, atom.Input):
		st := n.doc.state(h)
		st.dirtyValue, st.cleanValue, st.value, st.userEdit, st.textSet = false, false, "", false, false
		st.dirtyChecked, st.userValid = false, false
		n.setCheckedness(hasAttr(h, "checked"), false)
		n.clearFiles()
	case isHTML(h, atom.Textarea):
		st := n.doc.state(h)
		st.dirtyValue, st.value, st.userEdit, st.userValid = false, "", false, false
	case isHTML(h, atom.Select):
		n.doc.state(h).userValid = false
		opts := n.settleSelect()
		for _, o := range opts {
			n.doc.setSelectedness(o, hasAttr(o, "selected"))
			n.doc.state(o).dirtySel = false
		}
		n.selectednessSetting()
	case isHTML(h, atom.Output):
		st := n.doc.state(h)
		if st.dirtyValue {
			v := st.value
			st.dirtyValue, st.value = false, ""
			n.SetTextContent(v)
		}
	}
}
