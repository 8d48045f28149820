package errkind

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const errTest = Kind("pkg: something failed")

func TestErrorf(t *testing.T) {
	err := Errorf("pkg thing: %w (detail)", errTest)
	if diff := cmp.Diff("pkg thing: something failed (detail)", err.Error()); diff != "" {
		t.Errorf("message mismatch (-want +got):\n%s", diff)
	}
	if !errors.Is(err, errTest) {
		t.Errorf("errors.Is(%v, errTest) = false", err)
	}
	if errors.Is(err, Kind("pkg: other")) {
		t.Errorf("matches another kind")
	}
	if diff := cmp.Diff("pkg: something failed", errTest.Error()); diff != "" {
		t.Errorf("sentinel text mismatch (-want +got):\n%s", diff)
	}
}
