package htmlparse

import (
	"cmp"
	"hash/maphash"
	"slices"

	"golang.org/x/net/html"
	a "golang.org/x/net/html/atom"
)

// The list of active formatting elements (13.2.4.3).
//
// Entries are values in a slice, in the list's order; an entry that is on
// the stack of open elements knows its stack index and the stack entry
// knows the list index, so "is this element on the stack" and "is this
// element in the list" are O(1) in both directions.
//
// Most questions only concern the entries after the last marker (the
// current segment). The list chains, per segment, the entries of each
// formatting tag, which answers "the last a element after the last marker"
// (an a start tag) and the adoption agency's search for the formatting
// element in O(1). Once the list is long it also chains, per segment, the
// entries of each family (tag plus attributes, hashed), so the Noah's Ark
// clause looks at the members of one family only.
//
// Every step costs bounded amortised work:
//
//   - Removing an entry from the middle (the Noah's Ark clause, the
//     adoption agency) leaves a hole: the entry is unlinked from its
//     chains and from the stack in O(1), and no other entry moves. A hole
//     keeps a pointer down to the entries before it, so walks backwards
//     skip a run of holes at once; the holes that "reconstruct the active
//     formatting elements" walks over are squeezed out as it re-opens the
//     entries around them, and the whole list is squeezed when holes
//     outnumber entries, so that a hole costs O(1) in all.
//   - The adoption agency puts the formatting element's clone where the
//     element was whenever its bookmark is next to it, in place. Otherwise
//     the clone goes right after the element the same round cloned first,
//     and the entries after that one are pushed back: O(entries after
//     it). This is the one cost here without an amortisation argument of
//     its own: a long tail behind that element needs formatting elements
//     opened after it, and the inputs built to repeat it (each </b> round
//     cloning an element in front of thousands of others) stay linear;
//     the step counts of TestWorkIsLinear and FuzzParseWork include these
//     pushes, so a case that repeats would fail them.
type activeFormatting struct {
	list    []activeEntry
	markers int32 // number of markers in list
	holes   int   // number of holes in list

	// lastOfTag[s][t] is the index of the last entry of segment s (the
	// entries after the s-th marker) whose tag has formatting tag index t,
	// or -1; the entries' prevSameTag and nextSameTag fields chain the
	// others.
	lastOfTag [][numFormattingTags]int32
	// families holds, per (segment, family hash), the number of entries
	// and the last one, which prevSameFamily and nextSameFamily chain to
	// the others. It only exists while the list is long (see
	// familyIndexOnAt); the chain fields are meaningless without it.
	families map[familyKey]familyChain

	scratch []activeEntry
	stack   *openElements
	steps   *int

	// gen changes whenever an entry is added or removed or goes on or off
	// the stack; suffix remembers, for one gen, where the entries to
	// re-open start (counting.go).
	gen    uint64
	suffix reopenSuffix
}

type activeEntry struct {
	node                           *html.Node // nil for a marker or a hole
	family                         uint64     // hash of tag and attributes (Noah's Ark clause)
	stackIndex                     int32      // the node's index on the stack of open elements, or -1
	segment                        int32      // markers before this entry; a marker counts itself
	prevSameTag, nextSameTag       int32      // see activeFormatting.lastOfTag
	prevSameFamily, nextSameFamily int32      // see activeFormatting.families
	// skip, in a hole, is an index at or below which the nearest entry
	// that is not a hole is (see below).
	skip int32
	tag  int8 // formatting tag index of node
	hole bool
}

type familyKey struct {
	segment int32
	family  uint64
}

type familyChain struct {
	count, last int32
}

// The formatting tags: the start tags that "push onto the list of active
// formatting elements".
const numFormattingTags = 14

