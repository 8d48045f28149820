package query

import "github.com/eventperk/eventperk-go/vdom"

// A Query describes the elements a user would look for. The constructors
// (ByRole, ByLabelText, ByPlaceholderText, ByText, ByDisplayValue,
// ByAltText, ByTitle, ByTestID) build one; its methods run it under a root
// element or document node, which scopes it (Testing Library's within).
type Query struct {
	// filled in by the query package
}

// Get returns the one element under root the query finds; an error when it
// finds none or more than one.
func (q Query) Get(root *vdom.Node) (*vdom.Node, error) { panic("query: not yet implemented") }

// Query returns the element under root the query finds, or nil when there
// is none; an error when it finds more than one.
func (q Query) Query(root *vdom.Node) (*vdom.Node, error) { panic("query: not yet implemented") }

// All returns the elements under root the query finds, in tree order; an
// error when it finds none.
func (q Query) All(root *vdom.Node) ([]*vdom.Node, error) { panic("query: not yet implemented") }

// QueryAll returns the elements under root the query finds, in tree order,
// possibly none.
func (q Query) QueryAll(root *vdom.Node) ([]*vdom.Node, error) { panic("query: not yet implemented") }
