package htmx

import (
	"github.com/eventperk/eventperk-go/vdom"
)

// outerHTML serializes an element as Chromium's outerHTML does, which
// the recordings hold: vdom writes it so (HTML's fragment serialization
// algorithm).
func outerHTML(n *vdom.Node) string { return n.OuterHTML() }
