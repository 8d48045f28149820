// Package errkind is the type of this module's sentinel errors. A sentinel
// is a constant of type Kind, so no program can reassign it, and its text
// starts with its package's name ("unit: unit stopped"), so a sentinel
// printed on its own says where it comes from. Errors that wrap a sentinel
// already start with the package's name and its context; Errorf prints
// the sentinel there without its prefix, so the name is not repeated.
package errkind

import (
	"fmt"
	"strings"
)

// Kind is a sentinel error. Two Kinds are the same error when their texts
// are equal: each text must be unique in the module.
type Kind string

func (k Kind) Error() string { return string(k) }

// Bare returns the text without its package prefix ("unit stopped").
func (k Kind) Bare() string {
	if _, rest, ok := strings.Cut(string(k), ": "); ok {
		return rest
	}
	return string(k)
}

// Errorf is fmt.Errorf, except that each Kind among args prints as its
// Bare text; errors.Is still finds it.
func Errorf(format string, args ...any) error {
	for i, a := range args {
		if k, ok := a.(Kind); ok {
			args[i] = bare{k}
		}
	}
	return fmt.Errorf(format, args...)
}

type bare struct{ k Kind }

func (b bare) Error() string { return b.k.Bare() }
func (b bare) Unwrap() error { return b.k }
