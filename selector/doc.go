// Package selector compiles CSS selectors and runs them on trees of
// *html.Node (golang.org/x/net/html) with the semantics of the DOM. It is
// the lowest layer of the server-side DOM: it owns selector syntax, errors,
// the compile cache, and every query by selector or id; it knows nothing of
// documents, events or components.
//
// # Queries
//
// [Selector.QueryAll], [Selector.AppendAll] and [Selector.QueryFirst] are
// the DOM's querySelectorAll and querySelector on an element or document
// (https://dom.spec.whatwg.org/#scope-match-a-selectors-string): they return
// elements below the root, never the root, in tree order and without
// duplicates; :scope is the root; and the rest of the tree takes part in
// matching, so on a section inside a div, "div span" finds the spans of the
// section. [Selector.Match] is Element.matches() (and the test inside
// Element.closest()), with :scope given by the caller, and
// [Selector.Closest] is Element.closest(). Only element nodes ever match.
//
// [Selector.QueryScoped] is for components that own a subtree: every part
// of the selector must match inside the root (":scope " is put in front of
// each selector of the list that does not start with :scope), and elements
// inside nested components, marked by a boundary function, are left out
// while the nested hosts themselves are kept.
//
// [ByID] is getElementById: it compares the id attribute exactly, so it
// works for ids that are not CSS identifiers. [EscapeIdent] is CSS.escape,
// for building "#"+EscapeIdent(id).
//
// # Syntax
//
// Selectors are parsed by this package, which splits a list into complex
// selectors, compounds and combinators (respecting strings, brackets,
// parentheses, escapes and comments) and reports errors as [*Error] with
// the byte offset of the problem; every error matches [ErrSyntax]. As in
// browsers, the arguments of :is() and :where() are forgiving (Selectors 4
// §4.2): an invalid one is dropped rather than making the selector
// invalid, so ":is(li, :nope)" is ":is(li)", and an :is() left with none
// matches nothing; :not(), :has() and :nth-child(An+B of S) are not
// forgiving. The nesting selector & is :scope, as in querySelector. The plain
// simple selectors of each compound (type, universal, #id, .class, [attr]
// and pseudo-classes such as :nth-child() or :first-child) are compiled by
// github.com/andybalholm/cascadia, including its extensions ([attr!=v],
// [attr#=regexp], :contains(), :matches(), :haschild()). This package adds
// what cascadia lacks: :scope anywhere (also inside :is(), :where(), :not()
// and :has(), though cascadia's own :haschild() rejects it), :is(),
// :where(), and :has() with relative selectors (":has(> a)", ":has(+ li)");
// it also runs :not() with the same engine, and the pseudo-classes of
// live state (below), which cascadia would read from attributes. From the
// tree alone it decides :nth-child(An+B of S) and :nth-last-child(An+B of
// S), :lang() (the nearest lang or xml:lang, else a meta
// http-equiv=content-language in the head; Selectors 4 ranges with
// wildcards), :dir(), :empty (white space counts, as in Chromium),
// :defined (custom element names are never defined: there is no
// registry) and :open (details and dialog). :hover and :active match from
// the live state (below). The pseudo-classes Chromium accepts that need
// a user, layout or shadow trees (:fullscreen, :autofill, :modal,
// :popover-open, :picture-in-picture,
// :host(), the scrollbar pseudo-classes such as :horizontal, ...) parse and
// never match; :-webkit-any-link is :any-link and :-webkit-any() is
// :is() of compound selectors, as in Chromium.
// Differences from browsers: pseudo-elements (::before, and the legacy
// :before forms) are rejected, since they never match an element (style
// rules accept them: see below); namespace prefixes are rejected; #id must
// be an identifier ("#1st" is an error, as in browsers: use ByID or
// EscapeIdent); a selector cut short (":not(a", "[href") is an error where
// browsers close what is open; :has() may nest.
//
// With no scoping root (a nil scope in Match), :scope stands for the root
// element of the tree, as Selectors 4 defines.
//
// # Selectors on live state
//
// Some pseudo-classes depend on state a document keeps apart from its
// attributes: a checkbox's checkedness changes when it is clicked while its
// checked attribute stays as it was. This package matches them itself,
// never through cascadia, following HTML §4.16.3 for which elements each
// one applies to, and asks a [State] for the live facts. [Selector.WithState]
// binds a State to a selector for one or more queries:
//
//	sel.WithState(doc).QueryAll(root)
//
// The State is asked, per element, about :checked (checkboxes, radio
// buttons, selected options), :indeterminate, :disabled, :valid and
// :invalid (also on forms and fieldsets), :in-range, :out-of-range,
// :read-write of input and textarea, :placeholder-shown, :default,
// :target (only elements with an id and a elements with a name), and
// :user-valid and :user-invalid (input, select, textarea); and once per
// query for the focused element, which decides :focus, :focus-visible and
// :focus-within (the focused element and its ancestors). A State that is
// also a [PointerState] is asked once per query for the element under
// the pointer and the element being activated (a main button held on
// it): :hover and :active match each of them, its ancestors, and the
// labeled control of a label element among those (HTML §4.16.3); with
// any other State they match nothing.
// This package decides from the tree: :enabled (the elements :disabled
// applies to, when not disabled), :read-only (every other HTML element),
// editing hosts and editable elements for :read-write (contenteditable),
// :required (the required attribute, on the input types it applies to,
// select and textarea), :optional, :any-link and :link (a and area with
// href, and SVG a; nothing is visited) and :visited (never). Only HTML
// elements match any of these but the focus, pointer, link and target ones. The State is
// never called for a selector that uses none of them, and such a selector
// costs what it cost before.
//
// Where Chromium departs from HTML §4.16.3, this package follows Chromium:
// :optional matches every input, select, textarea and button that is not
// :required (the standard leaves out buttons and the input types required
// does not apply to); SVG a elements are links; and a State is asked about
// :in-range and :out-of-range for every input, not only those with range
// limitations as the standard would have it, because Chromium matches
// inputs of the number, range, date and time types without a min or max
// ([Static] does so too).
//
// Without a State (the methods of Selector itself), [Static] answers: the
// state the attributes give, as just after parsing, and no focus.
//
// [Selector.ReadsState] tells whether a selector asks a State anything, so
// that a caller keeping query results knows which of them a change of
// live state can alter.
//
// # Performance
//
// A selector that uses nothing cascadia lacks runs on cascadia's own
// matcher for Match and for queries without descendant or general sibling
// combinators. The others run on this package's right-to-left matcher,
// which knows when backtracking cannot help (after Servo's matcher) and, in
// queries, remembers the outcome of each walk up the tree or along
// siblings, so that a query costs time linear in the size of the tree even
// on pages nested a hundred thousand levels deep (for the combinators of the
// selector itself; those inside :is(), :not() and :has() walk without
// memo). :focus-within reads the focused element's ancestors once per
// query, :hover and :active the pointer's, and :read-only and :read-write remember which elements are
// editable, so they stay linear too. No code recurses on tree depth: walks follow FirstChild, NextSibling and Parent; matching recurses
// only on the length of the selector and nesting is limited to 64 levels.
// Queries anchored at :scope with child combinators only (":scope > li")
// stop descending at that depth.
//
// # Style rules
//
// [ParseRuleSelectors] compiles the prelude of a style rule for a
// cascade, as Chromium parses it: pseudo-elements may end a selector
// (::before, ::marker, ::-webkit-scrollbar, ...), an invalid selector makes
// the whole list invalid (the rule is dropped), this package's extensions
// for queries (:contains(), [a!=b], ...) are invalid, and in a nested rule
// (CSS Nesting) & stands for the enclosing rule's selectors and a selector
// without & is relative to it ("> a" is "& > a"). Each [RuleSelector]
// gives its [Specificity], its pseudo-element, its serialization (CSSOM's
// selectorText) and a [RuleKey]: the id, classes, type and attributes
// every element it matches has, by which a cascade indexes rules as
// browsers bucket them. [RuleSelector.Matches] tells whether an element
// matches, or is the originating element of the pseudo-element, without
// allocating for most selectors; a [MatchContext] does the same for a
// whole pass over a tree, remembering the walks up the tree from one call
// to the next so that styling every element of a page nested 100,000
// levels deep stays linear.
//
// # Cache and concurrency
//
// [Compile] goes through a package-level cache of at most 1024 selector
// strings, in two generations: new strings enter the young generation; when
// it is half the capacity it becomes the old one, dropping the previous old
// one; a hit in the old generation moves the entry back. So selectors in use
// stay and the bound holds. A string is parsed once while cached, even when
// many goroutines ask for it at the same time; invalid strings are cached
// too, returning the same *Error. Strings longer than 4096 bytes are parsed
// each time and not kept. A compiled Selector is immutable, and everything in
// this package is safe for concurrent use.
//
// # Files
//
//   - selector.go: Selector, Compile, MustCompile, String, ReadsState, Match,
//     Closest.
//   - live.go: WithState and Live, the queries with a State.
//   - state.go: State, PseudoClass and the matching of the pseudo-classes
//     of live state.
//   - pointer.go: :hover and :active from a PointerState.
//   - static.go: Static, the State read from attributes.
//   - static_facts.go: what Static derives from whole trees and selects
//     (radio groups, selected options, default buttons, invalid forms,
//     ids), found once per query.
//   - pseudo_own.go, anb.go: the pseudo-classes decided from the tree
//     (:nth-child of S, :lang, :dir, :empty, :defined, :open, the
//     never-matching ones) and the An+B microsyntax.
//   - attr_own.go: attribute selectors compared ASCII case-insensitively
//     (the i flag; the attributes HTML §4.16.2 lists).
//   - rule.go: RuleSelector, ParseRuleSelectors and RuleKey, for style
//     rules.
//   - specificity.go: Specificity.
//   - match_context.go: MatchContext, matching rules over a tree with a
//     memo shared between calls.
//   - cache.go: the compile cache and CacheLen.
//   - tokenize.go: the tokenizer: identifiers, escapes, strings, comments,
//     offsets.
//   - parse.go: the grammar: lists, complex selectors, compounds,
//     attributes.
//   - parse_pseudo.go: pseudo-classes and their arguments.
//   - pseudo_element.go: pseudo-elements, and what may follow each.
//   - forgiving.go: the forgiving lists of :is() and :where().
//   - nesting.go: the nesting selector & and relative nested selectors.
//   - syntax.go: what parsing records besides the compiled form:
//     serialization, specificity, the subject's key.
//   - compile.go: building a Selector; compounds handed to cascadia; the fast path.
//   - match.go: the compiled form and the right-to-left matcher, :is/:not/:has.
//   - memo.go: the per-query memo that keeps queries linear.
//   - query.go: QueryAll, AppendAll, QueryFirst and the iterative walk.
//   - scoped.go: QueryScoped and boundaries.
//   - byid.go: ByID.
//   - escape.go: EscapeIdent.
//   - errors.go: Error and ErrSyntax.
package selector
