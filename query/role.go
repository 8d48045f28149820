package query

import (
	"strings"

	"github.com/eventperk/eventperk-go/a11y"
	"github.com/eventperk/eventperk-go/internal/suggest"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
)

// ByRole finds the elements with the ARIA role role, as assistive
// technology sees the page: an element's role is the first token of its
// role attribute that names a concrete ARIA role, else the implicit role
// HTML-AAM gives its element (a11y.Role). A query for a role matches that
// role only, not the roles it specialises: ByRole("textbox") does not
// find a searchbox, and abstract roles ("input", "landmark") find
// nothing. The role may be written in any case and as a synonym ARIA
// defines ("presentation" for "none", "image" for "img"); a name that is
// not a concrete ARIA role is an error, since no element could have it.
// QueryFallbacks also matches the other tokens of role attributes.
//
// Elements excluded from the accessibility tree (display: none or
// visibility: hidden from the page's style sheets or the hidden
// attribute, aria-hidden, and the rest a11y.IsHidden lists) are left out
// unless
// IncludeHidden is given. The other options filter on the accessible name
// and description and on states; every one given must hold. Names are
// computed only for elements that have the role and the states asked
// for, so a query stays cheap on a large page.
func ByRole(role string, opts ...RoleOption) Query {
	f := &roleFinder{role: role}
	for i, o := range opts {
		if o == nil {
			return Query{err: errorf(f.what(), "option %d is nil", i+1)}
		}
		o.applyRole(&f.cfg)
	}
	if err := f.check(); err != nil {
		return Query{err: err}
	}
	return build(f, nil)
}

// roleFinder is a role query.
type roleFinder struct {
	role  string // as given, for descriptions
	canon string // the name a11y.Role uses for it
	cfg   roleConfig
}

// what names the query in errors about it.
func (f *roleFinder) what() string { return "ByRole(" + quote(f.role) + ")" }

// check validates the role and the options against it.
func (f *roleFinder) check() error {
	switch {
	case f.role == "":
		return errorf(f.what(), "the role is empty")
	case strings.IndexFunc(f.role, isSpace) >= 0:
		return errorf(f.what(), "a role is one token; QueryFallbacks matches any token of a role attribute")
	}
	canon, ok := a11y.CanonicalRole(f.role)
	if !ok {
		if s := suggest.Role(f.role); s != "" {
			return errorf(f.what(), "%q is not a concrete ARIA role, so no element ever has it; did you mean %q?", f.role, s)
		}
		return errorf(f.what(), "%q is not a concrete ARIA role, so no element ever has it", f.role)
	}
	f.canon = canon
	return f.cfg.check(f.what(), canon)
}

func (f *roleFinder) find(s *scope) ([]*vdom.Node, error) {
	tags, narrow := roleTags[f.canon]
	var found []*vdom.Node
	// One cache for the walk: the ancestors of the elements found are
	// read once, however deep the page.
	var w roleWalk
	root := s.root.HTML()
	for h := root.FirstChild; h != nil; h = step(h, root) {
		if h.Type != html.ElementNode {
			continue
		}
		// Elements without a role attribute have their implicit role,
		// which only some element types can have (roleTags): the others
		// are passed over on a test of their atom, without asking a11y.
		v, explicit := roleAttr(h)
		if !explicit && narrow && !tags.has(h.DataAtom) {
			continue
		}
		el := s.wrap(h)
		if !(explicit && f.cfg.fallbacks && hasToken(v, f.canon)) && w.cache.Role(el) != f.canon {
			continue
		}
		if f.cfg.keep(el, &w) {
			found = append(found, el)
		}
	}
	return found, nil
}

// roleAttr returns h's role attribute when it holds a token.
func roleAttr(h *html.Node) (string, bool) {
	for i := range h.Attr {
		if a := &h.Attr[i]; a.Key == "role" && a.Namespace == "" {
			return a.Val, strings.TrimFunc(a.Val, isSpace) != ""
		}
	}
	return "", false
}

// hasToken reports whether the space-separated list v holds a token that
// names role, in any case or synonym.
func hasToken(v, role string) bool {
	for _, t := range strings.FieldsFunc(v, isSpace) {
		if c, ok := a11y.CanonicalRole(t); ok && c == role {
			return true
		}
	}
	return false
}

func (f *roleFinder) describe(b *strings.Builder) {
	b.WriteString("role ")
	b.WriteString(quote(f.role))
	f.cfg.describe(b)
}

func (f *roleFinder) explain(s *scope, b *strings.Builder) {
	if !f.cfg.includeHidden {
		f.explainHidden(s, b)
	}
	listRoles(b, s, f.cfg.includeHidden, f.cfg.desc != nil)
}
