package vdomtest

import (
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdom"
)

// The queries by role and by label text, in Testing Library's words:
// s.GetByRole("button", query.Name("Save")) is
// s.Get(query.ByRole("button", query.Name("Save"))).

// GetByRole is Get(query.ByRole(role, opts...)).
func (s *Screen) GetByRole(role string, opts ...query.RoleOption) *vdom.Node {
	s.t.Helper()
	return s.Get(query.ByRole(role, opts...))
}

// QueryByRole is Query(query.ByRole(role, opts...)).
func (s *Screen) QueryByRole(role string, opts ...query.RoleOption) *vdom.Node {
	s.t.Helper()
	return s.Query(query.ByRole(role, opts...))
}

// AllByRole is All(query.ByRole(role, opts...)).
func (s *Screen) AllByRole(role string, opts ...query.RoleOption) []*vdom.Node {
	s.t.Helper()
	return s.All(query.ByRole(role, opts...))
}

// QueryAllByRole is QueryAll(query.ByRole(role, opts...)).
func (s *Screen) QueryAllByRole(role string, opts ...query.RoleOption) []*vdom.Node {
	s.t.Helper()
	return s.QueryAll(query.ByRole(role, opts...))
}

// FindByRole is Find(query.ByRole(role, opts...)): GetByRole, waiting for
// the element as WaitFor does.
func (s *Screen) FindByRole(role string, opts ...query.RoleOption) *vdom.Node {
	s.t.Helper()
	return s.Find(query.ByRole(role, opts...))
}

// GetByLabelText is Get(query.ByLabelText(text, opts...)).
func (s *Screen) GetByLabelText(text string, opts ...query.TextOption) *vdom.Node {
	s.t.Helper()
	return s.Get(query.ByLabelText(text, opts...))
}

// QueryByLabelText is Query(query.ByLabelText(text, opts...)).
func (s *Screen) QueryByLabelText(text string, opts ...query.TextOption) *vdom.Node {
	s.t.Helper()
	return s.Query(query.ByLabelText(text, opts...))
}

// AllByLabelText is All(query.ByLabelText(text, opts...)).
func (s *Screen) AllByLabelText(text string, opts ...query.TextOption) []*vdom.Node {
	s.t.Helper()
	return s.All(query.ByLabelText(text, opts...))
}

// QueryAllByLabelText is QueryAll(query.ByLabelText(text, opts...)).
func (s *Screen) QueryAllByLabelText(text string, opts ...query.TextOption) []*vdom.Node {
	s.t.Helper()
	return s.QueryAll(query.ByLabelText(text, opts...))
}
