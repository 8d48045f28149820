package css

import (
	"reflect"
	"slices"

	"github.com/eventperk/eventperk-go/selector"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// CascadeOptions are the optional arguments of NewCascade.
type CascadeOptions struct {
	// Medium is what @media and the media lists of sheets and imports
	// are evaluated against. The zero Medium (Type "") means
	// DefaultMedium().
	Medium Medium
	// BaseURL resolves the URLs in style attributes (url() in content):
	// the document's base URL.
	BaseURL string
}

// SheetRef is an author style sheet as a document applies it: a <style>
// element's or a <link rel=stylesheet>'s sheet with its owner's media
// list, whether it is disabled (an alternate sheet, a disabled link), and
// a name for messages and Source ("<style> #2", the link's href).
type SheetRef struct {
	Sheet *StyleSheet
	// Media is the owner's media attribute; the empty list matches
	// every medium.
	Media MediaList
	// Disabled sheets do not apply.
	Disabled bool
	// Name names the sheet in Source; "" means its href, or "sheet N".
	Name string
}

// Cascade computes the styles of the elements of one document's tree:
// the cascade of the user agent sheet, the presentational hints, the
// author sheets and the style attributes (CSS Cascade 5 §6), and the
// computed values of the properties in ComputedProperties.
//
// Styles are computed when asked for, parents first, and kept until
// Invalidate, which the document calls when its tree, an attribute, the
// live state its selectors read, or its sheets change. The author sheets'
// rules are indexed once per SetSheets; the user agent sheet's once for
// all Cascades. A Cascade, like a document, is for one goroutine at a
// time.
type Cascade struct {
	medium Medium
	base   string
	sheets []SheetRef
	// imported is every sheet the sheets import, as loaded when the
	// index was built: loading an import later changes what applies.
	imported []*StyleSheet
	// author is the author sheets' rules, built on first use after
	// SetSheets.
	author *ruleSet
	// customIx indexes the rules that declare custom properties, built
	// when a custom property no other property reads is asked for.
	customIx *bucketIndex

	styles  map[*html.Node]*Style
	pseudos map[pseudoKey]*Style
	// shared finds the computed values of an earlier element with the
	// same parent values and groups.
	shared      map[shareKey]*shareEntry
	fullCustoms map[*html.Node]fullCustomEntry
	attrBlocks  map[string]*compiledBlock

	state    selector.State
	stateSet bool
	// stateComparable tells that == can compare state with another
	// State without a panic.
	stateComparable bool
	mc              *selector.MatchContext

	// Scratch space, reused from one element to the next.
	chain         []*html.Node
	buckets       [][]*ruleEntry
	groups        []group
	customScratch []customWinner
	// fullGroups is the scratch of fullCustom, which runs while an
	// element's groups are in use.
	fullGroups []group
	// scopes remembers the nearest scoping root of each @scope for the
	// elements asked about (scope.go).
	scopes map[scopeKey]scopeHit
	// steps counts the work done (entries tried, elements walked,
	// values computed), for tests that check it grows linearly.
	steps int
	// last is the style computed last, lastParent that of its parent
	// (nil for a root): where the next element's walk up stops, when
	// elements are asked in tree order, without a lookup.
	last, lastParent *Style
	// filtering is set while the author sheets have entries the
	// ancestor filter can skip; filter is then the filter of the
	// ancestors of the element being matched (nil: not known, no entry
	// skipped).
	filtering bool
	filter    *ancestorBloom
	// slab is where the next Styles are made, styleSlab at a time: one
	// allocation for many elements rather than one each.
	slab []Style
	// entrySlab and sigSlab are where the shared-values table's entries
	// and their signatures are made, many to an allocation.
	entrySlab []shareEntry
	sigSlab   []uint64
	// sized is set once styles was made with room for the elements of
	// the first tree asked about.
	sized bool
}

// sigSpace returns an empty slice with room for n words, cut from
// sigSlab (a longer signature gets its own).
func (c *Cascade) sigSpace(n int) []uint64 {
	if n > 256 {
		return make([]uint64, 0, n)
	}
	if len(c.sigSlab) < n {
		c.sigSlab = make([]uint64, 4096)
	}
	s := c.sigSlab[:0:n]
	c.sigSlab = c.sigSlab[n:]
	return s
}

// styleSlab is how many Styles one allocation makes.
const styleSlab = 256

// newStyle returns a Style of el made in the slab.
func (c *Cascade) newStyle(cv *computed, el *html.Node) *Style {
	if len(c.slab) == 0 {
		c.slab = make([]Style, styleSlab)
	}
	s := &c.slab[0]
	c.slab = c.slab[1:]
	*s = Style{computed: cv, el: el, cascade: c}
	return s
}

// shareKey is what elements with the same computed values have in
// common: the parent's values, a hash of their groups, and the element
// flags adjust reads.
type shareKey struct {
	parent *computed
	hash   uint64
	flags  elementFlags
}

// shareEntry holds the values for a key, with the groups' ids and
// precedences to check against (hashes may collide).
type shareEntry struct {
	sig  []uint64
	cv   *computed
	next *shareEntry
}

// maxShared bounds the share table; past it the table starts afresh.
const maxShared = 1 << 16

type pseudoKey struct {
	el *html.Node
	pk pseudoKind
}

type fullCustomEntry struct {
	all, own *customMap
}

// maxAttrBlocks bounds the cache of parsed style attributes; past it the
// cache starts afresh.
const maxAttrBlocks = 1 << 14

// NewCascade returns a cascade with no author sheets.
func NewCascade(opts CascadeOptions) *Cascade {
	c := &Cascade{medium: opts.Medium, base: opts.BaseURL}
	if c.medium.Type == "" {
		c.medium = DefaultMedium()
	}
	c.styles = map[*html.Node]*Style{}
	c.shared = map[shareKey]*shareEntry{}
	// pseudos, fullCustoms, attrBlocks and scopes are made when first
	// written: most documents ask for no pseudo-element, have few style
	// attributes and no @scope.
	return c
}

// Medium is what the cascade's media queries are evaluated against.
func (c *Cascade) Medium() Medium { return c.medium }

// SetMedium changes the medium (to print, a narrower viewport, a dark
// color scheme...): the rules are indexed again and every style dropped.
func (c *Cascade) SetMedium(m Medium) {
	if m.Type == "" {
		m = DefaultMedium()
	}
	c.medium = m
	c.author = nil
	c.customIx = nil
	c.Invalidate()
}

// SetSheets sets the author sheets, in document order (a <style> or
// <link> earlier in the tree comes first). Their loaded @imports
// (ImportRule.StyleSheet) are followed in place, under the import's
// media list, supports() and layer. The rules are indexed again, and
// every style dropped, when the list differs from the current one or an
// import has been loaded since (call SetSheets again after LoadImports).
func (c *Cascade) SetSheets(sheets []SheetRef) {
	imported := importedSheets(sheets)
	if c.author != nil && sameSheets(c.sheets, sheets) && slices.Equal(c.imported, imported) {
		return
	}
	c.sheets = append(c.sheets[:0], sheets...)
	c.imported = imported
	c.author = nil
	c.customIx = nil
	c.Invalidate()
}

// importedSheets lists the sheets that sheets import, depth first (nil
// for an import not loaded), each sheet's imports once.
func importedSheets(sheets []SheetRef) []*StyleSheet {
	var out []*StyleSheet
	seen := map[*StyleSheet]bool{}
	var stack []*StyleSheet
	for i := len(sheets) - 1; i >= 0; i-- {
		stack = append(stack, sheets[i].Sheet)
	}
	for len(stack) > 0 {
		sh := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if sh == nil || seen[sh] {
			continue
		}
		seen[sh] = true
		var next []*StyleSheet
		for _, r := range sh.Rules() {
			imp, ok := r.(*ImportRule)
			if !ok {
				if _, layer := r.(*LayerStatementRule); layer {
					continue
				}
				break // @import stands only before other rules
			}
			out = append(out, imp.StyleSheet())
			next = append(next, imp.StyleSheet())
		}
		for i := len(next) - 1; i >= 0; i-- {
			stack = append(stack, next[i])
		}
	}
	return out
}

func sameSheets(a, b []SheetRef) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Sheet != b[i].Sheet || a[i].Disabled != b[i].Disabled ||
			a[i].Media.MediaText() != b[i].Media.MediaText() || a[i].Name != b[i].Name {
			return false
		}
	}
	return true
}

