package htmlparse

import (
	"strings"

	"golang.org/x/net/html"
	a "golang.org/x/net/html/atom"
)

// The table insertion modes (13.2.6.4.9 to 13.2.6.4.15) and "in template"
// (13.2.6.4.18), as x/net/html implements them: "in table text" is not a
// separate mode (each text token is kept or foster parented on its own),
// and select elements in tables have no modes of their own.

// clearStackBackTo pops elements until the current node is of the given
// context kind (or html or template): "clear the stack back to a table
// context" and its row and body variants. Nothing is popped if there is no
// such element, as in x/net/html.
func (p *parser) clearStackBackTo(k boundaryKind) {
	if i := p.stack.nearest(k); i >= 0 {
		p.stack.truncate(i + 1)
	}
}

func isTableSection(t a.Atom) bool {
	switch t {
	case a.Table, a.Tbody, a.Tfoot, a.Thead, a.Tr:
		return true
	}
	return false
}

// 13.2.6.4.9 The "in table" insertion mode.
func (p *parser) inTableMode() bool {
	switch p.tok.typ {
	case html.TextToken:
		p.tok.data = strings.ReplaceAll(p.tok.data, "\x00", "")
		if isTableSection(p.currentAtom()) && p.stack.len() > 0 && strings.Trim(p.tok.data, whitespace) == "" {
			p.insertText(p.tok.data)
			return true
		}
	case html.StartTagToken:
		switch p.tok.atom {
		case a.Caption:
			p.clearStackBackTo(kindTableContext)
			p.formatting.pushMarker()
			p.insertHTMLElement()
			p.mode = modeInCaption
			return true
		case a.Colgroup:
			p.clearStackBackTo(kindTableContext)
			p.insertHTMLElement()
			p.mode = modeInColumnGroup
			return true
		case a.Col:
			p.processImplied(html.StartTagToken, a.Colgroup)
			return false
		case a.Tbody, a.Tfoot, a.Thead:
			p.clearStackBackTo(kindTableContext)
			p.insertHTMLElement()
			p.mode = modeInTableBody
			return true
		case a.Td, a.Th, a.Tr:
			p.processImplied(html.StartTagToken, a.Tbody)
			return false
		case a.Table:
			if p.popUntilInScope(tableScope, tableID) {
				p.resetInsertionMode()
				return false
			}
			return true
		case a.Style, a.Script, a.Template:
			return p.inHeadMode()
		case a.Input:
			if isHiddenInput(p.tok.attr) {
				p.insertHTMLElement()
				p.stack.pop()
				return true
			}
		case a.Form:
			if p.hasOpenTemplate() || p.form != nil {
				return true
			}
			p.form = p.insertHTMLElement()
			p.stack.pop()
			return true
		}
	case html.EndTagToken:
		switch p.tok.atom {
		case a.Table:
			if p.popUntilInScope(tableScope, tableID) {
				p.resetInsertionMode()
			}
			return true
		case a.Body, a.Caption, a.Col, a.Colgroup, a.Html, a.Tbody, a.Td, a.Tfoot, a.Th, a.Thead, a.Tr:
			return true
		case a.Template:
			return p.inHeadMode()
		}
	case html.CommentToken:
		p.insertComment()
		return true
	case html.DoctypeToken:
		return true
	case html.ErrorToken:
		return p.inBodyMode()
	}
	// Anything else: process the token using the rules for "in body", with
	// foster parenting. (x/net/html clears the flag afterwards rather than
	// restoring it.)
	p.fosterParenting = true
	consumed := p.inBodyMode()
	p.fosterParenting = false
	return consumed
}

// 13.2.6.4.11 The "in caption" insertion mode.
func (p *parser) inCaptionMode() bool {
	switch p.tok.typ {
	case html.StartTagToken:
		switch p.tok.atom {
		case a.Caption, a.Col, a.Colgroup, a.Tbody, a.Td, a.Tfoot, a.Thead, a.Tr:
			// (x/net/html leaves th to "in body", which ignores it.)
			return p.closeCaption(false)
		}
	case html.EndTagToken:
		switch p.tok.atom {
		case a.Caption:
			p.closeCaption(true)
			return true
		case a.Table:
			return p.closeCaption(false)
		case a.Body, a.Col, a.Colgroup, a.Html, a.Tbody, a.Td, a.Tfoot, a.Th, a.Thead, a.Tr:
			return true
		}
	}
	return p.inBodyMode()
}

// closeCaption closes the caption element if it is in table scope and
// returns consumed when it was, true (ignore the token) when it was not.
func (p *parser) closeCaption(consumed bool) bool {
	if !p.popUntilInScope(tableScope, captionID) {
		return true
	}
	p.clearActiveFormattingElements()
	p.mode = modeInTable
	return consumed
}

// 13.2.6.4.12 The "in column group" insertion mode.
func (p *parser) inColumnGroupMode() bool {
	switch p.tok.typ {
	case html.TextToken:
		if p.insertLeadingWhitespace() {
			return true
		}
	case html.CommentToken:
		p.insertComment()
		return true
	case html.DoctypeToken:
		return true
	case html.StartTagToken:
		switch p.tok.atom {
		case a.Html:
			return p.inBodyMode()
		case a.Col:
			p.insertVoidElement()
			return true
		case a.Template:
			return p.inHeadMode()
		}
	case html.EndTagToken:
		switch p.tok.atom {
		case a.Colgroup:
			if p.currentAtom() == a.Colgroup {
				p.stack.pop()
				p.mode = modeInTable
			}
			return true
		case a.Col:
			return true
		case a.Template:
			return p.inHeadMode()
		}
	case html.ErrorToken:
		return p.inBodyMode()
	}
	// Anything else closes the column group and is reprocessed, unless the
	// current node is not a colgroup (then it is ignored).
	if p.currentAtom() != a.Colgroup {
		return true
	}
	p.stack.pop()
	p.mode = modeInTable
	return false
}

