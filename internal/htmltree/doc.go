// Package htmltree holds the small walks and comparisons over x/net/html
// trees that several packages of this module make (vdom, a11y, query,
// internal/htmlparse, selector, vdomtest, unit, htmx): tree order without
// recursion and the elements of a subtree in that order, the order of two
// nodes, the ASCII case folding HTML uses for keywords, and reading a
// declaration of an inline style attribute.
package htmltree
