package unit

import (
	"context"
	"fmt"
	"sort"

	"github.com/eventperk/eventperk-go/internal/errkind"
)

// Skill is a synchronous operation a perk adds to a unit, callable by name
// with Use (specification §4: "skill"). It does not wait, but what it
// starts may use ctx: the handlers triggerSync calls receive it.
type Skill func(ctx context.Context, u *Unit, args ...any) error

// Spell is an asynchronous operation a perk adds to a unit, callable by name
// with Cast; it may wait, and ctx bounds the wait (specification §4:
// "spell").
type Spell func(ctx context.Context, u *Unit, args ...any) error

// AddSkill registers a skill under name, such as "event.add". A name taken
// already is an ErrDuplicateName error.
func (u *Unit) AddSkill(name string, fn Skill) error {
	if u.skills.has(name) {
		return errkind.Errorf("unit %s: skill %q: %w", u.name, name, ErrDuplicateName)
	}
	if u.skills == nil {
		u.skills = u.room().skills[:0]
	}
	u.skills.add(name, fn)
	return nil
}

// AddSpell registers a spell under name, such as "event.trigger".
func (u *Unit) AddSpell(name string, fn Spell) error {
	if u.spells.has(name) {
		return errkind.Errorf("unit %s: spell %q: %w", u.name, name, ErrDuplicateName)
	}
	if u.spells == nil {
		u.spells = u.room().spells[:0]
	}
	u.spells.add(name, fn)
	u.forgetTriggerNoOp(name)
	return nil
}

// RemoveSkill unregisters a skill; perks call it when they detach.
func (u *Unit) RemoveSkill(name string) { u.skills.remove(name) }

// RemoveSpell unregisters a spell.
func (u *Unit) RemoveSpell(name string) {
	u.spells.remove(name)
	u.forgetTriggerNoOp(name)
}

// forgetTriggerNoOp drops what the trigger spell's owner said about it
// when the spell named name is the trigger spell: it is another one now,
// or none.
func (u *Unit) forgetTriggerNoOp(name string) {
	if name == TriggerSpell {
		u.triggerNoOp = nil
	}
}

// HasSkill reports whether a skill is registered under name.
func (u *Unit) HasSkill(name string) bool { return u.skills.has(name) }

// HasSpell reports whether a spell is registered under name.
func (u *Unit) HasSpell(name string) bool { return u.spells.has(name) }

// Skills returns the registered skill names, sorted.
func (u *Unit) Skills() []string { return u.skills.names() }

// Spells returns the registered spell names, sorted.
func (u *Unit) Spells() []string { return u.spells.names() }

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Use calls the skill registered under name with ctx and args. An unknown
// name is an ErrUnknownSkill error (before Start, which attaches the
// perks, the error says so); the skill's own error is returned as it is.
func (u *Unit) Use(ctx context.Context, name string, args ...any) error {
	fn, ok := u.skills.get(name)
	if !ok {
		return errkind.Errorf("unit %s: skill %q: %w (have %v)%s", u.name, name, ErrUnknownSkill, u.Skills(), u.notStartedHint())
	}
	return fn(ctx, u, args...)
}

// notStartedHint explains a missing skill, spell or perk of a unit that
// has not started yet: perks attach, and add their skills, at Start.
func (u *Unit) notStartedHint() string {
	if u.state == stateNew {
		return "; the unit is not started: its perks attach, and add their skills and spells, at Start"
	}
	return ""
}

// Cast calls the spell registered under name with args and waits for it.
func (u *Unit) Cast(ctx context.Context, name string, args ...any) error {
	fn, ok := u.spells.get(name)
	if !ok {
		return errkind.Errorf("unit %s: spell %q: %w (have %v)%s", u.name, name, ErrUnknownSpell, u.Spells(), u.notStartedHint())
	}
	return fn(ctx, u, args...)
}

// ArgError describes an argument of a skill or spell that has the wrong
// type or is missing. It matches ErrBadArguments.
type ArgError struct {
	Op    string // the skill or spell, such as "event.add"
	Index int    // the argument's position, from 0
	Name  string // the argument's name in the specification
	Want  string // what was expected
	Got   any    // what was given
}

func (e *ArgError) Error() string {
	if e.Got == nil {
		return fmt.Sprintf("%s: argument %d (%s): want %s, got nothing", e.Op, e.Index, e.Name, e.Want)
	}
	return fmt.Sprintf("%s: argument %d (%s): want %s, got %T", e.Op, e.Index, e.Name, e.Want, e.Got)
}

// Is makes errors.Is(err, ErrBadArguments) true.
func (e *ArgError) Is(target error) bool { return target == ErrBadArguments }
