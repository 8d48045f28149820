package query

import (
	"errors"

	"github.com/eventperk/eventperk-go/internal/htmltree"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
)

// scope is the root a query runs under and the document that gives out
// the handles of its nodes.
type scope struct {
	root *vdom.Node
	doc  *vdom.Document
}

// newScope checks that root can hold elements: a document, a document
// fragment or an element (Testing Library refuses other containers too).
func newScope(root *vdom.Node) (*scope, error) {
	if root == nil {
		return nil, errors.New("the root is nil")
	}
	switch root.NodeType() {
	case vdom.ElementNode, vdom.DocumentNode, vdom.DocumentFragmentNode:
	default:
		return nil, errors.New("the root is a " + root.NodeName() + " node, not a document, fragment or element")
	}
	return &scope{root: root, doc: docOf(root)}, nil
}

// docOf returns the document of n. The document node has no owner
// document, so its document is found through a child; a document without
// children has nothing to wrap.
func docOf(n *vdom.Node) *vdom.Document {
	if d := n.OwnerDocument(); d != nil {
		return d
	}
	if c := n.FirstChild(); c != nil {
		return c.OwnerDocument()
	}
	return nil
}

// wrap returns the handle of a node of the scope's tree.
func (s *scope) wrap(h *html.Node) *vdom.Node { return s.doc.Wrap(h) }

// elements calls yield for every element below the root in tree order,
// until yield returns false. It walks the x/net/html tree without
// recursion, so deep trees cost no stack, and makes no handle: most
// queries look at every element and keep few.
func (s *scope) elements(yield func(h *html.Node) bool) {
	root := s.root.HTML()
	h := root.FirstChild
	for h != nil {
		if h.Type == html.ElementNode && !yield(h) {
			return
		}
		h = step(h, root)
	}
}

// step returns the node after h in the walk of a query: tree order, but
// past the contents of a template element. The x/net/html tree holds them
// as the template's children; in a browser they are a separate fragment
// that no query of the page reaches, and they are never shown.
func step(h, root *html.Node) *html.Node {
	if h.Type == html.ElementNode && h.Namespace == "" && h.Data == "template" {
		return htmltree.NextSkippingChildren(h, root)
	}
	return htmltree.Next(h, root)
}

// inTemplate reports whether h lies in the contents of a template
// element, for results of CSS queries, which reach them.
func inTemplate(h *html.Node) bool {
	for p := h.Parent; p != nil; p = p.Parent {
		if isHTML(p, "template") {
			return true
		}
	}
	return false
}

// attr returns the value of the attribute key (no namespace) of h.
func attr(h *html.Node, key string) (string, bool) {
	for _, a := range h.Attr {
		if a.Key == key && a.Namespace == "" {
			return a.Val, true
		}
	}
	return "", false
}

// isHTML reports whether h is an HTML element named tag.
func isHTML(h *html.Node, tag string) bool {
	return h.Type == html.ElementNode && h.Namespace == "" && h.Data == tag
}
