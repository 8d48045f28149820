// Package htmlparse builds golang.org/x/net/html trees from HTML without a
// nesting limit.
//
// golang.org/x/net/html refuses documents whose stack of open elements grows
// beyond 512 entries. This package implements the tree construction stage of
// the WHATWG HTML parser
// (https://html.spec.whatwg.org/multipage/parsing.html#tree-construction) on
// top of the public x/net/html Tokenizer and returns ordinary *html.Node
// trees, so a page nested 100,000 levels deep parses into a 100,000 level
// tree.
//
// # Compatibility
//
// For every input that x/net/html accepts, Parse and ParseFragment return a
// tree identical to html.Parse and html.ParseFragment: the same nodes, Data,
// DataAtom, Namespace, attribute order and namespaces, doctype encoding
// (name in Data, "public" and "system" attributes) and template contents as
// direct children of the template element. Where x/net/html deliberately or
// accidentally departs from the specification (see the "x/net/html" notes
// in the comments), this package departs in the same way, because callers
// compare and mix trees from both parsers. The html5lib tree construction
// tests in the package's tests list the cases where that makes the result
// differ from the expected html5lib tree.
//
// # Complexity
//
// Nothing recurses on the depth of the document, and the parser runs in time
// linear in its input for deep nesting: the stack of open elements keeps, for
// every kind of scope boundary and for every tag name, the positions of the
// matching entries (stack.go), so "has an element in scope", "is this node
// on the stack", the foster parent and the insertion mode reset are answered
// without walking the stack. The list of active formatting elements keeps
// per-tag chains and family counts per marker-delimited segment, so that the
// search for a formatting element is O(1) and the Noah's Ark clause rarely
// walks the list. formatting.go documents the two pathological patterns
// that remain superlinear.
//
// # Limits
//
// The one input refused is markup whose misnested formatting tags would make
// the parser re-open more than MaxClonedElements formatting elements: the
// algorithm re-opens every formatting element left open at every new
// block, so a short document can ask for an enormous tree (limits.go). The
// error is a *LimitError naming the line and column.
//
// # Files
//
//   - api.go: Parse and ParseFragment; fragment.go: the fragment setup.
//   - parser.go: the parser state, the token loop and the dispatcher;
//     token.go: reading tokens from the x/net/html Tokenizer.
//   - tags.go and names.go: element classification, tag name ids.
//   - stack.go: the stack of open elements and its scope index.
//   - formatting.go: the list of active formatting elements, the Noah's
//     Ark clause and reconstruction; adoption.go: the adoption agency.
//   - tree.go: creating and inserting nodes, foster parenting, text
//     merging.
//   - modes.go: insertion modes, "reset the insertion mode"; modes_head.go,
//     modes_body.go, modes_text.go, modes_table.go (with "in template")
//     and modes_after.go: the insertion modes themselves.
//   - foreign.go: foreign (SVG and MathML) content.
//   - doctype.go: DOCTYPE tokens and quirks mode.
//   - limits.go: MaxClonedElements and the input position kept for its
//     error.
package htmlparse
