package suggest

import (
	"slices"
	"strings"

	"github.com/eventperk/eventperk-go/vdom"
)

// Selector returns a selector like sel, that matched nothing in doc, with
// each id, class and element name that no element of doc has replaced by
// the nearest one doc has (Word's rule), when that selector matches
// something: "#ap" gives "#app", "char-countr" gives "char-counter",
// "form .emial" gives "form .email". It returns "" when no such
// replacement makes sel match. Names inside attribute selectors, strings
// and pseudo-class arguments are left as they are.
func Selector(doc *vdom.Document, sel string) string {
	if doc == nil {
		return ""
	}
	names := pageNames(doc)
	var b strings.Builder
	changed := false
	depth := 0     // inside [...] or (...)
	var quote byte // inside a string
	start := true  // where a type selector may begin
	for i := 0; i < len(sel); {
		c := sel[i]
		switch {
		case quote != 0:
			if c == '\\' && i+1 < len(sel) {
				b.WriteString(sel[i : i+2])
				i += 2
				continue
			}
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '[' || c == '(':
			depth++
		case c == ']' || c == ')':
			depth = max(depth-1, 0)
		case depth == 0 && (c == '#' || c == '.' || (start && isNameStart(c))):
			kind := c
			from := i
			if c == '#' || c == '.' {
				from++
			}
			to := from
			for to < len(sel) && isNameChar(sel[to]) {
				to++
			}
			if to == from {
				break
			}
			prefix := sel[i:from]
			name := sel[from:to]
			set := names.tags
			switch kind {
			case '#':
				set = names.ids
			case '.':
				set = names.classes
			}
			if !set[name] {
				if s := Word(name, keys(set)); s != "" {
					name, changed = s, true
				}
			}
			b.WriteString(prefix + name)
			i, start = to, false
			continue
		}
		start = depth == 0 && quote == 0 && strings.IndexByte(" \t\n>+~,", c) >= 0
		b.WriteByte(c)
		i++
	}
	if !changed {
		return ""
	}
	out := b.String()
	if els, err := doc.QuerySelectorAll(out); err != nil || len(els) == 0 {
		return ""
	}
	return out
}

// names are the ids, classes and element names of a page.
type names struct{ ids, classes, tags map[string]bool }

func pageNames(doc *vdom.Document) names {
	n := names{ids: map[string]bool{}, classes: map[string]bool{}, tags: map[string]bool{}}
	for el := range doc.Descendants() {
		if !el.IsElement() {
			continue
		}
		n.tags[el.LocalName()] = true
		if id := el.ID(); id != "" {
			n.ids[id] = true
		}
		for _, c := range strings.Fields(el.ClassName()) {
			n.classes[c] = true
		}
	}
	return n
}

// keys returns the keys of set, in no particular order but the same for
// the same set: sorted, so that a tie always gives the same suggestion.
func keys(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func isNameStart(c byte) bool {
	return c == '_' || c == '-' || c >= 0x80 || (c|0x20 >= 'a' && c|0x20 <= 'z')
}

func isNameChar(c byte) bool { return isNameStart(c) || (c >= '0' && c <= '9') }