// Sheets returns the author sheets as set. Do not modify the slice.
func (c *Cascade) Sheets() []SheetRef { return c.sheets }

// ReadsState reports whether a selector of the sheets (or of the user
// agent's, or a scoping rule's) asks the State anything (:checked,
// :focus, :disabled...; see selector.RuleSelector.ReadsState): when none
// does, a change of live state changes no style, and the document need
// not call Invalidate for it.
func (c *Cascade) ReadsState() bool {
	return c.authorSet().state || userAgent().state
}

// Invalidate drops every computed style. The next Style computes again
// from the tree, its attributes and the live state as they are then.
func (c *Cascade) Invalidate() {
	c.last, c.lastParent = nil, nil
	clear(c.styles)
	clear(c.pseudos)
	clear(c.fullCustoms)
	clear(c.shared)
	clear(c.scopes)
	c.stateSet = false
	c.state = nil
}

// prepare indexes the sheets if needed and takes the State to match
// with: a State other than the one the kept styles were computed with
// drops them.
func (c *Cascade) prepare(st selector.State) {
	// The common case, every call but the first: the same State, of a
	// type == can compare (a pointer), without sameState's recover.
	if c.stateComparable && c.stateSet && c.state == st {
		return
	}
	c.authorSet()
	if c.stateSet && sameState(c.state, st) {
		return
	}
	if c.stateSet {
		c.last, c.lastParent = nil, nil
		clear(c.styles)
		clear(c.pseudos)
		clear(c.fullCustoms)
		clear(c.shared)
		clear(c.scopes)
	}
	c.state, c.stateSet = st, true
	t := reflect.TypeOf(st)
	c.stateComparable = t == nil || t.Comparable()
	if c.mc == nil {
		c.mc = selector.NewMatchContext(st)
	} else {
		c.mc.Reset(st)
	}
}

