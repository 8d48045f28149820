package query

import (
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
var roleTags = map[string]map[string]bool{
	"article":       set("article"),
	"banner":        set("header"),
	"blockquote":    set("blockquote"),
	"button":        set("button", "input", "summary"),
	"caption":       set("caption", "figcaption"),
	"cell":          set("td", "th"),
	"checkbox":      set("input"),
	"code":          set("code"),
	"columnheader":  set("th", "td"),
	"combobox":      set("input", "select"),
	"complementary": set("aside"),
	"contentinfo":   set("footer"),
	"definition":    set("dd"),
	"deletion":      set("del", "s"),
	"dialog":        set("dialog"),
	"emphasis":      set("em"),
	"figure":        set("figure"),
	"form":          set("form"),
	"gridcell":      set("td", "th"),
	"group":         set("fieldset", "details", "optgroup", "hgroup", "address"),
	"heading":       set("h1", "h2", "h3", "h4", "h5", "h6"),
	"img":           set("img", "svg", "image", "input"),
	"insertion":     set("ins"),
	"link":          set("a", "area"),
	"list":          set("ul", "ol", "menu", "dl"),
	"listbox":       set("select", "datalist"),
	"listitem":      set("li"),
	"main":          set("main"),
	"meter":         set("meter"),
	"navigation":    set("nav"),
	"option":        set("option"),
	"paragraph":     set("p"),
	"progressbar":   set("progress"),
	"radio":         set("input"),
	"region":        set("section"),
	"row":           set("tr"),
	"rowgroup":      set("tbody", "thead", "tfoot"),
	"rowheader":     set("th", "td"),
	"search":        set("search"),
	"searchbox":     set("input"),
	"separator":     set("hr"),
	"slider":        set("input"),
	"spinbutton":    set("input"),
	"status":        set("output"),
	"strong":        set("strong"),
	"subscript":     set("sub"),
	"superscript":   set("sup"),
	"table":         set("table"),
	"term":          set("dfn", "dt"),
	"textbox":       set("input", "textarea"),
	"time":          set("time"),
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
