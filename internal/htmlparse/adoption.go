package htmlparse

import (
	"golang.org/x/net/html"
	a "golang.org/x/net/html/atom"
)

// adoptionAgency runs the adoption agency algorithm (13.2.6.4.7, "in body",
// "any other end tag" for formatting elements) for an end tag named name.
// It follows x/net/html where that differs from the spec: in the inner
// loop, elements dropped from the list because the inner loop counter
// exceeds three stay on the stack, and the bookmark moves with x/net/html's
// index arithmetic (see the bookmark below).
//
// Each round of the outer loop costs O(1) plus O(entries between the
// formatting element and the furthest block): each of those is cloned
// (three at most), dropped from the list, or removed from the stack, and
// the last two happen to an element once. Removals leave holes in the
// stack and the list rather than moving what is above them.
//
// It reports whether the first round took a formatting element, which
// then left the list and the stack; when it did not (the current node was
// popped, or the formatting element was not in scope), the list and the
// stack below the current node are as they were.
func (p *parser) adoptionAgency(t a.Atom, name string) (tookFormattingElement bool) {
	st := &p.stack
	f := &p.formatting

	// If the current node is an HTML element with the subject's name and
	// is not in the list, pop it.
	top := st.top()
	if top == nil {
		return false
	}
	if top.ns() == nsHTML && top.node.Data == name && top.active < 0 {
		st.pop()
		return false
	}

	for outer := 0; outer < 8; outer++ {
		// The formatting element: the last element in the list, after the
		// last marker, with the subject's tag.
		fa := f.lastWithTag(formattingTag(t))
		if fa < 0 {
			p.endTagOther(t, name)
			return outer > 0
		}
		if f.list[fa].stackIndex < 0 {
			f.removeAt(fa)
			return true
		}
		feIndex := int(f.list[fa].stackIndex)
		feNode := f.list[fa].node
		if st.indexInScope(defaultScope, p.names.htmlID(t, name)) < 0 {
			return outer > 0
		}

		// The furthest block: the lowest special element above the
		// formatting element.
		fbIndex := st.firstAbove(kindSpecial, feIndex)
		if fbIndex < 0 {
			st.truncate(feIndex)
			f.removeAt(fa)
			return true
		}

		commonAncestor := p.doc
		if i := st.below(feIndex); i >= 0 {
			commonAncestor = st.at(i).node
		}
		fbNode := st.at(fbIndex).node

		// The bookmark is a place in the list: right after entry mark, or
		// at the start for -1. x/net/html keeps it as an index and shifts
		// it as entries go; in terms of places that means: it starts just
		// before the formatting element; when the entry right after it is
		// removed, it moves back past the entry before it; when the entry
		// mark is removed, it stays between the same neighbours.
		mark := f.below(fa)

		// The inner loop walks down from the furthest block to the
		// formatting element. Stack removals are collected and applied
		// afterwards in one pass; nothing in the loop looks at the
		// entries above the current one.
		removed := p.intScratch[:0]
		lastNode := fbNode
		// treeTop is what goes to the common ancestor: the last node, or,
		// while counting, a stand-in for the clones around the furthest
		// block.
		treeTop := fbNode
		x := fbIndex
		for j := 1; ; j++ {
			p.steps++
			x = st.below(x)
			if x <= feIndex {
				break // reached the formatting element
			}
			e := st.at(x)
			if j > 3 && e.active >= 0 {
				ni := int(e.active)
				switch {
				case f.below(ni) == mark:
					// The entry right after the bookmark.
					if mark >= 0 {
						mark = f.below(mark)
					}
				case ni == mark:
					mark = f.below(ni)
				}
				f.removeAt(ni)
				continue
			}
			if e.active < 0 {
				removed = append(removed, x)
				continue
			}
			clone := p.cloneElement(e.node)
			f.list[e.active].node = clone
			e.node = clone
			if lastNode == fbNode {
				mark = int(e.active)
			}
			switch {
			case !p.counting:
				detach(lastNode)
				clone.AppendChild(lastNode)
				treeTop = clone
			case lastNode == fbNode:
				treeTop = p.standIn()
				detach(fbNode)
				treeTop.AppendChild(fbNode)
			}
			lastNode = clone
		}

		// Insert the last node at the appropriate place for the common
		// ancestor (x/net/html foster parents whenever the common ancestor
		// is a table element, whether or not foster parenting is enabled).
		detach(treeTop)
		parent, before, _ := p.insertionPlace(commonAncestor, true)
		parent.InsertBefore(treeTop, before)

		// A clone of the formatting element takes the furthest block's
		// children and becomes its only child.
		clone := p.cloneElement(feNode)
		cloneInTree := clone
		if p.counting {
			cloneInTree = p.standIn()
		}
		for c := fbNode.FirstChild; c != nil; c = fbNode.FirstChild {
			p.steps++
			fbNode.RemoveChild(c)
			cloneInTree.AppendChild(c)
		}
		fbNode.AppendChild(cloneInTree)

		// Replace the formatting element by the clone in the list, at the
		// bookmark: in place when the bookmark is next to it...
		oldLoc := int(st.at(feIndex).active)
		if oldLoc < 0 {
			p.intScratch = removed[:0]
			return true // cannot happen: the inner loop never touches the formatting element
		}
		at := oldLoc
		if mark != oldLoc && f.below(oldLoc) != mark {
			// ...else right after the entry mark.
			entry := f.list[oldLoc]
			f.removeAt(oldLoc)
			at = f.insertAfter(mark, activeEntry{node: clone, stackIndex: -1, tag: entry.tag, family: entry.family})
		} else {
			f.list[at].node = clone
		}

		// And on the stack: remove the collected entries and move the
		// formatting element to just above the furthest block, as the
		// clone.
		ce := p.entryFor(clone)
		ce.active = int32(at)
		st.adopt(feIndex, fbIndex, removed, ce)
		p.intScratch = removed[:0]
	}
	return true
}

// detach removes n from its parent, if any.
func detach(n *html.Node) {
	if n.Parent != nil {
		n.Parent.RemoveChild(n)
	}
}
