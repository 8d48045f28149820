package benchop_test

import (
	"errors"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/internal/benchop"
)

// sink keeps allocations on the heap.
var sink []*[64]byte

func allocate(n int) {
	for range n {
		sink = append(sink, new([64]byte))
	}
}

func TestEachReportsTheOperationAlone(t *testing.T) {
	var err error
	r := testing.Benchmark(func(b *testing.B) {
		b.ReportAllocs()
		err = benchop.Each(b,
			func() error { sink = nil; allocate(100); time.Sleep(200 * time.Microsecond); return nil },
			func() error { sink = make([]*[64]byte, 0, 8); allocate(3); return nil },
			func() error { allocate(50); time.Sleep(200 * time.Microsecond); return nil },
		)
	})
	if err != nil {
		t.Fatal(err)
	}
	if r.N == 0 {
		t.Fatal("the benchmark did not run")
	}
	// The set-up and tear-down sleep 400µs per run; the operation
	// allocates four objects and takes a few microseconds.
	if ns := r.NsPerOp(); ns <= 0 || ns > 100_000 {
		t.Errorf("ns/op = %d, want the operation alone (far below the 400µs of set-up and tear-down)", ns)
	}
	if got := r.AllocsPerOp(); got != 4 {
		t.Errorf("allocs/op = %d, want 4 (the slice and three arrays of the operation)", got)
	}
	if got, want := r.AllocedBytesPerOp(), int64(8*8+3*64); got != want {
		t.Errorf("B/op = %d, want %d", got, want)
	}
}

func TestEachStopsAtTheFirstError(t *testing.T) {
	boom := errors.New("boom")
	ok := func() error { return nil }
	fails := func() error { return boom }
	for _, tc := range []struct {
		step                  string
		setup, op, teardown   func() error
		wantSetups, wantTears int
	}{
		{"setup", fails, ok, ok, 1, 0},
		{"op", ok, fails, ok, 1, 0},
		{"teardown", ok, ok, fails, 1, 1},
	} {
		t.Run(tc.step, func(t *testing.T) {
			setups, tears := 0, 0
			var err error
			r := testing.Benchmark(func(b *testing.B) {
				err = benchop.Each(b,
					func() error { setups++; return tc.setup() },
					tc.op,
					func() error { tears++; return tc.teardown() },
				)
			})
			if !errors.Is(err, boom) {
				t.Fatalf("err = %v, want boom", err)
			}
			if want := "benchop: " + tc.step + ": boom"; err.Error() != want {
				t.Errorf("err = %q, want %q", err, want)
			}
			if setups != tc.wantSetups || tears != tc.wantTears {
				t.Errorf("%d setups and %d teardowns, want %d and %d: the runs must stop at the error", setups, tears, tc.wantSetups, tc.wantTears)
			}
			if _, ok := r.Extra["ns/op"]; ok {
				t.Errorf("ns/op reported after an error: %v", r.Extra)
			}
		})
	}
}
