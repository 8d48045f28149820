package vdom

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The details element (HTML §4.11.1): its summary's activation behaviour,
// the attribute change and insertion steps that queue toggle events, and
// the details name groups, in which at most one details is open. What
// Chromium 148 does was recorded (testdata/browser, activation-details-*,
// activation-summary-*): it follows the standard's steps, the toggle of a
// details parsed with open included, and a details parsed open that
// another open one of its group precedes is closed and fires a toggle
// from "closed" to "closed".

// summaryActivation is the summary element's activation behaviour (HTML
// §4.11.1): toggle the open attribute of its details element, whose
// attribute change steps queue the toggle event.
func (n *Node) summaryActivation() {
	if !isDetailsSummary(n.h) {
		return
	}
	details := n.doc.wrap(n.h.Parent)
	if details.HasAttribute("open") {
		details.RemoveAttribute("open")
	} else {
		details.reflectBool("open", true)
	}
}

// openAttrChanged is the details element's attribute change steps for
// open, run when the attribute appears or goes: queue the toggle event
// and, when the details opened, close the open details of its name group.
func (n *Node) openAttrChanged(present bool) {
	if !isHTML(n.h, atom.Details) {
		return
	}
	if !present {
		n.queueToggle("open", "closed")
		return
	}
	n.queueToggle("closed", "open")
	// "Ensure details exclusivity by closing other elements if needed."
	if other := n.doc.openGroupMember(n.h); other != nil {
		n.doc.wrap(other).RemoveAttribute("open")
	}
}

// detailsNameChanged is the details element's attribute change steps for
// name: "ensure details exclusivity by closing the given element if
// needed", as for an insertion.
func (n *Node) detailsNameChanged() {
	if isHTML(n.h, atom.Details) {
		n.doc.closeIfGroupOpen(n.h)
	}
}

// closeIfGroupOpen is HTML "ensure details exclusivity by closing the given
// element if needed": an open details of a name group in which another is
// open closes.
func (d *Document) closeIfGroupOpen(h *html.Node) {
	if hasAttr(h, "open") && d.openGroupMember(h) != nil {
		d.wrap(h).RemoveAttribute("open")
	}
}

// detailsGroupName returns the name of h's details name group, "" when it
// is in none (no name attribute, or an empty one).
func detailsGroupName(h *html.Node) string {
	name, _ := attrVal(h, "name")
	return name
}

// openGroupMember returns the first other details element of h's details
// name group that has the open attribute, nil when there is none or h is
// in no group. The group is the details elements of h's tree (the
// document, or the detached tree h is in) with the same non-empty name,
// compared case-sensitively.
func (d *Document) openGroupMember(h *html.Node) *html.Node {
	name := detailsGroupName(h)
	if name == "" {
		return nil
	}
	root := h
	for root.Parent != nil {
		root = root.Parent
	}
	for c := range descendants(root) {
		if c != h && isHTML(c, atom.Details) && hasAttr(c, "open") && detailsGroupName(c) == name {
			return c
		}
	}
	return nil
}

// detailsParsed runs, for the details elements the parser made with an
// open attribute (open, in tree order, all of one document or of one
// fragment), the steps the standard runs while the parser creates and
// inserts them one after the other: the attribute change steps queue a
// toggle from "closed" to "open", and the insertion steps close one whose
// group has an earlier open member (its toggle then goes from "closed" to
// "closed", the two changes of one burst). The parser builds the tree
// without these steps; Parse and the fragment parser run them once it is
// done, before anything else can see the tree.
func (d *Document) detailsParsed(open []*html.Node) {
	var first map[string]bool
	for _, h := range open {
		n := d.wrap(h)
		n.queueToggle("closed", "open")
		name := detailsGroupName(h)
		switch {
		case name == "":
		case first[name]:
			n.RemoveAttribute("open")
		default:
			if first == nil {
				first = make(map[string]bool)
			}
			first[name] = true
		}
	}
}

// openDetails appends to list the details elements with an open attribute
// among h and its descendants, in tree order.
func openDetails(list []*html.Node, roots ...*html.Node) []*html.Node {
	visit := func(h *html.Node) {
		if isHTML(h, atom.Details) && hasAttr(h, "open") {
			list = append(list, h)
		}
	}
	for _, r := range roots {
		visit(r)
		for c := range descendants(r) {
			visit(c)
		}
	}
	return list
}
