package a11y

import (
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html/atom"
)

// Description returns el's accessible description.
//
// It is, in order (accname §4.3.1, HTML-AAM §4.2, as Chromium computes
// it): the text of the elements aria-describedby names (hidden ones too),
// the aria-description attribute, a table's caption and a summary's
// content when they did not give the name, an SVG element's desc child,
// or its title child when that did not give the name (SVG-AAM), a
// labelled button input's value (see Name), and the title attribute when
// the title did not give the name. White space is normalised as in Name.
func Description(el *vdom.Node) string {
	if el == nil || !el.IsElement() {
		return ""
	}
	return describe(el, nil)
}

// describe computes el's description, keeping what lasts in cache (nil
// for none).
func describe(el *vdom.Node, cache *Cache) string {
	h := el.HTML()
	c := newComputation(el, cache)
	defer c.release()
	// A description runs several steps on what the first ones marked:
	// every text it reuses must come with its marks.
	c.noLossy = true
	defer c.done()
	if ids, ok := attr(h, "aria-describedby"); ok {
		c.pushRefs(task{kind: kRefs, mark: c.out.mark()}, refState{ids: ids})
		c.run()
		if d := c.text(); d != "" {
			return d
		}
	}
	if v, ok := attr(h, "aria-description"); ok && !blank(v) {
		return describeText(v)
	}
	_, src := computeName(el, cache)
	if isHTML(h, atom.Table) && src != fromCaption {
		if cp := firstChildElement(h, atom.Caption); cp != nil {
			c.pushElement(cp, frame{recursion: true})
			c.run()
			if d := c.text(); d != "" {
				return d
			}
		}
	}
	if isHTML(h, atom.Summary) && src != fromContent {
		// Chromium describes a summary by its content when something
		// else names it.
		// Its text follows what the description read before: no cache
		// keeps it (see storeContent).
		c.pushContent(h, frame{isRoot: true}, 0, true)
		c.run()
		if d := c.text(); d != "" {
			return d
		}
	}
	if h.Namespace == "svg" {
		// SVG-AAM §8.2: a desc child describes an SVG element, even a
		// blank one; else a title child that did not give the name.
		if d := svgChild(h, "desc"); d != nil {
			c.writeTextContent(d)
			return c.text()
		}
		if t := svgChild(h, "title"); t != nil && src != fromSVGTitle {
			c.writeTextContent(t)
			if d := c.text(); d != "" {
				return d
			}
		}
	}
	if isHTML(h, atom.Input) && el.Labels() != nil {
		switch inputType(h) {
		case "button", "submit", "reset":
			// Named by its labels, a button input is described by its
			// value (see Name).
			if v, ok := attr(h, "value"); ok && !blank(v) {
				return describeText(v)
			}
		}
	}
	if v, ok := attr(h, "title"); ok && !blank(v) && src != fromTitle {
		return describeText(v)
	}
	return ""
}

// describeText is an attribute's value as a description: white space
// collapsed, cut at MaxNameBytes.
func describeText(v string) string {
	var t textBuf
	t.writeString(v)
	return t.String()
}
