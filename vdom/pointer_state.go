package vdom

import (
	"golang.org/x/net/html"
)

// The pointer as :hover and :active see it (HTML §4.16.3). vdom has no
// layout, so it cannot find what is under a pointer's position: a
// user-input layer (package userevent) says which element the pointer is
// over and which one a held primary button is activating, and the
// selector package matches :hover and :active from that
// (selector.PointerState).

// pointerState is the hovered and the active element of a document, each
// with the chain of ancestors it had when it was set.
type pointerState struct {
	hover, active designation
}

// designation is an element a pointer designates and its ancestors up to
// the document node as they were when it was designated: when a script
// removes or moves the element (or an ancestor), the designation falls to
// the nearest of those ancestors still where it was, as Chromium moves
// its hover and active elements to the parent of a detached one
// (Document::HoveredElementDetached, ActiveChainNodeDetached) until the
// next mouse move hit-tests again.
type designation struct {
	chain []*html.Node
	// members holds the chain's nodes when it is long, so that a removal
	// asks a map rather than walking the chain.
	members map[*html.Node]struct{}
}

// longChain is the length from which a designation keeps members.
const longChain = 32

// set designates h (nil for none), reporting whether that changed what
// is designated.
func (d *designation) set(h *html.Node) bool {
	if h == d.current() {
		return false
	}
	// The old entries are cleared so that the backing array holds no
	// node the document has let go of.
	clear(d.chain)
	d.chain, d.members = d.chain[:0], nil
	for p := h; p != nil; p = p.Parent {
		d.chain = append(d.chain, p)
	}
	return true
}

// removed moves the designation to the parent node was removed from when
// node is the designated element or one of its ancestors.
func (d *designation) removed(node *html.Node) {
	if len(d.chain) == 0 {
		return
	}
	if len(d.chain) > longChain && d.members == nil {
		d.members = make(map[*html.Node]struct{}, len(d.chain))
		for _, p := range d.chain {
			d.members[p] = struct{}{}
		}
	}
	if d.members != nil {
		if _, ok := d.members[node]; !ok {
			return
		}
	}
	for i, p := range d.chain {
		if p == node {
			for _, q := range d.chain[:i+1] {
				delete(d.members, q)
			}
			n := copy(d.chain, d.chain[i+1:])
			clear(d.chain[n:])
			d.chain = d.chain[:n]
			return
		}
	}
}

// current is the designated element: the deepest element of the chain
// whose ancestors are all still those it had, walking down from the
// document node, so a read costs the chain's length.
func (d *designation) current() *html.Node {
	k := len(d.chain)
	if k == 0 || d.chain[k-1].Type != html.DocumentNode {
		return nil
	}
	var cur *html.Node
	for i := k - 2; i >= 0; i-- {
		if d.chain[i].Parent != d.chain[i+1] {
			break
		}
		cur = d.chain[i]
	}
	return cur
}

// pointerRemoved is called when node, connected, is removed from the
// tree: the pointer's elements inside it fall to its parent.
func (d *Document) pointerRemoved(node *html.Node) {
	p := &d.pointer
	p.hover.removed(node)
	p.active.removed(node)
}

// SetHoverTarget says the pointer is over el, as a mouse moved onto it
// leaves it: el and its ancestors match :hover, and so does the labeled
// control of a label among them (HTML §4.16.3). A node other than an
// element designates its parent element, as a hit test on text finds the
// element holding it; nil, or a node not in the document, designates
// nothing (the pointer is outside the page). Package userevent calls it
// for every move of its pointer.
//
// When a script removes or moves the hovered element or one of its
// ancestors, the pointer is over the parent it was removed from, as in
// Chromium within the script's task: the removed element no longer
// matches :hover, even once put back. (Chromium then hit-tests again on a
// timer; without layout, the parent stays until the pointer moves.)
//
// A change of the hovered element computes again the styles of a
// document whose style sheets read live state (:hover, :focus, :checked,
// ...); other documents keep theirs.
func (d *Document) SetHoverTarget(el *Node) {
	if d.pointer.hover.set(d.designatable(el)) {
		d.liveChanged()
	}
}

// HoverTarget returns the element the pointer is over (see
// SetHoverTarget), nil when none.
func (d *Document) HoverTarget() *Node { return d.wrap(d.pointer.hover.current()) }

// SetActiveTarget says el is being activated: a primary mouse button went
// down on it and is held. el and its ancestors match :active, and so does
// the labeled control of a label among them (HTML §4.16.3); nil ends the
// activation, as releasing the button does. Removal and nodes that are
// not elements are handled as SetHoverTarget handles them. This is not
// ActiveElement, which is the focused element.
func (d *Document) SetActiveTarget(el *Node) {
	if d.pointer.active.set(d.designatable(el)) {
		d.liveChanged()
	}
}

// ActiveTarget returns the element being activated (see
// SetActiveTarget), nil when none.
func (d *Document) ActiveTarget() *Node { return d.wrap(d.pointer.active.current()) }

// designatable is el's nearest inclusive ancestor element when el is in
// d, nil otherwise.
func (d *Document) designatable(el *Node) *html.Node {
	if el == nil || el.doc != d || !el.IsConnected() {
		return nil
	}
	h := el.h
	for h != nil && h.Type != html.ElementNode {
		h = h.Parent
	}
	return h
}

// Pointer returns the hovered and the active element for :hover and
// :active (selector.PointerState).
func (s *selectorState) Pointer() (hovered, active *html.Node) {
	p := &(*Document)(s).pointer
	return p.hover.current(), p.active.current()
}

// LabeledControl returns a label's labeled control (selector.PointerState).
func (s *selectorState) LabeledControl(label *html.Node) *html.Node {
	return (*Document)(s).labelControl(label)
}
