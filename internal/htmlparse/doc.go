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
// Wherever html.Parse or html.ParseFragment returns a tree without an error
// and that tree is well formed, Parse and ParseFragment return an identical
// tree (the same nodes, Data, DataAtom, Namespace, attribute order and
// namespaces, doctype encoding, with the name in Data and "public" and
// "system" attributes, and template contents as direct children of the
// template element), with one exception: they refuse, with a *LimitError,
// the input that would make the parser re-open more than MaxClonedElements
// formatting elements or copy more than MaxClonedAttributes attributes
// into them, which x/net/html builds as long as its stack of open elements
// stays within 512 entries (see Limits). Where x/net/html deliberately or
// accidentally departs from the specification (see the "x/net/html" notes
// in the comments), this package departs in the same way, because callers
// compare and mix trees from both parsers. The html5lib tree construction
// tests in the package's tests list the cases where that makes the result
// differ from the expected html5lib tree. Where x/net/html fails (on a stack
// deeper than 512 entries, a foreign template context element, an input or
// select start tag in a fragment without context) or builds a tree with
// broken links, this package returns a well-formed tree.
//
// The code is written from the WHATWG HTML standard's steps, which the
// comments cite, and follows x/net/html's results, not its code.
//
// # Complexity
//
// Nothing recurses on the depth of the document, and the parser's work is
// linear in its input plus the elements and attributes it copies when it
// re-opens formatting elements, which the limits bound. The stack of open
// elements keeps, for every kind of scope boundary and for every tag name,
// the positions of the matching entries (stack.go), so "has an element in
// scope", "is this node on the stack", the furthest block, the foster
// parent and the insertion mode reset are answered without walking the
// stack. The list of active formatting elements keeps per-tag and
// per-family chains per marker-delimited segment, so the search for a
// formatting element and the Noah's Ark clause look at the entries they
// concern only. Elements removed from the middle of the stack or the list
// (the adoption agency, the Noah's Ark clause) leave holes rather than
// moving the entries above them (stack.go, formatting.go). The tests count
// the parser's steps (every iteration of a loop over the stack, the list,
// their holes and chains) and hold them to a bound linear in the input
// (TestWorkIsLinear, FuzzParseWork).
//
// # Limits
//
// The one input refused is markup whose misnested formatting tags would
// make the parser re-open more than MaxClonedElements formatting elements,
// or copy more than MaxClonedAttributes attributes into the elements it
// re-opens: the algorithm re-opens every formatting element left open at
// every new block, so a short document can ask for an enormous tree
// (limits.go). The error is a *LimitError naming the line and column. A
// parse that re-opens elements much faster than it reads input counts
// them first, with a second reading of the input that builds none of
// them, so refusing such markup costs about two readings of it rather
// than building a million elements (counting.go); this needs a reader
// that can be read at offsets, such as strings.Reader and bytes.Reader.
//
// # Files
//
//   - api.go: Parse and ParseFragment, and ParseTemplates and
//     ParseFragmentTemplates, which also list the template elements made
//     (vdom moves their children into template contents); fragment.go:
//     the fragment setup.
//   - parser.go: the parser state, the token loop and the dispatcher;
//     token.go: reading tokens from the x/net/html Tokenizer, and a new
//     Tokenizer after a tag with many attributes.
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
//     error; counting.go: counting the re-opened elements first;
//     source.go: reading the input a second time.
package htmlparse
