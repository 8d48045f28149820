package htmlparse

import (
	"slices"
	"strings"

	"golang.org/x/net/html"
	a "golang.org/x/net/html/atom"
)

// 13.2.6.4.7 The "in body" insertion mode, as x/net/html implements it
// (including the customizable select element changes: select has no
// insertion modes of its own).

// Name ids of tags the rules look for.
var (
	pID        = mustTagID(a.P)
	buttonID   = mustTagID(a.Button)
	selectID   = mustTagID(a.Select)
	bodyID     = mustTagID(a.Body)
	rubyID     = mustTagID(a.Ruby)
	formID     = mustTagID(a.Form)
	liID       = mustTagID(a.Li)
	nobrID     = mustTagID(a.Nobr)
	templateID = mustTagID(a.Template)
	tableID    = mustTagID(a.Table)
	captionID  = mustTagID(a.Caption)
	trID       = mustTagID(a.Tr)
	tdID       = mustTagID(a.Td)
	thID       = mustTagID(a.Th)
	tbodyID    = mustTagID(a.Tbody)
	theadID    = mustTagID(a.Thead)
	tfootID    = mustTagID(a.Tfoot)
	headingIDs = []int32{mustTagID(a.H1), mustTagID(a.H2), mustTagID(a.H3), mustTagID(a.H4), mustTagID(a.H5), mustTagID(a.H6)}
)

func mustTagID(t a.Atom) int32 {
	info, ok := lookupTag(t)
	if !ok {
		panic("htmlparse: no fixed id for " + t.String())
	}
	return info.id
}

// tagID returns the name id of the current token's tag (-1 if no element
// with that name was ever open).
func (p *parser) tagID() int32 {
	return p.names.htmlID(p.tok.atom, p.tok.data)
}

// popUntilInScope pops up to and including the topmost HTML element named
// by one of ids, if it is in scope sc, and reports whether it was.
func (p *parser) popUntilInScope(sc scope, ids ...int32) bool {
	i := p.stack.indexInScope(sc, ids...)
	if i < 0 {
		return false
	}
	p.stack.truncate(i)
	return true
}

func (p *parser) inScope(sc scope, ids ...int32) bool {
	return p.stack.indexInScope(sc, ids...) >= 0
}

// closePElement closes a p element in button scope, if any (the "close a p
// element" steps, without their implied end tags, as in x/net/html).
func (p *parser) closePElement() {
	p.popUntilInScope(buttonScope, pID)
}

// generateImpliedEndTags pops HTML dd, dt, li, optgroup, option, p, rb,
// rp, rt and rtc elements off the stack, except those whose name is
// except ("generate implied end tags", 13.2.6.3: "while the current node
// is a dd element, ..."; an SVG option stops it). Each popped element costs
// one step, so the loop is amortized O(1).
func (p *parser) generateImpliedEndTags(except string) {
	st := &p.stack
	for st.len() > 0 {
		p.steps++
		e := st.top()
		if e.class&classImpliedEndTag == 0 || e.node.Type != html.ElementNode || (except != "" && e.node.Data == except) {
			return
		}
		st.pop()
	}
}

func (p *parser) inBodyMode() bool {
	switch p.tok.typ {
	case html.TextToken:
		p.inBodyText()
	case html.StartTagToken:
		return p.inBodyStartTag()
	case html.EndTagToken:
		return p.inBodyEndTag()
	case html.CommentToken:
		p.insertComment()
	case html.ErrorToken:
		// x/net/html leaves the template contents through "in template"
		// at the end of the input; otherwise parsing stops.
		if len(p.templateModes) > 0 {
			p.mode = modeInTemplate
			return false
		}
	}
	return true
}

func (p *parser) inBodyText() {
	s := p.tok.data
	if e := p.stack.top(); e != nil && (e.node.DataAtom == a.Pre || e.node.DataAtom == a.Listing) && e.node.FirstChild == nil {
		s = trimLeadingNewline(s)
	}
	s = strings.ReplaceAll(s, "\x00", "")
	if s == "" {
		return
	}
	p.reconstructActiveFormattingElements()
	p.insertText(s)
	if p.framesetOK && strings.TrimLeft(s, whitespace) != "" {
		p.framesetOK = false
	}
}