// authorSet returns the index of the author sheets, built on first use
// after SetSheets or SetMedium (which drop every style, so that the
// styles kept were all computed with the same index).
func (c *Cascade) authorSet() *ruleSet {
	if c.author == nil {
		c.author = authorRuleSet(c.sheets, c.medium)
		c.filtering = c.author.ancestors
	}
	return c.author
}

// sameState compares two States; a State of a type that cannot be
// compared is never the same.
func sameState(a, b selector.State) (same bool) {
	defer func() {
		if recover() != nil {
			same = false
		}
	}()
	return a == b
}

// Style returns the computed style of an element, computing it (and its
// ancestors', iteratively: a tree of any depth costs no stack) unless it
// is kept from an earlier call. st answers the pseudo-classes of live
// state (:checked, :focus...); nil means selector.Static, attributes
// only. Pass the same State between two Invalidates: another one drops
// the kept styles. el must be an element; Style returns nil for any
// other node.
func (c *Cascade) Style(el *html.Node, st selector.State) *Style {
	if el == nil || el.Type != html.ElementNode {
		return nil
	}
	c.prepare(st)
	if s, ok := c.styles[el]; ok {
		return s
	}
	if !c.sized {
		c.sizeStyles(el)
	}
	chain := append(c.chain[:0], el)
	var top *Style // the nearest ancestor whose style is kept
	for n := el.Parent; n != nil && n.Type == html.ElementNode; n = n.Parent {
		// Asked in tree order, the parent is the element computed
		// last, or that one's parent.
		if c.last != nil && n == c.last.el {
			top = c.last
			break
		}
		if c.lastParent != nil && n == c.lastParent.el {
			top = c.lastParent
			break
		}
		if s, ok := c.styles[n]; ok {
			top = s
			break
		}
		chain = append(chain, n)
	}
	c.steps += len(chain)
	s := top
	for i := len(chain) - 1; i >= 0; i-- {
		n := chain[i]
		var parent *computed
		anc := &noAncestors
		if s != nil {
			parent, anc = s.computed, &s.bloom
		}
		if c.filtering {
			c.filter = anc
		}
		c.lastParent = s
		s = c.newStyle(c.computeElement(n, parent), n)
		if c.filtering {
			s.bloom = *anc
			s.bloom.addElement(n)
		}
		c.styles[n] = s
	}
	c.filter = nil
	c.last = s
	c.chain = chain[:0]
	return s
}

// maxStylesHint bounds the room sizeStyles makes.
const maxStylesHint = 1 << 17