func formattingTag(t a.Atom) int8 {
	switch t {
	case a.A:
		return 0
	case a.B:
		return 1
	case a.Big:
		return 2
	case a.Code:
		return 3
	case a.Em:
		return 4
	case a.Font:
		return 5
	case a.I:
		return 6
	case a.Nobr:
		return 7
	case a.S:
		return 8
	case a.Small:
		return 9
	case a.Strike:
		return 10
	case a.Strong:
		return 11
	case a.Tt:
		return 12
	case a.U:
		return 13
	}
	return -1
}

// familyIndexOnAt and familyIndexOffAt bound the number of entries between
// which the families map is built and dropped (hysteresis keeps rebuilding
// rare).
const (
	familyIndexOnAt  = 48
	familyIndexOffAt = 12
)

// familySeed makes family hashes unpredictable, so that no input can make
// many different elements share a family chain.
var familySeed = maphash.MakeSeed()

// familyHash hashes an element's tag and attributes, sorted by attrCompare
// so that the order they were written in does not count. Equal hashes
// do not prove elements identical; the Noah's Ark clause still compares
// them.
func familyHash(t a.Atom, attr []html.Attribute) uint64 {
	var h maphash.Hash
	h.SetSeed(familySeed)
	h.WriteString(t.String())
	for _, at := range attr {
		h.WriteByte(0)
		h.WriteString(at.Namespace)
		h.WriteByte(0)
		h.WriteString(at.Key)
		h.WriteByte(0)
		h.WriteString(at.Val)
	}
	return h.Sum64()
}

func newActiveFormatting(stack *openElements, steps *int) activeFormatting {
	f := activeFormatting{stack: stack, steps: steps, lastOfTag: make([][numFormattingTags]int32, 1, 4)}
	f.lastOfTag[0] = noTags
	return f
}

var noTags = func() (r [numFormattingTags]int32) {
	for i := range r {
		r[i] = -1
	}
	return r
}()

// live returns the number of entries that are not holes.
func (f *activeFormatting) live() int { return len(f.list) - f.holes }

// push appends e (an element or a marker), maintaining the indexes and the
// link from the stack of open elements.
func (f *activeFormatting) push(e activeEntry) {
	f.stack.materialize()
	f.gen++
	i := int32(len(f.list))
	e.hole, e.skip = false, 0
	if e.node == nil {
		f.markers++
		e.segment = f.markers
		if int(f.markers) < len(f.lastOfTag) {
			f.lastOfTag[f.markers] = noTags
		} else {
			f.lastOfTag = append(f.lastOfTag, noTags)
		}
	} else {
		e.segment = f.markers
		last := &f.lastOfTag[e.segment][e.tag]
		e.prevSameTag, e.nextSameTag = *last, -1
		if *last >= 0 {
			f.list[*last].nextSameTag = i
		}
		*last = i
		if f.families != nil {
			f.linkFamily(&e, i)
		}
	}
	if e.stackIndex >= 0 {
		f.stack.entries[e.stackIndex].active = i
	}
	if len(f.list) == cap(f.list) {
		// Double (append grows large slices by 1.25x, which copies a long
		// list many times over).
		grown := make([]activeEntry, len(f.list), max(16, 2*cap(f.list)))
		copy(grown, f.list)
		f.list = grown
	}
	f.list = append(f.list, e)
}

// linkFamily appends the entry e, to be stored at index i, to its family's
// chain.
func (f *activeFormatting) linkFamily(e *activeEntry, i int32) {
	k := familyKey{e.segment, e.family}
	c, ok := f.families[k]
	e.prevSameFamily, e.nextSameFamily = -1, -1
	if ok {
		e.prevSameFamily = c.last
		f.list[c.last].nextSameFamily = i
	}
	f.families[k] = familyChain{count: c.count + 1, last: i}
}

