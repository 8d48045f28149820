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
	// entry, or -1. In a hole (node nil) it points down instead: see below.
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
// belongs to. The adoption agency's removals from the middle leave holes
// (see below) and its move of the formatting element shifts only the
// entries between it and the furthest block (adopt); the other removals
// from the middle (form end tag, the head element pushed back by "after
// head", a stray a start tag) pop the entries above the change and push
// them back, each on an element that was opened after those entries.
type openElements struct {
	entries     []openElement
	kinds       [numBoundaryKinds][]int32
	nameTop     []int32
	foreign     int // number of entries not in the HTML namespace
	scratch     []openElement
	slotScratch []int32
	linkScratch []nameLink

	formatting *activeFormatting // for the links from the formatting list
	steps      *int

	// lazy holds, while counting, the entries a reconstruction re-opened
	// and did not push yet (counting.go); it is empty otherwise.
	lazy lazyRun
}

// len returns the number of slots, holes included: the top entry is at
// len()-1, and a stack of length 1 holds the root alone.
func (s *openElements) len() int { return len(s.entries) + s.lazy.len() }

// top returns the current node's entry, or nil if the stack is empty. The
// entry must not be changed through the pointer.
func (s *openElements) top() *openElement {
	if s.lazy.len() > 0 {
		return &s.lazy.top
	}
	if len(s.entries) == 0 {
		return nil
	}
	return &s.entries[len(s.entries)-1]
}

func (s *openElements) at(i int) *openElement {
	if i >= len(s.entries) {
		s.pushLazy()
	}
	return &s.entries[i]
}

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
	s.materialize()
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
		s.formatting.gen++
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
	s.materialize()
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
		s.formatting.gen++
	}
	node := e.node
	*e = openElement{}
	s.entries = s.entries[:n-1]
	s.dropTopHoles()
	return node
}

// truncate pops entries until n are left.
func (s *openElements) truncate(n int) {
	if s.lazy.len() > 0 {
		if n > len(s.entries) {
			s.materialize()
		} else {
			// The lazy entries go without having been pushed: their list
			// entries never left "not on the stack".
			s.lazy = lazyRun{}
		}
	}
	for len(s.entries) > n {
		*s.steps++
		s.pop()
	}
}

// rebuildFrom replaces the entries from index i up with tail, leaving out
// the holes in it. tail must not alias s.entries.
func (s *openElements) rebuildFrom(i int, tail []openElement) {
	s.materialize()
	s.truncate(i)
	for _, e := range tail {
		*s.steps++
		if e.node != nil {
			s.push(e)
		}
	}
}

// saveAbove copies the entries from index i up into the scratch buffer.
func (s *openElements) saveAbove(i int) []openElement {
	s.materialize()
	s.scratch = append(s.scratch[:0], s.entries[i:]...)
	return s.scratch
}

// removeAt removes the entry at index i, moving the entries above it
// down (O(entries above); the form end tag, the head element pushed back by
// "after head" and a stray a start tag use it, each on an element opened
// after the entries above it, which keeps the total linear).
func (s *openElements) removeAt(i int) {
	tail := s.saveAbove(i + 1)
	s.rebuildFrom(i, tail)
	clear(s.scratch)
}

// Holes. The adoption agency removes elements from the middle of the
// stack, as many as it likes per end tag; moving the entries above them
// down would cost O(stack) each time. Instead a removed entry becomes a
// hole (node nil) and every index stays valid. A hole is in no index (name
// chains, boundary lists, the formatting list's links), never the top
// entry (pop drops the holes it uncovers) and never at index 0 or 1 (the
// adoption agency's range starts above the formatting element, which is
// above the root). A hole's lastHTML field holds an index at or below
// which the nearest entry that is not a hole is (below follows and
// shortens these pointers), so walking down the stack skips a run of holes
// in one step.

// below returns the index of the nearest entry below index i that is not
// a hole, or -1.
func (s *openElements) below(i int) int {
	j := i - 1
	if j < 0 || s.entries[j].node != nil {
		return j
	}
	root := j
	for root >= 0 && s.entries[root].node == nil {
		*s.steps++
		root = int(s.entries[root].lastHTML)
	}
	for j > root {
		next := int(s.entries[j].lastHTML)
		s.entries[j].lastHTML = int32(root)
		j = next
	}
	return root
}

// dropTopHoles pops the holes a pop uncovered.
func (s *openElements) dropTopHoles() {
	for n := len(s.entries); n > 0 && s.entries[n-1].node == nil; n-- {
		*s.steps++
		s.entries = s.entries[:n-1]
	}
}

// firstAbove returns the index of the lowest entry of kind k above index
// i, or -1 (a binary search in the kind's positions).
func (s *openElements) firstAbove(k boundaryKind, i int) int {
	s.materialize()
	l := s.kinds[k]
	j, found := slices.BinarySearch(l, int32(i))
	if found {
		j++
	}
	if j == len(l) {
		return -1
	}
	return int(l[j])
}

// makeHole removes the entry at index h, which is neither the top nor in
// the list of active formatting elements, leaving a hole.
func (s *openElements) makeHole(h int) {
	s.materialize()
	*s.steps++
	e := &s.entries[h]
	if e.nameID >= 0 {
		prev, next := e.prevSameName, e.nextSameName
		if prev >= 0 {
			s.entries[prev].nextSameName = next
		}
		if next >= 0 {
			s.entries[next].prevSameName = prev
		} else {
			s.nameTop[e.nameID] = prev
		}
	}
	if e.ns() != nsHTML {
		s.foreign--
	}
	// The elements between a formatting element and its furthest block
	// are not special, so they are in no boundary list; in case one is,
	// take it out (O(list above it)).
	for k := uint32(e.class & boundaryClassMask); k != 0; k &= k - 1 {
		kind := bits.TrailingZeros32(k)
		if j, found := slices.BinarySearch(s.kinds[kind], int32(h)); found {
			s.kinds[kind] = slices.Delete(s.kinds[kind], j, j+1)
		}
	}
	*e = openElement{nameID: -1, active: -1, prevSameName: -1, nextSameName: -1, lastHTML: int32(h - 1)}
}

