package selector

import (
	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"
)

// This file holds the compiled form of a selector and the right-to-left
// matcher that runs it. It is used whenever cascadia's own matcher cannot
// express the selector (:scope, :is(), :where(), :has(), the scoped query
// of QueryScoped) and for queries whose combinators walk up or along the
// tree, where it can use a memo (memo.go); see compile.go for how it is
// built.

// selList is a selector list: it matches when any of its complex selectors
// matches.
type selList []complexSel

// complexSel is a chain of compounds joined by combinators, stored right to
// left because matching starts at the subject: parts[0] is the subject, and
// combs[i] joins parts[i] to parts[i+1], its left neighbour.
type complexSel struct {
	parts []compound
	combs []byte // ' ', '>', '+' or '~'
	// lead is the combinator from the :has() anchor for a relative selector
	// (the anchor itself is the last part), 0 for an ordinary selector.
	lead byte
	// memoBase numbers this selector's parts within its list, for memo
	// slots.
	memoBase int
	// implicitScope marks the ":scope " QueryScoped puts in front (the last
	// part); it is checked without walking up to the scope (see matchFrom).
	implicitScope bool
	// depth bounds how far below the anchoring element (the :scope element,
	// or the :has() anchor) the subject can be; -1 when it is unbounded.
	// Traversals use it to stop descending early (":scope > li" only
	// looks at children).
	depth int
}

// compound is one compound selector: every condition must hold for the same
// node.
type compound struct {
	m      cascadia.Matcher // the plain simple selectors; nil when there are none (or only "*")
	subs   []sub            // :is(), :where(), :not(), :has()
	own    []ownPseudo      // the pseudo-classes of pseudo_own.go
	state  stateMask        // pseudo-classes matched through a State (state.go)
	scope  bool             // must be the scoping root
	anchor bool             // must be the :has() anchor (set only on the implicit leftmost part of a relative selector)
	elem   bool             // must be an element; false only for a compound made of :scope alone (or the implicit anchor)
}

type subKind uint8

const (
	subIs  subKind = iota // :is() and :where(): specificity is irrelevant for matching
	subNot                // :not()
	subHas                // :has()
)

// sub is a pseudo-class that takes a selector list.
type sub struct {
	kind subKind
	list selList
}

// mctx is what matching needs besides the node.
type mctx struct {
	// scope is the :scope element, the node a query runs on (it may be a
	// document node). nil means there is no scoping root, and :scope then
	// stands for the root element of the node's tree, as in Selectors 4.
	scope *html.Node
	// anchor is the element a :has() argument is evaluated for.
	anchor *html.Node
	// limit, when set, is the highest node any part of the selector may
	// match: walks up the tree stop there. QueryScoped sets it to its root
	// and :has() to its anchor, where every part must lie inside; the plain
	// queries leave it nil, because in the DOM ancestors outside the query
	// root take part in matching.
	limit *html.Node
	// memo, when set, caches combinator loops for one query (memo.go).
	memo *memo
	// shared, when set, caches combinator loops across the calls of a
	// MatchContext (match_context.go); memo and shared are never both set.
	shared sharedMemo
	// live is the State of the query and what was read from it (state.go);
	// set only when the selector uses a state pseudo-class.
	live *liveCtx
}

// result is the outcome of matching part of a complex selector. Beyond
// "no", it says how far back the caller must go before another candidate
// can succeed, which keeps matching linear in the tree depth for chains of
// descendant and sibling combinators instead of exponential. The scheme is
// the one browsers use (Servo's matching.rs, after WebKit's).
type result uint8

const (
	matched result = iota
	// failSibling: try the next candidate of the nearest ~ or descendant
	// combinator to the right.
	failSibling
	// failDescendant: later-sibling candidates cannot help either; go back
	// to the nearest descendant combinator.
	failDescendant
	// failGlobal: the tree has been exhausted; no other candidate for any
	// combinator to the right can succeed.
	failGlobal
)

// match reports whether n, which must be an element, matches any selector
// of l. It is the hot path of every query that is not on cascadia's
// matcher, so the subject compound is checked here before the call into
// matchLeft. depth is n's depth in its tree; it matters only when x.memo is
// set.
func (l selList) match(n *html.Node, depth int, x *mctx) bool {
	for i := range l {
		c := &l[i]
		p := &c.parts[0]
		if p.m != nil && !p.m.Match(n) {
			continue
		}
		if !p.matchesBesidesPlain(n, x) {
			continue
		}
		if len(c.parts) == 1 || c.matchLeft(0, n, depth, x) == matched {
			return true
		}
	}
	return false
}

