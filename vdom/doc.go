// Package vdom is a live HTML DOM for Go programs: a document parsed from
// HTML, mutable through DOM-named methods, queried with CSS selectors, and
// made of event targets that follow the WHATWG DOM event dispatch algorithm.
// It runs without a browser or a JavaScript engine, for server-side tests of
// server-rendered pages.
//
//	doc := vdom.ParseString(`<button id="save">Save</button>`)
//	btn := doc.GetElementByID("save")
//	btn.AddEventListener("click", vdom.NewListener(func(e *vdom.Event) {
//		fmt.Println("clicked", e.Target())
//	}))
//	if _, err := btn.DispatchEvent(vdom.NewEventWith("click", vdom.EventInit{Bubbles: true})); err != nil {
//		return err // a listener panicked
//	}
//
// Optional arguments never come as variadics: each call has a short form
// and a second function that takes the options, such as NewEvent and
// NewEventWith, AddEventListener and AddEventListenerWith,
// ClassList.Toggle and ClassList.ToggleForce, ToggleAttribute and
// ToggleAttributeForce.
// The variadics that remain are lists of one kind, such as Append's
// nodes and strings (NodeOrText: a *Node or a Text).
//
// # The tree
//
// The tree is the golang.org/x/net/html tree itself; vdom does not copy it.
// Each tree node has exactly one *Node handle, made on first use, that
// carries the DOM methods and the node's event listeners, so handles compare
// with == and a node's listeners stay with it when it moves. The document
// holds the handles of the nodes in its tree; a removed node's handle that
// nobody holds is collected with the node (a later handle of that node, if
// the program kept it through HTML, is a new one, and nothing can tell the
// difference). A handle with listeners lives as long as its node can be
// reached: in the document's tree, or while the program holds any node of
// its detached subtree (Document.Wrap says what holds for an *html.Node
// kept alone). The Document keeps
// an index of ids that every mutation made through vdom keeps current, so
// GetElementByID is a map lookup. Mutate the tree only through vdom: changes
// made directly on the x/net/html nodes bypass the index.
//
// Parsing never fails on malformed HTML: the parser repairs it as browsers
// do (HTML §13.2), with the tree construction algorithm of
// internal/htmlparse on x/net/html's tokenizer, in time linear in the
// input. It has no depth limit (x/net/html's own parser stops at 512 open
// elements), and its trees are identical to x/net/html's wherever that
// returns a well-formed tree, with four exceptions. Markup that would make
// the parser re-open more than MaxClonedElements elements or copy more
// than MaxClonedAttributes attributes into them is refused with
// ErrTreeTooLarge (x/net/html builds those trees while they stay within
// its 512 levels). And where x/net/html takes an SVG or MathML element
// for the HTML element of the same name (a MathML tbody in a table, an
// SVG template, a fragment parsed in a MathML tbody), ends a fragment of
// an svg or math element at </html>, or ignores the rest of the page
// after a template inside SVG or MathML (in a foreignObject, say), the
// tree is the standard's (docs/html.md lists the cases). And a comment
// keeps its character references ("<!-- &amp; -->" is " &amp; ", as in
// browsers), where x/net/html's tokenizer decodes them; and a formatting
// element (a, b, i, font...) keeps its attributes in the order they were
// written, as in browsers, where x/net/html sorts them. Impossible
// mutations, such as inserting a node into its own descendant, return a
// *DOMError and leave the tree unchanged; test the kind with
// errors.Is(err, ErrHierarchyRequest) and the other sentinels.
//
// Parse reads bytes and decodes them as HTML's encoding sniffing algorithm
// says (a byte order mark, WithContentType, a <meta charset>, else UTF-8 or
// windows-1252); CharacterSet names the encoding used. ParseString reads
// text.
//
// A <template>'s contents are a DocumentFragment outside the tree, as in
// browsers: Content returns it, and its node document is an inert
// Document without a Window that the document keeps. The template element
// has no children from the markup, so queries, GetElementByID,
// TextContent, forms, focus and event paths never see inside, while
// Render, OuterHTML and InnerHTML write the contents in its place,
// SetInnerHTML on a template replaces them, and CloneNode, ImportNode and
// AdoptNode copy or move them as HTML's cloning and adopting steps say.
//
// Render, OuterHTML and InnerHTML write HTML as a browser's outerHTML and
// innerHTML give it, by HTML's fragment serialization algorithm: void
// elements as a start tag alone (<br>), text with "&", U+00A0, "<" and ">"
// escaped, attribute values with those and '"' escaped, the text of
// script, style and the other raw text elements and comments as they
// are (a noscript's text only where scripting is enabled: not in template
// contents nor in a document without a Window). x/net/html's html.Render
// writes <br/>, and escapes quotes and apostrophes in text (&#34;, &#39;).
// docs/html.md ("Serialization") has the rules and what does not read
// back into the same tree.
//
// TextContent is the DOM's text of a subtree, every character of it;
// InnerText is the text as HTML's innerText renders it, from the computed
// styles, without layout (its doc says what a browser would do
// differently).
//
// # Style sheets
//
// A document applies its style sheets as a browser does: its <style>
// elements and the sheets of its <link rel=stylesheet> elements, in tree
// order, with their media attributes, @import, @media (evaluated against
// the document's Medium: WithMedium, SetMedium) and the rest of package
// css's cascade. Links and imports are loaded through the document's
// css.Loader (WithStyleSheetLoader, SetStyleSheetLoader; a document has
// none unless given one, and its links then have no sheet), when styles
// are first needed; StyleSheets lists the sheets (CSSOM's
// document.styleSheets) and StyleSheetLoadErrors what did not load.
// GetComputedStyle and GetComputedPseudoStyle give computed values; Style
// is the style attribute as element.style. Every question about rendering
// reads the computed styles: IsRendered, IsVisible, CheckVisibility,
// IsFocusable and sequential focus navigation (Tab), the focus fixup,
// InnerText. Computed styles are kept until an element, an attribute, a
// text a selector can see, the live state a selector reads, or a sheet
// changes; a change made by a handler is seen by the next question, with
// nothing to refresh. docs/css.md is the guide.
//
// # Events
//
// DispatchEvent follows DOM §2.9: the path is fixed before any listener runs;
// capture listeners run from the Window down, then the target (capture
// listeners first), then bubble listeners up to the Window when the event
// bubbles. Listener lists are snapshotted per target and pass; a listener
// removed before its turn does not run; once, passive and abort signals work
// as specified. A listener that panics is recovered and reported in the error
// DispatchEvent returns, and the other listeners still run. Dispatches nest
// (a listener may dispatch another event) up to MaxDispatchNesting levels;
// a deeper one is refused with ErrNestingLimit rather than overflowing the
// stack. docs/limits.md lists every limit.
//
// Listeners are compared by identity: use NewListener to turn a func into a
// Listener with its own identity, or any pointer type with a HandleEvent
// method.
//
// The typed events of UI Events and HTML (MouseEvent, PointerEvent,
// KeyboardEvent, InputEvent, FocusEvent, SubmitEvent, UIEvent,
// ClipboardEvent) are made with NewMouseEvent and its siblings and read
// in a listener with e.AsMouse(), e.AsKeyboard() and so on. DispatchTrusted fires an event as
// the browser fires user input (isTrusted true) and then runs the default
// actions Chromium runs for it: a mousedown moves the focus, Tab moves it
// along SequentialFocusOrder, Enter and Space click buttons and links,
// key presses edit the text of text fields and textareas (beforeinput,
// the edit at the selection, input), as Chromium's editor does, the
// arrows, pages and typed characters change a select's choice, the
// arrows step number fields and range sliders, and clicks choose the
// options of a listbox.
//
// # Focus
//
// A document has one focused element, or none (ActiveElement is then the
// body). Focus, Blur, a mousedown and Tab move it, with blur, focusout,
// focus and focusin in Chromium's order; removing the focused element or
// making it unfocusable moves it to the viewport. docs/html.md says what
// follows the HTML standard and where Chromium is followed instead.
//
// # Goroutines
//
// A Document and everything in it belong to one goroutine, like an x/net/html
// tree; vdom never touches a document from another goroutine. Work done
// elsewhere comes back through Post, which any goroutine may call; the owner
// runs posted tasks while it waits in Await (the Go form of awaiting a
// promise) or when it calls RunTasks, as a browser's event loop does.
//
// # Mutation observers
//
// NewMutationObserver and Observe follow DOM §4.3: every change made
// through vdom (insertion, removal, replacement, ReplaceChildren,
// SetInnerHTML and SetOuterHTML, SetTextContent and SetInnerText,
// attributes set, changed and removed by any setter, ClassList, Dataset
// and the reflected and form setters that write attributes, SetData,
// SplitText, Normalize) queues MutationRecords for the observers
// registered on the changed node or, with Subtree, on an ancestor, and a
// node removed from an observed subtree stays observed until the
// observers are next notified (a transient registered observer). The
// callback gets the records at the document's next microtask checkpoint:
// after each listener of an outermost dispatch, at the end of that
// dispatch, and before and after each task that RunTasks and Await run;
// the changes a test makes itself wait for RunTasks, Await or the next
// dispatch, and TakeRecords hands them over at once. MutationObserver's
// doc says why these are the checkpoints. A document nobody observes pays
// one nil check per change.
//
// # Connection hook
//
// SetConnectionHook is for layers that attach behaviour to elements while
// they are in the document, as HTML's custom element reactions do (package
// unit upgrades elements into units with it). Unlike observers, whose
// records wait for a checkpoint, the hook runs before the tree operation
// returns, once per operation, with the roots of the element subtrees the
// operation disconnected and connected, removals first; the operations
// the hook itself makes are reported by nested calls, each before its own
// operation returns. A hook's error reaches the next RunTasks or Await as
// a *TaskError. A document without a hook pays one nil check per
// operation.
//
// # Time
//
// Timers (SetTimeout, SetInterval) follow the document's Clock: the real
// clock unless WithClock or SetClock gives it a FakeClock, whose time moves
// only when the test calls Advance, which runs the timers that fall due,
// in order, as tasks of the document. Await never moves fake time.
//
// # Files
//
//   - document.go: Document, parsing, node creation, handles
//   - handles.go: how long handles live: the weak table, the islands that
//     keep the listeners of detached subtrees, the cleanups of collected
//     handles
//   - encoding.go, encoding_prescan.go: the encoding sniffing algorithm
//     and the <meta> prescan (labels, decoders and the Content-Type
//     charset are internal/textenc's, which package css shares)
//   - node.go: Node, navigation, iteration
//   - mutate.go: insertion, removal, replacement, cloning
//   - parentnode.go: the ParentNode and ChildNode methods (Append,
//     Prepend, ReplaceChildren, Before, After, ReplaceWith, taking nodes
//     and Text strings as NodeOrText), InsertAdjacentHTML,
//     InsertAdjacentElement, InsertAdjacentText
//   - compare.go: CompareDocumentPosition, IsEqualNode, IsSameNode
//   - collections.go: GetElementsByTagName, GetElementsByClassName,
//     GetElementsByName, each a snapshot, not a live collection
//   - textsplit.go: Normalize, SplitText
//   - adopt.go: ImportNode, AdoptNode
//   - template.go: template contents (Content), the side table that holds
//     them and the inert document that owns them, their cloning and
//     adopting steps
//   - dataset.go, reflect.go: Dataset (data-* attributes), the reflected
//     Hidden, Title, Lang and TabIndex, Document.SetTitle
//   - attr.go, classlist.go, text.go: attributes, classes, text
//   - innertext.go: InnerText and SetInnerText, the rendered text
//     collection steps over computed styles, without layout
//   - text_transform.go: text-transform of rendered text (upper and lower
//     case by language, capitalize, math-auto)
//   - style_sheets.go: the sheet owners (<style>, <link>, <base>) and
//     their tracking, the collection of the document's sheets,
//     StyleSheet, alternative style sheet sets
//   - style_load.go: loading <link> and @import sheets through the
//     Loader, StyleSheetLoadErrors, the parsed sheets shared by documents
//   - style.go: the cascade and when its kept styles are dropped,
//     GetComputedStyle, ComputedStyle, the medium
//   - style_inline.go: CSSStyleDeclaration, the style attribute as
//     element.style
//   - style_ext.go: the kept computed styles, generated content and
//     text-transform as package a11y reads them (through internal/domext)
//   - rendering.go: IsRendered, IsVisible, CheckVisibility: what CSS
//     decides from computed styles and what HTML adds
//   - serialize.go: HTML output as browsers write it (Render, InnerHTML,
//     OuterHTML), SetInnerHTML, SetOuterHTML, fragments
//   - idindex.go: the id index behind GetElementByID
//   - query.go: selectors (QuerySelector, Matches, Closest, QueryScoped)
//   - query_cache.go: the results of QuerySelectorAll and QuerySelector
//     kept until the tree (a mutation counter) or, for selectors that read
//     it, the live state (a second counter) changes; bounded per document
//   - selector_state.go: the live state (form controls, focus, the URL's
//     fragment, user validity) behind :checked, :disabled, :valid, :focus,
//     :target, :user-invalid and the other state pseudo-classes
//   - pointer_state.go: the element under the pointer and the one being
//     activated (SetHoverTarget, SetActiveTarget), behind :hover and
//     :active; a removed one falls to its parent
//   - event.go: Event and CustomEvent
//   - event_types.go: the typed events (UIEvent, MouseEvent, PointerEvent,
//     KeyboardEvent, InputEvent, FocusEvent, SubmitEvent) and CreateEvent's
//     table
//   - focus.go, focus_order.go: focus (HTML §6.6): focusable areas, the
//     focus update steps, ActiveElement, the focus fixup, sequential
//     navigation order
//   - style_replay_test.go, testdata/style: every page of the style
//     recordings of Chromium loaded as a document and compared: computed
//     values, innerText, checkVisibility, focusability, Tab order
//   - input_defaults.go: DispatchTrusted and the default actions of trusted
//     mouse and keyboard events (focus on mousedown, Tab, Enter and Space)
//   - select_ui.go, select_keys.go, select_listbox.go: what a select
//     remembers of a user (type-ahead, a listbox's anchor and active
//     option), its keys, a listbox's clicks and drags
//   - input_step_keys.go: the arrow keys of number fields, the keys of
//     range sliders
//   - selection.go: the selection of text controls (SelectionStart,
//     SetSelectionRange, Select, SetRangeText, SelectAsUser), the select
//     event and selectionchange
//   - edit.go, edit_keys.go: text editing as a user's input does it
//     (EditAsUser; typing, Backspace, Delete, Enter in a textarea, caret
//     movement and selection by the keys), with beforeinput and input
//   - clipboard.go: ClipboardEvent, the event of a user's paste
//   - target.go, listener.go, node_events.go, window.go, abort.go: event
//     targets, listener lists, the Window, AbortController
//   - listener_query.go: HasEventListener, the user agent's view of a
//     target's listener lists
//   - dispatch.go: the dispatch algorithm
//   - tasks.go: the task queue, Await, Promise
//   - mutation_observer.go: MutationObserver, MutationObserverInit,
//     MutationRecord, Observe's options and errors
//   - mutation_queue.go: queueing mutation records, registered and
//     transient observers, the hooks the mutation code calls
//   - microtask.go: the microtask checkpoint that notifies the observers
//   - connection.go: SetConnectionHook, the elements each tree operation
//     connects and disconnects
//   - timers.go: SetTimeout, SetInterval, ClearTimeout, and the clocks
//     they follow (RealClock, FakeClock)
//   - timers_next.go: NextTimer, the next due time, for helpers that wait
//     until a page is idle
//   - errors.go: DOMError and its sentinels, constants of DOMErrorName
//   - values.go: what units, EventPerk and userevent reach through
//     internal/domext (per-document values, an event's passive flag, the
//     primary selection, a drop-down's popup asked for)
//   - form_state.go: the side table of form control state and the hooks
//     the mutation code calls
//   - form_input.go, form_value.go, form_color.go: input and textarea
//     values, value modes and sanitization, checkedness
//   - form_radio.go: radio button groups, indexed per form and tree, and
//     their checked members
//   - form_select.go: select and option, the selectedness rules, the
//     lists of options kept per select
//   - form_owner.go: form owners, Elements, categories, disabled, labels
//     (indexed per tree), the reset algorithm
//   - form_validate.go: constraint validation, validation messages,
//     stepUp and stepDown, valueAsNumber
//   - activation.go: activation behaviour of clicks (checkbox, radio,
//     buttons, label, links), Click, the details and dialog ToggleEvent
//   - details.go: the summary's activation behaviour, the details
//     element's attribute change and insertion steps (toggle events,
//     details name groups in which one is open at a time)
//   - submit.go, submit_entrylist.go, submit_encode.go, submit_implicit.go,
//     submit_events.go: form submission, the entry list, the three
//     encodings, implicit submission, reset, dialog closing, file
//     selection (SetFiles)
//   - formdata.go: FormData and File
//   - navigation.go, url.go, header.go: navigation requests and the
//     Window's handler, the document URL and base URL, the header fields
//     of a request (Header, a map of http.Header's type without net/http)
//   - fragment.go: links to a fragment of the page (the URL's fragment,
//     LocationHash, HistoryLength, hashchange and HashChangeEvent, the
//     target revealed and focused)
//   - history.go: the session history a Window's fragment navigations go
//     to (SessionHistory), traversal between entries of the document
//     (Traverse), history.pushState and replaceState (PushState,
//     ReplaceState, HistoryState, StateHistory), NavigateToFragment,
//     ScrollToFragment, popstate and PopStateEvent
//   - browser_replay_test.go, testdata/browser: scenarios replayed against
//     the recordings of headless Chromium that tools/chromium-recorder makes
package vdom