// adopt makes the adoption agency's changes to the stack for one round of
// its outer loop: the entries at the indexes in removed (strictly between
// fe and fb) become holes, and the formatting element at fe moves to just
// above the furthest block at fb, replaced by e, which must have its class
// and name. The entries that are not holes in fe..fb keep their slots: each
// moves down to the next one, and e takes fb's. The cost is O(entries in
// fe..fb that are not holes), plus binary searches.
func (s *openElements) adopt(fe, fb int, removed []int, e openElement) {
	s.materialize()
	s.formatting.gen++
	for _, h := range removed {
		s.makeHole(h)
	}
	// The slots in use, from fe up to fb.
	slots := s.slotScratch[:0]
	for i := fb; i >= fe; i = s.below(i) {
		*s.steps++
		slots = append(slots, int32(i))
	}
	slices.Reverse(slots)
	s.slotScratch = slots

	// The name chains: unhook the moving entries from their neighbours
	// outside the range, move the entries, hook them back in their new
	// order.
	links := s.rangeNameLinks(slots)
	wasForeignAtB := s.entries[fb].ns() != nsHTML
	for k := 0; k+1 < len(slots); k++ {
		s.entries[slots[k]] = s.entries[slots[k+1]]
	}
	s.entries[fb] = e
	s.relinkRangeNames(slots, links)

	// The boundary lists: the range's positions of each kind form one
	// block of the kind's list, and the number of entries of each kind in
	// the range did not change.
	for k := range s.kinds {
		l := s.kinds[k]
		lo, _ := slices.BinarySearch(l, int32(fe))
		hi, _ := slices.BinarySearch(l, int32(fb+1))
		if lo == hi {
			continue
		}
		j := lo
		for _, i := range slots {
			if s.entries[i].class&(1<<k) != 0 {
				l[j] = i
				j++
			}
		}
	}

	// lastHTML and the links from the formatting list in the range, then in
	// the run of foreign entries above it, if the entry at fb changed
	// namespace.
	for _, i := range slots {
		en := &s.entries[i]
		if en.ns() == nsHTML {
			en.lastHTML = i
		} else if b := s.below(int(i)); b >= 0 {
			en.lastHTML = s.entries[b].lastHTML
		} else {
			en.lastHTML = -1
		}
		if en.active >= 0 {
			s.formatting.list[en.active].stackIndex = i
		}
	}
	if wasForeignAtB || s.entries[fb].ns() != nsHTML {
		for i := fb + 1; i < len(s.entries) && s.entries[i].ns() != nsHTML; i++ {
			*s.steps++
			if s.entries[i].node != nil {
				s.entries[i].lastHTML = s.entries[s.below(i)].lastHTML
			}
		}
	}
}

// nameLink records, for one name id with entries among the slots adopt
// moves, the entries with that name right below and right above them, and
// the last one seen while relinking.
type nameLink struct {
	id                 int32
	below, above, last int32
}

// rangeNameLinks returns a nameLink for each name id with entries in
// slots. The ranges are short, so a linear search beats a map.
func (s *openElements) rangeNameLinks(slots []int32) []nameLink {
	links := s.linkScratch[:0]
	for _, i := range slots {
		en := &s.entries[i]
		if en.nameID < 0 {
			continue
		}
		k := slices.IndexFunc(links, func(l nameLink) bool { return l.id == en.nameID })
		if k < 0 {
			links = append(links, nameLink{id: en.nameID, below: en.prevSameName, last: -1})
			k = len(links) - 1
		}
		links[k].above = en.nextSameName
		*s.steps += k
	}
	s.linkScratch = links
	return links
}

// relinkRangeNames rebuilds the name chains through slots after their
// entries moved, given the links to the entries outside them.
func (s *openElements) relinkRangeNames(slots []int32, links []nameLink) {
	for _, i := range slots {
		en := &s.entries[i]
		if en.nameID < 0 {
			continue
		}
		k := slices.IndexFunc(links, func(l nameLink) bool { return l.id == en.nameID })
		*s.steps += k
		l := &links[k]
		prev := l.last
		if prev < 0 {
			prev = l.below
		}
		en.prevSameName = prev
		if prev >= 0 {
			s.entries[prev].nextSameName = i
		}
		l.last = i
	}
	for _, l := range links {
		s.entries[l.last].nextSameName = l.above
		if l.above >= 0 {
			s.entries[l.above].prevSameName = l.last
		} else {
			s.nameTop[l.id] = l.last
		}
	}
}

// nearest returns the index of the topmost entry of the given kind, or -1.
// (Lazy entries are formatting elements, which are of no kind.)
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
	if s.lazy.to != s.lazy.from {
		s.topmostLazy(id)
	}
	if uint(id) >= uint(len(s.nameTop)) { // also id < 0
		return -1
	}
	return int(s.nameTop[id])
}

// htmlBelow returns the index of the topmost HTML element strictly below
// index i, or -1.
func (s *openElements) htmlBelow(i int) int {
	s.materialize()
	if b := s.below(i); b >= 0 {
		return int(s.entries[b].lastHTML)
	}
	return -1
}

// indexOfNode returns the index of the topmost entry holding n, or -1. It
// walks the stack and is only used where x/net/html does the same for a
// node known to be near the top (the head element pushed back by "after
// head").
func (s *openElements) indexOfNode(n *html.Node) int {
	s.materialize()
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
