package htmlparse

import (
	"math/bits"
	"slices"

	"golang.org/x/net/html"
	a "golang.org/x/net/html/atom"
)

// openElement is one entry of the stack of open elements. It takes 32
// bytes: a stack 100,000 deep is a few megabytes.
type openElement struct {
	node   *html.Node
	class  elementClass // includes the namespace, see ns
	nameID int32        // see nameTable; -1 for the document pseudo-entry

	// prevSameName and nextSameName are the indexes of the nearest entries
	// below and above with the same nameID, or -1: the entries with one
	// name form a chain whose top is openElements.nameTop[nameID].
	prevSameName, nextSameName int32
	// lastHTML is the index of the nearest HTML element at or below this
	// entry, or -1.
	lastHTML int32
	// active is the index of this node in the list of active formatting
	// elements, or -1. Both sides of the link are kept current.
	active int32
}

// ns returns the entry's namespace.
func (e *openElement) ns() namespace {
	return namespace((e.class & classNamespaceMask) >> classNamespaceShift)
}

// tag returns the entry's tag (0 for unknown tags and the document).
func (e *openElement) tag() a.Atom { return e.node.DataAtom }

// openElements is the stack of open elements (spec: "the stack of open
// elements") with the indexes that make its questions cheap:
//
//   - for every boundaryKind, the ascending positions of the entries of
//     that kind, so the nearest boundary below the current node is the last
//     position of a list;
//   - for every tag name, the position of the topmost entry with that name
//     (and, through the entries' chains, of the others).
//
// "Has an element in scope" is then: take the topmost HTML element with the
// wanted name and check that no scope boundary sits above it, two reads.
// Pushing and popping update the indexes in O(1) per kind the element
// belongs to. Removing or inserting in the middle (adoption agency, form end
// tag, the head element pushed back by "after head") pops the entries above
// the change and pushes them back, which costs what x/net/html's slice copy
// costs, O(entries above). The adoption agency's last step, which only
// moves entries within a range, is done in O(range) by rotate.
type openElements struct {
	entries []openElement
	kinds   [numBoundaryKinds][]int32
	nameTop []int32
	foreign int // number of entries not in the HTML namespace
	scratch []openElement

	formatting *activeFormatting // for the links from the formatting list
	steps      *int
}

func (s *openElements) len() int { return len(s.entries) }

// top returns the current node's entry, or nil if the stack is empty.
func (s *openElements) top() *openElement {
	if len(s.entries) == 0 {
		return nil
	}
	return &s.entries[len(s.entries)-1]
}

func (s *openElements) at(i int) *openElement { return &s.entries[i] }

// appendPosition appends to a position list, doubling its capacity when
// full (append grows large slices by 1.25x, which allocates several times
// the final size for a deep document).
func appendPosition(l []int32, i int32) []int32 {
	if len(l) == cap(l) {
		grown := make([]int32, len(l), max(8, 2*cap(l)))
		copy(grown, l)
		l = grown
	}
	return append(l, i)
}

func (s *openElements) push(e openElement) {
	i := int32(len(s.entries))
	e.prevSameName, e.nextSameName = -1, -1
	if e.nameID >= 0 {
		for int(e.nameID) >= len(s.nameTop) {
			s.nameTop = append(s.nameTop, -1)
		}
		e.prevSameName = s.nameTop[e.nameID]
		if e.prevSameName >= 0 {
			s.entries[e.prevSameName].nextSameName = i
		}
		s.nameTop[e.nameID] = i
	}
	if e.ns() == nsHTML {
		e.lastHTML = i
	} else {
		s.foreign++
		e.lastHTML = -1
		if i > 0 {
			e.lastHTML = s.entries[i-1].lastHTML
		}
	}
	for k := uint32(e.class & boundaryClassMask); k != 0; k &= k - 1 {
		kind := bits.TrailingZeros32(k)
		s.kinds[kind] = appendPosition(s.kinds[kind], i)
	}
	if e.active >= 0 {
		s.formatting.list[e.active].stackIndex = i
	}
	if len(s.entries) == cap(s.entries) {
		grown := make([]openElement, len(s.entries), max(16, 2*cap(s.entries)))
		copy(grown, s.entries)
		s.entries = grown
	}
	s.entries = append(s.entries, e)
}

