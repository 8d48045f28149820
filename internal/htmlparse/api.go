package htmlparse

import (
	"io"

	"golang.org/x/net/html"
)

// Parse returns the parse tree of the HTML document read from r, like
// html.Parse but without its nesting limit: wherever html.Parse returns a
// well-formed tree, the tree is identical, except for the documents the
// clone limits refuse, the inputs where html.Parse takes an SVG or
// MathML element for the HTML element of the same name, and those where
// it ignores the rest of the input after a template in SVG or MathML
// content: there Parse builds the standard's tree (see the package
// documentation). The input is
// assumed to be UTF-8, and the scripting flag is enabled (noscript holds
// raw text), as in html.Parse. The errors are r's and a *LimitError
// (ErrTooManyClones) for markup that would re-open more than
// MaxClonedElements formatting elements or copy more than
// MaxClonedAttributes attributes into them.
//
// Nodes are allocated in blocks of up to 256, and a tag's attribute
// strings share one allocation: a node kept after the rest of the tree is
// dropped keeps its block alive.
func Parse(r io.Reader) (*html.Node, error) {
	return parseDocument(r, true)
}

// ParseFragment parses the HTML read from r as the contents of context and
// returns the resulting nodes, like html.ParseFragment but without its
// nesting limit, and identical to it as Parse is to html.Parse. A nil
// context parses r as a document-level fragment (the result then holds the
// html element). It fails for a context that is not an element or whose
// DataAtom does not match its Data, with r's errors, and with a
// *LimitError as Parse does.
func ParseFragment(r io.Reader, context *html.Node) ([]*html.Node, error) {
	return parseFragment(r, context, true)
}

// ParseTemplates is Parse that also returns the HTML template elements of
// the tree, in the order of their start tags (outer templates before the
// templates inside them). The tree is Parse's: each template's contents
// are its children, for the caller to move into the template's contents
// fragment, as the HTML standard's parser would have inserted them. The
// list is nil for a document without templates.
func ParseTemplates(r io.Reader) (*html.Node, []*html.Node, error) {
	p := newDocumentParser(r, true)
	if err := p.run(); err != nil {
		return nil, nil, err
	}
	return p.doc, p.templates, nil
}

// ParseFragmentTemplates is ParseFragment that also returns the HTML
// template elements it created, as ParseTemplates does.
func ParseFragmentTemplates(r io.Reader, context *html.Node) ([]*html.Node, []*html.Node, error) {
	p, root, err := newFragmentParser(r, context, true)
	if err != nil {
		return nil, nil, err
	}
	if err := p.run(); err != nil {
		return nil, nil, err
	}
	return p.fragmentResult(root), p.templates, nil
}

// parseDocument is Parse with the scripting flag as a parameter; the
// html5lib tests run some cases with scripting disabled.
func parseDocument(r io.Reader, scripting bool) (*html.Node, error) {
	p := newDocumentParser(r, scripting)
	if err := p.run(); err != nil {
		return nil, err
	}
	return p.doc, nil
}

func newDocumentParser(r io.Reader, scripting bool) *parser {
	p := newParser(scripting)
	p.tokenizer = html.NewTokenizer(r)
	p.src = sourceOf(r)
	p.restart = func(r io.Reader) *parser { return newDocumentParser(r, scripting) }
	p.framesetOK = true
	p.mode = modeInitial
	return p
}
