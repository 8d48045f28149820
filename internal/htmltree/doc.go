// Package htmltree holds the small walks and comparisons over x/net/html
// trees that several packages of this module make (vdom, a11y, query,
// internal/htmlparse): tree order without recursion, the order of two
// nodes, and the ASCII case-insensitive comparison HTML uses for keywords.
package htmltree
