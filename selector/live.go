package selector

import "golang.org/x/net/html"

// Live is a selector run against the live state of a document: the same
// queries as Selector's, with :checked, :disabled, :valid, :focus and the
// other pseudo-classes of [PseudoClass] answered by a [State]. Get one from
// [Selector.WithState]; it is a small value, free to make for each query.
type Live struct {
	s  *Selector
	st State
}

// WithState returns s bound to st, whose queries match the pseudo-classes
// of live state through st instead of the attributes. A nil st is
// [Static]. For a selector that uses none of those pseudo-classes, the
// queries of the result are exactly s's, at the same cost; st is never
// called.
func (s *Selector) WithState(st State) Live { return Live{s: s, st: st} }

// QueryAll is [Selector.QueryAll] with l's State.
func (l Live) QueryAll(root *html.Node) []*html.Node { return l.s.appendAll(nil, root, l.st) }

// AppendAll is [Selector.AppendAll] with l's State.
func (l Live) AppendAll(dst []*html.Node, root *html.Node) []*html.Node {
	return l.s.appendAll(dst, root, l.st)
}

// QueryFirst is [Selector.QueryFirst] with l's State.
func (l Live) QueryFirst(root *html.Node) *html.Node { return l.s.queryFirst(root, l.st) }

// Match is [Selector.Match] with l's State.
func (l Live) Match(el, scope *html.Node) bool { return l.s.match(el, scope, l.st) }

// Closest is [Selector.Closest] with l's State.
func (l Live) Closest(el *html.Node) *html.Node { return l.s.closest(el, l.st) }

// QueryScoped is [Selector.QueryScoped] with l's State.
func (l Live) QueryScoped(root *html.Node, boundary func(*html.Node) bool) []*html.Node {
	return l.s.queryScoped(root, boundary, l.st)
}

func orStatic(st State) State {
	if st == nil {
		return Static
	}
	return st
}
