package css

import (
	"sync/atomic"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// This file is the cascade of one element (CSS Cascade 5 §6) and the
// computation of its values (§4.4): the declarations that apply are
// gathered into groups, each with its precedence packed into one number;
// the groups are walked from the highest precedence down, and each
// property takes the first declaration it meets, unless that is revert
// or revert-layer, which make the walk pass over what they roll back.

// The levels of origin and importance (CSS Cascade 5 §6.2), lowest
// first. Chromium puts presentational hints in a level of their own
// below every author declaration, layered ones included: revert rolls
// them back with the author origin, revert-layer in the lowest layer
// falls back to them.
const (
	levelUANormal uint64 = iota
	levelHint
	levelAuthorNormal
	levelAuthorImportant
	levelUAImportant
)

// A group's precedence, highest bits first: the level; whether it is
// attached to the element (its style attribute, §6.3); its layer (§6.4;
// for important declarations the order of layers is reversed); its
// specificity (§6.5); its scope proximity (CSS Cascade 6 §2.4: nearer
// wins, unscoped is farthest). Order of appearance breaks ties.
const (
	prioLevelShift    = 49
	prioAttachedShift = 48
	prioLayerShift    = 32
	prioSpecShift     = 8
)

// group is the declarations of one importance of one matched rule, of a
// presentational hint or of the style attribute.
type group struct {
	prio  uint64
	order uint32
	// id names the group's declarations (see groupID), for sharing
	// computed values between elements that have the same groups.
	id    uint64
	decls []declared
	// e is the rule's entry; nil for a hint or the style attribute.
	e    *ruleEntry
	kind groupKind
}

type groupKind uint8

const (
	groupRule groupKind = iota
	groupHint
	groupStyleAttr
)

func (g *group) level() uint64 { return g.prio >> prioLevelShift }

// entryPrio is the precedence of an entry's declarations of one
// importance; prox is its scope proximity (0 unscoped).
func entryPrio(e *ruleEntry, important bool, prox uint64) uint64 {
	level := levelAuthorNormal
	switch {
	case e.origin == OriginUserAgent && important:
		level = levelUAImportant
	case e.origin == OriginUserAgent:
		level = levelUANormal
	case important:
		level = levelAuthorImportant
	}
	layer := uint64(e.layer.rank)
	if important {
		layer = maxLayerRank - layer
	}
	return level<<prioLevelShift | layer<<prioLayerShift | uint64(e.spec)<<prioSpecShift | prox
}

// appendGroups adds an entry's groups.
func appendGroups(groups []group, e *ruleEntry, prox uint64) []group {
	for imp, list := range e.block.decls {
		if len(list) > 0 {
			groups = append(groups, group{prio: entryPrio(e, imp == 1, prox), order: e.order, id: groupID(e.id, imp), decls: list, e: e})
		}
	}
	return groups
}

// lastID numbers rule entries, hints and style attribute blocks, so that
// a group's declarations have an id unique in the process.
var lastID atomic.Uint32

func newID() uint32 { return lastID.Add(1) }

// groupID is the id of the declarations of one importance of the
// entry, hint or block with id id.
func groupID(id uint32, imp int) uint64 { return uint64(id)<<1 | uint64(imp) }

// sortGroups orders groups from the highest precedence down: an
// insertion sort, since an element matches few rules.
func sortGroups(gs []group) {
	for i := 1; i < len(gs); i++ {
		g := gs[i]
		j := i
		for j > 0 && before(g, gs[j-1]) {
			gs[j] = gs[j-1]
			j--
		}
		gs[j] = g
	}
}

// before reports whether a takes precedence over b.
func before(a, b group) bool {
	return a.prio > b.prio || a.prio == b.prio && a.order > b.order
}

// revertLimit is what a revert or revert-layer met in the walk lets
// through afterwards.
type revertLimit struct {
	set   bool
	layer bool // revert-layer; else revert
	level uint64
	// prefix is the group's level, attachment and layer: revert-layer
	// lets through the groups of its level below it.
	prefix uint64
}

// allows reports whether a group's declarations may still win.
func (l *revertLimit) allows(g *group) bool {
	if !l.set {
		return true
	}
	lv := g.level()
	if !l.layer {
		// revert in the author origin rolls back to the user agent's
		// (there is no user origin); in the user agent's, to nothing.
		return (l.level == levelAuthorNormal || l.level == levelAuthorImportant) && lv == levelUANormal
	}
	if lv == l.level {
		return g.prio>>prioLayerShift < l.prefix
	}
	switch l.level {
	case levelAuthorNormal:
		return lv < levelAuthorNormal // the hints, then the user agent
	}
	return false
}

// setFrom records a revert or revert-layer met in group g. An important
// revert-layer rolls back as the normal one of its layer does, to the
// normal declarations of the layers before it: Chromium 148 compares
// with its layer's normal precedence (keywords-layer-chains: important
// revert-layer in the middle layer gives the first layer's value, not the
// last layer's normal one).
func (l *revertLimit) setFrom(kw wideKeyword, g *group) {
	level, prefix := g.level(), g.prio>>prioLayerShift
	if kw == wideRevertLayer && level == levelAuthorImportant {
		const attachedBit = 1 << (prioAttachedShift - prioLayerShift)
		const layerBits = attachedBit - 1
		level = levelAuthorNormal
		prefix = levelAuthorNormal<<(prioLevelShift-prioLayerShift) | prefix&attachedBit | (maxLayerRank - prefix&layerBits)
	}
	*l = revertLimit{set: true, layer: kw == wideRevertLayer, level: level, prefix: prefix}
}

// winner is the declaration a property took, and the rule's entry it
// came from (nil for a presentational hint or the style attribute).
type winner struct {
	d *declared
	e *ruleEntry
}

// propState is a property's state in the walk.
type propState struct {
	win   *declared
	g     *group
	limit revertLimit
}

// customWinner is a custom property's winning declaration.
type customWinner struct {
	name string
	d    *declared
	g    *group
}

// cascadeGroups walks the groups (sorted) and picks each property's
// declaration. Custom properties are taken when wantCustom says so.
func cascadeGroups(groups []group, states *[numProps]propState, wantCustom func(string) bool, customs []customWinner) []customWinner {
	var customLimits map[string]*revertLimit
	// won indexes the custom properties that have their winner once
	// there are many (a :root declaring hundreds).
	var won map[string]bool
	for gi := range groups {
		g := &groups[gi]
		for di := range g.decls {
			d := &g.decls[di]
			if d.prop == propCustom {
				if wantCustom == nil || !wantCustom(d.name) {
					continue
				}
				if won != nil && won[d.name] || won == nil && hasCustomWinner(customs, d.name) {
					continue
				}
				if lim := customLimits[d.name]; lim != nil && !lim.allows(g) {
					continue
				}
				if d.wide == wideRevert || d.wide == wideRevertLayer {
					if customLimits == nil {
						customLimits = map[string]*revertLimit{}
					}
					lim := customLimits[d.name]
					if lim == nil {
						lim = &revertLimit{}
						customLimits[d.name] = lim
					}
					lim.setFrom(d.wide, g)
					continue
				}
				customs = append(customs, customWinner{name: d.name, d: d, g: g})
				if won != nil {
					won[d.name] = true
				} else if len(customs) > 16 {
					won = make(map[string]bool, 2*len(customs))
					for _, w := range customs {
						won[w.name] = true
					}
				}
				continue
			}
			st := &states[d.prop]
			if st.win != nil || !st.limit.allows(g) {
				continue
			}
			if d.wide == wideRevert || d.wide == wideRevertLayer {
				st.limit.setFrom(d.wide, g)
				continue
			}
			st.win, st.g = d, g
		}
	}
	return customs
}

// hasCustomWinner reports whether a custom property has its winner, by
// a linear search while there are few.
func hasCustomWinner(cs []customWinner, name string) bool {
	for i := range cs {
		if cs[i].name == name {
			return true
		}
	}
	return false
}

// computeStyle computes the values of el (or of its pseudo-element pk)
// from the groups that apply (sorted) and the parent's values. share
// is false when the values depend on el beyond what the groups and the
// parent say (attr() in content, a custom property outside the main
// index).
func (c *Cascade) computeStyle(el *html.Node, pk pseudoKind, parent *computed, groups []group) (cv *computed, share bool) {
	var states [numProps]propState
	c.customScratch = cascadeGroups(groups, &states, c.author.wantsCustom, c.customScratch[:0])
	cv = &computed{pseudo: pk, parent: parent}
	if parent != nil {
		cv.layoutParent = parent
		if parent.display.IsContents() && parent.layoutParent != nil {
			cv.layoutParent = parent.layoutParent
		}
	}
	cv.custom, cv.own = c.computeCustom(parent, c.customScratch, c.author.registered)
	share = true
	lookup := func(name string) (string, bool) {
		reg := c.author.registered[name]
		if c.author.refs[name] {
			return lookupRegistered(cv.custom, cv.own, reg, name)
		}
		share = false
		all, own := c.fullCustom(el)
		return lookupRegistered(all, own, reg, name)
	}
	for p := propID(0); p < numProps; p++ {
		st := &states[p]
		if st.win == nil {
			cv.inheritOrInitial(p, parent)
			continue
		}
		cv.why[p] = winner{d: st.win, e: st.g.e}
		switch st.win.wide {
		case wideInitial:
			cv.setInitial(p)
		case wideInherit:
			if parent != nil {
				cv.inheritFrom(p, parent)
			} else {
				cv.setInitial(p)
			}
		case wideUnset:
			cv.inheritOrInitial(p, parent)
		default:
			v, ok := st.win.val, true
			if st.win.pending != "" {
				v, ok = c.substituted(st.win, lookup)
			}
			if !ok {
				cv.invalid |= 1 << p
				cv.inheritOrInitial(p, parent)
				continue
			}
			switch p {
			case propContent:
				if v.content.attr {
					share = false
				}
				cv.setContent(v.content, el)
			case propQuotes:
				cv.quotes = v.quotes
				if cv.quotes.IsAuto() {
					cv.quotes = nil
				}
			default:
				cv.set(p, v)
			}
		}
	}
	cv.adjust(el, pk)
	cv.notRendered = cv.display.IsNone() || parent != nil && (parent.notRendered || parent.skipsContents())
	cv.transparent = cv.opacity == 0 || parent != nil && parent.transparent
	return cv, share
}

// setContent computes a specified content value.
func (s *computed) setContent(v *contentValue, el *html.Node) {
	if v.normal {
		s.content = nil
		return
	}
	c := v.compute(el)
	s.content = &c
}

// inheritOrInitial is what a property without a declaration takes, and
// unset: the parent's value for an inherited property, else the initial
// value (CSS Cascade 5 §7.3.3).
func (s *computed) inheritOrInitial(p propID, parent *computed) {
	if inheritedProps[p] && parent != nil {
		s.inheritFrom(p, parent)
		return
	}
	s.setInitial(p)
}

// substituted substitutes var() in a pending value and parses it as a
// value of the property declared; ok is false when the value is invalid
// at computed-value time.
func (c *Cascade) substituted(d *declared, lookup func(string) (string, bool)) (value, bool) {
	text, ok := substitute(d.pending, lookup)
	if !ok || cssWideKeyword(text) != wideNone {
		// A CSS-wide keyword that var() brings is not one (CSS
		// Variables 1 §3): the value is invalid.
		return value{}, false
	}
	vals, ok := d.via.parse(newValueReader(text), c.base)
	if !ok {
		return value{}, false
	}
	return vals[d.slot], true
}

// unusualContents are the elements on which display: contents computes
// to none (CSS Display 3, Appendix B): replaced elements and form
// controls whose contents are not boxes of the tree.
var unusualContents = map[atom.Atom]bool{
	atom.Br: true, atom.Wbr: true, atom.Meter: true, atom.Progress: true, atom.Canvas: true,
	atom.Embed: true, atom.Object: true, atom.Audio: true, atom.Iframe: true, atom.Img: true,
	atom.Video: true, atom.Frame: true, atom.Frameset: true, atom.Input: true,
	atom.Textarea: true, atom.Select: true,
}

// adjustment says why a computed display or float is not the cascaded
// value.
type adjustment uint8

const (
	adjustNone adjustment = iota
	adjustMath
	adjustRootContents
	adjustUnusualContents
	adjustRoot
	adjustAbsolute
	adjustFloat
	adjustFlexItem
	adjustMathChild
	adjustRubyChild
	adjustForeignObject
)

var adjustmentText = [...]string{
	adjustNone:            "",
	adjustMath:            "display: math is flow outside MathML",
	adjustRootContents:    "display: contents on the root element is block",
	adjustUnusualContents: "display: contents on this element is none (CSS Display 3, Appendix B)",
	adjustRoot:            "the root element is blockified",
	adjustAbsolute:        "an absolutely positioned box is blockified, and does not float",
	adjustFloat:           "a float is blockified",
	adjustFlexItem:        "a flex or grid item is blockified",
	adjustMathChild:       "a child of a math box is blockified",
	adjustRubyChild:       "a block in a ruby box is inlinified",
	adjustForeignObject:   "an SVG foreignObject is blockified",
}

func (a adjustment) String() string { return adjustmentText[a] }

// elementFlags are what adjust reads of an element, for sharing values
// between elements.
type elementFlags uint8

const (
	flagRoot elementFlags = 1 << iota
	flagMathML
	flagUnusualContents
	flagForeignObject // an SVG foreignObject
)

func flagsOf(el *html.Node, pk pseudoKind) elementFlags {
	var f elementFlags
	if pk != pseudoNone {
		return f
	}
	if el.Parent == nil || el.Parent.Type == html.DocumentNode {
		f |= flagRoot
	}
	if el.Namespace == "math" {
		f |= flagMathML
	}
	if el.Namespace == "" && unusualContents[el.DataAtom] {
		f |= flagUnusualContents
	}
	if el.Namespace == "svg" && el.Data == "foreignObject" {
		f |= flagForeignObject
	}
	return f
}

// adjust applies the rules that change computed values after the
// cascade (CSS Display 3 §2.7, CSS 2 §9.7, as Chromium applies them):
// display: math outside MathML is flow; display: contents on an unusual
// element is none, on the root block; a root element, a float, an
// absolutely positioned box, a flex or grid item, a child of a math box
// and an SVG foreignObject are blockified; an absolutely positioned box
// does not float; a block in a ruby box is inlinified (CSS Ruby 1 §2.2,
// as Chromium 148 computes it, vdom/testdata/style display-ua-ruby-parts);
// ::before and ::after with content normal have none.
func (s *computed) adjust(el *html.Node, pk pseudoKind) {
	f := flagsOf(el, pk)
	if f&flagMathML == 0 {
		if d := s.display.forNonMath(); d != s.display {
			s.display, s.displayAdjust = d, adjustMath
		}
	}
	if s.display.IsContents() {
		switch {
		case f&flagRoot != 0:
			s.display, s.displayAdjust = DisplayBlock, adjustRootContents
		case f&flagUnusualContents != 0:
			s.display, s.displayAdjust = DisplayNone, adjustUnusualContents
		}
	}
	if s.position.IsAbsolute() && s.float != FloatNone {
		s.float, s.floatAdjust = FloatNone, adjustAbsolute
	}
	if lp := s.layoutParent; lp != nil && lp.display.kind() == kindRuby {
		if d := s.display.inlinify(); d != s.display {
			s.display, s.displayAdjust = d, adjustRubyChild
		}
	}
	why := adjustNone
	switch {
	case f&flagRoot != 0:
		why = adjustRoot
	case s.position.IsAbsolute():
		why = adjustAbsolute
	case s.float != FloatNone:
		why = adjustFloat
	case s.layoutParent != nil && (s.layoutParent.display.IsFlex() || s.layoutParent.display.IsGrid()):
		why = adjustFlexItem
	case s.layoutParent != nil && s.layoutParent.display.kind() == kindMath && f&flagMathML != 0:
		why = adjustMathChild
	case f&flagForeignObject != 0:
		why = adjustForeignObject
	}
	if why != adjustNone {
		if b := s.display.blockify(); b != s.display {
			s.display, s.displayAdjust = b, why
		}
	}
	if pk != pseudoNone && s.content == nil {
		s.content = &contentNone
	}
}
