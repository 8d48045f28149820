package a11y

import (
	"strings"

	"github.com/eventperk/eventperk-go/vdom"
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
	if v, ok := attr(h, "title"); ok && !blank(v) {
		if _, src := computeName(el); src != fromTitle {
			return normalizeSpace(v)
		}
	}
	return ""
}
