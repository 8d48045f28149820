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
// index arithmetic.
func (p *parser) adoptionAgency(t a.Atom, name string) {
	st := &p.stack
	f := &p.formatting

	// If the current node has the subject's name and is not in the list,
	// pop it.
	top := st.top()
	if top == nil {
		return
	}
	if top.node.Data == name && top.active < 0 {
		st.pop()
		return
	}

	for outer := 0; outer < 8; outer++ {
		// The formatting element: the last element in the list, after the
		// last marker, with the subject's tag.
		fa := f.lastWithTag(formattingTag(t))
		if fa < 0 {
			p.endTagOther(t, name)
			return
		}
		if f.list[fa].stackIndex < 0 {
			f.removeAt(fa)
			return
		}
		feIndex := int(f.list[fa].stackIndex)
		feNode := f.list[fa].node
		if st.indexInScope(defaultScope, p.names.htmlID(t, name)) < 0 {
			return
		}

		// The furthest block: the lowest special element above the
		// formatting element.
		fbIndex := -1
		for i := feIndex; i < st.len(); i++ {
			p.steps++
			if st.at(i).class&classSpecial != 0 {
				fbIndex = i
				break
			}
		}
		if fbIndex < 0 {
			st.truncate(feIndex)
			f.removeAt(fa) // stays at fa: only entries after it could move
			return
		}

		commonAncestor := p.doc
		if feIndex > 0 {
			commonAncestor = st.at(feIndex - 1).node
		}
		fbNode := st.at(fbIndex).node
		bookmark := fa

		// The inner loop walks down from the furthest block to the
		// formatting element. Stack removals are collected and applied
		// afterwards in one pass; nothing in the loop looks at the
		// entries above the current one.
		removed := p.intScratch[:0]
		lastNode := fbNode
		x := fbIndex
		for j := 1; ; j++ {
			p.steps++
			x--
			if x <= feIndex {
				break // reached the formatting element
			}
			e := st.at(x)
			if j > 3 && e.active >= 0 {
				ni := int(e.active)
				f.removeAt(ni)
				if ni <= bookmark {
					bookmark--
				}
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
				bookmark = int(e.active) + 1
			}
			detach(lastNode)
			clone.AppendChild(lastNode)
			lastNode = clone
		}
		if len(removed) > 0 {
			p.removeStackEntries(removed)
			fbIndex -= len(removed)
		}
		p.intScratch = removed[:0]

		// Put the last node under the common ancestor, or foster parent it
		// if that is a table element.
		// (x/net/html foster parents whenever the common ancestor is a
		// table element, whether or not foster parenting is enabled.)
		detach(lastNode)
		parent, before := p.insertionPlace(commonAncestor, true)
		parent.InsertBefore(lastNode, before)

		// A clone of the formatting element takes the furthest block's
		// children and becomes its only child.
		clone := p.cloneElement(feNode)
		for c := fbNode.FirstChild; c != nil; c = fbNode.FirstChild {
			fbNode.RemoveChild(c)
			clone.AppendChild(c)
		}
		fbNode.AppendChild(clone)

		// Replace the formatting element by the clone at the bookmark in
		// the list...
		oldLoc := int(st.at(feIndex).active)
		if oldLoc < 0 {
			return // cannot happen: the inner loop never touches the formatting element
		}
		entry := f.list[oldLoc]
		if oldLoc < bookmark {
			bookmark--
		}
		f.removeAt(oldLoc)
		bookmark = min(max(bookmark, 0), f.len())
		f.insertAt(bookmark, activeEntry{node: clone, stackIndex: -1, tag: entry.tag, family: entry.family})

		// ...and on the stack, just above the furthest block.
		ce := p.entryFor(clone)
		ce.active = int32(bookmark)
		st.rotateDown(feIndex, fbIndex, ce)
	}
}

// removeStackEntries removes the stack entries at the given indexes, which
// are in decreasing order.
func (p *parser) removeStackEntries(desc []int) {
	st := &p.stack
	lowest := desc[len(desc)-1]
	saved := st.saveAbove(lowest)
	kept := saved[:0]
	next := len(desc) - 1
	for i, e := range saved {
		p.steps++
		if next >= 0 && desc[next] == lowest+i {
			next--
			continue
		}
		kept = append(kept, e)
	}
	st.rebuildFrom(lowest, kept)
	clear(st.scratch)
}

// detach removes n from its parent, if any.
func detach(n *html.Node) {
	if n.Parent != nil {
		n.Parent.RemoveChild(n)
	}
}
