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
// finds it again through nodes. Handles of nodes in the document's tree are
// held there strongly: the document reaches those nodes anyway, and holding
// their handles costs nothing on the paths that make and find them. A
// handle whose node is not in the document's tree (a removed subtree, a
// fragment, an element made by CreateElement) is held weakly: once no
// program holds it, it is collected with its node, and the next request
// for the node makes a new handle. Nothing can tell the two apart as long as
// the old one carried no state: no program holds it (or it would not have
// been collected), so none can compare it with the new one, and its
// listeners are the only thing a handle holds beyond its node. A handle
// with listeners in a detached tree must live as long as its node can be
// reached through the API, so its tree's island holds it: an object every
// live handle of that tree points to. Any node of a tree can be reached
// from any other (parent and child links), so a handle with listeners must
// live while any handle of its tree does, and that is what the island
// gives: a program that holds one handle of the tree holds the island,
// which holds the handles with listeners. The island also holds the handle
// of the tree's root, through which handles made later find it.
//
// Moving nodes keeps this true (handlesDetached, handlesInserted): a subtree
// that leaves the document's tree has its handles held weakly and takes
// those with listeners into a new island; one that joins it has its handles
// held strongly again and dissolves its island; a tree inserted into
// another detached tree merges islands.
//
// An *html.Node does not point to its handle, so a program that keeps only
// Node.HTML() of a node in a detached tree, holds no handle of that tree and
// calls Document.Wrap later gets a new handle without the old one's
// listeners, as the island went with the last handle. In the document's
// tree the handle is always found again.
//
// nodes is keyed by the node's address, not by a pointer, so that the entry
// of a collected handle does not keep the node (and with it the removed
// subtree) alive until the entry is dropped: the node goes in the same
// collection as its handle. An address is reused only once its node is
// freed, by when the handle, which points to the node, is collected and the
// weak pointer reads nil; wrap also checks that the handle it finds is the
// node's.
//
// A handle held weakly has a cleanup (runtime.AddCleanup, registered once)
// that queues its node's key on the document's deadQueue when the handle is
// collected. The cleanup runs on another goroutine, so it touches only the
// queue; the owner goroutine drops the dead entries when it next makes a
// handle or removes nodes (drainDead). The weak entries of listening, those
// of island members, die with their island, whose cleanup counts
// islandDeaths; a document that sees the count change sweeps listening.

// handleRef holds a handle: strongly (n) or weakly (w).
type handleRef struct {
	n *Node
	w weak.Pointer[Node]
}

