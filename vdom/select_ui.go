package vdom

import (
	"time"
	"unicode"

	"github.com/eventperk/eventperk-go/internal/htmltree"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// What a select element remembers of a user's keys and clicks. HTML
// §4.10.7 leaves a select's user interface to the user agent; this is
// Chromium's on Linux, as recorded in testdata/browser (keys-select-*,
// keys-listbox-*, pointer-listbox-*):
//
//   - the type-ahead search: the characters typed within a second of each
//     other, matched against the labels of the options;
//   - for a listbox (multiple, or a display size above 1): the active
//     option, which the arrows move from, and the anchor, which Shift
//     extends the selection from, with the selection as it stood when the
//     anchor was set (a Shift range gives back to the other options what
//     they had then);
//   - the selection when input and change last fired, which a listbox
//     compares with to decide whether to fire them again.
//
// The state exists only for a select a user has acted on.

// selectUI is the user interface state of one select.
type selectUI struct {
	// typed is the type-ahead search, at typedAt; typing is false before
	// the first character. repeating is the character being repeated to
	// cycle through the options that start with it, 0 when none.
	typed     []rune
	typedAt   time.Time
	typing    bool
	repeating rune

	// set is false until a user's key or click, or a script's choice of
	// one option, placed the anchor and the active option: until then
	// both are the first selected option, where Chromium's parser put
	// them, with the selection of that moment (no later option had been
	// inserted yet, so none of them was selected).
	set bool
	// anchor and active (Chromium's active selection anchor and end); nil
	// when none, or when the option left the select.
	anchor, active *html.Node
	// anchorSel is the selectedness of the list of options when the
	// anchor was set; nil for the parser's anchor.
	anchorSel []bool
	// selecting is what a range does to its options: select them, or,
	// after a Control toggle took one out, deselect them.
	selecting bool
	// apart is set while Control with the arrows moves the active option
	// without selecting it (a multiple select only): Space then toggles
	// it.
	apart bool
	// lastChange is the selectedness of the select's list items when input
	// and change last fired, nil when none was kept (before the first key
	// or click, and after the select lost focus).
	lastChange []bool
}

// typeAheadTimeout is how long a type-ahead search waits for the next
// character (Chromium's kTypeAheadTimeout).
const typeAheadTimeout = time.Second

// selectUIOf returns the select's user interface state, creating it.
func (d *Document) selectUIOf(sel *html.Node) *selectUI {
	st := d.record(sel)
	if st.ui == nil {
		st.ui = &selectUI{}
	}
	return st.ui
}

// selectBlurred forgets what a select keeps only while it has focus: the
// selection of the last change event and the type-ahead search.
func (d *Document) selectBlurred(h *html.Node) {
	st := d.peek(h)
	if st == nil || st.ui == nil {
		return
	}
	st.ui.lastChange = nil
	st.ui.typed, st.ui.typing, st.ui.repeating = st.ui.typed[:0], false, 0
}

// selectChosenByScript is run when a program chooses one option of a
// select and deselects the others (the selectedIndex and value setters,
// selected on an option of a single select): the arrows then start from
// that option, as in Chromium.
func (d *Document) selectChosenByScript(sel *html.Node) {
	if st := d.peek(sel); st != nil && st.ui != nil {
		st.ui.set, st.ui.anchor, st.ui.active, st.ui.anchorSel = false, nil, nil, nil
	}
}

// listItems returns the select's list items: its options, optgroups and hr
// elements in tree order (those of nested selects excluded). The keys that
// move by pages and the type-ahead search count them.
func (n *Node) listItems() []*html.Node {
	l := n.doc.optionListOf(n.h)
	if l.items == nil {
		l.items = findListItems(n.h)
	}
	return l.items
}

// findListItems walks the select's subtree for its list items.
func findListItems(root *html.Node) []*html.Node {
	out := []*html.Node{}
	for c := root.FirstChild; c != nil; {
		switch {
		case isHTML(c, atom.Option), isHTML(c, atom.Hr):
			out = append(out, c)
			c = htmltree.NextSkippingChildren(c, root)
			continue
		case isHTML(c, atom.Optgroup):
			out = append(out, c)
		case isHTML(c, atom.Select):
			c = htmltree.NextSkippingChildren(c, root)
			continue
		}
		c = htmltree.Next(c, root)
	}
	return out
}

// isListbox reports whether the select shows its options in the page (a
// listbox: multiple, or a display size above 1) rather than in a popup (a
// drop-down).
func (n *Node) isListbox() bool { return hasAttr(n.h, "multiple") || n.displaySize() > 1 }

// usableOption reports whether a user can move to and choose the list
// item h: an option that is not disabled (nor in a disabled optgroup) and
// is rendered within its select: neither it nor an optgroup around it has
// display: none (from a sheet, a style attribute or the hidden attribute)
// or is inert.
func (d *Document) usableOption(h, sel *html.Node) bool {
	if !isHTML(h, atom.Option) || optionDisabled(h) {
		return false
	}
	for a := h; a != nil && a != sel; a = a.Parent {
		if a.Type == html.ElementNode && (hasAttr(a, "inert") || d.computedStyle(a).Display().IsNone()) {
			return false
		}
	}
	return true
}

// nextUsable returns the usable option at least skip list items away from
// the item at index from, in direction dir (+1 forward, -1 backward), or,
// when there is none that far, the farthest usable one past from; nil
// when there is none. from may be -1 or len(items), before the first and
// after the last item.
func (d *Document) nextUsable(items []*html.Node, sel *html.Node, from, dir, skip int) *html.Node {
	var last *html.Node
	for i := from + dir; i >= 0 && i < len(items); i += dir {
		skip--
		if !d.usableOption(items[i], sel) {
			continue
		}
		last = items[i]
		if skip <= 0 {
			break
		}
	}
	return last
}

// itemIndex returns the index of h in items, -1 when it is not there.
func itemIndex(items []*html.Node, h *html.Node) int {
	if h == nil {
		return -1
	}
	for i, it := range items {
		if it == h {
			return i
		}
	}
	return -1
}

// selectedItem returns the first (last, with last) selected option of the
// select and its index among the list items; nil and -1 when none is.
func (n *Node) selectedItem(items []*html.Node, last bool) (*html.Node, int) {
	n.settleSelect()
	found, at := (*html.Node)(nil), -1
	for i, it := range items {
		if isHTML(it, atom.Option) && n.doc.rawSelected(it) {
			found, at = it, i
			if !last {
				break
			}
		}
	}
	return found, at
}

// optionLabelText is what the type-ahead search matches: the option's
// label attribute when it is not empty, else its text.
func optionLabelText(h *html.Node) string {
	if v, ok := attrVal(h, "label"); ok && v != "" {
		return v
	}
	return optionText(h)
}

// typeAhead adds c to the type-ahead search typed at now and returns the
// index among items of the option it finds, -1 for none: the first
// option after the selected one whose label starts with what was typed
// (ignoring case and leading white space), or, while the same character
// is typed again, the next option that starts with it. A pause of more
// than typeAheadTimeout starts a new search. Disabled options are never
// found.
func (ui *selectUI) typeAhead(items []*html.Node, sel *html.Node, selected int, c rune, now time.Time) int {
	if ui.typing {
		if now.Before(ui.typedAt) {
			return -1
		}
		if now.Sub(ui.typedAt) > typeAheadTimeout {
			ui.typed = ui.typed[:0]
		}
	}
	ui.typing, ui.typedAt = true, now
	ui.typed = append(ui.typed, c)
	if len(items) == 0 {
		return -1
	}
	var prefix []rune
	start := 1
	switch {
	case c == ui.repeating:
		prefix = []rune{c}
	case len(ui.typed) > 1:
		prefix, start, ui.repeating = ui.typed, 0, 0
	default:
		prefix, ui.repeating = ui.typed, c
	}
	i := (max(selected, 0) + start) % len(items)
	for range items {
		if it := items[i]; isHTML(it, atom.Option) && !optionDisabled(it) && hasFoldedPrefix(optionLabelText(it), prefix) {
			return i
		}
		i = (i + 1) % len(items)
	}
	return -1
}

// activeSession reports whether a type-ahead search is in progress at now:
// Space then types a space instead of opening a drop-down's popup.
func (ui *selectUI) activeSession(now time.Time) bool {
	return ui.typing && !now.Before(ui.typedAt) && now.Sub(ui.typedAt) <= typeAheadTimeout
}

// hasFoldedPrefix reports whether s, without its leading white space,
// starts with prefix, ignoring case (simple Unicode case folding).
func hasFoldedPrefix(s string, prefix []rune) bool {
	i := 0
	for _, r := range s {
		if i == 0 && (unicode.IsSpace(r) || r == '\u00a0') {
			continue
		}
		if i == len(prefix) {
			return true
		}
		if !equalFold(r, prefix[i]) {
			return false
		}
		i++
	}
	return i == len(prefix)
}

// equalFold reports whether a and b are the same letter in another case.
func equalFold(a, b rune) bool {
	if a == b {
		return true
	}
	for f := unicode.SimpleFold(a); f != a; f = unicode.SimpleFold(f) {
		if f == b {
			return true
		}
	}
	return false
}
