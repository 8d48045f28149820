package vdomtest

import (
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdom"
)

// The queries by text, placeholder, display value, alt text, title and test
// id, in Testing Library's words: s.GetByText("Save") is
// s.Get(query.ByText("Save")). The options are the query package's
// (query.Substring, query.Regexp, query.Selector, ...).

// GetByText is Get(query.ByText(text, opts...)).
func (s *Screen) GetByText(text string, opts ...query.TextOption) *vdom.Node {
	s.t.Helper()
	return s.Get(query.ByText(text, opts...))
}

// QueryByText is Query(query.ByText(text, opts...)).
func (s *Screen) QueryByText(text string, opts ...query.TextOption) *vdom.Node {
	s.t.Helper()
	return s.Query(query.ByText(text, opts...))
}

// AllByText is All(query.ByText(text, opts...)).
func (s *Screen) AllByText(text string, opts ...query.TextOption) []*vdom.Node {
	s.t.Helper()
	return s.All(query.ByText(text, opts...))
}

// QueryAllByText is QueryAll(query.ByText(text, opts...)).
func (s *Screen) QueryAllByText(text string, opts ...query.TextOption) []*vdom.Node {
	s.t.Helper()
	return s.QueryAll(query.ByText(text, opts...))
}

// GetByPlaceholderText is Get(query.ByPlaceholderText(text, opts...)).
func (s *Screen) GetByPlaceholderText(text string, opts ...query.TextOption) *vdom.Node {
	s.t.Helper()
	return s.Get(query.ByPlaceholderText(text, opts...))
}

// QueryByPlaceholderText is Query(query.ByPlaceholderText(text, opts...)).
func (s *Screen) QueryByPlaceholderText(text string, opts ...query.TextOption) *vdom.Node {
	s.t.Helper()
	return s.Query(query.ByPlaceholderText(text, opts...))
}

// AllByPlaceholderText is All(query.ByPlaceholderText(text, opts...)).
func (s *Screen) AllByPlaceholderText(text string, opts ...query.TextOption) []*vdom.Node {
	s.t.Helper()
	return s.All(query.ByPlaceholderText(text, opts...))
}

// QueryAllByPlaceholderText is QueryAll(query.ByPlaceholderText(text, opts...)).
func (s *Screen) QueryAllByPlaceholderText(text string, opts ...query.TextOption) []*vdom.Node {
	s.t.Helper()
	return s.QueryAll(query.ByPlaceholderText(text, opts...))
}

// GetByDisplayValue is Get(query.ByDisplayValue(value, opts...)).
func (s *Screen) GetByDisplayValue(value string, opts ...query.TextOption) *vdom.Node {
	s.t.Helper()
	return s.Get(query.ByDisplayValue(value, opts...))
}

// QueryByDisplayValue is Query(query.ByDisplayValue(value, opts...)).
func (s *Screen) QueryByDisplayValue(value string, opts ...query.TextOption) *vdom.Node {
	s.t.Helper()
	return s.Query(query.ByDisplayValue(value, opts...))
}

// AllByDisplayValue is All(query.ByDisplayValue(value, opts...)).
func (s *Screen) AllByDisplayValue(value string, opts ...query.TextOption) []*vdom.Node {
	s.t.Helper()
	return s.All(query.ByDisplayValue(value, opts...))
}

// QueryAllByDisplayValue is QueryAll(query.ByDisplayValue(value, opts...)).
func (s *Screen) QueryAllByDisplayValue(value string, opts ...query.TextOption) []*vdom.Node {
	s.t.Helper()
	return s.QueryAll(query.ByDisplayValue(value, opts...))
}

// GetByAltText is Get(query.ByAltText(text, opts...)).
func (s *Screen) GetByAltText(text string, opts ...query.TextOption) *vdom.Node {
	s.t.Helper()
	return s.Get(query.ByAltText(text, opts...))
}

// QueryByAltText is Query(query.ByAltText(text, opts...)).
func (s *Screen) QueryByAltText(text string, opts ...query.TextOption) *vdom.Node {
	s.t.Helper()
	return s.Query(query.ByAltText(text, opts...))
}

// AllByAltText is All(query.ByAltText(text, opts...)).
func (s *Screen) AllByAltText(text string, opts ...query.TextOption) []*vdom.Node {
	s.t.Helper()
	return s.All(query.ByAltText(text, opts...))
}

// QueryAllByAltText is QueryAll(query.ByAltText(text, opts...)).
func (s *Screen) QueryAllByAltText(text string, opts ...query.TextOption) []*vdom.Node {
	s.t.Helper()
	return s.QueryAll(query.ByAltText(text, opts...))
}

// GetByTitle is Get(query.ByTitle(text, opts...)).
func (s *Screen) GetByTitle(text string, opts ...query.TextOption) *vdom.Node {
	s.t.Helper()
	return s.Get(query.ByTitle(text, opts...))
}

// QueryByTitle is Query(query.ByTitle(text, opts...)).
func (s *Screen) QueryByTitle(text string, opts ...query.TextOption) *vdom.Node {
	s.t.Helper()
	return s.Query(query.ByTitle(text, opts...))
}

// AllByTitle is All(query.ByTitle(text, opts...)).
func (s *Screen) AllByTitle(text string, opts ...query.TextOption) []*vdom.Node {
	s.t.Helper()
	return s.All(query.ByTitle(text, opts...))
}

// QueryAllByTitle is QueryAll(query.ByTitle(text, opts...)).
func (s *Screen) QueryAllByTitle(text string, opts ...query.TextOption) []*vdom.Node {
	s.t.Helper()
	return s.QueryAll(query.ByTitle(text, opts...))
}

// GetByTestID is Get(query.ByTestID(id, opts...)).
func (s *Screen) GetByTestID(id string, opts ...query.TextOption) *vdom.Node {
	s.t.Helper()
	return s.Get(query.ByTestID(id, opts...))
}

// QueryByTestID is Query(query.ByTestID(id, opts...)).
func (s *Screen) QueryByTestID(id string, opts ...query.TextOption) *vdom.Node {
	s.t.Helper()
	return s.Query(query.ByTestID(id, opts...))
}

// AllByTestID is All(query.ByTestID(id, opts...)).
func (s *Screen) AllByTestID(id string, opts ...query.TextOption) []*vdom.Node {
	s.t.Helper()
	return s.All(query.ByTestID(id, opts...))
}

// QueryAllByTestID is QueryAll(query.ByTestID(id, opts...)).
func (s *Screen) QueryAllByTestID(id string, opts ...query.TextOption) []*vdom.Node {
	s.t.Helper()
	return s.QueryAll(query.ByTestID(id, opts...))
}
