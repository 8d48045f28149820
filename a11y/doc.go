// Package a11y computes what assistive technology sees of a vdom element:
// its ARIA role (explicit, or implicit as HTML-AAM maps HTML elements), its
// accessible name and description (the accname algorithm), its states
// (checked, pressed, selected, expanded, current, disabled, level), and
// whether it is excluded from the accessibility tree.
//
// The truth it is checked against is Chromium's accessibility tree, as the
// DevTools Accessibility domain reports it.
package a11y