// node returns the handle, or nil when there is none or it was collected.
func (r handleRef) node() *Node {
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
// counted out of its document's islands already, and that document's
// queue (the island moves with its handles when they change documents).
type islandLife struct {
	done atomic.Bool
	q    atomic.Pointer[deadQueue]
}

// nodeKey is a node's address, the key of Document.nodes.
type nodeKey uintptr

func nodeKeyOf(h *html.Node) nodeKey { return nodeKey(uintptr(unsafe.Pointer(h))) }

// newIsland makes an island of d whose tree's root has the handle root.
func (d *Document) newIsland(root *Node) *island {
	is := &island{root: root, members: make(map[*Node]struct{}), life: &islandLife{}}
	is.life.q.Store(d.dead)
	d.dead.islands.Add(1)
	runtime.AddCleanup(is, islandCollected, is.life)
	return is
}

func islandCollected(l *islandLife) {
	if !l.done.Swap(true) {
		q := l.q.Load()
		q.islands.Add(-1)
		q.islandDeaths.Add(1)
	}
}

// hasIslands reports whether a tree of d may have an island. While it is
// false, which is the case of every document none of whose nodes outside
// its tree has listeners, the moves skip their island walks and new handles
// look for no island.
func (d *Document) hasIslands() bool { return d.dead.islands.Load() > 0 }

// live reports whether is holds a tree's handles.
func (is *island) live() bool { return is != nil && is.root != nil }

// dissolve empties is: its tree joined another.
func (is *island) dissolve() {
	is.root, is.members = nil, nil
	if !is.life.done.Swap(true) {
		is.life.q.Load().islands.Add(-1)
	}
}

// deadQueue receives, from the cleanups of collected handles, the nodes
// whose entries in nodes and listening may be dead. It holds nothing of
// the document, so a pending cleanup does not keep a document alive.
type deadQueue struct {
	pending atomic.Bool
	mu      sync.Mutex
	keys    []nodeKey
	// islands counts the document's islands neither dissolved nor
	// collected; islandDeaths the ones collected.
	islands      atomic.Int64
	islandDeaths atomic.Uint64
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
	n.store.node = n
	if d.inTree(h) {
		d.nodes[nodeKeyOf(h)] = handleRef{n: n}
		return n
	}
	if d.hasIslands() {
		n.isl = d.islandOf(h)
	}
	d.loosen(n)
	return n
}

// inTree reports whether h is certainly in the document's tree, so that its
// handle is held strongly. It walks up at most 32 levels, then at most 32
// more looking for an ancestor held strongly (only nodes in the tree are);
// a node deeper than that from the root and from any such ancestor gets a
// handle held weakly, which is right for any node without listeners, and a
// node with listeners is held by listening. So making the handles of a
// tree 100,000 levels deep from the bottom up stays linear.
func (d *Document) inTree(h *html.Node) bool {
	root := d.Node.h
	a := h
	for range 32 {
		if a == nil {
			return false
		}
		if a == root {
			return true
		}
		a = a.Parent
	}
	for range 32 {
		if a == nil {
			return false
		}
		if a == root {
			return true
		}
		if r, ok := d.nodes[nodeKeyOf(a)]; ok && r.n != nil && r.n.h == a {
			return true
		}
		a = a.Parent
	}
	return false
}

// loosen holds n weakly: its node left the document's tree, or was never
// in it.
func (d *Document) loosen(n *Node) {
	d.nodes[nodeKeyOf(n.h)] = handleRef{w: weak.Make(n)}
	if !n.watched {
		n.watched = true
		d.watch(n)
	}
}

// watch queues n's node on d's deadQueue once n is collected.
func (d *Document) watch(n *Node) {
	runtime.AddCleanup(n, handleCollected, deadKey{d.dead, nodeKeyOf(n.h)})
}

// handle returns the live handle of h, or nil; it makes none.
func (d *Document) handle(h *html.Node) *Node {
	if r, ok := d.nodes[nodeKeyOf(h)]; ok {
		if n := r.node(); n != nil && n.h == h {
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
	if deaths := d.dead.islandDeaths.Load(); deaths != d.islandDeaths {
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
		if r, ok := d.nodes[k]; ok && r.node() == nil {
			delete(d.nodes, k)
			d.deleted++
		}
	}
	// A map that entries keep leaving fills with deleted slots, which
	// make every lookup of a missing key longer: copy the live entries
	// into a new one once as many entries left as are left.
	if d.deleted > 1024 && d.deleted > len(d.nodes) {
		nodes := make(map[nodeKey]handleRef, len(d.nodes))
		for k, r := range d.nodes {
			nodes[k] = r
		}
		d.nodes, d.deleted = nodes, 0
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
	is := d.newIsland(root)
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
		d.listening[n.h] = handleRef{n: n}
		return
	}
	is := d.islandAt(r)
	is.members[n] = struct{}{}
	d.listening[n.h] = handleRef{w: weak.Make(n)}
}

// stopListening records that n has no listeners any more. An island keeps
// it as a member: it is part of the island's tree anyway.
func (d *Document) stopListening(n *Node) { delete(d.listening, n.h) }

// handlesDetached is called once the subtree of s has left its parent, a
// node of the document's tree when wasConnected. The document holds the
// handles of the subtree weakly from now on; those with listeners go into
// a new island, out of the document's or of the old tree's; every live
// handle of the subtree points to that island.
func (d *Document) handlesDetached(s *html.Node, wasConnected bool) {
	d.drainDead()
	if !wasConnected && !d.hasIslands() {
		return
	}
	live := d.spareHandles[:0]
	listeners := false
	visit := func(h *html.Node) {
		if n := d.handle(h); n != nil {
			if wasConnected {
				d.loosen(n)
			}
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
		is = d.newIsland(d.wrap(s))
	}
	for _, n := range live {
		if old := n.isl; old.live() {
			delete(old.members, n)
		}
		n.isl = is
		if is != nil && n.store.len() > 0 {
			is.members[n] = struct{}{}
			d.listening[n.h] = handleRef{w: weak.Make(n)}
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
	if connected {
		d.tighten(c.h)
	}
	if !d.hasIslands() {
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
					d.listening[n.h] = handleRef{n: n}
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

// tighten holds the handles of top's inclusive subtree, now in the
// document's tree, strongly.
func (d *Document) tighten(top *html.Node) {
	hold := func(h *html.Node) {
		k := nodeKeyOf(h)
		if r, ok := d.nodes[k]; ok && r.n == nil {
			if n := r.w.Value(); n != nil && n.h == h {
				d.nodes[k] = handleRef{n: n}
			}
		}
	}
	hold(top)
	for h := range descendants(top) {
		hold(h)
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
		k := nodeKeyOf(h)
		p, ok := from.nodes[k]
		if !ok {
			return
		}
		delete(from.nodes, k)
		from.deleted++
		r, listening := from.listening[h]
		if listening {
			delete(from.listening, h)
		}
		n := p.node()
		if n == nil || n.h != h {
			return
		}
		n.doc = d
		d.nodes[k] = p
		if is := n.isl; is.live() && is.life.q.Load() == from.dead {
			// The island goes with its tree (it is alive: n holds it).
			is.life.q.Store(d.dead)
			from.dead.islands.Add(-1)
			d.dead.islands.Add(1)
		}
		// The cleanup registered by from queues the node there, where
		// it is no longer found.
		n.watched = true
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
