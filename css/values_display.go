package css

// This file is the display property (CSS Display 3 §2): its values,
// their parsing and serialization as Chromium 148 gives them, and
// blockification (§2.7).

// Display is a computed value of display. Its zero value is inline, the
// initial value. The constants name the values an HTML page meets most;
// the methods tell the value's parts apart.
type Display uint8

// A Display packs an inner kind (the low five bits: a <display-inside>,
// an internal table or ruby kind, none or contents), the outer display
// block (else inline, so that the zero value is inline) and the
// list-item flag.
const (
	displayKindMask Display = 0x1f
	displayBlock    Display = 0x20
	displayListItem Display = 0x40
)

// The kinds of display, in the low bits.
const (
	kindFlow Display = iota
	kindFlowRoot
	kindTable
	kindFlex
	kindGrid
	kindRuby
	kindMath
	kindWebkitBox
	kindTableRowGroup
	kindTableHeaderGroup
	kindTableFooterGroup
	kindTableRow
	kindTableCell
	kindTableColumnGroup
	kindTableColumn
	kindTableCaption
	kindRubyText
	kindNone
	kindContents
)

// The usual values of display.
const (
	DisplayInline           = kindFlow
	DisplayBlock            = displayBlock | kindFlow
	DisplayInlineBlock      = kindFlowRoot
	DisplayFlowRoot         = displayBlock | kindFlowRoot
	DisplayListItem         = displayBlock | displayListItem | kindFlow
	DisplayFlex             = displayBlock | kindFlex
	DisplayInlineFlex       = kindFlex
	DisplayGrid             = displayBlock | kindGrid
	DisplayInlineGrid       = kindGrid
	DisplayTable            = displayBlock | kindTable
	DisplayInlineTable      = kindTable
	DisplayTableRowGroup    = kindTableRowGroup
	DisplayTableHeaderGroup = kindTableHeaderGroup
	DisplayTableFooterGroup = kindTableFooterGroup
	DisplayTableRow         = kindTableRow
	DisplayTableCell        = kindTableCell
	DisplayTableColumnGroup = kindTableColumnGroup
	DisplayTableColumn      = kindTableColumn
	DisplayTableCaption     = kindTableCaption
	DisplayRuby             = kindRuby
	DisplayRubyText         = kindRubyText
	DisplayMath             = kindMath
	DisplayNone             = kindNone
	DisplayContents         = kindContents
	DisplayWebkitBox        = displayBlock | kindWebkitBox
	DisplayWebkitInlineBox  = kindWebkitBox
)

func (d Display) kind() Display { return d & displayKindMask }

// IsNone reports display: none: the element and its descendants generate
// no boxes.
func (d Display) IsNone() bool { return d.kind() == kindNone }

// IsContents reports display: contents: the element generates no box of
// its own, its children and pseudo-elements do.
func (d Display) IsContents() bool { return d.kind() == kindContents }

// HasBox reports whether the element generates a box: any value but none
// and contents.
func (d Display) HasBox() bool { return !d.IsNone() && !d.IsContents() }

// IsInlineLevel reports whether the box is inline-level (inline,
// inline-block, inline-flex, ruby...): its outer display type is inline.
func (d Display) IsInlineLevel() bool { return d&displayBlock == 0 && d.kind() <= kindWebkitBox }

// IsBlockLevel reports whether the box is block-level (block, flex,
// list-item, table...), internal table and ruby boxes aside.
func (d Display) IsBlockLevel() bool {
	return d&displayBlock != 0 && d.kind() <= kindWebkitBox
}

// IsListItem reports whether the box is a list item (list-item, inline
// list-item, ...): it has a ::marker.
func (d Display) IsListItem() bool { return d&displayListItem != 0 }

// IsFlex reports a flex container (flex, inline-flex, -webkit-box).
func (d Display) IsFlex() bool { return d.kind() == kindFlex || d.kind() == kindWebkitBox }

// IsGrid reports a grid container (grid, inline-grid).
func (d Display) IsGrid() bool { return d.kind() == kindGrid }

// IsTable reports a table box (table, inline-table).
func (d Display) IsTable() bool { return d.kind() == kindTable }

// IsTableCell reports display: table-cell.
func (d Display) IsTableCell() bool { return d.kind() == kindTableCell }

// IsTablePart reports the internal table kinds: rows, row groups, cells,
// columns, column groups and captions.
func (d Display) IsTablePart() bool {
	return d.kind() >= kindTableRowGroup && d.kind() <= kindTableCaption
}

// String serializes the value as Chromium's getComputedStyle does: the
// shortest form that means the same (CSS Display 3 §2.1, "block flow" is
// "block", "inline flow-root" is "inline-block").
func (d Display) String() string {
	k := d.kind()
	inline := d&displayBlock == 0
	if d.IsListItem() {
		switch {
		case !inline && k == kindFlow:
			return "list-item"
		case inline && k == kindFlow:
			return "inline list-item"
		case !inline:
			return "flow-root list-item"
		default:
			return "inline flow-root list-item"
		}
	}
	switch k {
	case kindFlow:
		return pick(inline, "inline", "block")
	case kindFlowRoot:
		return pick(inline, "inline-block", "flow-root")
	case kindTable:
		return pick(inline, "inline-table", "table")
	case kindFlex:
		return pick(inline, "inline-flex", "flex")
	case kindGrid:
		return pick(inline, "inline-grid", "grid")
	case kindRuby:
		return pick(inline, "ruby", "block ruby")
	case kindMath:
		return pick(inline, "math", "block math")
	case kindWebkitBox:
		return pick(inline, "-webkit-inline-box", "-webkit-box")
	}
	return displaySingle[k]
}

