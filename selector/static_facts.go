package selector

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// staticFacts are what Static derives from a whole tree or select, kept
// for the length of one query. Several pseudo-classes ask, for each
// member, about its group: whether a radio button's group has a checked
// member (:indeterminate, :invalid), which option a select shows selected
// (:checked), a form's default button (:default), whether a form owns a
// control missing its value (:invalid), which element a form attribute
// names. Answered by a walk each, a query over n members was quadratic
// (option:checked over a select of 20,000 options took seconds); here the
// first question about a tree walks it once for the answers of all its
// groups and forms, and the others look them up. The tree does not change
// while a query runs (the State contract), so the facts stay true until
// the query ends and they are dropped.
type staticFacts struct {
	trees map[*html.Node]*staticTree
	// selected holds each select's selected option (nil for none) once
	// asked.
	selected map[*html.Node]*html.Node
	// walks counts the walks of trees and selects, for the tests that
	// show a query's work to be linear.
	walks int
}

// staticTree are the facts of one tree, each found by one walk when first
// asked.
type staticTree struct {
	// ids maps an id to the first element below the root that has it.
	ids map[string]*html.Node
	// checkedGroups holds the radio button groups (HTML §4.10.5.1, "Radio
	// Button state": same tree, same form owner, same non-empty name)
	// with a checked attribute among them.
	checkedGroups map[radioKey]bool
	// defaults maps each form to its default button, its first submit
	// button in tree order (HTML §4.10.22.1).
	defaults map[*html.Node]*html.Node
	// invalid holds the forms owning a candidate for constraint
	// validation that misses its value.
	invalid map[*html.Node]bool
}

// radioKey names a radio button group within a tree.
type radioKey struct {
	form *html.Node
	name string
}

func (f *staticFacts) tree(root *html.Node) *staticTree {
	if f.trees == nil {
		f.trees = make(map[*html.Node]*staticTree)
	}
	t := f.trees[root]
	if t == nil {
		t = &staticTree{}
		f.trees[root] = t
	}
	return t
}

// elementsBelow yields the elements below root in tree order.
func elementsBelow(root *html.Node, yield func(*html.Node)) {
	for m := root.FirstChild; m != nil; m, _ = nextNode(m, root, true, 0) {
		if m.Type == html.ElementNode {
			yield(m)
		}
	}
}

// byID is ByID(root, id), from the tree's index.
func (f *staticFacts) byID(root *html.Node, id string) *html.Node {
	if id == "" {
		return nil
	}
	t := f.tree(root)
	if t.ids == nil {
		t.ids = make(map[string]*html.Node)
		f.walks++
		elementsBelow(root, func(m *html.Node) {
			for i := range m.Attr {
				if a := &m.Attr[i]; a.Key == "id" && a.Namespace == "" {
					if _, ok := t.ids[a.Val]; !ok {
						t.ids[a.Val] = m
					}
					return
				}
			}
		})
	}
	return t.ids[id]
}

// formOwner is the form owner of a form-associated element (HTML
// §4.10.17.3): the form its form attribute names, else its nearest form
// ancestor.
func (f *staticFacts) formOwner(n *html.Node) *html.Node {
	if id, ok := getAttr(n, "form"); ok {
		form := f.byID(treeRoot(n), id)
		if form != nil && form.DataAtom == atom.Form && form.Namespace == "" {
			return form
		}
		return nil
	}
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Type == html.ElementNode && p.DataAtom == atom.Form && p.Namespace == "" {
			return p
		}
	}
	return nil
}

// groupChecked reports whether some radio button of n's group has a
// checked attribute; without a name, n is a group of its own.
func (f *staticFacts) groupChecked(n *html.Node) bool {
	name, _ := getAttr(n, "name")
	if name == "" {
		return hasAttr(n, "checked")
	}
	root := treeRoot(n)
	t := f.tree(root)
	if t.checkedGroups == nil {
		t.checkedGroups = make(map[radioKey]bool)
		f.walks++
		check := func(m *html.Node) {
			if m.DataAtom == atom.Input && m.Namespace == "" && hasAttr(m, "checked") && inputType(m) == "radio" {
				if v, _ := getAttr(m, "name"); v != "" {
					t.checkedGroups[radioKey{f.formOwner(m), v}] = true
				}
			}
		}
		if root.Type == html.ElementNode {
			check(root) // a radio button alone in its tree
		}
		elementsBelow(root, check)
	}
	return t.checkedGroups[radioKey{f.formOwner(n), name}]
}

// selectedOption is findSelectedOption, once per select.
func (f *staticFacts) selectedOption(sel *html.Node) *html.Node {
	if o, ok := f.selected[sel]; ok {
		return o
	}
	if f.selected == nil {
		f.selected = make(map[*html.Node]*html.Node)
	}
	o := findSelectedOption(sel)
	f.walks++
	f.selected[sel] = o
	return o
}

// defaultButton is a form's default button: its first submit button in
// tree order (HTML §4.10.22.1).
func (f *staticFacts) defaultButton(form *html.Node) *html.Node {
	if form == nil {
		return nil
	}
	root := treeRoot(form)
	t := f.tree(root)
	if t.defaults == nil {
		t.defaults = make(map[*html.Node]*html.Node)
		f.walks++
		elementsBelow(root, func(m *html.Node) {
			if m.Namespace != "" || !isSubmitButton(m) {
				return
			}
			if owner := f.formOwner(m); owner != nil && t.defaults[owner] == nil {
				t.defaults[owner] = m
			}
		})
	}
	return t.defaults[form]
}

// hasInvalidControl reports whether a form owns, or a fieldset contains, a
// candidate for constraint validation that does not satisfy its
// constraints.
func (f *staticFacts) hasInvalidControl(n *html.Node) bool {
	invalid := func(m *html.Node) bool {
		return m.Namespace == "" && staticCandidate(m) && f.valueMissing(m)
	}
	if n.DataAtom == atom.Fieldset {
		found := false
		f.walks++
		elementsBelow(n, func(m *html.Node) { found = found || invalid(m) })
		return found
	}
	// A form: its controls may be anywhere in its tree, naming it with a
	// form attribute.
	root := treeRoot(n)
	t := f.tree(root)
	if t.invalid == nil {
		t.invalid = make(map[*html.Node]bool)
		f.walks++
		elementsBelow(root, func(m *html.Node) {
			if invalid(m) {
				if owner := f.formOwner(m); owner != nil {
					t.invalid[owner] = true
				}
			}
		})
	}
	return t.invalid[n]
}
