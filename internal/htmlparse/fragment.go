package htmlparse

import (
	"fmt"
	"io"

	"golang.org/x/net/html"
	a "golang.org/x/net/html/atom"
)

// parseFragment is ParseFragment with the scripting flag as a parameter.
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

// checkContext explains why a node cannot be a fragment's context: the
// algorithm takes an element, and the parser decides by DataAtom, which
// must then be the atom of Data (0 for a name without one).
func checkContext(context *html.Node) error {
	if context.Type != html.ElementNode {
		return fmt.Errorf("htmlparse: the fragment context must be an element, not a %s node", nodeTypeName(context.Type))
	}
	if want := a.Lookup([]byte(context.Data)); context.DataAtom != want {
		return fmt.Errorf("htmlparse: the fragment context <%s> has DataAtom %q, want %q", context.Data, context.DataAtom, want)
	}
	return nil
}

// nodeTypeName names an html.NodeType for checkContext's errors.
func nodeTypeName(t html.NodeType) string {
	switch t {
	case html.ErrorNode:
		return "error"
	case html.TextNode:
		return "text"
	case html.DocumentNode:
		return "document"
	case html.CommentNode:
		return "comment"
	case html.DoctypeNode:
		return "doctype"
	case html.RawNode:
		return "raw"
	}
	return fmt.Sprintf("type %d", t)
}

// newFragmentParser sets up a parser for the contents of context following
// the HTML fragment parsing algorithm (13.4) and returns it with the root
// html element the fragment is built under. A nil context parses a
// document-level fragment: the steps that depend on the context are
// skipped, and the parser starts like a document parser whose html element
// is already open. Where
// x/net/html departs from the algorithm, so does this: the tokenizer state
// for the context comes from html.NewTokenizerFragment (PLAINTEXT where
// the standard says RAWTEXT or script data, and the data state for foreign
// contexts), the frameset-ok flag is "not ok" from the start, and the
// document is never in quirks mode.
func newFragmentParser(r io.Reader, context *html.Node, scripting bool) (*parser, *html.Node, error) {
	if context != nil {
		if err := checkContext(context); err != nil {
			return nil, nil, err
		}
	}
	// A new Document and an HTML parser for it.
	p := newParser(scripting)
	p.fragment = true
	p.context = context
	p.src = sourceOf(r)
	p.restart = func(r io.Reader) *parser {
		q, _, _ := newFragmentParser(r, context, scripting) // context is checked
		return q
	}
	// The context's document's quirks mode does not carry over: x/net/html's
	// context nodes have none. The tokenizer starts in the state the context
	// element calls for.
	switch {
	case context == nil:
		p.tokenizer = html.NewTokenizerFragment(r, "")
	case context.Namespace != "":
		p.tokenizer = html.NewTokenizer(r)
	default:
		p.tokenizer = html.NewTokenizerFragment(r, context.DataAtom.String())
	}
	if context != nil {
		p.noteContext(context)
		// The context element, classified like a stack entry, answers for
		// the adjusted current node.
		p.contextEntry = openElement{
			node:   context,
			class:  classOfNode(context) | namespaceOf(context.Namespace).class(),
			nameID: -1,
			active: -1,
		}
	}
	// root, an html element with no attributes, is appended to the Document
	// and is the only element on the stack of open elements.
	root := p.newElement(a.Html, a.Html.String(), "", nil)
	p.doc.AppendChild(root)
	p.pushElement(root, -1)
	// An HTML template context pushes "in template" onto the stack of
	// template insertion modes.
	if context != nil && context.Namespace == "" && context.DataAtom == a.Template {
		p.pushTemplateMode(modeInTemplate)
	}
	// (The context's start tag token stands for the context when the
	// adjusted current node is it: contextEntry above.) Reset the insertion
	// mode appropriately.
	p.resetInsertionMode()
	// The form element pointer is the nearest HTML form element among the
	// context and its ancestors.
	for n := context; n != nil; n = n.Parent {
		if n.Type == html.ElementNode && n.Namespace == "" && n.DataAtom == a.Form {
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
