package vdom

import (
	"github.com/eventperk/eventperk-go/selector"
	"golang.org/x/net/html"
)

// compile turns a selector error into a SyntaxError that still matches
// selector.ErrSyntax.
func compile(sel string) (*selector.Selector, error) {
	s, err := selector.Compile(sel)
	if err != nil {
		return nil, &SelectorError{Err: err}
	}
	return s, nil
}

// SelectorError is the DOM SyntaxError for an invalid selector. It matches
// both ErrSyntax and selector.ErrSyntax with errors.Is.
type SelectorError struct{ Err error }

func (e *SelectorError) Error() string { return e.Err.Error() }

// Unwrap returns the selector package's error.
func (e *SelectorError) Unwrap() error { return e.Err }

// Is makes errors.Is(err, ErrSyntax) true.
func (e *SelectorError) Is(target error) bool { return target == ErrSyntax }

// QuerySelector returns the first descendant element, in tree order, that
// matches sel, or nil. Ancestors outside n may take part in the match, as in
// the DOM; ":scope" is n. An invalid selector is an error matching ErrSyntax.
//
// Pseudo-classes of state (:checked, :disabled, :valid, :focus...) match
// the live state of the controls, not their attributes, in every query
// method (see selector_state.go).
func (n *Node) QuerySelector(sel string) (*Node, error) {
	k := queryKey{root: n.h, sel: sel, first: true}
	if e, ok := n.doc.cachedQuery(k); ok {
		return e.one, nil
	}
	s, err := compile(sel)
	if err != nil {
		return nil, err
	}
	r := n.doc.wrap(s.WithState(n.doc.selectorState()).QueryFirst(n.h))
	n.doc.keepQuery(k, s.ReadsState(), nil, r)
	return r, nil
}

// QuerySelectorAll returns the descendant elements that match sel, in tree
// order (a snapshot, as the DOM's static NodeList). The slice is the
// caller's: results are kept until the document changes (query_cache.go),
// and each call returns a new copy.
func (n *Node) QuerySelectorAll(sel string) ([]*Node, error) {
	k := queryKey{root: n.h, sel: sel}
	if e, ok := n.doc.cachedQuery(k); ok {
		return copyNodes(e.all), nil
	}
	s, err := compile(sel)
	if err != nil {
		return nil, err
	}
	all := n.wrapAll(s.WithState(n.doc.selectorState()).QueryAll(n.h))
	n.doc.keepQuery(k, s.ReadsState(), all, nil)
	return copyNodes(all), nil
}

// QueryScoped is the query units use: like QuerySelectorAll, but every
// compound of sel must match inside n (as if ":scope " preceded each
// selector of the group), and, when boundary is not nil, elements inside a
// nested element for which boundary returns true are left out (the boundary
// element itself is kept).
func (n *Node) QueryScoped(sel string, boundary func(*Node) bool) ([]*Node, error) {
	s, err := compile(sel)
	if err != nil {
		return nil, err
	}
	var pred func(*html.Node) bool
	if boundary != nil {
		pred = func(h *html.Node) bool { return boundary(n.doc.wrap(h)) }
	}
	return n.wrapAll(s.WithState(n.doc.selectorState()).QueryScoped(n.h, pred)), nil
}

func (n *Node) wrapAll(hs []*html.Node) []*Node {
	out := make([]*Node, len(hs))
	for i, h := range hs {
		out[i] = n.doc.wrap(h)
	}
	return out
}

// Matches reports whether the element matches sel; ":scope" is the element.
func (n *Node) Matches(sel string) (bool, error) {
	s, err := compile(sel)
	if err != nil {
		return false, err
	}
	return n.h.Type == html.ElementNode && s.WithState(n.doc.selectorState()).Match(n.h, n.h), nil
}

// Closest returns the nearest inclusive ancestor element that matches sel,
// or nil; ":scope" is n.
func (n *Node) Closest(sel string) (*Node, error) {
	s, err := compile(sel)
	if err != nil {
		return nil, err
	}
	return n.doc.wrap(s.WithState(n.doc.selectorState()).Closest(n.h)), nil
}

// MustQuerySelector returns the first element that matches sel, for tests
// and for selectors known to match: it never returns nil. It panics with an
// error value, which errors.Is tells apart: one matching ErrSyntax for an
// invalid selector, one matching ErrNotFound, naming the selector and n,
// when nothing matches.
func (n *Node) MustQuerySelector(sel string) *Node {
	r, err := n.QuerySelector(sel)
	if err != nil {
		panic(err)
	}
	if r == nil {
		panic(domErrorf(ErrNotFound, "MustQuerySelector(%q): no element under %s matches", sel, n.describe()))
	}
	return r
}
