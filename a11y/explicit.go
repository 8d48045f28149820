package a11y

import (
	"github.com/eventperk/eventperk-go/internal/htmltree"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
)

// roleInfo is what the package needs to know of an ARIA role.
type roleInfo struct {
	// name is the role as Role reports it: synonyms reported under one
	// name, as Chromium does (presentation as none, image as img).
	name string
	// fromContent is set for the roles whose name may come from their
	// content (ARIA 1.2 §5.2.8.4 "Roles Supporting Name from Content").
	fromContent bool
}

// ariaRoles lists the non-abstract roles of WAI-ARIA 1.2 and 1.3, of
// DPUB-ARIA and of the Graphics ARIA module, which Chromium accepts in a
// role attribute. Abstract roles (command, composite, input, landmark,
// range, roletype, section, sectionhead, select, structure, widget, window)
// are not here: a role attribute naming one is skipped, as ARIA §7.1 says.
var ariaRoles = map[string]roleInfo{}

func init() {
	plain := []string{
		"alert", "alertdialog", "application", "article", "banner", "blockquote", "caption",
		"code", "combobox", "comment", "complementary", "contentinfo", "definition", "deletion",
		"dialog", "document", "emphasis", "feed", "figure", "form", "generic", "grid",
		"group", "img", "insertion", "list", "listbox", "listitem", "log", "main", "mark", "marquee",
		"math", "menu", "menubar", "meter", "navigation", "none", "note", "paragraph", "progressbar",
		"radiogroup", "region", "rowgroup", "scrollbar", "search", "searchbox", "sectionfooter",
		"sectionheader", "separator", "slider", "spinbutton", "status", "strong", "subscript",
		"suggestion", "superscript", "table", "tablist", "tabpanel", "textbox", "time", "timer",
		"toolbar", "tree", "treegrid",
		"graphics-document", "graphics-symbol",
		"doc-abstract", "doc-acknowledgments", "doc-afterword", "doc-appendix", "doc-bibliography",
		"doc-chapter", "doc-colophon", "doc-conclusion", "doc-cover", "doc-credit", "doc-credits",
		"doc-dedication", "doc-endnote", "doc-endnotes", "doc-epigraph", "doc-epilogue", "doc-errata",
		"doc-example", "doc-footnote", "doc-foreword", "doc-glossary", "doc-index", "doc-introduction",
		"doc-notice", "doc-pagebreak", "doc-pagefooter", "doc-pageheader", "doc-pagelist", "doc-part",
		"doc-preface", "doc-prologue", "doc-pullquote", "doc-qna", "doc-tip", "doc-toc",
	}
	fromContent := []string{
		"button", "cell", "checkbox", "columnheader", "gridcell", "heading", "link", "menuitem",
		"menuitemcheckbox", "menuitemradio", "option", "radio", "row", "rowheader", "switch", "tab",
		"term", "tooltip", "treeitem",
		"doc-backlink", "doc-biblioref", "doc-glossref", "doc-noteref", "doc-subtitle",
		"graphics-object",
	}
	for _, r := range plain {
		ariaRoles[r] = roleInfo{name: r}
	}
	for _, r := range fromContent {
		ariaRoles[r] = roleInfo{name: r, fromContent: true}
	}
	ariaRoles["presentation"] = roleInfo{name: "none"}
	// ARIA 1.2 deprecates directory; Chromium exposes it as a list.
	ariaRoles["directory"] = roleInfo{name: "list"}
	ariaRoles["image"] = roleInfo{name: "img"}
}

// CanonicalRole returns the name Role uses for role, and whether role is a
// non-abstract ARIA role at all. It folds ASCII case and maps the synonyms
// ARIA defines to the name Chromium reports: "presentation" to "none",
// "image" to "img". Role queries use it to accept any spelling an author
// may write and to reject a role name that can never match.
func CanonicalRole(role string) (string, bool) {
	info, ok := ariaRoles[role]
	if !ok {
		info, ok = ariaRoles[htmltree.LowerASCII(role)]
	}
	return info.name, ok
}