// 13.2.6.4.13 The "in table body" insertion mode.
func (p *parser) inTableBodyMode() bool {
	switch p.tok.typ {
	case html.StartTagToken:
		switch p.tok.atom {
		case a.Tr:
			p.clearStackBackTo(kindBodyContext)
			p.insertHTMLElement()
			p.mode = modeInRow
			return true
		case a.Td, a.Th:
			p.processImplied(html.StartTagToken, a.Tr)
			return false
		case a.Caption, a.Col, a.Colgroup, a.Tbody, a.Tfoot, a.Thead:
			if p.popUntilInScope(tableScope, tbodyID, theadID, tfootID) {
				p.mode = modeInTable
				return false
			}
			return true
		}
	case html.EndTagToken:
		switch p.tok.atom {
		case a.Tbody, a.Tfoot, a.Thead:
			if p.inScope(tableScope, p.tagID()) {
				p.clearStackBackTo(kindBodyContext)
				p.stack.pop()
				p.mode = modeInTable
			}
			return true
		case a.Table:
			if p.popUntilInScope(tableScope, tbodyID, theadID, tfootID) {
				p.mode = modeInTable
				return false
			}
			return true
		case a.Body, a.Caption, a.Col, a.Colgroup, a.Html, a.Td, a.Th, a.Tr:
			return true
		}
	case html.CommentToken:
		p.insertComment()
		return true
	}
	return p.inTableMode()
}

// 13.2.6.4.14 The "in row" insertion mode.
func (p *parser) inRowMode() bool {
	switch p.tok.typ {
	case html.StartTagToken:
		switch p.tok.atom {
		case a.Td, a.Th:
			p.clearStackBackTo(kindRowContext)
			p.insertHTMLElement()
			p.formatting.pushMarker()
			p.mode = modeInCell
			return true
		case a.Caption, a.Col, a.Colgroup, a.Tbody, a.Tfoot, a.Thead, a.Tr:
			return p.closeRow(false)
		}
	case html.EndTagToken:
		switch p.tok.atom {
		case a.Tr:
			return p.closeRow(true)
		case a.Table:
			return p.closeRow(false)
		case a.Tbody, a.Tfoot, a.Thead:
			if !p.inScope(tableScope, p.tagID()) {
				return true
			}
			return p.closeRow(false)
		case a.Body, a.Caption, a.Col, a.Colgroup, a.Html, a.Td, a.Th:
			return true
		}
	}
	return p.inTableMode()
}

// closeRow closes the tr element if it is in table scope, returning
// consumed; otherwise the token is ignored.
func (p *parser) closeRow(consumed bool) bool {
	if !p.inScope(tableScope, trID) {
		return true
	}
	p.clearStackBackTo(kindRowContext)
	p.stack.pop()
	p.mode = modeInTableBody
	return consumed
}

// 13.2.6.4.15 The "in cell" insertion mode.
func (p *parser) inCellMode() bool {
	switch p.tok.typ {
	case html.StartTagToken:
		switch p.tok.atom {
		case a.Caption, a.Col, a.Colgroup, a.Tbody, a.Td, a.Tfoot, a.Th, a.Thead, a.Tr:
			if p.popUntilInScope(tableScope, tdID, thID) {
				p.clearActiveFormattingElements()
				p.mode = modeInRow
				return false
			}
			return true
		}
	case html.EndTagToken:
		switch p.tok.atom {
		case a.Td, a.Th:
			if !p.popUntilInScope(tableScope, p.tagID()) {
				return true
			}
			p.clearActiveFormattingElements()
			p.mode = modeInRow
			return true
		case a.Body, a.Caption, a.Col, a.Colgroup, a.Html:
			return true
		case a.Table, a.Tbody, a.Tfoot, a.Thead, a.Tr:
			if !p.inScope(tableScope, p.tagID()) {
				return true
			}
			if p.popUntilInScope(tableScope, tdID, thID) {
				p.clearActiveFormattingElements()
			}
			p.mode = modeInRow
			return false
		}
	}
	return p.inBodyMode()
}

// 13.2.6.4.18 The "in template" insertion mode.
func (p *parser) inTemplateMode() bool {
	switch p.tok.typ {
	case html.TextToken, html.CommentToken, html.DoctypeToken:
		return p.inBodyMode()
	case html.StartTagToken:
		switch p.tok.atom {
		case a.Base, a.Basefont, a.Bgsound, a.Link, a.Meta, a.Noframes, a.Script, a.Style, a.Template, a.Title:
			return p.inHeadMode()
		case a.Caption, a.Colgroup, a.Tbody, a.Tfoot, a.Thead:
			p.switchTemplateMode(modeInTable)
		case a.Col:
			p.switchTemplateMode(modeInColumnGroup)
		case a.Tr:
			p.switchTemplateMode(modeInTableBody)
		case a.Td, a.Th:
			p.switchTemplateMode(modeInRow)
		default:
			p.switchTemplateMode(modeInBody)
		}
		return false
	case html.EndTagToken:
		if p.tok.atom == a.Template {
			return p.inHeadMode()
		}
		return true
	case html.ErrorToken:
		if !p.hasOpenTemplate() {
			return true
		}
		// Like x/net/html, pop to the topmost HTML template without
		// requiring the current node to be one.
		p.generateImpliedEndTags("")
		p.popToTemplate()
		p.clearActiveFormattingElements()
		p.popTemplateMode()
		p.resetInsertionMode()
		return false
	}
	return false
}
