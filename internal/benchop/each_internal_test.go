package benchop

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// fakeProcess stands in for the clock and the allocation counter: only the
// steps move them, so each's figures are known exactly, whatever else the
// test process does.
type fakeProcess struct {
	clock  time.Time
	counts allocCounts
}

func (f *fakeProcess) now() time.Time { return f.clock }

func (f *fakeProcess) read() allocCounts { return f.counts }

// step advances the clock by d and counts n allocations of size bytes.
func (f *fakeProcess) step(d time.Duration, n, size uint64) {
	f.clock = f.clock.Add(d)
	f.counts.mallocs += n
	f.counts.bytes += n * size
}

// TestEachTimesTheOperationAlone runs each with a clock and an allocation
// counter that only the steps move: set-up and tear-down take a
// millisecond each and allocate 100 and 50 objects, the operation takes 5
// µs and allocates 4 objects of 64 bytes. The time and the allocations
// each reports are the operation's alone.
func TestEachTimesTheOperationAlone(t *testing.T) {
	var f fakeProcess
	turns := 0
	loop := func() bool { turns++; return turns <= 10 }
	got, err := each(loop, f.now, f.read,
		func() error { f.step(time.Millisecond, 100, 32); return nil },
		func() error { f.step(5*time.Microsecond, 4, 64); return nil },
		func() error { f.step(time.Millisecond, 50, 16); return nil },
	)
	if err != nil {
		t.Fatal(err)
	}
	want := result{nsPerOp: 5000, allocsPerOp: 4, bytesPerOp: 4 * 64}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(result{})); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

// TestEachIgnoresAllocationsOfOneDisturbedRun: the process's counter also
// moves for allocations the operation does not make (the runtime's own,
// after a garbage collection). One counting run that sees 6 more of them
// leaves the figures the operation's own; the mean of the five runs would
// have made them 5.2 allocations and 332.8 bytes.
func TestEachIgnoresAllocationsOfOneDisturbedRun(t *testing.T) {
	var f fakeProcess
	turns, ops := 0, 0
	loop := func() bool { turns++; return turns <= 10 }
	got, err := each(loop, f.now, f.read,
		func() error { return nil },
		func() error {
			ops++
			f.step(5*time.Microsecond, 4, 64)
			if ops == 10+3 { // the third counting run
				f.step(0, 6, 64)
			}
			return nil
		},
		func() error { return nil },
	)
	if err != nil {
		t.Fatal(err)
	}
	want := result{nsPerOp: 5000, allocsPerOp: 4, bytesPerOp: 4 * 64}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(result{})); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}
