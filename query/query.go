package query

import (
	"strings"

	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/vdom"
)

// A Query describes the elements a user would look for. The constructors
// (ByRole, ByLabelText, ByPlaceholderText, ByText, ByDisplayValue,
// ByAltText, ByTitle, ByTestID and their ...Func forms) build one; its
// methods run it under a root, which scopes it (Testing Library's
// within): the document node for the whole page, or any element or
// document fragment for the part of the page below it.
//
// A Query is a small immutable value: build it once and run it as often
// as needed, from any goroutine that owns the document it runs on. A
// constructor never fails; a query built from bad input (an invalid
// regular expression, an option that does not apply) returns that error
// from each of its methods, wrapping ErrBadQuery. The zero Query is such
// a query too.
type Query struct {
	f   finder
	err error
}

// finder is one kind of query.
type finder interface {
	// find returns the elements under the scope's root that match, in
	// tree order.
	find(s *scope) ([]*vdom.Node, error)
	// describe writes what the query looks for: `role "button" with name
	// "Save"`.
	describe(b *strings.Builder)
	// explain writes, for a query that found nothing, what is there that
	// the user may have meant (the roles present, a label without a
	// control); nothing when there is nothing to add.
	explain(s *scope, b *strings.Builder)
}

// build makes a Query of f, or one that returns err.
func build(f finder, err error) Query {
	if err != nil {
		return Query{err: err}
	}
	return Query{f: f}
}

// String describes what the query looks for, as errors say it:
// `role "button" with name "Save"`, `label text containing "mail"`.
func (q Query) String() string {
	if q.f == nil {
		if q.err != nil {
			return "invalid query"
		}
		return "empty query"
	}
	var b strings.Builder
	q.f.describe(&b)
	return b.String()
}

// Get returns the one element under root the query finds; an error
// wrapping ErrNotFound when it finds none, ErrMultiple when it finds more
// than one (Testing Library's getBy).
func (q Query) Get(root *vdom.Node) (*vdom.Node, error) {
	s, found, err := q.run(root)
	if err != nil {
		return nil, err
	}
	switch len(found) {
	case 0:
		return nil, notFound(q, s)
	case 1:
		return found[0], nil
	}
	return nil, multiple(q, s, found)
}

// Query returns the element under root the query finds, or nil when there
// is none; an error wrapping ErrMultiple when it finds more than one
// (Testing Library's queryBy).
func (q Query) Query(root *vdom.Node) (*vdom.Node, error) {
	s, found, err := q.run(root)
	if err != nil {
		return nil, err
	}
	switch len(found) {
	case 0:
		return nil, nil
	case 1:
		return found[0], nil
	}
	return nil, multiple(q, s, found)
}

// All returns the elements under root the query finds, in tree order; an
// error wrapping ErrNotFound when it finds none (Testing Library's
// getAllBy).
func (q Query) All(root *vdom.Node) ([]*vdom.Node, error) {
	s, found, err := q.run(root)
	if err != nil {
		return nil, err
	}
	if len(found) == 0 {
		return nil, notFound(q, s)
	}
	return found, nil
}

// QueryAll returns the elements under root the query finds, in tree
// order, possibly none (Testing Library's queryAllBy). Its only errors
// are those of a bad query or root.
func (q Query) QueryAll(root *vdom.Node) ([]*vdom.Node, error) {
	_, found, err := q.run(root)
	return found, err
}

// run checks the query and the root and finds the elements.
func (q Query) run(root *vdom.Node) (*scope, []*vdom.Node, error) {
	if q.err != nil {
		return nil, nil, q.err
	}
	if q.f == nil {
		return nil, nil, errkind.Errorf("query: %w: the zero Query; build one with ByRole, ByText or another constructor", ErrBadQuery)
	}
	s, err := newScope(root)
	if err != nil {
		return nil, nil, errkind.Errorf("query: %s: %w", q, err)
	}
	found, err := q.f.find(s)
	if err != nil {
		return nil, nil, err
	}
	return s, found, nil
}
