package pagegen

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"
)

// Stats describes a parsed page. Analyze fills it.
type Stats struct {
	Elements   int      // element nodes, html, head and body included
	WithID     int      // elements with a non-empty id attribute
	MaxDepth   int      // depth of the deepest element; html is 1, body 2
	Forms      int      // form elements
	Inputs     int      // input elements of any type (not select or textarea)
	Checkboxes int      // input elements with type="checkbox"
	Lists      int      // ul and ol elements
	TextNodes  int      // text nodes holding more than white space
	IDs        []string // every non-empty id, in document order
}

// Analyze parses page with golang.org/x/net/html, as a browser would,
// and counts what it finds. It fails only if the parser does, which for
// in-memory input means nesting deeper than 512 elements.
func Analyze(page []byte) (Stats, error) {
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		return Stats{}, err
	}
	var s Stats
	s.walk(doc, 0)
	return s, nil
}

func (s *Stats) walk(n *html.Node, depth int) {
	switch n.Type {
	case html.ElementNode:
		depth++
		s.element(n, depth)
	case html.TextNode:
		if strings.TrimSpace(n.Data) != "" {
			s.TextNodes++
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		s.walk(c, depth)
	}
}

func (s *Stats) element(n *html.Node, depth int) {
	s.Elements++
	s.MaxDepth = max(s.MaxDepth, depth)
	if id := attr(n, "id"); id != "" {
		s.WithID++
		s.IDs = append(s.IDs, id)
	}
	switch n.Data {
	case "form":
		s.Forms++
	case "input":
		s.Inputs++
		if strings.EqualFold(attr(n, "type"), "checkbox") {
			s.Checkboxes++
		}
	case "ul", "ol":
		s.Lists++
	}
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val
		}
	}
	return ""
}