// pop removes the current node and returns it, or nil if the stack is
// empty. (x/net/html panics popping an empty stack; the parser never needs
// to.)
func (s *openElements) pop() *html.Node {
	n := len(s.entries)
	if n == 0 {
		return nil
	}
	e := &s.entries[n-1]
	if e.nameID >= 0 {
		s.nameTop[e.nameID] = e.prevSameName
		if e.prevSameName >= 0 {
			s.entries[e.prevSameName].nextSameName = -1
		}
	}
	if e.ns() != nsHTML {
		s.foreign--
	}
	for k := uint32(e.class & boundaryClassMask); k != 0; k &= k - 1 {
		kind := bits.TrailingZeros32(k)
		s.kinds[kind] = s.kinds[kind][:len(s.kinds[kind])-1]
	}
	if e.active >= 0 {
		s.formatting.list[e.active].stackIndex = -1
	}
	node := e.node
	*e = openElement{}
	s.entries = s.entries[:n-1]
	return node
}

// truncate pops entries until n are left.
func (s *openElements) truncate(n int) {
	for len(s.entries) > n {
		*s.steps++
		s.pop()
	}
}

// rebuildFrom replaces the entries from index i up with tail. tail must not
// alias s.entries.
func (s *openElements) rebuildFrom(i int, tail []openElement) {
	s.truncate(i)
	for _, e := range tail {
		*s.steps++
		s.push(e)
	}
}

// saveAbove copies the entries from index i up into the scratch buffer.
func (s *openElements) saveAbove(i int) []openElement {
	s.scratch = append(s.scratch[:0], s.entries[i:]...)
	return s.scratch
}

// removeAt removes the entry at index i.
func (s *openElements) removeAt(i int) {
	tail := s.saveAbove(i + 1)
	s.rebuildFrom(i, tail)
	clear(s.scratch)
}

// rotateDown moves the entries f+1..b down by one and puts e at b: the
// adoption agency's "remove the formatting element from the stack and
// insert the new element immediately below the furthest block" when
// nothing between them was removed. e must have the class and name of the
// entry at f. Only the entries in f..b and the links pointing at them
// change, so it costs O(b-f) plus binary searches (and, when the entry at b
// is foreign, the run of foreign entries right above it).
func (s *openElements) rotateDown(f, b int, e openElement) {
	old := s.at(f)
	if e.class != old.class || e.nameID != old.nameID {
		// Not a plain rotation; take the general path.
		tail := s.saveAbove(f + 1)
		tail = append(tail, openElement{})
		copy(tail[b-f+1:], tail[b-f:])
		tail[b-f] = e
		s.scratch = tail
		s.rebuildFrom(f, tail)
		clear(s.scratch)
		return
	}
	*s.steps += b - f + 1

	// The name chains: unhook the range's entries from their neighbours
	// outside the range, move the entries, and hook them back in their new
	// order.
	below, above := s.rangeNameLinks(f, b)
	moved := s.entries[f : b+1]
	wasForeignAtB := moved[len(moved)-1].ns() != nsHTML
	copy(moved, moved[1:])
	moved[len(moved)-1] = e
	s.relinkRangeNames(f, b, below, above)

	// The boundary lists: the range's positions form one block of each
	// list; the class counts in the range did not change.
	for k := range s.kinds {
		l := s.kinds[k]
		lo, _ := slices.BinarySearch(l, int32(f))
		hi, _ := slices.BinarySearch(l, int32(b+1))
		if lo == hi {
			continue
		}
		j := lo
		for i := f; i <= b; i++ {
			if s.entries[i].class&(1<<k) != 0 {
				l[j] = int32(i)
				j++
			}
		}
	}

	// lastHTML in the range, then in the foreign run above it, if the
	// entry at b changed namespace.
	for i := f; i <= b; i++ {
		en := &s.entries[i]
		if en.ns() == nsHTML {
			en.lastHTML = int32(i)
		} else if i > 0 {
			en.lastHTML = s.entries[i-1].lastHTML
		} else {
			en.lastHTML = -1
		}
		if en.active >= 0 {
			s.formatting.list[en.active].stackIndex = int32(i)
		}
	}
	if wasForeignAtB || s.entries[b].ns() != nsHTML {
		for i := b + 1; i < len(s.entries) && s.entries[i].ns() != nsHTML; i++ {
			*s.steps++
			s.entries[i].lastHTML = s.entries[i-1].lastHTML
		}
	}
}