func (p *parser) inBodyStartTag() bool {
	st := &p.stack
	switch p.tok.atom {
	case a.Html:
		if p.hasOpenTemplate() || st.len() == 0 {
			return true
		}
		p.copyMissingAttributes(st.at(0).node, p.tok.attr)
	case a.Base, a.Basefont, a.Bgsound, a.Link, a.Meta, a.Noframes, a.Script, a.Style, a.Template, a.Title:
		return p.inHeadMode()
	case a.Body:
		if p.hasOpenTemplate() {
			return true
		}
		if p.secondIsBody() {
			p.framesetOK = false
			p.copyMissingAttributes(st.at(1).node, p.tok.attr)
		}
	case a.Frameset:
		if !p.framesetOK || !p.secondIsBody() {
			return true
		}
		detach(st.at(1).node)
		st.truncate(1)
		p.insertHTMLElement()
		p.mode = modeInFrameset
	case a.Address, a.Article, a.Aside, a.Blockquote, a.Center, a.Details, a.Dialog, a.Dir, a.Div, a.Dl,
		a.Fieldset, a.Figcaption, a.Figure, a.Footer, a.Header, a.Hgroup, a.Main, a.Menu, a.Nav, a.Ol, a.P,
		a.Search, a.Section, a.Summary, a.Ul:
		p.closePElement()
		p.insertHTMLElement()
	case a.H1, a.H2, a.H3, a.H4, a.H5, a.H6:
		p.closePElement()
		switch p.currentHTMLTag() {
		case a.H1, a.H2, a.H3, a.H4, a.H5, a.H6:
			st.pop()
		}
		p.insertHTMLElement()
	case a.Pre, a.Listing:
		p.closePElement()
		p.insertHTMLElement()
		// A newline right after the start tag is dropped by inBodyText.
		p.framesetOK = false
	case a.Form:
		if p.form != nil && !p.hasOpenTemplate() {
			return true
		}
		p.closePElement()
		n := p.insertHTMLElement()
		if !p.hasOpenTemplate() {
			p.form = n
		}
	case a.Li:
		p.framesetOK = false
		p.closeListItem(kindListItemStop, a.Li, 0)
		p.closePElement()
		p.insertHTMLElement()
	case a.Dd, a.Dt:
		p.framesetOK = false
		p.closeListItem(kindDefinitionStop, a.Dd, a.Dt)
		p.closePElement()
		p.insertHTMLElement()
	case a.Plaintext:
		p.closePElement()
		p.insertHTMLElement()
	case a.Button:
		if p.inScope(defaultScope, buttonID) {
			p.generateImpliedEndTags("")
			p.popUntilInScope(defaultScope, buttonID)
		}
		p.reconstructActiveFormattingElements()
		p.insertHTMLElement()
		p.framesetOK = false
	case a.A:
		p.closeOpenAnchor()
		p.reconstructActiveFormattingElements()
		p.insertFormattingElement()
	case a.B, a.Big, a.Code, a.Em, a.Font, a.I, a.S, a.Small, a.Strike, a.Strong, a.Tt, a.U:
		p.reconstructActiveFormattingElements()
		p.insertFormattingElement()
	case a.Nobr:
		p.reconstructActiveFormattingElements()
		if p.inScope(defaultScope, nobrID) {
			p.adoptionAgency(a.Nobr, "nobr")
			p.reconstructActiveFormattingElements()
		}
		p.insertFormattingElement()
	case a.Applet, a.Marquee, a.Object:
		p.reconstructActiveFormattingElements()
		p.insertHTMLElement()
		p.formatting.pushMarker()
		p.framesetOK = false
	case a.Table:
		// In quirks mode a table goes inside an open p element.
		if !p.quirks {
			p.closePElement()
		}
		p.insertHTMLElement()
		p.framesetOK = false
		p.mode = modeInTable
	case a.Area, a.Br, a.Embed, a.Img, a.Keygen, a.Wbr:
		p.reconstructActiveFormattingElements()
		p.insertVoidElement()
		p.framesetOK = false
	case a.Input:
		if p.contextIsSelect() {
			return true
		}
		p.popUntilInScope(defaultScope, selectID)
		p.reconstructActiveFormattingElements()
		p.insertVoidElement()
		if !isHiddenInput(p.tok.attr) {
			p.framesetOK = false
		}
	case a.Param, a.Source, a.Track:
		p.insertVoidElement()
	case a.Hr:
		if p.inScope(buttonScope, pID) {
			p.generateImpliedEndTags("p")
			p.popUntilInScope(defaultScope, pID)
		}
		if p.inScope(defaultScope, selectID) {
			p.generateImpliedEndTags("")
		}
		p.insertVoidElement()
		p.framesetOK = false
	case a.Image:
		// "Change the token's tag name to img and reprocess it."
		p.tok.atom, p.tok.data = a.Img, a.Img.String()
		return false
	case a.Textarea:
		p.insertHTMLElement()
		p.enterTextMode()
		p.framesetOK = false
	case a.Xmp:
		p.closePElement()
		p.reconstructActiveFormattingElements()
		p.framesetOK = false
		p.insertRawTextElement()
	case a.Iframe:
		p.framesetOK = false
		p.insertRawTextElement()
	case a.Noembed:
		p.insertRawTextElement()
	case a.Noscript:
		if p.scripting {
			p.insertRawTextElement()
			return true
		}
		p.reconstructActiveFormattingElements()
		p.insertHTMLElement()
		p.tokenizer.NextIsNotRawText()
	case a.Select:
		if p.contextIsSelect() {
			return true
		}
		// A select start tag inside a select closes it.
		if p.popUntilInScope(defaultScope, selectID) {
			return true
		}
		p.reconstructActiveFormattingElements()
		p.insertHTMLElement()
		p.framesetOK = false
	case a.Option:
		if p.inScope(defaultScope, selectID) {
			p.generateImpliedEndTags("optgroup")
		} else if p.currentHTMLTag() == a.Option {
			st.pop()
		}
		p.reconstructActiveFormattingElements()
		p.insertHTMLElement()
	case a.Optgroup:
		if p.inScope(defaultScope, selectID) {
			p.generateImpliedEndTags("")
		} else if p.currentHTMLTag() == a.Option {
			st.pop()
		}
		p.reconstructActiveFormattingElements()
		p.insertHTMLElement()
	case a.Rb, a.Rtc:
		if p.inScope(defaultScope, rubyID) {
			p.generateImpliedEndTags("")
		}
		p.insertHTMLElement()
	case a.Rp, a.Rt:
		if p.inScope(defaultScope, rubyID) {
			p.generateImpliedEndTags("rtc")
		}
		p.insertHTMLElement()
	case a.Math, a.Svg:
		p.reconstructActiveFormattingElements()
		if p.tok.atom == a.Math {
			adjustMathMLAttributes(p.tok.attr)
		} else {
			adjustSVGAttributes(p.tok.attr)
		}
		adjustForeignAttributes(p.tok.attr)
		p.insertNode(p.newElement(p.tok.atom, p.tok.data, p.tok.data, p.tok.attr))
		if p.selfClosing {
			st.pop()
			p.acknowledgeSelfClosing()
		}
	case a.Caption, a.Col, a.Colgroup, a.Frame, a.Head, a.Tbody, a.Td, a.Tfoot, a.Th, a.Thead, a.Tr:
		// Ignored.
	default:
		p.reconstructActiveFormattingElements()
		p.insertHTMLElement()
	}
	return true
}

