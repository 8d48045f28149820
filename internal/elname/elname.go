// Package elname names elements for people, in one scheme shared by the
// eventperk command's traces, perktest's recorder and the errors of
// userevent, query and vdomtest: the name is itself a CSS selector for the
// element, so a name read in a trace can be written back in an
// expectation.
//
// It reads the x/net/html tree under a node and nothing above it (its
// Node is an interface that *vdom.Node satisfies), so that it sits on the
// ground floor of the module's layers with the other internal packages
// (docs/architecture.md).
package elname

import (
	"fmt"
	"strings"

	"golang.org/x/net/html"

	"github.com/eventperk/eventperk-go/internal/cssescape"
	"github.com/eventperk/eventperk-go/internal/htmltree"
)

// Node is what a name is made of: the x/net/html node (nil for a nil
// node, as *vdom.Node's HTML gives it) and the DOM's nodeName for the
// nodes that are not elements.
type Node interface {
	HTML() *html.Node
	NodeName() string
}

// Of names a node so that a person finds it, and so that the name of an
// element is itself a selector for it: "#id" when the element has an id
// that no other element of its tree has, else a short CSS path from the
// nearest ancestor with such an id (or from body), such as
// "#items > li:nth-child(2) > button.remove". A step in the path gets
// :nth-child only when a sibling would match it too. The document is
// "document", other nodes their nodeName ("#text"), and nil "(none)".
func Of(n Node) string {
	if n == nil {
		return "(none)"
	}
	h := n.HTML()
	switch {
	case h == nil:
		return "(none)"
	case h.Type == html.DocumentNode && n.NodeName() == "#document":
		return "document"
	case h.Type != html.ElementNode:
		return n.NodeName()
	}
	var root *html.Node
	for r := h; r != nil; r = r.Parent {
		root = r
	}
	var parts []string
	for el := h; el != nil && el.Type == html.ElementNode; el = el.Parent {
		if id := uniqueID(el, root); id != "" {
			parts = append(parts, id)
			break
		}
		if el.Data == "body" || el.Data == "html" || el.Data == "head" {
			parts = append(parts, el.Data)
			break
		}
		parts = append(parts, step(el))
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, " > ")
}

// uniqueID returns "#id" when el's id is that of no other element under
// root, the top of el's tree: its document when it is connected, or the
// fragment it is in, whose QuerySelector finds it by that name. An element
// of a detached subtree (root is an element) gets no id name.
func uniqueID(el, root *html.Node) string {
	id := attr(el, "id")
	if id == "" || root.Type != html.DocumentNode {
		return ""
	}
	for x := root; x != nil; x = htmltree.Next(x, root) {
		if x != el && x.Type == html.ElementNode && attr(x, "id") == id {
			return ""
		}
	}
	return "#" + cssescape.Ident(id)
}

// step is one element of a path: the tag and first class, with its
// position among its siblings when another sibling has the same tag and
// class.
func step(el *html.Node) string {
	s, class := el.Data, ""
	if f := strings.Fields(attr(el, "class")); len(f) > 0 {
		class = f[0]
		s += "." + cssescape.Ident(class)
	}
	if el.Parent == nil {
		return s
	}
	pos, at, same := 0, 0, 0
	for sib := el.Parent.FirstChild; sib != nil; sib = sib.NextSibling {
		if sib.Type != html.ElementNode {
			continue
		}
		pos++
		if sib == el {
			at = pos
		}
		if sib.Data == el.Data && (class == "" || hasClass(sib, class)) {
			same++
		}
	}
	if same > 1 {
		s += fmt.Sprintf(":nth-child(%d)", at)
	}
	return s
}

// hasClass reports whether class is one of el's classes.
func hasClass(el *html.Node, class string) bool {
	for _, c := range strings.Fields(attr(el, "class")) {
		if c == class {
			return true
		}
	}
	return false
}

// attr returns the value of the attribute name (no namespace) of el.
func attr(el *html.Node, name string) string {
	for _, a := range el.Attr {
		if a.Namespace == "" && a.Key == name {
			return a.Val
		}
	}
	return ""
}
