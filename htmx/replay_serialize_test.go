package htmx

import (
	"github.com/eventperk/eventperk-go/vdom"
)

// outerHTML serializes an element as Chromium's outerHTML does, which
// the recordings hold: vdom writes it so (HTML's fragment serialization
// algorithm).
func outerHTML(n *vdom.Node) string { return n.OuterHTML() }

// canonicalBody re-serializes a recorded body through vdom's parser and
// outerHTML, so that it compares with a replayed one whatever the
// parser's own departures from Chromium.
func canonicalBody(s string) string {
	doc := vdom.ParseString("<!DOCTYPE html><html><head></head>" + s + "</html>")
	if b := doc.Body(); b != nil {
		return outerHTML(b)
	}
	return s
}
