// Package elname names elements for people, in one scheme shared by the
// eventperk command's traces and perktest's recorder: the name is itself a
// CSS selector for the element, so a name read in a trace can be written
// back in an expectation.
package elname

import (
	"fmt"
	"strings"

	"github.com/eventperk/eventperk-go/selector"
	"github.com/eventperk/eventperk-go/vdom"
)

// Of names an element so that a person finds it, and so that the
// name is itself a selector for it: "#id" when the element has an id that
// is unique in its document, else a short CSS path from the nearest
// ancestor with such an id (or from body), such as
// "#items > li:nth-child(2) > button.remove". A step in the path gets
// :nth-child only when a sibling would match it too.
func Of(n *vdom.Node) string {
	if n == nil {
		return "(none)"
	}
	switch n.NodeType() {
	case vdom.DocumentNode:
		return "document"
	case vdom.ElementNode:
	default:
		return n.NodeName()
	}
	var parts []string
	for el := n; el != nil; el = el.ParentElement() {
		if id := uniqueID(el); id != "" {
			parts = append(parts, id)
			break
		}
		name := el.LocalName()
		if name == "body" || name == "html" || name == "head" {
			parts = append(parts, name)
			break
		}
		parts = append(parts, step(el))
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, " > ")
}

// uniqueID returns "#id" when el's id selects el alone in its document.
func uniqueID(el *vdom.Node) string {
	id := el.ID()
	if id == "" || !el.IsConnected() {
		return ""
	}
	sel := "#" + selector.EscapeIdent(id)
	doc := el.OwnerDocument()
	if doc == nil || doc.GetElementByID(id) != el {
		return ""
	}
	if all, err := doc.QuerySelectorAll(sel); err != nil || len(all) != 1 {
		return ""
	}
	return sel
}

// step is one element of a path: the tag and first class, with its
// position among its siblings when another sibling has the same tag and
// class.
func step(el *vdom.Node) string {
	s := el.LocalName()
	if f := strings.Fields(el.ClassName()); len(f) > 0 {
		s += "." + selector.EscapeIdent(f[0])
	}
	parent := el.ParentNode()
	if parent == nil {
		return s
	}
	pos, same := 0, 0
	for i, sib := range parent.Children() {
		if sib == el {
			pos = i + 1
		}
		if ok, err := sib.Matches(s); err == nil && ok {
			same++
		}
	}
	if same > 1 {
		s += fmt.Sprintf(":nth-child(%d)", pos)
	}
	return s
}
