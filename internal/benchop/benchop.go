// Package benchop times one operation that needs a fresh set-up before each
// run and a tear-down after it, such as starting a unit (a new unit each
// time, stopped afterwards), inside a Go benchmark.
//
// The testing package's way, b.StopTimer and b.StartTimer around the
// set-up and tear-down, changes what it measures: both read the memory
// statistics, and runtime.ReadMemStats stops the world and empties every
// per-CPU allocation cache (it flushes the mcaches to make its counts
// exact). Each timed operation then starts with empty caches and takes
// the allocator's slow path for the first object of every size it
// allocates, which no program sees and which made starting a unit with
// 100 entries measure about 40% slower than it runs. The JavaScript side
// of the comparison (bench/js) times such an operation with the clock
// around it, and Each does the same.
//
// LoopCPU runs a benchmark's loop and reports the process's CPU time per
// operation (CPU, cputime_unix.go) beside the wall time, which on a
// machine shared with other work includes the waits for a core.
package benchop

import (
	"fmt"
	"runtime"
	"slices"
	"testing"
	"time"
)

// allocRuns is how many extra runs count the operation's allocations.
const allocRuns = 5

// Each runs b.Loop; each turn runs setup, then op timed by the clock, then
// teardown. It reports op alone as the benchmark's ns/op, allocs/op and
// B/op (b.ReportMetric overrides the testing package's own figures, which
// include the set-up and tear-down); the allocations are counted in a few
// more runs after the timed ones, with runtime.ReadMemStats around op, and
// the median run's count is reported.
//
// The median, not the mean: runtime.ReadMemStats counts the allocations of
// the whole process, and the runtime allocates on its own now and then (a
// garbage collection that ends during op, the work it leaves for other
// goroutines: 6 runs in 200,000 of a 4-allocation op in a test). A mean over five
// runs turned one such run of 10 allocations into 5.2 allocs/op for an op
// that makes 4; the median stays the op's own count unless most runs are
// disturbed.
//
// The first error stops the runs and is returned, naming the step
// ("setup", "op" or "teardown"); nothing is reported then. The caller
// fails the benchmark with it.
func Each(b *testing.B, setup, op, teardown func() error) error {
	b.ReportAllocs() // so that go test prints them
	r, err := each(b.Loop, time.Now, readMemStats, setup, op, teardown)
	if err != nil {
		return err
	}
	b.ReportMetric(r.nsPerOp, "ns/op")
	b.ReportMetric(r.allocsPerOp, "allocs/op")
	b.ReportMetric(r.bytesPerOp, "B/op")
	return nil
}

// result is what Each reports.
type result struct {
	nsPerOp, allocsPerOp, bytesPerOp float64
}

// allocCounts is what a counting run reads before and after op: the
// process's allocations so far, and their bytes.
type allocCounts struct{ mallocs, bytes uint64 }

func readMemStats() allocCounts {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return allocCounts{m.Mallocs, m.TotalAlloc}
}

// each is Each with the benchmark's loop, the clock and the allocation
// counter passed in, so that a test can give it readings it knows.
func each(loop func() bool, now func() time.Time, counts func() allocCounts, setup, op, teardown func() error) (result, error) {
	var timed time.Duration
	n := 0
	for loop() {
		if err := setup(); err != nil {
			return result{}, stepError("setup", err)
		}
		start := now()
		err := op()
		timed += now().Sub(start)
		if err != nil {
			return result{}, stepError("op", err)
		}
		if err := teardown(); err != nil {
			return result{}, stepError("teardown", err)
		}
		n++
	}
	var mallocs, bytes [allocRuns]uint64
	for i := range allocRuns {
		if err := setup(); err != nil {
			return result{}, stepError("setup", err)
		}
		before := counts()
		err := op()
		after := counts()
		if err != nil {
			return result{}, stepError("op", err)
		}
		mallocs[i] = after.mallocs - before.mallocs
		bytes[i] = after.bytes - before.bytes
		if err := teardown(); err != nil {
			return result{}, stepError("teardown", err)
		}
	}
	return result{
		nsPerOp:     float64(timed.Nanoseconds()) / float64(max(n, 1)),
		allocsPerOp: median(mallocs),
		bytesPerOp:  median(bytes),
	}, nil
}

// median returns the middle one of the counting runs' figures (allocRuns
// is odd).
func median(runs [allocRuns]uint64) float64 {
	slices.Sort(runs[:])
	return float64(runs[allocRuns/2])
}

func stepError(step string, err error) error {
	return fmt.Errorf("benchop: %s: %w", step, err)
}
