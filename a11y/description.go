package a11y

import (
	"strings"

	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html/atom"
)

// Description returns el's accessible description.
//
// It is, in order (accname §4.3.1, HTML-AAM §4.2): the text of the
// elements aria-describedby names (each element once, hidden ones too),
// the aria-description attribute, and the title attribute when the title
// did not already give the name. White space is normalised as in Name.
func Description(el *vdom.Node) string {
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
	if isHTML(h, atom.Input) && len(labelsOf(el)) > 0 {
		switch inputType(h) {
		case "button", "submit", "reset":
			// Named by its labels, a button input is described by its
			// value (see Name).
			if v, ok := attr(h, "value"); ok && !blank(v) {
				return normalizeSpace(v)
			}
		}
	}
	if v, ok := attr(h, "title"); ok && !blank(v) {
		if _, src := computeName(el); src != fromTitle {
			return normalizeSpace(v)
		}
	}
	return ""
}
