package css

import (
	"github.com/eventperk/eventperk-go/selector"
	"golang.org/x/net/html"
)

// This file is @scope's part of matching (CSS Cascade 6 §2): whether an
// element is in a scope, and how many generations below its scoping
// root (scope proximity, §2.4). The nearest root of a scope is
// remembered per element, each found from its parent's, so that styling
// a tree costs time linear in its size however deep it is.

// scopeKey names an element's nearest root in one @scope.
type scopeKey struct {
	sc *scopeInfo
	n  *html.Node
}

// scopeHit is the nearest scoping root r of a scope at or above an
// element n such that no scoping limit lies between them (below r, down
// to n included), and how many generations n is below r; ok is false
// when there is none.
type scopeHit struct {
	root *html.Node
	dist int
	ok   bool
}

// scopeDistance returns how many generations el is below the nearest
// root of e's @scope it is in scope of; ok is false when it is in none.
// A style rule in @scope matches the descendants of a root (its
// selector is relative to :scope); declarations directly in @scope and
// a ":scope" selector match the root itself.
func (c *Cascade) scopeDistance(e *ruleEntry, el *html.Node) (int, bool) {
	if e.scopeRoot {
		h := c.nearestRoot(e.scope, el)
		return 0, h.ok && h.root == el
	}
	if c.isLimit(e.scope, el) {
		return 0, false
	}
	p := el.Parent
	if p == nil || p.Type != html.ElementNode {
		return 0, false
	}
	h := c.nearestRoot(e.scope, p)
	return h.dist + 1, h.ok
}

// nearestRoot finds n's nearest root in sc: from the remembered answer
// of the nearest ancestor that has one, downwards, without recursion.
func (c *Cascade) nearestRoot(sc *scopeInfo, n *html.Node) scopeHit {
	var chain []*html.Node
	var above scopeHit
	for m := n; m != nil && m.Type == html.ElementNode; m = m.Parent {
		if h, ok := c.scopes[scopeKey{sc, m}]; ok {
			above = h
			break
		}
		chain = append(chain, m)
	}
	c.steps += len(chain)
	for i := len(chain) - 1; i >= 0; i-- {
		m := chain[i]
		var h scopeHit
		switch {
		case c.isRoot(sc, m):
			h = scopeHit{root: m, ok: true}
		case c.isLimit(sc, m):
			// A limit is out of scope, and so is all below it, for every
			// root above.
		case above.ok:
			h = scopeHit{root: above.root, dist: above.dist + 1, ok: true}
		}
		if c.scopes == nil {
			c.scopes = map[scopeKey]scopeHit{}
		}
		c.scopes[scopeKey{sc, m}] = h
		above = h
	}
	return above
}

// isRoot reports whether n is a scoping root of sc: it matches the
// rule's <scope-start> (or the enclosing style rule's selectors, or is
// the root of the tree when the rule has neither), within the scope sc
// is nested in.
func (c *Cascade) isRoot(sc *scopeInfo, n *html.Node) bool {
	switch {
	case len(sc.start) > 0:
		if !c.matchesAny(sc.start, n) {
			return false
		}
	case len(sc.parentSels) > 0:
		if !c.matchesAny(sc.parentSels, n) {
			return false
		}
	default:
		if n.Parent != nil && n.Parent.Type == html.ElementNode {
			return false
		}
	}
	return sc.outer == nil || c.nearestRoot(sc.outer, n).ok
}

// isLimit reports whether n matches sc's <scope-end>.
func (c *Cascade) isLimit(sc *scopeInfo, n *html.Node) bool {
	return len(sc.end) > 0 && c.matchesAny(sc.end, n)
}

func (c *Cascade) matchesAny(sels []*selector.RuleSelector, n *html.Node) bool {
	for _, s := range sels {
		if c.mc.Matches(s, n) {
			return true
		}
	}
	return false
}
