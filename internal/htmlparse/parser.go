package htmlparse

import (
	"io"

	"golang.org/x/net/html"
	a "golang.org/x/net/html/atom"
)

// parser holds the state of the tree construction stage (13.2.4, "parse
// state").
type parser struct {
	tokenizer *html.Tokenizer
	tok       token
	// selfClosing is the self-closing flag of the current start tag; a
	// self-closing start tag is otherwise processed as a start tag.
	selfClosing bool

	doc        *html.Node
	stack      openElements
	formatting activeFormatting
	head, form *html.Node // the element pointers

	scripting  bool
	framesetOK bool
	quirks     bool
	// fosterParenting is set while "in table" processes a token using the
	// rules for "in body", which is when foster parenting applies.
	fosterParenting bool

	mode          insertionMode
	originalMode  insertionMode // for "text" mode; modeNone when unset
	templateModes []insertionMode
	// templates lists the HTML template elements inserted, in the order
	// of their start tags, for callers that keep template contents apart
	// (ParseTemplates); a page without templates leaves it nil.
	templates []*html.Node

	// fragment parsing (13.4, "parsing HTML fragments")
	fragment     bool
	context      *html.Node
	contextEntry openElement // the context element, classified like a stack entry

	names nameTable
	text  textBuffers
	nodes nodeArena

	// attrKeys holds the attribute names of an html or body element that
	// stray start tags add attributes to, once it has many.
	attrKeys map[*html.Node]map[string]bool

	attrScratch []attrSpan
	byteScratch []byte

	// pos is where the current token is, clones how many elements were
	// made by re-opening formatting elements, err the limit error that
	// ends the parse (limits.go).
	pos    position
	clones int
	// clonedAttrs counts the attributes copied into those elements.
	clonedAttrs int
	err         error
	intScratch  []int

	// src reads the input again, nil if it cannot (source.go); restart
	// makes a parser of the same kind (a document, or a fragment in the
	// same context) for another reading of the input. counting makes this
	// parser the count of re-opened elements of another, and counted
	// records that the count was made or is not to be made (limits.go).
	src               *source
	restart           func(io.Reader) *parser
	counting, counted bool
	// renewTokenizer asks for a new Tokenizer after the current token;
	// tokenizersRenewed counts them (token.go).
	renewTokenizer    bool
	tokenizersRenewed int

	// countSteps, countedClones and countedAttrs are the steps and counts
	// of that count, kept apart from this parser's.
	countSteps, countedClones, countedAttrs int

	// loopGuardTripped records that process gave up on a token; the tests
	// check that it never happens.
	loopGuardTripped bool
	// departures records the classes of input reached where x/net/html
	// departs from the standard (departures.go); the tests read it.
	departures xnetDepartures

	// steps counts the tokens dispatched and the iterations of every loop
	// over the stack of open elements or the list of active formatting
	// elements. Tests use it to check that the work grows linearly with the
	// depth of the input.
	steps int
}

func newParser(scripting bool) *parser {
	p := &parser{
		doc:       &html.Node{Type: html.DocumentNode},
		scripting: scripting,
		names:     newNameTable(),
	}
	p.stack.steps = &p.steps
	p.stack.formatting = &p.formatting
	p.formatting = newActiveFormatting(&p.stack, &p.steps)
	p.stack.nameTop = make([]int32, len(knownHTMLTags), len(knownHTMLTags)+8)
	for i := range p.stack.nameTop {
		p.stack.nameTop[i] = -1
	}
	return p
}

// run consumes the tokenizer's output until the end of the input, and
// returns the reader's error if it fails.
func (p *parser) run() error {
	for {
		// CDATA sections are only recognized in foreign content; like
		// x/net/html, look at the current node rather than the adjusted
		// current node.
		top := p.stack.top()
		p.tokenizer.AllowCDATA(top != nil && top.node.Namespace != "")
		p.readToken()
		if p.tok.typ == html.ErrorToken {
			if err := p.tokenizer.Err(); err != io.EOF {
				return err
			}
			p.process()
			break
		}
		p.process()
		if p.renewTokenizer {
			p.renewTokenizerNow()
		}
		if !p.counted && p.mayPassLimits(0, 0) {
			p.countFirst()
		}
		if p.err != nil {
			return p.err
		}
	}
	p.text.flush()
	return nil
}

