package selector

import (
	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"
)

// Selector is a compiled selector list. It is immutable and safe for
// concurrent use by any number of goroutines.
type Selector struct {
	src string
	// fast is cascadia's own matcher for the whole list, set when the
	// selector uses nothing cascadia lacks (no :scope, :is(), :where(),
	// :has()). Match runs it, and so do the plain queries unless loops is
	// set.
	fast cascadia.Matcher
	// loops is set when the list has a descendant or general sibling
	// combinator. Queries then run this package's matcher with a memo
	// (memo.go), which stays linear on deep pages where cascadia's would
	// walk up from every candidate.
	loops bool
	// width and scopedWidth count the parts of list and scoped, for memo
	// slots.
	width, scopedWidth int
	// list is the compiled form run by this package's matcher (match.go).
	list selList
	// scoped is list with ":scope " in front of every complex selector
	// that does not start with :scope, for QueryScoped.
	scoped selList
	// scopedFast is set when QueryScoped may run fast too: every selector
	// of the list is a single compound, so ":scope " in front adds nothing
	// for the elements below the root.
	scopedFast bool
	// depth and scopedDepth bound how deep below the query root a match
	// can be (-1: unbounded), so ":scope > li" visits only the children.
	depth, scopedDepth int
	// state is set when the list uses a pseudo-class of live state
	// (state.go); only then do queries set up the State.
	state bool
	// live is set when matching may call the State (a pseudo-class of
	// live state anywhere in the list): ReadsState.
	live bool
}

// Compile compiles a selector list, such as "ul > li.item, a[href]".
//
// It goes through a package-level cache (see cache.go): a string seen
// before is not parsed again while it is cached, and invalid strings are
// cached too, returning the same *Error. Every error is an *Error, and
// errors.Is(err, ErrSyntax) holds.
func Compile(sel string) (*Selector, error) {
	if len(sel) > maxCachedLen {
		return compile(sel)
	}
	return defaultCache.get(sel)
}

// MustCompile is like Compile but panics on an invalid selector. It is
// meant for string literals known to be valid.
func MustCompile(sel string) *Selector {
	s, err := Compile(sel)
	if err != nil {
		panic(err)
	}
	return s
}

// ReadsState reports whether matching s may ask a [State] anything: whether
// the list uses, anywhere, a pseudo-class of live state (:checked, :focus,
// :valid, :target, ...; see [PseudoClass]). When it does not, the result of
// a query depends on the tree alone, so a caller that caches results needs
// to drop them only when the tree changes; when it does, also when the
// state changes.
func (s *Selector) ReadsState() bool { return s.live }

// String returns the source text the selector was compiled from.
func (s *Selector) String() string { return s.src }

// Match reports whether the element el matches the selector, with the
// semantics of the DOM's Element.matches(): ancestors and siblings anywhere
// in el's tree may take part.
//
// scope is the element :scope stands for. For Element.matches() and
// Element.closest() the DOM makes it the element the method was called on,
// so pass el itself for matches(), and the element closest() was called on
// while walking up its ancestors. With a nil scope there is no scoping root
// and, as Selectors 4 defines for that case, :scope stands for the root
// element of el's tree (the element whose parent is the document, or which
// has no parent).
//
// A node that is not an element never matches. Pseudo-classes of live
// state are decided by [Static], from attributes; see [Selector.WithState].
func (s *Selector) Match(el, scope *html.Node) bool {
	return s.match(el, scope, nil)
}

func (s *Selector) match(el, scope *html.Node, st State) bool {
	if el == nil || el.Type != html.ElementNode {
		return false
	}
	if s.fast != nil {
		return s.fast.Match(el)
	}
	x := mctx{scope: scope}
	var lv liveCtx
	if s.state {
		lv.st = orStatic(st)
		x.live = &lv
	}
	return s.list.match(el, 0, &x)
}

// Closest returns the nearest inclusive ancestor of el that matches, or
// nil, as Element.closest() does: :scope is el while every ancestor is
// tried. A query's worth of state (see [Selector.WithState]) is read once
// for the whole walk, so closest(":focus-within") stays linear on deep
// pages.
func (s *Selector) Closest(el *html.Node) *html.Node {
	return s.closest(el, nil)
}

func (s *Selector) closest(el *html.Node, st State) *html.Node {
	var lv liveCtx
	var live *liveCtx
	if s.state {
		lv.st = orStatic(st)
		live = &lv
	}
	for h := el; h != nil; h = h.Parent {
		if h.Type != html.ElementNode {
			continue
		}
		if s.fast != nil {
			if s.fast.Match(h) {
				return h
			}
			continue
		}
		x := mctx{scope: el, live: live}
		if s.list.match(h, 0, &x) {
			return h
		}
	}
	return nil
}
