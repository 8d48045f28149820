package unit_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// Constants: this does not compile if a sentinel is a variable.
const (
	_ = unit.ErrUnknownSkill
	_ = unit.ErrUnknownSpell
	_ = unit.ErrDuplicateName
	_ = unit.ErrBadArguments
	_ = unit.ErrUnitExists
	_ = unit.ErrNotStarted
	_ = unit.ErrAlreadyStarted
	_ = unit.ErrStopped
	_ = unit.ErrNoPerks
	_ = unit.ErrNotElement
)

func TestSentinelPrefix(t *testing.T) {
	for _, s := range []error{
		unit.ErrUnknownSkill, unit.ErrUnknownSpell, unit.ErrDuplicateName, unit.ErrBadArguments,
		unit.ErrUnitExists, unit.ErrNotStarted, unit.ErrAlreadyStarted, unit.ErrStopped,
		unit.ErrNoPerks, unit.ErrNotElement,
	} {
		if !strings.HasPrefix(s.Error(), "unit: ") {
			t.Errorf("sentinel %q does not start with the package name", s)
		}
	}
	// A wrapped sentinel does not repeat the package name.
	doc := vdom.ParseString(`<main id="app"></main>`)
	u, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{})
	if err != nil {
		t.Fatal(err)
	}
	err = u.Use(context.Background(), "nope")
	if !errors.Is(err, unit.ErrUnknownSkill) {
		t.Fatalf("Use: %v, want ErrUnknownSkill", err)
	}
	if strings.Contains(err.Error(), "unit: ") {
		t.Errorf("message %q names the package more than once", err)
	}
}
