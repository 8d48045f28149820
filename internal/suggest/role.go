package suggest

import "strings"

// commonRoles are the roles tests ask for most. A misspelt role is
// suggested one of these only: the full list of ARIA roles (doc-*,
// graphics-*, ...) holds names a typo is far less likely to have meant.
var commonRoles = []string{
	"alert", "article", "banner", "button", "cell", "checkbox", "columnheader", "combobox",
	"complementary", "contentinfo", "dialog", "form", "grid", "group", "heading", "img", "link",
	"list", "listbox", "listitem", "main", "menu", "menubar", "menuitem", "navigation", "option",
	"paragraph", "progressbar", "radio", "radiogroup", "region", "row", "rowheader", "search",
	"searchbox", "separator", "slider", "spinbutton", "status", "switch", "tab", "table",
	"tablist", "tabpanel", "textbox", "toolbar", "tooltip", "tree", "treeitem",
}

// Role returns the common ARIA role that role, which is none, was most
// likely meant to be ("buton": "button"), or "".
func Role(role string) string { return Word(strings.ToLower(role), commonRoles) }
