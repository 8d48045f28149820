package testenv

import (
	"fmt"
	"os"
	"testing"

	"go.uber.org/goleak"
)

// leakRounds is how many times VerifyNone and VerifyTestMain ask goleak
// before they report a leak. Each of goleak's checks retries for about
// 0.4 s, which a goroutine that is ending (a server's connections after
// Close, the goroutine of a timer that fired, a handler a timeout
// abandoned and its test released) can need more than on a busy machine.
// A leaked goroutine stays, so a real leak still fails, after about 8 s.
const leakRounds = 20

// findLeaks calls find until it reports no leak, at most leakRounds times,
// and returns its last error.
func findLeaks(find func() error) error {
	var err error
	for range leakRounds {
		if err = find(); err == nil {
			return nil
		}
	}
	return err
}

// VerifyNone fails t if a goroutine other than the testing package's own
// is running, as goleak.VerifyNone does, waiting longer for goroutines
// that are ending (leakRounds).
func VerifyNone(t testing.TB, opts ...goleak.Option) {
	t.Helper()
	if err := findLeaks(func() error { return goleak.Find(opts...) }); err != nil {
		t.Error(err)
	}
}

// VerifyTestMain runs the tests of m and, when they pass, fails the run if
// a goroutine is left running, as goleak.VerifyTestMain does, waiting
// longer for goroutines that are ending (leakRounds). Call it from
// TestMain.
func VerifyTestMain(m *testing.M, opts ...goleak.Option) {
	code := m.Run()
	if code == 0 {
		if err := findLeaks(func() error { return goleak.Find(opts...) }); err != nil {
			fmt.Fprintf(os.Stderr, "goleak: Errors on successful test run: %v\n", err)
			code = 1
		}
	}
	os.Exit(code)
}