// unlink takes the element entry at index i out of its chains and away
// from the stack.
func (f *activeFormatting) unlink(i int32) {
	e := &f.list[i]
	prev, next := e.prevSameTag, e.nextSameTag
	if prev >= 0 {
		f.list[prev].nextSameTag = next
	}
	if next >= 0 {
		f.list[next].prevSameTag = prev
	} else {
		f.lastOfTag[e.segment][e.tag] = prev
	}
	if f.families != nil {
		k := familyKey{e.segment, e.family}
		c := f.families[k]
		prev, next := e.prevSameFamily, e.nextSameFamily
		if prev >= 0 {
			f.list[prev].nextSameFamily = next
		}
		if next >= 0 {
			f.list[next].prevSameFamily = prev
		} else {
			c.last = prev
		}
		if c.count--; c.count > 0 {
			f.families[k] = c
		} else {
			delete(f.families, k)
		}
	}
	if e.stackIndex >= 0 {
		f.stack.entries[e.stackIndex].active = -1
	}
}

// pop removes the last entry.
func (f *activeFormatting) pop() {
	f.stack.materialize()
	f.gen++
	last := len(f.list) - 1
	e := &f.list[last]
	switch {
	case e.hole:
		f.holes--
	case e.node == nil:
		f.markers--
	default:
		f.unlink(int32(last))
	}
	*e = activeEntry{}
	f.list = f.list[:last]
}

// dropTrailingHoles pops holes until the last entry is not one.
func (f *activeFormatting) dropTrailingHoles() {
	for n := len(f.list); n > 0 && f.list[n-1].hole; n-- {
		*f.steps++
		f.pop()
	}
}

// below returns the index of the nearest entry before index i that is not
// a hole, or -1. It follows the holes' skip pointers and shortens them.
// Holes are only ever made from entries and dropped, never filled, so a
// pointer stays right.
func (f *activeFormatting) below(i int) int {
	j := i - 1
	if j < 0 || !f.list[j].hole {
		return j
	}
	root := j
	for root >= 0 && f.list[root].hole {
		*f.steps++
		root = int(f.list[root].skip)
	}
	for j > root {
		next := int(f.list[j].skip)
		f.list[j].skip = int32(root)
		j = next
	}
	return root
}

// lengthChanged builds or drops the families map.
func (f *activeFormatting) lengthChanged() {
	switch n := f.live(); {
	case f.families == nil && n >= familyIndexOnAt:
		f.families = make(map[familyKey]familyChain, 2*n)
		for i := range f.list {
			*f.steps++
			if e := &f.list[i]; e.node != nil {
				f.linkFamily(e, int32(i))
			}
		}
	case f.families != nil && n <= familyIndexOffAt:
		f.families = nil
	}
}

// squeeze removes every hole once they outnumber the entries (by a margin
// that keeps short lists alone). Only called where no caller holds an
// index into the list.
func (f *activeFormatting) squeeze() {
	if f.holes <= f.live()+32 {
		return
	}
	f.scratch = append(f.scratch[:0], f.list...)
	f.replaceFrom(0, f.scratch)
	clear(f.scratch)
}

// pushElement appends an element (which must be on the stack at stackIndex)
// and links the two.
func (f *activeFormatting) pushElement(n *html.Node, stackIndex int, family uint64) {
	f.squeeze()
	f.push(activeEntry{node: n, stackIndex: int32(stackIndex), tag: formattingTag(n.DataAtom), family: family})
	f.lengthChanged()
}

// pushMarker inserts a marker (entering applet, object, marquee, template,
// td, th and caption elements).
func (f *activeFormatting) pushMarker() {
	f.squeeze()
	f.push(activeEntry{stackIndex: -1})
	f.lengthChanged()
}

// replaceFrom pops the entries from index i up and pushes those of tail
// that are not holes instead, which keeps every index right. tail must not
// alias f.list.
func (f *activeFormatting) replaceFrom(i int, tail []activeEntry) {
	for len(f.list) > i {
		*f.steps++
		f.pop()
	}
	for _, e := range tail {
		*f.steps++
		if !e.hole {
			f.push(e)
		}
	}
	f.dropTrailingHoles()
	f.lengthChanged()
}

