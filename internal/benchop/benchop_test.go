package benchop_test

import (
	"errors"
	"flag"
	"testing"

	"github.com/eventperk/eventperk-go/internal/benchop"
)

// TestEachReportsTheOperationAlone runs Each in a real benchmark of ten
// turns: the figures the benchmark reports are Each's, the operation's
// allocations alone (TestEachTimesTheOperationAlone checks the time and
// the counts with a clock and a counter whose readings it knows; a real
// clock's would depend on the machine).
func TestEachReportsTheOperationAlone(t *testing.T) {
	setBenchtime(t, "10x")
	var sink []*[64]byte
	allocate := func(n int) {
		for range n {
			sink = append(sink, new([64]byte))
		}
	}
	var err error
	turns := 0
	r := testing.Benchmark(func(b *testing.B) {
		b.ReportAllocs()
		err = benchop.Each(b,
			func() error { sink = nil; allocate(100); return nil },
			func() error { sink = make([]*[64]byte, 0, 8); allocate(3); turns++; return nil },
			func() error { allocate(50); return nil },
		)
	})
	if err != nil {
		t.Fatal(err)
	}
	if r.N == 0 || turns == 0 {
		t.Fatalf("the benchmark did not run (N %d, %d turns)", r.N, turns)
	}
	if _, ok := r.Extra["ns/op"]; !ok || r.NsPerOp() <= 0 {
		t.Errorf("ns/op = %d (%v): want Each's figure, above 0", r.NsPerOp(), r.Extra)
	}
	if got := r.AllocsPerOp(); got != 4 {
		t.Errorf("allocs/op = %d, want 4 (the slice and three arrays of the operation)", got)
	}
	if got, want := r.AllocedBytesPerOp(), int64(8*8+3*64); got != want {
		t.Errorf("B/op = %d, want %d", got, want)
	}
}

// setBenchtime sets -test.benchtime, which testing.Benchmark reads, for
// the rest of t.
func setBenchtime(t *testing.T, v string) {
	t.Helper()
	f := flag.Lookup("test.benchtime")
	if f == nil {
		t.Fatal("no -test.benchtime flag")
	}
	old := f.Value.String()
	if err := f.Value.Set(v); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Value.Set(old) })
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
