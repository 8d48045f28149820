package selector

import (
	"sync"

	"golang.org/x/net/html"
)

// This file holds the per-query cache of combinator loops. Matching right
// to left, every element that matches the subject walks up the tree for a
// descendant combinator (or back along its siblings for ~). On a page
// nested n levels deep, "body div" would then cost O(n²): each of the n divs
// walks up to the body. The outcome of such a loop depends only on the
// part of the selector and the node it starts at, so a query remembers it
// per (depth, part) slot, checked by node identity, and the query becomes
// linear. Match on a single element needs no memo.

type memoEntry struct {
	n   *html.Node
	gen uint32
	r   result
}

type memoTable []memoEntry

func (t memoTable) get(slot int, n *html.Node, gen uint32) (result, bool) {
	if slot < len(t) {
		if e := &t[slot]; e.n == n && e.gen == gen {
			return e.r, true
		}
	}
	return 0, false
}

func (t *memoTable) put(slot int, n *html.Node, gen uint32, r result) {
	if slot >= len(*t) {
		*t = append(*t, make(memoTable, max(slot+1-len(*t), len(*t)))...)
	}
	(*t)[slot] = memoEntry{n: n, gen: gen, r: r}
}

type memo struct {
	// gen tells this query's entries from those of earlier queries that
	// used the same tables, so tables need no clearing between queries.
	gen      uint32
	width    int // parts in the selector list: slots per depth level
	up, side memoTable
}

func (m *memo) slot(depth, part int) int { return depth*m.width + part }

// Tables are pooled: queries run often and allocate nothing but results.
var memoPool = sync.Pool{New: func() any { return new(memo) }}

func getMemo(width int) *memo {
	m := memoPool.Get().(*memo)
	m.gen++
	if m.gen == 0 { // wrapped: old entries could look current
		clear(m.up)
		clear(m.side)
		m.gen = 1
	}
	m.width = width
	return m
}

func putMemo(m *memo) { memoPool.Put(m) }

// treeDepth returns how many ancestors n has.
func treeDepth(n *html.Node) int {
	d := 0
	for p := n.Parent; p != nil; p = p.Parent {
		d++
	}
	return d
}
