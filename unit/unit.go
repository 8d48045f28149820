package unit

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/vdom"
)

// Settings are a unit's settings by section name. A section's value is what
// the section's perk understands: for "event", a *perk.EventSettings, or the
// section's JSON as json.RawMessage.
type Settings map[string]any

// Methods are a unit's methods by name, the targets of handlers given as
// method names.
type Methods map[string]Method

// Options configure a unit.
type Options struct {
	// Name names the unit in errors and traces; the default describes the
	// root element, such as "main#app".
	Name string
	// Settings are the unit's settings; each section attaches its perk.
	Settings Settings
	// Methods are the unit's methods. They can be changed later with
	// SetMethod; handlers given by name find the method current at the time
	// the event runs.
	Methods Methods
	// Render returns the unit's inner HTML, put in place during transform.
	// With neither Render nor HTML, the HTML already in the page stays: the
	// common case of hydrating server-rendered HTML.
	Render func(ctx context.Context, u *Unit) (string, error)
	// HTML is a fixed inner HTML, used when Render is nil.
	HTML *string
	// Perks provides the perks; nil means DefaultPerks(), which is the
	// registry of package perk (perk.Default) once a package of the program
	// imports perk, and nil otherwise. New fails, naming what to import or
	// pass, when the settings have sections and no source provides their
	// perks.
	Perks PerkSource
	// Extra perks attached besides those the settings call for.
	Extra []Perk
	// Tracer, if set, sees this unit's handler calls (see SetTracer for a
	// whole document).
	Tracer Tracer
}

type state uint8

const (
	stateNew state = iota
	stateStarting
	stateStarted
	stateStopping
	stateStopped
)

// Unit is a component: one root element of a vdom Document plus its
// settings, methods, attached perks, and the skills and spells they add.
// A unit belongs to the goroutine that owns its document.
type Unit struct {
	doc      *vdom.Document
	root     *vdom.Node
	name     string
	settings Settings
	methods  Methods
	opts     Options
	perks    []Perk
	skills   named[Skill]
	spells   named[Spell]
	values   []keyValue
	// triggerNoOp, when set, tells whether the trigger spell would do
	// nothing for a lifecycle event (domext.SetTriggerNoOp).
	triggerNoOp func(u any, event string) bool
	state       state
	// reg is the document's unit registry, kept here so the hot paths
	// (boundaries, tracer) need no document lookup.
	reg *docUnits
	// methodsVer changes whenever a method is set or removed, so callers
	// may cache a method looked up by name.
	methodsVer uint64
	// resolved are the perks New found for the sections in sections;
	// Start attaches them (or resolves again if the sections changed).
	resolved []Perk
	sections []string
	// kind is the name of the definition that made the unit, and
	// instance the value its New returned (define.go).
	kind     string
	instance any
	// lists holds the first few perks, skills, spells and values, made
	// when the first is added (a bare unit has none, and stays small).
	lists *unitLists
}

// unitLists is room for what a unit with a perk usually has: a perk or
// two, EventPerk's five skills, its one spell and its one value. One
// allocation serves the four lists, which grow out of it when they must.
type unitLists struct {
	perks  [2]Perk
	skills [6]namedFn[Skill]
	spells [2]namedFn[Spell]
	values [2]keyValue
}

// room returns u.lists, made first if need be.
func (u *Unit) room() *unitLists {
	if u.lists == nil {
		u.lists = new(unitLists)
	}
	return u.lists
}

// New makes a unit on root, an element of doc, and registers it with the
// document. It finds the perks the settings call for, so a section no perk
// source provides fails here (ErrNoPerks when there is no source at all,
// with what to import or pass), but it attaches no perk and fires no
// event: Start does. It returns ErrUnitExists when root already has a unit.
func New(doc *vdom.Document, root *vdom.Node, opts Options) (*Unit, error) {
	if doc == nil || root == nil || !root.IsElement() || root.OwnerDocument() != doc {
		return nil, errkind.Errorf("unit: root %v: %w", root, ErrNotElement)
	}
	reg := registryOf(doc)
	if u := reg.byRoot[root]; u != nil {
		return nil, errkind.Errorf("unit: %v: %w (%s)", root, ErrUnitExists, u.name)
	}
	u := &Unit{
		doc:      doc,
		root:     root,
		name:     opts.Name,
		settings: opts.Settings,
		opts:     opts,
		reg:      reg,
		// From 1, so a cache holding version 0 is never taken as current.
		methodsVer: 1,
	}
	if u.name == "" {
		u.name = root.String()
	}
	if u.settings == nil {
		u.settings = Settings{}
	}
	// The map of methods and the lists of skills and spells are made when first
	// written: a unit of server-rendered HTML often has none of its own.
	if len(opts.Methods) > 0 {
		u.methods = make(Methods, len(opts.Methods))
		for k, m := range opts.Methods {
			u.methods[k] = m
		}
	}
	if err := u.resolvePerks(); err != nil {
		return nil, err
	}
	reg.add(u)
	return u, nil
}

