package query

import (
	"golang.org/x/net/html/atom"
	"slices"
	"strings"
)

// roleTags lists, for the roles pages use most, the element types whose
// implicit role (HTML-AAM, as a11y.ImplicitRole computes it) can be that
// role. A role query passes over every other element without a role
// attribute, without asking a11y, so that it costs about what a CSS query
// costs. A list may hold more element types than can have the role, never
// fewer: TestRoleTagsCoverImplicitRoles checks that against a11y on every
// element type with the attributes that change roles. Roles not listed
// here ask a11y about every element.
var roleTags = map[string]atomSet{
	"article":       tags("article"),
	"banner":        tags("header"),
	"blockquote":    tags("blockquote"),
	"button":        tags("button", "input", "summary"),
	"caption":       tags("caption", "figcaption"),
	"cell":          tags("td", "th"),
	"checkbox":      tags("input"),
	"code":          tags("code"),
	"columnheader":  tags("th", "td"),
	"combobox":      tags("input", "select"),
	"complementary": tags("aside"),
	"contentinfo":   tags("footer"),
	"definition":    tags("dd"),
	"deletion":      tags("del", "s"),
	"dialog":        tags("dialog"),
	"emphasis":      tags("em"),
	"figure":        tags("figure"),
	"form":          tags("form"),
	"gridcell":      tags("td", "th"),
	"heading":       tags("h1", "h2", "h3", "h4", "h5", "h6"),
	"img":           tags("img", "svg", "image", "input"),
	"insertion":     tags("ins"),
	"link":          tags("a", "area"),
	"list":          tags("ul", "ol", "menu", "dl", "dir"),
	"mark":          tags("mark"),
	"listbox":       tags("select", "datalist"),
	"main":          tags("main"),
	"meter":         tags("meter"),
	"navigation":    tags("nav"),
	"option":        tags("option"),
	"paragraph":     tags("p"),
	"progressbar":   tags("progress"),
	"radio":         tags("input"),
	"region":        tags("section"),
	"row":           tags("tr"),
	"rowgroup":      tags("tbody", "thead", "tfoot"),
	"rowheader":     tags("th", "td"),
	"search":        tags("search"),
	"searchbox":     tags("input"),
	"separator":     tags("hr"),
	"slider":        tags("input"),
	"spinbutton":    tags("input"),
	"status":        tags("output"),
	"strong":        tags("strong"),
	"subscript":     tags("sub"),
	"superscript":   tags("sup"),
	"table":         tags("table"),
	"term":          tags("dfn", "dt"),
	"textbox":       tags("input", "textarea"),
	"time":          tags("time"),
}

// stateRoles lists the roles that have each ARIA state a role query can
// filter on (WAI-ARIA 1.2, the roles that use or inherit the state), so
// that a query for a state its role never has is an error, not a query
// that silently finds nothing.
var stateRoles = map[string]map[string]bool{
	"aria-checked":  set("checkbox", "menuitemcheckbox", "menuitemradio", "option", "radio", "switch", "treeitem"),
	"aria-pressed":  set("button"),
	"aria-selected": set("columnheader", "gridcell", "option", "row", "rowheader", "tab", "treeitem"),
	"aria-expanded": set("application", "button", "checkbox", "columnheader", "combobox", "gridcell",
		"link", "listbox", "menuitem", "menuitemcheckbox", "menuitemradio", "row", "rowheader",
		"switch", "tab", "treeitem"),
	"aria-level": set("comment", "heading", "listitem", "row", "treeitem"),
	// The range roles, which have a value (ValueNow and the others).
	"aria-valuenow": set("meter", "progressbar", "scrollbar", "separator", "slider", "spinbutton"),
}

// atomSet is a small set of element types. Most elements are not in it,
// and a bit mask, one bit per hash of an atom, says so without looking at
// the list.
type atomSet struct {
	mask  uint64
	atoms []atom.Atom
}

// tags is the set of the element names, which a role query compares as
// atoms instead of strings.
func tags(names ...string) atomSet {
	var s atomSet
	for _, n := range names {
		a := atom.Lookup([]byte(n))
		if a == 0 {
			panic("query: " + n + " is not an atom") // a typo in the table above
		}
		s.atoms = append(s.atoms, a)
		s.mask |= atomBit(a)
	}
	return s
}

// atomBit is a's bit in a mask (Fibonacci hashing to 6 bits).
func atomBit(a atom.Atom) uint64 { return 1 << (uint32(a) * 0x9E3779B1 >> 26) }

// has reports whether a is in the set.
func (s atomSet) has(a atom.Atom) bool {
	if s.mask&atomBit(a) == 0 {
		return false
	}
	for _, t := range s.atoms {
		if t == a {
			return true
		}
	}
	return false
}

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// sortedKeys is m's keys in order, for messages.
func sortedKeys(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, strings.Compare)
	return keys
}
