package css

import "strings"

// This file turns a block of declarations into what the cascade works
// with: one declared value per longhand computed here (shorthands
// expanded, later declarations of a longhand winning within the block),
// and the block's custom properties, split by importance. A block is
// compiled once per Cascade (a sheet is immutable and may be shared).

// propCustom marks a declared value of a custom property.
const propCustom = numProps

// declared is the declared value of one longhand, or of one custom
// property, in one block.
type declared struct {
	prop propID
	// wide is the CSS-wide keyword the value is, or wideNone.
	wide wideKeyword
	// val is the parsed value when there is no keyword and no var().
	val value
	// pending is the text of a value with var(), to be substituted and
	// parsed as a value of via (the property declared, maybe a
	// shorthand) when computed; slot is this longhand's place among
	// via's longhands.
	pending string
	via     *property
	slot    uint8
	// name and text are a custom property's name and value (text as
	// written, trimmed); hasVar tells that text holds var().
	name   string
	text   string
	hasVar bool
	// decl is the declaration as written, for Source.
	decl *Declaration
}

// compiledBlock is a block's declared values; decls[0] holds the normal
// ones, decls[1] the important ones, each with one entry per longhand or
// custom property.
type compiledBlock struct {
	decls [2][]declared
	id    uint32
	// longhands tells that the block declares a longhand computed here;
	// customs that it declares a custom property.
	longhands, customs bool
}

// compileBlock compiles a block. base resolves URLs in its values.
func compileBlock(d *Declarations, base string) *compiledBlock {
	b := &compiledBlock{id: newID()}
	// at finds a longhand's or custom property's declared value already
	// in a list, so that a block of thousands stays linear.
	var at [2]map[string]int
	put := func(imp int, v declared) {
		key := v.name
		if v.prop != propCustom {
			key = propNames[v.prop]
		}
		if at[imp] == nil {
			at[imp] = map[string]int{}
		}
		if i, ok := at[imp][key]; ok {
			// The later declaration in a block wins (CSS Cascade 5
			// §6.7, order of appearance).
			b.decls[imp][i] = v
			return
		}
		at[imp][key] = len(b.decls[imp])
		b.decls[imp] = append(b.decls[imp], v)
	}
	all := d.All()
	for i := range all {
		x := &all[i]
		imp := 0
		if x.Important {
			imp = 1
		}
		if strings.HasPrefix(x.Property, "--") {
			b.customs = true
			put(imp, declared{
				prop: propCustom, name: x.Property, wide: cssWideKeyword(x.Value),
				text: x.Value, hasVar: hasVar(x.Value), decl: x,
			})
			continue
		}
		p, ok := properties[x.Property]
		if !ok {
			continue
		}
		one := declared{decl: x, wide: cssWideKeyword(x.Value)}
		var vals []value
		switch {
		case one.wide != wideNone:
		case hasVar(x.Value):
			one.pending, one.via = x.Value, p
		default:
			vals, ok = p.parse(newValueReader(x.Value), base)
			if !ok {
				continue // the parser keeps only valid values; a hand-made block may not
			}
		}
		b.longhands = true
		for slot, lh := range p.longhands {
			v := one
			v.prop, v.slot = lh, uint8(slot)
			if vals != nil {
				v.val = vals[slot]
			}
			put(imp, v)
		}
	}
	return b
}

// varNames returns the custom property names a value's var() functions
// name, fallbacks included.
func varNames(text string) []string {
	r := newValueReader(text)
	var names []string
	for i, t := range r.toks {
		if r.funcName(t) == "var" && i+1 < len(r.toks) && r.toks[i+1].kind == tIdent {
			name := unescapeIdent(r.text(r.toks[i+1]))
			if strings.HasPrefix(name, "--") {
				names = append(names, name)
			}
		}
	}
	return names
}
