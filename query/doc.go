// Package query finds elements of a vdom document as a user finds them: by
// role and accessible name, by label text, placeholder, text, display value,
// alt text, title and test id. It is the Go counterpart of the queries of
// @testing-library/dom, for tests of server-rendered pages that read like
// what a user does and need no CSS selector.
//
//	doc := vdom.ParseString(page) // the HTML a handler rendered
//	email, err := query.ByLabelText("Email").Get(&doc.Node)
//	if err != nil {
//		t.Fatal(err) // says what was looked for and prints the page
//	}
//	if err := email.SetValue("ann@example.com"); err != nil {
//		t.Fatal(err)
//	}
//	submit, err := query.ByRole("button", query.Name("Create account")).Get(&doc.Node)
//
// # Queries and forms
//
// A constructor builds a Query, a small immutable value that says what to
// look for; its four methods run it under a root and differ in how many
// elements they expect:
//
//	method     finds         none              more than one
//	Get        exactly one   ErrNotFound       ErrMultiple
//	Query      zero or one   nil, nil          ErrMultiple
//	All        one or more   ErrNotFound       all of them
//	QueryAll   any number    nil, nil          all of them
//
// The root scopes the query, as Testing Library's within does: pass the
// document node (&doc.Node) for the whole page, or an element (or a
// document fragment) for the part below it. Results come in tree order,
// each element once. Like querySelectorAll, queries look below the root,
// not at it; ByText, as in Testing Library, also looks at the root. Labels
// and the targets of aria-labelledby may lie outside the root. The contents
// of template elements are not part of the page, as in a browser: no query
// finds them unless the root is in them.
//
// The constructors:
//
//   - ByRole(role, opts...): elements with the ARIA role, filtered by
//     accessible name and description and by states (see below).
//   - ByLabelText(text, opts...): the controls of label elements with the
//     text (for= or wrapping), elements whose aria-labelledby targets have
//     it, and elements whose aria-label has it. When only a label that
//     labels nothing has the text, the error says why.
//   - ByPlaceholderText(text, opts...): the placeholder attribute.
//   - ByText(text, opts...): an element's own text (its child text nodes,
//     joined), or an input button's value; script and style are ignored
//     (Ignore changes that); Selector narrows the elements looked at.
//   - ByDisplayValue(value, opts...): the current value of input and
//     textarea (what was typed, not the value attribute), and the text of
//     the selected options of a select.
//   - ByAltText(text, opts...): the alt attribute of img, input, area and
//     custom elements.
//   - ByTitle(text, opts...): the title attribute, and the title element of
//     an svg.
//   - ByTestID(id, opts...): the data-testid attribute, or the attribute
//     SetTestIDAttribute sets for all queries, or Attribute for one.
//
// Each text query but ByTestID also comes as ...Func, which takes a
// function of the normalised text and the element, and a description of
// it for errors: ByTextFunc("a question", func(text string, el
// *vdom.Node) bool { ... }).
//
// # Matching text
//
// The text of an element is normalised before it is compared: white space
// (JavaScript's \s) trimmed at both ends and collapsed inside, as Testing
// Library's default normaliser does. A MatchMode after the text says how
// to compare:
//
//   - Exact (the default): equal to the given text, itself normalised,
//     case-sensitively.
//   - Substring: contains the given text, ignoring case (Testing Library's
//     exact: false).
//   - Regexp: the given text is an RE2 pattern that matches somewhere in
//     the text (anchor it with ^ and $ for the whole text). An invalid
//     pattern makes the query return an error that names the pattern.
//
// # Role queries
//
// An element's role is the first token of its role attribute that names a
// concrete ARIA role, else the implicit role HTML-AAM gives its element, as
// Chromium computes them (package a11y). A query for a role matches that
// role only: ByRole("textbox") does not find a searchbox, although the
// searchbox role specialises textbox, and abstract roles find nothing.
// That is Testing Library's choice too, and it keeps a query's meaning
// plain. The role may be given in any case and as a synonym
// ("presentation" finds role="none" too); a name that is not a concrete
// ARIA role ("buton", "landmark") makes the query return an error wrapping
// ErrBadQuery instead of finding nothing. QueryFallbacks also matches the
// later tokens of role attributes (role="switch button" for
// ByRole("button")).
//
// Elements excluded from the accessibility tree are left out unless
// IncludeHidden is given: those the document's style sheets do not
// render or show (display: none from a class, the style attribute or the
// hidden attribute, visibility: hidden, contents skipped by
// content-visibility: hidden), aria-hidden, inside a closed details, and
// the rest a11y.IsHidden lists. The styles are read as they are at the
// query: a class a handler changed is seen by the next query.
//
// Selector(css) keeps the elements of the role that match a CSS
// selector, as it narrows the text queries ("#signup button": the buttons
// of one form).
//
// The options Name, NameFunc, Description and DescriptionFunc match the
// accessible name and description (accname 1.2, a11y.Name and
// a11y.Description). Level, Checked, Mixed, Pressed, Selected, Expanded,
// Current, Disabled, Busy, Required, Invalid, ReadOnly, HasPopup,
// Focusable, ValueNow, ValueMin, ValueMax and ValueText filter on states
// (a11y.States), reading live form state: a checkbox a test has checked is
// Checked(true), a field whose typed value fails its constraints is
// Invalid(true). Every option given must hold. A state the role never has
// (Checked on a button, Level or ValueNow on a link) makes the query
// return an error wrapping ErrBadQuery, as Testing Library throws, and so
// does an option given twice.
//
// A role query looks at the type of each element first: an element
// without a role attribute whose type cannot have the role implicitly is
// passed over on a comparison of atoms, and names are computed only for
// the elements that have the role and states. On the 10k-element page of
// bench/pagegen, a role query stays within 3x of the time of the CSS
// query that finds the same elements (BenchmarkRoleVsCSS). Whether an
// element is hidden, and some roles and states, depend on its ancestors;
// a query reads each ancestor once (a11y.Cache), so its cost grows with
// the size of the page, not with its depth times its size:
// ByRole("generic") finds the 20,001 generic elements of 20,000 nested div
// elements in 10-110 ms, by machine load, each element's kept computed
// style looked up besides (BenchmarkRoleDeep20k). The name of
// an element may be read from its content, which holds the elements named
// inside it; the query computes the text of each content once for all the
// names that hold it, so a role query with a name costs the page and the
// length of the names, each at most a11y.MaxNameBytes: on 100,000 nested
// buttons it finds them all, where computing each name alone would cost
// the depth for each (BenchmarkRoleNameDeep). docs/limits.md says where
// this holds.
//
// # Errors
//
// Every error wraps one of ErrNotFound, ErrMultiple and ErrBadQuery; test
// with errors.Is. A query that finds nothing says what it looked for
// (Query.String), what is there that comes close (for role queries, the
// hidden elements that match, each with why it is hidden: the element
// and the style rule that hide it, or aria-hidden; then each role
// present with the names and start tags of its elements, as Testing
// Library's "Here are the accessible roles"; for label queries, why a
// label with the text labels nothing; for the text queries, the text of
// the page nearest to the one looked for: one that differs only in case,
// contains it, or is a typo away, as in `Did you mean "I accept the
// terms"?`) and prints the root with Pretty, cut at DefaultMaxLength. A
// misspelt role ("buton") is an ErrBadQuery error that says which role
// was likely meant. The eventperk command's checks use the same
// suggestions. A query that finds too many names each element (a
// selector for it, such as "#items > li:nth-child(2)") and its start tag.
// A nil root, a text node as the root and the zero Query are errors too,
// never panics.
//
// # Pretty
//
// Pretty prints a subtree for people: indented, attributes on the start
// tag, text with its white space collapsed, comments and scripts left out,
// and the live state of form controls where it differs from their
// attributes (.value="typed", .checked, .selected=false). It is cut at
// DefaultMaxLength (7000, Testing Library's DEBUG_PRINT_LIMIT) unless
// MaxLength says otherwise, prints the same tree the same way every time,
// and handles trees of any depth without recursion.
//
// # From Testing Library
//
// The queries, options and settings of @testing-library/dom 10.4 and what
// they are here:
//
//	Testing Library                       this package
//	getBy... / queryBy...                 q.Get(root) / q.Query(root)
//	getAllBy... / queryAllBy...           q.All(root) / q.QueryAll(root)
//	findBy... / findAllBy...              not here: a vdom page changes only when the test
//	                                      acts or runs its tasks, so Get after that; no
//	                                      query waits
//	within(el).getBy...(...)              q.Get(el)
//	screen.getBy...(...)                  q.Get(&doc.Node)
//	...ByRole(role, {...})                ByRole(role, opts...)
//	  name: "x" | /re/ | fn               Name("x"), Name("re", Regexp), NameFunc(desc, fn)
//	  description                         Description, DescriptionFunc
//	  hidden: true                        IncludeHidden()
//	  queryFallbacks: true                QueryFallbacks()
//	  level                               Level(n)
//	  checked: true | false               Checked(true) | Checked(false); Mixed() for mixed
//	  pressed                             Pressed(bool)
//	  selected                            Selected(bool)
//	  expanded                            Expanded(bool)
//	  current: "page" | true | false      Current("page") | Current("true") | Current("")
//	  busy                                Busy(bool)
//	  value: {now, min, max, text}        ValueNow(n), ValueMin(n), ValueMax(n), ValueText(text)
//	  (no option)                         Disabled(bool), Required(bool), Invalid(bool),
//	                                      ReadOnly(bool), HasPopup(kind), Focusable(bool)
//	  (no option)                         Selector(css), as the text queries' selector
//	...ByLabelText(text, {selector})      ByLabelText(text, Selector(css))
//	...ByPlaceholderText(text)            ByPlaceholderText(text)
//	...ByText(text, {selector, ignore})   ByText(text, Selector(css), Ignore(css))
//	...ByDisplayValue(value)              ByDisplayValue(value)
//	...ByAltText(text)                    ByAltText(text)
//	...ByTitle(text)                      ByTitle(text)
//	...ByTestId(id)                       ByTestID(id), Attribute(name) for one query
//	exact: false                          Substring
//	text matcher: /re/                    Regexp (RE2 syntax)
//	text matcher: (content, el) => bool   the ...Func constructors
//	normalizer, trim, collapseWhitespace  not here: the default normaliser always applies
//	configure({testIdAttribute})          SetTestIDAttribute(name)
//	configure({defaultHidden})            not here: IncludeHidden per query
//	configure({defaultIgnore})            not here: Ignore per query
//	prettyDOM(el, maxLength)              Pretty(el, MaxLength(n))
//	logRoles(el)                          the role listing of a failed role query's error
//	suggestions (throwSuggestions)        not here (they suggest a better query for an element
//	                                      found); a query that finds nothing names a near text
//
// Where this package differs on purpose:
//
//   - All the options of a role query must hold. Testing Library applies
//     only the first state option given (selected, busy, checked, pressed,
//     current, expanded, level, in that order) and ignores the others.
//   - A role that is not a concrete ARIA role is an error; Testing Library
//     finds nothing (or the elements whose role attribute starts with it).
//   - Exact matching normalises the given text as well as the element's:
//     Name("  Save ") finds "Save", where Testing Library finds nothing.
//   - The value options read a native range's value too (an input of type
//     range or number, a progress, a meter), as Chromium reports it, where
//     Testing Library reads only the aria-value attributes; a slider
//     without aria-valuenow is at the middle of its range.
//   - Level applies to headings, list items (their nesting depth), rows,
//     tree items and comments (the roles with aria-level), not to headings
//     only.
//   - aria-labelledby targets are found in the whole tree, as browsers find
//     them, not only under the root; a label whose for= names one control
//     while it wraps another labels only the one it names, as in HTML.
//   - Results are in tree order: Testing Library puts elements found by
//     aria-label after those found by labels.
//   - A ...Func function gets the element the query returns: for
//     ByDisplayValueFunc the select, not its option.
//   - Names and the hidden state follow the page's style sheets as
//     Chromium's accessibility tree does: text-transform changes a name
//     (ByRole("button", Name("SAVE")) for an uppercased Save), the text
//     of ::before and ::after is part of it, and a block's text is set
//     apart by spaces.
//
// # Concurrency
//
// A Query is immutable and may be shared between goroutines; running it
// reads the document, so it runs on the goroutine that owns the document,
// as every vdom call does. SetTestIDAttribute is safe from any goroutine
// and affects queries that run after it.
//
// # Files
//
//   - query.go: Query, its four forms and String.
//   - match.go: MatchMode, text normalisation and matching.
//   - options.go: TextOption, Selector (a TextOption and a RoleOption),
//     Ignore, Attribute, the test id
//     attribute setting.
//   - text.go: ByText and the shared text query; attrs.go: placeholder, alt
//     text, title, test id and display value queries.
//   - label.go: ByLabelText.
//   - role.go, role_options.go, role_tables.go, role_list.go: ByRole, its
//     options, the tables of element types and states per role, and the
//     role listing of errors; role_hidden.go: why the hidden elements
//     that match are hidden, in errors.
//   - errors.go: ErrNotFound, ErrMultiple, ErrBadQuery and their messages.
//   - pretty.go: Pretty.
//   - walk.go: the scope of a query and the walk over its elements.
package query
