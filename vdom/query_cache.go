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
// state up to date as it reads it (a select settling its selectedness,
// the autofocus candidate taking focus), which bumps liveVer without
// changing any answer, and the result is the one for the state the query
// left.
//
// Bound. At most queryCacheEntries results and queryCacheHandles handles
// in all are kept per document; a result that would pass either bound
// empties the table first (clear on overflow: no bookkeeping per hit), and
// a single result of more than queryCacheHandles handles is not kept.
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
	dom, live uint64
	// live is compared only when the selector reads state.
	readsState bool
	all        []*Node
	one        *Node
}

// queryCache is a document's table of query results; nil until the first
// query.
type queryCache struct {
	m       map[queryKey]queryEntry
	handles int // len(all) summed over the entries
}

// domChanged records a change of the tree, an attribute or character
// data. Every mutation path calls it once the change is made, before any
// listener can run.
func (d *Document) domChanged() {
	d.domVer++
	if c := d.queries; c != nil && len(c.m) > 0 {
		clear(c.m)
		c.handles = 0
	}
}

// liveChanged records a change of the state the selector.State reports:
// form control state, focus, the document's URL.
func (d *Document) liveChanged() { d.liveVer++ }

// cachedQuery returns the entry for k when it is still valid.
func (d *Document) cachedQuery(k queryKey) (queryEntry, bool) {
	c := d.queries
	if c == nil {
		return queryEntry{}, false
	}
	e, ok := c.m[k]
	if !ok || e.dom != d.domVer || e.readsState && e.live != d.liveVer {
		return queryEntry{}, false
	}
	return e, true
}

// keepQuery stores a result computed just now. all is kept as given: the
// caller hands out a copy.
func (d *Document) keepQuery(k queryKey, readsState bool, all []*Node, one *Node) {
	if len(k.sel) > queryCacheMaxSel || len(all) > queryCacheHandles {
		return
	}
	c := d.queries
	if c == nil {
		c = &queryCache{m: make(map[queryKey]queryEntry)}
		d.queries = c
	}
	old, had := c.m[k]
	if had {
		c.handles -= len(old.all)
	} else if len(c.m) >= queryCacheEntries || c.handles+len(all) > queryCacheHandles {
		clear(c.m)
		c.handles = 0
	}
	if had && c.handles+len(all) > queryCacheHandles {
		clear(c.m)
		c.handles = 0
	}
	c.m[k] = queryEntry{dom: d.domVer, live: d.liveVer, readsState: readsState, all: all, one: one}
	c.handles += len(all)
}

// copyNodes returns a copy of ns that shares nothing with it.
func copyNodes(ns []*Node) []*Node {
	out := make([]*Node, len(ns))
	copy(out, ns)
	return out
}
