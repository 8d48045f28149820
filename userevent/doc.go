// Package userevent acts on a vdom document as a user does: it clicks,
// hovers, types, selects options, tabs, pastes and uploads files, firing
// the sequence of trusted events Chromium fires for the same input, so the
// page's own default actions (focus, activation, text editing, submission)
// follow.
package userevent
