package query

import (
	"fmt"
	"strings"

	"github.com/eventperk/eventperk-go/a11y"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
)

// The bounds of the role listing in errors: a page with hundreds of links
// still gives a message that fits on a screen.
const (
	maxPerRole   = 8
	maxRoleBytes = 4000
)

// listRoles writes the roles of the elements under the scope's root with
// their names (Testing Library's "Here are the accessible roles"), in the
// order each role first appears, leaving out generic elements as Testing
// Library does, and hidden ones unless hidden is set; with desc, the
// descriptions too.
func listRoles(b *strings.Builder, s *scope, hidden, desc bool) {
	type entry struct {
		role string
		els  []*vdom.Node
	}
	var roles []*entry
	index := map[string]*entry{}
	// The tree does not change while the listing is made: the ancestors
	// and the label elements of the page are read once.
	var cache a11y.Cache
	s.elements(func(h *html.Node) bool {
		el := s.wrap(h)
		role := cache.Role(el)
		if role == "" || role == "generic" || (!hidden && cache.IsHidden(el)) {
			return true
		}
		e := index[role]
		if e == nil {
			e = &entry{role: role}
			index[role] = e
			roles = append(roles, e)
		}
		e.els = append(e.els, el)
		return true
	})
	if len(roles) == 0 {
		if hidden {
			b.WriteString("There are no roles here.")
		} else {
			b.WriteString("There are no accessible roles here; hidden elements may have roles: IncludeHidden() finds them.")
		}
		return
	}
	if hidden {
		b.WriteString("Here are the roles (hidden ones included):")
	} else {
		b.WriteString("Here are the accessible roles (hidden elements left out):")
	}
	start := b.Len()
	for i, e := range roles {
		if b.Len()-start > maxRoleBytes {
			fmt.Fprintf(b, "\n  ... and %d more roles", len(roles)-i)
			break
		}
		b.WriteString("\n  " + e.role + ":")
		for j, el := range e.els {
			if j == maxPerRole {
				fmt.Fprintf(b, "\n    ... and %d more", len(e.els)-maxPerRole)
				break
			}
			b.WriteString("\n    name " + quote(cache.Name(el)))
			if desc {
				b.WriteString(", description " + quote(cache.Description(el)))
			}
			b.WriteString(" " + startTag(el))
		}
	}
}
