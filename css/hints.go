package css

import (
	"sync"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// This file is the presentational hints (HTML §15.2) for the properties
// computed here: attributes that style their element. Chromium applies
// them below every author declaration and above the user agent sheet
// (NOTES.md in vdom/testdata/style), which is where their groups go
// (levelHint):
//
//   - hidden: display: none; hidden=until-found (ASCII case-insensitive):
//     content-visibility: hidden (HTML §15.3.1; Chromium makes both
//     hints, not rules of its sheet);
//   - td and th nowrap: white-space: nowrap (§15.3.8);
//   - pre wrap: white-space: pre-wrap (§15.3.3);
//   - textarea wrap=off: white-space: pre (§15.5.15);
//   - contenteditable=plaintext-only: white-space: pre-wrap (Chromium
//     148, focus-disabled-kinds);
//   - align=left|right on img, object, embed, iframe, input type=image
//     (§15.4.3) and table (§15.3.8): float: left|right;
//   - on SVG elements, the presentation attributes (SVG 2 §6.6) of the
//     properties computed here: display, visibility, opacity and
//     pointer-events, each with its property's grammar (an invalid
//     value is no hint).

// hint is one presentational hint: its declarations, as if written.
type hint struct {
	decls []declared
	id    uint32
}

// hintAttributes names the attribute of each hint's declarations, for
// Source.
var hintAttributes = map[*Declaration]string{}

func newHint(attr, property, val string) *hint {
	d := &Declaration{Property: property, Value: val}
	hintAttributes[d] = attr
	p := properties[property]
	vals, _ := p.parse(newValueReader(val), "")
	h := &hint{id: newID()}
	for slot, lh := range p.longhands {
		h.decls = append(h.decls, declared{prop: lh, val: vals[slot], slot: uint8(slot), decl: d})
	}
	return h
}

var (
	hintHidden     = newHint("hidden", "display", "none")
	hintUntilFound = newHint("hidden", "content-visibility", "hidden")
	hintNowrap     = newHint("nowrap", "white-space", "nowrap")
	hintPreWrap    = newHint("wrap", "white-space", "pre-wrap")
	hintPre        = newHint("wrap", "white-space", "pre")
	hintFloatLeft  = newHint("align", "float", "left")
	hintFloatRight = newHint("align", "float", "right")
	hintPlaintext  = newHint("contenteditable", "white-space", "pre-wrap")
)

// svgHints keeps the hint made for each presentation attribute's
// property and value ("display\x00none"), nil for a value that is
// invalid; svgHintAttributes names the attribute of their declarations
// (hintAttributes is for the fixed hints, written once).
var svgHints, svgHintAttributes sync.Map

// hintAttribute is the attribute a hint's declaration comes from, or "".
func hintAttribute(d *Declaration) string {
	if a := hintAttributes[d]; a != "" {
		return a
	}
	if a, ok := svgHintAttributes.Load(d); ok {
		return a.(string)
	}
	return ""
}

// svgPresentationHint returns the hint of an SVG presentation attribute
// for one of the properties computed here, or nil.
func svgPresentationHint(attr, val string) *hint {
	switch attr {
	case "display", "visibility", "opacity", "pointer-events":
	default:
		return nil
	}
	key := attr + "\x00" + val
	if h, ok := svgHints.Load(key); ok {
		return h.(*hint)
	}
	var h *hint
	p := properties[attr]
	if cssWideKeyword(val) == wideNone && !hasVar(val) {
		if vals, ok := p.parse(newValueReader(val), ""); ok {
			d := &Declaration{Property: attr, Value: val}
			svgHintAttributes.Store(d, attr)
			h = &hint{id: newID()}
			for slot, lh := range p.longhands {
				h.decls = append(h.decls, declared{prop: lh, val: vals[slot], slot: uint8(slot), decl: d})
			}
		}
	}
	got, _ := svgHints.LoadOrStore(key, h)
	return got.(*hint)
}

// appendHints adds the groups of the presentational hints of el.
func appendHints(groups []group, el *html.Node) []group {
	if len(el.Attr) == 0 || el.Namespace != "" && el.Namespace != "svg" {
		return groups
	}
	add := func(h *hint) {
		groups = append(groups, group{prio: levelHint << prioLevelShift, order: uint32(len(groups)), id: groupID(h.id, 0), decls: h.decls, kind: groupHint})
	}
	if el.Namespace == "svg" {
		for _, a := range el.Attr {
			if a.Namespace == "" {
				if h := svgPresentationHint(a.Key, a.Val); h != nil {
					add(h)
				}
			}
		}
		return groups
	}
	for _, a := range el.Attr {
		if a.Namespace != "" {
			continue
		}
		switch a.Key {
		case "hidden":
			if equalFoldASCII(a.Val, "until-found") {
				add(hintUntilFound)
			} else {
				add(hintHidden)
			}
		case "nowrap":
			if el.DataAtom == atom.Td || el.DataAtom == atom.Th {
				add(hintNowrap)
			}
		case "wrap":
			switch {
			case el.DataAtom == atom.Pre:
				add(hintPreWrap)
			case el.DataAtom == atom.Textarea && equalFoldASCII(a.Val, "off"):
				add(hintPre)
			}
		case "contenteditable":
			if equalFoldASCII(a.Val, "plaintext-only") {
				add(hintPlaintext)
			}
		case "align":
			if !floatsByAlign(el) {
				continue
			}
			switch {
			case equalFoldASCII(a.Val, "left"):
				add(hintFloatLeft)
			case equalFoldASCII(a.Val, "right"):
				add(hintFloatRight)
			}
		}
	}
	return groups
}

// floatsByAlign reports the elements whose align attribute floats them.
func floatsByAlign(el *html.Node) bool {
	switch el.DataAtom {
	case atom.Img, atom.Object, atom.Embed, atom.Iframe, atom.Table:
		return true
	case atom.Input:
		t, _ := attrValue(el, "type")
		return equalFoldASCII(t, "image")
	}
	return false
}

// equalFoldASCII compares ASCII case-insensitively, as HTML's enumerated
// attributes are.
func equalFoldASCII(a, b string) bool {
	return len(a) == len(b) && lowerASCII(a) == lowerASCII(b)
}
