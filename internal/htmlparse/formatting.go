package htmlparse

import (
	"cmp"
	"slices"

	"golang.org/x/net/html"
	a "golang.org/x/net/html/atom"
)

// The list of active formatting elements (13.2.4.3).
//
// Entries are values in a slice, as in the spec's list; an entry that is on
// the stack of open elements knows its stack index and the stack entry knows
// the list index, so "is this element on the stack" and "is this element in
// the list" are O(1) in both directions.
//
// Most questions only concern the entries after the last marker (the
// current segment). The list chains, per segment, the entries of each
// formatting tag, which answers "the last a element after the last marker"
// (an a start tag) and the adoption agency's search for the formatting
// element in O(1). Once the list is long it also counts, per segment, the
// entries of each family (tag plus attributes, hashed), so the Noah's Ark
// clause only walks the list when a family already has three members.
//
// Removing an entry from the middle shifts the entries after it and fixes
// their links in one pass; inserting one (the adoption agency's bookmark)
// pops the entries after the position and pushes them back.
//
// Remaining superlinear cases (x/net/html has the same costs, but its depth
// limit keeps them small):
//
//   - Removing an entry from the middle of a long list (Noah's Ark, the
//     adoption agency) costs O(entries after it). When a family already
//     has three members in the segment and the oldest sits behind a long
//     run of other formatting elements, the Noah's Ark clause also walks
//     back to it. So <b class=k> three times for k = 1..F, then N distinct
//     formatting elements, then <b class=k> again for k = 1..F costs
//     O(F*N): 12 million steps for F = 1,000 and N = 4,000 (about 70ms;
//     TestPathologicalInputs measures it).
//   - When the adoption agency removes elements between the formatting
//     element and the furthest block, the stack entries above them move
//     down: O(stack above the formatting element) per outer loop
//     iteration, at most 8 per end tag. So <b>, then N times <span><div>,
//     then M stray </b> end tags costs O(M*N): 48 million steps for N =
//     4,000 and M = 500 (about 0.5s). (Without elements to remove, as in
//     <b>, N <div>s and M </b>, the adoption agency only rotates the range
//     between the two, and the cost is linear.)
type activeFormatting struct {
	list    []activeEntry
	markers int32 // number of markers in list

	// lastOfTag[s][t] is the index of the last entry of segment s (the
	// entries after the s-th marker) whose tag has formatting tag index t,
	// or -1; the entries' prevSameTag fields chain the earlier ones.
	lastOfTag [][numFormattingTags]int32
	// families counts, per (segment, family hash), the entries of a
	// segment; it only exists while the list is long (see
	// familyIndexOnAt).
	families map[familyKey]int32

	scratch []activeEntry
	stack   *openElements
	steps   *int
}

type activeEntry struct {
	node        *html.Node // nil for a marker
	stackIndex  int32      // the node's index on the stack of open elements, or -1
	segment     int32      // markers before this entry; a marker counts itself
	prevSameTag int32      // see activeFormatting.lastOfTag
	tag         int8       // formatting tag index of node
	family      uint64     // hash of tag and attributes (Noah's Ark clause)
}

