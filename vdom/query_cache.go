package vdom

import (
	"golang.org/x/net/html"
)

// This file keeps the results of QuerySelectorAll and QuerySelector until
// the document changes in a way that could change them. Pages and the code
// that drives them ask the same few selectors from the same few roots over
// and over between changes (a handler looks up its fields, a test asserts
// on a list after every step), and a stored result costs a map lookup and
// a copy where the query walks the subtree.
//
// Validity. A result depends on the tree (nodes, attributes, text: the
// document's mutation counter domVer, bumped by every change of any of
// them, see domChanged) and, for selectors that ask the selector.State
// (Selector.ReadsState: :checked, :focus, :valid, :target, ...), on the
// live state too (liveVer, bumped by every write of form control state,
// every focus move and a change of the document's URL, see liveChanged).
// An entry records both counters as they were after its query ran and is
// used only while they are the same. Any change of the tree also empties
// the table, so results that can no longer be used do not keep their
// nodes alive.
//
// The counters are read after the query, not before: a query may bring
// state up to date before it reads it (a select settling its selectedness,
// the autofocus candidate taking focus), which bumps liveVer, and its
// result is the one for the state it left. No other code runs during a
// query: no listener, no task.
//
// Bound. At most queryCacheEntries results and queryCacheHandles handles
// in all are kept per document; a result that would pass either bound
// empties the table first (clear on overflow: no bookkeeping per hit), and
// a single result of more than queryCacheHandles handles is not kept. Per
// root at most queryCachePerRoot selectors are kept, the oldest making
// way for a new one.
//
// Results handed out are copies: callers may change them freely.
//
// Changes made to the x/net/html nodes directly (through Node.HTML) are
// not seen, as they are not by the id index; Node.HTML says to change the
// tree through Node's methods only.

const (
	// queryCacheEntries bounds the results kept per document: enough for
	// a few hundred roots times a handful of selectors.
	queryCacheEntries = 4096
	// queryCacheHandles bounds the handles kept in all the results of a
	// document (8 bytes each: 2 MiB).
	queryCacheHandles = 1 << 18
	// queryCacheMaxSel is the longest selector string whose results are
	// kept, as for the selector package's compile cache.
	queryCacheMaxSel = 4096
)

type queryKey struct {
	root  *html.Node
	sel   string
	first bool // QuerySelector's result rather than QuerySelectorAll's
}

type queryEntry struct {
	sel   string
	first bool
	dom   uint64
	live  uint64
	// live is compared only when the selector reads state.
	readsState bool
	all        []*Node
	one        *Node
}

// queryCache is a document's table of query results; nil until the first
// query. Results are grouped by root: a lookup hashes a pointer, not the
// selector string, and then compares the selectors of that root, which
// are few (at most queryCachePerRoot; the string comparison stops at the
// pointer when the caller passes the same string each time, as string
// literals are).
type queryCache struct {
	roots   map[*html.Node]*rootQueries
	entries int // results kept, over all roots
	handles int // len(all) summed over the entries
}

// rootQueries are the results kept for one root. When full, a new result
// takes the place of the oldest.
type rootQueries struct {
	list []queryEntry
	next int
}

// queryCachePerRoot bounds the selectors whose results are kept per root.
const queryCachePerRoot = 16

// domChanged records a change of the tree, an attribute or character
// data. Every mutation path calls it once the change is made, before any
// listener can run.
func (d *Document) domChanged() {
	d.domVer++
	if c := d.queries; c != nil && c.entries > 0 {
		c.reset()
	}
}

// liveChanged records a change of the state the selector.State reports:
// form control state, focus, the document's URL. When a style sheet's
// selectors read that state, the focused element's style may change.
func (d *Document) liveChanged() {
	d.liveVer++
	if d.focus.node != nil && !d.focus.fixupQueued && d.styles != nil && d.styles.readsState {
		d.queueFocusFixup()
	}
}

func (c *queryCache) reset() {
	clear(c.roots)
	c.entries, c.handles = 0, 0
}

// cachedQuery returns the entry for k when it is still valid.
func (d *Document) cachedQuery(k queryKey) (*queryEntry, bool) {
	c := d.queries
	if c == nil {
		return nil, false
	}
	rq := c.roots[k.root]
	if rq == nil {
		return nil, false
	}
	for i := range rq.list {
		e := &rq.list[i]
		if e.sel == k.sel && e.first == k.first {
			if e.dom != d.domVer || e.readsState && e.live != d.liveVer {
				return nil, false
			}
			return e, true
		}
	}
	return nil, false
}

// keepQuery stores a result computed just now. all is kept as given: the
// caller hands out a copy.
func (d *Document) keepQuery(k queryKey, readsState bool, all []*Node, one *Node) {
	if len(k.sel) > queryCacheMaxSel || len(all) > queryCacheHandles {
		return
	}
	c := d.queries
	if c == nil {
		c = &queryCache{roots: make(map[*html.Node]*rootQueries)}
		d.queries = c
	}
	e := queryEntry{sel: k.sel, first: k.first, dom: d.domVer, live: d.liveVer, readsState: readsState, all: all, one: one}
	rq := c.roots[k.root]
	slot := -1
	if rq != nil {
		for i := range rq.list {
			if rq.list[i].sel == k.sel && rq.list[i].first == k.first {
				slot = i
				break
			}
		}
		if slot < 0 && len(rq.list) == queryCachePerRoot {
			slot = rq.next
			rq.next = (rq.next + 1) % queryCachePerRoot
		}
	}
	if slot >= 0 {
		// Replace: the old result leaves the counts.
		c.entries--
		c.handles -= len(rq.list[slot].all)
	}
	if c.entries >= queryCacheEntries || c.handles+len(all) > queryCacheHandles {
		c.reset()
		rq, slot = nil, -1
	}
	if rq == nil {
		rq = &rootQueries{}
		c.roots[k.root] = rq
	}
	if slot >= 0 {
		rq.list[slot] = e
	} else {
		rq.list = append(rq.list, e)
	}
	c.entries++
	c.handles += len(all)
}

// copyNodes returns a copy of ns that shares nothing with it.
func copyNodes(ns []*Node) []*Node {
	out := make([]*Node, len(ns))
	copy(out, ns)
	return out
}