// sizeStyles makes styles with room for every element of el's tree, the
// first time a style is computed: a page's questions come to ask about
// most of its elements, and a map grown one element at a time moves
// every entry several times over (on the 10k page that cost as much as
// matching the rules). The count is a walk of the tree, without
// recursion, cut off at maxStylesHint.
func (c *Cascade) sizeStyles(el *html.Node) {
	c.sized = true
	root := el
	for root.Parent != nil {
		root = root.Parent
	}
	n := 0
	for h := root; h != nil && n < maxStylesHint; {
		if h.Type == html.ElementNode {
			n++
		}
		if h.FirstChild != nil {
			h = h.FirstChild
			continue
		}
		for h != root && h.NextSibling == nil {
			h = h.Parent
		}
		if h == root {
			break
		}
		h = h.NextSibling
	}
	if len(c.styles) == 0 && n > 8 {
		c.styles = make(map[*html.Node]*Style, n)
	}
}

// computeElement gathers the groups that apply to el and computes its
// values, or takes those of an earlier element with the same parent
// values and groups.
func (c *Cascade) computeElement(el *html.Node, parent *computed) *computed {
	groups := c.groups[:0]
	groups = c.match(userAgent().index[pseudoNone], el, groups)
	groups = appendHints(groups, el)
	groups = c.match(c.author.index[pseudoNone], el, groups)
	groups = c.appendStyleAttribute(groups, el)
	sortGroups(groups)
	key := shareKey{parent: parent, hash: groupsHash(groups), flags: flagsOf(el, pseudoNone)}
	for e := c.shared[key]; e != nil; e = e.next {
		if sameGroups(e.sig, groups) {
			c.groups = groups[:0]
			return e.cv
		}
	}
	cv, share := c.computeStyle(el, pseudoNone, parent, groups)
	if share {
		if len(c.shared) >= maxShared {
			clear(c.shared)
		}
		sig := c.sigSpace(2 * len(groups))
		for i := range groups {
			sig = append(sig, groups[i].id, groups[i].prio)
		}
		if len(c.entrySlab) == 0 {
			c.entrySlab = make([]shareEntry, styleSlab)
		}
		e := &c.entrySlab[0]
		c.entrySlab = c.entrySlab[1:]
		*e = shareEntry{sig: sig, cv: cv, next: c.shared[key]}
		c.shared[key] = e
	}
	c.groups = groups[:0]
	return cv
}

// groupsHash hashes the ids and precedences of groups (FNV-1a over
// 64-bit words).
func groupsHash(groups []group) uint64 {
	h := uint64(14695981039346656037)
	for i := range groups {
		h = (h ^ groups[i].id) * 1099511628211
		h = (h ^ groups[i].prio) * 1099511628211
	}
	return h
}

func sameGroups(sig []uint64, groups []group) bool {
	if len(sig) != 2*len(groups) {
		return false
	}
	for i := range groups {
		if sig[2*i] != groups[i].id || sig[2*i+1] != groups[i].prio {
			return false
		}
	}
	return true
}

// match appends the groups of the entries of ix that match el.
func (c *Cascade) match(ix *bucketIndex, el *html.Node, groups []group) []group {
	buckets := ix.buckets(el, c.buckets[:0])
	for _, b := range buckets {
		c.steps += len(b)
		for _, e := range b {
			if e.nsOnly && el.Namespace != e.ns || e.anc.n > 0 && c.filter != nil && !e.anc.mayMatch(c.filter) {
				continue
			}
			var prox uint64
			if e.scope != nil {
				d, ok := c.scopeDistance(e, el)
				if !ok {
					continue
				}
				prox = 255 - uint64(min(d, 254))
			}
			if !e.scopeRoot && !e.keyOnly && e.sel != nil && !c.mc.Matches(e.sel, el) {
				continue
			}
			groups = appendGroups(groups, e, prox)
		}
	}
	c.buckets = buckets[:0]
	return groups
}

