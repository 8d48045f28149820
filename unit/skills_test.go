package unit_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/unit"
	"github.com/google/go-cmp/cmp"
)

func TestSkills_AddUseRemove(t *testing.T) {
	_, u := newUnit(t, "app", unit.Options{})
	var got [][]any
	skill := func(name string) unit.Skill {
		return func(_ context.Context, su *unit.Unit, args ...any) error {
			if su != u {
				t.Errorf("skill %s got unit %v", name, su)
			}
			got = append(got, append([]any{name}, args...))
			return nil
		}
	}
	for _, n := range []string{"b.two", "a.one"} {
		if err := u.AddSkill(n, skill(n)); err != nil {
			t.Fatal(err)
		}
	}
	if err := u.AddSkill("a.one", skill("again")); !errors.Is(err, unit.ErrDuplicateName) {
		t.Errorf("AddSkill twice: %v, want ErrDuplicateName", err)
	}
	if diff := cmp.Diff([]string{"a.one", "b.two"}, u.Skills()); diff != "" {
		t.Errorf("Skills mismatch (-want +got):\n%s", diff)
	}
	if err := u.Use(context.Background(), "a.one", 1, "x"); err != nil {
		t.Fatal(err)
	}
	if err := u.Use(context.Background(), "b.two"); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([][]any{{"a.one", 1, "x"}, {"b.two"}}, got); diff != "" {
		t.Errorf("calls mismatch (-want +got):\n%s", diff)
	}
	if !u.HasSkill("a.one") || u.HasSkill("c") {
		t.Error("HasSkill wrong")
	}
	u.RemoveSkill("a.one")
	err := u.Use(context.Background(), "a.one")
	if !errors.Is(err, unit.ErrUnknownSkill) {
		t.Fatalf("Use after RemoveSkill: %v, want ErrUnknownSkill", err)
	}
	if !strings.Contains(err.Error(), `"a.one"`) || !strings.Contains(err.Error(), "b.two") {
		t.Errorf("error %q should name the skill and list those there are", err)
	}
	// A skill's own error comes back as it is.
	own := errors.New("own")
	if err := u.AddSkill("fails", func(context.Context, *unit.Unit, ...any) error { return own }); err != nil {
		t.Fatal(err)
	}
	if err := u.Use(context.Background(), "fails"); err != own {
		t.Errorf("Use: %v, want the skill's error itself", err)
	}
}

func TestSpells_AddCastRemove(t *testing.T) {
	_, u := newUnit(t, "app", unit.Options{})
	type ctxKey struct{}
	var seen []any
	if err := u.AddSpell("s.wait", func(ctx context.Context, _ *unit.Unit, args ...any) error {
		seen = append(seen, ctx.Value(ctxKey{}), args)
		return ctx.Err()
	}); err != nil {
		t.Fatal(err)
	}
	if err := u.AddSpell("s.wait", nil); !errors.Is(err, unit.ErrDuplicateName) {
		t.Errorf("AddSpell twice: %v, want ErrDuplicateName", err)
	}
	ctx := context.WithValue(context.Background(), ctxKey{}, "v")
	if err := u.Cast(ctx, "s.wait", 1); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]any{"v", []any{1}}, seen); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if err := u.Cast(cancelled, "s.wait"); !errors.Is(err, context.Canceled) {
		t.Errorf("Cast with a cancelled context: %v", err)
	}
	if diff := cmp.Diff([]string{"s.wait"}, u.Spells()); diff != "" {
		t.Errorf("Spells mismatch (-want +got):\n%s", diff)
	}
	if !u.HasSpell("s.wait") || u.HasSkill("s.wait") {
		t.Error("a spell is not a skill")
	}
	if err := u.Use(ctx, "s.wait"); !errors.Is(err, unit.ErrUnknownSkill) {
		t.Errorf("Use of a spell: %v, want ErrUnknownSkill", err)
	}
	u.RemoveSpell("s.wait")
	if err := u.Cast(ctx, "s.wait"); !errors.Is(err, unit.ErrUnknownSpell) {
		t.Errorf("Cast after RemoveSpell: %v, want ErrUnknownSpell", err)
	}
}

func TestArgError(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  *unit.ArgError
		want string
	}{
		{"wrong type", &unit.ArgError{Op: "event.add", Index: 2, Name: "element", Want: "*vdom.Node", Got: "save"},
			"event.add: argument 2 (element): want *vdom.Node, got string"},
		{"missing", &unit.ArgError{Op: "event.add", Index: 0, Name: "eventName", Want: "a non-empty string"},
			"event.add: argument 0 (eventName): want a non-empty string, got nothing"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.err.Error(); got != tc.want {
				t.Errorf("Error() = %q, want %q", got, tc.want)
			}
			var err error = tc.err
			if !errors.Is(err, unit.ErrBadArguments) {
				t.Error("not ErrBadArguments")
			}
			if errors.Is(err, unit.ErrUnknownSkill) {
				t.Error("matches ErrUnknownSkill")
			}
		})
	}
}
