package perk

import (
	"fmt"

	"github.com/eventperk/eventperk-go/internal/errkind"
)

// Sentinels for errors.Is, constants. Each text starts with "perk: ", as
// those of vdom and unit start with their package's name.
const (
	// ErrMethodNotFound: a handler names a method the unit does not have
	// when the event runs.
	ErrMethodNotFound = errkind.Kind("perk: handler is not a function: the unit has no method of that name")
	// ErrNilHandler: a handler is missing, or a *Func has no func, when it
	// is installed.
	ErrNilHandler = errkind.Kind("perk: handler is nil")
	// ErrNestingLimit: triggers nested deeper than the limit.
	ErrNestingLimit = errkind.Kind("perk: trigger nesting limit exceeded")
	// ErrNoEntry: init or reset named an element entry the settings lack.
	ErrNoEntry = errkind.Kind("perk: no such element entry in the settings")
	// ErrNotAttached: the unit has no EventPerk.
	ErrNotAttached = errkind.Kind("perk: unit has no EventPerk")
)

// HandlerError is the error of one handler: what failed, and where.
type HandlerError struct {
	Unit    string // the unit's name
	Element string // the element the handler is on, named as traces name it: "#save", or a short CSS path
	Event   string // the event name
	Handler string // the handler's name
	Order   int
	Err     error // what the handler returned, its work failed with, or a *PanicError
}

func (e *HandlerError) Error() string {
	return fmt.Sprintf("perk: unit %s: %q on %s: handler %q (order %d): %v",
		e.Unit, e.Event, e.Element, e.Handler, e.Order, e.Err)
}

// Unwrap returns the handler's error.
func (e *HandlerError) Unwrap() error { return e.Err }

// PanicError is a handler's panic, recovered.
type PanicError struct {
	Value any
	Stack []byte
}

func (e *PanicError) Error() string { return fmt.Sprintf("panic: %v", e.Value) }

// Unwrap returns the panic value when it is an error.
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}

// NestingError reports a trigger refused at the nesting limit.
type NestingError struct {
	Unit  string
	Event string
	Limit int
}

func (e *NestingError) Error() string {
	return fmt.Sprintf("perk: unit %s: trigger %q: nesting deeper than %d triggers (a handler that triggers itself?)", e.Unit, e.Event, e.Limit)
}

// Is makes errors.Is(err, ErrNestingLimit) true.
func (e *NestingError) Is(target error) bool { return target == ErrNestingLimit }