// appendStyleAttribute adds the groups of el's style attribute, which
// beat every rule of their origin and importance (CSS Cascade 5 §6.3).
func (c *Cascade) appendStyleAttribute(groups []group, el *html.Node) []group {
	text, ok := attrValue(el, "style")
	if !ok || el.Namespace != "" && el.Namespace != "svg" && el.Namespace != "math" {
		return groups
	}
	b := c.attrBlocks[text]
	if b == nil {
		if len(c.attrBlocks) >= maxAttrBlocks {
			clear(c.attrBlocks)
		}
		b = compileBlock(ParseDeclarations(text), c.base)
		if c.attrBlocks == nil {
			c.attrBlocks = map[string]*compiledBlock{}
		}
		c.attrBlocks[text] = b
	}
	for imp, list := range b.decls {
		if len(list) == 0 {
			continue
		}
		level := levelAuthorNormal
		if imp == 1 {
			level = levelAuthorImportant
		}
		groups = append(groups, group{prio: level<<prioLevelShift | 1<<prioAttachedShift, id: groupID(b.id, imp), decls: list, kind: groupStyleAttr})
	}
	return groups
}

// ComputedPseudoStyle returns the computed style of el's ::before or
// ::after ("before", "after"), as getComputedStyle(el, "::before")
// gives it, whether or not the pseudo-element is generated (its content
// is then none). It returns nil for other names.
func (c *Cascade) ComputedPseudoStyle(el *html.Node, pseudo string, st selector.State) *Style {
	pk, ok := pseudoKindOf(pseudo)
	if !ok || pk == pseudoNone || el == nil || el.Type != html.ElementNode {
		return nil
	}
	parent := c.Style(el, st)
	key := pseudoKey{el, pk}
	if s, ok := c.pseudos[key]; ok {
		return s
	}
	return c.computePseudo(el, pk, parent, c.matchPseudo(el, pk))
}

// matchPseudo gathers the groups of the rules for el's pseudo-element pk.
func (c *Cascade) matchPseudo(el *html.Node, pk pseudoKind) []group {
	groups := c.groups[:0]
	groups = c.match(userAgent().index[pk], el, groups)
	return c.match(c.author.index[pk], el, groups)
}

// computePseudo computes and keeps the style of el's pseudo-element pk
// from the groups matchPseudo gathered.
func (c *Cascade) computePseudo(el *html.Node, pk pseudoKind, parent *Style, groups []group) *Style {
	sortGroups(groups)
	cv, _ := c.computeStyle(el, pk, parent.computed, groups)
	c.groups = groups[:0]
	s := c.newStyle(cv, el)
	if c.pseudos == nil {
		c.pseudos = map[pseudoKey]*Style{}
	}
	c.pseudos[pseudoKey{el, pk}] = s
	return s
}

// PseudoStyle returns the style of el's ::before or ::after when the
// pseudo-element is generated: nil when its content computes to none
// (normal included), and for elements that cannot have one (replaced
// elements and form controls whose boxes hold no children: img, input,
// select, textarea, br, hr, iframe, video, audio, canvas, embed, object,
// progress, meter), though getComputedStyle still reports their
// content (ComputedPseudoStyle). A generated pseudo-element whose own
// display is none is returned: its Display says so.
func (c *Cascade) PseudoStyle(el *html.Node, pseudo string, st selector.State) *Style {
	pk, ok := pseudoKindOf(pseudo)
	if !ok || pk == pseudoNone || el == nil || el.Type != html.ElementNode ||
		el.Namespace == "" && noGeneratedContent[el.DataAtom] {
		return nil
	}
	parent := c.Style(el, st)
	s, ok := c.pseudos[pseudoKey{el, pk}]
	if !ok {
		groups := c.matchPseudo(el, pk)
		if len(groups) == 0 {
			// No rule sets its content, which is not inherited: it is
			// normal, none on a pseudo-element, and nothing is
			// generated. Asking every element of a page (as an
			// accessible name's content does) then computes no style.
			c.groups = groups[:0]
			return nil
		}
		s = c.computePseudo(el, pk, parent, groups)
	}
	if s.content == nil || s.content.none || s.content.normal {
		return nil
	}
	return s
}

// noGeneratedContent are the elements whose boxes hold no children, so
// no ::before or ::after is generated for them (Chromium 148, NOTES.md
// in vdom/testdata/style).
var noGeneratedContent = map[atom.Atom]bool{
	atom.Img: true, atom.Input: true, atom.Select: true, atom.Textarea: true, atom.Br: true,
	atom.Hr: true, atom.Iframe: true, atom.Video: true, atom.Audio: true, atom.Canvas: true,
	atom.Embed: true, atom.Object: true, atom.Progress: true, atom.Meter: true,
}
