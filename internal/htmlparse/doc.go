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
// template element), with two exceptions. They refuse, with a *LimitError,
// the input that would make the parser re-open more than MaxClonedElements
// formatting elements or copy more than MaxClonedAttributes attributes
// into them, which x/net/html builds as long as its stack of open elements
// stays within 512 entries (see Limits). And they build the standard's
// tree where x/net/html takes an SVG or MathML element for the HTML
// element of the same name, where it ignores the rest of the input
// after a template start tag in SVG or MathML content, and for a fragment
// whose context is a head element.
//
// The standard's steps look for HTML elements on the stack of open
// elements, as the current node and as a fragment's context element ("a
// table, template, or html element" is an HTML one); foreign content can
// open SVG and MathML elements with those names (a MathML tbody, an SVG
// template). x/net/html compares the tag alone in some of these places;
// this package compares namespace and name everywhere, so its trees
// differ in these cases:
//
//   - Clearing the stack back to a table, table body or row context (a
//     table part's start tag in a table, a table body or a row) stops at
//     an HTML table, tbody, thead, tfoot, tr, template or html element:
//     <table><tbody><svg><template><foreignObject><tr>x puts the tr in the
//     table, where x/net/html puts it in the SVG template.
//   - Foster parenting goes before the last HTML table, or into the last
//     HTML template: in <table><b><div><svg><template></b>x x/net/html
//     moves the div into the SVG template inside it, out of the document.
//   - Resetting the insertion mode (after a table or a template closes)
//     looks at HTML elements: after <math><tr><mo><table></table>,
//     x/net/html takes the MathML tr for a table row and opens a following
//     <td> in it.
//   - Generating implied end tags pops HTML elements: in
//     <form><svg><option></form>x the text stays in the SVG option, which
//     x/net/html pops.
//   - A fragment's SVG or MathML context element decides nothing that the
//     HTML element of its name would: the insertion mode (x/net/html parses
//     <p><tr>x in a MathML tbody as a table body's contents), the form
//     element pointer (an SVG form context or ancestor makes x/net/html
//     ignore form start tags), the start tags a select's contents ignore
//     (input and select, in a MathML select for x/net/html), and template
//     contents (x/net/html fails for an SVG template).
//   - In a fragment whose context is an SVG or MathML element, an end tag
//     that comes while only the fragment's root is open is ignored ("if node
//     is the topmost element in the stack of open elements, then return"):
//     x/net/html pops the root at </html>, and everything after it is lost
//     (</HTML><p> in an svg element gives a p element; x/net/html gives
//     nothing).
//
// The other questions (the current node in the heading, option and
// colgroup rules, the li and dd loops, the second element being a body,
// the adoption agency's first step) compare namespace and name as well;
// on their own they change no tree, since whenever the parser asks them
// the element they look at is an HTML element or an integration point of
// another name.
//
// A template start tag in foreign content is no breakout tag: in SVG
// content it makes an SVG template element, an ordinary foreign element
// whose children are parsed as foreign content, as in x/net/html. But at
// an integration point (foreignObject, desc, title, annotation-xml with
// an HTML encoding, mi, mo, mn, ms, mtext), or in HTML elements opened
// there, the tag reaches an insertion mode and makes an HTML template,
// with the SVG or MathML elements still open below it. x/net/html
// inserts no template there and ignores every later token that reaches
// an insertion mode (it keeps only what the rules for foreign content
// insert), so the rest of the page is lost:
//
//	<svg><foreignObject><template><p>x</template></foreignObject></svg><p>after
//
// gives a template whose contents are the first p element, and the
// second p after the svg; x/net/html gives an empty foreignObject and
// nothing else. This package parses the template and what follows as the
// standard says.
//
// A fragment whose context is an HTML head element is parsed "in body",
// as a body context is: resetting the insertion mode appropriately, which
// the fragment parsing algorithm does before it reads the input, selects
// "in cell" for a td or th element and "in head" for a head element only
// when it is not the last node, the context element ("if node is a head
// element and last is false"). x/net/html parses a head context "in head", where the first
// token that is no head content pops the fragment's root element, and
// nothing from there on is in the result:
//
//	<div><template>x</template></div><p>after
//
// as the contents of a head element gives the div, with the template in
// it, and the p; x/net/html gives nothing. (For a td or th context
// x/net/html's "in cell" builds the same trees as "in body": the table
// parts it treats differently need a td or th element in table scope,
// which the context never is.)
//
// The package's tests hold the trees of these classes to the ones parse5
// and Chromium 148 build (testdata/xnet-departures): they agree with the
// standard, but for parse5 reading names alone in the insertion mode
// reset, in implied end tags and in fragment contexts, and having no
// template boundary in its table scope, and Chromium handing an end tag
// at a foreign fragment's root to the insertion mode and keeping a NUL
// after a "<" that starts no tag as U+FFFD.
//
// Where x/net/html departs from the specification in other ways (see the
// "x/net/html" notes in the comments), this package departs in the same
// way, because callers compare and mix trees from both parsers, with two
// exceptions where a page would show the difference in its
// serialization. The x/net/html Tokenizer decodes character references
// in comments, and this package keeps a comment's data as it is written
// (token.go), as the standard says and browsers do, so that "<!-- &amp;
// -->" serializes as it was written and reads back the same. And
// x/net/html sorts the attributes of formatting elements (<a id=x
// href=y> becomes <a href="y" id="x">), where this package keeps the
// order of the start tag, as browsers do, and compares sorted copies for
// the Noah's Ark clause (formatting.go). The
// html5lib tree construction tests in the package's tests list the cases
// where that makes the result differ from the expected html5lib tree.
// Where x/net/html fails (on a stack deeper than 512 entries, a foreign
// template context element, an input or select start tag in a fragment
// without context) or builds a tree with broken links, this package
// returns a well-formed tree.
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
//   - foreign.go: foreign (SVG and MathML) content; departures.go: the
//     record of the inputs where x/net/html's tree is not the standard's.
//   - doctype.go: DOCTYPE tokens and quirks mode.
//   - limits.go: MaxClonedElements and the input position kept for its
//     error; counting.go: counting the re-opened elements first;
//     source.go: reading the input a second time.
package htmlparse
