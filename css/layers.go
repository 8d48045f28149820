package css

import "strings"

// This file orders cascade layers (CSS Cascade 5 §6.4). Layers form a
// tree: the unlayered rules of the author origin are the root's own,
// "@layer a { @layer b {} }" and "@layer a.b" name the same child of a.
// A layer comes into the order when it is first named, by a statement,
// a block or an @import; a later mention does not move it. Within one
// parent, earlier layers lose to later ones, and a layer's own rules
// beat those of its sublayers, so the order of precedence is the tree
// walked children first (post-order), the root last.

// layerNode is one cascade layer.
type layerNode struct {
	name     string // the last segment; "" for the root and anonymous layers
	parent   *layerNode
	children []*layerNode
	// rank is the layer's place in the order of precedence for normal
	// declarations, 0 the lowest; set once every layer is known.
	rank uint16
}

// maxLayerRank is the highest rank; a document with more layers has the
// later ones share it (CSS does not limit layers; 65,535 is far above
// any real sheet).
const maxLayerRank = 1<<16 - 1

// child returns the named sublayer of n, added when new.
func (n *layerNode) child(name string) *layerNode {
	for _, c := range n.children {
		if c.name == name && name != "" {
			return c
		}
	}
	c := &layerNode{name: name, parent: n}
	n.children = append(n.children, c)
	return c
}

// path returns the layer named by a dotted name ("a.b") under n; "" is a
// new anonymous layer.
func (n *layerNode) path(name string) *layerNode {
	if name == "" {
		return n.child("")
	}
	for _, seg := range strings.Split(name, ".") {
		n = n.child(seg)
	}
	return n
}

// assignRanks numbers the layers in post-order, without recursion.
func (root *layerNode) assignRanks() {
	type frame struct {
		n    *layerNode
		next int
	}
	stack := []frame{{n: root}}
	rank := 0
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.next < len(top.n.children) {
			c := top.n.children[top.next]
			top.next++
			stack = append(stack, frame{n: c})
			continue
		}
		top.n.rank = uint16(min(rank, maxLayerRank))
		rank++
		stack = stack[:len(stack)-1]
	}
}

// fullName is the layer's dotted name for messages: "" for unlayered
// rules, "<anonymous>" for an anonymous segment.
func (n *layerNode) fullName() string {
	if n == nil || n.parent == nil {
		return ""
	}
	var segs []string
	for ; n.parent != nil; n = n.parent {
		s := n.name
		if s == "" {
			s = "<anonymous>"
		}
		segs = append(segs, s)
	}
	for i, j := 0, len(segs)-1; i < j; i, j = i+1, j-1 {
		segs[i], segs[j] = segs[j], segs[i]
	}
	return strings.Join(segs, ".")
}
