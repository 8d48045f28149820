package benchop

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// sink keeps allocations on the heap.
var sink []*[64]byte

func allocate(n int) {
	for range n {
		sink = append(sink, new([64]byte))
	}
}

// TestEachTimesTheOperationAlone runs each with a clock that only the
// steps move: set-up and tear-down take a millisecond each, the operation
// 5 µs. The time each reports is the operation's alone, and the
// allocations are those of the operation (its slice and three arrays),
// not of the set-up and tear-down, which allocate far more.
func TestEachTimesTheOperationAlone(t *testing.T) {
	clock := time.Unix(0, 0)
	now := func() time.Time { return clock }
	turns := 0
	loop := func() bool { turns++; return turns <= 10 }
	got, err := each(loop, now,
		func() error { sink = nil; allocate(100); clock = clock.Add(time.Millisecond); return nil },
		func() error {
			sink = make([]*[64]byte, 0, 8)
			allocate(3)
			clock = clock.Add(5 * time.Microsecond)
			return nil
		},
		func() error { allocate(50); clock = clock.Add(time.Millisecond); return nil },
	)
	if err != nil {
		t.Fatal(err)
	}
	want := result{nsPerOp: 5000, allocsPerOp: 4, bytesPerOp: 8*8 + 3*64}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(result{})); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}
