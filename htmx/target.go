package htmx

import (
	"strings"

	"github.com/eventperk/eventperk-go/vdom"
)

// htmx's extended selectors (hx-target, hx-include, hx-indicator, from:,
// hx-sync...): a comma-separated list whose parts are CSS selectors or
// one of "this", "closest S", "find S", "findAll S" (htmx 4), "next",
// "next S", "previous", "previous S", "document", "window", "body",
// "root" (htmx 2), "host"; "global " before the list; a part may be
// written <S/>.

// selectorError is a part of an extended selector that does not parse.
type selectorError struct {
	offset int
	err    error
}

func (s *selectorError) Error() string { return s.err.Error() }

// findAll returns what sel selects from el, in order, without
// duplicates: elements, and the document or the window for "document"
// and "window". attr is the attribute the selector comes from, for
// htmx 4's "this", which means every element of the attribute's
// inheritance chain that says "this".
func (e *Engine) findAll(el *vdom.Node, sel, attr string) ([]vdom.EventTarget, error) {
	sel = strings.TrimLeft(sel, " \t\n\r\f")
	base := 0
	if strings.HasPrefix(sel, "global ") {
		sel, base = sel[7:], 7
	}
	parts, offs := e.splitSelector(sel)
	var out []vdom.EventTarget
	seen := map[vdom.EventTarget]bool{}
	add := func(t vdom.EventTarget) {
		if n, ok := t.(*vdom.Node); ok && n == nil {
			return
		}
		if t != nil && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	var standard []string
	var standardOffs []int
	for i, raw := range parts {
		part, lead := normalizeSelector(raw)
		off := base + offs[i] + lead
		var err error
		switch {
		case strings.HasPrefix(part, "closest "):
			var n *vdom.Node
			n, err = el.Closest(strip(part[8:]))
			add(n)
		case strings.HasPrefix(part, "find "):
			var n *vdom.Node
			n, err = el.QuerySelector(strip(part[5:]))
			add(n)
		case e.b.v4 && strings.HasPrefix(part, "findAll "):
			var ns []*vdom.Node
			ns, err = el.QuerySelectorAll(strip(part[8:]))
			for _, n := range ns {
				add(n)
			}
		case part == "next" || part == "nextElementSibling":
			add(el.NextElementSibling())
		case strings.HasPrefix(part, "next "):
			var n *vdom.Node
			n, err = e.scan(el, strip(part[5:]), true)
			add(n)
		case part == "previous" || part == "previousElementSibling":
			add(el.PreviousElementSibling())
		case strings.HasPrefix(part, "previous "):
			var n *vdom.Node
			n, err = e.scan(el, strip(part[9:]), false)
			add(n)
		case part == "document" || (!e.b.v4 && part == "root"):
			add(e.doc)
		case part == "window":
			add(e.doc.Window())
		case part == "body":
			add(e.doc.Body())
		case part == "host":
			// No shadow roots: nothing hosts an element.
		case part == "this" && e.b.v4:
			if attr != "" {
				for _, n := range e.thisElements(el, attr) {
					add(n)
				}
			} else {
				add(el)
			}
		default:
			standard = append(standard, part)
			standardOffs = append(standardOffs, off)
		}
		if err != nil {
			return nil, &selectorError{offset: off, err: err}
		}
	}
	if len(standard) > 0 {
		// One query of the joined list, as htmx makes it, keeps document
		// order across the parts; a part that does not parse is found by
		// trying each alone.
		ns, err := e.doc.QuerySelectorAll(strings.Join(standard, ","))
		if err != nil {
			for i, s := range standard {
				if _, perr := e.doc.QuerySelector(s); perr != nil {
					return nil, &selectorError{offset: standardOffs[i], err: perr}
				}
			}
			return nil, &selectorError{offset: standardOffs[0], err: err}
		}
		for _, n := range ns {
			add(n)
		}
	}
	return out, nil
}

// findElements is findAll without the document and window.
func (e *Engine) findElements(el *vdom.Node, sel, attr string) ([]*vdom.Node, error) {
	ts, err := e.findAll(el, sel, attr)
	var out []*vdom.Node
	for _, t := range ts {
		if n, ok := t.(*vdom.Node); ok && n.IsElement() {
			out = append(out, n)
		}
	}
	return out, err
}

// findOne returns the first element sel selects from el, nil for none.
func (e *Engine) findOne(el *vdom.Node, sel, attr string) (*vdom.Node, error) {
	ts, err := e.findAll(el, sel, attr)
	if err != nil {
		return nil, err
	}
	for _, t := range ts {
		if n, ok := t.(*vdom.Node); ok {
			return n, nil
		}
		if t == vdom.EventTarget(e.doc) {
			return e.doc.DocumentElement(), nil
		}
	}
	return nil, nil
}

// splitSelector splits an extended selector list: htmx 2 at commas
// outside <.../>, htmx 4 at commas outside quotes, brackets, parentheses
// and <.../>.
func (e *Engine) splitSelector(sel string) ([]string, []int) {
	if e.b.v4 {
		return splitTopLevel(sel)
	}
	var parts []string
	var offs []int
	depth, start := 0, 0
	for i := 0; i < len(sel); i++ {
		switch {
		case sel[i] == ',' && depth == 0:
			parts = append(parts, sel[start:i])
			offs = append(offs, start)
			start = i + 1
		case sel[i] == '<':
			depth++
		case sel[i] == '/' && i+1 < len(sel) && sel[i+1] == '>':
			depth--
		}
	}
	if start < len(sel) {
		parts = append(parts, sel[start:])
		offs = append(offs, start)
	}
	return parts, offs
}

// normalizeSelector trims a part and unwraps <S/>; it returns the
// offset of the result in raw.
func normalizeSelector(raw string) (string, int) {
	lead := len(raw) - len(strings.TrimLeft(raw, " \t\n\r\f"))
	s := strings.TrimSpace(raw)
	if strings.HasPrefix(s, "<") && strings.HasSuffix(s, "/>") {
		return s[1 : len(s)-2], lead + 1
	}
	return s, lead
}

// strip is normalizeSelector without the offset.
func strip(s string) string {
	out, _ := normalizeSelector(s)
	return out
}

// scan finds the first element matching sel after el in document order
// (forward) or the last before it, as htmx's scanForwardQuery and
// scanBackwardsQuery do (an ancestor of el precedes it, a descendant
// follows it).
func (e *Engine) scan(el *vdom.Node, sel string, forward bool) (*vdom.Node, error) {
	ns, err := e.doc.QuerySelectorAll(sel)
	if err != nil {
		return nil, err
	}
	if forward {
		for _, n := range ns {
			if n.CompareDocumentPosition(el) == vdom.DocumentPositionPreceding {
				return n, nil
			}
		}
		return nil, nil
	}
	for i := len(ns) - 1; i >= 0; i-- {
		if ns[i].CompareDocumentPosition(el) == vdom.DocumentPositionFollowing {
			return ns[i], nil
		}
	}
	return nil, nil
}
