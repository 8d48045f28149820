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
func (s *EventSettings) validate(root string, forJSON bool) SettingsErrors {
	var errs SettingsErrors
	add := func(path, format string, args ...any) {
		errs = append(errs, &SettingsError{Path: path, Msg: fmt.Sprintf(format, args...)})
	}
	events := pathKey(root, "events")
	names := make(map[string]bool, len(s.Events))
	for _, entry := range s.Events {
		p := pathKey(events, entry.Name)
		if names[entry.Name] {
			add(events, "duplicate key %s", quoteShort(entry.Name))
		}
		names[entry.Name] = true
		if entry.Name == "" {
			add(p, "empty element name")
		}
		if entry.RootNode != "" {
			if msg := checkRootNode(entry.RootNode); msg != "" {
				add(pathKey(p, "rootNode"), "%s", msg)
			}
		}
		hp := pathKey(p, "handlers")
		if len(entry.Handlers) == 0 {
			add(hp, "no events")
		}
		seen := make(map[string]bool, len(entry.Handlers))
		for _, eh := range entry.Handlers {
			ep := pathKey(hp, eh.Event)
			if seen[eh.Event] {
				add(hp, "duplicate key %s", quoteShort(eh.Event))
			}
			seen[eh.Event] = true
			if eh.Event == "" {
				add(ep, "empty event name")
			}
			if len(eh.Handlers) == 0 {
				add(ep, "no handlers")
			}
			for i, h := range eh.Handlers {
				if msg := handlerProblem(h.Handler, forJSON); msg != "" {
					add(pathKey(handlerPath(ep, i, len(eh.Handlers)), "handler"), "%s", msg)
				}
			}
		}
	}
	return errs
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
