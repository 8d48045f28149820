package testenv

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// The environment variables that turn the optional tests on, and the name
// prefix every timing test has.
const (
	LongVar      = "EVENTPERK_LONG"
	TimingVar    = "EVENTPERK_TIMING"
	TimingPrefix = "TestGuard"
)

// switchOn reports whether the environment variable name is set to a true
// value ("1", "true"); unset or empty is off. A value that is neither true
// nor false fails t, so that a misspelt switch does not pass for a run
// that checked everything.
func switchOn(t testing.TB, name string) bool {
	t.Helper()
	v := os.Getenv(name)
	if v == "" {
		return false
	}
	on, err := strconv.ParseBool(v)
	if err != nil {
		t.Fatalf("testenv: %s=%q: want 1 (on) or 0 (off)", name, v)
	}
	return on
}

// Long reports whether the long tests run: EVENTPERK_LONG=1, and -short
// not given. A test that only changes its size with it should say in its
// log which size it ran.
func Long(t testing.TB) bool {
	t.Helper()
	return switchOn(t, LongVar) && !testing.Short()
}

// SkipUnlessLong skips t unless Long reports true. why says what the test
// does and which test runs the same checks at a smaller size.
func SkipUnlessLong(t testing.TB, why string) {
	t.Helper()
	if !Long(t) {
		t.Skipf("%s; set %s=1 to run it", why, LongVar)
	}
}

// SkipUnlessTiming skips t unless EVENTPERK_TIMING=1, and always under the
// race detector. A timing test whose name does not start with TestGuard
// fails instead: the timing step selects the timing tests by that prefix,
// and would leave it out.
func SkipUnlessTiming(t testing.TB) {
	t.Helper()
	if !strings.HasPrefix(t.Name(), TimingPrefix) {
		t.Fatalf("testenv: %s measures time, so its name must start with %s (the timing step runs -run '^%s')", t.Name(), TimingPrefix, TimingPrefix)
	}
	if Race {
		t.Skip("timings under the race detector say nothing about the code")
	}
	if !switchOn(t, TimingVar) {
		t.Skipf("measures time, which depends on the machine's load; set %s=1 to run it", TimingVar)
	}
}
