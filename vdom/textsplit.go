package vdom

import (
	"golang.org/x/net/html"
)

// Normalize merges adjacent text nodes in n's subtree into the first of
// them and removes empty text nodes, as the DOM's normalize() (§4.4). The
// removals go through RemoveChild's path, so the id index and the focus stay
// right.
func (n *Node) Normalize() {
	var texts []*html.Node
	for h := range descendants(n.h) {
		if h.Type == html.TextNode {
			texts = append(texts, h)
		}
	}
	for _, t := range texts {
		if t.Parent == nil || !isInclusiveAncestor(n.h, t) {
			continue // merged into an earlier one, or moved by a listener
		}
		if t.Data == "" {
			n.doc.wrap(t).detach()
			continue
		}
		data := t.Data
		for s := t.NextSibling; s != nil && s.Type == html.TextNode; s = s.NextSibling {
			data += s.Data
		}
		if old := t.Data; data != old {
			// DOM "replace data" even with nothing to append; Chromium,
			// followed here, changes (and reports) only what it merges.
			t.Data = data
			n.doc.domChanged()
			n.doc.textDataChanged(t, old)
			if n.doc.mo != nil {
				n.doc.queueCharacterData(t, old)
			}
		}
		for s := t.NextSibling; s != nil && s.Type == html.TextNode; s = t.NextSibling {
			n.doc.wrap(s).detach()
			if t.NextSibling == s {
				break // a listener put it back
			}
		}
	}
}

// SplitText splits a text node at offset, counted in UTF-16 code units as
// DOM offsets are: n keeps the text before it, and a new text node with the
// rest is inserted after n (when n has a parent) and returned, as the DOM's
// Text.splitText() (§4.11). It returns ErrIndexSize for an offset beyond
// the length, a negative one, or one inside a surrogate pair (a Go string
// cannot hold half a character), and ErrType when n is not a text node.
func (n *Node) SplitText(offset int) (*Node, error) {
	if n.h.Type != html.TextNode {
		return nil, domErrorf(ErrType, "SplitText on %s: not a text node", n.describe())
	}
	i, ok := utf16Index(n.h.Data, offset)
	if !ok {
		return nil, domErrorf(ErrIndexSize, "SplitText(%d): the text is %d UTF-16 code units long", offset, utf16Len(n.h.Data))
	}
	tail := n.doc.CreateTextNode(n.h.Data[i:])
	if p := n.ParentNode(); p != nil {
		p.insert(tail, n.NextSibling())
	}
	old := n.h.Data
	n.h.Data = old[:i]
	n.doc.domChanged()
	n.doc.textDataChanged(n.h, old)
	if n.doc.mo != nil {
		n.doc.queueCharacterData(n.h, old)
	}
	return tail, nil
}

// utf16Index returns the byte index of s at offset UTF-16 code units, and
// false when the offset is out of range or splits a surrogate pair.
func utf16Index(s string, offset int) (int, bool) {
	if offset < 0 {
		return 0, false
	}
	units := 0
	for i, r := range s {
		if units == offset {
			return i, true
		}
		if units > offset {
			return 0, false
		}
		units += utf16Units(r)
	}
	return len(s), units == offset
}

func utf16Units(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}
