// Package userevent acts on a vdom document as a user does: it clicks,
// hovers, types, selects options, tabs, pastes and uploads files, firing
// the sequence of trusted events Chromium fires for the same input, so the
// page's own default actions (focus, activation, text editing, submission)
// follow.
//
// A User remembers what the mouse holds between actions: the element under
// the pointer. Hover moves it and fires the boundary events (out, leave,
// over, enter) and the moves in Chromium's order; Click and DblClick move
// it onto their element first, so a test sees what a page sees from a
// real mouse, mouseover and mouseenter included. Without layout, the
// element under the pointer is the one acted on: the pointer never lands
// on an element that covers it, and a change of layout under a still
// pointer (an element hidden, a dialog closed) moves it nowhere until the
// next action.
//
// # Files
//
//   - user.go: User, New, the options
//   - checks.go: why a user cannot act on an element (disabled, hidden,
//     detached)
//   - pointer.go: the pointer's state, the mouse's events, moving with the
//     boundary events, a press and release of the main button
//   - hover.go, click.go: Hover, Unhover, Click, DblClick
//   - select.go: SelectOptions, DeselectOptions
//   - upload.go: Upload and the accept attribute
//   - keyboard.go: the keyboard's state
package userevent
