package htmlparse

import (
	"errors"
	"fmt"
	"io"

	"golang.org/x/net/html"
	a "golang.org/x/net/html/atom"
)

// parseFragment is ParseFragment with the scripting flag as a parameter.
// It implements the HTML fragment parsing algorithm (13.4) the way
// x/net/html does: the tokenizer starts in the state the context element
// calls for (x/net/html uses PLAINTEXT where the spec says RAWTEXT or
// script data), the frameset-ok flag starts "not ok", and the form element
// pointer is the nearest form among the context and its ancestors.
func parseFragment(r io.Reader, context *html.Node, scripting bool) ([]*html.Node, error) {
	p, root, err := newFragmentParser(r, context, scripting)
	if err != nil {
		return nil, err
	}
	if err := p.run(); err != nil {
		return nil, err
	}
	return p.fragmentResult(root), nil
}

// newFragmentParser sets up a parser for the contents of context and
// returns it with the root html element the fragment is built under.
func newFragmentParser(r io.Reader, context *html.Node, scripting bool) (*parser, *html.Node, error) {
	contextTag := ""
	if context != nil {
		if context.Type != html.ElementNode {
			return nil, nil, errors.New("htmlparse: ParseFragment of non-element Node")
		}
		// An unknown tag has DataAtom 0, which is consistent.
		if context.DataAtom != a.Lookup([]byte(context.Data)) {
			return nil, nil, fmt.Errorf("htmlparse: inconsistent Node: DataAtom=%q, Data=%q", context.DataAtom, context.Data)
		}
		contextTag = context.DataAtom.String()
	}

	p := newParser(scripting)
	p.fragment = true
	p.context = context
	if context != nil && context.Namespace != "" {
		p.tokenizer = html.NewTokenizer(r)
	} else {
		p.tokenizer = html.NewTokenizerFragment(r, contextTag)
	}
	if context != nil {
		p.contextEntry = openElement{
			node:   context,
			class:  classOfNode(context) | namespaceOf(context.Namespace).class(),
			nameID: -1,
			active: -1,
		}
	}

	root := p.newElement(a.Html, a.Html.String(), "", nil)
	p.doc.AppendChild(root)
	p.pushElement(root, -1)
	if context != nil && context.DataAtom == a.Template {
		p.pushTemplateMode(modeInTemplate)
	}
	p.resetInsertionMode()
	for n := context; n != nil; n = n.Parent {
		if n.Type == html.ElementNode && n.DataAtom == a.Form {
			p.form = n
			break
		}
	}
	return p, root, nil
}

// fragmentResult detaches and returns the nodes parsed: the root's children
// with a context, the document's without.
func (p *parser) fragmentResult(root *html.Node) []*html.Node {
	parent := p.doc
	if p.context != nil {
		parent = root
	}
	var result []*html.Node
	for c := parent.FirstChild; c != nil; c = parent.FirstChild {
		parent.RemoveChild(c)
		result = append(result, c)
	}
	return result
}
