package query

import (
	"fmt"
	"strings"

	"github.com/eventperk/eventperk-go/internal/elname"
	"github.com/eventperk/eventperk-go/internal/htmltree"
	"github.com/eventperk/eventperk-go/internal/unseen"
	"github.com/eventperk/eventperk-go/vdom"
)

// maxHiddenExplained bounds the hidden matches an error explains.
const maxHiddenExplained = 3

// explainHidden writes, when a role query without IncludeHidden finds
// nothing, the elements it would find with it and why each is hidden:
// the element and the rule that hide it, as userevent and vdomtest word
// it ("its ancestor #menu has display: none from `.hidden` in <style>
// #1, line 2"), or the aria-hidden that takes it out of the tree. A test
// that looks for a menu item before opening the menu reads why at once.
func (f *roleFinder) explainHidden(s *scope, b *strings.Builder) {
	all := &roleFinder{role: f.role, canon: f.canon, cfg: f.cfg}
	all.cfg.includeHidden = true
	found, err := all.find(s)
	if err != nil || len(found) == 0 {
		return
	}
	if len(found) == 1 {
		b.WriteString("One element matches but is hidden (IncludeHidden() finds it):")
	} else {
		fmt.Fprintf(b, "%d elements match but are hidden (IncludeHidden() finds them):", len(found))
	}
	for i, el := range found {
		if i == maxHiddenExplained {
			fmt.Fprintf(b, "\n  ... and %d more", len(found)-maxHiddenExplained)
			break
		}
		b.WriteString("\n  " + startTag(el) + ": " + whyHidden(el))
	}
	b.WriteString("\n\n")
}

// whyHidden says why el is left out of the accessibility tree: not
// rendered, invisible (internal/unseen's reasons, with the rule), or
// aria-hidden on it or an ancestor.
func whyHidden(el *vdom.Node) string {
	if why := unseen.NotRendered(el); why != "" {
		return why
	}
	if why := unseen.Invisible(el); why != "" {
		return why
	}
	for n := el; n != nil; n = n.ParentElement() {
		v, ok := n.GetAttribute("aria-hidden")
		if !ok || !htmltree.EqualFoldASCII(htmltree.TrimSpace(v), "true") {
			continue
		}
		switch n.LocalName() {
		case "html", "body":
			// Chromium ignores aria-hidden there.
			continue
		}
		if n == el {
			return `it has aria-hidden="true"`
		}
		return "its ancestor " + elname.Of(n) + ` has aria-hidden="true"`
	}
	return "it is left out of the accessibility tree"
}