// contextIsSelect: input and select start tags are ignored when parsing
// an HTML select element's contents. (x/net/html fails for them in a
// fragment without context, and also ignores them in a context of another
// namespace named select.)
func (p *parser) contextIsSelect() bool {
	return p.fragment && p.context != nil && p.contextEntry.ns() == nsHTML && p.context.DataAtom == a.Select
}

// secondIsBody tells whether the second element on the stack of open
// elements is an HTML body element, which body and frameset start tags
// ask.
func (p *parser) secondIsBody() bool {
	if p.stack.len() < 2 {
		return false
	}
	e := p.stack.at(1)
	return e.node != nil && e.ns() == nsHTML && e.node.Type == html.ElementNode && e.node.DataAtom == a.Body
}

func isHiddenInput(attr []html.Attribute) bool {
	for _, at := range attr {
		if at.Key == "type" && strings.EqualFold(at.Val, "hidden") {
			return true
		}
	}
	return false
}

// copyMissingAttributes adds the attributes of a stray html or body start
// tag that the element does not have yet ("for each attribute on the
// token, check to see if the attribute is already present on the
// element"). Compared one by one, n stray tags against an element with n
// attributes would cost n*n; once the element has more than a few
// attributes, a set of its names answers instead.
func (p *parser) copyMissingAttributes(n *html.Node, attr []html.Attribute) {
	if len(attr) == 0 {
		return
	}
	keys := p.attrKeys[n]
	if keys == nil && len(n.Attr) > 8 {
		if p.attrKeys == nil {
			p.attrKeys = make(map[*html.Node]map[string]bool, 2)
		}
		keys = make(map[string]bool, len(n.Attr))
		for _, have := range n.Attr {
			p.steps++
			keys[have.Key] = true
		}
		p.attrKeys[n] = keys
	}
	for _, at := range attr {
		p.steps++
		if keys != nil {
			if !keys[at.Key] {
				keys[at.Key] = true
				n.Attr = append(n.Attr, at)
			}
			continue
		}
		if !slices.ContainsFunc(n.Attr, func(have html.Attribute) bool { return have.Key == at.Key }) {
			n.Attr = append(n.Attr, at)
		}
	}
}