// rangeNameLinks returns, for each name id with entries in f..b, the
// entries with that name right below and right above the range.
func (s *openElements) rangeNameLinks(f, b int) (below, above map[int32]int32) {
	below, above = map[int32]int32{}, map[int32]int32{}
	for i := f; i <= b; i++ {
		en := &s.entries[i]
		if en.nameID < 0 {
			continue
		}
		if _, seen := below[en.nameID]; !seen {
			below[en.nameID] = en.prevSameName
		}
		above[en.nameID] = en.nextSameName
	}
	return below, above
}

// relinkRangeNames rebuilds the name chains through f..b after its entries
// moved, given the links to the entries outside the range.
func (s *openElements) relinkRangeNames(f, b int, below, above map[int32]int32) {
	last := make(map[int32]int32, len(below))
	for i := f; i <= b; i++ {
		en := &s.entries[i]
		if en.nameID < 0 {
			continue
		}
		prev, ok := last[en.nameID]
		if !ok {
			prev = below[en.nameID]
		}
		en.prevSameName = prev
		if prev >= 0 {
			s.entries[prev].nextSameName = int32(i)
		}
		last[en.nameID] = int32(i)
	}
	for id, top := range last {
		next := above[id]
		s.entries[top].nextSameName = next
		if next >= 0 {
			s.entries[next].prevSameName = top
		} else {
			s.nameTop[id] = top
		}
	}
}

// nearest returns the index of the topmost entry of the given kind, or -1.
func (s *openElements) nearest(k boundaryKind) int {
	l := s.kinds[k]
	if len(l) == 0 {
		return -1
	}
	return int(l[len(l)-1])
}

// topmost returns the index of the topmost entry with the given name id, or
// -1.
func (s *openElements) topmost(id int32) int {
	if id < 0 || int(id) >= len(s.nameTop) {
		return -1
	}
	return int(s.nameTop[id])
}

// htmlBelow returns the index of the topmost HTML element strictly below
// index i, or -1.
func (s *openElements) htmlBelow(i int) int {
	if i <= 0 {
		return -1
	}
	return int(s.entries[i-1].lastHTML)
}

// below returns the index of the entry right below index i, or -1.
func (s *openElements) below(i int) int {
	return i - 1
}

// indexOfNode returns the index of the topmost entry holding n, or -1. It
// walks the stack and is only used where x/net/html does the same for a
// node known to be near the top (the head element pushed back by "after
// head").
func (s *openElements) indexOfNode(n *html.Node) int {
	for i := len(s.entries) - 1; i >= 0; i-- {
		*s.steps++
		if s.entries[i].node == n {
			return i
		}
	}
	return -1
}

// scope selects one of the "has an element in ... scope" variants.
type scope uint8

const (
	defaultScope scope = iota
	listItemScope
	buttonScope
	tableScope
)

// scopeBoundary returns the index of the topmost element that bounds scope
// sc, or -1.
func (s *openElements) scopeBoundary(sc scope) int {
	switch sc {
	case listItemScope:
		return max(s.nearest(kindDefaultScope), s.nearest(kindListItemScope))
	case buttonScope:
		return max(s.nearest(kindDefaultScope), s.nearest(kindButtonScope))
	case tableScope:
		return s.nearest(kindTableScope)
	}
	return s.nearest(kindDefaultScope)
}

// indexInScope returns the index of the topmost HTML element named by one of
// ids if it is in scope sc, or -1. An element that is itself a boundary is in
// scope: the spec checks for the target before checking for a boundary.
func (s *openElements) indexInScope(sc scope, ids ...int32) int {
	best := -1
	for _, id := range ids {
		best = max(best, s.topmost(id))
	}
	if best < 0 || best < s.scopeBoundary(sc) {
		return -1
	}
	return best
}
