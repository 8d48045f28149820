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

// startTag returns the current token's tag if it is a start tag, and
// endTag if it is an end tag; both return 0 otherwise. The modes below list
// the standard's entries in its order as cases of switches on them.
func (p *parser) startTag() a.Atom {
	if p.tok.typ == html.StartTagToken {
		return p.tok.atom
	}
	return 0
}

func (p *parser) endTag() a.Atom {
	if p.tok.typ == html.EndTagToken {
		return p.tok.atom
	}
	return 0
}

// ignoreLeadingWhitespace drops the leading whitespace of a text token,
// which the first modes ignore character by character, and reports whether
// nothing is left. What is left is the first character the mode does not
// ignore and everything after it: the mode's "anything else".
func (p *parser) ignoreLeadingWhitespace() bool {
	_, p.tok.data = splitLeadingWhitespace(p.tok.data)
	return p.tok.data == ""
}

// insertImplied inserts an HTML element "for a start tag token with the
// tag name t and no attributes", as the modes do for elements whose tags
// the input left out.
func (p *parser) insertImplied(t a.Atom) *html.Node {
	n := p.newElement(t, t.String(), "", nil)
	p.insertNode(n)
	return n
}

// 13.2.6.4.1 The "initial" insertion mode.
func (p *parser) initialMode() bool {
	switch {
	case p.tok.typ == html.TextToken && p.ignoreLeadingWhitespace():
		return true
	case p.tok.typ == html.CommentToken:
		p.appendDocumentComment()
		return true
	case p.tok.typ == html.DoctypeToken:
		// Append a DocumentType node; its identifiers and the token's
		// other properties decide between no-quirks and quirks mode.
		n, quirks := parseDoctype(p.tok.data)
		p.doc.AppendChild(n)
		p.quirks = quirks
		p.mode = modeBeforeHTML
		return true
	}
	// Anything else: a document without a DOCTYPE (and not an iframe srcdoc
	// document) is in quirks mode. Switch to "before html" and reprocess.
	p.quirks = true
	p.mode = modeBeforeHTML
	return false
}

// 13.2.6.4.2 The "before html" insertion mode.
func (p *parser) beforeHTMLMode() bool {
	switch {
	case p.tok.typ == html.DoctypeToken:
		return true // parse error; ignore
	case p.tok.typ == html.CommentToken:
		p.appendDocumentComment()
		return true
	case p.tok.typ == html.TextToken && p.ignoreLeadingWhitespace():
		return true
	case p.startTag() == a.Html:
		// Create the element for the token with the Document as its parent,
		// append it, push it; "before head".
		p.insertHTMLElement()
		p.mode = modeBeforeHead
		return true
	}
	switch p.endTag() {
	case a.Head, a.Body, a.Html, a.Br:
		// Treated as "anything else" below.
	default:
		if p.tok.typ == html.EndTagToken {
			return true // any other end tag: parse error; ignore
		}
	}
	// Anything else: an html element with no attributes becomes the root;
	// switch to "before head" and reprocess.
	p.insertImplied(a.Html)
	p.mode = modeBeforeHead
	return false
}

// 13.2.6.4.3 The "before head" insertion mode.
func (p *parser) beforeHeadMode() bool {
	switch {
	case p.tok.typ == html.TextToken && p.ignoreLeadingWhitespace():
		return true
	case p.tok.typ == html.CommentToken:
		p.insertComment()
		return true
	case p.tok.typ == html.DoctypeToken:
		return true // parse error; ignore
	case p.startTag() == a.Html:
		return p.inBodyMode()
	case p.startTag() == a.Head:
		p.head = p.insertHTMLElement()
		p.mode = modeInHead
		return true
	}
	switch p.endTag() {
	case a.Head, a.Body, a.Html, a.Br:
		// Treated as "anything else" below.
	default:
		if p.tok.typ == html.EndTagToken {
			return true // any other end tag: parse error; ignore
		}
	}
	// Anything else: insert a head element with no attributes, set the head
	// element pointer to it, switch to "in head" and reprocess.
	p.head = p.insertImplied(a.Head)
	p.mode = modeInHead
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
			return p.leaveHead()
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
	return p.leaveHead()
}

