package unit_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

const page = `<main id="app"><button id="save">Save</button>` +
	`<section id="child"><span id="deep">deep</span></section></main>` +
	`<aside id="outside"></aside>`

// journal records what fake perks and spells do, in order.
type journal struct{ lines []string }

func (j *journal) add(format string, args ...any) {
	j.lines = append(j.lines, fmt.Sprintf(format, args...))
}

func (j *journal) assert(t *testing.T, want ...string) {
	t.Helper()
	if want == nil {
		want = []string{}
	}
	got := j.lines
	if got == nil {
		got = []string{}
	}
	j.lines = nil
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("journal mismatch (-want +got):\n%s", diff)
	}
}

// fakePerk records Attach and Detach; with trigger set, it provides the
// event.trigger spell the lifecycle fires its events with.
type fakePerk struct {
	name, section string
	priority      int
	j             *journal
	attachErr     error
	detachErr     error
	trigger       bool
	// onEvent, if set, runs for each event the spell fires.
	onEvent func(u *unit.Unit, name string, detail any) error
}

func (p *fakePerk) Name() string    { return p.name }
func (p *fakePerk) Section() string { return p.section }
func (p *fakePerk) Priority() int   { return p.priority }

func (p *fakePerk) Attach(_ context.Context, u *unit.Unit) error {
	p.j.add("attach %s", p.name)
	if p.attachErr != nil {
		return p.attachErr
	}
	if p.trigger {
		return u.AddSpell(unit.TriggerSpell, func(ctx context.Context, u *unit.Unit, args ...any) error {
			if len(args) < 1 || len(args) > 3 {
				return fmt.Errorf("%s: %w", unit.TriggerSpell, unit.ErrBadArguments)
			}
			name := args[0].(string)
			var detail any
			if len(args) > 1 {
				detail = args[1]
			}
			p.j.add("event %s", name)
			if p.onEvent != nil {
				return p.onEvent(u, name, detail)
			}
			return nil
		})
	}
	return nil
}

func (p *fakePerk) Detach(_ context.Context, u *unit.Unit) error {
	p.j.add("detach %s", p.name)
	if p.trigger {
		u.RemoveSpell(unit.TriggerSpell)
	}
	return p.detachErr
}

// source is a PerkSource that returns the perks it is given, in priority
// order, for the sections it knows.
type source struct {
	core      []unit.Perk
	bySection map[string]unit.Perk
	asked     [][]string
}

func (s *source) PerksFor(sections []string) ([]unit.Perk, error) {
	s.asked = append(s.asked, sections)
	out := append([]unit.Perk(nil), s.core...)
	for _, sec := range sections {
		p, ok := s.bySection[sec]
		if !ok {
			return nil, fmt.Errorf("unknown settings section %q", sec)
		}
		out = append(out, p)
	}
	return out, nil
}

// newUnit parses page and makes a unit on #id with opts.
func newUnit(t *testing.T, id string, opts unit.Options) (*vdom.Document, *unit.Unit) {
	t.Helper()
	doc := vdom.ParseString(page)
	u, err := unit.New(doc, doc.GetElementByID(id), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := u.Stop(context.Background()); err != nil && !errors.Is(err, unit.ErrStopped) {
			t.Errorf("Stop: %v", err)
		}
	})
	return doc, u
}

// noPerks returns a PerkSource with no perks at all.
func noPerks() *source { return &source{} }

var byIdentity = cmp.Options{
	cmp.Comparer(func(a, b *vdom.Node) bool { return a == b }),
	cmp.Comparer(func(a, b *unit.Unit) bool { return a == b }),
}
