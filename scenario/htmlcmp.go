package scenario

import (
	"fmt"
	"slices"
	"strings"

	"github.com/eventperk/eventperk-go/vdom"
)

// DiffHTML compares an element with an expected HTML snippet by
// structure, as the "html" check of a scenario does, and returns "" when
// they are equal, else their lines that differ ("HTML (-want +got):" and a
// line diff of one tag or text per line). Attribute order, white space
// between elements, runs of white space in text and in class lists do not
// count, since the page looks the same either way. The snippet is parsed
// in the element's context, as the page parser would have read it there;
// an error says it does not parse.
func DiffHTML(el *vdom.Node, want string) (string, error) {
	doc := el.OwnerDocument()
	ctx := el.ParentElement()
	if ctx == nil {
		ctx = doc.Body()
	}
	nodes, err := doc.ParseFragmentString(want, ctx)
	if err != nil {
		return "", fmt.Errorf("scenario: the expected HTML does not parse: %w", err)
	}
	var w strings.Builder
	for _, n := range nodes {
		canonicalHTML(&w, n, 0)
	}
	var got strings.Builder
	canonicalHTML(&got, el, 0)
	if w.String() == got.String() {
		return "", nil
	}
	return diffLines(w.String(), got.String()), nil
}

// compareHTML is DiffHTML for the "html" check.
func (r *runner) compareHTML(el *vdom.Node, snippet string) (bool, string) {
	diff, err := DiffHTML(el, snippet)
	if err != nil {
		return false, strings.TrimPrefix(err.Error(), "scenario: ")
	}
	return diff == "", diff
}

// canonicalHTML writes a node one tag or text per line, indented, with
// sorted attributes and collapsed white space.
func canonicalHTML(b *strings.Builder, n *vdom.Node, depth int) {
	indent := strings.Repeat("  ", depth)
	switch n.NodeType() {
	case vdom.TextNode:
		if t := normalizeSpace(n.Data()); t != "" {
			fmt.Fprintf(b, "%s%s\n", indent, t)
		}
	case vdom.ElementNode:
		attrs := n.Attributes()
		slices.SortFunc(attrs, func(a, b vdom.Attr) int { return strings.Compare(a.Name, b.Name) })
		b.WriteString(indent + "<" + n.LocalName())
		for _, a := range attrs {
			if a.Name == "class" {
				a.Value = normalizeSpace(a.Value)
			}
			fmt.Fprintf(b, " %s=%s", a.Name, quoteJSON(a.Value))
		}
		b.WriteString(">\n")
		kids := n.ChildNodes()
		if c := n.Content(); c != nil {
			// A template's markup is its contents, as serialization
			// writes it.
			kids = c.ChildNodes()
		}
		for _, c := range kids {
			canonicalHTML(b, c, depth+1)
		}
		fmt.Fprintf(b, "%s</%s>\n", indent, n.LocalName())
	case vdom.DocumentFragmentNode, vdom.DocumentNode:
		for _, c := range n.ChildNodes() {
			canonicalHTML(b, c, depth)
		}
	}
}

// diffLines shows the lines of want and got that differ, aligned by their
// longest common subsequence.
func diffLines(want, got string) string {
	a := strings.Split(strings.TrimSuffix(want, "\n"), "\n")
	b := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	// lcs[i][j] is the LCS length of a[i:] and b[j:].
	lcs := make([][]int, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out strings.Builder
	out.WriteString("HTML (-want +got):\n")
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			out.WriteString("  " + a[i] + "\n")
			i, j = i+1, j+1
		case j < len(b) && (i >= len(a) || lcs[i][j+1] > lcs[i+1][j]):
			out.WriteString("+ " + b[j] + "\n")
			j++
		default:
			out.WriteString("- " + a[i] + "\n")
			i++
		}
	}
	return strings.TrimSuffix(out.String(), "\n")
}