func pick(cond bool, yes, no string) string {
	if cond {
		return yes
	}
	return no
}

// displaySingle names the kinds that are one keyword on their own.
var displaySingle = map[Display]string{
	kindTableRowGroup: "table-row-group", kindTableHeaderGroup: "table-header-group",
	kindTableFooterGroup: "table-footer-group", kindTableRow: "table-row",
	kindTableCell: "table-cell", kindTableColumnGroup: "table-column-group",
	kindTableColumn: "table-column", kindTableCaption: "table-caption",
	kindRubyText: "ruby-text", kindNone: "none", kindContents: "contents",
}

// displayKeywords are the one-keyword values (CSS Display 3 §2: the
// <display-box>, <display-internal> and <display-legacy> values, the
// <display-outside> and <display-inside> keywords alone) and the
// prefixed forms Chromium still takes: -webkit-flex and
// -webkit-inline-flex are flex and inline-flex, -webkit-box and
// -webkit-inline-box stay as they are.
var displayKeywords = map[string]Display{
	"inline": DisplayInline, "block": DisplayBlock, "flow": DisplayBlock,
	"flow-root": DisplayFlowRoot, "inline-block": DisplayInlineBlock,
	"list-item": DisplayListItem, "flex": DisplayFlex, "inline-flex": DisplayInlineFlex,
	"grid": DisplayGrid, "inline-grid": DisplayInlineGrid, "table": DisplayTable,
	"inline-table": DisplayInlineTable, "ruby": DisplayRuby, "math": DisplayMath,
	"none": DisplayNone, "contents": DisplayContents,
	"table-row-group": DisplayTableRowGroup, "table-header-group": DisplayTableHeaderGroup,
	"table-footer-group": DisplayTableFooterGroup, "table-row": DisplayTableRow,
	"table-cell": DisplayTableCell, "table-column-group": DisplayTableColumnGroup,
	"table-column": DisplayTableColumn, "table-caption": DisplayTableCaption,
	"ruby-text":   DisplayRubyText,
	"-webkit-box": DisplayWebkitBox, "-webkit-inline-box": DisplayWebkitInlineBox,
	"-webkit-flex": DisplayFlex, "-webkit-inline-flex": DisplayInlineFlex,
}

// displayInside are the <display-inside> keywords, as kinds.
var displayInside = map[string]Display{
	"flow": kindFlow, "flow-root": kindFlowRoot, "table": kindTable, "flex": kindFlex,
	"grid": kindGrid, "ruby": kindRuby, "math": kindMath,
}

// parseDisplay reads a declared value of display: one keyword, or the
// multi-keyword form "<display-outside> || <display-inside>", or
// "<display-outside>? && [flow | flow-root]? && list-item", each keyword
// once, in any order. Chromium 148 has no run-in, masonry or grid-lanes.
func parseDisplay(r *valueReader) (Display, bool) {
	words := r.keywords()
	switch len(words) {
	case 0:
		return 0, false
	case 1:
		d, ok := displayKeywords[words[0]]
		return d, ok
	case 2, 3:
	default:
		return 0, false
	}
	var outer, inner string
	listItem := false
	for _, w := range words {
		switch {
		case w == "block" || w == "inline":
			if outer != "" {
				return 0, false
			}
			outer = w
		case w == "list-item":
			if listItem {
				return 0, false
			}
			listItem = true
		default:
			if _, ok := displayInside[w]; !ok || inner != "" {
				return 0, false
			}
			inner = w
		}
	}
	k := kindFlow
	if inner != "" {
		k = displayInside[inner]
	}
	if listItem && k != kindFlow && k != kindFlowRoot {
		return 0, false
	}
	d := k
	if listItem {
		d |= displayListItem
	}
	// An inner type alone is block-level, but ruby and math, which are
	// inline-level (CSS Display 3 §2.1, MathML Core §3.1.1).
	if outer == "block" || outer == "" && k != kindRuby && k != kindMath {
		d |= displayBlock
	}
	return d, true
}

// blockify returns the block-level equivalent of a display (CSS Display 3
// §2.7), as Chromium computes it: inline-block becomes block (not
// flow-root), the internal table and ruby kinds become block, none and
// contents stay.
func (d Display) blockify() Display {
	switch k := d.kind(); {
	case k == kindNone || k == kindContents:
		return d
	case k >= kindTableRowGroup:
		return DisplayBlock
	case k == kindFlowRoot && d&displayBlock == 0:
		return d&^displayKindMask | displayBlock // block flow
	}
	return d | displayBlock
}

// inlinify returns the inline-level equivalent of a block-level display
// (CSS Display 3 §2.7), as Chromium makes the blocks inside a ruby box:
// block becomes inline-block, flex inline-flex, list-item inline
// list-item; the others stay.
func (d Display) inlinify() Display {
	if d&displayBlock == 0 || !d.HasBox() {
		return d
	}
	d &^= displayBlock
	if d.kind() == kindFlow && !d.IsListItem() {
		d = d&^displayKindMask | kindFlowRoot
	}
	return d
}

// forNonMath is display on an element that is not MathML: math is flow
// there (MathML Core §3.1.1), so "math" computes to inline and "block
// math" to block.
func (d Display) forNonMath() Display {
	if d.kind() == kindMath {
		return d &^ displayKindMask // kindFlow
	}
	return d
}
