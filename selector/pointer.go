package selector

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// :hover and :active (HTML §4.16.3): the element a PointerState
// designates, its ancestors (the flat tree is the tree: there are no
// shadow trees), and the labeled control of every label element among
// them. The set is built once per query, so that a query over a deep page
// stays linear.

// designated is the set of elements that match :hover, :active or
// :focus-within in one query: a slice while short, a map beside it when
// long.
type designated struct {
	list []*html.Node
	set  map[*html.Node]struct{}
}

// readPointer asks the State for the pointer once per query.
func (lv *liveCtx) readPointer() {
	if lv.pointerRead {
		return
	}
	lv.pointerRead = true
	ps, ok := lv.st.(PointerState)
	if !ok {
		return
	}
	hovered, active := ps.Pointer()
	lv.hover = designate(ps, hovered)
	lv.active = designate(ps, active)
}

// designate is el, its ancestor elements, and the labeled controls of the
// label elements among them.
func designate(ps PointerState, el *html.Node) designated {
	var d designated
	for p := el; p != nil && p.Type == html.ElementNode; p = p.Parent {
		d.list = append(d.list, p)
		if p.DataAtom == atom.Label && p.Namespace == "" {
			if c := ps.LabeledControl(p); c != nil {
				d.list = append(d.list, c)
			}
		}
	}
	d.index()
	return d
}

// index builds the map when the list is long.
func (d *designated) index() {
	if len(d.list) > chainLen {
		d.set = make(map[*html.Node]struct{}, len(d.list))
		for _, p := range d.list {
			d.set[p] = struct{}{}
		}
	}
}

// has reports whether n is in the set.
func (d *designated) has(n *html.Node) bool {
	if d.set != nil {
		_, ok := d.set[n]
		return ok
	}
	for _, p := range d.list {
		if p == n {
			return true
		}
	}
	return false
}