// explicitRole returns the role el's role attribute gives it, or "" when
// it has none that applies: the first token naming a non-abstract role
// (ARIA §7.1), except that none and presentation give way to the implicit
// role on an element that is focusable or has a global ARIA attribute
// (ARIA §9.2 "Presentational Roles Conflict Resolution").
//
// up gives the facts of h's parent, which an option, list item or tree
// item needs to find its context.
func explicitRole(el *vdom.Node, h *html.Node, up *parentFacts) string {
	name := explicitToken(h)
	switch name {
	case "none":
		if presentationConflict(el, h) {
			return ""
		}
	case "region", "form":
		// A region or form landmark needs a name (ARIA §5.3.3); without
		// one Chromium takes the next role the attribute names, else
		// the element's own (a generic for a div).
		if !hasName(h) {
			return tokenAfterUnnamedLandmark(h)
		}
	case "listitem", "option", "treeitem":
		if !inRequiredContext(up.context(), name) {
			return "generic"
		}
	}
	return name
}

// explicitToken returns the role the first token of h's role attribute
// that names a non-abstract role names, "" when none does.
func explicitToken(h *html.Node) string {
	v, ok := attr(h, "role")
	if !ok {
		return ""
	}
	for rest := v; ; {
		var tok string
		tok, rest = nextToken(rest)
		if tok == "" {
			return ""
		}
		if name, ok := CanonicalRole(tok); ok {
			return name
		}
	}
}

// tokenAfterUnnamedLandmark returns the role of the first token of h's
// role attribute that names a role and is not an unnamed region or form,
// "" when there is none: h has no name, so a region or form token is
// passed over.
func tokenAfterUnnamedLandmark(h *html.Node) string {
	v, _ := attr(h, "role")
	for rest := v; ; {
		var tok string
		tok, rest = nextToken(rest)
		if tok == "" {
			return ""
		}
		if name, ok := CanonicalRole(tok); ok && name != "region" && name != "form" {
			return name
		}
	}
}

// contextDependent reports the roles that are generics outside their
// required context.
func contextDependent(role string) bool {
	return role == "listitem" || role == "option" || role == "treeitem"
}

// presentationConflict reports whether a presentational role on h must be
// ignored.
func presentationConflict(el *vdom.Node, h *html.Node) bool {
	if hasGlobalARIA(h) {
		return true
	}
	return el != nil && el.IsFocusable()
}

// globalARIA are the global states and properties of ARIA 1.2 (§6.4) that
// Chromium counts when deciding a presentational role conflict.
var globalARIA = map[string]bool{
	"aria-atomic": true, "aria-braillelabel": true, "aria-brailleroledescription": true,
	"aria-busy": true, "aria-controls": true, "aria-current": true, "aria-describedby": true,
	"aria-description": true, "aria-details": true, "aria-disabled": true, "aria-dropeffect": true,
	"aria-errormessage": true, "aria-flowto": true, "aria-grabbed": true, "aria-haspopup": true,
	"aria-hidden": true, "aria-invalid": true, "aria-keyshortcuts": true, "aria-label": true,
	"aria-labelledby": true, "aria-live": true, "aria-owns": true, "aria-relevant": true,
	"aria-roledescription": true,
}

func hasGlobalARIA(h *html.Node) bool {
	for i := range h.Attr {
		if a := &h.Attr[i]; a.Namespace == "" && len(a.Key) > 5 && a.Key[:5] == "aria-" && globalARIA[a.Key] {
			return true
		}
	}
	return false
}

// requiredContext lists, for the roles Chromium checks, the roles one of
// which must be around the element (ARIA "Required Context Role"); an
// element out of its context is exposed as a generic.
var requiredContext = map[string][]string{
	"listitem": {"list", "group"},
	"option":   {"listbox", "group", "combobox"},
	"treeitem": {"tree", "group"},
}

// inRequiredContext reports whether context, the role of the nearest
// ancestor whose role is not generic or none, is one of the roles role
// needs around it.
func inRequiredContext(context, role string) bool {
	for _, want := range requiredContext[role] {
		if context == want {
			return true
		}
	}
	return false
}
