package perk

import (
	"context"
	"fmt"

	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// The skills and the spell, callable by name (unit.Use, unit.Cast) with the
// arguments of specification §4. Optional trailing arguments may be left out
// or given as nil.

// event.add(eventName string, handlerInfo, element *vdom.Node?, bindTo any?)
func (p *EventPerk) addSkill(_ context.Context, _ *unit.Unit, args ...any) error {
	name, infos, el, err := handlerArgs("event.add", args, 4)
	if err != nil {
		return err
	}
	var bindTo any
	if len(args) > 3 {
		bindTo = args[3]
	}
	return p.Add(name, infos, el, bindTo)
}

// event.remove(eventName string, handlerInfo, element *vdom.Node?)
func (p *EventPerk) removeSkill(_ context.Context, _ *unit.Unit, args ...any) error {
	name, infos, el, err := handlerArgs("event.remove", args, 3)
	if err != nil {
		return err
	}
	return p.Remove(name, infos, el)
}

// handlerArgs reads the (eventName, handlerInfo, element) that add and
// remove share; max is the operation's argument count.
func handlerArgs(op string, args []any, max int) (string, []HandlerInfo, *vdom.Node, error) {
	if err := checkArgs(op, args, 2, max); err != nil {
		return "", nil, nil, err
	}
	name, err := stringArg(op, args, 0, "eventName")
	if err != nil {
		return "", nil, nil, err
	}
	infos, err := handlerInfosArg(op, args, 1)
	if err != nil {
		return "", nil, nil, err
	}
	el, err := elementArg(op, args, 2, "element")
	return name, infos, el, err
}

// event.init(elementName string, eventInfo *ElementEntry?, rootNode *vdom.Node?)
func (p *EventPerk) initSkill(_ context.Context, _ *unit.Unit, args ...any) error {
	return p.entrySkill("event.init", args, p.Init)
}

// event.reset(elementName string, eventInfo *ElementEntry?, rootNode *vdom.Node?)
func (p *EventPerk) resetSkill(_ context.Context, _ *unit.Unit, args ...any) error {
	return p.entrySkill("event.reset", args, p.Reset)
}

func (p *EventPerk) entrySkill(op string, args []any, do func(string, *ElementEntry, *vdom.Node) error) error {
	if err := checkArgs(op, args, 1, 3); err != nil {
		return err
	}
	name, err := stringArg(op, args, 0, "elementName")
	if err != nil {
		return err
	}
	var entry *ElementEntry
	if len(args) > 1 && args[1] != nil {
		switch v := args[1].(type) {
		case *ElementEntry:
			entry = v
		case ElementEntry:
			entry = &v
		default:
			return &unit.ArgError{Op: op, Index: 1, Name: "eventInfo", Want: "*perk.ElementEntry", Got: args[1]}
		}
	}
	root, err := elementArg(op, args, 2, "rootNode")
	if err != nil {
		return err
	}
	return do(name, entry, root)
}

// event.triggerSync(eventName string, options any?, element *vdom.Node?)
func (p *EventPerk) triggerSyncSkill(ctx context.Context, _ *unit.Unit, args ...any) error {
	name, options, el, err := triggerArgs("event.triggerSync", args)
	if err != nil {
		return err
	}
	return p.TriggerSync(ctx, name, options, el)
}

// event.trigger(eventName string, options any?, element *vdom.Node?)
func (p *EventPerk) triggerSpell(ctx context.Context, _ *unit.Unit, args ...any) error {
	name, options, el, err := triggerArgs("event.trigger", args)
	if err != nil {
		return err
	}
	return p.Trigger(ctx, name, options, el)
}

func triggerArgs(op string, args []any) (string, any, *vdom.Node, error) {
	if err := checkArgs(op, args, 1, 3); err != nil {
		return "", nil, nil, err
	}
	name, err := stringArg(op, args, 0, "eventName")
	if err != nil {
		return "", nil, nil, err
	}
	var options any
	if len(args) > 1 {
		options = args[1]
	}
	el, err := elementArg(op, args, 2, "element")
	return name, options, el, err
}

func stringArg(op string, args []any, i int, name string) (string, error) {
	s, ok := args[i].(string)
	if !ok || s == "" {
		return "", &unit.ArgError{Op: op, Index: i, Name: name, Want: "a non-empty string", Got: args[i]}
	}
	return s, nil
}

func elementArg(op string, args []any, i int, name string) (*vdom.Node, error) {
	if len(args) <= i || args[i] == nil {
		return nil, nil
	}
	el, ok := args[i].(*vdom.Node)
	if !ok {
		return nil, &unit.ArgError{Op: op, Index: i, Name: name, Want: "*vdom.Node", Got: args[i]}
	}
	return el, nil
}

// handlerInfosArg accepts the handlerInfo shapes of specification §2: a
// handler (MethodName, *Func, or a method name string), a HandlerInfo, or a
// slice of them, mixed.
func handlerInfosArg(op string, args []any, i int) ([]HandlerInfo, error) {
	bad := func() error {
		return &unit.ArgError{Op: op, Index: i, Name: "handlerInfo",
			Want: "a method name, a perk.Handler, a perk.HandlerInfo or a slice of them (wrap funcs with perk.NewFunc)", Got: args[i]}
	}
	one := func(v any) (HandlerInfo, bool) {
		switch v := v.(type) {
		case string:
			return HandlerInfo{Handler: MethodName(v)}, true
		case MethodName:
			return HandlerInfo{Handler: v}, true
		case *Func:
			return HandlerInfo{Handler: v}, true
		case HandlerInfo:
			return v, true
		case *HandlerInfo:
			if v != nil {
				return *v, true
			}
		}
		return HandlerInfo{}, false
	}
	var list []any
	switch v := args[i].(type) {
	case []HandlerInfo:
		return v, nil
	case []any:
		list = v
	// The other slices of the shapes above: the doc promises "a slice of
	// them", and only []HandlerInfo, []string and []any were accepted.
	case []string:
		list = anys(v)
	case []MethodName:
		list = anys(v)
	case []*Func:
		list = anys(v)
	case []Handler:
		list = anys(v)
	case []*HandlerInfo:
		list = anys(v)
	default:
		if h, ok := one(args[i]); ok {
			return []HandlerInfo{h}, nil
		}
		return nil, bad()
	}
	out := make([]HandlerInfo, 0, len(list))
	for _, x := range list {
		h, ok := one(x)
		if !ok {
			return nil, fmt.Errorf("%w (element %d is %T)", bad(), len(out), x)
		}
		out = append(out, h)
	}
	return out, nil
}

func anys[T any](v []T) []any {
	out := make([]any, len(v))
	for i, x := range v {
		out[i] = x
	}
	return out
}

// checkArgs returns an ErrBadArguments error when len(args) is outside
// [min, max]; the skills call it first.
func checkArgs(op string, args []any, min, max int) error {
	if len(args) < min || len(args) > max {
		return errkind.Errorf("%s: %w: got %d arguments, want %d to %d", op, unit.ErrBadArguments, len(args), min, max)
	}
	return nil
}