// Bounds for reprocessing one token (see process).
const (
	reprocessBudget   = 1000
	reprocessPerEntry = 16
)

// process runs the current token through the tree construction dispatcher
// (13.2.6) until a mode consumes it.
func (p *parser) process() {
	if p.tok.typ == html.SelfClosingTagToken {
		p.selfClosing = true
		p.tok.typ = html.StartTagToken
	}
	// Every reprocessing step pops an element, leaves a template or
	// changes the insertion mode towards one that consumes the token, so
	// the budget is never reached. It only guards against a bug turning
	// into a hang: the token is then dropped.
	budget := reprocessBudget + reprocessPerEntry*(p.stack.len()+len(p.templateModes))
	for !p.dispatch() {
		if budget--; budget < 0 {
			p.loopGuardTripped = true
			break
		}
	}
	// An unacknowledged self-closing flag is a parse error, nothing more.
	p.selfClosing = false
}

// dispatch applies the foreign content rules or the current insertion
// mode's rules, and reports whether the token was consumed (false:
// reprocess it).
func (p *parser) dispatch() bool {
	p.steps++
	if p.inForeignContent() {
		return p.foreignContent()
	}
	return p.processIn(p.mode)
}

// acknowledgeSelfClosing acknowledges the current token's self-closing flag.
func (p *parser) acknowledgeSelfClosing() { p.selfClosing = false }

// current returns the current node, or the document when the stack of open
// elements is empty (where x/net/html inserts into the document too).
func (p *parser) current() *html.Node {
	if e := p.stack.top(); e != nil {
		return e.node
	}
	return p.doc
}

// currentHTMLTag returns the current node's tag if it is an HTML element,
// 0 otherwise (also when the stack is empty). The rules that look at the
// current node ("if the current node is an option element") mean HTML
// elements; x/net/html compares the tag alone.
func (p *parser) currentHTMLTag() a.Atom {
	if e := p.stack.top(); e != nil && e.ns() == nsHTML {
		return e.node.DataAtom
	}
	return 0
}

// adjustedCurrent returns the adjusted current node's entry (13.2.4.2):
// the context element when parsing a fragment and only the root html
// element is open, the current node otherwise. It is nil when the stack is
// empty.
func (p *parser) adjustedCurrent() *openElement {
	if p.fragment && p.context != nil && p.stack.len() == 1 {
		return &p.contextEntry
	}
	return p.stack.top()
}

// inForeignContent tells whether the current token goes to the rules for
// parsing tokens in foreign content (13.2.6, the tree construction
// dispatcher).
func (p *parser) inForeignContent() bool {
	return p.goesToForeignContent(p.tok.typ, p.tok.atom)
}

// goesToForeignContent applies the tree construction dispatcher's test to
// a token of type typ and tag t: the rules for foreign content apply unless
// the stack is empty, or the adjusted current node is
//
//   - an HTML element;
//   - a MathML text integration point and the token a start tag other than
//     mglyph and malignmark, or a character token;
//   - a MathML annotation-xml element and the token an svg start tag;
//   - an HTML integration point and the token a start tag or a character
//     token;
//
// or the token is the end of the file.
func (p *parser) goesToForeignContent(typ html.TokenType, t a.Atom) bool {
	if p.stack.len() == 0 || typ == html.ErrorToken {
		return false
	}
	n := p.adjustedCurrent()
	if n.ns() == nsHTML {
		return false
	}
	switch typ {
	case html.StartTagToken:
		mathMLText := n.class&classMathMLText != 0 && t != a.Mglyph && t != a.Malignmark
		annotationSVG := n.ns() == nsMathML && n.node.DataAtom == a.AnnotationXml && t == a.Svg
		return !mathMLText && !annotationSVG && n.class&classHTMLIntegration == 0
	case html.TextToken:
		return n.class&(classMathMLText|classHTMLIntegration) == 0
	}
	return true
}
