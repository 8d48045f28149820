package htmltree

import (
	"iter"

	"golang.org/x/net/html"
)

// Next returns the node after h in tree order within root, or nil: a walk
// without recursion, so trees of any depth cost no stack.
func Next(h, root *html.Node) *html.Node {
	if h.FirstChild != nil {
		return h.FirstChild
	}
	return NextSkippingChildren(h, root)
}

// NextSkippingChildren returns the node after h's subtree in tree order
// within root, or nil.
func NextSkippingChildren(h, root *html.Node) *html.Node {
	for ; h != root; h = h.Parent {
		if h.NextSibling != nil {
			return h.NextSibling
		}
	}
	return nil
}

// Elements yields root, when it is an element, and the elements below it,
// in tree order, without recursion. A template's contents are not below
// it (x/net/html trees built by vdom keep them apart), so they are not
// yielded.
func Elements(root *html.Node) iter.Seq[*html.Node] {
	return func(yield func(*html.Node) bool) {
		for h := root; h != nil; h = Next(h, root) {
			if h.Type == html.ElementNode && !yield(h) {
				return
			}
		}
	}
}

// Precedes reports whether a comes before b in tree order (an ancestor
// comes before its descendants). Both must be in the same tree; a node does
// not precede itself.
func Precedes(a, b *html.Node) bool {
	if a == b {
		return false
	}
	da, db := depth(a), depth(b)
	for ; da > db; da-- {
		if a = a.Parent; a == b {
			return false // b is an ancestor of a
		}
	}
	for ; db > da; db-- {
		if b = b.Parent; b == a {
			return true // a is an ancestor of b
		}
	}
	for a.Parent != b.Parent {
		a, b = a.Parent, b.Parent
	}
	for s := a.NextSibling; s != nil; s = s.NextSibling {
		if s == b {
			return true
		}
	}
	return false
}

func depth(h *html.Node) int {
	n := 0
	for ; h.Parent != nil; h = h.Parent {
		n++
	}
	return n
}

// EqualFoldASCII reports whether a and b are equal when ASCII upper-case
// letters are taken as lower-case, HTML's "ASCII case-insensitive" match;
// other bytes must be equal.
func EqualFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}