// resolvePerks asks the perk source for the perks of the current settings
// sections.
func (u *Unit) resolvePerks() error {
	src := u.opts.Perks
	if src == nil {
		src = DefaultPerks()
	}
	u.sections = sortedKeys(u.settings)
	u.resolved = nil
	if src == nil {
		if len(u.sections) > 0 {
			return errkind.Errorf("unit %s: settings sections %q need perks, and there is no perk source: %w; "+
				"import \"github.com/eventperk/eventperk-go/perk\" (blank import is enough: it makes perk.Default the default source) "+
				"or set Options.Perks", u.name, u.sections, ErrNoPerks)
		}
		return nil
	}
	perks, err := src.PerksFor(u.sections)
	if err != nil {
		return fmt.Errorf("unit %s: %w", u.name, err)
	}
	u.resolved = perks
	return nil
}

// Kind returns the name of the definition that made the unit, or "" for
// a unit made with New.
func (u *Unit) Kind() string { return u.kind }

// Instance returns the value the definition's New made for the unit, or
// nil.
func (u *Unit) Instance() any { return u.instance }

// Document returns the unit's document.
func (u *Unit) Document() *vdom.Document { return u.doc }

// Root returns the unit's root element.
func (u *Unit) Root() *vdom.Node { return u.root }

// Name returns the unit's name.
func (u *Unit) Name() string { return u.name }

// String returns the unit's name.
func (u *Unit) String() string { return u.name }

// Settings returns the unit's settings (not a copy).
func (u *Unit) Settings() Settings { return u.settings }

// Section returns one settings section and whether it is present.
func (u *Unit) Section(name string) (any, bool) {
	v, ok := u.settings[name]
	return v, ok
}

// Method returns the method registered under name.
func (u *Unit) Method(name string) (Method, bool) {
	m, ok := u.methods[name]
	return m, ok && m != nil
}

// SetMethod sets or replaces a method; nil removes it.
func (u *Unit) SetMethod(name string, m Method) {
	u.methodsVer++
	if m == nil {
		delete(u.methods, name)
		return
	}
	if u.methods == nil {
		u.methods = make(Methods)
	}
	u.methods[name] = m
}

// MethodsVersion changes whenever SetMethod is called: a method looked up
// by name stays valid while it does not change.
func (u *Unit) MethodsVersion() uint64 { return u.methodsVer }

// MethodNames returns the names of the unit's methods, sorted.
func (u *Unit) MethodNames() []string { return sortedKeys(u.methods) }

// Perks returns the attached perks in attachment order.
func (u *Unit) Perks() []Perk { return append([]Perk(nil), u.perks...) }

// Perk returns the attached perk with the given name.
func (u *Unit) Perk(name string) (Perk, bool) {
	for _, p := range u.perks {
		if p.Name() == name {
			return p, true
		}
	}
	return nil, false
}

// Value returns per-unit state stored by a perk under key.
func (u *Unit) Value(key any) any {
	if i := u.valueIndex(key); i >= 0 {
		return u.values[i].v
	}
	return nil
}

// SetValue stores per-unit state under key, which must be comparable (as
// a map key must be); nil deletes it.
func (u *Unit) SetValue(key, v any) {
	i := u.valueIndex(key)
	switch {
	case v == nil && i >= 0:
		u.values = append(u.values[:i], u.values[i+1:]...)
		u.values[len(u.values) : len(u.values)+1][0] = keyValue{}
	case v == nil:
	case i >= 0:
		u.values[i].v = v
	default:
		if u.values == nil {
			u.values = u.room().values[:0]
		}
		u.values = append(u.values, keyValue{key, v})
	}
}

// keyValue is one value of a unit (SetValue).
type keyValue struct{ k, v any }

// valueIndex returns the index of key's value in u.values, or -1. A unit
// holds a value per perk or so: a short list scanned costs less than a
// map, and one allocation instead of two.
func (u *Unit) valueIndex(key any) int {
	for i := range u.values {
		if u.values[i].k == key {
			return i
		}
	}
	return -1
}

// Attach attaches p explicitly. A perk with the same name attached already
// makes it a no-op.
func (u *Unit) Attach(ctx context.Context, p Perk) error {
	if _, ok := u.Perk(p.Name()); ok {
		return nil
	}
	if err := p.Attach(ctx, u); err != nil {
		return fmt.Errorf("unit %s: attach %s: %w", u.name, p.Name(), err)
	}
	if u.perks == nil {
		u.perks = u.room().perks[:0]
	}
	u.perks = append(u.perks, p)
	return nil
}

// attachPerks attaches the perks the settings call for, the core perks and
// the extra ones, in priority order.
func (u *Unit) attachPerks(ctx context.Context) error {
	if !slices.Equal(u.sections, sortedKeys(u.settings)) {
		// Sections added or removed since New.
		if err := u.resolvePerks(); err != nil {
			return err
		}
	}
	perks := append(u.resolved, u.opts.Extra...)
	u.resolved = nil
	// slices.SortStableFunc allocates nothing, where sort.SliceStable
	// allocated for its swapper and closure on every unit.
	slices.SortStableFunc(perks, func(a, b Perk) int { return cmp.Compare(a.Priority(), b.Priority()) })
	for _, p := range perks {
		if err := u.Attach(ctx, p); err != nil {
			return err
		}
	}
	return nil
}