// matchFrom matches parts[i:] with parts[i] at n.
func (c *complexSel) matchFrom(i int, n *html.Node, depth int, x *mctx) result {
	if !c.parts[i].matches(n, x) {
		return failSibling
	}
	return c.matchLeft(i, n, depth, x)
}

// matchLeft matches parts[i+1:] given that parts[i] matches n.
func (c *complexSel) matchLeft(i int, n *html.Node, depth int, x *mctx) result {
	if i+1 == len(c.parts) {
		return matched
	}
	if c.implicitScope && i+2 == len(c.parts) {
		// The implicit ":scope " of QueryScoped, where limit is the
		// scope: no walk leaves the scope's subtree, so "n has the scope
		// as an ancestor" is just n != scope, with no walk up.
		if n == x.scope {
			return failGlobal
		}
		return matched
	}
	switch c.combs[i] {
	case '>':
		p := up(n, x.limit)
		if p == nil {
			return failGlobal
		}
		if r := c.matchFrom(i+1, p, depth-1, x); r != failSibling {
			return r
		}
		return failDescendant
	case ' ':
		p := up(n, x.limit)
		if p == nil {
			return failGlobal
		}
		return c.ancestorLoop(i+1, p, depth-1, x)
	case '+':
		if n == x.limit {
			return failDescendant // siblings of the limit lie outside it
		}
		p := prevElement(n)
		if p == nil {
			return failDescendant
		}
		return c.matchFrom(i+1, p, depth, x)
	default: // '~'
		if n == x.limit {
			return failDescendant
		}
		p := prevElement(n)
		if p == nil {
			return failDescendant
		}
		return c.siblingLoop(i+1, p, depth, x)
	}
}

// ancestorLoop is the descendant combinator: it matches parts[i:] with
// parts[i] at p or else at the nearest ancestor of p where that succeeds,
// stopping early on failGlobal. Its outcome depends only on (i, p) within a
// query, so with a memo every node's outcome is computed once per part,
// which keeps a query linear on deep pages.
func (c *complexSel) ancestorLoop(i int, p *html.Node, depth int, x *mctx) result {
	m, sh := x.memo, x.shared
	r := failGlobal
	q, d := p, depth
	for q != nil {
		if m != nil {
			if v, ok := m.up.get(m.slot(d, c.memoBase+i), q, m.gen); ok {
				r = v
				break
			}
		} else if sh != nil {
			if v, ok := sh[sharedKey{q, c, i}]; ok {
				r = v
				break
			}
		}
		if v := c.matchFrom(i, q, d, x); v == matched || v == failGlobal {
			r = v
			if m != nil {
				m.up.put(m.slot(d, c.memoBase+i), q, m.gen, r)
			} else if sh != nil {
				sh.put(sharedKey{q, c, i}, r)
			}
			break
		}
		q, d = up(q, x.limit), d-1
	}
	if m != nil {
		// Every node passed on the way shares the outcome.
		for s, sd := p, depth; s != q; s, sd = up(s, x.limit), sd-1 {
			m.up.put(m.slot(sd, c.memoBase+i), s, m.gen, r)
		}
	} else if sh != nil {
		for s := p; s != q; s = up(s, x.limit) {
			sh.put(sharedKey{s, c, i}, r)
		}
	}
	return r
}

// siblingLoop is the general sibling combinator: it matches parts[i:] with
// parts[i] at p or else at an earlier element sibling. Like ancestorLoop it
// is memoized per query, so a long list of siblings costs linear time.
func (c *complexSel) siblingLoop(i int, p *html.Node, depth int, x *mctx) result {
	m, sh := x.memo, x.shared
	r := failDescendant
	q := p
	for ; q != nil; q = prevElement(q) {
		if m != nil {
			if v, ok := m.side.get(m.slot(depth, c.memoBase+i), q, m.gen); ok {
				r = v
				break
			}
		} else if sh != nil {
			if v, ok := sh[sharedKey{q, c, i}]; ok {
				r = v
				break
			}
		}
		if v := c.matchFrom(i, q, depth, x); v != failSibling {
			r = v
			break
		}
	}
	if m != nil {
		// One slot per depth and part: keep the entry for p, the one the
		// next sibling's loop asks for first.
		m.side.put(m.slot(depth, c.memoBase+i), p, m.gen, r)
	} else if sh != nil {
		// Every sibling passed on the way shares the outcome.
		for s := p; s != q; s = prevElement(s) {
			sh.put(sharedKey{s, c, i}, r)
		}
	}
	return r
}

