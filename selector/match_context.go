package selector

import "golang.org/x/net/html"

// This file holds MatchContext, for matching many rule selectors against
// the elements of one tree: a cascade. Matching right to left, a rule
// such as ".sidebar a" walks up from every link to look for .sidebar; on
// a page nested n levels deep, styling every element that way costs
// O(n²). The outcome of such a walk depends only on the part of the
// selector and the element it starts from, so the context remembers it,
// keyed by both, for as long as neither the tree nor its state changes,
// and styling the tree becomes linear. Queries do the same with a memo
// per query (memo.go); a cascade asks about one element at a time, in any
// order, so this memo is keyed by the element itself.

// sharedKey names the outcome of a walk: part i of c matched from n
// upwards (a descendant combinator) or backwards (a general sibling
// combinator; a part is reached by one kind of combinator only).
type sharedKey struct {
	n *html.Node
	c *complexSel
	i int
}

type sharedMemo map[sharedKey]result

// maxShared bounds the entries a MatchContext keeps (up to 80 bytes each,
// measured: some 40 MB in all); past it the memo starts afresh, so
// matching stays correct and memory bounded, and a tree that needs more
// may cost more than linear time.
const maxShared = 1 << 19

func (m sharedMemo) put(k sharedKey, r result) {
	if len(m) >= maxShared {
		clear(m)
	}
	m[k] = r
}

// MatchContext matches rule selectors against the elements of one tree
// while neither the tree nor its live state changes, as a cascade does
// when it computes styles. It remembers, from one call to the next, what
// the walks up the tree and back along siblings found for each part of
// each selector, and reads the State's focus once, so that matching every
// rule of a sheet against every element costs time linear in the size of
// the tree even on pages nested a hundred thousand levels deep (for the
// combinators of the selectors and of the :is() and & inside them; those
// inside :has() walk without memo, as in queries).
//
// A MatchContext is not safe for concurrent use. After the tree or the
// state changes, call Reset before matching again: what it remembers
// would be out of date.
type MatchContext struct {
	live   liveCtx
	shared sharedMemo
}

// NewMatchContext returns a context whose matches ask st about live state;
// nil means [Static].
func NewMatchContext(st State) *MatchContext {
	c := &MatchContext{shared: make(sharedMemo)}
	c.live.st = orStatic(st)
	return c
}

// Reset forgets what c remembers and sets the State to ask from now on
// (nil means [Static]), keeping c's memory for reuse.
func (c *MatchContext) Reset(st State) {
	clear(c.shared)
	c.live = liveCtx{st: orStatic(st)}
}

// Matches is [RuleSelector.Matches] with c's State and memory.
func (c *MatchContext) Matches(r *RuleSelector, el *html.Node) bool {
	switch {
	case el == nil || el.Type != html.ElementNode:
		return false
	case r.single:
		return r.plain == nil || r.plain.Match(el)
	}
	x := mctx{live: &c.live, shared: c.shared}
	return r.list.match(el, 0, &x)
}
