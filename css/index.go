package css

import (
	"strings"

	"github.com/eventperk/eventperk-go/selector"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// This file gathers the style rules of a cascade's sheets into entries
// (one per complex selector) and indexes them as browsers do (Blink's
// RuleSet, Stylo's SelectorMap): by the rightmost compound's id, else one
// of its classes, else its type, else one of its attribute names, else
// in a universal bucket. An element is matched only against the entries
// of its id, its classes, its attributes' names, its type, and the
// universal ones.
//
// Only rules that matter here enter the main index: those that declare a
// longhand computed here, or a custom property that such a declaration
// reads through var() (directly or through other custom properties). The
// rules that declare other custom properties enter a second index, built
// the first time such a property is asked for (customIndex).

// pseudoKind is the pseudo-element an entry styles.
type pseudoKind uint8

const (
	pseudoNone pseudoKind = iota
	pseudoBefore
	pseudoAfter
	numPseudoKinds
)

// pseudoKindOf maps a RuleSelector's PseudoElement; ok is false for the
// pseudo-elements not styled here (::marker, ::placeholder...).
func pseudoKindOf(name string) (pseudoKind, bool) {
	switch name {
	case "":
		return pseudoNone, true
	case "before":
		return pseudoBefore, true
	case "after":
		return pseudoAfter, true
	}
	return 0, false
}

// sheetInfo names the sheet an entry comes from, for Source.
type sheetInfo struct {
	name, href string
}

// scopeInfo is an @scope rule an entry is inside (CSS Cascade 6 §2).
type scopeInfo struct {
	start, end []*selector.RuleSelector
	// parentSels are the enclosing style rule's selectors when the rule
	// has no start: its scoping roots are the elements they match.
	parentSels []*selector.RuleSelector
	// outer is the @scope this one is nested in: a root must be in it.
	outer *scopeInfo
}

// ruleEntry is one complex selector of a style rule with the rule's
// compiled declarations.
type ruleEntry struct {
	// sel is nil for declarations directly inside @scope, which apply
	// to the scoping root (CSS Cascade 6 §2.5).
	sel    *selector.RuleSelector
	block  *compiledBlock
	rule   Rule
	sheet  *sheetInfo
	layer  *layerNode
	scope  *scopeInfo
	origin Origin
	pseudo pseudoKind
	// nsOnly tells that the entry applies to elements of namespace ns
	// only (the user agent sheets, one per namespace).
	nsOnly bool
	ns     string
	// scopeRoot tells that the entry matches the scoping root itself:
	// declarations directly in @scope, and the selector ":scope".
	scopeRoot bool
	order     uint32
	id        uint32
	// spec is the specificity packed as A<<16 | B<<8 | C.
	spec uint32
	// key is where the entry is indexed.
	key selector.RuleKey
	// anc is what the selector needs of the element's ancestors
	// (ancestor_filter.go).
	anc ancestorNames
	// keyOnly tells that the selector is just what its bucket stands
	// for (".btn", "div", "#main", "[hidden]"): every element the
	// bucket is looked up for matches, without asking the selector.
	keyOnly bool
}

// keyOnly reports whether a selector, as serialized, is exactly the
// simple selector its entry is bucketed by (see bucketIndex.add).
func keyOnly(sel string, k selector.RuleKey) bool {
	switch {
	case k.ID != "":
		return sel == "#"+k.ID
	case len(k.Classes) > 0:
		return sel == "."+k.Classes[0]
	case k.Tag != "":
		return sel == k.Tag
	case len(k.Attrs) > 0:
		return sel == "["+k.Attrs[0]+"]"
	}
	return false
}

// bucketIndex is the entries of one pseudo-element kind, bucketed.
type bucketIndex struct {
	id, class, attr, tag map[string][]*ruleEntry
	// tagAtom holds the buckets of tag whose names are atoms.
	tagAtom   atomTable
	universal []*ruleEntry
	// attrMask has the bit attrBit of each name of attr: an element's
	// attribute whose bit is clear has no bucket, without a map lookup
	// (elements have many attributes, sheets few attribute-only rules).
	attrMask uint64
}

// attrBit is a cheap hash of an attribute name into 64 bits.
func attrBit(name string) uint64 {
	if name == "" {
		return 1
	}
	return 1 << ((uint(len(name))*31 + uint(name[0]) + 7*uint(name[len(name)-1])) & 63)
}

func newBucketIndex() *bucketIndex {
	return &bucketIndex{
		id: map[string][]*ruleEntry{}, class: map[string][]*ruleEntry{},
		attr: map[string][]*ruleEntry{}, tag: map[string][]*ruleEntry{},
	}
}

// add puts an entry in the bucket its key names.
func (ix *bucketIndex) add(e *ruleEntry) {
	k := &e.key
	switch {
	case k.ID != "":
		ix.id[k.ID] = append(ix.id[k.ID], e)
	case len(k.Classes) > 0:
		ix.class[k.Classes[0]] = append(ix.class[k.Classes[0]], e)
	case k.Tag != "":
		if a := atom.Lookup([]byte(k.Tag)); a != 0 {
			ix.tagAtom.add(a, e)
		} else {
			ix.tag[k.Tag] = append(ix.tag[k.Tag], e)
		}
	case len(k.Attrs) > 0:
		ix.attr[k.Attrs[0]] = append(ix.attr[k.Attrs[0]], e)
		ix.attrMask |= attrBit(k.Attrs[0])
	default:
		ix.universal = append(ix.universal, e)
	}
}

// buckets appends to out the buckets of entries that may match el: those
// of its id, classes, attribute names and type, and the universal ones.
// Each entry is in one bucket, and each bucket is read once, so no entry
// comes twice. The buckets are the index's own slices, read in place:
// copying their entries cost more than matching them.
func (ix *bucketIndex) buckets(el *html.Node, out [][]*ruleEntry) [][]*ruleEntry {
	for i := range el.Attr {
		a := &el.Attr[i]
		if a.Namespace != "" {
			continue
		}
		switch a.Key {
		case "id":
			if len(ix.id) > 0 {
				out = appendBucket(out, ix.id[a.Val])
			}
		case "class":
			if len(ix.class) > 0 {
				out = ix.classBuckets(a.Val, out)
			}
		}
		if ix.attrMask != 0 {
			key := a.Key
			if el.Namespace != "" {
				key = lowerASCII(key)
			}
			if ix.attrMask&attrBit(key) != 0 {
				out = appendBucket(out, ix.attr[key])
			}
		}
	}
	if el.DataAtom != 0 {
		out = appendBucket(out, ix.tagAtom.get(el.DataAtom))
	} else if len(ix.tag) > 0 {
		out = appendBucket(out, ix.tag[el.Data])
	}
	return appendBucket(out, ix.universal)
}

func appendBucket(out [][]*ruleEntry, b []*ruleEntry) [][]*ruleEntry {
	if len(b) == 0 {
		return out
	}
	return append(out, b)
}

// candidates appends to out the entries of el's buckets, in order.
func (ix *bucketIndex) candidates(el *html.Node, out []*ruleEntry) []*ruleEntry {
	for _, b := range ix.buckets(el, nil) {
		out = append(out, b...)
	}
	return out
}

// classBuckets appends the buckets of the distinct classes of a class
// attribute (split on ASCII white space, as DOM's class list is). A
// class named twice has its bucket appended once: the bucket is known
// by its first entry, since each entry is in one bucket only.
func (ix *bucketIndex) classBuckets(list string, out [][]*ruleEntry) [][]*ruleEntry {
	start := len(out)
	for i := 0; i < len(list); {
		s, e := nextClassName(list, i)
		if e > s {
			if b := ix.class[list[s:e]]; len(b) > 0 && !hasBucket(out[start:], b) {
				out = append(out, b)
			}
		}
		i = e
	}
	return out
}

// hasBucket reports whether b is among buckets.
func hasBucket(buckets [][]*ruleEntry, b []*ruleEntry) bool {
	for _, o := range buckets {
		if &o[0] == &b[0] {
			return true
		}
	}
	return false
}

// nextClassName returns the bounds of the first class name at or after i
// in a class attribute's value, split on ASCII white space as DOM's class
// list splits it; start == end == len(list) when no name is left.
func nextClassName(list string, i int) (start, end int) {
	for i < len(list) && isASCIISpace(list[i]) {
		i++
	}
	start = i
	for i < len(list) && !isASCIISpace(list[i]) {
		i++
	}
	return start, i
}

func isASCIISpace(c byte) bool {
	// One comparison for the bytes that are not white space, nearly all.
	return c <= ' ' && (c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r')
}

// atomTable maps element names that are atoms to their buckets: an open
// addressing table probed linearly, which every element asks once per
// index, cheaper than a map.
type atomTable struct {
	keys []atom.Atom
	vals [][]*ruleEntry
	n    int
}

func (t *atomTable) slot(a atom.Atom) int {
	return int((uint32(a) * 2654435761) >> 7 & uint32(len(t.keys)-1))
}

func (t *atomTable) get(a atom.Atom) []*ruleEntry {
	if t.n == 0 {
		return nil
	}
	for i := t.slot(a); ; i = (i + 1) & (len(t.keys) - 1) {
		switch t.keys[i] {
		case a:
			return t.vals[i]
		case 0:
			return nil
		}
	}
}

func (t *atomTable) add(a atom.Atom, e *ruleEntry) {
	if 4*(t.n+1) > len(t.keys) {
		old, oldVals := t.keys, t.vals
		size := max(16, 2*len(t.keys))
		t.keys, t.vals, t.n = make([]atom.Atom, size), make([][]*ruleEntry, size), 0
		for i, k := range old {
			if k != 0 {
				j := t.slot(k)
				for t.keys[j] != 0 {
					j = (j + 1) & (size - 1)
				}
				t.keys[j], t.vals[j] = k, oldVals[i]
				t.n++
			}
		}
	}
	i := t.slot(a)
	for t.keys[i] != 0 && t.keys[i] != a {
		i = (i + 1) & (len(t.keys) - 1)
	}
	if t.keys[i] == 0 {
		t.keys[i] = a
		t.n++
	}
	t.vals[i] = append(t.vals[i], e)
}

// ruleSet is the rules of a cascade's sheets, indexed: the author sheets
// of one Cascade, or the user agent sheet (shared by all).
type ruleSet struct {
	// index is the main index, by pseudo-element kind.
	index [numPseudoKinds]*bucketIndex
	// all is every entry that declares a longhand or a custom property,
	// for the custom property index.
	all []*ruleEntry
	// refs are the custom properties the main index covers.
	refs map[string]bool
	// registered are the custom properties @property registers.
	registered map[string]*registration
	// layers is the root of the layer tree.
	layers *layerNode
	// state tells that some selector (of any entry, custom properties'
	// included) reads live state.
	state bool
	// ancestors tells that an entry of the main index needs names on
	// ancestors: the cascade keeps the ancestor filter.
	ancestors bool
}

// maxImportDepth bounds how deeply @import may nest; deeper imports are
// not followed (Chromium follows twelve levels at least; a cycle is cut
// where a sheet would import itself again).
const maxImportDepth = 256

// ruleSetBuilder walks sheets in cascade order.
type ruleSetBuilder struct {
	set    *ruleSet
	medium *Medium
	order  uint32
	// importing is the chain of sheets being walked, to cut cycles.
	importing []*StyleSheet
}

// walkContext is what the rules being walked are inside.
type walkContext struct {
	sheet  *sheetInfo
	base   string
	layer  *layerNode
	scope  *scopeInfo
	origin Origin
	// cache is what the sheet's rules come with (sheetcache.go).
	cache *sheetCache
	// ns is the namespace the rules apply to; nsOnly tells there is one.
	ns     string
	nsOnly bool
	// rule is the style rule the rules being walked are nested in.
	rule *StyleRule
}

// buildRuleSet indexes sheets for a medium. namespaces, when not nil,
// gives the namespace each sheet's rules apply to.
func buildRuleSet(sheets []SheetRef, namespaces []string, medium *Medium, origin Origin) *ruleSet {
	b := &ruleSetBuilder{
		set:    &ruleSet{layers: &layerNode{}, registered: map[string]*registration{}},
		medium: medium,
	}
	for i, ref := range sheets {
		if ref.Sheet == nil || ref.Disabled || !ref.Media.Matches(*medium) {
			continue
		}
		name := ref.Name
		if name == "" {
			name = ref.Sheet.Href()
		}
		if name == "" {
			name = "sheet " + itoa(i+1)
		}
		ctx := walkContext{
			sheet: &sheetInfo{name: name, href: ref.Sheet.Href()}, base: ref.Sheet.BaseURL(),
			layer: b.set.layers, origin: origin, cache: cacheOf(ref.Sheet),
		}
		if namespaces != nil {
			ctx.ns, ctx.nsOnly = namespaces[i], true
		}
		b.importing = append(b.importing[:0], ref.Sheet)
		b.walk(ref.Sheet.Rules(), ctx)
	}
	b.set.layers.assignRanks()
	b.set.refs = referencedCustom(b.set.all)
	for k := range b.set.index {
		b.set.index[k] = newBucketIndex()
	}
	for _, e := range b.set.all {
		if e.sel != nil && e.sel.ReadsState() {
			b.set.state = true
		}
		if e.block.longhands || e.block.customs && declaresAny(e.block, b.set.refs) {
			b.set.index[e.pseudo].add(e)
			b.set.ancestors = b.set.ancestors || e.anc.n > 0
		}
	}
	return b.set
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var buf [20]byte
	i := len(buf)
	for ; n > 0; n /= 10 {
		i--
		buf[i] = byte('0' + n%10)
	}
	return string(buf[i:])
}

// walk adds the entries of rules, depth first in order (nesting is
// bounded by the parser's maxNesting, imports by maxImportDepth).
func (b *ruleSetBuilder) walk(rules []Rule, ctx walkContext) {
	for _, r := range rules {
		switch r := r.(type) {
		case *StyleRule:
			b.add(r.Selectors(), r.Style(), r, ctx)
			inner := ctx
			inner.rule = r
			b.walk(r.Rules(), inner)
		case *NestedDeclarationsRule:
			var sels []*selector.RuleSelector
			if p := r.Parent(); p != nil {
				sels = p.Selectors()
			} else if ctx.scope == nil {
				continue
			}
			b.add(sels, r.Style(), r, ctx)
		case *MediaRule:
			if r.Media().Matches(*b.medium) {
				b.walk(r.Rules(), ctx)
			}
		case *SupportsRule:
			if r.Supported() {
				b.walk(r.Rules(), ctx)
			}
		case *LayerBlockRule:
			inner := ctx
			inner.layer = ctx.layer.path(r.Name())
			b.walk(r.Rules(), inner)
		case *LayerStatementRule:
			for _, n := range r.Names() {
				ctx.layer.path(n)
			}
		case *ScopeRule:
			inner := ctx
			inner.scope = &scopeInfo{start: r.startSels, end: r.endSels, outer: ctx.scope}
			for _, sel := range append(r.startSels[:len(r.startSels):len(r.startSels)], r.endSels...) {
				b.set.state = b.set.state || sel.ReadsState()
			}
			if len(r.startSels) == 0 && ctx.rule != nil {
				inner.scope.parentSels = ctx.rule.Selectors()
			}
			b.walk(r.Rules(), inner)
		case *ImportRule:
			b.importSheet(r, ctx)
		case *AtRule:
			if r.Name() == "property" {
				b.register(r)
			}
		}
		// @container (its conditions need layout, or are style queries
		// not evaluated here), @starting-style (before the first style
		// only) and the other at-rules add nothing.
	}
}

// importSheet walks an imported sheet in the place of its @import (CSS
// Cascade 5 §2.1), under its media list, supports() and layer.
func (b *ruleSetBuilder) importSheet(r *ImportRule, ctx walkContext) {
	sh := r.StyleSheet()
	if sh == nil || !r.Media().Matches(*b.medium) || len(b.importing) >= maxImportDepth {
		return
	}
	if c, ok := r.Supports(); ok && !c.Supported() {
		return
	}
	for _, s := range b.importing {
		if s == sh {
			return
		}
	}
	inner := ctx
	if name, ok := r.Layer(); ok {
		inner.layer = ctx.layer.path(name)
	}
	href := sh.Href()
	if href == "" {
		href = r.URL()
	}
	inner.sheet = &sheetInfo{name: href, href: href}
	inner.base = sh.BaseURL()
	inner.cache = cacheOf(sh)
	b.importing = append(b.importing, sh)
	b.walk(sh.Rules(), inner)
	b.importing = b.importing[:len(b.importing)-1]
}

// add makes the entries of a block, one per selector (a nil selector
// list inside @scope is the scoping root's).
func (b *ruleSetBuilder) add(sels []*selector.RuleSelector, d *Declarations, r Rule, ctx walkContext) {
	if d.Len() == 0 {
		return
	}
	block := ctx.cache.block(d, ctx.base)
	if !block.longhands && !block.customs {
		return
	}
	b.order++
	mk := func(sel *selector.RuleSelector, pk pseudoKind) *ruleEntry {
		e := &ruleEntry{
			sel: sel, block: block, rule: r, sheet: ctx.sheet, layer: ctx.layer,
			scope: ctx.scope, origin: ctx.origin, pseudo: pk, order: b.order,
			ns: ctx.ns, nsOnly: ctx.nsOnly, id: newID(),
		}
		e.scopeRoot = ctx.scope != nil && sel == nil
		if sel != nil {
			info := ctx.cache.selector(sel)
			e.spec, e.key, e.keyOnly, e.anc = info.spec, info.key, info.keyOnly, info.anc
			e.scopeRoot = ctx.scope != nil && info.scope
		}
		return e
	}
	if sels == nil {
		b.set.all = append(b.set.all, mk(nil, pseudoNone))
		return
	}
	for _, sel := range sels {
		if sel == nil {
			continue
		}
		pk, ok := pseudoKindOf(sel.PseudoElement())
		if !ok {
			continue
		}
		b.set.all = append(b.set.all, mk(sel, pk))
	}
}

// referencedCustom returns the custom properties the longhands' var()
// read, and those the values of these read, and so on: a worklist, not
// recursion.
func referencedCustom(entries []*ruleEntry) map[string]bool {
	refs := map[string]bool{}
	// reads maps a custom property to the names its declarations read.
	reads := map[string][]string{}
	var work []string
	seen := map[*compiledBlock]bool{}
	for _, e := range entries {
		if seen[e.block] {
			continue
		}
		seen[e.block] = true
		for _, list := range e.block.decls {
			for i := range list {
				d := &list[i]
				switch {
				case d.prop == propCustom && d.hasVar:
					reads[d.name] = append(reads[d.name], varNames(d.text)...)
				case d.prop != propCustom && d.pending != "" && d.slot == 0:
					for _, n := range varNames(d.pending) {
						if !refs[n] {
							refs[n] = true
							work = append(work, n)
						}
					}
				}
			}
		}
	}
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		for _, m := range reads[n] {
			if !refs[m] {
				refs[m] = true
				work = append(work, m)
			}
		}
	}
	return refs
}

// declaresAny reports whether a block declares one of names.
func declaresAny(b *compiledBlock, names map[string]bool) bool {
	for _, list := range b.decls {
		for i := range list {
			if list[i].prop == propCustom && names[list[i].name] {
				return true
			}
		}
	}
	return false
}

// wantsCustom reports whether the main cascade computes a custom
// property.
func (s *ruleSet) wantsCustom(name string) bool { return s.refs[name] }

// customIndex returns the index of every entry that declares a custom
// property, built on first use.
func (s *ruleSet) customIndex() *bucketIndex {
	ix := newBucketIndex()
	for _, e := range s.all {
		if e.block.customs && e.pseudo == pseudoNone {
			ix.add(e)
		}
	}
	return ix
}

// selectorsText is the selector of an entry for messages.
func (e *ruleEntry) selectorText() string {
	if e.sel == nil {
		if e.scope != nil {
			return ":scope"
		}
		return ""
	}
	return strings.TrimSpace(e.sel.String())
}
