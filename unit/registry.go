package unit

import (
	"slices"

	"github.com/eventperk/eventperk-go/internal/domext"
	"github.com/eventperk/eventperk-go/vdom"
)

// docUnits lists the units of one document, kept as a document value so it
// lives and dies with the document.
type docUnits struct {
	byRoot map[*vdom.Node]*Unit
	order  []*Unit
	tracer Tracer
	// ver changes whenever a unit is added or removed (UnitsVersion).
	ver uint64
}

type unitsKey struct{}

func registryOf(doc *vdom.Document) *docUnits {
	if r, ok := domext.Value(doc, unitsKey{}).(*docUnits); ok {
		return r
	}
	r := &docUnits{byRoot: make(map[*vdom.Node]*Unit)}
	domext.SetValue(doc, unitsKey{}, r)
	return r
}

func (r *docUnits) add(u *Unit) {
	r.byRoot[u.root] = u
	r.order = append(r.order, u)
	r.ver++
}

func (r *docUnits) remove(u *Unit) {
	r.ver++
	if r.byRoot[u.root] == u {
		delete(r.byRoot, u.root)
	}
	// slices.Delete clears the vacated slot at the end of the backing
	// array; shifting with append left the last unit there, so a stopped
	// unit (and all it refers to) stayed reachable from the document.
	if i := slices.Index(r.order, u); i >= 0 {
		r.order = slices.Delete(r.order, i, i+1)
	}
}

// FromElement returns the unit whose root is el, if any.
func FromElement(el *vdom.Node) (*Unit, bool) {
	if el == nil {
		return nil, false
	}
	doc := el.OwnerDocument()
	if doc == nil {
		return nil, false
	}
	u, ok := registryOf(doc).byRoot[el]
	return u, ok
}

// Of returns the nearest unit whose root is el or an ancestor of el.
func Of(el *vdom.Node) (*Unit, bool) {
	for n := el; n != nil; n = n.ParentNode() {
		if u, ok := FromElement(n); ok {
			return u, true
		}
	}
	return nil, false
}

// UnitsVersion returns a number that changes whenever a unit of doc is
// made (New) or removed (Stop): while it stays the same, Units and the
// unit boundaries (IsBoundary, Select) answer as they did, so a caller may
// keep what it computed from them.
func UnitsVersion(doc *vdom.Document) uint64 {
	if doc == nil {
		return 0
	}
	if r, ok := domext.Value(doc, unitsKey{}).(*docUnits); ok {
		return r.ver
	}
	return 0
}

// Units returns the document's units in the order they were made.
func Units(doc *vdom.Document) []*Unit {
	return append([]*Unit(nil), registryOf(doc).order...)
}

// IsBoundary reports whether el is the root of a unit other than u: the
// elements beneath it belong to that nested unit.
func (u *Unit) IsBoundary(el *vdom.Node) bool {
	other, ok := u.reg.byRoot[el]
	return ok && other != u
}

// SelectOption changes what Select returns.
type SelectOption func(*selectConfig)

type selectConfig struct{ penetrate bool }

// Penetrate makes Select reach into nested units too.
func Penetrate() SelectOption { return func(c *selectConfig) { c.penetrate = true } }

// Select returns the elements inside the unit that match sel: every compound
// must match inside the unit (as ":scope " before each selector), and
// elements inside nested units are left out unless Penetrate is given. The
// root of a nested unit itself belongs to this unit and can be selected.
func (u *Unit) Select(sel string, opts ...SelectOption) ([]*vdom.Node, error) {
	var cfg selectConfig
	for _, o := range opts {
		o(&cfg)
	}
	var boundary func(*vdom.Node) bool
	if !cfg.penetrate {
		boundary = u.IsBoundary
	}
	return u.root.QueryScoped(sel, boundary)
}
