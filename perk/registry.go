package perk

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

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
	mu        sync.RWMutex
	byName    map[string]Factory
	bySection map[string]string
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	return &Registry{byName: make(map[string]Factory), bySection: make(map[string]string)}
}

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
	if _, ok := r.byName[f.Name]; ok {
		return fmt.Errorf("perk: Register: a perk named %q is registered already", f.Name)
	}
	if f.Section != "" {
		if other, ok := r.bySection[f.Section]; ok {
			return fmt.Errorf("perk: Register: section %q belongs to %s already", f.Section, other)
		}
		r.bySection[f.Section] = f.Name
	}
	r.byName[f.Name] = f
	return nil
}

// PerksFor implements unit.PerkSource: new perks for the core kinds and for
// every section given, in priority order. An unknown section is an error
// that lists the known ones.
func (r *Registry) PerksFor(sections []string) ([]unit.Perk, error) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	chosen := make(map[string]Factory)
	for _, f := range r.byName {
		if f.Core {
			chosen[f.Name] = f
		}
	}
	for _, s := range sections {
		name, ok := r.bySection[s]
		if !ok {
			known := make([]string, 0, len(r.bySection))
			for k := range r.bySection {
				known = append(known, fmt.Sprintf("%q", k))
			}
			sort.Strings(known)
			return nil, fmt.Errorf("perk: unknown settings section %q (known: %s)", s, strings.Join(known, ", "))
		}
		chosen[name] = r.byName[name]
	}
	fs := make([]Factory, 0, len(chosen))
	for _, f := range chosen {
		fs = append(fs, f)
	}
	// (priority, name) orders them totally; slices.SortFunc allocates
	// nothing, where sort.Slice allocated twice per unit.
	slices.SortFunc(fs, func(a, b Factory) int {
		if c := cmp.Compare(a.Priority, b.Priority); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	perks := make([]unit.Perk, len(fs))
	for i, f := range fs {
		perks[i] = f.New()
	}
	return perks, nil
}