// up returns n's parent, or nil when n is the limit (nothing above it may
// take part).
func up(n, limit *html.Node) *html.Node {
	if n == limit {
		return nil
	}
	return n.Parent
}

func prevElement(n *html.Node) *html.Node {
	for n = n.PrevSibling; n != nil; n = n.PrevSibling {
		if n.Type == html.ElementNode {
			return n
		}
	}
	return nil
}

func nextElement(n *html.Node) *html.Node {
	for n = n.NextSibling; n != nil; n = n.NextSibling {
		if n.Type == html.ElementNode {
			return n
		}
	}
	return nil
}

// matches reports whether n matches c. Only a compound of :scope alone (or
// the implicit :has() anchor) can match a node that is not an element: the
// scoping root may be a document (document.querySelector(":scope > html")
// finds the html element).
func (c *compound) matches(n *html.Node, x *mctx) bool {
	if c.elem && (n.Type != html.ElementNode || c.m != nil && !c.m.Match(n)) {
		return false
	}
	return c.matchesBesidesPlain(n, x)
}

// matchesBesidesPlain checks all of c but the element test and the plain
// simple selectors (m).
func (c *compound) matchesBesidesPlain(n *html.Node, x *mctx) bool {
	if c.scope {
		if x.scope != nil {
			if n != x.scope {
				return false
			}
		} else if !isTreeRoot(n) {
			return false
		}
	}
	if c.anchor && n != x.anchor {
		return false
	}
	if c.state != 0 && !x.live.matchState(n, c.state) {
		return false
	}
	for i := range c.subs {
		if !c.subs[i].matches(n, x) {
			return false
		}
	}
	for i := range c.own {
		if !c.own[i].matches(n, x) {
			return false
		}
	}
	return true
}

// isTreeRoot reports whether n is the root element of its tree, which is
// what :scope stands for when there is no scoping root.
func isTreeRoot(n *html.Node) bool {
	return n.Type == html.ElementNode && (n.Parent == nil || n.Parent.Type == html.DocumentNode)
}

func (s *sub) matches(n *html.Node, x *mctx) bool {
	switch s.kind {
	case subIs, subNot:
		// The argument is matched against the same element, with the same
		// :scope, but with no limit: inside :is() ancestors anywhere may
		// take part, just as at the top level of a plain query.
		inner := mctx{scope: x.scope, live: x.live, shared: x.shared}
		return s.list.match(n, 0, &inner) == (s.kind == subIs)
	default:
		return hasMatch(n, s.list, x.scope, x.live)
	}
}

// hasMatch reports whether some element related to anchor as the relative
// selectors in list describe exists (:has()). Only the region a relative
// selector can reach is walked: the anchor's subtree for a leading
// descendant or child combinator, the following siblings (and their
// subtrees when needed) for a leading sibling combinator.
func hasMatch(anchor *html.Node, list selList, scope *html.Node, lv *liveCtx) bool {
	for i := range list {
		rel := &list[i]
		x := mctx{scope: scope, anchor: anchor, live: lv}
		switch rel.lead {
		case '+', '~':
			x.limit = anchor.Parent
			for s := nextElement(anchor); s != nil; s = nextElement(s) {
				if rel.matchFrom(0, s, 0, &x) == matched {
					return true
				}
				if rel.depth != 0 && firstIn(s, rel, &x, rel.depth) != nil {
					return true
				}
				if rel.lead == '+' && rel.depth == 0 && len(rel.parts) == 2 {
					break // ":has(+ x)": only the next element sibling can be the subject
				}
			}
		default:
			x.limit = anchor
			if firstIn(anchor, rel, &x, rel.depth) != nil {
				return true
			}
		}
	}
	return false
}

// firstIn returns the first element below root, in tree order and at most
// maxDepth levels down (unbounded when negative), that c matches.
func firstIn(root *html.Node, c *complexSel, x *mctx, maxDepth int) *html.Node {
	if maxDepth == 0 {
		return nil
	}
	for n, depth := root.FirstChild, 1; n != nil; {
		if n.Type == html.ElementNode && c.matchFrom(0, n, 0, x) == matched {
			return n
		}
		n, depth = nextNode(n, root, maxDepth < 0 || depth < maxDepth, depth)
	}
	return nil
}
