package selector

import (
	"iter"

	"golang.org/x/net/html"
)

// ByID returns the first element below root, in tree order, whose id
// attribute equals id exactly, or nil. It is the DOM's getElementById, for
// any id string: unlike "#"+id it needs no escaping, so ids that are not
// CSS identifiers ("1st-item", "a.b", "x:y", "with space") work as they
// are. The empty id never matches, as in the DOM. Only the id attribute in
// no namespace counts, as in the DOM. The walk is iterative.
func ByID(root *html.Node, id string) *html.Node {
	if root == nil || id == "" {
		return nil
	}
	for n := range ByIDAll(root, id) {
		return n
	}
	return nil
}

// ByIDAll yields every element below root whose id is id, in tree order:
// documents may repeat ids, and a caller that must skip some matches (a unit
// skipping elements of nested units) needs the later ones too.
func ByIDAll(root *html.Node, id string) iter.Seq[*html.Node] {
	return func(yield func(*html.Node) bool) {
		if root == nil || id == "" {
			return
		}
		for n := root.FirstChild; n != nil; n, _ = nextNode(n, root, true, 0) {
			if n.Type == html.ElementNode && hasID(n, id) && !yield(n) {
				return
			}
		}
	}
}

func hasID(n *html.Node, id string) bool {
	for i := range n.Attr {
		if a := &n.Attr[i]; a.Key == "id" && a.Namespace == "" {
			return a.Val == id
		}
	}
	return false
}
