package selector

import "golang.org/x/net/html"

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
	n := root.FirstChild
	for n != nil {
		if n.Type == html.ElementNode && hasID(n, id) {
			return n
		}
		if n.FirstChild != nil {
			n = n.FirstChild
			continue
		}
		for n.NextSibling == nil {
			n = n.Parent
			if n == root || n == nil {
				return nil
			}
		}
		n = n.NextSibling
	}
	return nil
}

func hasID(n *html.Node, id string) bool {
	for i := range n.Attr {
		if a := &n.Attr[i]; a.Key == "id" && a.Namespace == "" {
			return a.Val == id
		}
	}
	return false
}
