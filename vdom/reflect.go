package vdom

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The reflected attributes of HTMLElement (HTML §3.2.6): Hidden, Title,
// Lang and TabIndex. On the Document, Title is Document.Title (the text
// of the <title> element) and SetTitle is Document.SetTitle, as in the DOM;
// the Node methods read and write the title attribute of an element.

// Hidden reports whether the hidden attribute is present, whatever its
// value. (The DOM's hidden getter returns the string "until-found" for
// that value; here it counts as hidden.)
func (n *Node) Hidden() bool { return n.HasAttribute("hidden") }

// SetHidden adds (empty) or removes the hidden attribute. The errors are
// those of SetAttribute.
func (n *Node) SetHidden(hidden bool) error {
	_, err := n.ToggleAttributeForce("hidden", hidden)
	return err
}

// Title returns the element's title attribute, "" if absent. For the
// document's title use Document.Title, which a *Document's Title is.
func (n *Node) Title() string {
	v, _ := n.GetAttribute("title")
	return v
}

// SetTitle sets the element's title attribute; the errors are those of
// SetAttribute.
func (n *Node) SetTitle(v string) error { return n.SetAttribute("title", v) }

// Lang returns the element's lang attribute, "" if absent. (It does not
// look at the ancestors: that is the element's language, not its lang.)
func (n *Node) Lang() string {
	v, _ := n.GetAttribute("lang")
	return v
}

// SetLang sets the element's lang attribute; the errors are those of
// SetAttribute.
func (n *Node) SetLang(v string) error { return n.SetAttribute("lang", v) }

// TabIndex returns the tabindex attribute parsed by the rules for parsing
// integers, or, when it is absent, invalid or beyond 32 bits, the default the HTML
// standard gives (§6.6.3): 0 for a, area, button, frame, iframe, input,
// object, select, textarea, an SVG a, and a summary that is the summary of
// its parent details; -1 for every other element. Non-elements give -1.
func (n *Node) TabIndex() int {
	if n.h.Type != html.ElementNode {
		return -1
	}
	if v, ok := attrVal(n.h, "tabindex"); ok {
		if i, ok := parseLong(v); ok {
			return i
		}
	}
	return defaultTabIndex(n.h)
}

// parseLong is the rules for parsing integers (HTML §2.3.4.1) for a
// reflected long: a value outside the 32-bit range fails, so that the
// reflection falls back to the default (HTML §2.6.1).
func parseLong(s string) (int, bool) {
	i := 0
	for i < len(s) && isASCIISpace(rune(s[i])) {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		neg = s[i] == '-'
		i++
	}
	if i >= len(s) || s[i] < '0' || s[i] > '9' {
		return 0, false
	}
	v := int64(0)
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		v = v*10 + int64(s[i]-'0')
		if v > 1<<31 {
			return 0, false
		}
	}
	if neg {
		v = -v
	}
	if v < -1<<31 || v > 1<<31-1 {
		return 0, false
	}
	return int(v), true
}

// SetTabIndex sets the tabindex attribute; the errors are those of
// SetAttribute.
func (n *Node) SetTabIndex(v int) error { return n.SetAttribute("tabindex", itoa(v)) }

func defaultTabIndex(h *html.Node) int {
	switch h.Namespace {
	case "":
		switch h.DataAtom {
		case atom.A, atom.Area, atom.Button, atom.Frame, atom.Iframe, atom.Input,
			atom.Object, atom.Select, atom.Textarea:
			return 0
		case atom.Summary:
			if h.Parent != nil && isHTML(h.Parent, atom.Details) && detailsSummary(h.Parent) == h {
				return 0
			}
		}
	case "svg":
		if h.Data == "a" {
			return 0
		}
	}
	return -1
}

// SetTitle sets the document's title as the DOM's document.title setter
// does for HTML documents: the text of the first <title> element becomes
// s; without one, a <title> is appended to the <head>; without a <head>,
// nothing changes.
func (d *Document) SetTitle(s string) {
	if c := d.conn; c != nil {
		m := c.begin()
		d.setTitle(s)
		c.end(d, m)
		return
	}
	d.setTitle(s)
}

func (d *Document) setTitle(s string) {
	var title *Node
	for h := range descendants(d.Node.h) {
		if h.Type == html.ElementNode && h.DataAtom == atom.Title && h.Namespace == "" {
			title = d.wrap(h)
			break
		}
	}
	if title == nil {
		head := d.Head()
		if head == nil {
			return
		}
		title, _ = d.CreateElement("title")
		if _, err := head.insertBefore(title, nil); err != nil {
			return
		}
	}
	// String replace all (DOM §4.2.3): the children go, one text node
	// comes in, through the mutation paths.
	var node *Node
	if s != "" {
		node = d.CreateTextNode(s)
	}
	title.replaceAll(node)
}
