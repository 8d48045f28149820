package vdom

import (
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
	"weak"

	"golang.org/x/net/html"
)

// How long a handle lives.
//
// A document gives out one *Node per tree node, made on first use, and
// finds it again through nodes, which holds it weakly: a handle nobody
// holds is collected, and the next request for its node makes a new one.
// Nothing can tell the two apart as long as the old one carried no state:
// no program holds it (or it would not have been collected), so none can
// compare it with the new one, and its listeners are the only thing a
// handle holds beyond its node. A handle with listeners must live as long
// as its node can be reached through the API, so something holds it
// strongly:
//
//   - in the document's tree: the document, in listening. Every node of the
//     tree can be reached from the document, so these handles live as long
//     as the document and their node stays in its tree.
//   - in a detached tree (a removed subtree, a fragment, an element made by
//     CreateElement with children): the tree's island, an object every live
//     handle of that tree points to. Any node of a tree can be reached from
//     any other (parent and child links), so a handle with listeners must
//     live while any handle of its tree does, and that is what the island
//     gives: a program that holds one handle of the tree holds the island,
//     which holds the handles with listeners. The island holds the handle of
//     the tree's root as well, through which handles made later find it.
//
// Moving nodes keeps this true (handlesDetached, handlesInserted): a subtree
// that leaves the document's tree takes its handles with listeners into a
// new island; one that joins it gives them to the document and dissolves
// its island; a tree inserted into another detached tree merges islands.
//
// An *html.Node does not point to its handle, so a program that keeps only
// Node.HTML() of a node in a detached tree, holds no handle of that tree and
// calls Document.Wrap later gets a new handle without the old one's
// listeners, as the island went with the last handle. In the document's
// tree the listeners are always found again.
//
// nodes is keyed by the node's address, not by a pointer, so that the entry
// of a collected handle does not keep the node (and with it the removed
// subtree) alive until the entry is dropped: the node goes in the same
// collection as its handle. An address is reused only once its node is
// freed, by when the handle, which points to the node, is collected and the
// weak pointer reads nil; wrap also checks that the handle it finds is the
// node's.
//
// Every handle has a cleanup (runtime.AddCleanup) that queues its node's
// key on the document's deadQueue when the handle is collected. The cleanup
// runs on another goroutine, so it touches only the queue; the owner
// goroutine drops the dead entries when it next makes a handle or removes
// nodes (drainDead). The weak entries of listening, those of island
// members, die with their island, whose cleanup counts islandDeaths; a
// document that sees the count change sweeps listening.

// listenRef holds a node with listeners: strongly in the document's tree,
// weakly in a detached tree, whose island holds it.
type listenRef struct {
	n *Node
	w weak.Pointer[Node]
}

// node returns the handle, or nil when there is none or it was collected.
func (r listenRef) node() *Node {
	if r.n != nil {
		return r.n
	}
	return r.w.Value()
}

// island holds the handles with listeners of one detached tree, and the
// handle of its root; every live handle of the tree points to it. A
// dissolved island (root nil) holds nothing: handles may still point to one
// until their subtree next leaves a tree.
type island struct {
	root    *Node
	members map[*Node]struct{}
	life    *islandLife
}

// islandLife is the part of an island its cleanup sees: whether it was
// counted out of liveIslands already.
type islandLife struct{ done atomic.Bool }

// nodeKey is a node's address, the key of Document.nodes.
type nodeKey uintptr

func keyOf(h *html.Node) nodeKey { return nodeKey(uintptr(unsafe.Pointer(h))) }

// islandDeaths counts the islands collected, over all documents.
var islandDeaths atomic.Uint64

// liveIslands counts the islands neither dissolved nor collected, over all
// documents (handles move between documents with their islands). While it
// is zero, which is the case of every program that adds no listener to a
// detached node, no tree has an island and the moves skip their walks.
var liveIslands atomic.Int64

func newIsland(root *Node) *island {
	is := &island{root: root, members: make(map[*Node]struct{}), life: &islandLife{}}
	liveIslands.Add(1)
	runtime.AddCleanup(is, islandCollected, is.life)
	return is
}

