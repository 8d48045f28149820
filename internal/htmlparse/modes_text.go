package htmlparse

import (
	"strings"

	"golang.org/x/net/html"
	a "golang.org/x/net/html/atom"
)

// 13.2.6.2 Parsing elements that contain only text, and 13.2.6.4.8 the
// "text" insertion mode.

// enterTextMode switches to the "text" insertion mode, remembering the
// mode to return to.
func (p *parser) enterTextMode() {
	p.originalMode = p.mode
	p.mode = modeText
}

// insertRawTextElement is the generic raw text and RCDATA element parsing
// algorithm (13.2.6.2); the tokenizer already switched to the right state
// when it read the start tag.
func (p *parser) insertRawTextElement() {
	p.insertHTMLElement()
	p.enterTextMode()
}

// 13.2.6.4.8 The "text" insertion mode.
func (p *parser) textMode() bool {
	switch p.tok.typ {
	case html.ErrorToken:
		p.stack.pop()
	case html.TextToken:
		s := p.tok.data
		if e := p.stack.top(); e != nil && e.node.DataAtom == a.Textarea && e.node.FirstChild == nil {
			s = trimLeadingNewline(s)
		}
		p.insertText(s)
		return true
	case html.EndTagToken:
		p.stack.pop()
	}
	p.mode = p.originalMode
	p.originalMode = modeNone
	return p.tok.typ == html.EndTagToken
}

// trimLeadingNewline drops a line feed at the start of a pre, listing or
// textarea element's text (and a carriage return before it).
func trimLeadingNewline(s string) string {
	s = strings.TrimPrefix(s, "\r")
	return strings.TrimPrefix(s, "\n")
}
