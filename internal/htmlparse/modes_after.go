package htmlparse

import (
	"strings"

	"golang.org/x/net/html"
	a "golang.org/x/net/html/atom"
)

// The insertion modes after the body (13.2.6.4.19, 13.2.6.4.22) and the
// frameset modes (13.2.6.4.20, 13.2.6.4.21, 13.2.6.4.23).

// 13.2.6.4.19 The "after body" insertion mode.
func (p *parser) afterBodyMode() bool {
	switch p.tok.typ {
	case html.ErrorToken:
		return true
	case html.TextToken:
		if _, rest := splitLeadingWhitespace(p.tok.data); rest == "" {
			return p.inBodyMode()
		}
	case html.StartTagToken:
		if p.tok.atom == a.Html {
			return p.inBodyMode()
		}
	case html.EndTagToken:
		if p.tok.atom == a.Html {
			if !p.fragment {
				p.mode = modeAfterAfterBody
			}
			return true
		}
	case html.CommentToken:
		// The comment goes to the html element, the first entry of the
		// stack (x/net/html fails if it is something else).
		if p.stack.len() > 0 {
			p.stack.at(0).node.AppendChild(p.newNode(html.CommentNode, p.tok.data))
		} else {
			p.appendDocumentComment()
		}
		return true
	}
	p.mode = modeInBody
	return false
}

// 13.2.6.4.20 The "in frameset" insertion mode.
func (p *parser) inFramesetMode() bool {
	switch p.tok.typ {
	case html.CommentToken:
		p.insertComment()
	case html.TextToken:
		p.insertText(onlyWhitespace(p.tok.data))
	case html.StartTagToken:
		switch p.tok.atom {
		case a.Html:
			return p.inBodyMode()
		case a.Frameset:
			p.insertHTMLElement()
		case a.Frame:
			p.insertVoidElement()
		case a.Noframes:
			return p.inHeadMode()
		}
	case html.EndTagToken:
		if p.tok.atom == a.Frameset && p.currentHTMLTag() != a.Html {
			p.stack.pop()
			if p.currentHTMLTag() != a.Frameset {
				p.mode = modeAfterFrameset
			}
		}
	}
	return true
}

// 13.2.6.4.21 The "after frameset" insertion mode.
func (p *parser) afterFramesetMode() bool {
	switch p.tok.typ {
	case html.CommentToken:
		p.insertComment()
	case html.TextToken:
		p.insertText(onlyWhitespace(p.tok.data))
	case html.StartTagToken:
		switch p.tok.atom {
		case a.Html:
			return p.inBodyMode()
		case a.Noframes:
			return p.inHeadMode()
		}
	case html.EndTagToken:
		if p.tok.atom == a.Html {
			p.mode = modeAfterAfterFrameset
		}
	}
	return true
}

// 13.2.6.4.22 The "after after body" insertion mode.
func (p *parser) afterAfterBodyMode() bool {
	switch p.tok.typ {
	case html.ErrorToken:
		return true
	case html.TextToken:
		if _, rest := splitLeadingWhitespace(p.tok.data); rest == "" {
			return p.inBodyMode()
		}
	case html.StartTagToken:
		if p.tok.atom == a.Html {
			return p.inBodyMode()
		}
	case html.CommentToken:
		p.appendDocumentComment()
		return true
	case html.DoctypeToken:
		return p.inBodyMode()
	}
	p.mode = modeInBody
	return false
}

// 13.2.6.4.23 The "after after frameset" insertion mode.
func (p *parser) afterAfterFramesetMode() bool {
	switch p.tok.typ {
	case html.CommentToken:
		p.appendDocumentComment()
	case html.TextToken:
		if s := onlyWhitespace(p.tok.data); s != "" {
			p.tok.data = s
			return p.inBodyMode()
		}
	case html.StartTagToken:
		switch p.tok.atom {
		case a.Html:
			return p.inBodyMode()
		case a.Noframes:
			return p.inHeadMode()
		}
	case html.DoctypeToken:
		return p.inBodyMode()
	}
	return true
}

// onlyWhitespace keeps the ASCII whitespace characters of s.
func onlyWhitespace(s string) string {
	n := 0
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(whitespace, s[i]) >= 0 {
			n++
		}
	}
	if n == len(s) {
		return s
	}
	b := make([]byte, 0, n)
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(whitespace, s[i]) >= 0 {
			b = append(b, s[i])
		}
	}
	return string(b)
}
