package vdom

import (
	"github.com/eventperk/eventperk-go/internal/domext"
	"golang.org/x/net/html"
)

// The layers above vdom fire many events that nobody listens for (a unit
// fires ten lifecycle events as it starts, most without a handler). Making
// such an event and dispatching it costs an allocation, a clock read and a
// walk, and changes nothing anyone can see; these functions let them tell
// the case apart and skip it.
func init() {
	domext.DispatchIsNoOp = func(n any, typ string, bubbles bool) bool { return n.(*Node).dispatchIsNoOp(typ, bubbles) }
	domext.DispatchRunsOnly = func(n any, typ string, bubbles bool, only any) bool {
		l, ok := only.(Listener)
		return ok && n.(*Node).dispatchRunsOnly(typ, bubbles, l)
	}
	domext.TreeVersion = func(doc any) uint64 { return doc.(*Document).domVer }
}

// dispatchIsNoOp reports whether dispatching a new untrusted event of type
// typ at n (DispatchEvent of a CustomEvent, say), bubbling or not, would
// have no effect besides returning true and no error: no listener that it
// would reach on the event path (n, its ancestors, the document and its
// Window, as buildPath makes it: any listener of that type at n, and on the
// others a capturing one, or any one if the event bubbles), no activation
// behaviour (only click events have one), no nesting limit reached (that
// dispatch would fail) and no mutation records waiting (the dispatch's
// microtask checkpoint would deliver them).
func (n *Node) dispatchIsNoOp(typ string, bubbles bool) bool {
	return n.dispatchRunsOnly(typ, bubbles, nil)
}

// dispatchRunsOnly is dispatchIsNoOp, except that at n the listeners of
// typ whose callback is only (one or more, in either phase) are allowed:
// it reports whether the dispatch would run those and nothing else.
func (n *Node) dispatchRunsOnly(typ string, bubbles bool, only Listener) bool {
	doc := n.doc
	if doc == nil || typ == "click" || doc.nesting >= MaxDispatchNesting {
		return false
	}
	if doc.mo != nil && len(doc.mo.pending) > 0 {
		return false
	}
	for _, list := range [2][]*listener{n.store.capture, n.store.bubble} {
		for _, l := range list {
			if l != nil && !l.removed && l.typ == typ && (only == nil || l.cb != only) {
				return false
			}
		}
	}
	a := doc.listeningAncestors(n)
	for _, r := range a.listening {
		if w := r.node(); w != nil && storeListensFor(&w.store, typ, bubbles) {
			return false
		}
	}
	if a.docAbove && storeListensFor(&doc.Node.store, typ, bubbles) {
		return false
	}
	if a.reachedDoc && doc.window != nil && typ != "load" && storeListensFor(&doc.window.store, typ, bubbles) {
		return false
	}
	return true
}

// noopAncestors is what the event path of one node target looks like to
// dispatchIsNoOp: the ancestors that have listeners, and whether the path
// reaches the document. A unit asks about its root for each of its ten
// lifecycle events in a row; remembered, the walk up the tree and its map
// lookups are made once for the ten. The answer holds while no node moves
// or is removed (treeVer: the ancestors are the same) and no node starts
// to listen (listenGen: no other ancestor joins the list); a node of the
// list that stops listening has no listener left for the check to find.
type noopAncestors struct {
	h            *html.Node
	treeVer, gen uint64
	docAbove     bool // the document is a proper ancestor
	reachedDoc   bool // the path reaches the document (Window next)
	listening    []handleRef
	valid        bool
}

// listeningAncestors returns the listening ancestors of n, remembered
// from the last call when nothing that changes them happened since.
func (d *Document) listeningAncestors(n *Node) *noopAncestors {
	a := &d.noop
	if a.valid && a.h == n.h && a.treeVer == d.treeVer && a.gen == d.listenGen {
		return a
	}
	clear(a.listening)
	a.listening = a.listening[:0]
	a.h, a.treeVer, a.gen, a.valid = n.h, d.treeVer, d.listenGen, true
	a.docAbove, a.reachedDoc = false, n.h == d.Node.h
	lookup := len(d.listening) > 0
	for h := n.h.Parent; h != nil; h = h.Parent {
		if h == d.Node.h {
			a.docAbove, a.reachedDoc = true, true
			continue
		}
		if !lookup {
			continue
		}
		// Kept as the document keeps it: strongly in its tree, weakly
		// elsewhere, so remembering a detached tree's handle does not
		// keep it from being collected.
		if r, ok := d.listening[h]; ok {
			a.listening = append(a.listening, r)
		}
	}
	return a
}

// storeListensFor reports whether s holds a live listener for typ: a
// capturing one, or one of either phase if both is true.
func storeListensFor(s *listenerStore, typ string, both bool) bool {
	if listHas(s.capture, typ) {
		return true
	}
	return both && listHas(s.bubble, typ)
}

// listHas reports whether list holds a live registration for typ.
func listHas(list []*listener, typ string) bool {
	for _, l := range list {
		if l != nil && !l.removed && l.typ == typ {
			return true
		}
	}
	return false
}
