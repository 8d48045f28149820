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

// clearStackBackTo pops elements until the current node is an HTML element
// of the given context kind (or an HTML html or template element): "clear
// the stack back to a table context" and its row and body variants.
// Nothing is popped if there is no such element, as in x/net/html. (An SVG
// or MathML element named table, tbody or template does not stop it;
// x/net/html's clearing, which compares the tag alone, stops there and puts
// the table part into the foreign element.)
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
		// x/net/html has no "in table text" mode: each text token is
		// decided on its own. NULs are dropped; whitespace alone, with a
		// table, tbody, tfoot, thead or tr element as the current node (a
		// template is not among them in x/net/html), is inserted; any
		// other text is "anything else", which foster parents it.
		p.tok.data = strings.ReplaceAll(p.tok.data, "\x00", "")
		if p.stack.len() > 0 && isTableSection(p.currentHTMLTag()) && strings.Trim(p.tok.data, whitespace) == "" {
			p.insertText(p.tok.data)
			return true
		}
		return p.inTableAnythingElse()
	case html.CommentToken:
		p.insertComment()
		return true
	case html.DoctypeToken:
		return true // parse error; ignore
	case html.ErrorToken:
		return p.inBodyMode()
	}
	switch p.startTag() {
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
		// A col outside a column group opens one (with no attributes),
		// in which it is reprocessed.
		p.clearStackBackTo(kindTableContext)
		p.insertImplied(a.Colgroup)
		p.mode = modeInColumnGroup
		return false
	case a.Tbody, a.Tfoot, a.Thead:
		p.clearStackBackTo(kindTableContext)
		p.insertHTMLElement()
		p.mode = modeInTableBody
		return true
	case a.Td, a.Th, a.Tr:
		// A row or cell outside a row group opens a tbody.
		p.clearStackBackTo(kindTableContext)
		p.insertImplied(a.Tbody)
		p.mode = modeInTableBody
		return false
	case a.Table:
		// Parse error. A table start tag inside a table closes it, if it
		// is in table scope, and is then reprocessed.
		if !p.popUntilInScope(tableScope, tableID) {
			return true
		}
		p.resetInsertionMode()
		return false
	case a.Style, a.Script, a.Template:
		return p.inHeadMode()
	case a.Input:
		// Only a hidden input stays in the table (parse error): inserted
		// and popped at once.
		if isHiddenInput(p.tok.attr) {
			p.insertVoidElement()
			return true
		}
	case a.Form:
		// Parse error. Ignored inside a template or while the form element
		// pointer is set; otherwise inserted, remembered and popped.
		if p.hasOpenTemplate() || p.form != nil {
			return true
		}
		p.form = p.insertHTMLElement()
		p.stack.pop()
		return true
	}
	switch p.endTag() {
	case a.Table:
		if p.popUntilInScope(tableScope, tableID) {
			p.resetInsertionMode()
		}
		return true // without a table in table scope: parse error; ignore
	case a.Body, a.Caption, a.Col, a.Colgroup, a.Html, a.Tbody, a.Td, a.Tfoot, a.Th, a.Thead, a.Tr:
		return true // parse error; ignore
	case a.Template:
		return p.inHeadMode()
	}
	return p.inTableAnythingElse()
}

// inTableAnythingElse is the "anything else" entry of "in table": parse
// error; process the token using the rules for "in body" with foster
// parenting enabled. (x/net/html clears the flag afterwards rather than
// restoring it.)
func (p *parser) inTableAnythingElse() bool {
	p.fosterParenting = true
	consumed := p.inBodyMode()
	p.fosterParenting = false
	return consumed
}

// 13.2.6.4.11 The "in caption" insertion mode.
func (p *parser) inCaptionMode() bool {
	switch p.endTag() {
	case a.Caption:
		p.endCaption()
		return true
	case a.Table:
		return !p.endCaption()
	case a.Body, a.Col, a.Colgroup, a.Html, a.Tbody, a.Td, a.Tfoot, a.Th, a.Thead, a.Tr:
		return true // parse error; ignore
	}
	switch p.startTag() {
	case a.Caption, a.Col, a.Colgroup, a.Tbody, a.Td, a.Tfoot, a.Thead, a.Tr:
		// The standard lists th here too; x/net/html leaves it to "in
		// body", which ignores it.
		return !p.endCaption()
	}
	return p.inBodyMode()
}

