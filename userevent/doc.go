// Package userevent acts on a vdom document as a user does: it clicks,
// hovers, types, selects options, tabs, pastes and uploads files, firing
// the sequence of trusted events Chromium fires for the same input, so the
// page's own default actions (focus, activation, text editing, submission)
// follow.
//
// # The pointer
//
// A User remembers what the mouse holds between actions: the element under
// the pointer. Hover moves it and fires the boundary events (out, leave,
// over, enter) and the moves in Chromium's order; Click and DblClick move
// it onto their element first, so a test sees what a page sees from a
// real mouse, mouseover and mouseenter included. Without layout, the
// element under the pointer is the one acted on: the pointer never lands
// on an element that covers it, and a change of layout under a still
// pointer (an element hidden, a dialog closed) moves it nowhere until the
// next action. The document knows it too (vdom.Document.SetHoverTarget):
// that element and its ancestors match :hover, so the rules of the page's
// style sheets for :hover apply (a menu shown on hover is found and
// clickable after Hover), and a main button held makes the element
// pressed match :active until its release. Chromium 148 agrees on the
// recorded cases (testdata/hover-cases.json: ancestors, labels, presses,
// a removal).
//
// It also remembers the buttons held: PointerDown and PointerUp press and
// release apart (a press on one element and a release on another click
// the element that contains both), ClickWith clicks with the secondary
// button (contextmenu, auxclick) or the auxiliary one (auxclick, then
// Linux's paste of the primary selection) and at an offset in the element.
// The modifier keys held with Keyboard ({Shift>}) go with every pointer and
// mouse event: Shift and Control with a click select ranges and toggle
// options in a listbox, Shift extends a text field's selection.
//
// A press lasts a moment, as a person's does: the document's queued tasks
// run while the mouse button of a click or a key is down
// (vdom.Document.RunTasks), and between the two clicks of DblClick, so a
// selectionchange, a select or a details' toggle comes where Chromium
// fires it. Tasks queued by the last release are left for the next action
// or the test's RunTasks.
//
// A drop-down select's popup, Chromium's own window, is played here: a
// click on the select, or Alt+ArrowDown, F4, Enter or Space at it, opens
// it; it then takes the keys (ArrowDown, ArrowUp, Home, End move in it,
// Enter chooses, Escape closes) and the page sees none until it closes.
//
// # The keyboard
//
// Type, TypeWith, Keyboard, Tab and ShiftTab press keys of a US keyboard
// as Chromium on Linux receives them: keydown, keypress for a key that
// types a character (and Enter), keyup, each a trusted KeyboardEvent at
// the element that has the focus at that moment; vdom's default actions
// then edit text (beforeinput, the edit, input), move the caret, move the
// focus, click buttons and submit forms. Keyboard's syntax is
// user-event's ({Enter}, [KeyA], {Shift>}...{/Shift}, {a>3/}, {{). A User
// remembers the keys held down between actions, as a keyboard does. Clear
// and Paste edit as user-event's clear and a user's paste do, without key
// events. The sequences were checked against Chromium's recordings of the
// type- scenarios (Chromium 156) and keys- scenarios (selects, number
// fields, range sliders; Chromium 148) in vdom/testdata/browser.
//
// # Errors
//
// An action returns an error when a user could not do it (ErrDisabled,
// ErrHidden, ErrPointerEventsNone, ErrNotConnected, ErrNotEditable, with
// the element and the reason) and when a listener of an event it fired
// panicked. The checks read the document's computed styles, so they see
// the page's style sheets and every class a handler changed:
//
//   - every action refuses an element that is not rendered (ErrHidden):
//     display: none on it or an ancestor, from a sheet, a style attribute,
//     the hidden attribute or the user agent sheet; inert; in a closed
//     details; in contents skipped by content-visibility: hidden. The
//     error names the element that causes it and the rule: "its ancestor
//     #menu has display: none from `.d-none` in /css/app.css, line 4";
//   - the actions that point (Click, DblClick, ClickWith, Hover,
//     Unhover, PointerDown, PointerUp, Type's click, SelectOptions,
//     Upload) refuse an element that Chromium's hit test passes over, so
//     that a real pointer at its place reaches the element under it: one
//     whose visibility is hidden or collapse (ErrHidden) and one whose
//     pointer-events is none, its own or inherited
//     (ErrPointerEventsNone, as user-event refuses it; the error names
//     the element that declares it);
//   - the actions that focus without the pointer (TypeWith with
//     SkipClick, Clear) refuse an invisible element, which cannot take
//     the focus (ErrHidden). The keyboard reaches an element with
//     pointer-events: none that has the focus, as in Chromium;
//   - the actions that activate refuse a disabled control (ErrDisabled).
//
// SkipChecks fires the events at the element anyway. Where a click and
// the keyboard reach was recorded in Chromium 148 for inline rules and
// Bootstrap's and Tailwind's classes (testdata/reach), and the checks
// are held to it. When the
// program links package perk, an action also returns the errors of the
// unit handlers its events ran and that finished during the action (each
// a *perk.HandlerError naming the unit, element, event and handler), after
// its own; the work those handlers return to finish later reports to
// perk.Settle, which returns each error once. A failing handler does not
// stop the action: the events a browser would fire still fire.
//
// # Files
//
//   - user.go: User, New, the options
//   - checks.go: why a user cannot act on an element (disabled, hidden,
//     invisible to the pointer, pointer-events: none, detached), worded
//     by internal/unseen
//   - pointer.go: the pointer's state, the mouse's events, moving with the
//     boundary events, a press and release of the main button
//   - buttons.go: Button, PointerOptions, ClickWith, PointerDown,
//     PointerUp, a press and a release of any button, chords, the paste of
//     the auxiliary button
//   - hover.go, click.go: Hover, Unhover, Click, DblClick
//   - select.go: SelectOptions, DeselectOptions
//   - select_popup.go: the popup of a drop-down select
//   - upload.go: Upload and the accept attribute
//   - keyboard.go: the keyboard's state, Keyboard, the key events
//   - keyboard_parse.go: the syntax of key sequences
//   - keys.go: the keys of a US keyboard (key, code, key code)
//   - type.go: Type, TypeWith and the click they start with
//   - clear.go, paste.go, tab.go: Clear, Paste, Tab and ShiftTab
package userevent