func islandCollected(l *islandLife) {
	if !l.done.Swap(true) {
		liveIslands.Add(-1)
		islandDeaths.Add(1)
	}
}

// live reports whether is holds a tree's handles.
func (is *island) live() bool { return is != nil && is.root != nil }

// dissolve empties is: its tree joined another.
func (is *island) dissolve() {
	is.root, is.members = nil, nil
	if !is.life.done.Swap(true) {
		liveIslands.Add(-1)
	}
}

// deadQueue receives, from the cleanups of collected handles, the nodes
// whose entries in nodes and listening may be dead. It holds nothing of
// the document, so a pending cleanup does not keep a document alive.
type deadQueue struct {
	pending atomic.Bool
	mu      sync.Mutex
	keys    []nodeKey
}

// deadKey is the argument of a handle's cleanup; it holds no pointer to
// the node, which may go in the same collection.
type deadKey struct {
	q *deadQueue
	k nodeKey
}

func handleCollected(k deadKey) {
	k.q.mu.Lock()
	k.q.keys = append(k.q.keys, k.k)
	k.q.pending.Store(true)
	k.q.mu.Unlock()
}

// newHandle makes the handle of h, which has none.
func (d *Document) newHandle(h *html.Node) *Node {
	d.drainDead()
	n := &Node{h: h, doc: d}
	if liveIslands.Load() > 0 {
		n.isl = d.islandOf(h)
	}
	d.nodes[keyOf(h)] = weak.Make(n)
	d.watch(n)
	return n
}

// watch queues n's node on d's deadQueue once n is collected.
func (d *Document) watch(n *Node) {
	runtime.AddCleanup(n, handleCollected, deadKey{d.dead, keyOf(n.h)})
}

// handle returns the live handle of h, or nil; it makes none.
func (d *Document) handle(h *html.Node) *Node {
	if p, ok := d.nodes[keyOf(h)]; ok {
		if n := p.Value(); n != nil && n.h == h {
			return n
		}
		return nil
	}
	if h == d.Node.h {
		return &d.Node
	}
	return nil
}

// drainDead drops the entries of collected handles.
func (d *Document) drainDead() {
	if deaths := islandDeaths.Load(); deaths != d.islandDeaths {
		d.islandDeaths = deaths
		for h, r := range d.listening {
			if r.n == nil && r.w.Value() == nil {
				delete(d.listening, h)
			}
		}
	}
	q := d.dead
	if !q.pending.Load() {
		return
	}
	q.mu.Lock()
	keys := q.keys
	q.keys = nil
	q.pending.Store(false)
	q.mu.Unlock()
	for _, k := range keys {
		// A new handle may have taken the place of the collected one.
		if p, ok := d.nodes[k]; ok && p.Value() == nil {
			delete(d.nodes, k)
		}
	}
}

// islandOf returns the island of h's tree, nil when it has none.
func (d *Document) islandOf(h *html.Node) *island {
	r := treeRoot(h)
	if r == d.Node.h {
		return nil
	}
	if n := d.handle(r); n != nil && n.isl.live() && n.isl.root == n {
		return n.isl
	}
	return nil
}

// islandAt returns the island of the detached tree whose root is r, made
// when the tree has none.
func (d *Document) islandAt(r *html.Node) *island {
	root := d.wrap(r)
	if root.isl.live() && root.isl.root == root {
		return root.isl
	}
	is := newIsland(root)
	d.setIsland(r, is)
	return is
}

// setIsland points every live handle of top's inclusive subtree to is.
func (d *Document) setIsland(top *html.Node, is *island) {
	if n := d.handle(top); n != nil {
		n.isl = is
	}
	for h := range descendants(top) {
		if n := d.handle(h); n != nil {
			n.isl = is
		}
	}
}

// startListening records that n has listeners now.
func (d *Document) startListening(n *Node) {
	d.listenGen++
	r := treeRoot(n.h)
	if r == d.Node.h {
		d.listening[n.h] = listenRef{n: n}
		return
	}
	is := d.islandAt(r)
	is.members[n] = struct{}{}
	d.listening[n.h] = listenRef{w: weak.Make(n)}
}

