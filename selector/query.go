package selector

import (
	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"
)

// This file holds the plain queries (the DOM's querySelectorAll and
// querySelector on an element or document) and the tree walk they share.
// Every walk is iterative, following FirstChild/NextSibling/Parent, so a
// page nested a hundred thousand levels deep costs no stack.

// QueryAll returns the elements below root (never root itself) that match,
// in tree order, without duplicates, like root.querySelectorAll(sel) in the
// DOM: :scope is root, and ancestors outside root may take part in the
// match, so "div span" finds a span below root whose only div ancestor is
// above root. It returns nil when nothing matches. Pseudo-classes of live
// state are decided by [Static], from attributes; see [Selector.WithState].
func (s *Selector) QueryAll(root *html.Node) []*html.Node {
	return s.AppendAll(nil, root)
}

// AppendAll is QueryAll appending to dst; it allocates only to grow dst.
func (s *Selector) AppendAll(dst []*html.Node, root *html.Node) []*html.Node {
	return s.appendAll(dst, root, nil)
}

func (s *Selector) appendAll(dst []*html.Node, root *html.Node, st State) []*html.Node {
	if root == nil {
		return dst
	}
	if s.fast != nil && !s.loops {
		return appendFast(dst, root, s.fast)
	}
	if s.depth == 0 {
		return dst
	}
	x := mctx{scope: root}
	var lv liveCtx
	if s.state {
		lv.st = orStatic(st)
		x.live = &lv
	}
	base := 0
	if s.loops {
		m := getMemo(s.width)
		defer putMemo(m) // from m, not x.memo: x must not reach the heap
		x.memo = m
		base = treeDepth(root) // walks may go above root
	}
	for n, depth := root.FirstChild, 1; n != nil; {
		if n.Type == html.ElementNode && s.list.match(n, base+depth, &x) {
			dst = append(dst, n)
		}
		n, depth = nextNode(n, root, s.depth < 0 || depth < s.depth, depth)
	}
	return dst
}

// appendFast is the walk for cascadia's matcher, written out so the loop
// costs no call per node besides the match itself. Unlike cascadia.QueryAll
// it does not recurse, and it skips the matcher for non-element nodes.
func appendFast(dst []*html.Node, root *html.Node, m cascadia.Matcher) []*html.Node {
	n := root.FirstChild
	for n != nil {
		if n.Type == html.ElementNode && m.Match(n) {
			dst = append(dst, n)
		}
		if n.FirstChild != nil {
			n = n.FirstChild
			continue
		}
		for n.NextSibling == nil {
			n = n.Parent
			if n == root || n == nil {
				return dst
			}
		}
		n = n.NextSibling
	}
	return dst
}

// QueryFirst returns the first element below root, in tree order, that
// matches, or nil; like root.querySelector(sel). It stops at the first
// match.
func (s *Selector) QueryFirst(root *html.Node) *html.Node {
	return s.queryFirst(root, nil)
}

func (s *Selector) queryFirst(root *html.Node, st State) *html.Node {
	if root == nil {
		return nil
	}
	if s.fast != nil && !s.loops {
		for n := root.FirstChild; n != nil; n, _ = nextNode(n, root, true, 0) {
			if n.Type == html.ElementNode && s.fast.Match(n) {
				return n
			}
		}
		return nil
	}
	if s.depth == 0 {
		return nil
	}
	x := mctx{scope: root}
	var lv liveCtx
	if s.state {
		lv.st = orStatic(st)
		x.live = &lv
	}
	base := 0
	if s.loops {
		m := getMemo(s.width)
		defer putMemo(m) // from m, not x.memo: x must not reach the heap
		x.memo = m
		base = treeDepth(root)
	}
	for n, depth := root.FirstChild, 1; n != nil; {
		if n.Type == html.ElementNode && s.list.match(n, base+depth, &x) {
			return n
		}
		n, depth = nextNode(n, root, s.depth < 0 || depth < s.depth, depth)
	}
	return nil
}

// nextNode returns the node after n in tree order among the nodes below
// root, entering n's children only when descend is true, and the depth of
// that node below root given n's depth. It returns nil at the end. The walk
// state lives in the caller's locals: a walker struct behind a pointer
// would cost a GC write barrier per step.
func nextNode(n, root *html.Node, descend bool, depth int) (*html.Node, int) {
	if descend && n.FirstChild != nil {
		return n.FirstChild, depth + 1
	}
	for n.NextSibling == nil {
		n = n.Parent
		depth--
		if n == root || n == nil {
			return nil, depth
		}
	}
	return n.NextSibling, depth
}