// removeAt removes entry i, unlinking it from the stack and its chains;
// unless it is the last entry, it becomes a hole.
func (f *activeFormatting) removeAt(i int) {
	f.stack.materialize()
	f.gen++
	*f.steps++
	if i == len(f.list)-1 {
		f.pop()
		f.dropTrailingHoles()
		f.lengthChanged()
		return
	}
	if f.list[i].node == nil {
		// Never happens (markers only leave from the end); the general
		// path handles it anyway.
		f.scratch = append(f.scratch[:0], f.list[i+1:]...)
		f.replaceFrom(i, f.scratch)
		clear(f.scratch)
		return
	}
	f.unlink(int32(i))
	f.list[i] = activeEntry{hole: true, skip: int32(i - 1), stackIndex: -1, prevSameTag: -1, nextSameTag: -1, prevSameFamily: -1, nextSameFamily: -1}
	f.holes++
	f.lengthChanged()
}

// insertAfter inserts an element entry right after entry g (at the start
// for -1), pushing back the entries after g, and returns its index.
// e.stackIndex must be -1; pushing the node links it.
func (f *activeFormatting) insertAfter(g int, e activeEntry) int {
	f.scratch = append(f.scratch[:0], e)
	f.scratch = append(f.scratch, f.list[g+1:]...)
	f.replaceFrom(g+1, f.scratch)
	clear(f.scratch)
	return g + 1
}

// lastWithTag returns the index of the last entry after the last marker
// whose tag has formatting tag index t, or -1.
func (f *activeFormatting) lastWithTag(t int8) int {
	f.stack.materialize() // the caller looks at the entry's stack index
	if t < 0 {
		return -1
	}
	return int(f.lastOfTag[f.markers][t])
}

// clearToLastMarker implements "clear the list of active formatting
// elements up to the last marker".
func (f *activeFormatting) clearToLastMarker() {
	f.stack.materialize()
	for len(f.list) > 0 {
		*f.steps++
		last := &f.list[len(f.list)-1]
		marker := last.node == nil && !last.hole
		f.pop()
		if marker {
			break
		}
	}
	f.dropTrailingHoles()
	f.lengthChanged()
}

// attrCompare orders attributes by namespace, key and value: the Noah's
// Ark clause compares sorted copies of a formatting element's attributes.
// The element keeps them in the order of its start tag, as in browsers
// (x/net/html sorts the element's own, which then shows in the tree and
// in its serialization).
func attrCompare(x, y html.Attribute) int {
	if c := cmp.Compare(x.Namespace, y.Namespace); c != 0 {
		return c
	}
	if c := cmp.Compare(x.Key, y.Key); c != 0 {
		return c
	}
	return cmp.Compare(x.Val, y.Val)
}

// insertFormattingElement inserts an HTML element for the current token and
// pushes it onto the list of active formatting elements, applying the
// Noah's Ark clause first (at most three identical elements per segment,
// the new one included). Elements are identical when they have the same
// tag and the same attributes in any order (HTML §13.2.4.3).
func (p *parser) insertFormattingElement() {
	t := p.tok.atom
	sorted := p.tok.attr
	if !slices.IsSortedFunc(sorted, attrCompare) {
		sorted = sortedAttributes(sorted)
	}
	n := p.insertHTMLElement()
	family := familyHash(t, sorted)
	p.noahsArk(t, sorted, family)
	p.formatting.pushElement(n, p.stack.len()-1, family)
}