// closeListItem is the loop of the li, dd and dt start tags: walking down
// from the current node, an element named close1 or close2 is closed (with
// everything above it); the walk ends there or at a special element other
// than address, div and p. The stop index gives the first such element
// directly.
func (p *parser) closeListItem(stop boundaryKind, close1, close2 a.Atom) {
	st := &p.stack
	i := st.nearest(stop)
	if i < 0 {
		return
	}
	e := st.at(i)
	if t := e.node.DataAtom; e.ns() == nsHTML && (t == close1 || close2 != 0 && t == close2) {
		st.truncate(i)
	}
}

// closeOpenAnchor: an a start tag while an a element is in the list of
// active formatting elements (after the last marker) runs the adoption
// agency for it, "then remove that element from the list of active
// formatting elements and the stack of open elements if the adoption
// agency algorithm didn't already remove it".
func (p *parser) closeOpenAnchor() {
	f := &p.formatting
	i := f.lastWithTag(formattingTag(a.A))
	if i < 0 {
		return
	}
	k := int(f.list[i].stackIndex)
	if p.adoptionAgency(a.A, "a") {
		// Its first round took the element, the last a in the list, as
		// its formatting element: the element left the list and the
		// stack.
		return
	}
	// It returned before touching the list (the current node, another a
	// element outside the list, was popped, or the element was not in
	// scope): the element is still at i in the list and, if it was on
	// the stack, at k there, below the popped node. (Comparing nodes
	// instead would not do while counting, where clones are their
	// originals: see limits.go.)
	f.removeAt(i)
	if k >= 0 {
		p.stack.removeAt(k)
	}
}

