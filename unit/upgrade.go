package unit

import (
	"context"
	"errors"
	"fmt"

	"github.com/eventperk/eventperk-go/internal/domext"
	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/internal/htmltree"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
)

// binding is a document's use of a Definitions: the units it made, by
// root, so that removals stop those and only those.
type binding struct {
	doc   *vdom.Document
	defs  *Definitions
	reg   *docUnits
	units map[*html.Node]*Unit
	// collect, while Attach or Upgrade runs, gathers the errors of the
	// tree operations its units make (a unit rendering units of other
	// kinds), so that the call returns them rather than the task queue.
	collect *[]error
}

type bindingKey struct{}

func bindingOf(doc *vdom.Document) *binding {
	b, _ := domext.Value(doc, bindingKey{}).(*binding)
	return b
}

// Attach makes doc use defs: every element of doc a definition matches
// becomes a unit of that kind and starts, now and whenever such an
// element is inserted later (by any tree operation, also one a handler
// makes during an event dispatch); a unit that definitions made stops
// when its element leaves the document. Units are made and started in
// tree order, parents before children, as custom elements are upgraded.
//
// Attach returns the errors of the units it made now, one *UpgradeError
// each, joined, with those of the units that tree operations made while
// it ran (a unit rendering units of other kinds); the others start all
// the same. The errors of units that later tree operations make or stop are reported as the errors of
// listeners run by a removal are: the next RunTasks or Await returns them
// (a *vdom.TaskError wrapping them). Those units start with
// context.Background(): the tree operation has no context.
//
// Attaching doc to defs again upgrades what is not yet a unit; attaching
// it to other definitions is an ErrOtherDefinitions error. Attach sets the
// document's connection hook (vdom.Document.SetConnectionHook).
func Attach(ctx context.Context, doc *vdom.Document, defs *Definitions) error {
	if doc == nil || defs == nil {
		return errkind.Errorf("unit: attach: %w: nil document or definitions", ErrBadArguments)
	}
	b := bindingOf(doc)
	switch {
	case b == nil:
		b = &binding{doc: doc, defs: defs, reg: registryOf(doc), units: make(map[*html.Node]*Unit)}
		domext.SetValue(doc, bindingKey{}, b)
		doc.SetConnectionHook(b.changed)
		defs.addDocument(doc)
	case b.defs != defs:
		return errkind.Errorf("unit: attach: %w", ErrOtherDefinitions)
	}
	return b.upgradeTree(ctx)
}

// Upgrade makes units of the elements of doc that defs matches and that
// are not units yet, now, and returns their errors as Attach does: after
// a Define, it does at once what the task Define posts does later. doc
// must be attached to defs (ErrNotAttached).
func (r *Definitions) Upgrade(ctx context.Context, doc *vdom.Document) error {
	b := bindingOf(doc)
	if b == nil || b.defs != r {
		return errkind.Errorf("unit: upgrade: %w; call unit.Attach first", ErrNotAttached)
	}
	return b.upgradeTree(ctx)
}

// changed is the document's connection hook: the units in the removed
// subtrees stop, then the inserted elements are upgraded, as a custom
// element's disconnected reactions of an operation run before its
// connected ones. An element moved by one operation is in both lists: its
// unit stops, and a new unit of its kind starts.
func (b *binding) changed(disconnected, connected []*vdom.Node) error {
	ctx := context.Background()
	var errs []error
	for _, n := range disconnected {
		errs = b.stopUnder(ctx, n.HTML(), errs)
	}
	if len(connected) > 0 {
		roots := make([]*html.Node, len(connected))
		for i, n := range connected {
			roots[i] = n.HTML()
		}
		errs = b.upgrade(ctx, roots, errs)
	}
	if b.collect != nil {
		// Returned by the Attach or Upgrade running.
		*b.collect = append(*b.collect, errs...)
		return nil
	}
	return errors.Join(errs...)
}

// upgradeTree upgrades the whole document, and returns its errors with
// those of the tree operations the units made meanwhile.
func (b *binding) upgradeTree(ctx context.Context) error {
	var nested []error
	prev := b.collect
	b.collect = &nested
	defer func() { b.collect = prev }()
	errs := b.upgrade(ctx, []*html.Node{b.doc.HTML()}, nil)
	return errors.Join(append(errs, nested...)...)
}

