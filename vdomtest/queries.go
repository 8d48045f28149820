package vdomtest

import (
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdom"
)

// The four forms of every query, run under s's root. Get and All fail the
// test when they find nothing, Get and Query when they find more than one;
// the message is the query's own: what it looked for, the candidates, and a
// print of the part of the page it searched. A query built from bad input
// (an invalid regular expression) fails the test in every form.

// Get returns the one element q finds under s's root and fails the test
// when there is none or more than one.
func (s *Screen) Get(q query.Query) *vdom.Node {
	s.t.Helper()
	el, err := q.Get(s.rootNode())
	if err != nil {
		s.t.Fatal(err)
		return nil
	}
	return el
}

// Query returns the element q finds under s's root, or nil when there is
// none; it fails the test when there is more than one.
func (s *Screen) Query(q query.Query) *vdom.Node {
	s.t.Helper()
	el, err := q.Query(s.rootNode())
	if err != nil {
		s.t.Fatal(err)
		return nil
	}
	return el
}

// All returns the elements q finds under s's root, in tree order, and fails
// the test when there is none.
func (s *Screen) All(q query.Query) []*vdom.Node {
	s.t.Helper()
	els, err := q.All(s.rootNode())
	if err != nil {
		s.t.Fatal(err)
		return nil
	}
	return els
}

// QueryAll returns the elements q finds under s's root, in tree order,
// possibly none.
func (s *Screen) QueryAll(q query.Query) []*vdom.Node {
	s.t.Helper()
	els, err := q.QueryAll(s.rootNode())
	if err != nil {
		s.t.Fatal(err)
		return nil
	}
	return els
}