func (p *parser) inBodyEndTag() bool {
	switch p.tok.atom {
	case a.Body:
		if p.inScope(defaultScope, bodyID) {
			p.mode = modeAfterBody
		}
	case a.Html:
		// With a body element in scope, switch to "after body" and
		// reprocess; without one, parse error; ignore.
		if p.inScope(defaultScope, bodyID) {
			p.mode = modeAfterBody
			return false
		}
	case a.Address, a.Article, a.Aside, a.Blockquote, a.Button, a.Center, a.Details, a.Dialog, a.Dir, a.Div,
		a.Dl, a.Fieldset, a.Figcaption, a.Figure, a.Footer, a.Header, a.Hgroup, a.Listing, a.Main, a.Menu,
		a.Nav, a.Ol, a.Pre, a.Search, a.Section, a.Select, a.Summary, a.Ul:
		id := p.tagID()
		if !p.inScope(defaultScope, id) {
			return true
		}
		p.generateImpliedEndTags("")
		p.popUntilInScope(defaultScope, id)
	case a.Form:
		p.endForm()
	case a.P:
		if !p.inScope(buttonScope, pID) {
			// Parse error; insert an HTML element for a p start tag token
			// with no attributes. In x/net/html that token goes through the
			// tree construction dispatcher, so below foreign content it
			// first leaves it as any p start tag does (the standard gets
			// there through the rule for </p> in foreign content).
			// Leaving it can bring a p element into button scope, which the
			// p start tag then closes.
			if p.goesToForeignContent(html.StartTagToken, a.P) {
				p.popToHTMLOrIntegrationPoint()
				p.closePElement()
			}
			p.insertImplied(a.P)
		}
		p.closePElement()
	case a.Li:
		p.popUntilInScope(listItemScope, liID)
	case a.Dd, a.Dt:
		p.popUntilInScope(defaultScope, p.tagID())
	case a.H1, a.H2, a.H3, a.H4, a.H5, a.H6:
		p.popUntilInScope(defaultScope, headingIDs...)
	case a.A, a.B, a.Big, a.Code, a.Em, a.Font, a.I, a.Nobr, a.S, a.Small, a.Strike, a.Strong, a.Tt, a.U:
		p.adoptionAgency(p.tok.atom, p.tok.data)
	case a.Applet, a.Marquee, a.Object:
		if p.popUntilInScope(defaultScope, p.tagID()) {
			p.clearActiveFormattingElements()
		}
	case a.Br:
		// "</br>" is treated as "<br>".
		p.tok.typ = html.StartTagToken
		return false
	case a.Template:
		return p.inHeadMode()
	default:
		p.endTagOther(p.tok.atom, p.tok.data)
	}
	return true
}

// endForm is the form end tag of "in body".
func (p *parser) endForm() {
	st := &p.stack
	if p.hasOpenTemplate() {
		// With a template element open: if no form element is in scope,
		// parse error; ignore. Otherwise generate implied end tags and pop
		// up to and including the form element.
		i := st.indexInScope(defaultScope, formID)
		if i < 0 {
			return
		}
		p.generateImpliedEndTags("")
		st.truncate(i)
		return
	}
	// Otherwise:
	// 1. Let node be the form element pointer; 2. set the pointer to null.
	node := p.form
	p.form = nil
	// 3. If node is null or not in scope, parse error; ignore. The pointer's
	// element, when it is open, is the topmost HTML form on the stack:
	// forms opened while it is set are in a template, or are popped at once.
	i := st.indexInScope(defaultScope, formID)
	if node == nil || i < 0 || st.at(i).node != node {
		return
	}
	// 4. Generate implied end tags (none of which is a form element, so
	// node stays at i). 5. If the current node is not node, parse error.
	p.generateImpliedEndTags("")
	// 6. Remove node from the stack of open elements, wherever it is.
	st.removeAt(i)
}

// endTagOther is "any other end tag" of "in body": walking down from the
// current node, an HTML element with the tag's name is popped with
// everything above it; the walk gives up at a special element. The stack's
// indexes give the topmost element with the name and the topmost special
// element directly.
func (p *parser) endTagOther(t a.Atom, name string) {
	st := &p.stack
	j := st.topmost(p.names.htmlID(t, name))
	if j >= 0 && j >= st.nearest(kindSpecial) {
		st.truncate(j)
	}
}
