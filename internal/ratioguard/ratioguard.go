// Package ratioguard measures how much slower one piece of code is than
// another on a machine whose speed moves while it runs, for the tests that
// guard the cost of the hot paths (parse against html.Parse, a query
// against cascadia, a trigger against a plain dispatch).
//
// A single timing on a shared machine varies by a factor of two with what
// else runs; a ratio of two timings taken far apart varies as much. Ratio
// takes the two timings close together instead: each round times a batch
// of the baseline and a batch of the code under test back to back (in
// alternating order, so a slowdown that grows or fades within a round
// falls on both alike), and the result is the median of the rounds'
// ratios, so a round that a preemption hit in one half only does not
// move it. Each round starts after a garbage collection, so the garbage of
// one half is not collected in the other. Check then repeats a measurement that falls
// past its bound before failing, so only a ratio that stays past the
// bound fails.
//
// A ratio of timings still depends on the machine, so the guards are
// timing tests (internal/testenv): Check skips unless EVENTPERK_TIMING=1,
// and a plain go test ./... does not run them.
package ratioguard

import (
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/internal/testenv"
)

// Options tunes a measurement; the zero value is the default.
type Options struct {
	// Rounds is the number of rounds (default 21).
	Rounds int
	// Batch is the least duration of one batch of the baseline (default
	// 2ms): long enough that the clock's cost does not count, short
	// enough that a scheduler's time slice often covers both halves.
	Batch time.Duration
}

func (o Options) rounds() int {
	if o.Rounds > 0 {
		return o.Rounds
	}
	return 21
}

func (o Options) batch() time.Duration {
	if o.Batch > 0 {
		return o.Batch
	}
	return 2 * time.Millisecond
}

// Ratio returns the median over the rounds of the time of code divided
// by the time of base, both run the same number of times per batch, and
// that number. base and code each do one unit of work per call.
func Ratio(opts Options, base, code func()) (ratio float64, perBatch int) {
	// Warm up both (caches, pools, lazily built tables), then find how
	// many calls of base fill a batch.
	base()
	code()
	n := 1
	for {
		start := time.Now()
		for range n {
			base()
		}
		if d := time.Since(start); d >= opts.batch() || n >= 1<<24 {
			break
		}
		n *= 2
	}
	ratios := make([]float64, 0, opts.rounds())
	for r := range opts.rounds() {
		// Each round starts on a collected heap, so that a collection
		// the other half's garbage set off does not land in this half
		// (on two cores under load, its mark phase can span rounds).
		runtime.GC()
		var tb, tc time.Duration
		if r%2 == 0 {
			tb, tc = timeN(n, base), timeN(n, code)
		} else {
			tc, tb = timeN(n, code), timeN(n, base)
		}
		ratios = append(ratios, float64(tc)/float64(max(tb, 1)))
	}
	slices.Sort(ratios)
	return ratios[len(ratios)/2], n
}

func timeN(n int, f func()) time.Duration {
	start := time.Now()
	for range n {
		f()
	}
	return time.Since(start)
}

// Attempts is how many measurements Check makes before it fails.
const Attempts = 3

// Check measures the ratio of code to base with Ratio and fails t when it
// is above bound in each of Attempts measurements. what names the ratio
// in the failure, which gives every measurement. It logs the ratio it
// accepts. t must be a timing test (testenv.SkipUnlessTiming), which Check
// skips unless EVENTPERK_TIMING=1.
func Check(t testing.TB, what string, bound float64, opts Options, base, code func()) {
	t.Helper()
	testenv.SkipUnlessTiming(t)
	check(t, what, bound, func() (float64, int) { return Ratio(opts, base, code) })
}

// check is Check with the measurement passed in: measure returns a ratio
// and the calls per batch it was measured with.
func check(t testing.TB, what string, bound float64, measure func() (ratio float64, perBatch int)) {
	t.Helper()
	var seen []float64
	for attempt := range Attempts {
		r, n := measure()
		if r <= bound {
			t.Logf("%s: %.3f (bound %.2f, %d calls per batch, measurement %d)", what, r, bound, n, attempt+1)
			return
		}
		seen = append(seen, r)
	}
	t.Errorf("%s: the ratio was %.3f in %d measurements, above its bound %.2f: "+
		"the code under test costs more against its baseline than it did when the bound was set "+
		"(see docs/performance.md, \"Regression guard\")", what, seen, Attempts, bound)
}