// candidate is an element to upgrade and its definition.
type candidate struct {
	h   *html.Node
	def *definition
}

// upgrade makes and starts the units of the elements in the subtrees of
// roots, in tree order. The candidates are gathered first, as the custom
// element reactions of an insertion are enqueued before any runs; when
// its turn comes, an element is upgraded only if it is still connected
// and has no unit, since the units started before it may have changed
// the tree.
func (b *binding) upgrade(ctx context.Context, roots []*html.Node, errs []error) []error {
	set := b.defs.set.Load()
	if set == nil {
		return errs
	}
	var cands []candidate
	for _, root := range roots {
		for h := range htmltree.Elements(root) {
			def, other := set.match(h)
			if def == nil {
				continue
			}
			if other != nil {
				el := b.doc.Wrap(h)
				if _, ok := b.reg.byRoot[el]; !ok {
					errs = append(errs, &UpgradeError{Kind: def.Name, Element: el, Op: "match",
						Err: fmt.Errorf("%w: %s and %s", ErrDefinitionConflict, def.Name, other.Name)})
				}
				continue
			}
			cands = append(cands, candidate{h, def})
		}
	}
	for _, c := range cands {
		el := b.doc.Wrap(c.h)
		if el.OwnerDocument() != b.doc || !el.IsConnected() {
			continue
		}
		if _, ok := b.reg.byRoot[el]; ok {
			continue // a unit already: made by hand, or by an earlier upgrade
		}
		if err := b.create(ctx, el, c.def); err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

// create makes the unit of el, runs its definition's New, and starts it.
// A unit that fails is stopped, so that it leaves nothing installed, and
// the element is left without one.
func (b *binding) create(ctx context.Context, el *vdom.Node, def *definition) error {
	fail := func(op string, err error) error {
		return &UpgradeError{Kind: def.Name, Element: el, Op: op, Err: err}
	}
	u, err := New(b.doc, el, Options{
		Settings: cloneSettings(def.Settings),
		Methods:  def.Methods, // New copies them
		Render:   def.Render,
		HTML:     def.HTML,
		Perks:    def.Perks,
	})
	if err != nil {
		return fail("new", err)
	}
	u.kind = def.Name
	if def.New != nil {
		inst, err := callNew(def.New, u)
		if err != nil {
			return fail("new", errors.Join(err, ignoreStopped(u.Stop(ctx))))
		}
		u.instance = inst
	}
	b.units[el.HTML()] = u
	err = u.Start(ctx)
	if err == nil {
		return nil
	}
	if b.units[el.HTML()] == u {
		delete(b.units, el.HTML())
	}
	if errors.Is(err, ErrStopped) && u.state == stateStopped {
		// A handler removed its element, or stopped it, while it
		// started: stopping it was right, not a failure.
		return nil
	}
	return fail("start", errors.Join(err, ignoreStopped(u.Stop(ctx))))
}

// stopUnder stops the units that b made in root's inclusive subtree, in
// tree order, parents first, as disconnected reactions are enqueued.
func (b *binding) stopUnder(ctx context.Context, root *html.Node, errs []error) []error {
	if len(b.units) == 0 {
		return errs
	}
	var stop []*Unit
	for h := range htmltree.Elements(root) {
		if u := b.units[h]; u != nil {
			delete(b.units, h)
			stop = append(stop, u)
		}
	}
	for _, u := range stop {
		if err := ignoreStopped(u.Stop(ctx)); err != nil {
			errs = append(errs, &UpgradeError{Kind: u.kind, Element: u.root, Op: "stop", Err: err})
		}
	}
	return errs
}

// ignoreStopped drops the ErrStopped of a unit that was stopped already:
// a handler, or its owner, may stop a unit before its element goes.
func ignoreStopped(err error) error {
	if errors.Is(err, ErrStopped) {
		return nil
	}
	return err
}

// callNew runs a definition's New, turning a panic into an error: one
// kind's failure must not stop the upgrades of the others.
func callNew(fn func(*Unit) (any, error), u *Unit) (inst any, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("New panicked: %v", r)
		}
	}()
	return fn(u)
}

func cloneSettings(s Settings) Settings {
	out := make(Settings, len(s))
	for k, v := range s {
		out[k] = v
	}
	return out
}
