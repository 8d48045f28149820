package a11y

import (
	"strings"

	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html/atom"
)

// Description returns el's accessible description.
//
// It is, in order (accname §4.3.1, HTML-AAM §4.2, as Chromium computes
// it): the text of the elements aria-describedby names (hidden ones too),
// the aria-description attribute, a table's caption and a summary's
// content when they did not give the name, a labelled button input's value
// (see Name), and the title attribute when the title did not give the
// name. White space is normalised as in Name.
func Description(el *vdom.Node) string {
	return describe(el)
}

// describe computes el's description, finding labels through labels
// (nil: by a walk of the tree each time).
func describe(el *vdom.Node) string {
	if el == nil || !el.IsElement() {
		return ""
	}
	h := el.HTML()
	c := computation{root: h, doc: el.OwnerDocument(), el: el}
	if ids, ok := attr(h, "aria-describedby"); ok {
		var b strings.Builder
		if c.reference(&b, ids) {
			return normalizeSpace(b.String())
		}
	}
	if v, ok := attr(h, "aria-description"); ok && !blank(v) {
		return normalizeSpace(v)
	}
	_, src := computeName(el)
	if isHTML(h, atom.Table) && src != fromCaption {
		if cap := firstChildElement(h, atom.Caption); cap != nil {
			var b strings.Builder
			if c.nativeLabel(&b, cap, frame{}) {
				return normalizeSpace(b.String())
			}
		}
	}
	if isHTML(h, atom.Summary) && src != fromContent {
		// Chromium describes a summary by its content when something
		// else names it.
		var b strings.Builder
		c.content(&b, h, frame{isRoot: true})
		if d := normalizeSpace(b.String()); d != "" {
			return d
		}
	}
	if isHTML(h, atom.Input) && el.Labels() != nil {
		switch inputType(h) {
		case "button", "submit", "reset":
			// Named by its labels, a button input is described by its
			// value (see Name).
			if v, ok := attr(h, "value"); ok && !blank(v) {
				return normalizeSpace(v)
			}
		}
	}
	if v, ok := attr(h, "title"); ok && !blank(v) && src != fromTitle {
		return normalizeSpace(v)
	}
	return ""
}