// noahsArk removes the existing elements identical to a new formatting
// element, whose attributes sorted by attrCompare are sorted, from the
// third one on, within the current segment.
func (p *parser) noahsArk(t a.Atom, sorted []html.Attribute, family uint64) {
	f := &p.formatting
	p.stack.materialize()
	identical := 0
	check := func(i int) {
		if n := f.list[i].node; n.Namespace != "" || n.DataAtom != t || !sameAttributes(n.Attr, sorted) {
			return
		}
		if identical++; identical >= 3 {
			f.removeAt(i)
		}
	}
	if f.families == nil {
		// A short list: walk back through the segment. (The last entry is
		// never a hole.)
		for i := len(f.list) - 1; i >= 0; {
			p.steps++
			e := &f.list[i]
			if e.node == nil {
				break // the last marker
			}
			prev := f.below(i)
			if e.family == family {
				check(i)
			}
			i = prev
		}
		return
	}
	c, ok := f.families[familyKey{f.markers, family}]
	if !ok || c.count < 3 {
		return
	}
	for i := c.last; i >= 0; {
		p.steps++
		prev := f.list[i].prevSameFamily
		check(int(i))
		i = prev
	}
}

// sameAttributes reports whether attr, in any order, are the attributes
// sorted (sorted by attrCompare).
func sameAttributes(attr, sorted []html.Attribute) bool {
	if len(attr) != len(sorted) {
		return false
	}
	if slices.IsSortedFunc(attr, attrCompare) {
		return slices.Equal(attr, sorted)
	}
	return slices.Equal(sortedAttributes(attr), sorted)
}

// sortedAttributes returns a copy of attr sorted by attrCompare, in one
// allocation.
func sortedAttributes(attr []html.Attribute) []html.Attribute {
	s := slices.Clone(attr)
	slices.SortFunc(s, attrCompare)
	return s
}

// reconstructActiveFormattingElements implements "reconstruct the active
// formatting elements": reopen (as clones) the entries after the last
// marker that are no longer on the stack. Its cost is proportional to the
// number of elements it creates, plus the holes among them, which it
// squeezes out.
func (p *parser) reconstructActiveFormattingElements() {
	if p.counting {
		p.reconstructCounting()
		return
	}
	f := &p.formatting
	start := f.reopenStart()
	if start < 0 {
		return
	}
	if !p.counted {
		// Count first (counting.go) rather than build many clones that a
		// limit may refuse.
		attrs := 0
		for i := start; i < len(f.list); i++ {
			attrs += len(f.list[i].node.Attr)
		}
		if p.mayPassLimits(len(f.list)-start, attrs) {
			if p.countFirst(); p.err != nil {
				return
			}
		}
	}
	// Advance: create a clone of each entry, insert it, and replace the
	// entry by it.
	for i := start; i < len(f.list); i++ {
		p.steps++
		clone := p.cloneElement(f.list[i].node)
		f.list[i].node = clone
		p.appendToTree(clone)
		p.pushElement(clone, int32(i))
	}
}

// reopenStart returns the index of the first entry "reconstruct the
// active formatting elements" re-opens, or -1 if it re-opens none: the
// entries from there to the end of the list are not on the stack, and the
// one before it, if any, is a marker or on the stack. It squeezes the
// holes out of that stretch of the list.
func (f *activeFormatting) reopenStart() int {
	n := len(f.list)
	if n == 0 {
		return -1
	}
	if last := &f.list[n-1]; last.node == nil || last.stackIndex >= 0 {
		return -1
	}
	// Rewind to the last entry that is a marker or on the stack (-1 if
	// there is none); every entry after it is re-opened.
	i, live := n-1, 0
	for i >= 0 && f.list[i].node != nil && f.list[i].stackIndex < 0 {
		*f.steps++
		live++
		i = f.below(i)
	}
	if live < n-1-i {
		f.scratch = append(f.scratch[:0], f.list[i+1:]...)
		f.replaceFrom(i+1, f.scratch)
		clear(f.scratch)
	}
	return i + 1
}

// clearActiveFormattingElements is "clear the list of active formatting
// elements up to the last marker".
func (p *parser) clearActiveFormattingElements() {
	p.formatting.clearToLastMarker()
}