// stopListening records that n has no listeners any more. An island keeps
// it as a member: it is part of the island's tree anyway.
func (d *Document) stopListening(n *Node) { delete(d.listening, n.h) }

// listeningIn reports whether a node of s's inclusive subtree may have
// listeners, answering without a walk when few nodes have any.
func (d *Document) listeningIn(s *html.Node) bool {
	if len(d.listening) > 16 {
		return true
	}
	for h := range d.listening {
		for a := h; a != nil; a = a.Parent {
			if a == s {
				return true
			}
		}
	}
	return false
}

// handlesDetached is called once the subtree of s has left its parent, a
// node of the document's tree when wasConnected. The handles with listeners
// of the subtree go into a new island, out of the document's or of the old
// tree's; every live handle of the subtree points to that island.
func (d *Document) handlesDetached(s *html.Node, wasConnected bool) {
	d.drainDead()
	if wasConnected {
		if !d.listeningIn(s) {
			return
		}
	} else if liveIslands.Load() == 0 {
		return
	}
	live := d.spareHandles[:0]
	listeners := false
	visit := func(h *html.Node) {
		if n := d.handle(h); n != nil {
			live = append(live, n)
			listeners = listeners || n.store.len() > 0
		}
	}
	visit(s)
	for h := range descendants(s) {
		visit(h)
	}
	var is *island
	if listeners {
		is = newIsland(d.wrap(s))
	}
	for _, n := range live {
		if old := n.isl; old.live() {
			delete(old.members, n)
		}
		n.isl = is
		if is != nil && n.store.len() > 0 {
			is.members[n] = struct{}{}
			d.listening[n.h] = listenRef{w: weak.Make(n)}
		}
	}
	if is != nil && is.root.isl != is {
		// d.wrap(s) made the root's handle after the walk.
		is.root.isl = is
	}
	clear(live)
	d.spareHandles = live[:0]
}

// handlesInserted is called once c's subtree, the root of a detached tree
// until now, is a child of a node of d, in the document's tree when
// connected: the document takes the handles with listeners of c's island,
// or the island of the tree c joined takes them, or c's island now holds
// that whole tree.
func (d *Document) handlesInserted(c *Node, connected bool) {
	if liveIslands.Load() == 0 {
		return
	}
	ci := c.isl
	if !ci.live() || ci.root != c {
		ci = nil
	}
	if connected {
		if ci != nil {
			for n := range ci.members {
				if n.store.len() > 0 {
					d.listening[n.h] = listenRef{n: n}
				}
			}
			ci.dissolve()
		}
		return
	}
	r := treeRoot(c.h)
	ti := d.islandOf(r)
	switch {
	case ci == nil && ti == nil:
	case ci == nil:
		d.setIsland(c.h, ti)
	case ti == nil:
		ci.root = d.wrap(r)
		d.setIsland(r, ci)
	default:
		for n := range ci.members {
			ti.members[n] = struct{}{}
		}
		ci.dissolve()
		d.setIsland(c.h, ti)
	}
}

// moveHandles moves the handles of root's inclusive subtree, a detached
// tree, from the document from to d, with their listeners and the
// registered observers of its nodes. Their islands go with them.
func (d *Document) moveHandles(from *Document, root *html.Node) {
	move := func(h *html.Node) {
		if from.mo != nil {
			from.adoptRegistrations(h, d)
		}
		k := keyOf(h)
		p, ok := from.nodes[k]
		if !ok {
			return
		}
		delete(from.nodes, k)
		r, listening := from.listening[h]
		if listening {
			delete(from.listening, h)
		}
		n := p.Value()
		if n == nil || n.h != h {
			return
		}
		n.doc = d
		d.nodes[k] = p
		// The cleanup registered by from queues the node there, where
		// it is no longer found.
		d.watch(n)
		if listening {
			d.listening[h] = r
			d.listenGen++
		}
	}
	move(root)
	for h := range descendants(root) {
		move(h)
	}
}
