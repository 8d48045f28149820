package perk

import (
	"errors"
	"fmt"

	"github.com/eventperk/eventperk-go/selector"
)

// Validate checks settings built in Go with the rules DecodeEventSettings
// applies to JSON, and reports the problems with the same paths and
// messages, so that a mistake reads the same whichever way the settings were
// made. It returns nil or a SettingsErrors holding every problem:
//
//   - an empty element name or event name;
//   - two entries with one name, or two EventHandlers with one event in an
//     entry ("duplicate key", reported at the object holding them): the
//     second would be indistinguishable to init and reset;
//   - an invalid RootNode selector ("this" is valid, and an empty RootNode
//     means none);
//   - an entry without events, or an event without handlers;
//   - a nil Handler, an empty MethodName, a nil *Func or a *Func without a
//     func: each would fail only when the event runs.
//
// Options, Order and ListenerOptions are not checked: every value is valid.
//
// Handlers are named as MarshalJSON writes them: "click.handler" when the
// event has one handler, "click[1].handler" when it has several. A nil
// *EventSettings is valid and declares nothing.
func (s *EventSettings) Validate() error {
	if s == nil {
		return nil
	}
	return s.validate("event", false).err()
}

// validate returns the problems of s; root starts the paths. forJSON also
// rejects *Func handlers, which have no JSON form.
//
// Settings are validated whenever a unit attaches its EventPerk, and are
// almost always valid: paths are built only for a problem found, and the
// duplicate checks use no map for the usual handful of names.
func (s *EventSettings) validate(root string, forJSON bool) SettingsErrors {
	var errs SettingsErrors
	add := func(path, format string, args ...any) {
		errs = append(errs, &SettingsError{Path: path, Msg: fmt.Sprintf(format, args...)})
	}
	events := func() string { return pathKey(root, "events") }
	names := dupCheck{n: len(s.Events)}
	for i := range s.Events {
		entry := &s.Events[i]
		p := func() string { return pathKey(events(), entry.Name) }
		if names.seen(entry.Name, i, func(j int) string { return s.Events[j].Name }) {
			add(events(), "duplicate key %s", quoteShort(entry.Name))
		}
		if entry.Name == "" {
			add(p(), "empty element name")
		}
		if entry.RootNode != "" {
			if msg := checkRootNode(entry.RootNode); msg != "" {
				add(pathKey(p(), "rootNode"), "%s", msg)
			}
		}
		hp := func() string { return pathKey(p(), "handlers") }
		if len(entry.Handlers) == 0 {
			add(hp(), "no events")
		}
		seen := dupCheck{n: len(entry.Handlers)}
		for k := range entry.Handlers {
			eh := &entry.Handlers[k]
			ep := func() string { return pathKey(hp(), eh.Event) }
			if seen.seen(eh.Event, k, func(j int) string { return entry.Handlers[j].Event }) {
				add(hp(), "duplicate key %s", quoteShort(eh.Event))
			}
			if eh.Event == "" {
				add(ep(), "empty event name")
			}
			if len(eh.Handlers) == 0 {
				add(ep(), "no handlers")
			}
			for i, h := range eh.Handlers {
				if msg := handlerProblem(h.Handler, forJSON); msg != "" {
					add(pathKey(handlerPath(ep(), i, len(eh.Handlers)), "handler"), "%s", msg)
				}
			}
		}
	}
	return errs
}

// dupCheckLinear is how many names a dupCheck compares one by one before it
// keeps a set.
const dupCheckLinear = 16

// dupCheck finds names that occur more than once in a list, visited in
// order: name i is compared with the earlier names while they are few,
// and looked up in a set of them after that.
type dupCheck struct {
	n   int // the length of the list
	set map[string]struct{}
}

// seen reports whether name, the i-th of the list, occurred before it;
// at(j) is the j-th name.
func (d *dupCheck) seen(name string, i int, at func(j int) string) bool {
	if i < dupCheckLinear {
		for j := range i {
			if at(j) == name {
				return true
			}
		}
		return false
	}
	if d.set == nil {
		d.set = make(map[string]struct{}, d.n)
		for j := range i {
			d.set[at(j)] = struct{}{}
		}
	}
	_, dup := d.set[name]
	d.set[name] = struct{}{}
	return dup
}

// handlerPath is the path of handler i of n for one event: a lone handler
// has no index, as it is written without an array.
func handlerPath(path string, i, n int) string {
	if n == 1 {
		return path
	}
	return pathIndex(path, i)
}

// handlerProblem says what is wrong with a handler reference, or "".
func handlerProblem(h Handler, forJSON bool) string {
	switch h := h.(type) {
	case nil:
		return "nil handler"
	case MethodName:
		if h == "" {
			return "empty handler name"
		}
	case *Func:
		switch {
		case h == nil:
			return "nil *Func"
		case h.fn == nil:
			return fmt.Sprintf("*Func %s has no func", quoteShort(h.name))
		case forJSON:
			return fmt.Sprintf("*Func %s cannot be written as JSON; only a MethodName can", quoteShort(h.name))
		}
	}
	return ""
}

// checkRootNode says why sel cannot be a rootNode, or "". Selectors are
// compiled now, not when the unit starts, so that a typo in a settings file
// is reported with its path instead of as a failed query later.
func checkRootNode(sel string) string {
	if sel == "this" {
		return ""
	}
	_, err := selector.Compile(sel)
	if err == nil {
		return ""
	}
	var se *selector.Error
	if errors.As(err, &se) {
		return fmt.Sprintf("invalid selector %s at offset %d: %s", quoteShort(sel), se.Offset, se.Reason)
	}
	return "invalid selector: " + err.Error()
}