// endCaption runs the steps of a caption end tag: if a caption is in
// table scope, generate implied end tags, pop up to and including it, clear
// the list of active formatting elements up to the last marker and switch
// to "in table". It reports whether it closed a caption; when it did not
// (fragment case), the token is a parse error and ignored, and when it
// did, every token but the caption end tag itself is reprocessed.
func (p *parser) endCaption() bool {
	if !p.inScope(tableScope, captionID) {
		return false
	}
	p.generateImpliedEndTags("")
	p.popUntilInScope(tableScope, captionID)
	p.clearActiveFormattingElements()
	p.mode = modeInTable
	return true
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
			if p.currentHTMLTag() == a.Colgroup {
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
	// current node is not a colgroup (then it is ignored). x/net/html reads
	// a text token as a whole: when the current node is not a colgroup (a
	// colgroup context, template contents that start with a col), what
	// follows the leading whitespace is ignored, whitespace included,
	// where the standard ignores the other characters one by one and
	// inserts the whitespace among them. This parser does the same.
	if p.currentHTMLTag() != a.Colgroup {
		return true
	}
	p.stack.pop()
	p.mode = modeInTable
	return false
}

// 13.2.6.4.13 The "in table body" insertion mode.
func (p *parser) inTableBodyMode() bool {
	switch p.startTag() {
	case a.Tr:
		p.clearStackBackTo(kindBodyContext)
		p.insertHTMLElement()
		p.mode = modeInRow
		return true
	case a.Th, a.Td:
		// Parse error: a cell outside a row opens one (with no
		// attributes), in which it is reprocessed.
		p.clearStackBackTo(kindBodyContext)
		p.insertImplied(a.Tr)
		p.mode = modeInRow
		return false
	case a.Caption, a.Col, a.Colgroup, a.Tbody, a.Tfoot, a.Thead:
		return !p.closeTableBody()
	}
	switch p.endTag() {
	case a.Tbody, a.Tfoot, a.Thead:
		if p.inScope(tableScope, p.tagID()) {
			p.clearStackBackTo(kindBodyContext)
			p.stack.pop()
			p.mode = modeInTable
		}
		return true // not in table scope: parse error; ignore
	case a.Table:
		return !p.closeTableBody()
	case a.Body, a.Caption, a.Col, a.Colgroup, a.Html, a.Td, a.Th, a.Tr:
		return true // parse error; ignore
	}
	return p.inTableMode()
}

// closeTableBody: if a tbody, thead or tfoot element is in table scope,
// clear the stack back to a table body context, pop that element and
// switch to "in table" (the token is then reprocessed); otherwise the
// token is a parse error and ignored. It reports whether it closed one.
//
// The clearing stops at an HTML tbody, thead, tfoot, template or html
// element. No HTML template or html element is above the topmost HTML
// tbody, thead or tfoot, since that one is in table scope, so the clearing
// and the pop remove exactly the entries from that element up: popping
// until it, as x/net/html does.
func (p *parser) closeTableBody() bool {
	if !p.popUntilInScope(tableScope, tbodyID, theadID, tfootID) {
		return false
	}
	p.mode = modeInTable
	return true
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
	switch p.endTag() {
	case a.Td, a.Th:
		// If the cell with the token's name is in table scope: generate
		// implied end tags, pop up to and including it, clear the list of
		// active formatting elements up to the last marker, "in row".
		id := p.tagID()
		if !p.inScope(tableScope, id) {
			return true // parse error; ignore
		}
		p.generateImpliedEndTags("")
		p.popUntilInScope(tableScope, id)
		p.clearActiveFormattingElements()
		p.mode = modeInRow
		return true
	case a.Body, a.Caption, a.Col, a.Colgroup, a.Html:
		return true // parse error; ignore
	case a.Table, a.Tbody, a.Tfoot, a.Thead, a.Tr:
		if !p.inScope(tableScope, p.tagID()) {
			return true // parse error; ignore
		}
		p.closeCell()
		return false
	}
	switch p.startTag() {
	case a.Caption, a.Col, a.Colgroup, a.Tbody, a.Td, a.Tfoot, a.Th, a.Thead, a.Tr:
		// Without a td or th in table scope (fragment case): parse error;
		// ignore. Otherwise close the cell and reprocess.
		if !p.inScope(tableScope, tdID, thID) {
			return true
		}
		p.closeCell()
		return false
	}
	return p.inBodyMode()
}

// closeCell is "close the cell": generate implied end tags, pop up to and
// including the td or th element, clear the list of active formatting
// elements up to the last marker and switch to "in row". Its callers have
// checked that a td or th is in table scope.
func (p *parser) closeCell() {
	p.generateImpliedEndTags("")
	p.popUntilInScope(tableScope, tdID, thID)
	p.clearActiveFormattingElements()
	p.mode = modeInRow
}

// 13.2.6.4.18 The "in template" insertion mode.
func (p *parser) inTemplateMode() bool {
	switch p.tok.typ {
	case html.TextToken, html.CommentToken, html.DoctypeToken:
		return p.inBodyMode()
	case html.ErrorToken:
		// The end of the file: without a template element (fragment case)
		// parsing stops. Otherwise the template is closed as its end tag
		// closes it ("in head"), and the end of the file reprocessed.
		if !p.hasOpenTemplate() {
			return true
		}
		p.endTemplate()
		return false
	}
	switch p.startTag() {
	case a.Base, a.Basefont, a.Bgsound, a.Link, a.Meta, a.Noframes, a.Script, a.Style, a.Template, a.Title:
		return p.inHeadMode()
	}
	if p.endTag() == a.Template {
		return p.inHeadMode()
	}
	if p.tok.typ == html.EndTagToken {
		return true // any other end tag: parse error; ignore
	}
	// A start tag decides what the template holds: pop the current
	// template insertion mode, push the mode for the tag instead, switch to
	// it and reprocess.
	p.switchTemplateMode(templateContentMode(p.tok.atom))
	return false
}

// templateContentMode is the insertion mode a start tag selects in "in
// template": table parts get the table modes, anything else "in body".
func templateContentMode(t a.Atom) insertionMode {
	switch t {
	case a.Caption, a.Colgroup, a.Tbody, a.Tfoot, a.Thead:
		return modeInTable
	case a.Col:
		return modeInColumnGroup
	case a.Tr:
		return modeInTableBody
	case a.Td, a.Th:
		return modeInRow
	}
	return modeInBody
}
