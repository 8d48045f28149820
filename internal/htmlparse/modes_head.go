package htmlparse

import (
	"strings"

	"golang.org/x/net/html"
	a "golang.org/x/net/html/atom"
)

// The insertion modes before the body: 13.2.6.4.1 to 13.2.6.4.6.

const whitespace = " \t\r\n\f"

// insertLeadingWhitespace inserts the leading whitespace of a text token,
// which the modes before the body and in column groups insert as it comes,
// and leaves the rest as the token's data for the mode's other rules. It
// reports whether the token was all whitespace (and so consumed).
func (p *parser) insertLeadingWhitespace() bool {
	space, rest := splitLeadingWhitespace(p.tok.data)
	if space == "" {
		return false
	}
	p.insertText(space)
	p.tok.data = rest
	return rest == ""
}

// splitLeadingWhitespace splits s into its leading ASCII whitespace and the
// rest.
func splitLeadingWhitespace(s string) (space, rest string) {
	rest = strings.TrimLeft(s, whitespace)
	return s[:len(s)-len(rest)], rest
}

func (p *parser) appendDocumentComment() {
	p.doc.AppendChild(p.newNode(html.CommentNode, p.tok.data))
}

// 13.2.6.4.1 The "initial" insertion mode.
func (p *parser) initialMode() bool {
	switch p.tok.typ {
	case html.TextToken:
		_, p.tok.data = splitLeadingWhitespace(p.tok.data)
		if p.tok.data == "" {
			return true
		}
	case html.CommentToken:
		p.appendDocumentComment()
		return true
	case html.DoctypeToken:
		n, quirks := parseDoctype(p.tok.data)
		p.doc.AppendChild(n)
		p.quirks = quirks
		p.mode = modeBeforeHTML
		return true
	}
	// No DOCTYPE: quirks mode.
	p.quirks = true
	p.mode = modeBeforeHTML
	return false
}

// 13.2.6.4.2 The "before html" insertion mode.
func (p *parser) beforeHTMLMode() bool {
	switch p.tok.typ {
	case html.DoctypeToken:
		return true
	case html.TextToken:
		_, p.tok.data = splitLeadingWhitespace(p.tok.data)
		if p.tok.data == "" {
			return true
		}
	case html.StartTagToken:
		if p.tok.atom == a.Html {
			p.insertHTMLElement()
			p.mode = modeBeforeHead
			return true
		}
	case html.EndTagToken:
		switch p.tok.atom {
		case a.Head, a.Body, a.Html, a.Br:
		default:
			return true
		}
	case html.CommentToken:
		p.appendDocumentComment()
		return true
	}
	p.processImplied(html.StartTagToken, a.Html)
	return false
}

// 13.2.6.4.3 The "before head" insertion mode.
func (p *parser) beforeHeadMode() bool {
	switch p.tok.typ {
	case html.TextToken:
		_, p.tok.data = splitLeadingWhitespace(p.tok.data)
		if p.tok.data == "" {
			return true
		}
	case html.StartTagToken:
		switch p.tok.atom {
		case a.Head:
			p.head = p.insertHTMLElement()
			p.mode = modeInHead
			return true
		case a.Html:
			return p.inBodyMode()
		}
	case html.EndTagToken:
		switch p.tok.atom {
		case a.Head, a.Body, a.Html, a.Br:
		default:
			return true
		}
	case html.CommentToken:
		p.insertComment()
		return true
	case html.DoctypeToken:
		return true
	}
	p.processImplied(html.StartTagToken, a.Head)
	return false
}

// 13.2.6.4.4 The "in head" insertion mode.
func (p *parser) inHeadMode() bool {
	switch p.tok.typ {
	case html.TextToken:
		if p.insertLeadingWhitespace() {
			return true
		}
	case html.StartTagToken:
		switch p.tok.atom {
		case a.Html:
			return p.inBodyMode()
		case a.Base, a.Basefont, a.Bgsound, a.Link, a.Meta:
			p.insertVoidElement()
			return true
		case a.Noscript:
			if p.scripting {
				p.insertRawTextElement()
				return true
			}
			p.insertHTMLElement()
			p.mode = modeInHeadNoscript
			// The tokenizer would read the content as raw text.
			p.tokenizer.NextIsNotRawText()
			return true
		case a.Script, a.Title:
			p.insertHTMLElement()
			p.enterTextMode()
			return true
		case a.Noframes, a.Style:
			p.insertRawTextElement()
			return true
		case a.Head:
			return true
		case a.Template:
			p.startTemplate()
			return true
		}
	case html.EndTagToken:
		switch p.tok.atom {
		case a.Head:
			p.stack.pop()
			p.mode = modeAfterHead
			return true
		case a.Body, a.Html, a.Br:
			p.processImplied(html.EndTagToken, a.Head)
			return false
		case a.Template:
			p.endTemplate()
			return true
		default:
			return true
		}
	case html.CommentToken:
		p.insertComment()
		return true
	case html.DoctypeToken:
		return true
	}
	p.processImplied(html.EndTagToken, a.Head)
	return false
}

