package css

import (
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
			groups = append(groups, group{prio: entryPrio(e, imp == 1, prox), order: e.order, decls: list, e: e})
		}
	}
	return groups
}

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
	case levelAuthorImportant:
		return lv == levelUANormal // no lower important layer: as revert
	}
	return false
}

// setFrom records a revert or revert-layer met in group g.
func (l *revertLimit) setFrom(kw wideKeyword, g *group) {
	*l = revertLimit{set: true, layer: kw == wideRevertLayer, level: g.level(), prefix: g.prio >> prioLayerShift}
}

// winner is the declaration a property took, and where it came from.
type winner struct {
	d *declared
	g group
	// invalid tells that the value held var() and was invalid at
	// computed-value time (CSS Variables 1 §3), so it is unset's.
	invalid bool
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
	for gi := range groups {
		g := &groups[gi]
		for di := range g.decls {
			d := &g.decls[di]
			if d.prop == propCustom {
				if wantCustom == nil || !wantCustom(d.name) {
					continue
				}
				if hasCustomWinner(customs, d.name) {
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

// hasCustomWinner reports whether a custom property has its winner. A
// linear search: elements declare few custom properties, and those that
// declare many (:root) are few.
func hasCustomWinner(cs []customWinner, name string) bool {
	for i := range cs {
		if cs[i].name == name {
			return true
		}
	}
	return false
}

// computeStyle computes the style of el (or of its pseudo-element pk)
// from the groups that apply (sorted), the parent's style and the
// custom properties.
func (c *Cascade) computeStyle(el *html.Node, pk pseudoKind, parent *Style, groups []group) *Style {
	var states [numProps]propState
	c.customScratch = cascadeGroups(groups, &states, c.author.wantsCustom, c.customScratch[:0])
	s := &Style{el: el, pseudo: pk, parent: parent, cascade: c}
	if parent != nil {
		s.layoutParent = parent
		if parent.display.IsContents() && parent.layoutParent != nil {
			s.layoutParent = parent.layoutParent
		}
	}
	s.custom, s.own = c.computeCustom(parent, c.customScratch, c.author.registered)
	for p := propID(0); p < numProps; p++ {
		st := &states[p]
		w := &s.why[p]
		if st.win == nil {
			s.inheritOrInitial(p, parent)
			continue
		}
		w.d, w.g = st.win, *st.g
		switch st.win.wide {
		case wideInitial:
			s.setInitial(p)
		case wideInherit:
			if parent != nil {
				s.inheritFrom(p, parent)
			} else {
				s.setInitial(p)
			}
		case wideUnset:
			s.inheritOrInitial(p, parent)
		default:
			v, ok := st.win.val, true
			if st.win.pending != "" {
				v, ok = c.substituted(s, st.win)
			}
			if !ok {
				w.invalid = true
				s.inheritOrInitial(p, parent)
				continue
			}
			switch p {
			case propContent:
				s.setContent(v.content, el)
			case propQuotes:
				s.quotes = v.quotes
				if s.quotes.IsAuto() {
					s.quotes = nil
				}
			default:
				s.set(p, v)
			}
		}
	}
	s.adjust(el, pk)
	return s
}

// setContent computes a specified content value.
func (s *Style) setContent(v *contentValue, el *html.Node) {
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
func (s *Style) inheritOrInitial(p propID, parent *Style) {
	if inheritedProps[p] && parent != nil {
		s.inheritFrom(p, parent)
		return
	}
	s.setInitial(p)
}

// substituted substitutes var() in a pending value and parses it as a
// value of the property declared; ok is false when the value is invalid
// at computed-value time.
func (c *Cascade) substituted(s *Style, d *declared) (value, bool) {
	text, ok := substitute(d.pending, func(name string) (string, bool) { return s.customValue(name) })
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

// adjust applies the rules that change computed values after the
// cascade (CSS Display 3 §2.7, CSS 2 §9.7, as Chromium applies them):
// display: math outside MathML is flow; display: contents on an unusual
// element is none, on the root block; a root element, a float, an
// absolutely positioned box and a flex or grid item are blockified; an
// absolutely positioned box does not float; ::before and ::after with
// content normal have none.
func (s *Style) adjust(el *html.Node, pk pseudoKind) {
	if pk != pseudoNone || el.Namespace != "math" {
		s.display = s.display.forNonMath()
	}
	root := pk == pseudoNone && (el.Parent == nil || el.Parent.Type == html.DocumentNode)
	if pk == pseudoNone && s.display.IsContents() {
		switch {
		case root:
			s.display = DisplayBlock
			s.adjusted[propDisplay] = "display: contents on the root element is block"
		case el.Namespace == "" && unusualContents[el.DataAtom]:
			s.display = DisplayNone
			s.adjusted[propDisplay] = "display: contents on <" + el.Data + "> is none"
		}
	}
	if s.position.IsAbsolute() && s.float != FloatNone {
		s.float = FloatNone
		s.adjusted[propFloat] = "an absolutely positioned box does not float"
	}
	why := ""
	switch {
	case root:
		why = "the root element is blockified"
	case s.position.IsAbsolute():
		why = "an absolutely positioned box is blockified"
	case s.float != FloatNone:
		why = "a float is blockified"
	case s.layoutParent != nil && (s.layoutParent.display.IsFlex() || s.layoutParent.display.IsGrid()):
		why = "a flex or grid item is blockified"
	}
	if why != "" {
		if b := s.display.blockify(); b != s.display {
			s.display = b
			s.adjusted[propDisplay] = why
		}
	}
	if pk != pseudoNone && s.content == nil {
		s.content = &contentNone
	}
}
