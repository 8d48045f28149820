package perk_test

import (
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/perk"
)

// Constants: this does not compile if a sentinel is a variable.
const (
	_ = perk.ErrMethodNotFound
	_ = perk.ErrNilHandler
	_ = perk.ErrNestingLimit
	_ = perk.ErrNoEntry
	_ = perk.ErrNotAttached
	_ = perk.ErrInvalidSettings
)

func TestSentinelPrefix(t *testing.T) {
	for _, s := range []error{perk.ErrMethodNotFound, perk.ErrNilHandler, perk.ErrNestingLimit,
		perk.ErrNoEntry, perk.ErrNotAttached, perk.ErrInvalidSettings} {
		if !strings.HasPrefix(s.Error(), "perk: ") {
			t.Errorf("sentinel %q does not start with the package name", s)
		}
	}
}
