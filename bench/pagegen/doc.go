// Package pagegen generates deterministic, realistic HTML pages for DOM
// benchmarks.
//
// The same Options always give the same bytes, on every platform and Go
// release: the package uses its own splitmix64 generator and never
// iterates over maps. Benchmarks in other languages measure the same
// pages by reading the files the genpage command writes
// (go run ./bench/cmd/genpage -n 10000 -o page-10k.html).
//
// # Page shape
//
// A page looks like a server-rendered web application page:
//
//   - <!DOCTYPE html>, html lang="en", head with meta charset and title;
//     from 40 elements on also a viewport meta, two link elements (icon
//     and canonical, neither fetches a stylesheet) and a style element.
//   - body with a site header (logo link, search form, nav > ul menu with
//     nested submenus), main, an aside sidebar in larger pages and a
//     footer with links. Header, aside and footer are left out of pages
//     too small to hold them.
//   - main holds an h1, the deep chain (below) and section elements, each
//     with an h2 and a mix of blocks: paragraphs with span, a, em,
//     strong, code, small and br among their text; ul and ol lists with
//     links and nested lists; tables with thead and tbody, some rows
//     starting with a checkbox; forms with labels and inputs of type
//     text, email, checkbox, radio and hidden, select with options,
//     textarea and a submit button; articles; div cards and wrappers
//     nested to varying depth; headings, hr, blockquote and buttons.
//   - Most elements without element children hold text. Classes come from
//     a small vocabulary (one to three on about half of the elements);
//     data-id, data-role and data-index appear on a share of them.
//
// # Guarantees
//
// For every valid Options (see Options.Validate):
//
//   - The page has exactly Options.Elements elements once parsed,
//     counting html, head and body, the head's elements and void elements
//     such as input, meta, link, br and hr.
//   - No element is deeper than MaxDepth (html is at depth 1, body at 2).
//   - The markup is well nested: every non-void element has an explicit
//     end tag, tables have explicit thead and tbody, p and headings hold
//     only phrasing content, a never holds a, forms never nest. An HTML
//     parser therefore builds exactly the tree the markup spells out,
//     without moving, adding or dropping anything, so every DOM
//     implementation sees the same tree. The text is ASCII and needs no
//     escaping. The page ends with </html> and no line break, since a
//     parser would move white space found there into body.
//   - Ids are unique CSS identifiers: "el-N" (N is the element's position
//     in document order), "field-N" on form controls with a label for=,
//     and "deep-D" for the deep chain. About one element in ten has an
//     id; with the default depth, pages of 300 elements or more stay
//     between 8% and 12%. All deep chain ids count toward that share, so
//     pages just above 200 elements have up to about 16%.
//   - Every section and form has an id, and every form in main and aside
//     starts with a checkbox, so pages with such forms have checkboxes
//     below elements with ids (the 10k page has hundreds).
//   - The deep chain: when Elements >= DeepChainMinElements (200) and
//     Elements >= 4*MaxDepth, main's second child is a thread of nested
//     div elements, one per depth from 4 to MaxDepth, with ids "deep-4"
//     to "deep-<MaxDepth>" ("deep-32" by default; see DeepestID). Each
//     holds a line of text and the next one. Such pages reach MaxDepth
//     exactly; smaller pages only stay within it. Apart from the chain,
//     content nests to varying depth, mostly 5 to 10 and rarely beyond 16.
//
// Elements below MinElements or an unsupported MaxDepth make Generate
// panic; that is a programming error, and Options.Validate reports it
// as an error beforehand.
//
// # Files
//
//   - options.go: Options, limits and defaults, Validate, DeepestID.
//   - generate.go: Generate and the cached Page.
//   - layout.go: the document skeleton: head, header, main, deep chain,
//     sections, aside, footer.
//   - blocks.go: flow content: block sizes and kinds, paragraphs and
//     phrasing content, lists, div boxes, articles.
//   - forms.go and tables.go: forms and data tables.
//   - emit.go: writing elements, attributes and text; counting elements
//     and ids.
//   - rand.go: the splitmix64 generator. words.go: vocabularies.
//   - analyze.go: Stats and Analyze, which parses a page with
//     golang.org/x/net/html to verify the above.
package pagegen
