package vdom_test

import (
	"iter"

	"github.com/eventperk/eventperk-go/vdom"
)

// treeAll yields the nodes under root in the order serialization writes
// them: a template's contents come where its children would be (its own
// children, which only DOM methods make, are skipped, as serialization
// skips them). hosts, when not nil, is filled with the template of every
// contents fragment met.
func treeAll(root *vdom.Node, hosts map[*vdom.Node]*vdom.Node) iter.Seq[*vdom.Node] {
	return func(yield func(*vdom.Node) bool) {
		stack := []*vdom.Node{}
		push := func(n *vdom.Node) {
			kids := n.ChildNodes()
			if c := n.Content(); c != nil {
				if hosts != nil {
					hosts[c] = n
				}
				kids = c.ChildNodes()
			}
			for i := len(kids) - 1; i >= 0; i-- {
				stack = append(stack, kids[i])
			}
		}
		push(root)
		for len(stack) > 0 {
			n := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if !yield(n) {
				return
			}
			push(n)
		}
	}
}

// treeParentElement is n's parent element in serialization order: the
// template for a node at the top of its contents.
func treeParentElement(n *vdom.Node, hosts map[*vdom.Node]*vdom.Node) *vdom.Node {
	if p := n.ParentNode(); p != nil {
		if h := hosts[p]; h != nil {
			return h
		}
	}
	return n.ParentElement()
}
