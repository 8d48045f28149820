package perk

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/eventperk/eventperk-go/unit"
)

// Factory describes a perk kind and makes one perk per unit.
type Factory struct {
	// Name is the perk's name, such as "EventPerk".
	Name string
	// Section is the settings section that calls for the perk.
	Section string
	// Priority orders attachment, lower first; EventPerk has 210.
	Priority int
	// Core perks are attached to every unit, whatever its settings.
	Core bool
	// New makes the perk for one unit.
	New func() unit.Perk
}

// Registry maps settings sections to perks. It is safe for concurrent use.
type Registry struct {
	// mu serializes Register.
	mu sync.Mutex
	// kinds is the current state, never changed once published: Register
	// publishes a new one, so PerksFor, which every unit calls as it is
	// made, reads without locking.
	kinds atomic.Pointer[kinds]
}

// kinds is one published state of a Registry.
type kinds struct {
	byName    map[string]Factory
	bySection map[string]string
	// core are the core factories in attachment order, (priority, name):
	// the perks of a unit without settings sections, as they are.
	core []Factory
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{} }

// Default is the registry units use unless their Options name another. It
// holds EventPerk as a core perk: every unit fires its lifecycle events
// through it.
var Default = NewRegistry()

func init() {
	if err := Default.Register(EventPerkFactory()); err != nil {
		panic(err)
	}
	unit.SetDefaultPerks(Default)
}

// Register adds a perk kind. A name or section taken already is an error.
func (r *Registry) Register(f Factory) error {
	if f.Name == "" || f.New == nil {
		return fmt.Errorf("perk: Register: a factory needs a Name and a New func")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	old := r.load()
	if _, ok := old.byName[f.Name]; ok {
		return fmt.Errorf("perk: Register: a perk named %q is registered already", f.Name)
	}
	if other, ok := old.bySection[f.Section]; ok && f.Section != "" {
		return fmt.Errorf("perk: Register: section %q belongs to %s already", f.Section, other)
	}
	next := &kinds{byName: maps.Clone(old.byName), bySection: maps.Clone(old.bySection), core: slices.Clone(old.core)}
	if next.byName == nil {
		next.byName, next.bySection = make(map[string]Factory), make(map[string]string)
	}
	if f.Section != "" {
		next.bySection[f.Section] = f.Name
	}
	next.byName[f.Name] = f
	if f.Core {
		next.core = append(next.core, f)
		slices.SortFunc(next.core, byPriority)
	}
	r.kinds.Store(next)
	return nil
}

// load returns the current state; a registry nothing was registered in
// has an empty one.
func (r *Registry) load() *kinds {
	if k := r.kinds.Load(); k != nil {
		return k
	}
	return &kinds{}
}

// byPriority orders factories by (priority, name), a total order.
func byPriority(a, b Factory) int {
	if c := cmp.Compare(a.Priority, b.Priority); c != 0 {
		return c
	}
	return strings.Compare(a.Name, b.Name)
}

// PerksFor implements unit.PerkSource: new perks for the core kinds and for
// every section given, in priority order. An unknown section is an error
// that lists the known ones.
func (r *Registry) PerksFor(sections []string) ([]unit.Perk, error) {
	k := r.load()
	fs := k.core
	for _, s := range sections {
		name, ok := k.bySection[s]
		if !ok {
			known := make([]string, 0, len(k.bySection))
			for s := range k.bySection {
				known = append(known, fmt.Sprintf("%q", s))
			}
			sort.Strings(known)
			return nil, fmt.Errorf("perk: unknown settings section %q (known: %s)", s, strings.Join(known, ", "))
		}
		if slices.ContainsFunc(fs, func(f Factory) bool { return f.Name == name }) {
			continue // a core perk, or a section given twice
		}
		if len(fs) == len(k.core) {
			// The first perk beyond the core ones: the shared list is
			// copied before it grows.
			fs = slices.Clone(k.core)
		}
		fs = append(fs, k.byName[name])
	}
	if len(fs) != len(k.core) {
		slices.SortFunc(fs, byPriority)
	}
	perks := make([]unit.Perk, len(fs))
	for i, f := range fs {
		perks[i] = f.New()
	}
	return perks, nil
}