type familyKey struct {
	segment int32
	family  uint64
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

// familyIndexOnAt and familyIndexOffAt bound the list length between which
// the families map is built and dropped (hysteresis keeps rebuilding rare).
const (
	familyIndexOnAt  = 48
	familyIndexOffAt = 12
)

// familyHash hashes an element's tag and (sorted) attributes, FNV-1a style.
// Equal hashes do not prove elements identical; the Noah's Ark clause still
// compares them.
func familyHash(t a.Atom, attr []html.Attribute) uint64 {
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	mix := func(s string) {
		for i := 0; i < len(s); i++ {
			h = (h ^ uint64(s[i])) * prime
		}
		h = (h ^ 0xff) * prime
	}
	h = (h ^ uint64(t)) * prime
	for _, at := range attr {
		mix(at.Namespace)
		mix(at.Key)
		mix(at.Val)
	}
	return h
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

func (f *activeFormatting) len() int { return len(f.list) }

// push appends e (an element or a marker), maintaining the indexes and the
// link from the stack of open elements.
func (f *activeFormatting) push(e activeEntry) {
	i := int32(len(f.list))
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
		e.prevSameTag, *last = *last, i
		if f.families != nil {
			f.families[familyKey{e.segment, e.family}]++
		}
	}
	if e.stackIndex >= 0 {
		f.stack.entries[e.stackIndex].active = i
	}
	f.list = append(f.list, e)
}

// pop removes the last entry.
func (f *activeFormatting) pop() {
	last := len(f.list) - 1
	e := &f.list[last]
	if e.node == nil {
		f.markers--
	} else {
		f.lastOfTag[e.segment][e.tag] = e.prevSameTag
		if f.families != nil {
			k := familyKey{e.segment, e.family}
			if c := f.families[k] - 1; c > 0 {
				f.families[k] = c
			} else {
				delete(f.families, k)
			}
		}
	}
	if e.stackIndex >= 0 {
		f.stack.entries[e.stackIndex].active = -1
	}
	*e = activeEntry{}
	f.list = f.list[:last]
}

// lengthChanged builds or drops the families map.
func (f *activeFormatting) lengthChanged() {
	switch n := len(f.list); {
	case f.families == nil && n >= familyIndexOnAt:
		f.families = make(map[familyKey]int32, 2*n)
		for i := range f.list {
			*f.steps++
			if e := &f.list[i]; e.node != nil {
				f.families[familyKey{e.segment, e.family}]++
			}
		}
	case f.families != nil && n <= familyIndexOffAt:
		f.families = nil
	}
}

// pushElement appends an element (which must be on the stack at stackIndex)
// and links the two.
func (f *activeFormatting) pushElement(n *html.Node, stackIndex int, family uint64) {
	f.push(activeEntry{node: n, stackIndex: int32(stackIndex), tag: formattingTag(n.DataAtom), family: family})
	f.lengthChanged()
}

// pushMarker inserts a marker (entering applet, object, marquee, template,
// td, th and caption elements).
func (f *activeFormatting) pushMarker() {
	f.push(activeEntry{stackIndex: -1})
	f.lengthChanged()
}

// replaceFrom pops the entries from index i up and pushes tail instead,
// which keeps every index right. tail must not alias f.list.
func (f *activeFormatting) replaceFrom(i int, tail []activeEntry) {
	for len(f.list) > i {
		*f.steps++
		f.pop()
	}
	for _, e := range tail {
		*f.steps++
		f.push(e)
	}
	f.lengthChanged()
}

// removeAt removes entry i, unlinking it from the stack. The entries after
// it move down by one; the pass over them fixes their links (the stack's,
// the tag chains') in O(entries after it).
func (f *activeFormatting) removeAt(i int) {
	if i == len(f.list)-1 {
		f.pop()
		f.lengthChanged()
		return
	}
	gone := f.list[i]
	if gone.node == nil {
		// Never happens (markers only leave from the end); the general
		// path handles it anyway.
		f.scratch = append(f.scratch[:0], f.list[i+1:]...)
		f.replaceFrom(i, f.scratch)
		clear(f.scratch)
		return
	}
	if gone.stackIndex >= 0 {
		f.stack.entries[gone.stackIndex].active = -1
	}
	if f.families != nil {
		k := familyKey{gone.segment, gone.family}
		if c := f.families[k] - 1; c > 0 {
			f.families[k] = c
		} else {
			delete(f.families, k)
		}
	}
	// moved maps an index stored before the removal to its value after.
	moved := func(v int32) int32 {
		switch {
		case v == int32(i):
			return gone.prevSameTag
		case v > int32(i):
			return v - 1
		}
		return v
	}
	copy(f.list[i:], f.list[i+1:])
	last := len(f.list) - 1
	f.list[last] = activeEntry{}
	f.list = f.list[:last]
	for j := i; j < len(f.list); j++ {
		*f.steps++
		e := &f.list[j]
		e.prevSameTag = moved(e.prevSameTag)
		if e.stackIndex >= 0 {
			f.stack.entries[e.stackIndex].active = int32(j)
		}
	}
	// Only the removed entry's segment and later ones can point past it;
	// each later segment starts with a marker after it, so this loop is
	// bounded by the same count.
	for seg := gone.segment; seg <= f.markers; seg++ {
		*f.steps++
		row := &f.lastOfTag[seg]
		for t := range row {
			row[t] = moved(row[t])
		}
	}
	f.lengthChanged()
}

// insertAt inserts an element entry at index i (the adoption agency's
// bookmark). e.stackIndex must be -1; pushing the node links it.
func (f *activeFormatting) insertAt(i int, e activeEntry) {
	f.scratch = append(f.scratch[:0], e)
	f.scratch = append(f.scratch, f.list[i:]...)
	f.replaceFrom(i, f.scratch)
	clear(f.scratch)
}

// lastWithTag returns the index of the last entry after the last marker
// whose tag has formatting tag index t, or -1.
func (f *activeFormatting) lastWithTag(t int8) int {
	if t < 0 {
		return -1
	}
	return int(f.lastOfTag[f.markers][t])
}

// clearToLastMarker implements "clear the list of active formatting
// elements up to the last marker".
func (f *activeFormatting) clearToLastMarker() {
	for len(f.list) > 0 {
		*f.steps++
		marker := f.list[len(f.list)-1].node == nil
		f.pop()
		if marker {
			break
		}
	}
	f.lengthChanged()
}

// attrCompare orders attributes by namespace, key and value. Formatting
// elements get their attributes sorted this way (x/net/html does so to
// compare them quickly, and the order shows in the tree).
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
// the new one included). Like x/net/html, it sorts the element's attributes
// by namespace, key and value, which shows in the tree.
func (p *parser) insertFormattingElement() {
	t := p.tok.atom
	attr := p.tok.attr
	slices.SortFunc(attr, attrCompare)
	n := p.insertHTMLElement()
	family := familyHash(t, attr)
	p.noahsArk(t, attr, family)
	p.formatting.pushElement(n, p.stack.len()-1, family)
}

// noahsArk removes the existing elements identical to a new formatting
// element from the third one on, within the current segment.
func (p *parser) noahsArk(t a.Atom, attr []html.Attribute, family uint64) {
	f := &p.formatting
	members := -1 // entries of the family in the segment, if counted
	if f.families != nil {
		members = int(f.families[familyKey{f.markers, family}])
		if members < 3 {
			return
		}
	}
	identical, seen := 0, 0
	for i := len(f.list) - 1; i >= 0 && seen != members; i-- {
		p.steps++
		e := &f.list[i]
		if e.node == nil {
			break
		}
		if e.family != family {
			continue
		}
		seen++
		if n := e.node; n.Namespace != "" || n.DataAtom != t || !slices.Equal(n.Attr, attr) {
			continue
		}
		identical++
		if identical >= 3 {
			f.removeAt(i)
		}
	}
}

// reconstructActiveFormattingElements implements "reconstruct the active
// formatting elements": reopen (as clones) the entries after the last
// marker that are no longer on the stack. Its cost is proportional to the
// number of elements it creates.
func (p *parser) reconstructActiveFormattingElements() {
	f := &p.formatting
	n := len(f.list)
	if n == 0 {
		return
	}
	if last := &f.list[n-1]; last.node == nil || last.stackIndex >= 0 {
		return
	}
	i := n - 1
	for f.list[i].node != nil && f.list[i].stackIndex < 0 {
		p.steps++
		if i == 0 {
			i = -1
			break
		}
		i--
	}
	for i++; i < n; i++ {
		p.steps++
		clone := p.cloneElement(f.list[i].node)
		f.list[i].node = clone
		p.appendToTree(clone)
		p.pushElement(clone, int32(i))
	}
}

// clearActiveFormattingElements is "clear the list of active formatting
// elements up to the last marker".
func (p *parser) clearActiveFormattingElements() {
	p.formatting.clearToLastMarker()
}