// startTemplate handles a template start tag ("in head").
func (p *parser) startTemplate() {
	if p.stack.foreign > 0 {
		// x/net/html does not support templates mixed with foreign
		// content: it ignores the rest of the input.
		p.mode = modeIgnoreRest
		return
	}
	p.insertHTMLElement()
	p.formatting.pushMarker()
	p.framesetOK = false
	p.mode = modeInTemplate
	p.pushTemplateMode(modeInTemplate)
}

// endTemplate handles a template end tag ("in head"). Like x/net/html, it
// pops up to the topmost HTML template even if that is not in scope.
func (p *parser) endTemplate() {
	if !p.hasOpenTemplate() {
		return
	}
	p.generateImpliedEndTags("")
	p.popToTemplate()
	p.clearActiveFormattingElements()
	p.popTemplateMode()
	p.resetInsertionMode()
}

// hasOpenTemplate tells whether an HTML template element is open.
func (p *parser) hasOpenTemplate() bool {
	return p.stack.topmost(templateID) >= 0
}

// popToTemplate pops the topmost HTML template element and everything above
// it.
func (p *parser) popToTemplate() {
	if i := p.stack.topmost(templateID); i >= 0 {
		p.stack.truncate(i)
	}
}

// 13.2.6.4.5 The "in head noscript" insertion mode (scripting disabled).
func (p *parser) inHeadNoscriptMode() bool {
	switch p.tok.typ {
	case html.DoctypeToken:
		return true
	case html.StartTagToken:
		switch p.tok.atom {
		case a.Html:
			return p.inBodyMode()
		case a.Basefont, a.Bgsound, a.Link, a.Meta, a.Noframes, a.Style:
			return p.inHeadMode()
		case a.Head:
			return true
		case a.Noscript:
			p.tokenizer.NextIsNotRawText()
			return true
		}
	case html.EndTagToken:
		switch p.tok.atom {
		case a.Noscript, a.Br:
		default:
			return true
		}
	case html.TextToken:
		if _, rest := splitLeadingWhitespace(p.tok.data); rest == "" {
			return p.inHeadMode()
		}
	case html.CommentToken:
		return p.inHeadMode()
	}
	// Pop the noscript element; the new current node is the head element
	// (x/net/html fails if it is not).
	p.stack.pop()
	p.mode = modeInHead
	return p.tok.atom == a.Noscript
}

// 13.2.6.4.6 The "after head" insertion mode.
func (p *parser) afterHeadMode() bool {
	switch p.tok.typ {
	case html.TextToken:
		if p.insertLeadingWhitespace() {
			return true
		}
	case html.StartTagToken:
		switch p.tok.atom {
		case a.Html:
			return p.inBodyMode()
		case a.Body:
			p.insertHTMLElement()
			p.framesetOK = false
			p.mode = modeInBody
			return true
		case a.Frameset:
			p.insertHTMLElement()
			p.mode = modeInFrameset
			return true
		case a.Base, a.Basefont, a.Bgsound, a.Link, a.Meta, a.Noframes, a.Script, a.Style, a.Template, a.Title:
			return p.inHeadWithHeadPushed()
		case a.Head:
			return true
		}
	case html.EndTagToken:
		switch p.tok.atom {
		case a.Body, a.Html, a.Br:
		case a.Template:
			return p.inHeadMode()
		default:
			return true
		}
	case html.CommentToken:
		p.insertComment()
		return true
	case html.DoctypeToken:
		return true
	}
	p.processImplied(html.StartTagToken, a.Body)
	p.framesetOK = true
	// At the end of the input the implied body is all there is to do.
	return p.tok.typ == html.ErrorToken
}

// inHeadWithHeadPushed pushes the head element back, processes the token
// using the rules for "in head" and removes the head element from the stack
// again. When there is no head element (fragments), x/net/html pushes a nil
// node, which makes insertions land in the document; the document stands in
// for it here.
func (p *parser) inHeadWithHeadPushed() bool {
	head := p.head
	if head == nil {
		head = p.doc
	}
	p.pushElement(head, -1)
	consumed := p.inHeadMode()
	if i := p.stack.indexOfNode(head); i >= 0 {
		p.stack.removeAt(i)
	}
	return consumed
}
