package a11y

import (
	"github.com/eventperk/eventperk-go/internal/htmltree"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The helpers here read the x/net/html tree under a vdom handle directly:
// Role and IsHidden run for every element of a page in a role query, and a
// handle lookup per ancestor would cost a map access each.

// attr returns h's attribute key (lower case, no namespace).
func attr(h *html.Node, key string) (string, bool) {
	for i := range h.Attr {
		if a := &h.Attr[i]; a.Key == key && a.Namespace == "" {
			return a.Val, true
		}
	}
	return "", false
}

// hasAttr reports whether h has the attribute key.
func hasAttr(h *html.Node, key string) bool {
	_, ok := attr(h, key)
	return ok
}

// isHTML reports whether h is the HTML element a.
func isHTML(h *html.Node, a atom.Atom) bool {
	return h != nil && h.Type == html.ElementNode && h.DataAtom == a && h.Namespace == ""
}

// isElement reports whether h is an element.
func isElement(h *html.Node) bool { return h != nil && h.Type == html.ElementNode }

// nextToken returns the first whitespace-separated token of s and the rest,
// without allocating.
func nextToken(s string) (tok, rest string) {
	i := 0
	for i < len(s) && htmltree.IsSpace(s[i]) {
		i++
	}
	j := i
	for j < len(s) && !htmltree.IsSpace(s[j]) {
		j++
	}
	return s[i:j], s[j:]
}

// inputType returns the state of an input's type attribute: the keyword
// lower-cased, "text" when missing or unknown.
func inputType(h *html.Node) string {
	v, ok := attr(h, "type")
	if !ok {
		return "text"
	}
	if t, ok := inputTypes[v]; ok {
		return t
	}
	if t, ok := inputTypes[htmltree.LowerASCII(v)]; ok {
		return t
	}
	return "text"
}

// inputTypes are the keywords of the input type attribute.
var inputTypes = map[string]string{
	"hidden": "hidden", "text": "text", "search": "search", "tel": "tel", "url": "url",
	"email": "email", "password": "password", "date": "date", "month": "month",
	"week": "week", "time": "time", "datetime-local": "datetime-local", "number": "number",
	"range": "range", "color": "color", "checkbox": "checkbox", "radio": "radio",
	"file": "file", "submit": "submit", "image": "image", "reset": "reset", "button": "button",
}

// firstChildElement returns h's first HTML element child named a.
func firstChildElement(h *html.Node, a atom.Atom) *html.Node {
	for c := h.FirstChild; c != nil; c = c.NextSibling {
		if isHTML(c, a) {
			return c
		}
	}
	return nil
}
