package perk_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/google/go-cmp/cmp"
)

// namedPerk is a perk that does nothing, for registry tests.
type namedPerk struct {
	name, section string
	priority      int
}

func (p *namedPerk) Name() string                             { return p.name }
func (p *namedPerk) Section() string                          { return p.section }
func (p *namedPerk) Priority() int                            { return p.priority }
func (p *namedPerk) Attach(context.Context, *unit.Unit) error { return nil }
func (p *namedPerk) Detach(context.Context, *unit.Unit) error { return nil }

func factory(name, section string, priority int, core bool) perk.Factory {
	return perk.Factory{Name: name, Section: section, Priority: priority, Core: core,
		New: func() unit.Perk { return &namedPerk{name, section, priority} }}
}

func perkNames(ps []unit.Perk) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Name())
	}
	return out
}

func TestRegistry_Register(t *testing.T) {
	r := perk.NewRegistry()
	for _, f := range []perk.Factory{factory("A", "a", 10, false), factory("Core", "", 5, true)} {
		if err := r.Register(f); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name string
		f    perk.Factory
		want string
	}{
		{"no name", perk.Factory{New: func() unit.Perk { return nil }}, "needs a Name"},
		{"no New", perk.Factory{Name: "X"}, "needs a Name and a New"},
		{"a name taken", factory("A", "other", 1, false), `"A" is registered already`},
		{"a section taken", factory("B", "a", 1, false), `section "a" belongs to A`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := r.Register(tc.f)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Register: %v, want an error containing %q", err, tc.want)
			}
		})
	}
	// A refused factory leaves nothing behind: its section is still free.
	if err := r.Register(factory("Other", "other", 1, false)); err != nil {
		t.Errorf("Register after a refused one: %v", err)
	}
}

func TestRegistry_PerksFor(t *testing.T) {
	r := perk.NewRegistry()
	for _, f := range []perk.Factory{
		factory("Late", "late", 300, false),
		factory("CoreB", "coreb", 100, true),
		factory("CoreA", "", 100, true),
		factory("Early", "early", 50, false),
	} {
		if err := r.Register(f); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name     string
		sections []string
		want     []string
		wantErr  string
	}{
		{"core only", nil, []string{"CoreA", "CoreB"}, ""},
		{"sections in priority order, ties by name", []string{"late", "early"}, []string{"Early", "CoreA", "CoreB", "Late"}, ""},
		{"a core perk's section", []string{"coreb"}, []string{"CoreA", "CoreB"}, ""},
		{"unknown section lists the known ones", []string{"early", "nope"}, nil, `unknown settings section "nope" (known: "coreb", "early", "late")`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ps, err := r.PerksFor(tc.sections)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("PerksFor: %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, perkNames(ps)); diff != "" {
				t.Errorf("perks mismatch (-want +got):\n%s", diff)
			}
		})
	}
	t.Run("fresh perks every time", func(t *testing.T) {
		a, _ := r.PerksFor(nil)
		b, _ := r.PerksFor(nil)
		if a[0] == b[0] {
			t.Error("PerksFor returned the same perk twice")
		}
	})
	t.Run("safe for concurrent use", func(t *testing.T) {
		var wg sync.WaitGroup
		for i := range 8 {
			wg.Go(func() {
				if i%2 == 0 {
					_ = r.Register(factory("P"+string(rune('a'+i)), "", i, false))
				}
				if _, err := r.PerksFor([]string{"early"}); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
	})
}

// The default registry holds EventPerk as a core perk and is the units'
// default perk source.
func TestRegistry_Default(t *testing.T) {
	if unit.DefaultPerks() != perk.Default {
		t.Error("unit.DefaultPerks() is not perk.Default")
	}
	ps, err := perk.Default.PerksFor(nil)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"EventPerk"}, perkNames(ps)); diff != "" {
		t.Errorf("core perks mismatch (-want +got):\n%s", diff)
	}
	if err := perk.Default.Register(perk.EventPerkFactory()); err == nil {
		t.Error("EventPerk registered twice")
	}
	ps, err = perk.Default.PerksFor([]string{"event"})
	if err != nil || len(ps) != 1 {
		t.Fatalf("PerksFor(event) = %v, %v", perkNames(ps), err)
	}
	// Specification §1: section "event", priority 210.
	p := ps[0]
	got := []any{p.Name(), p.Section(), p.Priority()}
	if diff := cmp.Diff([]any{"EventPerk", "event", 210}, got); diff != "" {
		t.Errorf("attributes mismatch (-want +got):\n%s", diff)
	}
	if _, ok := p.(*perk.EventPerk); !ok {
		t.Errorf("perk is %T, want *perk.EventPerk", p)
	}
}

// A unit with a registry of its own gets that registry's perks, in
// priority order around EventPerk.
func TestRegistry_UnitOptions(t *testing.T) {
	r := perk.NewRegistry()
	for _, f := range []perk.Factory{perk.EventPerkFactory(), factory("Before", "before", 100, false), factory("After", "", 500, true)} {
		if err := r.Register(f); err != nil {
			t.Fatal(err)
		}
	}
	h := startUnit(t, testPage, "app", unit.Options{Perks: r, Settings: unit.Settings{"before": 1}})
	if diff := cmp.Diff([]string{"Before", "EventPerk", "After"}, perkNames(h.u.Perks())); diff != "" {
		t.Errorf("perks mismatch (-want +got):\n%s", diff)
	}
}
