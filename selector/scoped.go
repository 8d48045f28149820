package selector

import (
	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"
)

// QueryScoped returns the elements below root that match with every
// compound of the selector inside root, for components that own a subtree.
//
// It is root.querySelectorAll with ":scope " put in front of each selector
// of the list that does not already start with :scope: "div span" needs the
// div below root too (unlike QueryAll), while ":scope > li" is run as is.
//
// When boundary is not nil, it marks the hosts of nested components:
// a matching element E is left out when some element B strictly between
// root and E (below root and above E) has boundary(B) == true. The host B
// itself is kept, since it belongs to the outer component. boundary is not
// called for root, and the walk does not enter a host, as nothing below one
// is returned.
func (s *Selector) QueryScoped(root *html.Node, boundary func(*html.Node) bool) []*html.Node {
	return s.queryScoped(root, boundary, nil)
}

func (s *Selector) queryScoped(root *html.Node, boundary func(*html.Node) bool, st State) []*html.Node {
	if root == nil {
		return nil
	}
	if s.scopedDepth == 0 {
		return nil
	}
	if s.scopedFast {
		return scopedFast(root, boundary, s.fast)
	}
	var out []*html.Node
	// limit = root: no part of the selector may match above root, which
	// also keeps every walk up the tree short.
	x := mctx{scope: root, limit: root}
	var lv liveCtx
	if s.state {
		lv.st = orStatic(st)
		x.live = &lv
	}
	if s.loops {
		// No walk goes above root here, so depths count from it.
		m := getMemo(s.scopedWidth)
		defer putMemo(m) // from m, not x.memo: x must not reach the heap
		x.memo = m
	}
	maxDepth := s.scopedDepth
	for n, depth := root.FirstChild, 1; n != nil; {
		elem := n.Type == html.ElementNode
		if elem && s.scoped.match(n, depth, &x) {
			out = append(out, n)
		}
		descend := (maxDepth < 0 || depth < maxDepth) && n.FirstChild != nil &&
			(boundary == nil || !elem || !boundary(n))
		n, depth = nextNode(n, root, descend, depth)
	}
	return out
}

// scopedFast is QueryScoped for a list of single compounds that cascadia
// runs (scopedFast): every element below root is tested, with no depth
// bound, and the walk does not enter boundary hosts.
func scopedFast(root *html.Node, boundary func(*html.Node) bool, m cascadia.Matcher) []*html.Node {
	var out []*html.Node
	for n := root.FirstChild; n != nil; {
		elem := n.Type == html.ElementNode
		if elem && m.Match(n) {
			out = append(out, n)
		}
		descend := n.FirstChild != nil && (boundary == nil || !elem || !boundary(n))
		n, _ = nextNode(n, root, descend, 0)
	}
	return out
}
