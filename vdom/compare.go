package vdom

import (
	"unsafe"

	"github.com/eventperk/eventperk-go/internal/htmltree"
	"golang.org/x/net/html"
)

// DocumentPosition is the bit mask CompareDocumentPosition returns.
type DocumentPosition uint16

// The DOM's DOCUMENT_POSITION_* bits.
const (
	DocumentPositionDisconnected           DocumentPosition = 0x01
	DocumentPositionPreceding              DocumentPosition = 0x02
	DocumentPositionFollowing              DocumentPosition = 0x04
	DocumentPositionContains               DocumentPosition = 0x08
	DocumentPositionContainedBy            DocumentPosition = 0x10
	DocumentPositionImplementationSpecific DocumentPosition = 0x20
)

// CompareDocumentPosition returns where other is relative to n, as the
// DOM's compareDocumentPosition() (§4.4): 0 for n itself; Contains|Preceding
// when other is an ancestor of n; ContainedBy|Following when it is a
// descendant; Preceding or Following by tree order otherwise. Nodes in
// different trees (or a nil other) give Disconnected|ImplementationSpecific
// and Preceding or Following, the same one every time for the same two
// trees.
func (n *Node) CompareDocumentPosition(other *Node) DocumentPosition {
	if other == n {
		return 0
	}
	disconnected := DocumentPositionDisconnected | DocumentPositionImplementationSpecific
	if other == nil {
		return disconnected | DocumentPositionPreceding
	}
	r1, r2 := treeRoot(other.h), treeRoot(n.h)
	if r1 != r2 {
		// §4.4 step 6 asks for a consistent order: the roots' addresses
		// give one, as Go's garbage collector does not move heap objects.
		if uintptr(unsafe.Pointer(r1)) < uintptr(unsafe.Pointer(r2)) {
			return disconnected | DocumentPositionPreceding
		}
		return disconnected | DocumentPositionFollowing
	}
	switch {
	case isInclusiveAncestor(other.h, n.h):
		return DocumentPositionContains | DocumentPositionPreceding
	case isInclusiveAncestor(n.h, other.h):
		return DocumentPositionContainedBy | DocumentPositionFollowing
	case htmltree.Precedes(other.h, n.h):
		return DocumentPositionPreceding
	}
	return DocumentPositionFollowing
}

// IsSameNode reports whether other is n, as the DOM's isSameNode(); the
// same as n == other.
func (n *Node) IsSameNode(other *Node) bool { return n == other }

// IsEqualNode reports whether other is equal to n as the DOM defines it
// (§4.4 "equals"): the same node type, the same name, attributes (in any
// order) and data, and equal children in the same order. A nil other is
// not equal. The walk is iterative, so deep trees do not grow the stack.
func (n *Node) IsEqualNode(other *Node) bool {
	if other == nil {
		return false
	}
	if n.NodeType() != other.NodeType() {
		return false
	}
	a, b := n.h, other.h
	if !shallowEqual(a, b) {
		return false
	}
	// Walk both subtrees in step, in tree order; pa and pb are the
	// parents of s and t.
	pa, pb := a, b
	s, t := a.FirstChild, b.FirstChild
	for {
		if (s == nil) != (t == nil) {
			return false // one has more children than the other
		}
		if s == nil {
			if pa == a {
				return true
			}
			s, t = pa.NextSibling, pb.NextSibling
			pa, pb = pa.Parent, pb.Parent
			continue
		}
		if !shallowEqual(s, t) {
			return false
		}
		if s.FirstChild != nil || t.FirstChild != nil {
			pa, pb = s, t
			s, t = s.FirstChild, t.FirstChild
			continue
		}
		s, t = s.NextSibling, t.NextSibling
	}
}

// shallowEqual compares two nodes without their children.
func shallowEqual(a, b *html.Node) bool {
	if a.Type != b.Type {
		return false
	}
	switch a.Type {
	case html.ElementNode:
		if a.Data != b.Data || a.Namespace != b.Namespace || len(a.Attr) != len(b.Attr) {
			return false
		}
	next:
		for _, x := range a.Attr {
			for _, y := range b.Attr {
				if x.Namespace == y.Namespace && x.Key == y.Key && x.Val == y.Val {
					continue next
				}
			}
			return false
		}
		return true
	case html.DoctypeNode:
		// x/net/html keeps the public and system ids as attributes.
		if a.Data != b.Data {
			return false
		}
		pa, _ := attrVal(a, "public")
		pb, _ := attrVal(b, "public")
		sa, _ := attrVal(a, "system")
		sb, _ := attrVal(b, "system")
		return pa == pb && sa == sb
	case html.TextNode, html.CommentNode:
		return a.Data == b.Data
	}
	return true
}
