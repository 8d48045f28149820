// Package a11y computes what assistive technology sees of a vdom element:
// its ARIA role (explicit, or implicit as HTML-AAM maps HTML elements), its
// accessible name and description (the accname algorithm), its states
// (checked, pressed, selected, expanded, current, disabled, level), and
// whether it is excluded from the accessibility tree.
//
// The truth it is checked against is Chromium's accessibility tree, as the
// DevTools Accessibility domain reports it.
//
//	doc := vdom.ParseString(`<label for=q>Search</label><input id=q type=search>`)
//	q := doc.GetElementByID("q")
//	fmt.Println(a11y.Role(q), a11y.Name(q), a11y.IsHidden(q))
//	// searchbox Search false
//
// Every function reads the tree as it is at the call: nothing is cached,
// so script changes and user input show at once (a HiddenChecker, made
// for one walk, and a Cache, which forgets what it knows when the tree
// changes, are the exceptions). Like the rest of a document, the elements
// may be read only by the goroutine that owns the document. Nothing
// panics: nil and nodes that are not elements have no role, no name and
// no states, and count as hidden.
//
// # Cost
//
// Role queries ask Role and IsHidden of every element of a page, so both
// are cheap: Role for an element without a role attribute is a switch on
// its tag (and for a generic, a look-up of its kept computed style),
// IsHidden a walk up its ancestors and a look-up of its computed style,
// and neither allocates once the document's styles are computed
// (TestRoleAndIsHiddenDoNotAllocate; BenchmarkRole and BenchmarkIsHidden
// run them over the 10,000-element page of bench/pagegen). The roles that
// depend on where an element is (a header, an option, a table cell) and
// IsHidden walk up the ancestors, so asking them of every element of a
// page nested thousands of levels deep costs the depth times the size; a
// HiddenChecker, or a Cache for roles, states and names too, reads each
// ancestor once for the elements of one walk.
//
// Name and Description allocate the strings they build; the label
// elements they read come from vdom's Labels, which indexes a page's
// labels once per version of its tree. A name is computed without
// recursion, on a stack of its own, and stops at MaxNameBytes, so its
// cost is bounded by the size of the page whatever its references repeat
// or nest (docs/limits.md). Naming an element costs the size of what its
// name is read from, its subtree when the name comes from its content, so
// naming every element of a page whose named elements nest costs the
// depth times the size; a Cache reuses the text an element's content gave
// for the elements around it and for the element itself, and names the
// elements of a page in work linear in the page and in the names' length.
// Role queries use one (TestNameWorkIsLinear, FuzzNameWork).
//
// # How it is checked
//
// tools/chromium-recorder/record-ax.mjs loads each page of
// testdata/chromium/pages in headless Chromium and records, for every
// element with an id, what the Accessibility domain reports: the role
// (Chromium's own name and the ARIA role it stands for), name,
// description, whether the node is hidden, and its checked, pressed,
// selected, expanded, disabled and level properties. The recordings in
// testdata/chromium/recorded are golden files: TestChromiumAccessibilityTree
// computes the same for each recorded element and compares with go-cmp.
// The pages hold every HTML element type that has a role, every input
// type, explicit and abstract roles, roles that depend on where an element
// is, and name and description cases modelled on the web platform tests'
// accname and html-aam directories. The few differences that remain are
// listed, each with its reason, in known_mismatches_test.go; the test fails
// when one of them goes away, so the list only shrinks.
//
// The web platform tests' declarative pages of accname/name, html-aam and
// wai-aria/role (testdata/wpt, with their provenance) run in TestWPT, which
// counts the cases that pass per directory (testdata/wpt/RESULTS.md),
// requires a11y to give what Chromium 148 recorded on them, and lists with
// a reason the groups of cases where Chromium and a11y differ from the
// tests.
//
// # Style sheets
//
// The document's style sheets apply (vdom computes the cascade and keeps
// the computed styles until something that can change one changes): an
// element hidden by a class, by display: none or visibility: hidden from
// any sheet, or in contents skipped by content-visibility: hidden is
// hidden here; an author's display shows an element with the hidden
// attribute, as in Chromium. Names read what Chromium's layout gives
// them: the text of ::before and ::after (their strings, what attr()
// reads, or their alternative text after "/"), text-transform, spaces
// around the text of boxes that are not plain inlines (blocks, flex
// items, inline-blocks, display: contents), and no text of a descendant that is not
// rendered or not visible, unless the element a reference names is
// hidden itself. A generic whose display is list-item is a listitem.
// Text that is only visually hidden (sr-only, visually-hidden) stays in
// names. TestStyleReplayAsChromium compares IsHidden, Role and Name with
// Chromium 148 on the 218 pages of vdom/testdata/style, Bootstrap, Bulma
// and Tailwind among them (docs/a11y.md has the counts).
//
// # What cannot be known here
//
// There is no layout. What takes it is not seen: whether
// content-visibility: auto skips its contents, text clipped or moved off
// screen (which stays in the tree, as in Chromium), the value of CSS
// counters and quotes in generated content (left out of names, as
// Chromium leaves counters out). Chromium decides from layout whether a
// table is a data table or a table for layout; here every table is a
// data table, and an element made a table by display keeps the role of
// its element. Media and plugin elements are named by Chromium from
// their player's state; here they have no name. Shadow trees and
// aria-owns are not followed.
//
// # Files
//
//   - roles.go: Role, ImplicitRole, the HTML-AAM element mapping and the
//     roles that depend on an element's place (header, footer, aside,
//     table cells).
//   - explicit.go: the role attribute, the ARIA role table, CanonicalRole,
//     presentational role conflicts and required context.
//   - ancestry.go: what an element's ancestors tell its role and states,
//     folded down the tree without recursion, and remembered for a walk.
//   - hidden.go: IsHidden, the computed styles it reads, and ownHiding,
//     which decides for each element what HTML says of its hiding (its
//     attributes and kind, and its parent skipping it), for IsHidden and
//     names alike.
//   - hidden_checker.go: HiddenChecker, IsHidden for many elements of one
//     walk.
//   - name.go: Name, the accname computation's entry and its rules by
//     role.
//   - name_walk.go: the accname steps, run on a stack of their own, and
//     the reuse of the text a content gave.
//   - name_style.go: what the computed styles give a name from content:
//     generated content, text-transform, the children rendered and
//     visible, the boxes that set their text apart.
//   - name_text.go: the text of a name as it is built: white space
//     collapsed, cut at MaxNameBytes.
//   - description.go: Description.
//   - ranges.go: Range, the value of a slider, spin button, progress bar,
//     meter, scroll bar or focusable separator.
//   - cache.go: Cache, the answers for many elements of one tree.
//   - api.go: the types State and Tristate.
//   - states.go: States and Tristate's String.
//   - attrs.go: attribute and token helpers over the x/net/html tree.
package a11y