// leaveHead is the "anything else" entry of "in head": pop the current node
// (the head element), switch to "after head" and reprocess the token.
func (p *parser) leaveHead() bool {
	p.stack.pop()
	p.mode = modeAfterHead
	return false
}

// startTemplate handles a template start tag ("in head"): insert an HTML
// element, push a marker onto the list of active formatting elements, set
// the frameset-ok flag to "not ok", switch to "in template" and push it
// onto the stack of template insertion modes. (The declarative shadow
// root steps do not apply: there is no shadow DOM here.)
//
// The tag reaches an insertion mode inside SVG or MathML content at an
// integration point, or below an HTML element opened there; the template
// is then an HTML template like any other, with the foreign elements
// below it on the stack. x/net/html inserts nothing there and ignores
// every token that reaches an insertion mode afterwards
// (departTemplateInForeign).
func (p *parser) startTemplate() {
	if p.stack.foreign > 0 {
		p.departures |= departTemplateInForeign
	}
	p.templates = append(p.templates, p.insertHTMLElement())
	p.formatting.pushMarker()
	p.framesetOK = false
	p.mode = modeInTemplate
	p.pushTemplateMode(modeInTemplate)
}

// endTemplate handles a template end tag ("in head"): unless no template
// element is open (then the token is a parse error and ignored), generate
// implied end tags, pop up to and including the template element, clear the
// list of active formatting elements up to the last marker, pop the current
// template insertion mode and reset the insertion mode. Like x/net/html, it
// pops up to the topmost HTML template, which the standard's check that the
// current node is a template element does not change. "In template" closes
// a template the same way at the end of the file (the standard does not
// generate implied end tags there, but the elements they would pop sit
// above the template and are popped either way).
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
//
// x/net/html reads a text token as a whole: if it is all whitespace it
// goes to "in head", otherwise the token is "anything else", and its
// leading whitespace ends up in the head element rather than in the
// noscript element.
func (p *parser) inHeadNoscriptMode() bool {
	switch {
	case p.tok.typ == html.DoctypeToken:
		return true // parse error; ignore
	case p.startTag() == a.Html:
		return p.inBodyMode()
	case p.endTag() == a.Noscript:
		// Pop the noscript element; the head element is the current node
		// again.
		p.stack.pop()
		p.mode = modeInHead
		return true
	case p.tok.typ == html.TextToken && strings.Trim(p.tok.data, whitespace) == "",
		p.tok.typ == html.CommentToken:
		return p.inHeadMode()
	}
	switch p.startTag() {
	case a.Basefont, a.Bgsound, a.Link, a.Meta, a.Noframes, a.Style:
		return p.inHeadMode()
	case a.Head:
		return true // parse error; ignore
	case a.Noscript:
		// Parse error; ignore. The tokenizer saw a noscript start tag and
		// must not switch to raw text for it.
		p.tokenizer.NextIsNotRawText()
		return true
	}
	if p.tok.typ == html.EndTagToken && p.tok.atom != a.Br {
		return true // any other end tag: parse error; ignore
	}
	// Anything else (an end tag br included): parse error; pop the noscript
	// element, switch to "in head" and reprocess.
	p.stack.pop()
	p.mode = modeInHead
	return false
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
	// Anything else: insert a body element with no attributes, switch to
	// "in body" and reprocess. x/net/html also sets the frameset-ok flag
	// back to "ok" here, which the standard does not (a template in the
	// head has set it to "not ok"). At the end of the input the implied
	// body is all there is to do.
	p.insertImplied(a.Body)
	p.mode = modeInBody
	p.framesetOK = true
	return p.tok.typ == html.ErrorToken
}

// inHeadWithHeadPushed pushes the head element back, processes the token
// using the rules for "in head" and removes the head element from the stack
// again. "After head" is reached only once "before head" has inserted a
// head element and pointed to it: in a document, or in a fragment whose
// context is an html element (a head context is parsed "in body"). Should
// the pointer be nil all the same, the document stands in for the head, so
// that nothing panics; x/net/html, which reaches "after head" without a
// head element in a head context, pushes a nil node there, and its
// insertions land in the document.
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
