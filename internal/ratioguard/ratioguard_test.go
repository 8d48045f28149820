package ratioguard_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/internal/ratioguard"
	"github.com/eventperk/eventperk-go/internal/testenv"
)

// The tests here time real code, so they are timing tests: they run with
// EVENTPERK_TIMING=1 (internal/testenv). check_internal_test.go checks
// Check's decisions on scripted measurements in every run.

var sink uint64

// work does a fixed amount of arithmetic the compiler cannot drop.
func work() {
	x := sink | 1
	for i := range 2000 {
		x = x*6364136223846793005 + uint64(i)
	}
	sink = x
}

// TestGuardRatioSeesDoubling checks the method the guards rely on: code
// that does the baseline's work twice measures about 2, the same code
// about 1.
func TestGuardRatioSeesDoubling(t *testing.T) {
	testenv.SkipUnlessTiming(t)
	opts := ratioguard.Options{Rounds: 15, Batch: time.Millisecond}
	same, _ := ratioguard.Ratio(opts, work, work)
	double, _ := ratioguard.Ratio(opts, work, func() { work(); work() })
	t.Logf("same %.3f, doubled %.3f", same, double)
	if same < 0.67 || same > 1.5 {
		t.Errorf("the ratio of code to itself is %.3f, want about 1", same)
	}
	if double < 1.5 || double > 2.7 {
		t.Errorf("the ratio of twice the work is %.3f, want about 2", double)
	}
}

// recorder is the test's testing.TB, keeping what Check reports instead
// of reporting it.
type recorder struct {
	testing.TB
	errors, logs []string
}

func (r *recorder) Helper()                   {}
func (r *recorder) Errorf(f string, a ...any) { r.errors = append(r.errors, fmt.Sprintf(f, a...)) }
func (r *recorder) Logf(f string, a ...any)   { r.logs = append(r.logs, fmt.Sprintf(f, a...)) }

// TestGuardCheckFailsPastTheBound checks that Check, on real timings,
// fails a ratio that stays past its bound, naming it and every
// measurement, and passes one within.
func TestGuardCheckFailsPastTheBound(t *testing.T) {
	testenv.SkipUnlessTiming(t)
	opts := ratioguard.Options{Rounds: 5, Batch: 200 * time.Microsecond}
	twice := func() { work(); work() }
	r := recorder{TB: t}
	ratioguard.Check(&r, "twice against once", 1.3, opts, work, twice)
	if len(r.errors) != 1 || !strings.Contains(r.errors[0], "twice against once") || !strings.Contains(r.errors[0], "3 measurements") {
		t.Fatalf("Check of a doubled cost against bound 1.3 reported %q, want one failure naming the ratio", r.errors)
	}
	r = recorder{TB: t}
	ratioguard.Check(&r, "twice against once", 4, opts, work, twice)
	if len(r.errors) != 0 || len(r.logs) != 1 {
		t.Fatalf("Check within the bound reported errors %q, logs %q; want no error and one log", r.errors, r.logs)
	}
}

// TestGuardCheckSkipsWithoutTheSwitch: without EVENTPERK_TIMING=1 Check
// skips the test and measures nothing (its name is a guard's, as Check
// asks of every test that calls it; it runs in every run).
func TestGuardCheckSkipsWithoutTheSwitch(t *testing.T) {
	t.Setenv(testenv.TimingVar, "")
	ran := false
	t.Run("guard", func(t *testing.T) {
		ratioguard.Check(t, "never", 1, ratioguard.Options{}, work, func() { ran = true })
		t.Error("Check returned: it must skip the test")
	})
	if ran {
		t.Error("Check ran the code without EVENTPERK_TIMING=1")
	}
}
