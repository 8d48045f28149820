package htmlparse

import (
	a "golang.org/x/net/html/atom"
)

// insertionMode is the spec's "insertion mode" (13.2.4.1).
type insertionMode uint8

const (
	// modeNone is no insertion mode: the original insertion mode while
	// none is saved, and the current template insertion mode while the
	// stack of template insertion modes is empty. As the current mode it
	// is treated as "in body".
	modeNone insertionMode = iota
	modeInitial
	modeBeforeHTML
	modeBeforeHead
	modeInHead
	modeInHeadNoscript
	modeAfterHead
	modeInBody
	modeText
	modeInTable
	modeInCaption
	modeInColumnGroup
	modeInTableBody
	modeInRow
	modeInCell
	modeInTemplate
	modeAfterBody
	modeInFrameset
	modeAfterFrameset
	modeAfterAfterBody
	modeAfterAfterFrameset
)

// processIn processes the current token using the rules for mode m; modes
// "use the rules for" another mode by calling it directly.
func (p *parser) processIn(m insertionMode) bool {
	switch m {
	case modeInitial:
		return p.initialMode()
	case modeBeforeHTML:
		return p.beforeHTMLMode()
	case modeBeforeHead:
		return p.beforeHeadMode()
	case modeInHead:
		return p.inHeadMode()
	case modeInHeadNoscript:
		return p.inHeadNoscriptMode()
	case modeAfterHead:
		return p.afterHeadMode()
	case modeText:
		return p.textMode()
	case modeInTable:
		return p.inTableMode()
	case modeInCaption:
		return p.inCaptionMode()
	case modeInColumnGroup:
		return p.inColumnGroupMode()
	case modeInTableBody:
		return p.inTableBodyMode()
	case modeInRow:
		return p.inRowMode()
	case modeInCell:
		return p.inCellMode()
	case modeInTemplate:
		return p.inTemplateMode()
	case modeAfterBody:
		return p.afterBodyMode()
	case modeInFrameset:
		return p.inFramesetMode()
	case modeAfterFrameset:
		return p.afterFramesetMode()
	case modeAfterAfterBody:
		return p.afterAfterBodyMode()
	case modeAfterAfterFrameset:
		return p.afterAfterFramesetMode()
	}
	return p.inBodyMode() // modeInBody and modeNone
}

// resetInsertionMode implements "reset the insertion mode appropriately"
// (13.2.4.1). Walking down the stack, the first HTML element among td,
// th, tr, tbody, thead, tfoot, caption, colgroup, table, template, head,
// body, frameset and html decides; in a fragment the bottom entry stands
// for the context element, which decides only if it is an HTML element
// with one of those names (an SVG or MathML context selects "in body").
// The bottom entry is the standard's "last" node: a td, th or head element
// there selects "in body", not "in cell" or "in head" ("if node is a td or
// th element and last is false", "if node is a head element and last is
// false"), which only a fragment's context element can be. x/net/html
// selects "in cell" and "in head" there as well: "in cell" then builds
// the same trees as "in body" (the tags it handles differently do
// something only when a td or th element is in table scope, and the
// context element is not on the stack), but "in head" drops everything
// from the first token that is no head content on (departHeadContext).
// The nearest element that decides is found through the kindResetStop
// index rather than by walking the stack.
func (p *parser) resetInsertionMode() {
	st := &p.stack
	i := st.nearest(kindResetStop)
	var t a.Atom
	switch {
	case i > 0:
		t = st.at(i).node.DataAtom
	case st.len() > 0 && p.context != nil:
		// The walk reached the bottom entry, where the context element
		// stands in for the root.
		if p.contextEntry.ns() == nsHTML {
			t = p.context.DataAtom
		}
		if t == a.Td || t == a.Th || t == a.Head {
			t = 0 // "if last is true, switch the insertion mode to 'in body'"
		}
	case st.len() > 0:
		t = st.at(0).node.DataAtom
	default:
		return
	}
	switch t {
	case a.Td, a.Th:
		p.mode = modeInCell
	case a.Tr:
		p.mode = modeInRow
	case a.Tbody, a.Thead, a.Tfoot:
		p.mode = modeInTableBody
	case a.Caption:
		p.mode = modeInCaption
	case a.Colgroup:
		p.mode = modeInColumnGroup
	case a.Table:
		p.mode = modeInTable
	case a.Template:
		p.mode = p.currentTemplateMode()
	case a.Head:
		p.mode = modeInHead
	case a.Body:
		p.mode = modeInBody
	case a.Frameset:
		p.mode = modeInFrameset
	case a.Html:
		if p.head == nil {
			p.mode = modeBeforeHead
		} else {
			p.mode = modeAfterHead
		}
	default:
		p.mode = modeInBody
	}
}

// currentTemplateMode returns the current template insertion mode, or
// modeNone if the stack of template insertion modes is empty.
func (p *parser) currentTemplateMode() insertionMode {
	if n := len(p.templateModes); n > 0 {
		return p.templateModes[n-1]
	}
	return modeNone
}

func (p *parser) pushTemplateMode(m insertionMode) {
	p.templateModes = append(p.templateModes, m)
}

func (p *parser) popTemplateMode() {
	if n := len(p.templateModes); n > 0 {
		p.templateModes = p.templateModes[:n-1]
	}
}

// switchTemplateMode replaces the current template insertion mode and
// switches to it ("in template" start tags).
func (p *parser) switchTemplateMode(m insertionMode) {
	p.popTemplateMode()
	p.pushTemplateMode(m)
	p.mode = m
}
